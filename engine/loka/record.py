"""Loka games and their records (see ``engine.record.Opening``)."""

from __future__ import annotations

from engine.loka.config import LokaConfig
from engine.loka.game import new_game
from engine.loka.position import state_from_position
from engine.record import Opening

OPENING = Opening("loka", LokaConfig.from_dict, new_game, state_from_position)
initial_state = OPENING.initial_state
new_record = OPENING.new_record
