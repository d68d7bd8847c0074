"""Shared helpers for the Lines of Action tests."""

from __future__ import annotations

from engine.loa import LoaState, legal_actions, state_from_position
from engine.loa.notation import parse_square
from tests.engine.helpers import from_position


def position(text: str) -> LoaState:
    return from_position(state_from_position, text)


def targets_of(state: LoaState, square: str, seat: str | None = None) -> set[str]:
    """The destination squares of the legal moves starting on ``square``."""
    return {a.dst for a in legal_actions(state, seat) if getattr(a, "src", None) == square}


def at(state: LoaState, square: str) -> str | None:
    """``'white'``, ``'black*'`` (marked) or ``None`` for the piece on a square."""
    code = state.piece_at(parse_square(square, bounded=False))
    if code is None:
        return None
    return ("white", "black")[code & 1] + ("*" if code & 2 else "")
