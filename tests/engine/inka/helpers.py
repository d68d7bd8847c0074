"""Shared helpers for the Inka tests: positions from short texts, scripted dice, lookups."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.inka import InkaConfig, InkaState, legal_actions, state_from_position
from engine.inka.actions import Go
from engine.inka.temple import TEMPLE

CENTRE = "A: g11/g12 red blue; B: g13/f13 red blue; C: f11/f12 red blue"


@dataclass(frozen=True)
class ScriptedDice:
    """Stands in for ``engine.dice.Dice``: returns the given rolls in order."""

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


def position(
    text: str, *, centre: str = CENTRE, rolls: tuple[int, ...] = (), **options: object
) -> InkaState:
    """A play-phase state from a position text (the standard centre is added unless the
    text gives its own ``A:``)."""
    full = text if "A:" in text else f"{text}; {centre}"
    config = InkaConfig(**options) if options else None  # type: ignore[arg-type]
    state = state_from_position(full, config, seed=b"test-seed", game_id="test")
    if rolls:
        state = replace(state, dice=ScriptedDice(rolls))
    return state


def cell(name: str) -> int:
    return TEMPLE.board.parse(name)


def name(index: int | None) -> str | None:
    return None if index is None else TEMPLE.board.names[index]


def go_targets(state: InkaState) -> set[str]:
    return {a.cell for a in legal_actions(state) if isinstance(a, Go)}


def texts(state: InkaState) -> set[str]:
    return {str(a) for a in legal_actions(state)}
