"""Board geometry as data: squares, seats, zones, rows, directions, promotion squares.

The cross of 4-player Loka (RULINGS 1.1) is one instance; Face-off and massive battles
(RULINGS 1.10) are others built by the same constructor. Everything the move generator needs
is precomputed once per geometry into flat tables indexed by ``rank * width + file``.

Besides the board, a geometry carries the few set-up numbers that differ between the boards:
the zone's size (tile placement dice), how many rows may open for deployment, whether tiles
are drawn from the pile or rolled on the D8 table, and whether back-to-back exists."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from engine.errors import InvalidNotation
from engine.squares import parse_square, square_name

# Directions: the four orthogonal ones first, then the diagonals.
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
ORTHOGONAL = (0, 1, 2, 3)
DIAGONAL = (4, 5, 6, 7)
# A mountain pass lies along the file ('n', north-south) or along the rank ('e', east-west).
AXIS_OF_DIRECTION = ("n", "n", "e", "e", None, None, None, None)
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


@dataclass(frozen=True)
class SeatSpec:
    """One army's place at the table: its edge and the frame of its zone.

    ``origin`` is zone column 1, row 1 (the player's left on their own edge); ``right`` points
    along the edge to the player's right; ``forward`` points away from the edge."""

    name: str
    team: str
    origin: tuple[int, int]
    right: tuple[int, int]
    forward: tuple[int, int]


class Geometry:
    """A board and its seats, with every table the rules need."""

    def __init__(
        self,
        name: str,
        width: int,
        height: int,
        seats: tuple[SeatSpec, ...],
        *,
        missing: frozenset[tuple[int, int]] = frozenset(),
        zone_width: int = 6,
        zone_depth: int = 6,
        arm_depth: int = 3,
        deploy_depth: int = 6,
        back_to_back: bool = True,
        tile_table: bool = False,
        row_first: bool = False,
    ) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.size = width * height
        self.seats = seats
        # A seat's zone: zone_width columns (along its edge) by zone_depth rows. Tiles are
        # placed in it by one die per coordinate (D6 x D6 on the cross, the whole board by
        # D8 x D8 in Face-off), the row die first when ``row_first``.
        self.zone_width = zone_width
        self.zone_depth = zone_depth
        self.arm_depth = arm_depth  # rows 1..arm_depth: the arm (deployment rows)
        self.deploy_depth = deploy_depth  # rows that may open when rows 1-3 are full
        self.back_to_back = back_to_back
        self.tile_table = tile_table  # tile kind by a D8 on the table, not drawn from a pile
        self.row_first = row_first
        self.seat_names = tuple(s.name for s in seats)
        self.seat_index = {s.name: i for i, s in enumerate(seats)}
        self.exists = tuple((i % width, i // width) not in missing for i in range(self.size))
        self.names = tuple(square_name(i % width, i // width) for i in range(self.size))
        self.squares = tuple(i for i in range(self.size) if self.exists[i])
        # The squares by their own names: the computer players and ``apply`` parse the
        # names the rules wrote, and those need no reading (any other text is read in full).
        self._index_of = {self.names[i]: i for i in self.squares}
        self._rows: dict[tuple[int, int], tuple[int, ...]] = {}
        self._build_moves()
        self._build_seats()

    def __reduce__(self) -> tuple[object, tuple[str, tuple[int, int], tuple[str, ...]]]:
        # One object per layout: the renderer's caches key on it (by identity) and test
        # `is CROSS`, so a copy sent to a render worker unpickles as that process's own one.
        return geometry_for, (self.name, (self.width, self.height), self.seat_names)

    def index(self, file: int, rank: int) -> int:
        """The square at zero-based (file, rank), or -1 when it is not on the board."""
        if 0 <= file < self.width and 0 <= rank < self.height:
            i = rank * self.width + file
            if self.exists[i]:
                return i
        return -1

    def parse(self, text: str) -> int:
        """A square name to its index, with a player-readable error."""
        known = self._index_of.get(text)
        if known is not None:
            return known
        file, rank = parse_square(text, self.width, self.height)
        i = rank * self.width + file
        if not self.exists[i]:
            raise InvalidNotation(
                f"{text} is not on the {self.name} board: {self.missing_hint}",
                code="board.missing_square",
                square=text,
            )
        return i

    @property
    def missing_hint(self) -> str:
        return "the four 3x3 corners (files a-c and j-l on ranks 1-3 and 10-12) are cut away"

    @property
    def zone_size(self) -> int:
        """The zone's width along the edge (the cross's zones are 6x6)."""
        return self.zone_width

    @property
    def last_square(self) -> str:
        return square_name(self.width - 1, self.height - 1)

    def _build_moves(self) -> None:
        rays: list[tuple[tuple[int, ...], ...]] = []
        knights: list[tuple[int, ...]] = []
        for sq in range(self.size):
            f, r = sq % self.width, sq // self.width
            per_dir = []
            for dx, dy in DIRECTIONS:
                ray = []
                x, y = f + dx, r + dy
                while (t := self.index(x, y)) >= 0:
                    ray.append(t)
                    x, y = x + dx, y + dy
                per_dir.append(tuple(ray))
            rays.append(tuple(per_dir))
            knights.append(
                tuple(t for dx, dy in KNIGHT_STEPS if (t := self.index(f + dx, r + dy)) >= 0)
            )
        self.rays = tuple(rays)
        self.knight_targets = tuple(knights)

    def _build_seats(self) -> None:
        n = len(self.seats)
        self.pawn_dir: list[int] = []
        self.zone: list[dict[tuple[int, int], int]] = []
        self.row_of: list[tuple[int, ...]] = []
        for spec in self.seats:
            self.pawn_dir.append(DIRECTIONS.index(spec.forward))
            zone = {}
            for col in range(1, self.zone_width + 1):
                for row in range(1, self.zone_depth + 1):
                    x = spec.origin[0] + (col - 1) * spec.right[0] + (row - 1) * spec.forward[0]
                    y = spec.origin[1] + (col - 1) * spec.right[1] + (row - 1) * spec.forward[1]
                    zone[(col, row)] = self.index(x, y)
            self.zone.append(zone)
            ox, oy = spec.origin
            fx, fy = spec.forward
            self.row_of.append(
                tuple(
                    ((sq % self.width - ox) * fx + (sq // self.width - oy) * fy) + 1
                    for sq in range(self.size)
                )
            )
        self.teammates = tuple(
            tuple(j for j in range(n) if j != i and self.seats[j].team == self.seats[i].team)
            for i in range(n)
        )
        self.enemies = tuple(
            tuple(j for j in range(n) if self.seats[j].team != self.seats[i].team) for i in range(n)
        )
        # friend[i][piece]: the piece belongs to army i or an ally (codes are army * 8 + kind).
        self.friend = tuple(
            tuple(
                p != 0 and self.seats[p >> 3].team == self.seats[i].team if p >> 3 < n else False
                for p in range(8 * n)
            )
            for i in range(n)
        )
        self.enemy = tuple(
            tuple(p != 0 and (p & 7) != 0 and not self.friend[i][p] for p in range(8 * n))
            for i in range(n)
        )

    @cached_property
    def reached_from(self) -> tuple[tuple[int, ...], ...]:
        """Per square, the squares from which a piece could ever reach it without a portal,
        whatever stands between (on one of its lines, or a knight's jump away), in order."""
        found: list[set[int]] = [set() for _ in range(self.size)]
        for sq in self.squares:
            for ray in self.rays[sq]:
                for t in ray:
                    found[t].add(sq)
            for t in self.knight_targets[sq]:
                found[t].add(sq)
        return tuple(tuple(sorted(squares)) for squares in found)

    def row_squares(self, seat: int, row: int) -> tuple[int, ...]:
        """Zone row ``row`` (1 = the player's edge) of a seat, left to right (kept)."""
        found = self._rows.get((seat, row))
        if found is None:
            zone = self.zone[seat]
            found = tuple(
                zone[(col, row)] for col in range(1, self.zone_width + 1) if zone[(col, row)] >= 0
            )
            self._rows[seat, row] = found
        return found

    @cached_property
    def promotion(self) -> tuple[frozenset[int], ...]:
        """Promotion squares per seat (RULINGS 1.2): for every other seat, the line of its arm
        farthest along the seat's forward direction. For the ally opposite this is the ally's
        edge row; for the enemies on the wings, the far line of their arm. In Face-off the
        one enemy's arm spans the board: its far line is the far rank, as in chess."""
        result = []
        for i in range(len(self.seats)):
            squares: set[int] = set()
            for j in range(len(self.seats)):
                if j == i:
                    continue
                arm = [
                    sq for row in range(1, self.arm_depth + 1) for sq in self.row_squares(j, row)
                ]
                far = max(self.row_of[i][sq] for sq in arm)
                squares.update(sq for sq in arm if self.row_of[i][sq] == far)
            result.append(frozenset(squares))
        return tuple(result)


def _cross() -> Geometry:
    missing = frozenset(
        (f, r) for f in (*range(0, 3), *range(9, 12)) for r in (*range(0, 3), *range(9, 12))
    )
    seats = (
        SeatSpec("fire", "evil", origin=(3, 0), right=(1, 0), forward=(0, 1)),
        SeatSpec("earth", "good", origin=(0, 8), right=(0, -1), forward=(1, 0)),
        SeatSpec("water", "evil", origin=(8, 11), right=(-1, 0), forward=(0, -1)),
        SeatSpec("air", "good", origin=(11, 3), right=(0, 1), forward=(-1, 0)),
    )
    return Geometry("cross", 12, 12, seats, missing=missing)


CROSS = _cross()
GEOMETRIES = {"cross": CROSS}

FACEOFF_SIZES = tuple(range(8, 33, 8))  # board widths and heights: 8x8 boards side by side


@lru_cache(maxsize=64)
def faceoff(width: int, height: int, south: str, north: str) -> Geometry:
    """Face-off Loka (RULINGS 1.10) on ``width`` x ``height`` squares (8x8 boards side by
    side): ``south`` sits on rank 1, ``north`` on the last rank, each facing the other.

    A zone is the whole board seen from its player's edge (tiles land anywhere, by a row die
    then a column die); the arm is rows 1-3; deployment may spill up to the middle line."""
    teams = {"fire": "evil", "water": "evil", "earth": "good", "air": "good"}
    seats = (
        SeatSpec(south, teams[south], origin=(0, 0), right=(1, 0), forward=(0, 1)),
        SeatSpec(
            north, teams[north], origin=(width - 1, height - 1), right=(-1, 0), forward=(0, -1)
        ),
    )
    return Geometry(
        "faceoff",
        width,
        height,
        seats,
        zone_width=width,
        zone_depth=height,
        deploy_depth=height // 2,
        back_to_back=False,
        tile_table=True,
        row_first=True,
    )


def geometry_for(board: str, size: tuple[int, int], seats: tuple[str, ...]) -> Geometry:
    """The geometry of a board kind, size and seat order (cached: one object per layout)."""
    if board == "cross":
        return CROSS
    return faceoff(size[0], size[1], seats[0], seats[1])
