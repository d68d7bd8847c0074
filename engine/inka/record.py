"""Inka games and their records (see ``engine.record.Opening``)."""

from __future__ import annotations

from engine.inka.config import InkaConfig
from engine.inka.game import new_game
from engine.inka.position import state_from_position
from engine.record import Opening

OPENING = Opening("inka", InkaConfig.from_dict, new_game, state_from_position)
initial_state = OPENING.initial_state
new_record = OPENING.new_record
