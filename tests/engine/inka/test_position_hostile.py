"""Position texts that once escaped the parser as Python errors are refused with the
engine's own position error, which the table tells the player."""

from __future__ import annotations

import contextlib
import random

import pytest

from engine.errors import EngineError, InvalidNotation, InvalidPosition
from engine.inka import parse_position, state_from_position
from engine.inka.perft import DEFAULT_POSITION
from tests.engine.helpers import refused
from tests.engine.inka.helpers import CENTRE


def test_every_pawn_out_without_a_turn_is_refused_not_a_stop_iteration() -> None:
    # next() over no seat still playing raised StopIteration: a RuntimeError in a coroutine.
    with refused(InvalidPosition, "inka.position_turn"):
        parse_position(f"red: out; blue: out; {CENTRE}")
    with pytest.raises(InvalidPosition):
        state_from_position(f"red: out; blue: out; green: out; {CENTRE}", seed=b"s", game_id="g")


@pytest.mark.parametrize(
    ("field", "code"),
    [
        ("ap: ²", "inka.position_ap"),  # str.isdigit() is true, int() fails
        ("rhombi: ²=f12/f13", "inka.position_rhombus"),
        ("rhombi: ①=f12/f13", "inka.position_rhombus"),
    ],
)
def test_digits_int_cannot_read_are_refused(field: str, code: str) -> None:
    with refused(InvalidNotation, code):
        parse_position(f"red: l6; blue: a18; {field}; {CENTRE}")


def test_mangled_positions_only_ever_raise_engine_errors() -> None:
    rng = random.Random(7)
    junk = ["out", "", ";", ":", "/", "=", "²", "0", "99999999999999999999", "turn:", "A:", "🔥"]
    fields = DEFAULT_POSITION.split(";")
    for _ in range(2000):
        mangled = list(fields)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(mangled))
            name = mangled[i].partition(":")[0]
            mangled[i] = rng.choice([f"{name}: {rng.choice(junk)}", rng.choice(junk), ""])
        text = ";".join(mangled)
        with contextlib.suppress(EngineError):  # anything else fails the test
            state_from_position(text, seed=b"s", game_id="g")
