"""Inka: race through a temple of triangular cells, bridging chasms with sliding rhombi
(RULINGS 4)."""

from __future__ import annotations

from engine.inka import actions, game, serialize
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
from engine.inka.game import *
from engine.inka.position import *
from engine.inka.serialize import from_dict, to_dict
from engine.inka.state import BUILD, OVER, PAWN, PHASES, PLAY, RHOMBI, START, WALKED, InkaState
from engine.inka.temple import TEMPLE
from engine.protocol import GameInfo, rules_of

NAME = "inka"
INFO = GameInfo(NAME, "Inka", SEATS, (2, 4), (2, 4), PHASES, chance=True)
RULES = rules_of(INFO, game, actions, serialize, game.default_action)
