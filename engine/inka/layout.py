"""What lies where on the temple right now, and the moves that follow from it.

A :class:`Layout` is computed from a state (cheap: 16 rhombi, 4 pawns, 4 blockers) and
answers the geometric questions of the rules: where a rhombus can slide or turn, where a
pawn can walk and at what cost, whether a start cell is walled in."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, TypeVar

from engine.inka.geometry import (
    DIRECTION_INDEX,
    DIRECTION_NAMES,
    Edge,
    Placement,
    swept_cells,
)
from engine.inka.state import InkaState, Rhombus
from engine.inka.temple import TEMPLE, Temple

T = TypeVar("T")


@dataclass
class Layout:
    temple: Temple
    rhombi: dict[str, Rhombus]
    pawns: dict[int, list[int]]  # cell -> seats standing there
    blockers: dict[int, int]  # cell -> seat
    covered: dict[int, str] = field(default_factory=dict)  # cell -> rhombus name
    walls: set[Edge] = field(default_factory=set)
    known: dict[tuple[object, ...], Any] = field(default_factory=dict, repr=False, compare=False)
    """What this layout's users found already (its moves, the cells a blocker may take):
    a layout is only read once made, and the engine shares it between states."""

    @classmethod
    def of(cls, state: InkaState) -> Layout:
        """``state``'s layout, shared with every state whose rhombi, pawns and blockers lie
        alike (a layout is only read once made: a turn's walks and its ended turns, and a
        search, meet the same one again and again). Found by the state's rhombi tuple
        itself first (states share it while no rhombus moves: hashing sixteen rhombi costs
        more than the lookup), then by value."""
        rhombi, pawns, blockers = state.rhombi, state.pawns, state.blockers
        seen = _SEEN.get((id(rhombi), pawns, blockers))
        if seen is not None and seen[0] is rhombi:
            return seen[1]
        key = (rhombi, pawns, blockers)
        lay = _KEPT.get(key)
        if lay is None:
            if len(_KEPT) >= KEPT_LAYOUTS:
                _KEPT.clear()
            lay = _KEPT[key] = cls.made(state)
        if len(_SEEN) >= KEPT_LAYOUTS:
            _SEEN.clear()
        _SEEN[id(rhombi), pawns, blockers] = (rhombi, lay)  # the tuple held: its id its own
        return lay

    def kept(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        """``make()``, made once per layout under ``key`` (what it gives is shared: read
        it only)."""
        if key not in self.known:
            self.known[key] = make()
        found: T = self.known[key]
        return found

    @classmethod
    def made(cls, state: InkaState) -> Layout:
        """``state``'s layout, made afresh."""
        pawns: dict[int, list[int]] = {}
        for seat, cell in enumerate(state.pawns):
            if cell is not None:
                pawns.setdefault(cell, []).append(seat)
        blockers = {cell: seat for seat, cell in enumerate(state.blockers) if cell is not None}
        lay = cls(TEMPLE, {r.name: r for r in state.rhombi}, pawns, blockers)
        for r in state.rhombi:
            for cell in lay.cells_of(r.placement) or ():
                lay.covered[cell] = r.name
            lay.walls |= lay.walls_of(r)
        return lay

    def cells_of(self, placement: Placement) -> tuple[int, int] | None:
        return self.temple.board.rhombus_cells(placement)

    def walls_of(self, rhombus: Rhombus) -> frozenset[Edge]:
        if rhombus.is_destination:
            return frozenset()
        return self.temple.walls_of(int(rhombus.name), rhombus.placement)

    # ------------------------------------------------------------ rhombus moves

    def blocked_for(self, name: str, cell: int) -> bool:
        """Whether ``cell`` stops rhombus ``name``: another rhombus, a blocker, or a pawn that
        is not riding on it."""
        return self.taken.get(cell, name) != name

    @cached_property
    def taken(self) -> dict[int, str]:
        """The cells that stop a rhombus, each with the one rhombus it lets through: the
        rhombus over it (its riders ride along), or none (``""``) for a blocker's cell and a
        pawn's on bare ground."""
        out = dict(self.covered)
        for cell in self.pawns:
            out.setdefault(cell, "")
        for cell in self.blockers:
            out[cell] = ""
        return out

    def can_move(self, name: str) -> bool:
        """A rhombus with a blocker on it does not move."""
        if not self.blockers:
            return True
        cells = self.cells_of(self.rhombi[name].placement) or ()
        return not any(c in self.blockers for c in cells)

    def fits(self, name: str, placement: Placement) -> bool:
        cells = self.cells_of(placement)
        return cells is not None and not any(self.blocked_for(name, c) for c in cells)

    def slide_range(self, name: str, direction: int) -> int:
        """How far the rhombus can slide that way before an obstacle (0: not at all)."""
        ray = _ray(self.temple, self.rhombi[name].placement, direction)
        return _reach(self.blocking(name), ray)

    def blocking(self, name: str) -> frozenset[int]:
        """The cells that stop rhombus ``name`` (:meth:`blocked_for`), kept with the layout."""
        return self.kept(("blocking", name), lambda: self._blocking(name))

    def _blocking(self, name: str) -> frozenset[int]:
        taken = self.taken
        own = self.cells_of(self.rhombi[name].placement) or ()
        return self.taken_cells.difference(c for c in own if taken[c] == name)

    @cached_property
    def taken_cells(self) -> frozenset[int]:
        """The cells of :attr:`taken`."""
        return frozenset(self.taken)

    def slides(self, name: str) -> list[tuple[str, int]]:
        """(direction, distance) of every legal slide (the list is shared: read it only)."""
        return self.kept(("slides", name), lambda: self._slides(name))

    def _slides(self, name: str) -> list[tuple[str, int]]:
        if not self.can_move(name):
            return []
        blocking = self.blocking(name)
        out: list[tuple[str, int]] = []
        for steps, ray in _rays(self.temple, self.rhombi[name].placement):
            out.extend(steps[: _reach(blocking, ray)])
        return out

    def can_rotate(self, name: str, corner: str, sixths: int) -> bool:
        """Legal when nothing but the rhombus itself lies anywhere in its sweep and the whole
        sweep stays on the temple."""
        swept = _swept(self.temple, self.rhombi[name].placement, corner, sixths)
        return swept is not None and self.blocking(name).isdisjoint(swept)

    def rotations(self, name: str) -> list[tuple[int, int]]:
        """(corner clock hour, sixths) of every legal turn (the list is shared: read it
        only)."""
        return self.kept(("rotations", name), lambda: self._rotations(name))

    def _rotations(self, name: str) -> list[tuple[int, int]]:
        if not self.can_move(name):
            return []
        blocking = self.blocking(name)
        turns = _turns(self.temple, self.rhombi[name].placement)
        return [turn for turn, swept in turns if blocking.isdisjoint(swept)]

    def direction_ok(self, name: str, direction: str) -> bool:
        return DIRECTION_INDEX[direction] in self.rhombi[name].placement.slide_directions()

    # ------------------------------------------------------------ walking

    def walkable(self, cell: int) -> bool:
        return cell in self.covered or cell not in self.temple.chasm

    def snake(self, cell: int) -> bool:
        """A snake bites only where it can be seen: a rhombus over it hides it."""
        return cell in self.temple.snakes and cell not in self.covered

    def costs(self, start: int, budget: int) -> tuple[dict[int, int], dict[int, int]]:
        """Cheapest cost (snakes entered) to every cell within ``budget``, and each cell's
        predecessor on a cheapest path (ties broken by cell index, so paths are stable)."""
        board = self.temple.board
        best = {start: 0}
        prev: dict[int, int] = {}
        heap = [(0, start)]
        while heap:
            cost, i = heapq.heappop(heap)
            if cost > best.get(i, 1 << 30):
                continue
            for e, j in board.neighbours[i]:
                if j is None or e in self.walls or not self.walkable(j):
                    continue
                c = cost + (1 if self.snake(j) else 0)
                if c <= budget and c < best.get(j, 1 << 30):
                    best[j] = c
                    prev[j] = i
                    heapq.heappush(heap, (c, j))
        return best, prev

    def free_to_stop(self, cell: int) -> bool:
        return cell not in self.pawns and cell not in self.blockers

    def path(self, prev: dict[int, int], start: int, goal: int) -> list[int]:
        out = [goal]
        while out[-1] != start:
            out.append(prev[out[-1]])
        return out[::-1]

    def walled_in(self, cell: int) -> bool:
        return all(j is None or e in self.walls for e, j in self.temple.board.neighbours[cell])

    def destination_at(self, cell: int) -> str | None:
        name = self.covered.get(cell)
        return name if name is not None and self.rhombi[name].is_destination else None


KEPT_LAYOUTS = 256
"""Layouts kept per process (all are dropped when this many are kept)."""
_KEPT: dict[tuple[object, ...], Layout] = {}
_SEEN: dict[tuple[object, ...], tuple[tuple[Rhombus, ...], Layout]] = {}
"""The layouts of :data:`_KEPT` by the identity of a state's rhombi tuple (with its pawns
and blockers)."""


@lru_cache(maxsize=1 << 16)
def _ray(temple: Temple, placement: Placement, direction: int) -> tuple[tuple[int, int], ...]:
    """The cells of ``placement`` slid 1, 2, ... steps ``direction`` until it leaves the
    temple."""
    out: list[tuple[int, int]] = []
    while (
        cells := temple.board.rhombus_cells(placement.slid(direction, len(out) + 1))
    ) is not None:
        out.append(cells)
    return tuple(out)


def _reach(blocking: frozenset[int], ray: tuple[tuple[int, int], ...]) -> int:
    """How many steps along ``ray`` (:func:`_ray`) a rhombus goes before ``blocking``."""
    n = 0
    for a, b in ray:
        if a in blocking or b in blocking:
            break
        n += 1
    return n


@lru_cache(maxsize=1 << 14)
def _rays(
    temple: Temple, placement: Placement
) -> tuple[tuple[list[tuple[str, int]], tuple[tuple[int, int], ...]], ...]:
    """The slides of ``placement`` along its edges, a direction after another: (direction
    name, distance) of each step until it leaves the temple, with the cells each leaves it
    on (:func:`_ray`). A slide's steps before an obstacle are a slice of them."""
    return tuple(
        ([(DIRECTION_NAMES[d], n + 1) for n in range(len(ray))], ray)
        for d in placement.slide_directions()
        for ray in [_ray(temple, placement, d)]
    )


@lru_cache(maxsize=1 << 14)
def _turns(
    temple: Temple, placement: Placement
) -> tuple[tuple[tuple[int, int], tuple[int, ...]], ...]:
    """The turns of ``placement`` whose sweep stays on the temple, as (corner clock hour,
    sixths) in order, each with the cells it sweeps (:func:`_swept`)."""
    out = []
    for corner in "ABCD":
        for sixths in placement.turns_about(corner):
            swept = _swept(temple, placement, corner, sixths)
            if swept is not None:
                out.append(((placement.clock(corner), sixths), swept))
    return tuple(sorted(out))


@lru_cache(maxsize=1 << 16)
def _swept(
    temple: Temple, placement: Placement, corner: str, sixths: int
) -> tuple[int, ...] | None:
    """The cells a turn sweeps (:func:`swept_cells`), or ``None`` if any is off the temple."""
    index = temple.board.index
    cells = [index.get(cell) for cell in swept_cells(placement, corner, sixths)]
    return None if None in cells else tuple(c for c in cells if c is not None)
