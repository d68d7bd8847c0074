"""What every game's options share: a frozen dataclass saved as a dict, and read back
refusing, by name, the options it does not have."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import Field, fields, is_dataclass
from typing import Any, ClassVar, Self

from engine.errors import EngineError, InvalidConfig


class Config:
    """The base of a game's options (a frozen dataclass); the game words its own
    :meth:`unknown_options` refusal."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # each game's is a dataclass

    def to_dict(self) -> dict[str, Any]:
        plain: dict[str, Any] = _plain(self)
        return plain

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return cls(**cls.known(data))

    @classmethod
    def known(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        """``data`` as keyword arguments, once each of its options is a field."""
        unknown = sorted(set(data) - {f.name for f in fields(cls)})
        if unknown:
            raise cls.unknown_options(", ".join(unknown))
        return dict(data)

    def one_of(self, name: str, choices: Sequence[str], /, *, code: str, **params: Any) -> None:
        """Refuses option ``name`` unless its value is one of ``choices`` (see
        :func:`one_of`)."""
        one_of(name, getattr(self, name), choices, code=code, **params)

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


def one_of(
    name: str,
    value: Any,
    choices: Sequence[str],
    /,
    *,
    error: type[EngineError] = InvalidConfig,
    code: str,
    **params: Any,
) -> None:
    """Refuses ``value`` of option ``name`` unless it is one of ``choices``, with ``error``:
    ``first is 'white' or 'black', not 'red'``; ``code`` and ``params`` (the option by its
    name, at least) are the game's, for the table to translate."""
    if value in choices:
        return
    if len(choices) == 2:
        listed = f"'{choices[0]}' or '{choices[1]}'"
    else:
        listed = f"one of {', '.join(choices)}"
    raise error(f"{name} is {listed}, not '{value}'", code=code, **params)


_LEAVES = (str, int, float, bool, type(None))


def _plain(value: Any) -> Any:
    """What :func:`dataclasses.asdict` gives, without its deep copy of every leaf: a
    string or a number is shared, not copied (a save writes the options of every move)."""
    if isinstance(value, _LEAVES):
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return type(value)(*[_plain(v) for v in value])
    if isinstance(value, list | tuple):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return type(value)((_plain(k), _plain(v)) for k, v in value.items())
    return copy.deepcopy(value)
