"""Alako's actions: hashable value objects whose text form reads back losslessly.

Canonical texts: ``lots``, ``spin``, ``knight n``, ``horse e``, ``princess s``,
``dismount w``, ``build d3n``, ``climb d8n``, ``pass``, ``offer draw``, ``accept draw``,
``decline draw``, ``resign``. Input is forgiving:
``K n``, ``knight north``, ``H-e``, ``build d4s`` (= d3n), ``build d3/d4``, ``climb``."""

from __future__ import annotations

import re
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Lots:
    """Draw lots for who spins first (when the game's option says so)."""

    def __str__(self) -> str:
        return "lots"


@dataclass(frozen=True, slots=True)
class Spin:
    """Spin the top: the first half of every turn."""

    def __str__(self) -> str:
        return "spin"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the knight (with his horse when he rides: double distance), the horse alone or
    the princess, as many squares as the spin gave, in one compass direction."""

    piece: str
    direction: str

    def __str__(self) -> str:
        return f"{self.piece} {self.direction}"


@dataclass(frozen=True, slots=True)
class Dismount:
    """The riding knight gets off and walks the spin's distance; the horse stays."""

    direction: str

    def __str__(self) -> str:
        return f"dismount {self.direction}"


@dataclass(frozen=True, slots=True)
class Build:
    """Put the tower or wall the spin gave on the next segment of your line."""

    segment: Segment

    def __str__(self) -> str:
        return f"build {segment_name(self.segment)}"


@dataclass(frozen=True, slots=True)
class Climb:
    """Climb the enemy wall beside the knight (``None``: the only one there is)."""

    segment: Segment | None = None

    def __str__(self) -> str:
        return "climb" if self.segment is None else f"climb {segment_name(self.segment)}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the face unused: the ladder (the knight *may* climb) or the tower or wall won
    (each player *may* build: "Chaque joueur peut construire")."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class OfferDraw:
    """Offer a draw; the game waits for the other seat's answer."""

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

_WORDS: dict[str, Action] = {
    "lots": Lots(),
    "draw lots": Lots(),
    "spin": Spin(),
    "pass": Pass(),
    "skip": Pass(),
    "offer draw": OfferDraw(),
    "offer": OfferDraw(),
    "draw": OfferDraw(),
    "draw?": OfferDraw(),
    "accept draw": AcceptDraw(),
    "accept": AcceptDraw(),
    "decline draw": DeclineDraw(),
    "decline": DeclineDraw(),
    "refuse draw": DeclineDraw(),
    "refuse": DeclineDraw(),
    "resign": Resign(),
    "climb": Climb(),
    "ladder": Climb(),
}

_MOVE = re.compile(r"^([a-z]+)\s*[-: ]?\s*(n|e|s|w|north|east|south|west)$")


def _direction(word: str) -> str:
    return DIRECTION_NAMES.get(word, word)


def parse_action(text: str) -> Action:
    """Read an action written by a player or by ``str(action)``."""
    raw = text.strip()
    low = " ".join(raw.lower().split())
    if low in _WORDS:
        return _WORDS[low]
    head, _, rest = low.partition(" ")
    if head in ("build", "b") and rest:
        return Build(parse_segment(rest))
    if head == "climb" and rest:
        return Climb(parse_segment(rest))
    if match := _MOVE.match(low):
        word, direction = match.group(1), _direction(match.group(2))
        if word in ("dismount", "d"):
            return Dismount(direction)
        if word in _PIECE_WORDS:
            return Move(_PIECE_WORDS[word], direction)
    raise InvalidNotation(
        f"'{raw}' is not an Alako action: {HELP}", code="alako.bad_action", text=raw
    )
