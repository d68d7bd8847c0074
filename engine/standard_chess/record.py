"""Chess games and their records (engine.record.GameRecord)."""

from __future__ import annotations

from typing import Any

from engine.dice import commitment
from engine.record import GameRecord
from engine.standard_chess.config import ChessConfig
from engine.standard_chess.game import new_game
from engine.standard_chess.position import state_from_position
from engine.standard_chess.state import ChessState

NAME = "standard_chess"


def initial_state(
    config: dict[str, Any], seed: bytes, game_id: str, start: str | None = None
) -> ChessState:
    """The state a record starts from: a new game, or its starting position text."""
    cfg = ChessConfig.from_dict(config)
    if start is not None:
        return state_from_position(start, cfg, seed=seed, game_id=game_id)
    return new_game(cfg, seed=seed, game_id=game_id)


def new_record(
    config: ChessConfig, seed: bytes, game_id: str, start: str | None = None
) -> GameRecord:
    return GameRecord(
        game=NAME,
        game_id=game_id,
        config=config.to_dict(),
        commitment=commitment(seed),
        start=start,
        seed=seed,
    )
