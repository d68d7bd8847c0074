"""Counting legal action sequences (perft), the action generator's self-check.

Every legal single action counts one (``end`` included, so a turn can stop after one
action). Chance is not expanded: every die shows a blank, so attacks hit nothing and nobody
panics, but a king attacking mercenaries still wins them over and each attack still spends
the base's attack of the turn."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, replace

from engine.echec.game import apply, legal_actions
from engine.echec.state import BATTLE, EchecState
from engine.errors import EngineError

BLANK_VALUE = 6  # the D6 value read as the blank face


@dataclass(frozen=True)
class BlankDice:
    """A stand-in random stream whose every die shows a blank."""

    seed: bytes = b"perft"
    game_id: str = "perft"
    counter: int = 0

    def roll(self, faces: int) -> tuple[int, BlankDice]:
        return min(BLANK_VALUE, faces), self

    def hidden(self) -> BlankDice:
        return self


def perft(state: EchecState, depth: int) -> int:
    if depth < 1 or state.phase != BATTLE:
        return 0
    state = replace(state, dice=BlankDice())  # type: ignore[arg-type]
    return _perft(state, depth)


def _perft(state: EchecState, depth: int) -> int:
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        after, _ = apply(state, action)
        if after.phase == BATTLE:
            total += _perft(after, depth - 1)
    return total


def divide(state: EchecState, depth: int) -> list[tuple[str, int]]:
    """Per first action, the count below it (for comparing two generators)."""
    state = replace(state, dice=BlankDice())  # type: ignore[arg-type]
    out = []
    for action in legal_actions(state):
        after, _ = apply(state, action)
        out.append((str(action), _perft(after, depth - 1) if depth > 1 else 1))
    return out


DEFAULT_POSITION = (
    "south: K1e1n C2d1n C2f1n A4c1n A4g1n I4c2n I4d2n I4e2n I4f2n I4g2n; "
    "north: K1e9s C2d9s C2f9s A4c9s A4g9s I4c8s I4d8s I4e8s I4f8s I4g8s; "
    "turn: south; actions: 2"
)


def run(argv: list[str]) -> int:
    """``python -m engine.perft echec --position "<text>" --depth N [--divide]``."""
    from engine.echec.position import state_from_position

    parser = argparse.ArgumentParser(prog="python -m engine.perft echec", description=__doc__)
    parser.add_argument("--position", default=None, help="a position text (default: the set-up)")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--divide", action="store_true", help="counts per first action")
    args = parser.parse_args(argv)
    try:
        state = state_from_position(
            args.position or DEFAULT_POSITION, seed=b"perft", game_id="perft"
        )
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.divide:
        for text, count in divide(state, args.depth):
            print(f"{text}: {count}")
        return 0
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(state, depth)
        print(f"depth {depth}: {count}  ({time.perf_counter() - start:.3f} s)")
    return 0
