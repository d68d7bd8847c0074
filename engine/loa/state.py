"""The immutable game state."""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass

from engine.dice import Dice
from engine.loa.bitboard import BitBoard
from engine.loa.config import LoaConfig
from engine.loa.notation import Coord
from engine.loa.openboard import OpenBoard
from engine.loa.rules import MOVE, PLACE, Board, Mode, Situation, mode_of

LOTS, OVER = "lots", "over"
PHASES = (LOTS, MOVE, PLACE, OVER)  # the colours drawn, then each turn's steps

Piece = tuple[int, int, int]  # (file, rank, code): code bit 0 = black, bit 1 = marked


_KEPT: tuple[tuple[Piece, ...] | None, BitBoard | None] = (None, None)
"""The pieces of the last state a move or placement made and its board (the printed one):
the board that state's legal actions and its next move start from."""


def keep_board(pieces: tuple[Piece, ...], board: Board) -> None:
    """Remember ``board`` as the board of ``pieces`` (only the printed board: the order of
    an unbounded board's moves follows the order its pieces were added in)."""
    global _KEPT
    if isinstance(board, BitBoard):
        _KEPT = (pieces, board)


def moved(pieces: tuple[Piece, ...], src: Coord, dst: Coord) -> tuple[Piece, ...]:
    """``pieces`` after the piece on ``src`` moves to ``dst`` (taking what stands there),
    sorted as a board lists them."""
    kept = list(pieces)
    piece = kept.pop(bisect_left(kept, src))
    at = bisect_left(kept, dst)
    if at < len(kept) and kept[at][:2] == dst:
        del kept[at]
    insort(kept, (dst[0], dst[1], piece[2]))
    return tuple(kept)


@dataclass(frozen=True, slots=True)
class LoaState:
    """A game of Lines of Action. ``pieces`` is sorted; squares are zero-based (file, rank)
    and may be negative or past ``h8`` in the unbounded variant.

    The dice roll once, for the colours (``config.lots``); no other rule of this game rolls.
    ``lots`` then says which player (1..n, their number in the lobby) holds each seat."""

    config: LoaConfig
    dice: Dice
    pieces: tuple[Piece, ...]
    turn: int  # index in config.seats of the seat to act
    step: str = MOVE  # "move", or "place" in a Parachute turn after its move
    held: tuple[int, int] = (0, 0)  # Parachute: opponent pieces held by white, by black
    parts: tuple[int, int] = (1, 1)  # ambidextrous: 1 if white's (black's) next move is marked
    offer: int | None = None  # seat whose draw offer waits for the other side's answer
    offered: tuple[int, int] = (-1, -1)  # per colour: ``moves`` at its last draw offer
    moves: int = 0  # moves and placements made
    last_move: tuple[Coord, Coord] | None = None
    last_place: Coord | None = None
    ply: int = 0  # actions applied
    winners: tuple[str, ...] | None = None  # set when the game is over (empty: a draw)
    termination: str | None = None
    lots: tuple[int, ...] | None = None  # per seat: its player's number, once drawn

    @property
    def drawing(self) -> bool:
        """The colours are still to be drawn: nothing else may happen yet."""
        return self.config.lots and self.lots is None

    @property
    def over(self) -> bool:
        return self.winners is not None

    @property
    def phase(self) -> str:
        """``lots`` (the colours to draw), ``move`` or ``place`` (the step of the turn), or
        ``over``."""
        if self.over:
            return OVER
        return LOTS if self.drawing else self.step

    @property
    def seats(self) -> tuple[str, ...]:
        return self.config.seats

    @property
    def mode(self) -> Mode:
        return mode_of(self.config.variant)

    @property
    def seat_to_move(self) -> str:
        return self.seats[self.turn]

    def board(self) -> Board:
        pieces, board = _KEPT  # (read once: safe beside another thread)
        if pieces is self.pieces and board is not None:
            return board
        cls = BitBoard if self.config.bounded else OpenBoard
        return cls.from_pieces(self.pieces)

    def situation(self) -> Situation:
        return Situation(self.board(), self.turn, self.step, self.held, self.parts)

    def piece_at(self, coord: Coord) -> int | None:
        for f, r, code in self.pieces:
            if (f, r) == coord:
                return code
        return None
