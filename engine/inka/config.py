"""Inka's options: the rulebook's numbers as data (RULINGS 4)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.config import Config, refuse_unknown
from engine.errors import InvalidConfig

SEATS = ("red", "blue", "green", "yellow")  # the first 2-4 are used, in turn order
ACTION_POINTS = 3


@dataclass(frozen=True)
class InkaConfig(Config):
    """Options of one Inka game. Every field has the rulebook's default."""

    players: int = 4
    action_points: int = ACTION_POINTS
    temple: str = "standard"

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise InvalidConfig(
                f"Inka is for 2, 3 or 4 players, not {self.players}",
                code="inka.players",
                players=self.players,
            )
        if not 1 <= self.action_points <= 9:
            raise InvalidConfig(
                f"action points go from 1 to 9 (the rulebook says 3), not {self.action_points}",
                code="inka.action_points",
                action_points=self.action_points,
            )
        if self.temple != "standard":
            raise InvalidConfig(
                f"temple is 'standard', not '{self.temple}'", code="inka.temple", temple=self.temple
            )

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[: self.players]

    @classmethod
    def unknown_options(cls, options: str) -> InvalidConfig:
        return refuse_unknown("Inka", code="inka.unknown_option", options=options)
