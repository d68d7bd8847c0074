"""Counting legal action sequences (perft), the move generator's self-check.

Every listed action is applied through the full rules (there is no chance in the play
phase). Ending the turn (``end`` and every ``block``) passes to the next seat, so depth 2
already crosses turns."""

from __future__ import annotations

import engine.inka.game as rules
from engine.inka.state import OVER, InkaState
from engine.inka.temple import SAMPLE_LAYOUT
from engine.perft import leaves, options, report, root


def perft(state: InkaState, depth: int) -> int:
    return leaves(state, depth, rules, lambda s: s.phase != OVER)


DEFAULT_POSITION = (
    "red: l6; blue: a18; "
    + "rhombi: "
    + " ".join(f"{n}={a}/{b}" for n, (a, b) in sorted(SAMPLE_LAYOUT.items()))
    + "; A: g11/g12 red blue; B: g13/f13 red blue; C: f11/f12 red blue; turn: red"
)


def run(argv: list[str]) -> int:
    """``python -m engine.perft inka --position "<text>" --depth N``."""
    from engine.inka.position import state_from_position

    args = options("inka", __doc__, depth=2).parse_args(argv)
    return report(args, lambda: root(state_from_position, args.position or DEFAULT_POSITION), perft)
