"""Property tests: any text either reads as an action whose canonical text reads back the
same, or is refused with InvalidNotation; random battle positions give legal actions that
all apply, and their texts round-trip."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import echec
from engine.echec import (
    EchecState,
    apply,
    legal_actions,
    parse_action,
    position_of,
    state_from_position,
)
from engine.echec.board import NAMES
from engine.errors import EngineError, InvalidNotation
from tests.engine.helpers import check_position_text

WORDS = [
    "advance",
    "turn",
    "attack",
    "place",
    "lift",
    "end",
    "confirm",
    "roll",
    "c2",
    "e9",
    "3",
    "n",
    "east",
    "archers",
    "peasants",
    "x",
    "+",
    ">",
    "by",
    "heavy",
    "infantry",
]


@given(st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join) | st.text(max_size=20))
@settings(max_examples=300, deadline=None)
def test_any_text_parses_losslessly_or_is_refused(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidNotation as error:
        assert str(error)
        return
    assert parse_action(str(action)) == action


KIND_SIZES = {"C": (1, 2), "A": (1, 4), "I": (1, 4), "P": (2, 4), "M": (1, 2), "H": (1, 2)}


@st.composite
def positions(draw: st.DrawFn) -> EchecState:
    squares = draw(st.lists(st.sampled_from(NAMES), min_size=4, max_size=16, unique=True))
    tokens: dict[str, list[str]] = {"south": [], "north": []}
    for i, sq in enumerate(squares):
        seat = "south" if i % 2 == 0 else "north"
        facing = draw(st.sampled_from("nesw"))
        if i < 2:
            tokens[seat].append(f"K1{sq}{facing}")
            continue
        kind = draw(st.sampled_from(sorted(KIND_SIZES)))
        low, high = KIND_SIZES[kind]
        figures = draw(st.integers(low, high))
        tokens[seat].append(f"{kind}{figures}{sq}{facing}")
    turn = draw(st.sampled_from(["south", "north"]))
    actions = draw(st.sampled_from([1, 2]))
    text = "; ".join(f"{s}: {' '.join(t)}" for s, t in tokens.items())
    return state_from_position(f"{text}; turn: {turn}; actions: {actions}", seed=b"h", game_id="h")


@given(positions())
@settings(max_examples=80, deadline=None)
def test_every_legal_action_applies_and_positions_round_trip(state: EchecState) -> None:
    check_position_text(echec, position_of(state))
    for action in legal_actions(state):
        assert parse_action(str(action)) == action
        try:
            after, _ = apply(state, action)
        except EngineError as error:  # pragma: no cover - a legal action must apply
            raise AssertionError(f"{action} is listed but refused: {error}") from error
        assert after.ply == state.ply + 1
