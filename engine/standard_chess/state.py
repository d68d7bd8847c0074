"""The immutable state of a chess game: where it started, the moves since, and the rest of
what FIDE rules need that a position does not hold (a standing draw offer, the result).

The python-chess ``Board`` is derived from the start and the moves; it is rebuilt on first
use and cached on the state (never mutated: ``apply`` pushes onto a copy)."""

from __future__ import annotations

from dataclasses import dataclass, field

import chess

from engine.dice import Dice
from engine.standard_chess.config import ChessConfig

TOSS = "toss"  # the colours are being drawn (config color: random)
PLAY = "play"
OVER = "over"
PHASES = (TOSS, PLAY, OVER)

WHITE, BLACK = "white", "black"
SEATS = (WHITE, BLACK)

RESULTS = ("1-0", "0-1", "1/2-1/2")
TERMINATIONS = (
    "checkmate",
    "stalemate",
    "insufficient_material",
    "fivefold_repetition",
    "seventyfive_moves",
    "threefold_repetition",
    "fifty_moves",
    "agreement",
    "resignation",
)


def seat_of(color: chess.Color) -> str:
    return WHITE if color == chess.WHITE else BLACK


def other(seat: str) -> str:
    return BLACK if seat == WHITE else WHITE


@dataclass(frozen=True)
class ChessState:
    config: ChessConfig
    dice: Dice
    phase: str
    start: str  # the FEN the game started from
    moves: tuple[str, ...] = ()  # every move since, in UCI
    host_color: str | None = None  # the colour of the player who opened the game
    draw_offer: str | None = None  # the seat whose draw offer stands
    offer_ply: int = -1  # the ply of the latest offer (one offer per turn)
    result: str | None = None  # "1-0", "0-1", "1/2-1/2" once over
    termination: str | None = None
    _board: chess.Board | None = field(default=None, compare=False, hash=False, repr=False)

    @property
    def board(self) -> chess.Board:
        """The position after every move (with its move stack): do not modify it."""
        board = self._board
        if board is None:
            board = chess.Board(self.start)
            for uci in self.moves:
                board.push(chess.Move.from_uci(uci))
            object.__setattr__(self, "_board", board)
        return board

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def turn(self) -> str:
        """The colour to move in the position (also once the game is over)."""
        return seat_of(self.board.turn)

    @property
    def last_move(self) -> str | None:
        return self.moves[-1] if self.moves else None

    @property
    def in_check(self) -> bool:
        return self.board.is_check()

    @property
    def fen(self) -> str:
        return self.board.fen()
