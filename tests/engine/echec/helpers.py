"""Shared helpers for the Échec au Roi tests: positions from text, scripted dice, lookups."""

from __future__ import annotations

from engine.echec import EchecConfig, EchecState, state_from_position
from engine.echec.board import INDEX
from engine.echec.die import VALUE_OF_FACE
from engine.echec.state import Base
from tests.engine.helpers import ScriptedDice, from_position, scripted


def faces(*names: str) -> tuple[int, ...]:
    """D6 values showing the named faces: ``faces('axe', 'panic')``."""
    return tuple(VALUE_OF_FACE[n] for n in names)


def position(text: str, *, rolls: tuple[int, ...] = (), **options: object) -> EchecState:
    """A battle-phase state from a position text; ``rolls`` scripts the dice (D6 values,
    see :func:`faces`)."""
    config = EchecConfig(**options)  # type: ignore[arg-type]
    return scripted(from_position(state_from_position, text, config), rolls)


def at(state: EchecState, square: str) -> Base | None:
    return state.board[INDEX[square]]


def dice_left(state: EchecState) -> int:
    dice = state.dice
    assert isinstance(dice, ScriptedDice)
    return len(dice.rolls) - dice.counter
