"""The AI reads each game's facts from its ``GameInfo``: a game with hidden information
needs its own determinization, and every game's knowledge searches that game's rules."""

from __future__ import annotations

import importlib

import pytest

from ai.knowledge import perfect_information
from engine import echec, loka

# ai.games.<module> -> the engine's kind
AI_GAMES = {
    "loka": "loka",
    "loa": "loa",
    "chess": "standard_chess",
    "echec": "echec",
    "inka": "inka",
    "alako": "alako",
}


@pytest.mark.parametrize("rules", [loka.RULES, echec.RULES], ids=["loka", "echec"])
def test_perfect_information_refuses_a_game_that_hides_choices(rules):
    with pytest.raises(ValueError, match="hides choices"):
        perfect_information(rules, lambda state, seat: 0.5)


@pytest.mark.parametrize("module, kind", sorted(AI_GAMES.items()))
def test_each_game_knowledge_searches_its_own_rules(module, kind):
    knowledge = importlib.import_module(f"ai.games.{module}").KNOWLEDGE
    assert knowledge.rules.info.kind == kind
