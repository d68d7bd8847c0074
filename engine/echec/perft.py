"""Counting legal action sequences (perft), the action generator's self-check.

Every legal single action counts one (``end`` included, so a turn can stop after one
action). Chance is not expanded: every die shows a blank, so attacks hit nothing and nobody
panics, but a king attacking mercenaries still wins them over and each attack still spends
the base's attack of the turn."""

from __future__ import annotations

from dataclasses import replace

import engine.echec.game as rules
from engine.echec.state import BATTLE, EchecState
from engine.perft import LoadedDice, divided, leaves, options, report, root

BLANK_VALUE = 6  # the D6 value read as the blank face


def _blank(state: EchecState) -> EchecState:
    return replace(state, dice=LoadedDice(BLANK_VALUE))


def perft(state: EchecState, depth: int) -> int:
    return leaves(_blank(state), depth, rules, lambda s: s.phase == BATTLE)


def divide(state: EchecState, depth: int) -> list[tuple[str, int]]:
    """Per first action, the count below it (for comparing two generators)."""
    return divided(_blank(state), depth, rules, perft)


DEFAULT_POSITION = (
    "south: K1e1n C2d1n C2f1n A4c1n A4g1n I4c2n I4d2n I4e2n I4f2n I4g2n; "
    "north: K1e9s C2d9s C2f9s A4c9s A4g9s I4c8s I4d8s I4e8s I4f8s I4g8s; "
    "turn: south; actions: 2"
)


def run(argv: list[str]) -> int:
    """``python -m engine.perft echec --position "<text>" --depth N [--divide]``."""
    from engine.echec.position import state_from_position

    args = options("echec", __doc__, depth=3, divide=True, start="the set-up").parse_args(argv)
    return report(
        args, lambda: root(state_from_position, args.position or DEFAULT_POSITION), perft, divide
    )
