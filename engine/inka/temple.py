"""The temple: the project's own board design, as data (RULINGS 4), and its validator.

The printed board is unknown, so the temple is drawn here as a map, one string per row from
the top (row ``l``) to the bottom (row ``a``), one character per cell, column 1 first (the
spaces outside the hexagon keep the columns lined up)::

    .  solid ground        ~  chasm             o  centre (under the destination rhombi)
    s  snake (ground)      p  secret passage    r  rhombus symbol
    x  exit (ground)       1-4  start cells, in seat order of choice (ground)

The design: the centre hexagon (3 destination rhombi) is ringed by a moat of chasm two cells
wide, so nobody reaches a statue without bridging it with a path rhombus; a second ring of
chasm is crossed on foot at four snake-guarded gaps (1 AP each) or over rhombi; the outer
rings are ground with the starts at four corners, the exits at the other two corners and the
middles of the flat sides, four secret passages, and snakes on the way. Each exit is reached
only over a snake, so a pawn that spends its last AP on a statue cannot also slip out.

:func:`validate` proves the design playable and runs in the tests: every start reaches the
centre and an exit with the sample layout of the 13 path rhombi, no start is walled in, and
without path rhombi no start reaches the centre."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from engine.inka.board import BOARD, Board
from engine.inka.geometry import Edge, Placement

TEMPLE_MAP = (
    "     1..~~xs.....2     ",  # l
    "    ....p..........    ",  # k
    "   ....~~~.s~~~~....   ",  # j
    "  ....~~......s~~....  ",  # i
    " ..p.~~s.~~~~~..~~.... ",  # h
    "~....s..~~ooo~~r.s...sx",  # g
    "xs..~~.r~~ooo~~..~~...~",  # f
    " ....~~..~~~~~.s~~.p.. ",  # e
    "  ....~~s......~~....  ",  # d
    "   ....~~~s.~~~~....   ",  # c
    "    ..........p....    ",  # b
    "     4.....sx~~..3     ",  # a
)

# The three destination rhombi of the centre, as (first half, second half), and where each
# seat's statue stands on them (spots are drawn in this seat order).
DESTINATIONS = (("A", "g11", "g12"), ("B", "g13", "f13"), ("C", "f11", "f12"))

# The 13 path rhombi: which of their four edges carry a wall. Edges are named on the tile:
# a and d meet at the first half's sharp corner, b and c at the second half's; a and b meet
# at one blunt corner, c and d at the other (see ``engine.inka.geometry``).
PATH_WALLS: dict[int, str] = {
    1: "",
    2: "",
    3: "",
    4: "",
    5: "a",
    6: "b",
    7: "c",
    8: "d",
    9: "ac",
    10: "bd",
    11: "ab",
    12: "cd",
    13: "ad",
}

# A layout of the 13 path rhombi (number -> first half, second half) that makes the temple
# playable from every start: four bridges over the moat, the rest spread over the outer
# chasm. The validator checks it; the demos and tests start from it.
SAMPLE_LAYOUT: dict[int, tuple[str, str]] = {
    1: ("j12", "i12"),
    2: ("c12", "d12"),
    3: ("h12", "h11"),
    4: ("e12", "e13"),
    5: ("g10", "g9"),
    6: ("f14", "f15"),
    7: ("i7", "i8"),
    8: ("d16", "d17"),
    9: ("c7", "c8"),
    10: ("j16", "j17"),
    11: ("l9", "l10"),
    12: ("a14", "a15"),
    13: ("f18", "f19"),
}

GROUND, CHASM = ".", "~"


@dataclass(frozen=True)
class Temple:
    """The board's cells and what is printed on them, by cell index."""

    rows: tuple[str, ...] = TEMPLE_MAP
    board: Board = BOARD

    @cached_property
    def glyph(self) -> tuple[str, ...]:
        out = [""] * self.board.size
        n = self.board.side
        for row_from_top, line in enumerate(self.rows):
            row = chr(ord("a") + 2 * n - 1 - row_from_top)
            for col, ch in enumerate(line, 1):
                name = f"{row}{col}"
                if name in self.board.by_name:
                    out[self.board.by_name[name]] = ch
                elif ch != " ":
                    raise ValueError(f"the temple map draws '{ch}' on {name}, off the board")
        missing = [self.board.names[i] for i, ch in enumerate(out) if ch in ("", " ")]
        if missing:
            raise ValueError(f"the temple map leaves cells undrawn: {', '.join(missing)}")
        return tuple(out)

    @cached_property
    def chasm(self) -> frozenset[int]:
        return frozenset(i for i, ch in enumerate(self.glyph) if ch == CHASM)

    def _with(self, mark: str) -> tuple[int, ...]:
        return tuple(i for i, ch in enumerate(self.glyph) if ch == mark)

    @cached_property
    def snakes(self) -> frozenset[int]:
        return frozenset(self._with("s"))

    @cached_property
    def passages(self) -> tuple[int, ...]:
        return self._with("p")

    @cached_property
    def symbols(self) -> tuple[int, ...]:
        return self._with("r")

    @cached_property
    def exits(self) -> tuple[int, ...]:
        return self._with("x")

    @cached_property
    def centre(self) -> frozenset[int]:
        return frozenset(self._with("o"))

    @cached_property
    def starts(self) -> tuple[int, ...]:
        return tuple(self.board.by_name[n] for n in self.start_names)

    @cached_property
    def start_names(self) -> tuple[str, ...]:
        found = {ch: self.board.names[i] for i, ch in enumerate(self.glyph) if ch in "1234"}
        return tuple(found[k] for k in sorted(found))

    @cached_property
    def destinations(self) -> tuple[tuple[str, Placement], ...]:
        return tuple((name, self.board.placement(a, b)) for name, a, b in DESTINATIONS)

    def walls_of(self, number: int, placement: Placement) -> frozenset[Edge]:
        return frozenset(placement.edge_of(x) for x in PATH_WALLS[number])

    @cached_property
    def sample_layout(self) -> tuple[tuple[int, Placement], ...]:
        return tuple((n, self.board.placement(a, b)) for n, (a, b) in sorted(SAMPLE_LAYOUT.items()))


TEMPLE = Temple()


# ---------------------------------------------------------------- walking


def reachable(
    temple: Temple,
    start: int,
    covered: Iterable[int] = (),
    walls: Iterable[Edge] = (),
) -> set[int]:
    """Cells a pawn on ``start`` can walk to (any AP), over ground and covered cells,
    never through a wall. Pawns and blockers are ignored (one can walk past them)."""
    cover = set(covered)
    wall = set(walls)
    board = temple.board
    seen = {start}
    todo = deque([start])
    while todo:
        i = todo.popleft()
        for e, j in board.neighbours[i]:
            if j is None or j in seen or e in wall:
                continue
            if j in temple.chasm and j not in cover:
                continue
            seen.add(j)
            todo.append(j)
    return seen


def walled_in(temple: Temple, cell: int, walls: Iterable[Edge]) -> bool:
    """A cell is walled in when each of its edges is a wall or the temple's rim."""
    wall = set(walls)
    return all(j is None or e in wall for e, j in temple.board.neighbours[cell])


def validate(temple: Temple = TEMPLE) -> list[str]:
    """Every way the design breaks RULINGS 4 or cannot be played; empty when it is sound."""
    problems: list[str] = []
    board = temple.board
    names = board.names
    glyph = temple.glyph
    if board.size != 6 * board.side**2:
        problems.append(f"{board.size} cells is not a hexagon of side {board.side}")
    if temple.centre != frozenset(i for i in range(board.size) if board.ring(i) == 1):
        problems.append("the centre marks must be exactly the six centre cells")
    dest_cells = {c for _, p in temple.destinations for c in board.rhombus_cells(p) or ()}
    if dest_cells != temple.centre:
        problems.append("the three destination rhombi must cover the centre hexagon")
    if len(temple.starts) != 4:
        problems.append(f"{len(temple.starts)} start cells: there must be 4")
    if len(temple.exits) != 4:
        problems.append(f"{len(temple.exits)} exits: there must be 4")
    if not 10 <= len(temple.snakes) <= 14:
        problems.append(f"{len(temple.snakes)} snakes: about a dozen")
    if len(temple.passages) < 3:
        problems.append("at least 3 secret passages")
    if len(temple.symbols) < 2:
        problems.append("at least 2 rhombus symbols")
    if len(PATH_WALLS) != 13 or any(set(w) - set("abcd") for w in PATH_WALLS.values()):
        problems.append("13 path rhombi, with walls named by the edges a, b, c, d")
    for i in temple.exits:
        if not board.on_rim(i):
            problems.append(f"exit {names[i]} is not on the outer edge")
    for i in temple.starts:
        if board.ring(i) < board.side - 1:
            problems.append(f"start {names[i]} is not near a corner of the hexagon")
    for i, ch in enumerate(glyph):
        if ch not in ".~osprx1234":
            problems.append(f"unknown mark '{ch}' on {names[i]}")
    # Without path rhombi, no start reaches the centre, and none is stuck on its cell.
    for s in temple.starts:
        alone = reachable(temple, s)
        if alone & temple.centre:
            problems.append(f"start {names[s]} reaches the centre without path rhombi")
        if len(alone) < 10:
            problems.append(f"start {names[s]} is walled in (it reaches {len(alone)} cells)")
    # With the sample layout every start reaches the centre and an exit from there.
    covered: set[int] = set(temple.centre)
    walls: set[Edge] = set()
    for n, p in temple.sample_layout:
        cells = board.rhombus_cells(p)
        if cells is None:
            problems.append(f"sample rhombus {n} leaves the temple")
            continue
        if covered & set(cells):
            problems.append(f"sample rhombus {n} overlaps another rhombus")
        covered |= set(cells)
        walls |= temple.walls_of(n, p)
    for s in temple.starts:
        if walled_in(temple, s, walls):
            problems.append(f"the sample layout walls start {names[s]} in")
        there = reachable(temple, s, covered, walls)
        if not there & temple.centre:
            problems.append(f"start {names[s]} cannot reach the centre with the sample layout")
        back = reachable(temple, next(iter(temple.centre)), covered, walls)
        if not back & set(temple.exits):
            problems.append("no exit can be reached from the centre with the sample layout")
    return problems
