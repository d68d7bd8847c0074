"""The project's Alako board as data (RULINGS 5): squares, camps, river, bridge, starts and
the two fortification networks with their red points.

Squares are indexed ``rank * WIDTH + file`` (zero-based, ``a1`` = 0). The fortification
networks live on the grid lines: a *node* is a grid point ``(x, y)`` (``x`` 0..9, ``y``
0..11; square ``(f, r)`` has its corners at ``(f, r)`` and ``(f + 1, r + 1)``) and a
*segment* is a unit piece of grid line, a pair of nodes, lowest first.

Segment notation (see docs/rules/alako.md): a segment is a side of a square, written as
the square and the side's compass letter. Canonically a horizontal segment is the north
side of the square below it (``d3n``, between d3 and d4) and a vertical one the east side
of the square to its left (``d4e``, between d4 and e4); the board's west edge is ``a4w``.
Input may name either square of the pair (``d4s`` = ``d3n``, ``e4w`` = ``d4e``) or the two
squares (``d3/d4``, ``d4/e4``)."""

from __future__ import annotations

import re

from engine.errors import InvalidNotation
from engine.squares import parse_square, square_name

WIDTH, HEIGHT = 9, 11
SIZE = WIDTH * HEIGHT
SEATS = ("south", "north")

Node = tuple[int, int]
Segment = tuple[Node, Node]

# Camps (inclusive zero-based rank ranges) and each side's half, where her princess stays.
CAMP_RANKS = ((0, 2), (8, 10))
HALF_RANKS = ((0, 4), (6, 10))
RIVER_RANK = 5
BRIDGE = 5 * WIDTH + 4  # e6

# Start squares: knight, horse, princess (South d1 f1 e1; North mirrored across the river).
STARTS = ((3, 5, 4), (3 + 10 * WIDTH, 5 + 10 * WIDTH, 4 + 10 * WIDTH))

# The fortification networks: the line carrying the red points (3|4 for South, 8|9 for
# North), the second line (4|5, 7|8), and the short vertical segments joining them.
RED_LINE_Y = (3, 8)
OTHER_LINE_Y = (4, 7)

DIRECTIONS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
DIRECTION_NAMES = {"north": "n", "east": "e", "south": "s", "west": "w"}


def name(sq: int) -> str:
    return square_name(sq % WIDTH, sq // WIDTH)


def parse(text: str) -> int:
    f, r = parse_square(text, WIDTH, HEIGHT)
    return r * WIDTH + f


def step(sq: int, direction: str) -> int | None:
    """The neighbour of ``sq`` in a compass direction, or ``None`` off the board."""
    dx, dy = DIRECTIONS[direction]
    f, r = sq % WIDTH + dx, sq // WIDTH + dy
    if 0 <= f < WIDTH and 0 <= r < HEIGHT:
        return r * WIDTH + f
    return None


def is_river(sq: int) -> bool:
    return sq // WIDTH == RIVER_RANK and sq != BRIDGE


def in_half(sq: int, seat: int) -> bool:
    lo, hi = HALF_RANKS[seat]
    return lo <= sq // WIDTH <= hi


def in_camp(sq: int, seat: int) -> bool:
    lo, hi = CAMP_RANKS[seat]
    return lo <= sq // WIDTH <= hi


def between(a: int, b: int) -> Segment:
    """The grid segment between two orthogonally adjacent squares."""
    fa, ra, fb, rb = a % WIDTH, a // WIDTH, b % WIDTH, b // WIDTH
    if fa == fb:
        y = max(ra, rb)
        return ((fa, y), (fa + 1, y))
    x = max(fa, fb)
    return ((x, ra), (x, ra + 1))


def sides(seg: Segment) -> tuple[int | None, int | None]:
    """The squares on either side of a segment (south then north, or west then east);
    ``None`` off the board."""
    (x0, y0), (_x1, _y1) = seg

    def sq(f: int, r: int) -> int | None:
        return r * WIDTH + f if 0 <= f < WIDTH and 0 <= r < HEIGHT else None

    if y0 == _y1:  # horizontal
        return sq(x0, y0 - 1), sq(x0, y0)
    return sq(x0 - 1, y0), sq(x0, y0)


def red_points(seat: int) -> tuple[Node, Node]:
    return ((0, RED_LINE_Y[seat]), (WIDTH, RED_LINE_Y[seat]))


def network(seat: int) -> frozenset[Segment]:
    """Every segment of a side's fortification lines."""
    ys = sorted((RED_LINE_Y[seat], OTHER_LINE_Y[seat]))
    segs = {((x, y), (x + 1, y)) for y in ys for x in range(WIDTH)}
    segs |= {((x, ys[0]), (x, ys[1])) for x in range(WIDTH + 1)}
    return frozenset(segs)


NETWORKS = (network(0), network(1))


def segment_name(seg: Segment) -> str:
    (x0, y0), (_x1, y1) = seg
    if y0 == y1:
        return f"{square_name(x0, y0 - 1)}n" if y0 > 0 else f"{square_name(x0, 0)}s"
    return f"{square_name(x0 - 1, y0)}e" if x0 > 0 else f"{square_name(0, y0)}w"


_SIDE = re.compile(r"^([a-z]{1,2}\d{1,2})\s*([nesw])$")
_PAIR = re.compile(r"^([a-z]{1,2}\d{1,2})\s*[/|:-]\s*([a-z]{1,2}\d{1,2})$")

SEGMENT_HELP = (
    "write a segment as a square and a side, like d3n (the north side of d3) or d4e, "
    "or as the two squares it separates, like d3/d4"
)


def parse_segment(text: str) -> Segment:
    """A segment written ``d3n``, ``d4s``, ``d4e``, ``e4w``, ``d3/d4`` or ``d4/e4``."""
    raw = text.strip().lower()
    if match := _SIDE.match(raw):
        f, r = parse_square(match.group(1), WIDTH, HEIGHT)
        side = match.group(2)
        if side == "n":
            return ((f, r + 1), (f + 1, r + 1))
        if side == "s":
            return ((f, r), (f + 1, r))
        if side == "e":
            return ((f + 1, r), (f + 1, r + 1))
        return ((f, r), (f, r + 1))
    if match := _PAIR.match(raw):
        a, b = parse(match.group(1)), parse(match.group(2))
        fa, ra, fb, rb = a % WIDTH, a // WIDTH, b % WIDTH, b // WIDTH
        if abs(fa - fb) + abs(ra - rb) != 1:
            raise InvalidNotation(
                f"{match.group(1)} and {match.group(2)} are not side by side: "
                "a segment lies between two neighbouring squares",
                code="alako.segment_not_adjacent",
                segment=text,
            )
        return between(a, b)
    raise InvalidNotation(
        f"'{text}' is not a segment: {SEGMENT_HELP}", code="alako.bad_segment", segment=text
    )
