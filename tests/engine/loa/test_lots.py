"""Colours by lot (RULINGS 2, "les couleurs sont tirées au sort"): with ``lots`` the game
begins by drawing, with its own dice, which player holds each seat; the draw is recorded and
replays; nothing else may happen before it."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.errors import IllegalAction, InvalidConfig, InvalidRecord
from engine.loa import (
    RULES,
    DrawLots,
    LoaConfig,
    Move,
    OfferDraw,
    Resign,
    apply,
    from_dict,
    legal_actions,
    new_game,
    state_from_position,
    to_act,
    to_dict,
)
from engine.loa.record import initial_state, new_record
from tests.engine.helpers import refused


def drawing(variant: str = "standard", seed: bytes = b"seed", game_id: str = "g1"):  # type: ignore[no-untyped-def]
    return new_game(LoaConfig(variant, lots=True), seed=seed, game_id=game_id)


def test_nothing_but_the_draw_may_happen_first() -> None:
    state = drawing()
    assert state.drawing and to_act(state) == ("white",)
    assert legal_actions(state) == [DrawLots()] and legal_actions(state, "black") == []
    for action, seat in ((Move("a2", "c4"), "white"), (OfferDraw(), "black"), (Resign(), "black")):
        with refused(IllegalAction, "loa.lots_first"):
            apply(state, action, seat)


def test_two_players_draw_with_the_games_first_roll() -> None:
    seen = set()
    for n in range(12):
        seed = f"seed-{n}".encode()
        state = drawing(seed=seed)
        after, events = apply(state, DrawLots(), "white")
        value, dice = Dice(seed, "g1").roll(2)  # the game's very first roll
        assert after.lots == (value, 3 - value)  # d2 = n: player n plays White
        assert after.dice == dice and not after.drawing
        assert [e.kind for e in events] == ["roll", "lots"]
        assert events[0].data == {
            "die": 2, "value": value, "draw": 0, "purpose": "lots", "seat": "white"
        }  # fmt: skip
        assert events[1].data == {
            "players": {"white": value, "black": 3 - value}, "rolls": [[2, value]]
        }  # fmt: skip
        assert to_act(after) == ("white",) and after.ply == 0  # White moves first, as before
        with refused(IllegalAction, "loa.lots_drawn"):
            apply(after, DrawLots(), "white")
        seen.add(after.lots)
    assert seen == {(1, 2), (2, 1)}  # either player may get White


def test_four_players_keep_their_partner_and_a_d2_gives_one_team_white() -> None:
    # RULINGS 2: the lot assigns the two teams' colours. Partners sit as players 1 and 2,
    # and 3 and 4; the lower number of each team plays its part 1 (a-file, rank 1).
    seen = set()
    for n in range(12):
        seed = f"teams-{n}".encode()
        after, events = apply(drawing("teams", seed=seed), DrawLots())
        value, dice = Dice(seed, "g1").roll(2)  # one roll, the game's first
        assert after.lots == ((1, 3, 2, 4) if value == 1 else (3, 1, 4, 2))
        assert after.dice == dice
        assert [e.data["die"] for e in events if e.kind == "roll"] == [2]
        assert events[-1].data == {
            "players": dict(zip(("white1", "black1", "white2", "black2"), after.lots, strict=True)),
            "rolls": [[2, value]],
        }
        assert {frozenset(after.lots[0::2]), frozenset(after.lots[1::2])} == {
            frozenset({1, 2}), frozenset({3, 4})
        }  # fmt: skip
        assert to_act(after) == ("white1",)
        seen.add(after.lots)
    assert len(seen) == 2  # either team may get White


def test_the_draw_is_saved_recorded_and_replays() -> None:
    config = LoaConfig("standard", lots=True)
    state = new_game(config, seed=b"s", game_id="g7")
    record = new_record(config, b"s", "g7")
    for action in (DrawLots(), Move("a2", "c4"), Move("b1", "b3")):
        seat = to_act(state)[0]
        state, events = apply(state, action, seat)
        record.add(seat, action, events)
    assert from_dict(to_dict(state)) == state
    text = record.export_text(reveal_seed=True)
    assert f"1. white: lots {{#0 d2={state.lots[0]}}}" in text
    replayed = type(record).parse_text(text).replay(initial_state, RULES)
    assert replayed == state
    forged = text.replace(f"d2={state.lots[0]}", f"d2={state.lots[1]}")
    with pytest.raises(InvalidRecord):
        type(record).parse_text(forged).replay(initial_state, RULES)


def test_without_lots_the_seats_are_the_colours_and_old_states_load() -> None:
    plain = new_game(LoaConfig(), seed=b"s", game_id="g")
    assert not plain.drawing and plain.lots is None and to_act(plain) == ("white",)
    data = to_dict(plain)
    del data["lots"]  # a state saved before the draw existed
    assert from_dict(data) == plain
    start = state_from_position("white: a1 b2; black: h8 g6", LoaConfig(lots=True), seed=b"s",
                                game_id="g")  # fmt: skip
    assert start.drawing  # a game from a position draws its colours too
    with pytest.raises(InvalidConfig):
        LoaConfig(lots="yes")  # type: ignore[arg-type]
