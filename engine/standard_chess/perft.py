"""``python -m engine.perft standard_chess --fen <FEN> --depth N``: python-chess counts the
move tree (this package does not generate moves itself)."""

from __future__ import annotations

import chess

from engine.perft import options, report
from engine.standard_chess.position import parse_position


def perft(board: chess.Board, depth: int) -> int:
    if depth < 1:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def run(argv: list[str]) -> int:
    """``python -m engine.perft standard_chess --fen <FEN> --depth N``."""
    parser = options("standard_chess", __doc__, depth=3, start="startpos|fen <FEN> [moves ...]")
    parser.add_argument("--fen", default=None, help="a FEN (default: the usual start)")
    args = parser.parse_args(argv)
    return report(
        args,
        lambda: _board(args.position or (f"fen {args.fen}" if args.fen else "startpos")),
        perft,
    )


def _board(text: str) -> chess.Board:
    position = parse_position(text)
    board = chess.Board(position.start)
    for uci in position.moves:
        board.push_uci(uci)
    return board
