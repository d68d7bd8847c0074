"""The 9x9 board (RULINGS 3): squares a1-i9, seats, facings and the royal squares."""

from __future__ import annotations

from engine.errors import InvalidNotation
from engine.squares import parse_square, square_name

SIZE = 9
SQUARES = tuple(range(SIZE * SIZE))
NAMES = tuple(square_name(i % SIZE, i // SIZE) for i in SQUARES)
INDEX = {name: i for i, name in enumerate(NAMES)}

SOUTH, NORTH = "south", "north"
SEATS = (SOUTH, NORTH)
OTHER = {SOUTH: NORTH, NORTH: SOUTH}
ROYAL = {SOUTH: INDEX["e1"], NORTH: INDEX["e9"]}
HOME_RANKS = {SOUTH: (0, 1), NORTH: (8, 7)}  # first and second rank of each side
FORWARD = {SOUTH: "n", NORTH: "s"}  # the facing towards the enemy

FACINGS = ("n", "e", "s", "w")
VECTOR = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
ABOUT = {"n": "s", "s": "n", "e": "w", "w": "e"}
RIGHT = {"n": "e", "e": "s", "s": "w", "w": "n"}
FACING_NAME = {"n": "north", "e": "east", "s": "south", "w": "west"}
FACING_OF_WORD = {
    **{f: f for f in FACINGS},
    **{name: f for f, name in FACING_NAME.items()},
    "nord": "n", "est": "e", "sud": "s", "ouest": "w", "o": "w",
    "up": "n", "down": "s", "right": "e", "left": "w",
}  # fmt: skip


def parse(text: str) -> int:
    file, rank = parse_square(text, SIZE, SIZE)
    return rank * SIZE + file


def coords(sq: int) -> tuple[int, int]:
    return sq % SIZE, sq // SIZE


def at(file: int, rank: int) -> int | None:
    """The square at ``(file, rank)``, or ``None`` off the board."""
    if 0 <= file < SIZE and 0 <= rank < SIZE:
        return rank * SIZE + file
    return None


def step(sq: int, facing: str, n: int = 1) -> int | None:
    """The square ``n`` squares from ``sq`` towards ``facing``, or ``None`` off the board."""
    f, r = coords(sq)
    dx, dy = VECTOR[facing]
    return at(f + dx * n, r + dy * n)


AHEAD = {
    facing: tuple(at(sq % SIZE + dx, sq // SIZE + dy) for sq in SQUARES)
    for facing, (dx, dy) in VECTOR.items()
}
"""By facing, the square one step ahead of each square (``None`` off the board): ``step``'s
table for one square, which move generation asks most."""


def parse_facing(text: str) -> str:
    facing = FACING_OF_WORD.get(text.strip().lower())
    if facing is None:
        raise InvalidNotation(
            f"'{text}' is not a direction: write n, e, s or w (north, east, south, west)",
            code="echec.bad_facing",
            text=text,
        )
    return facing


def neighbours(sq: int, *, diagonal: bool = False) -> list[int]:
    f, r = coords(sq)
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx or dy) and (diagonal or not (dx and dy)):
                n = at(f + dx, r + dy)
                if n is not None:
                    out.append(n)
    return out


def on_home_ranks(seat: str, sq: int) -> bool:
    return coords(sq)[1] in HOME_RANKS[seat]
