"""Échec au Roi games and their records (see ``engine.record.Opening``)."""

from __future__ import annotations

from engine.echec.config import EchecConfig
from engine.echec.game import new_game
from engine.echec.position import state_from_position
from engine.record import Opening

OPENING = Opening("echec", EchecConfig.from_dict, new_game, state_from_position)
initial_state = OPENING.initial_state
new_record = OPENING.new_record
