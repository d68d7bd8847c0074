"""Alako games and their records (see ``engine.record.Opening``)."""

from __future__ import annotations

from engine.alako.config import AlakoConfig
from engine.alako.game import new_game
from engine.alako.position import state_from_position
from engine.record import Opening

OPENING = Opening("alako", AlakoConfig.from_dict, new_game, state_from_position)
initial_state = OPENING.initial_state
new_record = OPENING.new_record
