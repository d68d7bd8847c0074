"""The standings of a tournament (issue 35): points, then tie-breaks.

2-player games: a win 1, a draw 1/2, a loss 0, a bye 1 (:func:`~bot.tournaments.model.bye_points`);
ties broken by Buchholz (the sum of one's opponents' points), then Sonneborn-Berger (the sum
of the points of the opponents one beat, and half those of the ones one drew). At N-player
tables: points by place (:func:`place_points`), then opponents' points (at each table, the
mean points of the others there, summed over the rounds: a table of 4 counts as much as one
game of 2).

Byes in the tie-breaks: a bye counts as an opponent with the player's own points in Buchholz
and opponents' points (FIDE's tie-break rules treat an unplayed round so, so that a bye
neither helps nor harms), and as nothing in Sonneborn-Berger (it beat no one). Only finished
games count (an awarded game as its award says); a late joiner's missed rounds count nothing,
and a withdrawn player keeps their games, their points and their place in the table.

Pure: the rows come from the records alone, so any round's table can be recomputed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from bot.tournaments.model import Entrant, Game, Tournament, bye_points

BUCHHOLZ, SONNEBORN_BERGER, OPPONENTS = "buchholz", "sonneborn_berger", "opponents"


@dataclass(frozen=True)
class Row:
    """One line of the standings. ``tiebreak_names`` are catalog names
    (``tournament.tiebreak.<name>``); the user id is for the bot, the name for people."""

    rank: int  # shared when points and every tie-break are equal
    user_id: int
    name: str
    points: float
    played: int  # rounds with a result, byes included
    tiebreaks: tuple[float, ...]
    tiebreak_names: tuple[str, ...]
    withdrawn: bool = False


def place_points(table_size: int, places: Sequence[int]) -> tuple[float, ...]:
    """Points per seat from places (1 = first; equal numbers share a place, so a team's two
    winners, or a draw, can be 1, 1). Last place 0, each place above one more: 4 players
    3/2/1/0, 3 players 2/1/0, 2 players 1/0. Players who share places share those places'
    points (a team of two winners at 4: 2.5 each, the other two 0.5; a draw at 2: 0.5 each).
    Only the order of the numbers counts: (1, 2, 2, 4) and (1, 2, 2, 3) are the same.

    ``table_size`` is the tournament's: a smaller table (Inka at 3 in a tournament of 4)
    has its points scaled so that its first place gets as much as a full table's first and
    the mean stays the same, (table_size - 1) / 2. One seat alone is a bye."""
    n = len(places)
    if n == 1:
        return (bye_points(table_size),)
    scale = (max(table_size, n) - 1) / (n - 1)
    order = sorted(range(n), key=lambda i: places[i])
    points = [0.0] * n
    start = 0
    while start < n:
        end = start
        while end < n and places[order[end]] == places[order[start]]:
            end += 1
        shared = sum(n - 1 - position for position in range(start, end)) / (end - start)
        for position in range(start, end):
            points[order[position]] = shared * scale
        start = end
    return tuple(points)


def standings(t: Tournament, entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Row]:
    """Every entrant's row, best first (then by name): points, then the tie-breaks of the
    tournament's kind of game (see the module's text)."""
    names = {e.user_id: e.name for e in entrants}
    points: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    finished = [g for g in games if g.points is not None and all(p in names for p in g.seats)]
    for game in finished:
        for user, got in zip(game.seats, game.points or (), strict=True):
            points[user] += got
            played[user] += 1
    pairs = t.table_size == 2
    breaks: dict[int, list[float]] = {e.user_id: [0.0, 0.0] if pairs else [0.0] for e in entrants}
    for game in finished:
        if game.is_bye:
            breaks[game.seats[0]][0] += points[game.seats[0]]
            continue
        for user, got in zip(game.seats, game.points or (), strict=True):
            others = [points[o] for o in game.seats if o != user]
            if pairs:
                breaks[user][0] += others[0]
                breaks[user][1] += got * others[0]
            else:
                breaks[user][0] += sum(others) / len(others)
    tiebreak_names = (BUCHHOLZ, SONNEBORN_BERGER) if pairs else (OPPONENTS,)

    def key(e: Entrant) -> tuple[float, ...]:
        return tuple(-round(v, 6) for v in (points[e.user_id], *breaks[e.user_id]))

    ordered = sorted(entrants, key=lambda e: (key(e), e.name.casefold(), e.user_id))
    rows: list[Row] = []
    for index, e in enumerate(ordered):
        rank = rows[-1].rank if rows and key(ordered[index - 1]) == key(e) else index + 1
        rows.append(
            Row(
                rank=rank,
                user_id=e.user_id,
                name=e.name,
                points=points[e.user_id],
                played=played[e.user_id],
                tiebreaks=tuple(breaks[e.user_id]),
                tiebreak_names=tiebreak_names,
                withdrawn=e.withdrawn_round is not None,
            )
        )
    return rows
