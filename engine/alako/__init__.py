"""Les Chevaliers d'Alako: knight, horse, princess and the spinning top (RULINGS 5).

The module-level functions implement ``engine.protocol.Game``; ``RULES`` bundles them."""

from __future__ import annotations

from types import SimpleNamespace

from engine.alako.actions import (
    AcceptDraw,
    Action,
    Build,
    Climb,
    DeclineDraw,
    Dismount,
    Lots,
    Move,
    OfferDraw,
    Pass,
    Resign,
    Spin,
    parse_action,
)
from engine.alako.board import SEATS, parse_segment, segment_name
from engine.alako.config import AlakoConfig
from engine.alako.game import (
    apply,
    build_segments,
    legal_actions,
    new_game,
    outcome,
    paths,
    to_act,
    view,
)
from engine.alako.position import (
    Position,
    format_position,
    parse_position,
    position_of,
    state_from_position,
)
from engine.alako.serialize import from_dict, to_dict
from engine.alako.spinner import FACES
from engine.alako.state import ACT, LOTS, OVER, SPIN, AlakoState, Fort, Side

NAME = "alako"

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
    "ACT",
    "FACES",
    "LOTS",
    "NAME",
    "OVER",
    "RULES",
    "SEATS",
    "SPIN",
    "AcceptDraw",
    "Action",
    "AlakoConfig",
    "AlakoState",
    "Build",
    "Climb",
    "DeclineDraw",
    "Dismount",
    "Fort",
    "Lots",
    "Move",
    "OfferDraw",
    "Pass",
    "Position",
    "Resign",
    "Side",
    "Spin",
    "apply",
    "build_segments",
    "format_position",
    "from_dict",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_position",
    "parse_segment",
    "paths",
    "position_of",
    "segment_name",
    "state_from_position",
    "to_act",
    "to_dict",
    "view",
]
