"""The spinning top (toupie): eight equal faces (RULINGS 5), in the order drawn round it.

A spin is one roll of an 8-sided die from the game's own stream: value ``v`` shows
``FACES[v - 1]``."""

from __future__ import annotations

ONE, TWO, TOWER, WALL, WALLS, CANNON, LADDER = (
    "1",
    "2",
    "tower",
    "wall",
    "2walls",
    "cannon",
    "ladder",
)

# Two "1 point" faces, opposite each other; every face has the same chance, 1/8.
FACES = (ONE, TOWER, TWO, WALL, ONE, CANNON, WALLS, LADDER)
FACE_KINDS = (ONE, TWO, TOWER, WALL, WALLS, CANNON, LADDER)

POINTS = {ONE: 1, TWO: 2}

FACE_WORDS = {
    ONE: "1 point",
    TWO: "2 points",
    TOWER: "a tower",
    WALL: "1 wall",
    WALLS: "2 walls",
    CANNON: "the cannon",
    LADDER: "the ladder",
}


def face_of(value: int) -> str:
    return FACES[value - 1]
