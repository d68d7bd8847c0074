"""Loka's actions: hashable value objects whose text form reads back losslessly.

``str(action)`` is canonical and ``parse_action(str(a)) == a``. Input is forgiving:
``e2-e4``, ``e2xe4``, ``E2E4`` and ``e11e12=Q`` are all read."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.actions import Resign, Written, action_parser
from engine.errors import InvalidNotation
from engine.loka.pieces import (
    BOUGHT,
    KIND_OF_LETTER,
    KIND_OF_NAME,
    LETTER,
    PROMOTIONS,
)

_SQ = r"[a-z]{1,2}\d{1,2}"
_MOVE = re.compile(rf"^({_SQ})\s*[-x:]?\s*({_SQ})\s*(?:=?\s*([qrbn]))?$")
_DEPLOY = re.compile(rf"^([KQRBNP])\s*@?\s*({_SQ.replace('a-z', 'a-zA-Z')})$")
_DEPLOY_WORD = re.compile(rf"^(king|queen|rook|bishop|knight|pawn)\s*@?\s*({_SQ})$")
_COUNT = re.compile(r"^(\d*)([QRBNP])$")

HELP = (
    "moves are written e2e4 (or e2-e4; add q, r, b or n to promote: e11e12q), deployments "
    "Kf1 or Pe2, army drafts 'draft Q B 3P', and also: confirm, reroll, keep, resign"
)


class Draft(Written):
    """A (not yet final) army: counts of queens, rooks, bishops, knights, pawns. The king is
    always included."""

    counts: tuple[int, int, int, int, int]

    @classmethod
    def of(cls, counts: Iterable[int]) -> Draft:
        """The draft of five counts, in the order of ``BOUGHT`` (queens first)."""
        queens, rooks, bishops, knights, pawns = counts
        return cls((queens, rooks, bishops, knights, pawns))

    def __str__(self) -> str:
        parts = [
            (LETTER[kind] if n == 1 else f"{n}{LETTER[kind]}")
            for kind, n in zip(BOUGHT, self.counts, strict=True)
            if n
        ]
        return "draft " + (" ".join(parts) if parts else "-")


class Confirm(Written, form="confirm"):
    """Lock the current draft: the army is final."""


class Deploy(Written):
    """Place a piece of the reserve on a square during deployment."""

    kind: int
    square: str

    def __str__(self) -> str:
        return f"{LETTER[self.kind]}{self.square}"


class Move(Written):
    """A battle move from one square to another; an attack when the target holds an enemy,
    a back-to-back swap when it holds the allied pawn facing yours. ``promotion`` names the
    piece a pawn becomes (``None``: a queen, when the move promotes)."""

    src: str
    dst: str
    promotion: int | None = None

    def __str__(self) -> str:
        promo = LETTER[self.promotion].lower() if self.promotion else ""
        return f"{self.src}{self.dst}{promo}"


class Reroll(Written, form="reroll", also=("re-roll",)):
    """The Super D20 holder re-rolls (the new roll stands)."""


class Keep(Written, form="keep"):
    """The Super D20 holder keeps the roll (also the default on a time-out)."""


# Resign (shared by every game): the army's king leaves the field and the whole army with it.
Action = Draft | Confirm | Deploy | Move | Reroll | Keep | Resign


def parse_draft(text: str) -> Draft:
    """``'Q B 3P'``, ``'q,b,3p'`` or ``'-'`` (king only) to a draft."""
    counts = dict.fromkeys(BOUGHT, 0)
    body = text.replace(",", " ").split()
    if body in ([], ["-"]):
        return Draft((0, 0, 0, 0, 0))
    for token in body:
        match = _COUNT.match(token.upper())
        if not match:
            raise InvalidNotation(
                f"'{token}' is not part of an army: write a count and a piece letter, like 2N "
                "or 3P (Q queen, R rook, B bishop, N knight, P pawn; the king is always there)",
                code="loka.draft_token",
                token=token,
            )
        n = int(match.group(1) or 1)
        if n > 64:
            raise InvalidNotation(
                f"{n} is too many pieces of one kind", code="loka.draft_count", count=n
            )
        counts[KIND_OF_LETTER[match.group(2)]] += n
    return Draft.of(counts[k] for k in BOUGHT)


def _read(raw: str) -> Action:
    low = raw.lower()
    if low.startswith("draft"):
        return parse_draft(raw[5:])
    if match := _DEPLOY.match(raw):
        return Deploy(KIND_OF_LETTER[match.group(1)], match.group(2).lower())
    if match := _DEPLOY_WORD.match(low):
        return Deploy(KIND_OF_NAME[match.group(1)], match.group(2))
    if match := _MOVE.match(low):
        promo = match.group(3)
        kind = KIND_OF_LETTER[promo.upper()] if promo else None
        if kind is not None and kind not in PROMOTIONS:
            raise InvalidNotation("a pawn promotes to q, r, b or n", code="loka.promotion_letter")
        return Move(match.group(1), match.group(2), kind)
    raise InvalidNotation(f"'{raw}' is not a Loka action: {HELP}", code="loka.notation", text=raw)


parse_action = action_parser((Confirm, Reroll, Keep, Resign), _read)
