"""Lines of Action games and their records."""

from __future__ import annotations

from typing import Any

from engine.dice import commitment
from engine.loa.config import LoaConfig
from engine.loa.game import new_game
from engine.loa.position import state_from_position
from engine.loa.state import LoaState
from engine.record import GameRecord


def initial_state(
    config: dict[str, Any], seed: bytes, game_id: str, start: str | None = None
) -> LoaState:
    """The state a record starts from: a new game, or its starting position."""
    cfg = LoaConfig.from_dict(config)
    if start is not None:
        return state_from_position(start, cfg, seed=seed, game_id=game_id)
    return new_game(cfg, seed=seed, game_id=game_id)


def new_record(
    config: LoaConfig, seed: bytes, game_id: str, start: str | None = None
) -> GameRecord:
    return GameRecord(
        game="loa",
        game_id=game_id,
        config=config.to_dict(),
        commitment=commitment(seed),
        start=start,
        seed=seed,
    )
