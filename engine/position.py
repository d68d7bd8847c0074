"""What every game's position text shares: fields ``name: body`` with ``;`` between them
(``south: Kd1 Hf1 Pe1; turn: south``). Each game reads the bodies and words its refusals."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, TypeVar

from engine.dice import Dice
from engine.errors import EngineError

P = TypeVar("P")
S = TypeVar("S")

Refusal = Callable[[str], EngineError]


def fields_of(text: str, no_colon: Refusal) -> list[tuple[str, str]]:
    """The fields of a position text in order, each name stripped and in lower case with
    its stripped body; a field without a colon is refused with ``no_colon(field)``."""
    out = []
    for raw in text.split(";"):
        field = raw.strip()
        if not field:
            continue
        if ":" not in field:
            raise no_colon(field)
        name, body = (x.strip() for x in field.split(":", 1))
        out.append((name.lower(), body))
    return out


def named_fields(
    text: str, names: Collection[str], no_colon: Refusal, unknown: Refusal, twice: Refusal
) -> dict[str, str]:
    """The body of each field by its name, every name one of ``names`` (else
    ``unknown(name)``) and given once (else ``twice(name)``)."""
    found: dict[str, str] = {}
    for name, body in fields_of(text, no_colon):
        if name not in names:
            raise unknown(name)
        if name in found:
            raise twice(name)
        found[name] = body
    return found


def state_reader(parse: Callable[[str], P], build: Callable[[P, Any, Dice], S]) -> Callable[..., S]:
    """A game's ``state_from_position(position, config=None, *, seed, game_id)``: the
    position, read with ``parse`` when it is a text, made a state by ``build(position,
    config, dice)`` with a fresh dice stream of ``seed`` and ``game_id``."""

    def state_from_position(
        position: P | str, config: Any = None, *, seed: bytes, game_id: str
    ) -> S:
        if isinstance(position, str):
            position = parse(position)
        return build(position, config, Dice(seed, game_id))

    return state_from_position
