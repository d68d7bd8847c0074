"""Shared helpers for the Loka tests: positions from text, scripted dice, quick lookups."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.loka import LokaConfig, LokaState, legal_actions, state_from_position
from engine.loka.geometry import CROSS


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


def position(text: str, *, rolls: tuple[int, ...] = (), **options: object) -> LokaState:
    """A battle-phase state from a position text; ``rolls`` scripts the dice."""
    config = LokaConfig(**options)  # type: ignore[arg-type]
    state = state_from_position(text, config, seed=b"test-seed", game_id="test")
    if rolls:
        state = replace(state, dice=ScriptedDice(rolls))
    return state


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
