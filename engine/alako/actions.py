"""Alako's actions: hashable value objects whose text form reads back losslessly.

Canonical texts: ``lots``, ``spin``, ``knight n``, ``horse e``, ``princess s``,
``dismount w``, ``build d3n``, ``climb d8n``, ``pass``, ``offer draw``, ``accept draw``,
``decline draw``, ``resign``. Input is forgiving:
``K n``, ``knight north``, ``H-e``, ``build d4s`` (= d3n), ``build d3/d4``, ``climb``."""

from __future__ import annotations

import re

from engine.actions import AcceptDraw, DeclineDraw, OfferDraw, Resign, Written, action_parser
from engine.alako.board import DIRECTION_NAMES, Segment, parse_segment, segment_name
from engine.errors import InvalidNotation

PIECES = ("knight", "horse", "princess")
_PIECE_WORDS = {"knight": "knight", "k": "knight", "horse": "horse", "h": "horse",
                "princess": "princess", "p": "princess"}  # fmt: skip

HELP = (
    "a turn is 'spin', then what the spinner allows: a move like 'knight n', 'horse e', "
    "'princess s' or 'dismount w' (directions n, e, s, w), 'build d3n' (a segment), "
    "'climb', or 'pass' (leave the tower, walls or ladder unused); also 'lots', "
    "'offer draw', 'accept draw', 'decline draw' and 'resign'"
)


class Lots(Written, form="lots", also=("draw lots",)):
    """Draw lots for who spins first (when the game's option says so)."""


class Spin(Written, form="spin"):
    """Spin the top: the first half of every turn."""


class Move(Written, form="{piece} {direction}"):
    """Move the knight (with his horse when he rides: double distance), the horse alone or
    the princess, as many squares as the spin gave, in one compass direction."""

    piece: str
    direction: str


class Dismount(Written, form="dismount {direction}"):
    """The riding knight gets off and walks the spin's distance; the horse stays."""

    direction: str


class Build(Written):
    """Put the tower or wall the spin gave on the next segment of your line."""

    segment: Segment

    def __str__(self) -> str:
        return f"build {segment_name(self.segment)}"


class Climb(Written):
    """Climb the enemy wall beside the knight (``None``: the only one there is)."""

    segment: Segment | None = None

    def __str__(self) -> str:
        return "climb" if self.segment is None else f"climb {segment_name(self.segment)}"


class Pass(Written, form="pass", also=("skip",)):
    """Leave the face unused: the ladder (the knight *may* climb) or the tower or wall won
    (each player *may* build: "Chaque joueur peut construire")."""


Action = (
    Lots
    | Spin
    | Move
    | Dismount
    | Build
    | Climb
    | Pass
    | OfferDraw
    | AcceptDraw
    | DeclineDraw
    | Resign
)

_MOVE = re.compile(r"^([a-z]+)\s*[-: ]?\s*(n|e|s|w|north|east|south|west)$")


def _read(raw: str) -> Action:
    low = raw.lower()
    head, _, rest = low.partition(" ")
    if head in ("build", "b") and rest:
        return Build(parse_segment(rest))
    if head == "climb" or low == "ladder":
        return Climb(parse_segment(rest) if rest else None)
    if match := _MOVE.match(low):
        word, direction = match.group(1), DIRECTION_NAMES.get(match.group(2), match.group(2))
        if word in ("dismount", "d"):
            return Dismount(direction)
        if word in _PIECE_WORDS:
            return Move(_PIECE_WORDS[word], direction)
    raise InvalidNotation(
        f"'{raw}' is not an Alako action: {HELP}", code="alako.bad_action", text=raw
    )


parse_action = action_parser((Lots, Spin, Pass, OfferDraw, AcceptDraw, DeclineDraw, Resign), _read)
