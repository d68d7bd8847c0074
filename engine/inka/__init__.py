"""Inka: race through a temple of triangular cells, bridging chasms with sliding rhombi
(RULINGS 4). The module-level functions implement ``engine.protocol.Game``; ``RULES``
bundles them."""

from __future__ import annotations

from types import SimpleNamespace

from engine.inka.actions import (
    Action,
    Block,
    ChooseStart,
    End,
    Go,
    Passage,
    Place,
    Resign,
    Rotate,
    Slide,
    Take,
    parse_action,
)
from engine.inka.config import SEATS, InkaConfig
from engine.inka.game import (
    apply,
    legal_actions,
    new_game,
    opening_events,
    outcome,
    to_act,
    view,
)
from engine.inka.position import (
    Position,
    format_position,
    parse_position,
    position_of,
    state_from_position,
)
from engine.inka.serialize import from_dict, to_dict
from engine.inka.state import BUILD, OVER, PAWN, PLAY, RHOMBI, START, WALKED, InkaState
from engine.inka.temple import TEMPLE

NAME = "inka"

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
    "BUILD",
    "NAME",
    "OVER",
    "PAWN",
    "PLAY",
    "RHOMBI",
    "RULES",
    "SEATS",
    "START",
    "TEMPLE",
    "WALKED",
    "Action",
    "Block",
    "ChooseStart",
    "End",
    "Go",
    "InkaConfig",
    "InkaState",
    "Passage",
    "Place",
    "Position",
    "Resign",
    "Rotate",
    "Slide",
    "Take",
    "apply",
    "format_position",
    "from_dict",
    "legal_actions",
    "new_game",
    "opening_events",
    "outcome",
    "parse_action",
    "parse_position",
    "position_of",
    "state_from_position",
    "to_act",
    "to_dict",
    "view",
]
