"""Échec au Roi: the medieval chess wargame on a 9x9 board (RULINGS 3).

The module-level functions implement ``engine.protocol.Game``; ``RULES`` bundles them.
Seats are ``south`` and ``north``; phases placement (level 2), opening (the roll for the
first move), battle and over."""

from __future__ import annotations

from types import SimpleNamespace

from engine.echec.actions import (
    Action,
    Advance,
    Attack,
    Confirm,
    End,
    Lift,
    Place,
    Resign,
    Roll,
    Turn,
    parse_action,
)
from engine.echec.board import NORTH, SEATS, SOUTH
from engine.echec.config import FREE, SECRET, STANDARD, EchecConfig, parse_units
from engine.echec.game import (
    apply,
    default_action,
    legal_actions,
    new_game,
    outcome,
    to_act,
    view,
)
from engine.echec.position import (
    Position,
    format_position,
    parse_position,
    position_of,
    state_from_position,
)
from engine.echec.serialize import from_dict, to_dict
from engine.echec.state import (
    BATTLE,
    OPENING,
    OVER,
    PLACEMENT,
    AttackReport,
    Base,
    EchecState,
    LastAction,
    Side,
)

NAME = "echec"

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
)

__all__ = [
    "BATTLE",
    "FREE",
    "NAME",
    "NORTH",
    "OPENING",
    "OVER",
    "PLACEMENT",
    "RULES",
    "SEATS",
    "SECRET",
    "SOUTH",
    "STANDARD",
    "Action",
    "Advance",
    "Attack",
    "AttackReport",
    "Base",
    "Confirm",
    "EchecConfig",
    "EchecState",
    "End",
    "LastAction",
    "Lift",
    "Place",
    "Position",
    "Resign",
    "Roll",
    "Side",
    "Turn",
    "apply",
    "default_action",
    "format_position",
    "from_dict",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_position",
    "parse_units",
    "position_of",
    "state_from_position",
    "to_act",
    "to_dict",
    "view",
]
