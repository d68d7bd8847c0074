"""Actions: hashable value objects whose text reads back losslessly.

``str(action)`` is canonical and ``parse_action(str(a)) == a``. Input is forgiving: ``b1-b3``,
``b1xb3``, ``B1 B3``, ``b1b3`` are one move (the capture mark is only a hint, written by the
engine when the move takes); ``@e4``, ``place e4`` a Parachute placement; ``(0,5)`` a square
beyond the edges."""

from __future__ import annotations

import re
from dataclasses import field

from engine.actions import AcceptDraw, DeclineDraw, OfferDraw, Resign, Written, action_parser
from engine.errors import InvalidNotation
from engine.loa.notation import SQUARE_RE, canonical

HELP = (
    "moves are written b1-b3 (captures c1xa3), Parachute placements @e4, squares beyond "
    "the edges (0,5); and also: offer draw, accept draw, decline draw, resign"
)


class Move(Written):
    """A piece moves from ``src`` to ``dst`` (taking an enemy there). ``capture`` is for
    display only and ignored by equality."""

    src: str
    dst: str
    capture: bool | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.src}{'x' if self.capture else '-'}{self.dst}"


class Place(Written, form="@{square}"):
    """Parachute: put one held opponent piece on an empty square."""

    square: str


class DrawLots(Written, form="lots"):
    """Draw who plays which colour (the table does it as the game starts)."""


Action = Move | Place | DrawLots | OfferDraw | AcceptDraw | DeclineDraw | Resign


_MOVE = re.compile(rf"^({SQUARE_RE})\s*([-x:*]|to)?\s*({SQUARE_RE})$")
_PLACE = re.compile(rf"^(?:@|place\s*@?|drop\s*@?)\s*({SQUARE_RE})$")


def _read(raw: str) -> Action:
    low = raw.lower()
    if match := _PLACE.match(low):
        return Place(canonical(match.group(1), bounded=False))
    if match := _MOVE.match(low):
        src = canonical(match.group(1), bounded=False)
        dst = canonical(match.group(3), bounded=False)
        return Move(src, dst, True if match.group(2) in ("x", ":", "*") else None)
    raise InvalidNotation(
        f"'{raw}' is not a Lines of Action action: {HELP}", code="loa.bad_action", text=raw
    )


parse_action = action_parser((DrawLots, OfferDraw, AcceptDraw, DeclineDraw, Resign), _read)
