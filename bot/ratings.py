"""Ratings: openskill's Weng-Lin (Plackett-Luce) model over a finished game's sides.

A rated game gives each side (a team of people, or one person) a place: 1 for the winners,
2 for the others (all 1 in a draw). Each person's rating (``mu``, ``sigma``) is kept per
server and per *family* (a game kind and its variant family: ``loka-4``, ``loa``...). What
is shown is the conservative estimate ``mu - 3 sigma`` (openskill's ``ordinal``), scaled
so that a newcomer starts at 0 and a typical range reads like a familiar rating.

Pure: storage calls :func:`rate` inside the transaction that saves the game's end, so a
rating never moves without its game, nor twice for one game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
SHOWN_SCALE = 40.0  # points shown per unit of ordinal: a newcomer 0, a strong player 1,000+


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


def shown(mu: float, sigma: float) -> int:
    """The rating a player reads: the conservative estimate, scaled (a newcomer: 0)."""
    return round((mu - 3 * sigma) * SHOWN_SCALE)


def places(sides: Sequence[Sequence[str]], winners: frozenset[str] | set[str]) -> tuple[int, ...]:
    """Each side's place from the game's winning seats: 1 if it holds a winner, else 2;
    a draw (no winner) puts every side first."""
    if not winners:
        return tuple(1 for _ in sides)
    return tuple(1 if set(side) & set(winners) else 2 for side in sides)
