"""Loka: four-army team chess with army points, terrain and dice combat (RULINGS 1).

The module-level functions implement ``engine.protocol.Game``; ``RULES`` bundles them."""

from __future__ import annotations

from types import SimpleNamespace

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
from engine.loka.game import (
    apply,
    attack_odds,
    default_action,
    legal_actions,
    new_game,
    outcome,
    to_act,
    view,
)
from engine.loka.position import (
    Position,
    format_position,
    parse_position,
    position_of,
    state_from_position,
)
from engine.loka.serialize import from_dict, to_dict
from engine.loka.state import BATTLE, DEPLOYMENT, OVER, SELECTION, LokaState

NAME = "loka"

RULES = SimpleNamespace(
    name=NAME,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    parse_action=parse_action,
    to_dict=to_dict,
    from_dict=from_dict,
    new=new_game,
    default_action=default_action,
)

__all__ = [
    "ARMIES",
    "BATTLE",
    "DEPLOYMENT",
    "NAME",
    "OVER",
    "RULES",
    "SELECTION",
    "TEAMS",
    "Action",
    "Confirm",
    "Deploy",
    "Draft",
    "Keep",
    "LokaConfig",
    "LokaState",
    "Move",
    "Odds",
    "Position",
    "Reroll",
    "Resign",
    "apply",
    "attack_odds",
    "default_action",
    "format_position",
    "from_dict",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_position",
    "position_of",
    "state_from_position",
    "to_act",
    "to_dict",
    "view",
]
