"""Inka games and their records."""

from __future__ import annotations

from typing import Any

from engine.dice import commitment
from engine.inka.config import InkaConfig
from engine.inka.game import new_game
from engine.inka.position import state_from_position
from engine.inka.state import InkaState
from engine.record import GameRecord


def initial_state(
    config: dict[str, Any], seed: bytes, game_id: str, start: str | None = None
) -> InkaState:
    """The state a record starts from: a new game, or its starting position."""
    cfg = InkaConfig.from_dict(config)
    if start is not None:
        return state_from_position(start, cfg, seed=seed, game_id=game_id)
    return new_game(cfg, seed=seed, game_id=game_id)


def new_record(
    config: InkaConfig, seed: bytes, game_id: str, start: str | None = None
) -> GameRecord:
    return GameRecord(
        game="inka",
        game_id=game_id,
        config=config.to_dict(),
        commitment=commitment(seed),
        start=start,
        seed=seed,
    )
