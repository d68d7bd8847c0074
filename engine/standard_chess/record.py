"""Chess games and their records (see ``engine.record.Opening``)."""

from __future__ import annotations

from engine.record import Opening
from engine.standard_chess.config import ChessConfig
from engine.standard_chess.game import new_game
from engine.standard_chess.position import state_from_position

OPENING = Opening("standard_chess", ChessConfig.from_dict, new_game, state_from_position)
initial_state = OPENING.initial_state
new_record = OPENING.new_record
