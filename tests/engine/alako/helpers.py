"""Shared helpers for the Alako tests: positions from text, scripted spins, lookups."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.alako import AlakoState, apply, parse_action, state_from_position
from engine.alako.board import name, parse
from engine.alako.spinner import FACES


@dataclass(frozen=True)
class ScriptedDice:
    """Stands in for ``engine.dice.Dice``: returns the given rolls in order and fails
    loudly if a roll is out of range or the script runs out."""

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


def value_of(face: str) -> int:
    """The D8 value that shows ``face`` (the first such face)."""
    return FACES.index(face) + 1


def position(text: str, *spins: str) -> AlakoState:
    """A state from a position text; ``spins`` script the next faces."""
    state = state_from_position(text, seed=b"test-seed", game_id="test")
    if spins:
        state = replace(state, dice=ScriptedDice(tuple(value_of(f) for f in spins)))
    return state


def spun(text: str, face: str) -> tuple[AlakoState, list]:
    """The position, with its seat to move having just spun ``face``."""
    state = position(text, face)
    return apply(state, parse_action("spin"))


def play(state: AlakoState, *actions: str) -> AlakoState:
    for text in actions:
        state, _ = apply(state, parse_action(text))
    return state


def moves(state: AlakoState) -> set[str]:
    from engine.alako import legal_actions

    return {str(a) for a in legal_actions(state)}


def sq(text: str) -> int:
    return parse(text)


def at(square: int | None) -> str | None:
    return None if square is None else name(square)
