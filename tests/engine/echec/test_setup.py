"""Before the battle (RULINGS 3): the standard set-up, the roll for the first move, free and
secret placement, the army builder and the level 2 options."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import echec
from engine.echec.board import INDEX
from engine.echec.config import parse_units
from engine.errors import IllegalAction, InvalidConfig
from tests.engine.echec.helpers import at, faces
from tests.engine.helpers import ScriptedDice, refused


def test_the_standard_set_up_of_both_armies() -> None:
    state = echec.new_game(seed=b"s", game_id="g")
    expect = {"e1": "K", "d1": "C", "f1": "C", "c1": "A", "g1": "A"}
    expect |= {f"{f}2": "I" for f in "cdefg"}
    for square, kind in expect.items():
        south = at(state, square)
        north = at(state, square[0] + str(10 - int(square[1])))
        assert (south.seat, south.kind, south.facing) == ("south", kind, "n")
        assert (north.seat, north.kind, north.facing) == ("north", kind, "s")
    bases = [b for b in state.board if b is not None]
    assert len(bases) == 20
    figures = {b.kind: b.figures for b in bases}
    assert figures == {"K": 1, "C": 2, "A": 4, "I": 4}
    assert state.phase == "opening" and set(echec.to_act(state)) == {"south", "north"}


def opening(rolls: tuple[int, ...]):
    state = echec.new_game(seed=b"s", game_id="g")
    return replace(state, dice=ScriptedDice(rolls))


def test_most_axes_moves_first() -> None:
    state = opening(faces("axe", "blank", "blank", "blank") + faces("axe", "axe", "panic", "arrow"))
    assert echec.legal_actions(state, "south") == [echec.Roll()]
    state, events = echec.apply(state, echec.Roll(), "south")
    assert echec.to_act(state) == ("north",) and events[-1].data["axes"] == 1
    state, events = echec.apply(state, echec.Roll(), "north")
    assert state.phase == "battle" and state.turn == "north" and state.actions_left == 2
    assert any(e.kind == "first_player" and e.data["seat"] == "north" for e in events)


def test_a_tie_rolls_again() -> None:
    tie = faces("axe", "blank", "blank", "blank") * 2
    state = opening(tie + faces(*["blank"] * 4) + faces("axe", "axe", "axe", "axe"))
    state, _ = echec.apply(state, echec.Roll(), "north")
    state, events = echec.apply(state, echec.Roll(), "south")
    assert state.phase == "opening" and any(e.kind == "opening_tie" for e in events)
    assert set(echec.to_act(state)) == {"south", "north"}
    state, _ = echec.apply(state, echec.Roll(), "south")
    state, _ = echec.apply(state, echec.Roll(), "north")
    assert state.turn == "north"


def places(state, seat: str, kind: str) -> list[echec.Place]:
    return [
        a for a in echec.legal_actions(state, seat) if isinstance(a, echec.Place) and a.kind == kind
    ]


def place_all(state, seat: str, *, skip: int = 0):
    """Place every base of the reserve on the first legal square, facing forward."""
    forward = "n" if seat == "south" else "s"
    while True:
        places = [a for a in echec.legal_actions(state, seat) if isinstance(a, echec.Place)]
        places = [a for a in places if a.facing == forward]
        if len(places) <= skip or not places:
            return state
        state, _ = echec.apply(state, places[0], seat)


def test_free_placement_puts_the_king_on_the_royal_square_and_the_rest_on_two_ranks() -> None:
    state = echec.new_game(echec.EchecConfig(level=2), seed=b"s", game_id="g")
    assert state.phase == "placement" and set(echec.to_act(state)) == {"south", "north"}
    kings = {a.square for a in places(state, "south", "K")}
    assert kings == {"e1"}
    others = {a.square for a in places(state, "north", "I")}
    assert others == {f"{f}{r}" for f in "abcdefghi" for r in (8, 9)} - {"e9"}
    for bad, code in (
        (echec.Place("K", "d1", "n"), "echec.king_on_royal"),
        (echec.Place("I", "e1", "n"), "echec.royal_reserved"),
        (echec.Place("I", "c3", "n"), "echec.not_home"),
        (echec.Place("P", "c2", "n"), "echec.none_left"),
    ):
        with refused(IllegalAction, code):
            echec.apply(state, bad, "south")
    state, _ = echec.apply(state, echec.Place("A", "a2", "e"), "south")  # any facing
    assert at(state, "a2").facing == "e"
    with refused(IllegalAction, "echec.square_taken"):
        echec.apply(state, echec.Place("I", "a2", "n"), "south")
    with refused(IllegalAction, "echec.reserve_left"):
        echec.apply(state, echec.Confirm(), "south")
    state, _ = echec.apply(state, echec.Lift("a2"), "south")
    assert at(state, "a2") is None and ("A", 4) in state.side("south").reserve


def test_both_confirm_then_the_first_move_is_rolled() -> None:
    state = echec.new_game(echec.EchecConfig(level=2), seed=b"s", game_id="g")
    state = place_all(state, "south")
    assert echec.Confirm() in echec.legal_actions(state, "south")
    state, _ = echec.apply(state, echec.Confirm(), "south")
    assert echec.to_act(state) == ("north",)
    state = place_all(state, "north")
    state, events = echec.apply(state, echec.Confirm(), "north")
    assert state.phase == "opening"
    revealed = next(e for e in events if e.kind == "placement_revealed")
    assert len(revealed.data["bases"]["south"]) == 10 and revealed.visible_to is None


def test_secret_placement_shows_nothing_of_the_other_army_until_both_confirm() -> None:
    config = echec.EchecConfig(level=2, placement="secret", units="P3 M2 H1")
    state = echec.new_game(config, seed=b"s", game_id="g")
    state, events = echec.apply(state, echec.Place("A", "b2", "e"), "south")
    assert events[0].visible_to == frozenset({"south"})
    state = place_all(state, "south")
    state = place_all(state, "north", skip=3)
    for seat, other in (("south", "north"), ("north", "south"), (None, None)):
        seen = echec.view(state, seat)
        assert all(b is None or b.seat == seat for b in seen.board)
        for s in ("south", "north"):
            if s != seat:
                assert seen.side(s).hidden and seen.side(s).reserve == ()
        text = json.dumps(echec.to_dict(seen))
        if other is not None:
            assert f'"seat": "{other}"' not in text  # none of its bases
    mine = echec.view(state, "south")
    assert at(mine, "b2").facing == "e" and mine.side("south") == state.side("south")
    state, _ = echec.apply(state, echec.Confirm(), "south")
    assert echec.view(state, "north").side("south").confirmed  # only that it is ready shows
    state = place_all(state, "north")
    state, _ = echec.apply(state, echec.Confirm(), "north")
    assert echec.view(state, "north").board == state.board  # revealed together
    assert echec.view(state, None).board == state.board


def test_a_secret_view_does_not_change_when_the_other_army_places_or_lifts() -> None:
    """Not even the ply, which counts both armies' placing actions."""
    config = echec.EchecConfig(level=2, placement="secret", units="P3")
    state, _ = echec.apply(
        echec.new_game(config, seed=b"s", game_id="g"), echec.Place("A", "b1", "n"), "south"
    )
    before = echec.view(state, "south")
    for action in (echec.Place("A", "b9", "s"), echec.Lift("b9"), echec.Place("P", "c8", "s", 3)):
        state, _ = echec.apply(state, action, "north")
        assert echec.view(state, "south") == before
    assert state.ply == 4 and before.ply == 0
    assert echec.view(place_all(state, "north"), "north").ply == 0


def test_the_seed_is_hidden_from_every_view_until_the_game_is_over() -> None:
    state = echec.new_game(seed=b"secret", game_id="g")
    for seat in ("south", "north", None):
        assert echec.view(state, seat).dice.seed is None


def test_optional_units_join_the_reserve() -> None:
    config = echec.EchecConfig(level=2, units="P3 P2 M2 H1 H2")
    state = echec.new_game(config, seed=b"s", game_id="g")
    reserve = state.side("north").reserve
    for unit in (("P", 3), ("P", 2), ("M", 2), ("H", 1), ("H", 2)):
        assert unit in reserve
    assert len(reserve) == 15
    sizes = {a.figures for a in places(state, "south", "P")}
    assert sizes == {2, 3}
    state, _ = echec.apply(state, echec.Place("P", "a1", "n", 2), "south")
    assert at(state, "a1").figures == 2
    state, _ = echec.apply(state, echec.Place("H", "b1", "n"), "south")  # no size: the largest
    assert at(state, "b1").figures == 2


def test_per_seat_armies_and_massive_infantry() -> None:
    config = echec.EchecConfig(level=2, armies={"north": "M1"}, massive=True)
    state = echec.new_game(config, seed=b"s", game_id="g")
    assert ("M", 1) in state.side("north").reserve
    assert all(k != "M" for k, _ in state.side("south").reserve)
    assert ("I", 10) in state.side("south").reserve


@pytest.mark.parametrize(
    "text, code",
    [
        ("M1 M2", "echec.army_limits"),
        ("H1 H1 H2", "echec.army_limits"),
        ("P5", "echec.unit_size"),
        ("M3", "echec.unit_size"),
        ("X2", "echec.bad_unit"),
        ("9xP2", "echec.army_limits"),
    ],
)
def test_the_army_builder_keeps_the_limits(text: str, code: str) -> None:
    with refused(InvalidConfig, code):
        parse_units(text)


def test_army_builder_reads_letters_words_and_counts() -> None:
    assert parse_units("2xP3, mercenaries2 H1") == (("P", 3), ("P", 3), ("M", 2), ("H", 1))
    assert parse_units("8xP4") == (("P", 4),) * 8  # exactly fills the two home ranks


@pytest.mark.parametrize(
    "options, code",
    [
        ({"level": 3}, "echec.level"),
        ({"level": 1, "placement": "secret"}, "echec.level_2_option"),
        ({"level": 1, "massive": True}, "echec.level_2_option"),
        ({"level": 2, "placement": "standard", "units": "P2"}, "echec.units_need_placement"),
        ({"level": 2, "placement": "hidden"}, "echec.placement"),
        ({"level": 2, "armies": {"east": "P2"}}, "echec.seat"),
    ],
)
def test_options_that_do_not_fit_together(options: dict, code: str) -> None:
    with refused(InvalidConfig, code):
        echec.EchecConfig(**options)


def test_config_round_trips_and_level_2_defaults_to_free_placement() -> None:
    config = echec.EchecConfig(level=2, units="P3", massive=True)
    assert config.placement == "free"
    assert echec.EchecConfig.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    with pytest.raises(InvalidConfig):
        echec.EchecConfig.from_dict({"colour": "red"})


def test_resigning_ends_the_game_at_any_phase() -> None:
    from engine.echec import Resign, outcome

    state = echec.new_game(echec.EchecConfig(level=2, placement="secret"), seed=b"s", game_id="g")
    after, _ = echec.apply(state, Resign(), "north")
    assert outcome(after).winners == frozenset({"south"})
    assert outcome(after).termination == "resigned"
    assert INDEX["e1"] == 4
