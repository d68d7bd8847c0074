"""Counting legal action sequences (perft), the move generator's self-check.

Every listed action is applied through the full rules (there is no chance in the play
phase). Ending the turn (``end`` and every ``block``) passes to the next seat, so depth 2
already crosses turns."""

from __future__ import annotations

import argparse
import sys
import time

from engine.errors import EngineError
from engine.inka.game import apply, legal_actions
from engine.inka.state import OVER, InkaState
from engine.inka.temple import SAMPLE_LAYOUT


def perft(state: InkaState, depth: int) -> int:
    if depth < 1 or state.phase == OVER:
        return 0
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        after, _ = apply(state, action)
        total += perft(after, depth - 1)
    return total


DEFAULT_POSITION = (
    "red: l6; blue: a18; "
    + "rhombi: "
    + " ".join(f"{n}={a}/{b}" for n, (a, b) in sorted(SAMPLE_LAYOUT.items()))
    + "; A: g11/g12 red blue; B: g13/f13 red blue; C: f11/f12 red blue; turn: red"
)


def run(argv: list[str]) -> int:
    """``python -m engine.perft inka --position "<text>" --depth N [--no-turn-end]``."""
    from engine.inka.position import state_from_position

    parser = argparse.ArgumentParser(prog="python -m engine.perft inka", description=__doc__)
    parser.add_argument("--position", default=None, help="a position text (default: a sample)")
    parser.add_argument("--depth", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        state = state_from_position(
            args.position or DEFAULT_POSITION, seed=b"perft", game_id="perft"
        )
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(state, depth)
        print(f"depth {depth}: {count}  ({time.perf_counter() - start:.3f} s)")
    return 0
