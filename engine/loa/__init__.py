"""Lines of Action (Claude Soucie) with its variants: Scrambled Eggs, Parachute, four
players in teams, ambidextrous, and beyond the edges (RULINGS 2).

The module-level functions implement ``engine.protocol.Game``; ``RULES`` bundles them."""

from __future__ import annotations

from types import SimpleNamespace

from engine.loa.actions import (
    AcceptDraw,
    Action,
    DeclineDraw,
    DrawLots,
    Move,
    OfferDraw,
    Place,
    Resign,
    parse_action,
)
from engine.loa.config import (
    AMBIDEXTROUS,
    PARACHUTE,
    SCRAMBLED,
    STANDARD,
    TEAM_SEATS,
    TEAMS,
    TWO_SEATS,
    UNBOUNDED,
    VARIANTS,
    LoaConfig,
)
from engine.loa.game import apply, legal_actions, new_game, outcome, to_act, view
from engine.loa.position import (
    Position,
    format_position,
    parse_position,
    position_of,
    state_from_position,
)
from engine.loa.rules import MOVE, PLACE
from engine.loa.serialize import from_dict, to_dict
from engine.loa.state import LoaState

NAME = "loa"

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
    "AMBIDEXTROUS",
    "MOVE",
    "NAME",
    "PARACHUTE",
    "PLACE",
    "RULES",
    "SCRAMBLED",
    "STANDARD",
    "TEAMS",
    "TEAM_SEATS",
    "TWO_SEATS",
    "UNBOUNDED",
    "VARIANTS",
    "AcceptDraw",
    "Action",
    "DeclineDraw",
    "DrawLots",
    "LoaConfig",
    "LoaState",
    "Move",
    "OfferDraw",
    "Place",
    "Position",
    "Resign",
    "apply",
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
