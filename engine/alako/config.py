"""Alako's options."""

from __future__ import annotations

from dataclasses import dataclass

from engine.config import Config, refuse_unknown
from engine.errors import InvalidConfig

FIRST_CHOICES = ("roll", "south", "north")


@dataclass(frozen=True)
class AlakoConfig(Config):
    """Options of one game. ``first``: who spins first; ``roll`` draws lots with a die at
    the start (the rulebook does not say who starts)."""

    first: str = "roll"

    def __post_init__(self) -> None:
        self.one_of("first", FIRST_CHOICES, code="alako.bad_first", first=self.first)

    @classmethod
    def unknown_options(cls, options: str) -> InvalidConfig:
        return refuse_unknown("Alako", code="alako.unknown_option", options=options)
