"""What every game's options share: a frozen dataclass saved as a dict, and read back
refusing, by name, the options it does not have."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any, Self

from engine.errors import InvalidConfig


class Config:
    """The base of a game's options (a frozen dataclass); the game words its own
    :meth:`unknown_options` refusal."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(**cls.known(data))

    @classmethod
    def known(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        """``data`` as keyword arguments, once each of its options is a field."""
        unknown = sorted(set(data) - {f.name for f in fields(cls)})  # type: ignore[arg-type]
        if unknown:
            raise cls.unknown_options(", ".join(unknown))
        return dict(data)

    @classmethod
    def unknown_options(cls, options: str) -> InvalidConfig:
        """The refusal of ``options`` (their names, joined) that this game does not have;
        a game names itself and gives its code (see :func:`refuse_unknown`)."""
        return refuse_unknown("", options=options)


def refuse_unknown(game: str, *, code: str | None = None, options: str) -> InvalidConfig:
    """``unknown Alako option: first_player``: the ``game``'s refusal of ``options``."""
    named = f"{game} " if game else ""
    plural = "s" if ", " in options else ""
    return InvalidConfig(f"unknown {named}option{plural}: {options}", code=code, options=options)
