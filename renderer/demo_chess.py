"""``python -m renderer.demo_chess OUT_DIR``: sample chess images."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.standard_chess import apply, resolve, state_from_position
from renderer.chess import ChessImageOptions, render_chess

NAMES = {"white": "Alice", "black": "Bob the Magnificent"}


def samples() -> dict[str, bytes]:
    def game(text: str, *moves: str):  # type: ignore[no-untyped-def]
        state = state_from_position(text, seed=b"demo", game_id="demo")
        for move in moves:
            state, _ = apply(state, resolve(state, move))
        return state

    opening = game("startpos", "e4", "e5", "Nf3", "Nc6", "Bb5")
    check = game("startpos", "e4", "d5", "Bb5+")
    mate = game("startpos", "f3", "e5", "g4", "Qh4#")
    stale = game("fen 7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "Qf7")
    targets = ("a6", "c4", "d3", "e2", "f1")
    return {
        "start.png": render_chess(game("startpos"), options=ChessImageOptions(names=NAMES)),
        "opening.png": render_chess(opening, options=ChessImageOptions(names=NAMES)),
        "check-black.png": render_chess(
            check, options=ChessImageOptions(bottom="black", names=NAMES)
        ),
        "mate.png": render_chess(mate, options=ChessImageOptions(names=NAMES)),
        "stalemate.png": render_chess(stale, options=ChessImageOptions(names=NAMES)),
        "targets.png": render_chess(
            opening,
            options=ChessImageOptions(names=NAMES, targets=targets, selected="b5"),
        ),
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "/tmp/chess_demo")
    out.mkdir(parents=True, exist_ok=True)
    for name, data in samples().items():
        (out / name).write_bytes(data)
        print(f"{out / name}: {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
