"""Notation: actions, segments and position texts read back what they write."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import alako
from engine.alako import Build, Climb, Dismount, Move, parse_action, parse_segment, segment_name
from engine.alako.board import NETWORKS, between, parse
from engine.alako.position import parse_position
from engine.errors import InvalidNotation, InvalidPosition
from tests.engine.helpers import check_position_text, refused

SEGMENTS = sorted(NETWORKS[0] | NETWORKS[1])


@given(st.sampled_from(SEGMENTS))
def test_segment_names_round_trip(segment) -> None:
    assert parse_segment(segment_name(segment)) == segment


@given(
    st.one_of(
        st.builds(Move, st.sampled_from(("knight", "horse", "princess")), st.sampled_from("nesw")),
        st.builds(Dismount, st.sampled_from("nesw")),
        st.builds(Build, st.sampled_from(SEGMENTS)),
        st.builds(Climb, st.sampled_from(SEGMENTS)),
    )
)
def test_action_texts_round_trip(action) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("K n", "knight n"),
        ("kn", "knight n"),
        ("Knight North", "knight n"),
        ("h-e", "horse e"),
        ("P: w", "princess w"),
        ("dismount south", "dismount s"),
        ("build d4s", "build d3n"),
        ("build d3/d4", "build d3n"),
        ("B e4w", "build d4e"),
        ("build d4|e4", "build d4e"),
        ("climb d9s", "climb d8n"),
        ("Climb", "climb"),
        ("  SPIN ", "spin"),
    ],
)
def test_forgiving_input(text: str, canonical: str) -> None:
    assert str(parse_action(text)) == canonical


def test_segment_spellings_agree() -> None:
    assert parse_segment("d3n") == parse_segment("d4s") == between(parse("d3"), parse("d4"))
    assert parse_segment("d4e") == parse_segment("e4w") == between(parse("d4"), parse("e4"))
    assert segment_name(parse_segment("a4w")) == "a4w"
    with pytest.raises(InvalidNotation):
        parse_segment("d3/e4")


POSITIONS = [
    "south: Kd1 Hf1 Pe1; north: Kd11 Hf11 Pe11; turn: south",
    "south: Kd4 Hd4 Pe2 Wa3n Wb3n Tc3n Wc4e; north: K^d9s Hf10 Pe11 Wa8n Wb8n Tc8n Wd8n; "
    "turn: north; spun: 2walls; builds: 1",
    "south: Kc6 Hc6 Pe2; north: Kd10 Hf10 Pe11 Wi8e; turn: south; spun: ladder",
]


@pytest.mark.parametrize("text", POSITIONS)
def test_position_texts_round_trip(text: str) -> None:
    assert check_position_text(alako, parse_position(text)) == text


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("south: Kd1 Hf1; north: Kd11 Hf11 Pe11", "alako.missing_piece"),
        ("south: Kd1 Hd1 Pd1; north: Kd11 Hf11 Pe11", "alako.shared_square"),
        ("south: Kd6 Hf1 Pe1; north: Kd11 Hf11 Pe11", "alako.knight_in_river"),
        ("south: Kd1 Hf1 Pe7; north: Kd11 Hf11 Pe11", "alako.princess_outside"),
        ("south: Kd1 Hf1 Pe1 Wb3n; north: Kd11 Hf11 Pe11", "alako.bad_line"),
        ("south: Kd1 Hf1 Pe1 Wa3n Tb3n Tc3n; north: Kd11 Hf11 Pe11", "alako.bad_line"),
        ("south: Kd1 Hf1 Pe1; north: Kd11 Hf11 Pe11; colour: red", "alako.unknown_field"),
        ("south: Kd1 Hf1 Pe1; north: Kd11 Hf11 Pe11; spun: cannon", "alako.bad_face"),
    ],
)
def test_bad_positions_say_what_is_wrong(text: str, code: str) -> None:
    with refused((InvalidNotation, InvalidPosition), code):
        parse_position(text)


@settings(max_examples=60)
@given(st.lists(st.sampled_from(["W", "T"]), min_size=0, max_size=19), st.randoms())
def test_any_legal_line_round_trips(kinds, rng) -> None:
    from engine.alako.lines import next_segments
    from engine.alako.state import Fort

    line: tuple[Fort, ...] = ()
    for kind in kinds:
        options = next_segments(0, line)
        if not options or (kind == "T" and line and line[-1].kind == "T"):
            break
        line = (*line, Fort(rng.choice(options), kind))
    body = " ".join(f"{f.kind}{segment_name(f.segment)}" for f in line)
    text = f"south: Kd1 Hf1 Pe1 {body}; north: Kd11 Hf11 Pe11; turn: south".replace("  ", " ")
    assert parse_position(text).sides[0].line == line
