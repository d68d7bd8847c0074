"""Standard chess options: only the colour of the player who opens the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.config import Config
from engine.errors import InvalidConfig

COLORS = ("white", "black")
COLOR_CHOICES = (*COLORS, "random")


@dataclass(frozen=True, slots=True)
class ChessConfig(Config):
    """``color``: the colour of the player who opens the game (the host); ``random`` is
    settled by one roll of the game's dice at the start (a D2: 1 white, 2 black)."""

    color: str = "white"

    def __post_init__(self) -> None:
        if self.color not in COLOR_CHOICES:
            raise InvalidConfig(
                f"the colour must be white, black or random, not '{self.color}'",
                code="chess.bad_color",
                color=self.color,
            )

    @classmethod
    def unknown_options(cls, options: str) -> InvalidConfig:
        return InvalidConfig(
            f"unknown chess option(s): {options}; the only one is color",
            code="chess.unknown_option",
            options=options,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ChessConfig:
        return cls(color=str(cls.known(data or {}).get("color", "white")).lower())
