"""Alako's options."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.errors import InvalidConfig

FIRST_CHOICES = ("roll", "south", "north")


@dataclass(frozen=True)
class AlakoConfig:
    """Options of one game. ``first``: who spins first; ``roll`` draws lots with a die at
    the start (the rulebook does not say who starts)."""

    first: str = "roll"

    def __post_init__(self) -> None:
        if self.first not in FIRST_CHOICES:
            raise InvalidConfig(
                f"first is one of {', '.join(FIRST_CHOICES)}, not '{self.first}'",
                code="alako.bad_first",
                first=self.first,
            )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AlakoConfig:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise InvalidConfig(
                f"unknown Alako option(s): {', '.join(sorted(unknown))}",
                code="alako.unknown_option",
                options=sorted(unknown),
            )
        return cls(**data)
