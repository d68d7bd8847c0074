"""The temple: the project's own board design, as data (RULINGS 4), and its validator.

The printed board is unknown, so the temple is drawn here as a map, one string per row from
the top (row ``l``) to the bottom (row ``a``), one character per cell, column 1 first (the
spaces outside the hexagon keep the columns lined up)::

    .  solid ground        ~  chasm             o  centre (under the destination rhombi)
    #  moat: chasm where no path rhombus may be laid at set-up (the opening limit)
    s  snake (ground)      p  secret passage    r  rhombus symbol
    x  exit (ground)       1-4  start cells, in seat order of choice (ground)

The design (issue 13): "la plus grande partie du sol est détruite", so 146 of the 216 cells
are chasm. Four ledges of ground, one at each start corner, hang on the rim; the moat (three
rings of chasm round the centre, and four wedges between the ledges) parts them from the
centre and from one another. Every way from a ledge to a statue or to another ledge crosses
at least 5 moat cells (3 rhombus moves: with 3 AP nothing is left to take a statue in a first
turn), and the secret passages and rhombus symbols stand on islands in the moat, 3 moat
cells from any ledge. Each ledge has its own exit in its corner behind two snakes (1 AP), so
a pawn that spends its last AP on a statue cannot also slip out, and a hole of plain chasm
where set-up rhombi may go. The map is symmetric left-right and top-bottom: the four starts
are alike.

:func:`validate` proves the design sound and runs in the tests: the opening limits above;
without path rhombi no start reaches the centre and none is walled in; the sample opening is
a legal set-up; with the bridged layout every start reaches the centre and an exit."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from engine.inka.board import BOARD, Board
from engine.inka.config import ACTION_POINTS
from engine.inka.geometry import Edge, Placement

TEMPLE_MAP = (
    "     1..#######..2     ",  # l
    "    xs.~#######~.sx    ",  # k
    "   .s..#########..s.   ",  # j
    "  ...s###########s...  ",  # i
    " #######p#####p####### ",  # h
    "#######r##ooo##r#######",  # g
    "#######r##ooo##r#######",  # f
    " #######p#####p####### ",  # e
    "  ...s###########s...  ",  # d
    "   .s..#########..s.   ",  # c
    "    xs.~#######~.sx    ",  # b
    "     4..#######..3     ",  # a
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
    11: "ac",
    12: "bd",
    13: "ad",
}

# A legal opening of the 13 path rhombi (number -> first half, second half), on the ledges
# near the moat. The validator checks it; the demos and tests build the temple with it.
SAMPLE_LAYOUT: dict[int, tuple[str, str]] = {
    1: ("i5", "i6"),
    2: ("j6", "j7"),
    3: ("k7", "k8"),
    4: ("i3", "i4"),
    5: ("i18", "j18"),
    6: ("i19", "i20"),
    7: ("j17", "k17"),
    8: ("b16", "a16"),
    9: ("b17", "c17"),
    10: ("c18", "d18"),
    11: ("b7", "b6"),
    12: ("b8", "a8"),
    13: ("c6", "c5"),
}

# A layout of the 13 path rhombi later in a game that makes the temple playable from every
# start: a bridge of 3 rhombi from each ledge to the centre (13, walled on both sides of one
# half, bridges nothing). The validator checks it.
BRIDGED_LAYOUT: dict[int, tuple[str, str]] = {
    1: ("f9", "f10"),
    2: ("e14", "f14"),
    3: ("d15", "e15"),
    4: ("c16", "d16"),
    5: ("e8", "f8"),
    6: ("g15", "g14"),
    7: ("d7", "e7"),
    8: ("h10", "g10"),
    9: ("h16", "g16"),
    10: ("i9", "h9"),
    11: ("i17", "h17"),
    12: ("j8", "i8"),
    13: ("i3", "i4"),
}

GROUND, CHASM, MOAT = ".", "~", "#"
# The opening limits (RULINGS 4: "no statue can be taken in a player's first turn"): with
# 3 AP, a player who must lay 3 rhombi across the moat has none left to take a statue, nor
# to use a passage or symbol reached over 2 of them. Checked by :func:`validate`.
MOAT_TO_CENTRE = 2 * ACTION_POINTS - 1  # moat cells on every way from a start to the centre
MOAT_BETWEEN_STARTS = 2 * ACTION_POINTS - 1  # ... and from one start to another
MOAT_TO_SPECIALS = 3  # ... and from a start to a secret passage or rhombus symbol


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
        return frozenset(i for i, ch in enumerate(self.glyph) if ch in (CHASM, MOAT))

    @cached_property
    def moat(self) -> frozenset[int]:
        """Chasm where no path rhombus may be laid at set-up (the opening limit)."""
        return frozenset(self._with(MOAT))

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
        return _walls(PATH_WALLS[number], placement)

    @cached_property
    def sample_layout(self) -> tuple[tuple[int, Placement], ...]:
        return self._layout(SAMPLE_LAYOUT)

    @cached_property
    def bridged_layout(self) -> tuple[tuple[int, Placement], ...]:
        return self._layout(BRIDGED_LAYOUT)

    def _layout(self, layout: dict[int, tuple[str, str]]) -> tuple[tuple[int, Placement], ...]:
        return tuple((n, self.board.placement(a, b)) for n, (a, b) in sorted(layout.items()))


TEMPLE = Temple()


# ---------------------------------------------------------------- walking


@lru_cache(maxsize=1 << 14)
def _walls(letters: str, placement: Placement) -> frozenset[Edge]:
    """The edges of ``placement`` named by ``letters`` (a path rhombus's walls)."""
    return frozenset(placement.edge_of(x) for x in letters)


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


def moat_crossed(temple: Temple, start: int) -> list[int]:
    """For each cell, the fewest moat cells a pawn on ``start`` must cross to reach it,
    whatever the other chasm, the walls and the snakes (unreachable: a large number)."""
    board = temple.board
    dist = [1 << 20] * board.size
    dist[start] = 0
    todo = deque([start])
    while todo:  # 0-1 breadth-first search: a moat cell costs 1, anything else 0
        i = todo.popleft()
        for _e, j in board.neighbours[i]:
            if j is None:
                continue
            step = 1 if j in temple.moat else 0
            if dist[i] + step < dist[j]:
                dist[j] = dist[i] + step
                (todo.append if step else todo.appendleft)(j)
    return dist


def _opening_problems(temple: Temple) -> list[str]:
    """The structural limits that keep statues out of reach in a player's first turn."""
    problems = []
    names = temple.board.names
    for s in temple.starts:
        dist = moat_crossed(temple, s)
        near = min(dist[c] for c in temple.centre)
        if near < MOAT_TO_CENTRE:
            problems.append(
                f"start {names[s]} reaches the centre over {near} moat cells, not {MOAT_TO_CENTRE}"
            )
        for t in temple.starts:
            if t != s and dist[t] < MOAT_BETWEEN_STARTS:
                problems.append(
                    f"start {names[s]} reaches start {names[t]} over {dist[t]} moat cells, "
                    f"not {MOAT_BETWEEN_STARTS}"
                )
        for c in (*temple.passages, *temple.symbols):
            if dist[c] < MOAT_TO_SPECIALS:
                problems.append(
                    f"start {names[s]} reaches {names[c]} over {dist[c]} moat cells, not "
                    f"{MOAT_TO_SPECIALS}"
                )
    return problems


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
        if ch not in ".~#osprx1234":
            problems.append(f"unknown mark '{ch}' on {names[i]}")
    # Without path rhombi, no start reaches the centre, and none is stuck on its cell.
    for s in temple.starts:
        alone = reachable(temple, s)
        if alone & temple.centre:
            problems.append(f"start {names[s]} reaches the centre without path rhombi")
        if len(alone) < 10:
            problems.append(f"start {names[s]} is walled in (it reaches {len(alone)} cells)")
    problems.extend(_opening_problems(temple))
    # The sample opening is a legal set-up: outside the moat, off the starts, walling none.
    covered, walls = _lay(temple, "sample", temple.sample_layout, problems)
    for n, p in temple.sample_layout:
        cells = set(board.rhombus_cells(p) or ())
        if cells & (temple.moat | set(temple.starts)):
            problems.append(f"sample rhombus {n} lies in the moat or on a start cell")
    for s in temple.starts:
        if walled_in(temple, s, walls):
            problems.append(f"the sample layout walls start {names[s]} in")
    # With the bridged layout every start reaches the centre and, from there, an exit.
    covered, walls = _lay(temple, "bridged", temple.bridged_layout, problems)
    back = reachable(temple, next(iter(temple.centre)), covered, walls)
    if not back & set(temple.exits):
        problems.append("no exit can be reached from the centre with the bridged layout")
    for s in temple.starts:
        if not reachable(temple, s, covered, walls) & temple.centre:
            problems.append(f"start {names[s]} cannot reach the centre with the bridged layout")
    return problems


def _lay(
    temple: Temple, what: str, layout: tuple[tuple[int, Placement], ...], problems: list[str]
) -> tuple[set[int], set[Edge]]:
    """The cells a layout covers (with the centre) and its walls; what is wrong with it
    goes to ``problems``."""
    covered: set[int] = set(temple.centre)
    walls: set[Edge] = set()
    if sorted(n for n, _ in layout) != sorted(PATH_WALLS):
        problems.append(f"the {what} layout must place each of the 13 path rhombi once")
    for n, p in layout:
        cells = temple.board.rhombus_cells(p)
        if cells is None:
            problems.append(f"{what} rhombus {n} leaves the temple")
            continue
        if covered & set(cells):
            problems.append(f"{what} rhombus {n} overlaps another rhombus")
        covered |= set(cells)
        walls |= temple.walls_of(n, p)
    return covered, walls
