"""Loka: four-army team chess with army points, terrain and dice combat (RULINGS 1)."""

from __future__ import annotations

from engine.loka import actions, game, serialize
from engine.loka.actions import (
    Action,
    Confirm,
    Deploy,
    Draft,
    Keep,
    Move,
    Reroll,
    Resign,
    parse_action,
)
from engine.loka.combat import Odds
from engine.loka.config import ARMIES, TEAMS, LokaConfig
from engine.loka.game import *
from engine.loka.position import *
from engine.loka.serialize import from_dict, to_dict
from engine.loka.state import BATTLE, DEPLOYMENT, OVER, PHASES, SELECTION, LokaState
from engine.protocol import GameInfo, rules_of

NAME = "loka"
# Chance (dice), hidden information (secret choices), needs DMs (told there):
INFO = GameInfo(NAME, "Loka", ARMIES, (4, 4), (2, 4), PHASES, True, True, True)
RULES = rules_of(INFO, game, actions, serialize, game.default_action)
