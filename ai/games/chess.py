"""Standard chess (the fallback when no Stockfish binary is installed): material."""

from __future__ import annotations

from typing import Any

import chess

from ai.knowledge import perfect_information, squash
from engine import standard_chess

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board: chess.Board, color: chess.Color) -> int:
    return sum(
        VALUES.get(piece.piece_type, 0) * (1 if piece.color == color else -1)
        for piece in board.piece_map().values()
    )


def evaluate(state: Any, seat: str) -> float:
    return squash(0.35 * material(state.board, seat == "white"))


KNOWLEDGE = perfect_information(standard_chess.RULES, evaluate)
