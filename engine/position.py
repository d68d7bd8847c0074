"""What every game's position text shares: fields ``name: body`` with ``;`` between them
(``south: Kd1 Hf1 Pe1; turn: south``). Each game reads the bodies and words its refusals."""

from __future__ import annotations

from collections.abc import Callable, Collection

from engine.errors import EngineError

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
