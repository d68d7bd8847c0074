"""Lines of Action (Claude Soucie) with its variants: Scrambled Eggs, Parachute, four
players in teams, ambidextrous, and beyond the edges (RULINGS 2)."""

from __future__ import annotations

from engine.loa import actions, game, serialize
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
from engine.loa.game import *
from engine.loa.position import *
from engine.loa.rules import MOVE, PLACE
from engine.loa.serialize import from_dict, to_dict
from engine.loa.state import LOTS, OVER, PHASES, LoaState
from engine.protocol import GameInfo, rules_of

NAME = "loa"
INFO = GameInfo(
    NAME, "Lines of Action", TWO_SEATS + TEAM_SEATS, (2, 4), (2, 4), PHASES, chance=True
)
RULES = rules_of(INFO, game, actions, serialize)
