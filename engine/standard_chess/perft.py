"""``python -m engine.perft standard_chess --fen <FEN> --depth N``: python-chess counts the
move tree (this package does not generate moves itself)."""

from __future__ import annotations

import argparse
import sys
import time

import chess

from engine.errors import EngineError
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
    parser = argparse.ArgumentParser(prog="python -m engine.perft standard_chess")
    parser.add_argument("--fen", default=None, help="a FEN (default: the usual start)")
    parser.add_argument(
        "--position", default=None, help="a position text: startpos|fen <FEN> [moves ...]"
    )
    parser.add_argument("--depth", type=int, default=3)
    args = parser.parse_args(argv)
    text = args.position or (f"fen {args.fen}" if args.fen else "startpos")
    try:
        position = parse_position(text)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    board = chess.Board(position.start)
    for uci in position.moves:
        board.push_uci(uci)
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(board, depth)
        print(f"depth {depth}: {count}  ({time.perf_counter() - start:.3f} s)")
    return 0
