"""Ratings: openskill's Weng-Lin (Plackett-Luce) model over a finished game's sides.

A rated game gives each side (a team of people, or one person) a place: 1 for the winners,
2 for the others (all 1 in a draw). Each person's rating (``mu``, ``sigma``) is kept per
server and per *family* (a game kind and its variant family: ``loka-4``, ``loa``...). What
is shown is the conservative estimate ``mu - 3 sigma`` (openskill's ``ordinal``), scaled
so that a newcomer starts at 0 and a typical range reads like a familiar rating.

Pure: storage calls :func:`rate` inside the transaction that saves the game's end, so a
rating never moves without its game, nor twice for one game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
SHOWN_SCALE = 40.0  # points shown per unit of ordinal: a newcomer 0, a strong player 1,000+


class Rating(NamedTuple):
    """A person's rating in one family on one server."""

    family: str
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int


class Played(NamedTuple):
    """One rated game of a person: its place (1 best) and the rating after it."""

    game_id: str
    family: str
    place: int
    mu: float
    sigma: float
    at: float
    drawn: bool = False  # nobody lost: a draw (place 1 then says no win)


class Standing(NamedTuple):
    """A person after a rated game: the rating it gave them, their place, and whether it
    was a win (first place in a game someone lost)."""

    user_id: int
    mu: float
    sigma: float
    place: int
    won: bool


@dataclass(frozen=True)
class Result:
    """A rated game's end, as storage writes it: the server, the family, the sides in
    order with their people, and each side's place (1 best)."""

    guild_id: int
    family: str
    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    names: Mapping[int, str]

    @property
    def people(self) -> list[int]:
        return [user for side in self.sides for user in side]


def rate(
    result: Result, current: Mapping[int, tuple[float, float]]
) -> dict[int, tuple[float, float]]:
    """Each person's ``(mu, sigma)`` after ``result``, from ``current`` (a person without
    one starts at openskill's default). A person on two sides (never at a table) would be
    rated once, by their first side."""
    teams = [
        [MODEL.rating(*current.get(user, START), name=str(user)) for user in side]
        for side in result.sides
    ]
    rated = MODEL.rate(teams, ranks=[float(p) for p in result.places])
    after: dict[int, tuple[float, float]] = {}
    for side, team in zip(result.sides, rated, strict=True):
        for user, rating in zip(side, team, strict=True):
            after.setdefault(user, (rating.mu, rating.sigma))
    return after


def standings(result: Result, current: Mapping[int, tuple[float, float]]) -> list[Standing]:
    """Each rated person of ``result`` after it (:func:`rate` from ``current``), as storage
    writes them: their new rating, place and win."""
    place = {u: p for side, p in zip(result.sides, result.places, strict=True) for u in side}
    decided = len(set(result.places)) > 1  # a draw is nobody's win
    return [
        Standing(user, mu, sigma, place[user], decided and place[user] == 1)
        for user, (mu, sigma) in rate(result, current).items()
    ]


def best_of_each_family(ratings: Iterable[Rating], limit: int) -> list[Rating]:
    """The first ``limit`` of each family in ``ratings`` (sorted best first within each
    family), the families in the order they come."""
    kept: dict[str, list[Rating]] = {}
    for rating in ratings:
        family = kept.setdefault(rating.family, [])
        if len(family) < limit:
            family.append(rating)
    return [rating for family in kept.values() for rating in family]


def shown(mu: float, sigma: float) -> int:
    """The rating a player reads: the conservative estimate, scaled (a newcomer: 0)."""
    return round((mu - 3 * sigma) * SHOWN_SCALE)


def places(sides: Sequence[Sequence[str]], winners: frozenset[str] | set[str]) -> tuple[int, ...]:
    """Each side's place from the game's winning seats: 1 if it holds a winner, else 2;
    a draw (no winner) puts every side first."""
    if not winners:
        return tuple(1 for _ in sides)
    return tuple(1 if set(side) & set(winners) else 2 for side in sides)
