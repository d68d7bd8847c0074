"""Loka games and their records."""

from __future__ import annotations

from typing import Any

from engine.dice import commitment
from engine.loka.config import LokaConfig
from engine.loka.game import new_game
from engine.loka.position import state_from_position
from engine.loka.state import LokaState
from engine.record import GameRecord


def initial_state(
    config: dict[str, Any], seed: bytes, game_id: str, start: str | None = None
) -> LokaState:
    """The state a record starts from: a new game, or its starting position."""
    cfg = LokaConfig.from_dict(config)
    if start is not None:
        return state_from_position(start, cfg, seed=seed, game_id=game_id)
    return new_game(cfg, seed=seed, game_id=game_id)


def new_record(
    config: LokaConfig, seed: bytes, game_id: str, start: str | None = None
) -> GameRecord:
    return GameRecord(
        game="loka",
        game_id=game_id,
        config=config.to_dict(),
        commitment=commitment(seed),
        start=start,
        seed=seed,
    )
