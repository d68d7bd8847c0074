"""Inka's actions: hashable value objects whose text form reads back losslessly.

``str(action)`` is canonical and ``parse_action(str(a)) == a``. Input is forgiving on case,
spaces and a few spellings: ``slide 7 NE``, ``slide 7 ne 2``, ``shift a ne``,
``rotate 7 8h cw60``, ``rotate 7 8 -60``, ``rotate 7 at 8 o'clock ccw 120``,
``go f12``, ``place 7 f12 f13``."""

from __future__ import annotations

import re

from engine.actions import Resign, Written, action_parser
from engine.errors import InvalidNotation
from engine.inka.geometry import DIRECTION_INDEX, DIRECTION_NAMES
from engine.inka.state import DESTINATION_NAMES

HELP = (
    "write start l6, place 7 f12/f13, slide 7 ne 2, rotate 7 8h cw60, "
    "go f12, take, passage k9, shift A ne 1 (or shift A 8h cw60), block e5, end, resign"
)

_CELL = r"[a-l]\s*\d{1,2}"


def _angle_text(sixths: int) -> str:
    return ("ccw" if sixths > 0 else "cw") + str(60 * abs(sixths))


class ChooseStart(Written, form="start {cell}"):
    """Set-up: put your pawn on a free start cell."""

    cell: str


class Place(Written, form="place {number} {first}/{second}"):
    """Set-up: lay the drawn path rhombus with its first half on ``first`` and its second
    half on ``second`` (the order says which way round its walls go)."""

    number: int
    first: str
    second: str


class Slide(Written):
    """Move a rhombus ``distance`` steps along one of its edge directions (1 AP). A
    destination rhombus (A-C) is shifted from a rhombus symbol."""

    rhombus: str
    direction: str
    distance: int = 1

    def written(self) -> str:
        verb = "shift" if self.rhombus in DESTINATION_NAMES else "slide"
        return f"{verb} {self.rhombus} {self.direction} {self.distance}"


class Rotate(Written):
    """Turn a rhombus about the corner at clock hour ``corner`` (seen from its centre) by
    ``sixths`` x 60 degrees, counter-clockwise when positive (1 AP)."""

    rhombus: str
    corner: int
    sixths: int

    def written(self) -> str:
        verb = "shift" if self.rhombus in DESTINATION_NAMES else "rotate"
        return f"{verb} {self.rhombus} {self.corner}h {_angle_text(self.sixths)}"


class Go(Written, form="go {cell}"):
    """Walk the pawn to a cell by the cheapest way (1 AP per snake crossed)."""

    cell: str


class Take(Written, form="take"):
    """Take your statue from the destination rhombus you stand on (1 AP)."""


class Passage(Written, form="passage {cell}"):
    """From a secret passage, jump to another free one (1 AP)."""

    cell: str


class End(Written, form="end", also=("pass", "done")):
    """End the turn without placing the blocker (unused AP are lost)."""


class Block(Written, form="block {cell}"):
    """Put your blocker on a cell and end the turn."""

    cell: str


# Resign (shared by every game): your pawn and blocker leave the temple.
Action = ChooseStart | Place | Slide | Rotate | Go | Take | Passage | Block | End | Resign

_DIR_WORDS = {
    "east": "e",
    "west": "w",
    "northeast": "ne",
    "northwest": "nw",
    "southeast": "se",
    "southwest": "sw",
    "north-east": "ne",
    "north-west": "nw",
    "south-east": "se",
    "south-west": "sw",
}
_RHOMBUS = r"(\d{1,2}|[abc])"
_SLIDE = re.compile(rf"^(?:slide|move|shift)\s+#?{_RHOMBUS}\s+([a-z-]+)(?:\s+(\d{{1,2}}))?$")
_ROTATE = re.compile(
    rf"^(?:rotate|turn|shift)\s+#?{_RHOMBUS}\s+(?:at\s+|about\s+|corner\s+)?(\d{{1,2}})\s*"
    r"(?:h|o'?clock)?\s+(?:angle\s+)?(cw|ccw|\+|-)?\s*(60|120)$"
)
_ON_CELL: dict[str, type[ChooseStart | Go | Passage | Block]] = {
    "start": ChooseStart,
    "go": Go,
    "to": Go,
    "passage": Passage,
    "block": Block,
}
_CELL_WORD = re.compile(rf"^({'|'.join(_ON_CELL)})\s+({_CELL})$")
_PLACE = re.compile(rf"^place\s+#?(\d{{1,2}})\s+({_CELL})\s*[/\-\s]\s*({_CELL})$")


def _norm_cell(text: str) -> str:
    t = re.sub(r"\s+", "", text).lower()
    return t[0] + str(int(t[1:]))


def _rhombus(text: str) -> str:
    return text.upper() if text.isalpha() else str(int(text))


def _read(raw: str) -> Action:
    low = raw.lower()
    if match := _CELL_WORD.match(low):
        return _ON_CELL[match.group(1)](_norm_cell(match.group(2)))
    if match := _PLACE.match(low):
        return Place(int(match.group(1)), _norm_cell(match.group(2)), _norm_cell(match.group(3)))
    if match := _ROTATE.match(low):
        rhombus, corner, sense, angle = match.groups()
        corner_n = int(corner)
        if not 1 <= corner_n <= 12:
            raise InvalidNotation(
                f"corner {corner} is not a clock hour: write 1 to 12, like 8h",
                code="inka.bad_corner",
                corner=corner,
            )
        sixths = int(angle) // 60
        if sense in (None, "+", "ccw"):
            if sense is None:
                raise InvalidNotation(
                    "say which way to turn: cw (clockwise) or ccw, like 'rotate 7 8h cw60'",
                    code="inka.no_turn_sense",
                )
        else:
            sixths = -sixths
        return Rotate(_rhombus(rhombus), corner_n, sixths)
    if match := _SLIDE.match(low):
        rhombus, direction, distance = match.groups()
        direction = _DIR_WORDS.get(direction, direction)
        if direction not in DIRECTION_INDEX:
            raise InvalidNotation(
                f"'{direction}' is not a direction: use {', '.join(DIRECTION_NAMES)}",
                code="inka.bad_direction",
                direction=direction,
            )
        n = int(distance) if distance else 1
        if n < 1:
            raise InvalidNotation("a slide goes at least 1 step", code="inka.bad_distance")
        return Slide(_rhombus(rhombus), direction, n)
    raise InvalidNotation(f"'{raw}' is not an Inka action: {HELP}", code="inka.notation", text=raw)


parse_action = action_parser((Take, End, Resign), _read)
