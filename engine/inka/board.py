"""The hexagonal board of triangular cells: which cells exist, their names and indices.

The board is the regular hexagon of side ``SIDE`` centred on vertex ``(0, 0)``: a cell is on
it when its three corners are. Cells are named by *row* and *column*: rows ``a`` (bottom) to
``l`` (top), one per horizontal strip of triangles; columns ``1`` to ``23`` by the position of
the cell's centre from left to right in half-cell steps, so cells with the same column sit
exactly above one another (``f12`` is the up triangle just below-left of the centre point).
Indices run row by row from the bottom, left to right."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from engine.errors import InvalidNotation
from engine.inka.geometry import (
    Cell,
    Edge,
    Placement,
    cell_edges,
    cell_vertices,
    hex_distance,
    neighbours,
)

SIDE = 6
KEPT_PLACEMENTS = 1 << 16
"""Placements whose cells a board keeps (all are dropped when this many are kept)."""
_NAME = re.compile(r"^([a-z])\s*(\d{1,2})$")


@dataclass(frozen=True)
class Board:
    side: int = SIDE

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        n = self.side
        found = [
            (q, r, s)
            for q in range(-n - 1, n + 1)
            for r in range(-n - 1, n + 1)
            for s in (0, 1)
            if all(hex_distance(v) <= n for v in cell_vertices((q, r, s)))
        ]
        return tuple(sorted(found, key=lambda c: (c[1], self.column(c))))

    @cached_property
    def index(self) -> dict[Cell, int]:
        return {c: i for i, c in enumerate(self.cells)}

    @property
    def size(self) -> int:
        return len(self.cells)

    @staticmethod
    def column(cell: Cell) -> int:
        """Twice the x of the cell's centre: consecutive cells of a row differ by one."""
        q, r, s = cell
        return 2 * q + r + 1 + s

    @cached_property
    def names(self) -> tuple[str, ...]:
        n = self.side
        return tuple(f"{chr(ord('a') + c[1] + n)}{self.column(c) + 2 * n}" for c in self.cells)

    @cached_property
    def by_name(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.names)}

    def parse(self, text: str) -> int:
        """A cell name (``f12``, forgiving on case and spaces) to its index."""
        match = _NAME.match(text.strip().lower())
        if not match:
            raise InvalidNotation(
                f"'{text}' is not a cell: write a row letter a-l and a column number, like f12",
                code="inka.not_a_cell",
                cell=text,
            )
        name = f"{match.group(1)}{int(match.group(2))}"
        if name not in self.by_name:
            raise InvalidNotation(
                f"'{text}' is not on the temple: rows run a (bottom) to l (top), and each row "
                "only has the columns its width allows (row a: 6-18, rows f and g: 1-23)",
                code="inka.off_board",
                cell=text,
            )
        return self.by_name[name]

    @cached_property
    def neighbours(self) -> tuple[tuple[tuple[Edge, int | None], ...], ...]:
        """For each cell, its three edges with the cell beyond (``None``: the outer edge)."""
        out = []
        for c in self.cells:
            out.append(
                tuple(
                    (e, self.index.get(n))
                    for e, n in zip(cell_edges(c), neighbours(c), strict=True)
                )
            )
        return tuple(out)

    def ring(self, i: int) -> int:
        """How far out the cell lies: 1 for the six centre cells, ``side`` on the rim."""
        return max(hex_distance(v) for v in cell_vertices(self.cells[i]))

    def on_rim(self, i: int) -> bool:
        return any(n is None for _, n in self.neighbours[i])

    def rhombus_cells(self, placement: Placement) -> tuple[int, int] | None:
        """The indices of a placement's two halves, or ``None`` if it leaves the board."""
        known = self._rhombus_cells
        if placement in known:
            return known[placement]
        a, b = placement.cells
        ia, ib = self.index.get(a), self.index.get(b)
        found = None if ia is None or ib is None else (ia, ib)
        if len(known) >= KEPT_PLACEMENTS:
            known.clear()
        known[placement] = found
        return found

    @cached_property
    def _rhombus_cells(self) -> dict[Placement, tuple[int, int] | None]:
        """:meth:`rhombus_cells` as found so far (the search asks for the same few thousand
        placements again and again)."""
        return {}

    def placement(self, first: str | int, second: str | int) -> Placement:
        from engine.inka.geometry import placement_of

        a = first if isinstance(first, int) else self.parse(first)
        b = second if isinstance(second, int) else self.parse(second)
        known = self._placements
        if (a, b) not in known:
            known[a, b] = placement_of(self.cells[a], self.cells[b])
        return known[a, b]

    @cached_property
    def _placements(self) -> dict[tuple[int, int], Placement]:
        """:meth:`placement` as found so far, by cell indices (at most one per pair of
        neighbouring cells)."""
        return {}

    def pair_name(self, placement: Placement) -> str:
        return "/".join(self.pair_names(placement))

    def pair_names(self, placement: Placement) -> tuple[str, str]:
        """The names of the two cells a placed rhombus covers."""
        cells = self.rhombus_cells(placement)
        if cells is None:
            raise ValueError(f"{placement} is off the board")
        return self.names[cells[0]], self.names[cells[1]]


BOARD = Board()
