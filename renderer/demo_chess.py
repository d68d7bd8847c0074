"""``python -m renderer.demo_chess OUT_DIR``: sample chess images."""

from __future__ import annotations

import sys
from dataclasses import replace

from engine.standard_chess import ChessState, apply, resolve, state_from_position
from renderer.chess import ChessImageOptions, render_chess
from renderer.sample_files import demo_main

NAMES = {"white": "Alice", "black": "Bob the Magnificent"}


def game(text: str = "startpos", *moves: str) -> ChessState:
    """The position ``text`` after ``moves`` (SAN or UCI), each by the side to move."""
    state = state_from_position(text, seed=b"demo", game_id="demo")
    for move in moves:
        state, _ = apply(state, resolve(state, move))
    return state


def samples() -> dict[str, bytes]:
    opts = ChessImageOptions(names=NAMES)
    opening = game("startpos", "e4", "e5", "Nf3", "Nc6", "Bb5")
    check = game("startpos", "e4", "d5", "Bb5+")
    mate = game("startpos", "f3", "e5", "g4", "Qh4#")
    stale = game("fen 7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "Qf7")
    targets = ("a6", "c4", "d3", "e2", "f1")
    return {
        "start.png": render_chess(game(), options=opts),
        "opening.png": render_chess(opening, options=opts),
        "check-black.png": render_chess(check, options=replace(opts, bottom="black")),
        "mate.png": render_chess(mate, options=opts),
        "stalemate.png": render_chess(stale, options=opts),
        "targets.png": render_chess(opening, options=replace(opts, targets=targets, selected="b5")),
    }


def main(argv: list[str]) -> int:
    return demo_main(samples, argv, "renderer.demo_chess")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
