"""Actions: hashable value objects whose text reads back losslessly.

``str(action)`` is canonical and ``parse_action(str(a)) == a``. Input is forgiving: ``b1-b3``,
``b1xb3``, ``B1 B3``, ``b1b3`` are one move (the capture mark is only a hint, written by the
engine when the move takes); ``@e4``, ``place e4`` a Parachute placement; ``(0,5)`` a square
beyond the edges."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import InvalidNotation
from engine.loa.notation import SQUARE_RE, canonical

_MOVE = re.compile(rf"^({SQUARE_RE})\s*([-x:*]|to)?\s*({SQUARE_RE})$")
_PLACE = re.compile(rf"^(?:@|place\s*@?|drop\s*@?)\s*({SQUARE_RE})$")

HELP = (
    "moves are written b1-b3 (captures c1xa3), Parachute placements @e4, squares beyond "
    "the edges (0,5); and also: offer draw, accept draw, decline draw, resign"
)


@dataclass(frozen=True, slots=True)
class Move:
    """A piece moves from ``src`` to ``dst`` (taking an enemy there). ``capture`` is for
    display only and ignored by equality."""

    src: str
    dst: str
    capture: bool | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.src}{'x' if self.capture else '-'}{self.dst}"


@dataclass(frozen=True, slots=True)
class Place:
    """Parachute: put one held opponent piece on an empty square."""

    square: str

    def __str__(self) -> str:
        return f"@{self.square}"


@dataclass(frozen=True, slots=True)
class DrawLots:
    """Draw who plays which colour (the table does it as the game starts)."""

    def __str__(self) -> str:
        return "lots"


@dataclass(frozen=True, slots=True)
class OfferDraw:
    def __str__(self) -> str:
        return "offer draw"


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    def __str__(self) -> str:
        return "accept draw"


@dataclass(frozen=True, slots=True)
class DeclineDraw:
    def __str__(self) -> str:
        return "decline draw"


@dataclass(frozen=True, slots=True)
class Resign:
    def __str__(self) -> str:
        return "resign"


Action = Move | Place | DrawLots | OfferDraw | AcceptDraw | DeclineDraw | Resign

_WORDS: dict[str, Action] = {
    "offer draw": OfferDraw(),
    "offer": OfferDraw(),
    "draw": OfferDraw(),
    "draw?": OfferDraw(),
    "accept draw": AcceptDraw(),
    "accept": AcceptDraw(),
    "decline draw": DeclineDraw(),
    "decline": DeclineDraw(),
    "refuse": DeclineDraw(),
    "resign": Resign(),
    "lots": DrawLots(),
}


def parse_action(text: str) -> Action:
    """Read an action written by a player or by ``str(action)``."""
    low = " ".join(text.strip().lower().split())
    if low in _WORDS:
        return _WORDS[low]
    if match := _PLACE.match(low):
        return Place(canonical(match.group(1), bounded=False))
    if match := _MOVE.match(low):
        src = canonical(match.group(1), bounded=False)
        dst = canonical(match.group(3), bounded=False)
        return Move(src, dst, True if match.group(2) in ("x", ":", "*") else None)
    raise InvalidNotation(
        f"'{text.strip()}' is not a Lines of Action action: {HELP}",
        code="loa.bad_action",
        text=text.strip(),
    )
