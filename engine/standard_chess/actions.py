"""Chess actions as hashable values with a lossless text form.

A move keeps the text it was given: ``parse_action`` reads UCI (``e2e4``, ``e7e8q``, also
``e2-e4``) into its canonical lower-case form and keeps anything else as SAN (``Nf3``,
``exd5``, ``O-O``, ``e8=Q+``), which :func:`engine.standard_chess.game.resolve` turns into
UCI against the position. ``legal_actions`` and the record only ever hold UCI."""

from __future__ import annotations

import re

from engine.actions import AcceptDraw, DeclineDraw, OfferDraw, Resign, Written, action_parser
from engine.errors import InvalidNotation

_UCI = re.compile(r"^([a-h][1-8])[-x]?([a-h][1-8])=?([qrbn])?$", re.IGNORECASE)
_SAN = re.compile(
    r"^(?:[NBRQKnrqk]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[NBRQnbrq])?|[O0]-[O0](?:-[O0])?)$"
)


class Move(Written, form="{text}"):
    text: str  # UCI (canonical) or SAN (resolved in apply)

    @property
    def is_uci(self) -> bool:
        return bool(_UCI.match(self.text)) and self.text == self.text.lower()


class Toss(Written, form="toss"):
    """Draw the colours (config color: random): one D2 roll."""


class ClaimDraw(Written, form="claim", also=("claim draw",)):
    """Claim a draw by threefold repetition or the fifty-move rule."""


Action = Move | Toss | OfferDraw | AcceptDraw | DeclineDraw | ClaimDraw | Resign


def _read(raw: str) -> Action:
    if m := _UCI.match(raw):
        return Move((m.group(1) + m.group(2) + (m.group(3) or "")).lower())
    san = raw.rstrip("+#!?")  # check marks and annotations say nothing the board does not
    if san and _SAN.match(san):
        return Move(san.replace("0", "O"))
    raise InvalidNotation(
        f"'{raw}' is not a chess action: a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI "
        "(g1f3, e7e8q), or offer, accept, decline, claim, resign",
        code="chess.notation",
        text=raw,
    )


parse_action = action_parser((Toss, OfferDraw, AcceptDraw, DeclineDraw, ClaimDraw, Resign), _read)
