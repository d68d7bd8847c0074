"""Inka: the statues a seat has taken (taking its three, then reaching an exit, wins), then
how far its pawn is from its next goal: the nearest destination rhombus still holding its
statue, or an exit once it carries all three. The distance goes through the temple's cells
and passages as a pawn walks them, snakes at their AP price and uncovered chasm at what it
costs to bridge with path rhombi (one rhombus move covers two cells).

The rollout policy plays a purposeful turn: take a statue, walk onto a goal in reach, move
the path rhombus that best bridges the way, walk as near the goal as the AP allow, use a
secret passage that brings the goal nearer, and end the turn when nothing useful is left."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from ai.knowledge import perfect_information, squash
from engine import inka
from engine.inka.actions import End, Go, Passage, Place, Rotate, Slide, Take
from engine.inka.geometry import DIRECTION_INDEX, Placement
from engine.inka.layout import Layout
from engine.inka.state import BUILD, DESTINATION_NAMES, PLAY, RHOMBI, InkaState
from engine.inka.temple import TEMPLE

BOARD = TEMPLE.board
UNREACHABLE = 1 << 20
# Distances are in half AP: a snake entered costs 1 AP, an uncovered chasm cell half a
# rhombus move. A turn has 3 AP.
SNAKE_COST, CHASM_COST, TURN = 2, 1, 6
FARTHEST = 60
"""A distance counted at most this much (a way walled off is not infinitely bad)."""
STATUE = 4.0
"""A statue's worth, in turns of walking: more than any way to the next one."""


def enter_cost(lay: Layout, cell: int, free: frozenset[int] = frozenset()) -> int:
    """What stepping onto ``cell`` costs (``free``: cells taken as freshly covered)."""
    if cell in free:
        return 0
    if not lay.walkable(cell):
        return CHASM_COST
    return SNAKE_COST if lay.snake(cell) else 0


def distances(lay: Layout, sources: Iterable[int], *, towards: bool) -> list[int]:
    """The cheapest cost from ``sources`` to every cell (``towards``: from every cell to the
    sources), through walls never, over chasm at its bridging price."""
    dist = [UNREACHABLE] * BOARD.size
    heap = []
    for s in sources:
        dist[s] = 0
        heap.append((0, s))
    heapq.heapify(heap)
    while heap:
        d, i = heapq.heappop(heap)
        if d > dist[i]:
            continue
        for e, j in BOARD.neighbours[i]:
            if j is None or e in lay.walls:
                continue
            step = d + enter_cost(lay, i if towards else j)
            if step < dist[j]:
                dist[j] = step
                heapq.heappush(heap, (step, j))
    return dist


def goals(state: InkaState, seat: str, lay: Layout) -> list[int]:
    """The cells ``seat`` heads for: destination rhombi holding its statue, else the exits."""
    if state.carried(seat) == 3:
        return [c for c in TEMPLE.exits if c not in lay.blockers]
    return [
        cell
        for cell, name in lay.covered.items()
        if name in DESTINATION_NAMES and seat in state.statues[DESTINATION_NAMES.index(name)]
    ]


CACHED = 4096
"""Layouts and distance maps kept per process (a search meets the same layout again and
again: a walk or an ended turn leaves the rhombi where they were); all are dropped when
this many are kept. Both are pure functions of their key: the caches change no choice."""
_layouts: dict[tuple[Any, ...], Layout] = {}
_distances: dict[tuple[Any, ...], list[int]] = {}
T = TypeVar("T")


def _kept(cache: dict[tuple[Any, ...], T], key: tuple[Any, ...], make: Callable[[], T]) -> T:
    found = cache.get(key)
    if found is None:
        if len(cache) >= CACHED:
            cache.clear()
        found = cache[key] = make()
    return found


def layout_of(state: InkaState) -> Layout:
    """``state``'s :class:`Layout`, shared with every state whose rhombi, pawns and blockers
    lie alike (its users only read it)."""
    key = (state.rhombi, state.pawns, state.blockers)
    return _kept(_layouts, key, lambda: Layout.of(state))


@dataclass
class Way:
    """A seat's way to its goals on the current layout (``rhombi``: the state's, which
    alone decide the distances: walls, chasm, snakes)."""

    lay: Layout
    here: int
    goals: list[int]
    rhombi: tuple[Any, ...]

    @classmethod
    def of(cls, state: InkaState, seat: str) -> Way | None:
        """``None`` when the seat has no pawn on the temple."""
        here = state.pawns[state.seats.index(seat)]
        if here is None:
            return None
        lay = layout_of(state)
        return cls(lay, here, goals(state, seat, lay), state.rhombi)

    @cached_property
    def to_goal(self) -> list[int]:
        key = (self.rhombi, tuple(self.goals), True)
        return _kept(_distances, key, lambda: distances(self.lay, self.goals, towards=True))

    @cached_property
    def from_pawn(self) -> list[int]:
        key = (self.rhombi, (self.here,), False)
        return _kept(_distances, key, lambda: distances(self.lay, [self.here], towards=False))

    @property
    def distance(self) -> int:
        return self.to_goal[self.here]

    def through(self, cells: Iterable[int]) -> int:
        """The distance if ``cells`` were freshly covered by a rhombus (an estimate: the
        rhombus's walls and what it uncovers elsewhere are ignored)."""
        free = frozenset(cells)
        if self.here in free:
            into = 0
        else:
            into = min(
                (
                    self.from_pawn[a]
                    for c in free
                    for e, a in BOARD.neighbours[c]
                    if a is not None and e not in self.lay.walls
                ),
                default=UNREACHABLE,
            )
        out = min(
            (
                enter_cost(self.lay, b, free) + self.to_goal[b]
                for c in free
                for e, b in BOARD.neighbours[c]
                if b is not None and e not in self.lay.walls
            ),
            default=UNREACHABLE,
        )
        return min(self.distance, into + out)


def progress(state: InkaState, seat: str) -> float:
    """Statues taken (each worth ``STATUE`` turns), less the turns the next goal is away."""
    carried = state.carried(seat)
    way = Way.of(state, seat)
    if way is None:
        return carried * STATUE - FARTHEST / TURN
    return carried * STATUE - min(way.distance, FARTHEST) / TURN


def evaluate(state: Any, seat: str) -> float:
    others = [progress(state, s) for s in state.seats if s != seat]
    return squash(0.6 * (progress(state, seat) - max(others, default=0.0)))


def moved(lay: Layout, action: Slide | Rotate) -> tuple[int, int] | None:
    """The cells a rhombus move leaves its rhombus on."""
    placement: Placement = lay.rhombi[action.rhombus].placement
    if isinstance(action, Slide):
        return lay.cells_of(placement.slid(DIRECTION_INDEX[action.direction], action.distance))
    corner = placement.corner_at(action.corner)
    return None if corner is None else lay.cells_of(placement.rotated(corner, action.sixths))


def best(scored: list[tuple[int, Any]], rng: random.Random) -> tuple[int, Any]:
    """The lowest score, ties broken at random."""
    low = min(s for s, _ in scored)
    return low, rng.choice([a for s, a in scored if s == low])


def play_policy(state: InkaState, seat: str, actions: list[Any], rng: random.Random) -> Any:
    """A purposeful action of a turn (see the module's text)."""
    if any(isinstance(a, Take) for a in actions):
        return Take()
    way = Way.of(state, seat)
    end = next((a for a in actions if isinstance(a, End)), None)
    if way is None:
        return end or rng.choice(actions)
    names = BOARD.by_name
    walks = [(way.to_goal[names[a.cell]], a) for a in actions if isinstance(a, Go)]
    if walks and min(s for s, _ in walks) == 0:
        return best(walks, rng)[1]
    if state.stage == RHOMBI:
        moves = [
            (way.through(cells), a)
            for a in actions
            if isinstance(a, Slide | Rotate)
            and a.rhombus not in DESTINATION_NAMES
            and (cells := moved(way.lay, a)) is not None
        ]
        if moves:
            score, move = best(moves, rng)
            if score < way.distance:
                return move
    jumps = walks + [(way.to_goal[names[a.cell]], a) for a in actions if isinstance(a, Passage)]
    if jumps:
        score, jump = best(jumps, rng)
        if score < way.distance:
            return jump
    return end or rng.choice(actions)


def policy(state: Any, seat: str, actions: list[Any], rng: random.Random) -> Any:
    """The rollout policy: a random start, placements that shorten the seat's way, then
    purposeful turns."""
    if state.phase == PLAY:
        return play_policy(state, seat, actions, rng)
    way = Way.of(state, seat) if state.phase == BUILD else None
    places = [a for a in actions if isinstance(a, Place)]
    if way is None or not places:
        return rng.choice(actions)
    names = BOARD.by_name
    return best([(way.through((names[a.first], names[a.second])), a) for a in places], rng)[1]


KNOWLEDGE = perfect_information(inka.RULES, evaluate, policy, widening=1.0, guided=True)
