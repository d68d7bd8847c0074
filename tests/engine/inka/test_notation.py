"""Notation: every action's text reads back to the same action, input is forgiving, and
the position text round-trips and reports mistakes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import inka
from engine.errors import InvalidNotation, InvalidPosition
from engine.inka import parse_action, parse_position, position_of
from engine.inka.perft import DEFAULT_POSITION
from engine.inka.temple import TEMPLE
from tests.engine.helpers import check_position_text
from tests.engine.inka.helpers import position

names = st.sampled_from(TEMPLE.board.names)
rhombi = st.sampled_from([str(n) for n in range(1, 14)] + ["A", "B", "C"])
actions = st.one_of(
    st.builds(inka.ChooseStart, names),
    st.builds(inka.Place, st.integers(1, 13), names, names),
    st.builds(
        inka.Slide, rhombi, st.sampled_from(["e", "ne", "nw", "w", "sw", "se"]), st.integers(1, 12)
    ),
    st.builds(inka.Rotate, rhombi, st.integers(1, 12), st.sampled_from([1, -1, 2, -2])),
    st.builds(inka.Go, names),
    st.builds(inka.Passage, names),
    st.builds(inka.Block, names),
    st.just(inka.Take()),
    st.just(inka.End()),
    st.just(inka.Resign()),
)


@given(actions)
def test_every_action_text_reads_back(action) -> None:
    assert parse_action(str(action)) == action
    assert parse_action(str(action).upper()) == action


def test_forgiving_input() -> None:
    assert parse_action("Slide 7 NE") == inka.Slide("7", "ne", 1)
    assert parse_action("slide #7 north-east 2") == inka.Slide("7", "ne", 2)
    assert parse_action("shift a w") == inka.Slide("A", "w", 1)
    assert parse_action("rotate 7 at 8 o'clock ccw 120") == inka.Rotate("7", 8, 2)
    assert parse_action("rotate 7 8 -60") == inka.Rotate("7", 8, -1)
    assert parse_action("turn 7 8h +60") == inka.Rotate("7", 8, 1)
    assert parse_action("shift B 12h cw120") == inka.Rotate("B", 12, -2)
    assert (
        parse_action("place 7 F12 f13")
        == parse_action("place 7 f12-f13")
        == inka.Place(7, "f12", "f13")
    )
    assert parse_action("GO f 12") == inka.Go("f12")
    assert parse_action("pass") == inka.End()
    assert (
        str(inka.Slide("A", "w", 1)) == "shift A w 1"
        and str(inka.Rotate("3", 4, -2)) == "rotate 3 4h cw120"
    )


@pytest.mark.parametrize(
    "text", ["slide 7 up", "rotate 7 8h 90", "rotate 7 13h cw60", "rotate 7 8h 60", "fly f12", ""]
)
def test_bad_actions_say_what_would_be_right(text: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_action(text)
    assert err.value.code and str(err.value)


def test_position_text_round_trips() -> None:
    for text in (
        DEFAULT_POSITION,
        "red: g12 blocker h4; blue: out; green: k7; rhombi: 3=h12/h11 11=g5/g6; "
        "A: g11/g12 blue; B: g13/f13; C: f11/f12 red green; turn: green; ap: 1; stage: pawn",
        "red: j7; blue: a18; A: g11/g12 red blue; B: g13/f13 red blue; C: f11/f12 red blue; "
        "turn: red; ap: 2; stage: walked",
    ):
        p = parse_position(text)
        assert position_of(position(check_position_text(inka, p))) == p


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("red: l6", InvalidPosition),  # one seat, no centre
        ("red: l6; blue: h11", InvalidPosition),  # a pawn over the chasm
        ("red: l6; blue: a18; rhombi: 3=h12/h11 4=h12/h13", InvalidPosition),  # overlap
        ("red: l6; blue: a18 blocker g12", InvalidPosition),  # blocker on a destination
        # two blockers on one path rhombus
        ("red: l6 blocker h12; blue: a18 blocker h11; rhombi: 3=h12/h11", InvalidPosition),
        ("red: l6; green: a18", InvalidPosition),  # seats must be the first ones
        ("red: l6; blue: a18; rhombi: 14=h12/h11", InvalidNotation),
        ("red: l6; blue: a18; rhombi: 3=h12/h14", InvalidPosition),
        ("red: l6; blue: a18; colour: red", InvalidNotation),
        ("red: l6; blue: a18; turn: green", InvalidPosition),
    ],
)
def test_bad_positions_are_refused(text: str, error: type) -> None:
    with pytest.raises(error):
        position(text)
