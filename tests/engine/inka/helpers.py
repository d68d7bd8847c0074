"""Shared helpers for the Inka tests: positions from short texts, scripted dice, lookups."""

from __future__ import annotations

from engine.inka import InkaConfig, InkaState, legal_actions, state_from_position
from engine.inka.actions import Go
from engine.inka.temple import TEMPLE
from tests.engine.helpers import from_position

CENTRE = "A: g11/g12 red blue; B: g13/f13 red blue; C: f11/f12 red blue"


def position(
    text: str, *, centre: str = CENTRE, rolls: tuple[int, ...] = (), **options: object
) -> InkaState:
    """A play-phase state from a position text (the standard centre is added unless the
    text gives its own ``A:``)."""
    full = text if "A:" in text else f"{text}; {centre}"
    config = InkaConfig(**options) if options else None  # type: ignore[arg-type]
    return from_position(state_from_position, full, config, rolls=rolls)


def cell(name: str) -> int:
    return TEMPLE.board.parse(name)


def name(index: int | None) -> str | None:
    return None if index is None else TEMPLE.board.names[index]


def go_targets(state: InkaState) -> set[str]:
    return {a.cell for a in legal_actions(state) if isinstance(a, Go)}


def texts(state: InkaState) -> set[str]:
    return {str(a) for a in legal_actions(state)}
