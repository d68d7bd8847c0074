"""Shared helpers for the Échec au Roi tests: positions from text, scripted dice, lookups."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.echec import EchecConfig, EchecState, state_from_position
from engine.echec.board import INDEX
from engine.echec.die import VALUE_OF_FACE
from engine.echec.state import Base


@dataclass(frozen=True)
class ScriptedDice:
    """Stands in for ``engine.dice.Dice`` in a test: returns the given rolls in order and
    fails loudly if a roll is out of range or the script runs out."""

    rolls: tuple[int, ...]
    counter: int = 0
    game_id: str = "test"
    seed: bytes = b"scripted"

    def roll(self, faces: int) -> tuple[int, ScriptedDice]:
        if self.counter >= len(self.rolls):
            raise AssertionError(f"the test script ran out of rolls (a D{faces} was asked)")
        value = self.rolls[self.counter]
        assert 1 <= value <= faces, f"scripted roll {value} does not fit a D{faces}"
        return value, replace(self, counter=self.counter + 1)

    def hidden(self) -> ScriptedDice:
        return self

    @property
    def used(self) -> int:
        return self.counter


def faces(*names: str) -> tuple[int, ...]:
    """D6 values showing the named faces: ``faces('axe', 'panic')``."""
    return tuple(VALUE_OF_FACE[n] for n in names)


def position(text: str, *, rolls: tuple[int, ...] = (), **options: object) -> EchecState:
    """A battle-phase state from a position text; ``rolls`` scripts the dice (D6 values,
    see :func:`faces`)."""
    config = EchecConfig(**options)  # type: ignore[arg-type]
    state = state_from_position(text, config, seed=b"test-seed", game_id="test")
    return replace(state, dice=ScriptedDice(rolls))


def at(state: EchecState, square: str) -> Base | None:
    return state.board[INDEX[square]]


def dice_left(state: EchecState) -> int:
    dice = state.dice
    assert isinstance(dice, ScriptedDice)
    return len(dice.rolls) - dice.counter
