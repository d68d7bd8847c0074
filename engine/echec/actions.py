"""Actions: hashable value objects whose text form reads back losslessly.

``str(action)`` is canonical (``advance c2``, ``advance c2 3``, ``turn c2 e``,
``attack c2 c3``, ``end``, ``place archers c1 n``, ``place peasants 3 a1 n``, ``lift c1``,
``confirm``, ``roll``, ``resign``) and ``parse_action(str(a)) == a``. Input is forgiving:
``advance c2 by 3``, ``turn c2 to east``, ``attack c2 x c3``, and the compact forms ``c2+``,
``c2+3``, ``c2>e``, ``c2xc3``, ``Ac1n`` and ``P3a1n`` are read too."""

from __future__ import annotations

import re

from engine.actions import Resign, Written, action_parser
from engine.echec.board import NAMES, parse, parse_facing
from engine.echec.units import KIND, KIND_OF_WORD, variable
from engine.errors import InvalidNotation

HELP = (
    "write advance c2 (advance c2 3 for several squares), turn c2 e, attack c2 c3, end; "
    "before the battle: place archers c1 n, lift c1, confirm, roll; any time: resign"
)


class Advance(Written):
    """Move the base on ``square`` straight ahead by ``steps`` squares."""

    square: str
    steps: int = 1

    def __str__(self) -> str:
        return f"advance {self.square}" + (f" {self.steps}" if self.steps != 1 else "")


class Turn(Written):
    """Turn the base on ``square`` to face ``facing`` (a quarter or a half turn)."""

    square: str
    facing: str

    def __str__(self) -> str:  # written out: the search writes thousands a decision
        return f"turn {self.square} {self.facing}"


class Attack(Written):
    """The base on ``square`` attacks the enemy base on ``target``."""

    square: str
    target: str

    def __str__(self) -> str:
        return f"attack {self.square} {self.target}"


class End(Written, form="end", also=("end turn", "pass", "done")):
    """End the turn before both actions are spent."""


class Place(Written):
    """Put a base of the reserve on a home square, facing a direction (level 2). ``figures``
    names the size of a peasant, mercenary or heavy infantry base (``None``: the largest)."""

    kind: str
    square: str
    facing: str
    figures: int | None = None

    def __str__(self) -> str:
        size = f" {self.figures}" if self.figures is not None else ""
        return f"place {KIND[self.kind].name}{size} {self.square} {self.facing}"


class Lift(Written, form="lift {square}"):
    """Take a placed base back into the reserve (before confirming)."""

    square: str


class Confirm(Written, form="confirm", also=("ready",)):
    """The placement is final."""


class Roll(Written, form="roll"):
    """Roll the four dice for the first move (most axes starts)."""


Action = Advance | Turn | Attack | End | Place | Lift | Confirm | Roll | Resign

_FILLER = {"by", "to", "on", "at", "x", "->", "square", "squares", "towards", "facing", "of"}
_SQ = r"[a-z]\d{1,2}"
_C_ADVANCE = re.compile(rf"^({_SQ})\s*\+\s*(\d*)$")
_C_TURN = re.compile(rf"^({_SQ})\s*>\s*([a-z]+)$")
_C_ATTACK = re.compile(rf"^({_SQ})\s*[x:*]\s*({_SQ})$")
_C_PLACE = re.compile(rf"^([kcaipmh])(\d*)\s*({_SQ})\s*([nesw])$")


def _square(text: str) -> str:
    return NAMES[parse(text)]


def _steps(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 8:
        raise InvalidNotation(
            f"'{text}' is not a number of squares: write 1 to 8, like advance d1 3",
            code="echec.bad_steps",
            text=text,
        )
    return int(text)


def _place(kind_word: str, size: str | None, square: str, facing: str) -> Place:
    kind = KIND_OF_WORD.get(kind_word)
    if kind is None:
        raise InvalidNotation(
            f"'{kind_word}' is not a kind of base: king, cavalry, archers, infantry, "
            "peasants, mercenaries or heavy",
            code="echec.bad_kind",
            text=kind_word,
        )
    figures = None
    if size:
        if not (size.isascii() and size.isdigit()):
            raise InvalidNotation(
                f"'{size}' is not a number of figures: write it like place peasants 3 a1 n",
                code="echec.bad_figures",
                text=size,
            )
        figures = int(size)
        if not variable(kind):
            figures = None  # a fixed-size base: the number adds nothing
    return Place(kind, _square(square), parse_facing(facing), figures)


def _read(raw: str) -> Action:
    low = raw.lower()
    if match := _C_ADVANCE.match(low):
        return Advance(_square(match.group(1)), _steps(match.group(2) or "1"))
    if match := _C_TURN.match(low):
        return Turn(_square(match.group(1)), parse_facing(match.group(2)))
    if match := _C_ATTACK.match(low):
        return Attack(_square(match.group(1)), _square(match.group(2)))
    if match := _C_PLACE.match(low):
        return _place(match.group(1), match.group(2), match.group(3), match.group(4))
    words = [w for w in low.replace(",", " ").split() if w not in _FILLER]
    if not words:
        raise InvalidNotation(f"an empty action: {HELP}", code="echec.empty")
    verb, args = words[0], words[1:]
    if verb in ("advance", "adv", "a", "move", "forward", "avancer", "avance") and args:
        if len(args) == 1:
            return Advance(_square(args[0]))
        if len(args) == 2:
            return Advance(_square(args[0]), _steps(args[1]))
    elif verb in ("turn", "t", "rotate", "face", "tourner", "tourne") and len(args) == 2:
        return Turn(_square(args[0]), parse_facing(args[1]))
    elif verb in ("attack", "att", "atk", "attaquer", "attaque") and len(args) == 2:
        return Attack(_square(args[0]), _square(args[1]))
    elif verb in ("place", "put", "placer") and len(args) >= 3:
        if args[0] == "heavy" and len(args) > 1 and args[1] == "infantry":
            args = args[1:]
            args[0] = "heavy"
        if len(args) == 3:
            return _place(args[0], None, args[1], args[2])
        if len(args) == 4:
            return _place(args[0], args[1], args[2], args[3])
    elif verb in ("lift", "remove", "unplace", "retirer") and len(args) == 1:
        return Lift(_square(args[0]))
    raise InvalidNotation(
        f"'{raw}' is not an Échec au Roi action: {HELP}", code="echec.bad_action", text=raw
    )


parse_action = action_parser((End, Confirm, Roll, Resign), _read)
