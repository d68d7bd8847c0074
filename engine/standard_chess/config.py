"""Standard chess options: only the colour of the player who opens the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import InvalidConfig

COLORS = ("white", "black")
COLOR_CHOICES = (*COLORS, "random")


@dataclass(frozen=True, slots=True)
class ChessConfig:
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

    def to_dict(self) -> dict[str, Any]:
        return {"color": self.color}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> ChessConfig:
        data = dict(data or {})
        unknown = sorted(set(data) - {"color"})
        if unknown:
            raise InvalidConfig(
                f"unknown chess option(s): {', '.join(unknown)}; the only one is color",
                code="chess.unknown_option",
                options=", ".join(unknown),
            )
        return cls(color=str(data.get("color", "white")).lower())
