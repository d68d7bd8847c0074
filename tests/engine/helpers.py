"""Helpers every game's tests share: scripted dice, states from position texts, the round
trip of position texts, and refusals by their code."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any, TypeVar

import pytest

from engine.errors import EngineError

S = TypeVar("S")

SEED = b"test-seed"
GAME_ID = "test"


@dataclass(frozen=True)
class ScriptedDice:
    """Stands in for ``engine.dice.Dice`` in a test: returns the given rolls in order and
    fails loudly if a roll is out of range or the script runs out."""

    rolls: tuple[int, ...]
    counter: int = 0
    game_id: str = GAME_ID
    seed: bytes = b"scripted"

    def roll(self, faces: int) -> tuple[int, ScriptedDice]:
        if self.counter >= len(self.rolls):
            raise AssertionError(f"the test script ran out of rolls (a D{faces} was asked)")
        value = self.rolls[self.counter]
        assert 1 <= value <= faces, f"scripted roll {value} does not fit a D{faces}"
        return value, replace(self, counter=self.counter + 1)

    def hidden(self) -> ScriptedDice:
        return self


def scripted(state: S, rolls: tuple[int, ...]) -> S:
    """``state`` whose dice roll exactly ``rolls`` (and fail if asked for more)."""
    return replace(state, dice=ScriptedDice(rolls))  # type: ignore[type-var]


def from_position(
    state_from_position: Callable[..., S],
    text: str,
    config: Any = None,
    *,
    rolls: tuple[int, ...] = (),
) -> S:
    """A game's state from a position text, with the tests' seed; ``rolls``, when given,
    script its dice."""
    state = state_from_position(text, config, seed=SEED, game_id=GAME_ID)
    return scripted(state, rolls) if rolls else state


def check_position_text(game: ModuleType, position: Any) -> str:
    """A position written as text reads back the same, and the text is canonical: read and
    written again, it comes out unchanged. ``game`` is the engine package (``engine.loka``...).
    Returns the text."""
    text = game.format_position(position)
    assert game.parse_position(text) == position, text
    assert game.format_position(game.parse_position(text)) == text
    return text


@contextmanager
def refused(
    error: type[EngineError] | tuple[type[EngineError], ...], code: str
) -> Iterator[pytest.ExceptionInfo[EngineError]]:
    """The block raises ``error`` with ``code`` (the refusal the table translates); the
    caught error is there to look at after the block."""
    with pytest.raises(error) as caught:
        yield caught
    assert caught.value.code == code, f"{caught.value.code} != {code}: {caught.value}"
