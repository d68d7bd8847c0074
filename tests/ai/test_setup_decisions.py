"""Set-up decisions that can be undone and redone (a Loka draft replaced, an Échec figure
lifted) come to an end at every level: the game's policy takes them from the view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.levels import LEVELS
from ai.player import choose, knowledge_of
from engine.echec.config import EchecConfig
from engine.loka.config import LokaConfig


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("kind", "config", "phase"),
    [
        ("loka", LokaConfig(), "selection"),
        ("loka", LokaConfig(players=2), "selection"),
        ("echec", EchecConfig(level=2, placement="secret"), "placement"),
        ("echec", EchecConfig(level=2, placement="free"), "placement"),
    ],
    ids=["loka4", "loka2", "echec-secret", "echec-free"],
)
def test_the_set_up_ends(kind: str, config: Any, phase: str, level: str) -> None:
    rules = knowledge_of(kind).rules
    state = rules.new(config, seed=b"setup", game_id="g")
    rng = random.Random(3)
    decisions = 0
    while state.phase == phase:
        seat = rules.to_act(state)[0]
        action = choose(kind, rules.view(state, seat), seat, level, rng)
        assert action in rules.legal_actions(state, seat)
        state, _ = rules.apply(state, action, seat)
        decisions += 1
        assert decisions < 120, f"{kind} is still in {phase} after {decisions} decisions"
    assert state.phase != phase
