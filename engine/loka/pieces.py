"""Piece kinds and how a board square encodes a piece.

A square holds ``0`` (empty) or ``army * 8 + kind``: small ints keep move generation fast
and the board an immutable tuple."""

from __future__ import annotations

KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN = 1, 2, 3, 4, 5, 6
KINDS = (KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN)
NOBLES = (QUEEN, ROOK, BISHOP, KNIGHT)
# The kinds a player buys, in the order counts are written (the king is always there).
BOUGHT = (QUEEN, ROOK, BISHOP, KNIGHT, PAWN)
PROMOTIONS = (QUEEN, ROOK, BISHOP, KNIGHT)

LETTER = {KING: "K", QUEEN: "Q", ROOK: "R", BISHOP: "B", KNIGHT: "N", PAWN: "P"}
KIND_OF_LETTER = {v: k for k, v in LETTER.items()}
NAME = {
    KING: "king",
    QUEEN: "queen",
    ROOK: "rook",
    BISHOP: "bishop",
    KNIGHT: "knight",
    PAWN: "pawn",
}
KIND_OF_NAME = {v: k for k, v in NAME.items()}

# Prowess (RULINGS 1.9): queen > rook > bishop > knight > pawn > king.
PROWESS = {QUEEN: 5, ROOK: 4, BISHOP: 3, KNIGHT: 2, PAWN: 1, KING: 0}

# Costs in points (RULINGS 1.3), indexed by kind; Face-off changes the bishop (a config field).
LOKA_COSTS = {KING: 0, QUEEN: 90, ROOK: 50, BISHOP: 40, KNIGHT: 30, PAWN: 10}


def code(army: int, kind: int) -> int:
    return army * 8 + kind


def army_of(piece: int) -> int:
    return piece >> 3


def kind_of(piece: int) -> int:
    return piece & 7
