"""Chess actions as hashable values with a lossless text form.

A move keeps the text it was given: ``parse_action`` reads UCI (``e2e4``, ``e7e8q``, also
``e2-e4``) into its canonical lower-case form and keeps anything else as SAN (``Nf3``,
``exd5``, ``O-O``, ``e8=Q+``), which :func:`engine.standard_chess.game.resolve` turns into
UCI against the position. ``legal_actions`` and the record only ever hold UCI."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import InvalidNotation

_UCI = re.compile(r"^([a-h][1-8])[-x]?([a-h][1-8])=?([qrbn])?$", re.IGNORECASE)
_SAN = re.compile(
    r"^(?:[NBRQKnrqk]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[NBRQnbrq])?|[O0]-[O0](?:-[O0])?)$"
)


@dataclass(frozen=True, slots=True)
class Move:
    text: str  # UCI (canonical) or SAN (resolved in apply)

    def __str__(self) -> str:
        return self.text

    @property
    def is_uci(self) -> bool:
        return bool(_UCI.match(self.text)) and self.text == self.text.lower()


@dataclass(frozen=True, slots=True)
class Toss:
    """Draw the colours (config color: random): one D2 roll."""

    def __str__(self) -> str:
        return "toss"


@dataclass(frozen=True, slots=True)
class OfferDraw:
    def __str__(self) -> str:
        return "offer"


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class DeclineDraw:
    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class ClaimDraw:
    """Claim a draw by threefold repetition or the fifty-move rule."""

    def __str__(self) -> str:
        return "claim"


@dataclass(frozen=True, slots=True)
class Resign:
    def __str__(self) -> str:
        return "resign"


Action = Move | Toss | OfferDraw | AcceptDraw | DeclineDraw | ClaimDraw | Resign

_WORDS: dict[str, Action] = {
    "toss": Toss(),
    "offer": OfferDraw(),
    "offer draw": OfferDraw(),
    "draw offer": OfferDraw(),
    "accept": AcceptDraw(),
    "accept draw": AcceptDraw(),
    "decline": DeclineDraw(),
    "decline draw": DeclineDraw(),
    "claim": ClaimDraw(),
    "claim draw": ClaimDraw(),
    "resign": Resign(),
}


def parse_action(text: str) -> Action:
    """The action a text names; the inverse of ``str(action)``."""
    raw = " ".join(str(text).split())
    word = _WORDS.get(raw.lower())
    if word is not None:
        return word
    if m := _UCI.match(raw):
        return Move((m.group(1) + m.group(2) + (m.group(3) or "")).lower())
    san = raw.rstrip("+#!?")  # check marks and annotations say nothing the board does not
    if san and _SAN.match(san):
        return Move(san.replace("0", "O"))
    raise InvalidNotation(
        f"'{text}' is not a chess action: a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI "
        "(g1f3, e7e8q), or offer, accept, decline, claim, resign",
        code="chess.notation",
        text=str(text),
    )
