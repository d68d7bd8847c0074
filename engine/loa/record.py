"""Lines of Action games and their records (see ``engine.record.Opening``)."""

from __future__ import annotations

from engine.loa.config import LoaConfig
from engine.loa.game import new_game
from engine.loa.position import state_from_position
from engine.record import Opening

OPENING = Opening("loa", LoaConfig.from_dict, new_game, state_from_position)
initial_state = OPENING.initial_state
new_record = OPENING.new_record
