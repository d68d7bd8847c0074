"""The turn logic shared by the game and by perft: who moves which pieces, the Parachute
placement step, passes, and the end of the game. It works on a :class:`Situation` (a board
object and a few counters) so that perft runs exactly the rules the players get."""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from engine.loa.bitboard import BitBoard
from engine.loa.config import (
    AMBIDEXTROUS,
    MARK,
    PARACHUTE,
    TEAMS,
    UNBOUNDED,
    seat_colour,
    seats_of,
)
from engine.loa.openboard import OpenBoard

MOVE, PLACE = "move", "place"
DRAW = -1  # result: a draw; else the winning colour

Board = BitBoard | OpenBoard
MoveT = tuple[Any, Any, bool]  # (from, to, capture) in the board's own square keys


class Mode(NamedTuple):
    """What a variant changes in the turn logic."""

    seats: int
    teams: bool
    ambidextrous: bool
    parachute: bool
    bounded: bool


@cache
def mode_of(variant: str) -> Mode:
    return Mode(
        len(seats_of(variant)),
        variant == TEAMS,
        variant == AMBIDEXTROUS,
        variant == PARACHUTE,
        variant != UNBOUNDED,
    )


class Situation(NamedTuple):
    board: Board
    turn: int  # seat index
    step: str = MOVE
    held: tuple[int, int] = (0, 0)  # opponent pieces still held by white, by black
    parts: tuple[int, int] = (1, 1)  # ambidextrous: the part (1 marked) each colour moves next


class Turn(NamedTuple):
    """What a move or placement led to: the next situation, the seats that passed (with
    ``'no_move'`` or ``'move_skipped'`` for a Parachute player who can only place), and
    the result (``None``, a colour, or ``DRAW``)."""

    situation: Situation
    passes: tuple[tuple[int, str], ...]
    result: int | None


def moves_of(mode: Mode, sit: Situation, seat: int | None = None) -> list[MoveT]:
    """The moves of ``seat`` (default: the seat on turn), whatever the step."""
    seat = sit.turn if seat is None else seat
    colour = seat_colour(seat)
    if mode.teams:
        return sit.board.moves(colour, seat // 2)
    if mode.ambidextrous:
        part = sit.parts[colour]
        return sit.board.moves(colour, part) or sit.board.moves(colour, 1 - part)
    return sit.board.moves(colour, None)


def moves_from(mode: Mode, sit: Situation, src: Any) -> list[MoveT]:
    """The moves of :func:`moves_of` (the seat on turn's) that start on ``src``, found
    without listing the others."""
    code = sit.board.code_at(src)
    colour = seat_colour(sit.turn)
    if code is None or code & 1 != colour:
        return []
    marked = 1 if code & MARK else 0
    if mode.teams and marked != sit.turn // 2:
        return []
    due = sit.parts[colour]
    if mode.ambidextrous and marked != due and sit.board.can_move(colour, due):
        return []  # the other part moves only when the part due has no move
    return sit.board.piece_moves(src)


def can_move(mode: Mode, sit: Situation) -> bool:
    """Whether the seat on turn has a move (:func:`moves_of` not empty), found faster."""
    colour = seat_colour(sit.turn)
    if mode.teams:
        return sit.board.can_move(colour, sit.turn // 2)
    # Ambidextrous: a side that cannot move its part moves the other, so any piece will do.
    return sit.board.can_move(colour, None)


def actions_of(mode: Mode, sit: Situation) -> list[Any]:
    """The moves, or at the placement step the empty squares."""
    if sit.step == PLACE:
        return sit.board.empty()
    return moves_of(mode, sit)


def play_move(mode: Mode, sit: Situation, move: MoveT) -> Turn:
    src, dst, _ = move
    colour = seat_colour(sit.turn)
    parts = sit.parts
    if mode.ambidextrous:
        moved = 1 if (sit.board.code_at(src) or 0) & MARK else 0
        parts = (1 - moved, parts[1]) if colour == 0 else (parts[0], 1 - moved)
    board = sit.board.after(src, dst)
    if mode.parachute and sit.held[colour]:
        # Move, then place: victory waits for the end of the whole turn (RULINGS 2).
        return Turn(Situation(board, sit.turn, PLACE, sit.held, parts), (), None)
    return end_turn(mode, Situation(board, sit.turn, MOVE, sit.held, parts))


def play_place(mode: Mode, sit: Situation, sq: Any) -> Turn:
    colour = seat_colour(sit.turn)
    held = (sit.held[0] - 1, sit.held[1]) if colour == 0 else (sit.held[0], sit.held[1] - 1)
    board = sit.board.placed(sq, colour ^ 1)  # the opponent's piece
    return end_turn(mode, Situation(board, sit.turn, MOVE, held, sit.parts))


def connected(sit: Situation, colour: int) -> bool:
    """A side is connected when all its pieces on the board form one group and none of its
    pieces is still held by the opponent (Parachute ruling)."""
    return not sit.held[colour ^ 1] and sit.board.connected(colour)


def end_turn(mode: Mode, sit: Situation) -> Turn:
    colour = seat_colour(sit.turn)
    if connected(sit, colour):
        return Turn(sit, (), colour)  # the mover wins even if both are connected
    if connected(sit, colour ^ 1):
        return Turn(sit, (), colour ^ 1)
    return advance(mode, sit, 1)


def advance(mode: Mode, sit: Situation, first: int) -> Turn:
    """Hand the turn to the next seat (``first`` = 1) or keep it (``first`` = 0) if that
    seat can act; seats that cannot pass. Nobody able to act: a draw."""
    passes: list[tuple[int, str]] = []
    for k in range(first, first + mode.seats):
        seat = (sit.turn + k) % mode.seats
        nxt = sit._replace(turn=seat, step=MOVE)
        if can_move(mode, nxt):
            return Turn(nxt, tuple(passes), None)
        if mode.parachute and sit.held[seat_colour(seat)]:
            passes.append((seat, "move_skipped"))
            return Turn(nxt._replace(step=PLACE), tuple(passes), None)
        passes.append((seat, "no_move"))
    return Turn(sit, tuple(passes), DRAW)
