"""Action texts and the position text: canonical forms read back, players' forms are
forgiven, mistakes say what would be right."""

from __future__ import annotations

import pytest

from engine import echec
from engine.echec import (
    format_position,
    parse_action,
    parse_position,
    position_of,
    state_from_position,
)
from engine.echec.perft import DEFAULT_POSITION
from engine.errors import InvalidNotation, InvalidPosition
from tests.engine.helpers import check_position_text

CANONICAL = [
    (echec.Advance("c2"), "advance c2"),
    (echec.Advance("d1", 3), "advance d1 3"),
    (echec.Turn("c2", "e"), "turn c2 e"),
    (echec.Attack("c2", "c3"), "attack c2 c3"),
    (echec.End(), "end"),
    (echec.Place("A", "c1", "n"), "place archers c1 n"),
    (echec.Place("P", "a1", "n", 3), "place peasants 3 a1 n"),
    (echec.Place("H", "b2", "w", 1), "place heavy 1 b2 w"),
    (echec.Lift("c1"), "lift c1"),
    (echec.Confirm(), "confirm"),
    (echec.Roll(), "roll"),
    (echec.Resign(), "resign"),
]


@pytest.mark.parametrize("action, text", CANONICAL)
def test_canonical_texts_read_back(action, text: str) -> None:
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text, action",
    [
        ("Advance C2", echec.Advance("c2")),
        ("advance d1 by 3", echec.Advance("d1", 3)),
        ("c2+", echec.Advance("c2")),
        ("d1+3", echec.Advance("d1", 3)),
        ("turn c2 east", echec.Turn("c2", "e")),
        ("turn c2 to West", echec.Turn("c2", "w")),
        ("c2>s", echec.Turn("c2", "s")),
        ("attack c2 x c3", echec.Attack("c2", "c3")),
        ("c2xc3", echec.Attack("c2", "c3")),
        ("place infantry 4 c2 north", echec.Place("I", "c2", "n")),
        ("place heavy infantry 2 a1 e", echec.Place("H", "a1", "e", 2)),
        ("Ac1n", echec.Place("A", "c1", "n")),
        ("P3a1n", echec.Place("P", "a1", "n", 3)),
        ("  end turn ", echec.End()),
        ("pass", echec.End()),
    ],
)
def test_players_forms_are_forgiven(text: str, action) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    "text, code",
    [
        ("fly c2", "echec.bad_action"),
        ("advance z9", None),
        ("advance c2 12", "echec.bad_steps"),
        ("turn c2 up-left", "echec.bad_facing"),
        ("place dragons c1 n", "echec.bad_kind"),
        ("", "echec.empty"),
    ],
)
def test_bad_texts_say_what_would_be_right(text: str, code: str | None) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_action(text)
    if code:
        assert info.value.code == code
    assert str(info.value)


def test_the_position_text_round_trips() -> None:
    text = (
        "south: K1e1n C1d4e* P3a2n M2b2w H1h2s; north: K1e9s A1g9s* I10c8s; turn: north; actions: 1"
    )
    pos = parse_position(text)
    assert check_position_text(echec, pos) == text
    state = state_from_position(pos, seed=b"x", game_id="x")
    assert position_of(state) == pos
    assert state.turn == "north" and state.actions_left == 1
    default = parse_position(DEFAULT_POSITION)
    assert format_position(default) == DEFAULT_POSITION


@pytest.mark.parametrize(
    "text, error",
    [
        ("south: I4c2n; north: K1e9s", InvalidPosition),  # south has no king
        ("south: K1e1n K1e2n; north: K1e9s", InvalidPosition),
        ("south: K1e1n I4e1n; north: K1e9s", InvalidPosition),  # two bases on e1
        ("south: K1e1n I11c2n; north: K1e9s", InvalidPosition),
        ("south: K1e1n C3c2n; north: K1e9s", InvalidPosition),
        ("south: K1e1n Z4c2n; north: K1e9s", InvalidNotation),
        ("south: K1e1n; north: K1e9s; turn: east", InvalidPosition),
        ("south: K1e1n; north: K1e9s; actions: 3", InvalidPosition),
        ("south K1e1n", InvalidNotation),
        ("west: K1e1n", InvalidNotation),
    ],
)
def test_bad_positions_are_refused(text: str, error: type) -> None:
    with pytest.raises(error):
        parse_position(text)
