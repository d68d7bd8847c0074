"""Shared helpers for the Loka tests: positions from text, scripted dice, quick lookups."""

from __future__ import annotations

from engine.loka import LokaConfig, LokaState, legal_actions, state_from_position
from engine.loka.geometry import CROSS
from tests.engine.helpers import from_position


def position(text: str, *, rolls: tuple[int, ...] = (), **options: object) -> LokaState:
    """A battle-phase state from a position text; ``rolls`` scripts the dice."""
    config = LokaConfig(**options)  # type: ignore[arg-type]
    return from_position(state_from_position, text, config, rolls=rolls)


def sq(name: str) -> int:
    return CROSS.parse(name)


def piece_at(state: LokaState, name: str) -> str | None:
    """``'fire:Q'`` for the piece on a square, or ``None``."""
    p = state.board[sq(name)]
    if not p:
        return None
    return f"{CROSS.seat_names[p >> 3]}:{'.KQRBNP'[p & 7]}"


def targets_of(state: LokaState, name: str) -> set[str]:
    """The destination squares of the legal moves starting on ``name`` (for the seat to
    move)."""
    return {a.dst for a in legal_actions(state) if getattr(a, "src", None) == name}
