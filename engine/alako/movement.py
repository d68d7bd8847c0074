"""Where the knight, the horse and the princess may go (RULINGS 5).

A move goes exactly as many squares as the spin gave (doubled for a riding knight) in one
compass direction. Every square it passes or ends on must be free; it may not cross a
segment holding a wall or a tower (the ladder is the only way over a wall); only the horse,
alone or ridden, enters the river (a knight on foot crosses at the bridge); the princess
stays in her own half. A move may end on the mover's own horse (or knight) to mount, and a
knight's move on the enemy princess wins.

A knight up a ladder comes down on the first spin of 1 or 2 that lets him (RULINGS 5: "la
prochaine fois qu'il pourra avancer"): then the descent is the only move; on a spin that
cannot bring him down, the other pieces move as usual."""

from __future__ import annotations

from dataclasses import dataclass

from engine.alako.actions import Climb, Dismount, Move
from engine.alako.board import DIRECTIONS, Segment, between, in_half, is_river, step
from engine.alako.lines import blocked_segments
from engine.alako.state import WALL_PIECE, AlakoState

KNIGHT, HORSE, PRINCESS = "knight", "horse", "princess"


@dataclass(frozen=True, slots=True)
class Path:
    """A legal move: the action, the squares from start to end, and what it does."""

    action: Move | Dismount
    squares: tuple[int, ...]
    mounts: bool = False
    wins: bool = False


def occupancy(state: AlakoState) -> dict[int, list[tuple[int, str]]]:
    """Square -> the pieces on it, as (seat, piece)."""
    out: dict[int, list[tuple[int, str]]] = {}
    for seat, side in enumerate(state.sides):
        if side.knight is not None:
            out.setdefault(side.knight, []).append((seat, KNIGHT))
        if not side.mounted:
            out.setdefault(side.horse, []).append((seat, HORSE))
        out.setdefault(side.princess, []).append((seat, PRINCESS))
    return out


def _walk(
    state: AlakoState,
    seat: int,
    start: int,
    direction: str,
    distance: int,
    *,
    swims: bool,
    princess: bool = False,
    over: int | None = None,
) -> tuple[int, ...] | None:
    """The squares of a straight walk if every step is allowed (the last square is checked
    by the caller), else ``None``. ``over`` is the first square of a descent from a wall:
    the wall itself is crossed on the ladder."""
    forts = blocked_segments(tuple(s.line for s in state.sides))
    occupied = occupancy(state)
    squares = [start]
    here = start
    for i in range(distance):
        if i == 0 and over is not None:
            nxt = over
        else:
            stepped = step(here, direction)
            if stepped is None or between(here, stepped) in forts:
                return None
            nxt = stepped
        if is_river(nxt) and not swims:
            return None
        if princess and not in_half(nxt, seat):
            return None
        if i < distance - 1 and nxt in occupied:
            return None
        squares.append(nxt)
        here = nxt
    return tuple(squares)


def legal_paths(state: AlakoState, seat: int, points: int) -> list[Path]:
    """Every move a spin of ``points`` allows ``seat``: only the descent when his knight is up
    a ladder and can come down."""
    me, foe = state.sides[seat], state.sides[1 - seat]
    occupied = occupancy(state)
    out: list[Path] = []

    def end_of(squares: tuple[int, ...]) -> list[tuple[int, str]]:
        return occupied.get(squares[-1], [])

    if me.climbing is not None:
        assert me.descent is not None
        d = _descent_direction(me.climbing, me.descent)
        sq = _walk(state, seat, -1, d, points, swims=False, over=me.descent)
        if sq is not None:
            out = _knight_end(Move(KNIGHT, d), sq[1:], end_of(sq), seat, foe.princess)
            if out:
                return out  # the descent is his move, not a choice among others
    for d in DIRECTIONS:
        # The knight, riding or on foot (a climber's descent is above).
        if me.knight is not None:
            distance = 2 * points if me.mounted else points
            sq = _walk(state, seat, me.knight, d, distance, swims=me.mounted)
            if sq is not None:
                out += _knight_end(
                    Move(KNIGHT, d), sq, end_of(sq), seat, foe.princess, riding=me.mounted
                )
            if me.mounted:
                sq = _walk(state, seat, me.knight, d, points, swims=False)
                if sq is not None:
                    out += _knight_end(Dismount(d), sq, end_of(sq), seat, foe.princess, riding=True)
        # The horse alone.
        if not me.mounted:
            sq = _walk(state, seat, me.horse, d, points, swims=True)
            if sq is not None:
                there = end_of(sq)
                if not there:
                    out.append(Path(Move(HORSE, d), sq))
                elif there == [(seat, KNIGHT)]:
                    out.append(Path(Move(HORSE, d), sq, mounts=True))
        # The princess.
        sq = _walk(state, seat, me.princess, d, points, swims=False, princess=True)
        if sq is not None and not end_of(sq):
            out.append(Path(Move(PRINCESS, d), sq))
    return out


def _knight_end(
    action: Move | Dismount,
    squares: tuple[int, ...],
    there: list[tuple[int, str]],
    seat: int,
    enemy_princess: int,
    *,
    riding: bool = False,
) -> list[Path]:
    if not there:
        return [Path(action, squares)]
    if squares[-1] == enemy_princess:
        return [Path(action, squares, wins=True)]
    if there == [(seat, HORSE)] and not riding:
        return [Path(action, squares, mounts=True)]
    return []


def _descent_direction(segment: Segment, descent: int) -> str:
    """The compass direction from a wall to the square the knight comes down on."""
    for d in DIRECTIONS:
        back = step(descent, _opposite(d))
        if back is not None and between(back, descent) == segment:
            return d
    # The far square lies beyond the board's edge segment only if the data is wrong.
    raise ValueError("the descent square does not touch the wall")


def _opposite(d: str) -> str:
    return {"n": "s", "s": "n", "e": "w", "w": "e"}[d]


def climbable(state: AlakoState, seat: int) -> list[tuple[Segment, int]]:
    """The enemy walls beside the knight that he may climb, with the square beyond each."""
    me = state.sides[seat]
    if me.knight is None:
        return []
    enemy = {f.segment for f in state.sides[1 - seat].line if f.kind == WALL_PIECE}
    out = []
    for d in DIRECTIONS:
        beyond = step(me.knight, d)
        if beyond is not None and between(me.knight, beyond) in enemy:
            out.append((between(me.knight, beyond), beyond))
    return out


def climbs(state: AlakoState, seat: int) -> list[tuple[Climb, int]]:
    """The climbs of :func:`climbable`, as actions."""
    return [(Climb(segment), beyond) for segment, beyond in climbable(state, seat)]
