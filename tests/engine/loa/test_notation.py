"""Action texts, square names and position texts: canonical, forgiving, lossless."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import loa
from engine.errors import InvalidConfig, InvalidNotation, InvalidPosition, InvalidRecord
from engine.loa import (
    AcceptDraw,
    DeclineDraw,
    LoaConfig,
    Move,
    OfferDraw,
    Place,
    Position,
    Resign,
    format_position,
    from_dict,
    new_game,
    parse_action,
    parse_position,
    position_of,
)
from engine.loa.notation import parse_square, square_name
from tests.engine.helpers import check_position_text, refused
from tests.engine.loa.helpers import position

coords = st.tuples(st.integers(-30, 40), st.integers(-30, 40))


@given(coords)
def test_square_names_round_trip(coord: tuple[int, int]) -> None:
    name = square_name(coord)
    assert parse_square(name, bounded=False) == coord
    assert name[0] == "(" or (0 <= coord[0] < 8 and 0 <= coord[1] < 8)


@given(coords, coords, st.booleans())
def test_move_texts_round_trip(a: tuple[int, int], b: tuple[int, int], capture: bool) -> None:
    move = Move(square_name(a), square_name(b), capture)
    assert parse_action(str(move)) == move
    assert parse_action(str(Place(square_name(a)))) == Place(square_name(a))


def test_input_is_forgiving() -> None:
    assert parse_action("B1-B3") == Move("b1", "b3")
    assert parse_action(" b1 b3 ") == Move("b1", "b3")
    assert parse_action("b1b3") == Move("b1", "b3")
    assert parse_action("c1xa3") == parse_action("c1-a3") == Move("c1", "a3")
    assert str(parse_action("c1xa3")) == "c1xa3"
    assert parse_action("a2 - ( -1 , 2 )") == Move("a2", "(-1,2)")
    assert parse_action("(1,2)-(3,2)") == Move("a2", "c2")  # canonical names inside a1-h8
    assert parse_action("@ E4") == parse_action("place e4") == Place("e4")
    words = {
        "draw": OfferDraw(),
        "Offer Draw": OfferDraw(),
        "accept": AcceptDraw(),
        "decline draw": DeclineDraw(),
        "resign": Resign(),
    }
    for text, action in words.items():
        assert parse_action(text) == action
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "b1", "b1-", "z", "a9-a10", "hello", "@", "e4-(1,)"])
def test_bad_action_texts_are_refused_with_help(text: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_action(text)
    assert err.value.code is not None and str(err.value)


def test_letter_squares_beyond_h8_ask_for_coordinates() -> None:
    with refused(InvalidNotation, "loa.use_coordinates") as err:
        parse_action("a8-a9")
    assert "(1,9)" in str(err.value)


def test_position_text_round_trips_every_variant() -> None:
    for variant in ("standard", "scrambled", "parachute", "teams", "ambidextrous", "unbounded"):
        state = new_game(LoaConfig(variant), seed=b"s", game_id="g")
        text = check_position_text(loa, position_of(state))
        assert text.startswith(f"variant: {variant};")
    teams = format_position(position_of(new_game(LoaConfig("teams"), seed=b"s", game_id="g")))
    assert "*h2" in teams and "*b8" in teams and "turn: white1" in teams
    para = format_position(position_of(new_game(LoaConfig("parachute"), seed=b"s", game_id="g")))
    assert "held: white 6, black 6" in para


def test_position_text_keeps_step_parts_and_signed_squares() -> None:
    text = (
        "variant: parachute; white: a2 c5 h8; black: e4 e6; held: white 1, black 0; "
        "turn: white; step: place"
    )
    assert format_position(parse_position(text)) == text
    ambi = (
        "variant: ambidextrous; white: *a1 e4; black: b1 *h8; parts: white unmarked, black marked"
    )
    pos = parse_position(ambi)
    assert pos.parts == (0, 1) and parse_position(format_position(pos)) == pos
    open_ = parse_position("variant: unbounded; white: (-2,4), d4; black: (12,-3) b1")
    assert (-3, 3, 0) in open_.pieces and (11, -4, 1) in open_.pieces
    assert parse_position(format_position(open_)) == open_


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("white: a2 a2; black: b1", "loa.two_pieces"),
        ("white: a2; black:", "loa.no_pieces"),
        ("white: *a2; black: b1", "loa.no_marks"),
        ("white: a2; black: b1; turn: red", "loa.bad_turn"),
        ("white: a2; black: b1; held: white 2", "loa.no_held"),
        ("white: a2 (0,3); black: b1", "loa.off_board"),
        ("variant: chess; white: a2; black: b1", "loa.bad_variant"),
        ("white a2", "loa.position_field"),
        ("colour: a2", "loa.position_unknown_field"),
        ("variant: parachute; white: a2; black: b1; step: place", "loa.nothing_held"),
        ("white: a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3; black: a1", "loa.too_many"),
        ("white: a2 zz; black: b1", "loa.bad_square"),
    ],
)
def test_bad_positions_are_refused(text: str, code: str) -> None:
    with refused((InvalidNotation, InvalidPosition), code):
        parse_position(text)


def test_positions_default_to_the_standard_game_and_first_seat() -> None:
    pos = parse_position("white: a2; black: b1 c3")
    assert pos == Position("standard", frozenset({(0, 1, 0), (1, 0, 1), (2, 2, 1)}), "white")


def test_bad_configs_and_states_are_refused() -> None:
    with pytest.raises(InvalidConfig):
        LoaConfig("chess")
    with pytest.raises(InvalidConfig):
        LoaConfig(first="red")
    with pytest.raises(InvalidConfig):
        LoaConfig.from_dict({"variant": "standard", "colour": 1})
    with pytest.raises(InvalidRecord):
        from_dict({"game": "loka"})
    with pytest.raises(InvalidRecord):
        from_dict({"game": "loa", "schema": 1})
    state = position("white: a2; black: b1 c3")
    assert state.seat_to_move == "white"
