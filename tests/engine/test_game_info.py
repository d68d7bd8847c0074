"""Each game declares its facts once (``INFO``) and its rules are one object (``RULES``)
that implements the protocol and carries them."""

from __future__ import annotations

import dataclasses

import pytest

from ai.games import alako as ai_alako
from engine import alako, echec, inka, loa, loka, standard_chess
from engine.protocol import GameInfo, Rules

PACKAGES = (loka, loa, standard_chess, echec, inka, alako)


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.NAME)
def test_rules_carry_the_info_and_play_a_new_game(package):
    rules = package.RULES
    assert isinstance(rules, Rules)
    assert rules.info is package.INFO
    assert rules.name == package.NAME == package.INFO.kind
    state = rules.new(None, seed=b"info", game_id="g1")
    assert state.phase in rules.info.phases
    assert state.phase != rules.info.over_phase
    assert rules.to_act(state)
    assert set(state.seats if hasattr(state, "seats") else rules.to_act(state)) <= set(
        rules.info.seats
    )
    assert rules.from_dict(rules.to_dict(state)) == state


def test_facts_per_game():
    secret = {p.NAME for p in PACKAGES if p.INFO.hidden_information}
    dms = {p.NAME for p in PACKAGES if p.INFO.needs_dms}
    assert secret == dms == {"loka", "echec"}
    assert all(p.INFO.chance for p in PACKAGES)
    assert loka.INFO.seat_range == (4, 4) and loka.INFO.player_range == (2, 4)
    assert inka.INFO.seat_range == (2, 4) and echec.INFO.player_range == (2, 2)
    assert loa.INFO.phases == (loa.LOTS, loa.MOVE, loa.PLACE, loa.OVER)


def test_loa_state_has_a_phase():
    state = loa.RULES.new(loa.LoaConfig(), seed=b"lots", game_id="g1")
    assert state.phase == ("lots" if state.drawing else "move")


def test_a_game_without_a_default_plays_none():
    state = loa.RULES.new(None, seed=b"x", game_id="g1")
    assert loa.RULES.default_action(state, loa.RULES.to_act(state)[0]) is None


def test_an_ai_variant_is_the_same_rules_with_its_own_move_list():
    assert isinstance(ai_alako.RULES, Rules)
    assert ai_alako.RULES.info is alako.INFO
    assert ai_alako.RULES.legal_actions is not alako.RULES.legal_actions
    assert ai_alako.RULES.apply is alako.RULES.apply


def test_info_checks_itself():
    with pytest.raises(ValueError):
        GameInfo("x", "X", ("a", "b"), (2, 3), (2, 2), ("play", "over"))
    with pytest.raises(ValueError):
        GameInfo("x", "X", ("a", "b"), (2, 2), (2, 2), ("over", "play"))
    info = GameInfo("x", "X", ("a", "b"), (2, 2), (1, 2), ("play", "over"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.kind = "y"
