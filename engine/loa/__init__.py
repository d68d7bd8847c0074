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
from engine.loa.state import LoaState
from engine.protocol import bundle

NAME = "loa"
RULES = bundle(NAME, game, actions, serialize)
