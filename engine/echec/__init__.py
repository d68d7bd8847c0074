"""Échec au Roi: the medieval chess wargame on a 9x9 board (RULINGS 3). Seats are ``south``
and ``north``; phases placement (level 2), opening (the roll for the first move), battle
and over."""

from __future__ import annotations

from engine.echec import actions, game, serialize
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
from engine.echec.game import *
from engine.echec.position import *
from engine.echec.serialize import from_dict, to_dict
from engine.echec.state import (
    BATTLE,
    OPENING,
    OVER,
    PHASES,
    PLACEMENT,
    AttackReport,
    Base,
    EchecState,
    LastAction,
    Side,
)
from engine.protocol import GameInfo, rules_of

NAME = "echec"
# Chance (dice), hidden information (secret choices), needs DMs (told there):
INFO = GameInfo(NAME, "Échec au Roi", SEATS, (2, 2), (2, 2), PHASES, True, True, True)
RULES = rules_of(INFO, game, actions, serialize, game.default_action)
