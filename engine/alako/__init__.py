"""Les Chevaliers d'Alako: knight, horse, princess and the spinning top (RULINGS 5)."""

from __future__ import annotations

from engine.alako import actions, game, serialize
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
from engine.alako.game import *
from engine.alako.position import *
from engine.alako.serialize import from_dict, to_dict
from engine.alako.spinner import FACES
from engine.alako.state import ACT, LOTS, OVER, PHASES, SPIN, AlakoState, Fort, Side
from engine.protocol import GameInfo, rules_of

NAME = "alako"
INFO = GameInfo(NAME, "Les Chevaliers d'Alako", SEATS, (2, 2), (2, 2), PHASES, chance=True)
RULES = rules_of(INFO, game, actions, serialize, game.default_action)
