"""Triangular-cell geometry on the infinite lattice (no board here: see ``engine.inka.board``).

Lattice points (*vertices*) are axial pairs ``(q, r)`` standing for ``q*e1 + r*e2`` with
``e1`` pointing east and ``e2`` pointing 60 degrees up from it (cartesian
``x = q + r/2``, ``y = r*sqrt(3)/2``, y up, north at the top of the picture).

A *cell* is a triangle ``(q, r, s)``: ``s = 0`` points up with corners ``(q, r)``,
``(q+1, r)``, ``(q, r+1)``; ``s = 1`` points down with corners ``(q+1, r)``, ``(q, r+1)``,
``(q+1, r+1)``. An *edge* is a sorted pair of vertices. Two cells are adjacent when they
share an edge (touching at a corner is not adjacency).

A *rhombus* is two edge-adjacent cells. A placed rhombus is the canonical tile moved by a
lattice rotation and translation: ``Placement(anchor, turn)`` maps each canonical vertex
``v`` to ``anchor + R^turn(v)``, where ``R`` turns 60 degrees counter-clockwise. The
canonical tile has corners ``A (0,0)`` acute, ``B (1,0)`` obtuse, ``C (1,1)`` acute,
``D (0,1)`` obtuse; its *first half* is the up cell ``ABD``, its *second half* the down cell
``BCD``; its edges are ``a = AB``, ``b = BC``, ``c = CD``, ``d = DA`` (walls are named by
these letters). Corners are named for players by the clock hour at which they lie, seen from
the rhombus's centre (12 = north), so ``rotate 5 8h cw60`` needs no hidden labels."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.pairs import pair

Vertex = tuple[int, int]
Cell = tuple[int, int, int]
Edge = tuple[Vertex, Vertex]

# The six lattice directions, counter-clockwise from east; R maps direction d to d + 1.
DIRECTIONS: tuple[Vertex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("e", "ne", "nw", "w", "sw", "se")
DIRECTION_INDEX = {name: i for i, name in enumerate(DIRECTION_NAMES)}

SQRT3 = math.sqrt(3.0)


def add(a: Vertex, b: Vertex) -> Vertex:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Vertex, b: Vertex) -> Vertex:
    return (a[0] - b[0], a[1] - b[1])


def rotate_vector(v: Vertex, sixths: int) -> Vertex:
    """``v`` turned by ``sixths`` x 60 degrees counter-clockwise about the origin."""
    q, r = v
    for _ in range(sixths % 6):
        q, r = -r, q + r
    return (q, r)


def rotate_about(v: Vertex, pivot: Vertex, sixths: int) -> Vertex:
    return add(pivot, rotate_vector(sub(v, pivot), sixths))


def hex_distance(v: Vertex) -> int:
    """Lattice distance of a vertex from the origin (the hexagon it lies on)."""
    q, r = v
    return max(abs(q), abs(r), abs(q + r))


def cartesian(v: Vertex) -> tuple[float, float]:
    q, r = v
    return (q + r / 2, r * SQRT3 / 2)


def cell_vertices(cell: Cell) -> tuple[Vertex, Vertex, Vertex]:
    q, r, s = cell
    if s == 0:
        return ((q, r), (q + 1, r), (q, r + 1))
    return ((q + 1, r), (q, r + 1), (q + 1, r + 1))


def cell_of(vertices: tuple[Vertex, ...] | frozenset[Vertex]) -> Cell:
    """The cell with these three corners (they must form a unit triangle)."""
    vs = sorted(vertices, key=lambda v: (v[0] + v[1], v))
    sums = [v[0] + v[1] for v in vs]
    if sums[0] + 1 == sums[1] == sums[2]:
        q, r = vs[0]
        cell = (q, r, 0)
    elif sums[0] == sums[1] == sums[2] - 1:
        q, r = vs[2]
        cell = (q - 1, r - 1, 1)
    else:
        raise ValueError(f"{vertices} is not a unit triangle")
    if set(cell_vertices(cell)) != set(vs):
        raise ValueError(f"{vertices} is not a unit triangle")
    return cell


def edge(u: Vertex, v: Vertex) -> Edge:
    return (u, v) if u <= v else (v, u)


def cell_edges(cell: Cell) -> tuple[Edge, Edge, Edge]:
    a, b, c = cell_vertices(cell)
    return (edge(a, b), edge(b, c), edge(c, a))


def across(cell: Cell, e: Edge) -> Cell:
    """The cell on the other side of edge ``e`` of ``cell``."""
    u, v = e
    third = next(w for w in cell_vertices(cell) if w not in e)
    # Reflect the third corner through the edge's midpoint: u + v - third.
    return cell_of((u, v, (u[0] + v[0] - third[0], u[1] + v[1] - third[1])))


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    a, b, c = (across(cell, e) for e in cell_edges(cell))
    return a, b, c


def shared_edge(a: Cell, b: Cell) -> Edge | None:
    common = set(cell_vertices(a)) & set(cell_vertices(b))
    return edge(*sorted(common)) if len(common) == 2 else None


def centroid(cell: Cell) -> tuple[float, float]:
    pts = [cartesian(v) for v in cell_vertices(cell)]
    return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)


# ---------------------------------------------------------------- rhombi

CANONICAL: dict[str, Vertex] = {"A": (0, 0), "B": (1, 0), "C": (1, 1), "D": (0, 1)}
ACUTE = frozenset("AC")
CANON_EDGES = {"a": ("A", "B"), "b": ("B", "C"), "c": ("C", "D"), "d": ("D", "A")}
CANON_CLOCK = {"A": 8, "B": 5, "C": 2, "D": 11}  # where each corner lies, turn 0
HALVES = (("A", "B", "D"), ("B", "C", "D"))
# A rotation is legal about an acute corner by 60 or 120 degrees either way, about an
# obtuse corner by 60 degrees either way (RULINGS 4); in sixths, counter-clockwise > 0.
ACUTE_TURNS = (1, -1, 2, -2)
OBTUSE_TURNS = (1, -1)


@dataclass(frozen=True, slots=True, order=True)
class Placement:
    """Where a rhombus lies: the canonical tile turned ``turn`` sixths and moved so that its
    corner A sits on ``anchor``."""

    anchor: Vertex
    turn: int

    def corner(self, name: str) -> Vertex:
        return add(self.anchor, rotate_vector(CANONICAL[name], self.turn))

    @property
    def corners(self) -> dict[str, Vertex]:
        return {name: self.corner(name) for name in "ABCD"}

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """The first and second halves."""
        return _placement_cells(self)

    def edge_of(self, letter: str) -> Edge:
        u, v = CANON_EDGES[letter]
        return edge(self.corner(u), self.corner(v))

    @property
    def outline(self) -> tuple[Edge, ...]:
        return tuple(self.edge_of(x) for x in "abcd")

    def clock(self, name: str) -> int:
        """The clock hour of a corner seen from the centre (turning 60 degrees
        counter-clockwise moves it back two hours)."""
        return (CANON_CLOCK[name] - 2 * self.turn - 1) % 12 + 1

    def corner_at(self, clock: int) -> str | None:
        return next((n for n in "ABCD" if self.clock(n) == clock), None)

    def slide_directions(self) -> tuple[int, ...]:
        """The four directions along its edges (edge a runs along direction ``turn``,
        edge d along ``turn + 1``), in increasing order."""
        return tuple(sorted({(self.turn + k) % 6 for k in (0, 1, 3, 4)}))

    def slid(self, direction: int, distance: int = 1) -> Placement:
        dq, dr = DIRECTIONS[direction]
        return Placement(
            (self.anchor[0] + dq * distance, self.anchor[1] + dr * distance), self.turn
        )

    def rotated(self, corner: str, sixths: int) -> Placement:
        pivot = self.corner(corner)
        return Placement(rotate_about(self.anchor, pivot, sixths), (self.turn + sixths) % 6)

    def turns_about(self, corner: str) -> tuple[int, ...]:
        return ACUTE_TURNS if corner in ACUTE else OBTUSE_TURNS


@lru_cache(maxsize=1 << 14)
def _placement_cells(p: Placement) -> tuple[Cell, Cell]:
    return pair(cell_of(tuple(p.corner(n) for n in half)) for half in HALVES)


def placement_of(first: Cell, second: Cell) -> Placement:
    """The placement whose first half is ``first`` and second half ``second`` (they must be
    edge-adjacent; the order fixes which way round the tile lies)."""
    if shared_edge(first, second) is None:
        raise ValueError(f"{first} and {second} do not share an edge")
    for turn in range(6):
        # Corner A is the corner of the first half that is not on the shared edge.
        anchor = next(v for v in cell_vertices(first) if v not in cell_vertices(second))
        p = Placement(anchor, turn)
        if p.cells == (first, second):
            return p
    raise AssertionError("unreachable: every edge-adjacent pair is a rhombus")


# ---------------------------------------------------------------- sweeping


def _clip(
    subject: list[tuple[float, float]], clip: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """Sutherland-Hodgman: ``subject`` cut to the convex counter-clockwise ``clip``."""
    out = subject
    n = len(clip)
    for i in range(n):
        ax, ay = clip[i]
        bx, by = clip[(i + 1) % n]
        inp, out = out, []
        if not inp:
            break

        def side(
            p: tuple[float, float], ax: float = ax, ay: float = ay, bx: float = bx, by: float = by
        ) -> float:
            return (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)

        prev = inp[-1]
        for cur in inp:
            sc, sp = side(cur), side(prev)
            if sc >= 0:
                if sp < 0:
                    t = sp / (sp - sc)
                    out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
                out.append(cur)
            elif sp >= 0:
                t = sp / (sp - sc)
                out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
            prev = cur
    return out


def _area(poly: list[tuple[float, float]]) -> float:
    return abs(
        sum(
            poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1]
            for i in range(len(poly))
        )
        / 2
    )


def _ccw(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    signed = sum(
        points[i][0] * points[(i + 1) % len(points)][1]
        - points[(i + 1) % len(points)][0] * points[i][1]
        for i in range(len(points))
    )
    return points if signed > 0 else points[::-1]


SWEEP_STEPS_PER_60 = 60  # one sample a degree; overlaps here are never thinner than that
_OVERLAP = 1e-7


@lru_cache(maxsize=64)
def _base_sweep(shape: tuple[Cell, Cell], sixths: int) -> frozenset[Cell]:
    """Cells whose interior the rhombus ``shape`` (with a corner at the origin) crosses while
    turning ``sixths`` x 60 degrees about the origin, its start and end cells included."""
    rhombus_pts = {v for c in shape for v in cell_vertices(c)}
    # The rhombus as a convex polygon: its corners in angular order around its centre.
    pts = [cartesian(v) for v in rhombus_pts]
    cx, cy = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
    pts.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    candidates = [
        (q, r, s)
        for q in range(-3, 3)
        for r in range(-3, 3)
        for s in (0, 1)
        if all(hex_distance(v) <= 2 for v in cell_vertices((q, r, s)))
    ]
    tri = {c: _ccw([cartesian(v) for v in cell_vertices(c)]) for c in candidates}
    hit: set[Cell] = set(shape)
    steps = SWEEP_STEPS_PER_60 * abs(sixths)
    total = math.radians(60 * sixths)
    for i in range(steps + 1):
        a = total * i / steps
        ca, sa = math.cos(a), math.sin(a)
        turned = [(x * ca - y * sa, x * sa + y * ca) for x, y in pts]
        for c in candidates:
            if c in hit:
                continue
            if _area(_clip(turned, tri[c])) > _OVERLAP:
                hit.add(c)
    return frozenset(hit)


def _turn_cell(cell: Cell, sixths: int, pivot: Vertex = (0, 0)) -> Cell:
    return cell_of(tuple(rotate_about(v, pivot, sixths) for v in cell_vertices(cell)))


def _shift_cell(cell: Cell, by: Vertex) -> Cell:
    q, r, s = cell
    return (q + by[0], r + by[1], s)


@lru_cache(maxsize=1 << 16)
def swept_cells(placement: Placement, corner: str, sixths: int) -> frozenset[Cell]:
    """Every cell the rhombus touches (with positive area) while it turns about ``corner``,
    including where it starts and where it ends."""
    pivot = placement.corner(corner)
    # Normalise: move the pivot to the origin and turn the rhombus so that corner A or B
    # points the canonical way; the few distinct sweeps are computed once and cached.
    spin = -placement.turn
    shape = tuple(
        sorted(_turn_cell(_shift_cell(c, (-pivot[0], -pivot[1])), spin) for c in placement.cells)
    )
    base = _base_sweep(shape, sixths)
    return frozenset(_shift_cell(_turn_cell(c, -spin), pivot) for c in base)
