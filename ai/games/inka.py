"""Inka: the statues a seat has taken (taking its three, then reaching an exit, wins), then
how far its pawn is from its next goal: the nearest destination rhombus still holding its
statue, or an exit once it carries all three. The distance goes through the temple's cells
and passages as a pawn walks them, snakes at their AP price and uncovered chasm at what it
costs to bridge with path rhombi (one rhombus move covers two cells).

The rollout policy plays a purposeful turn: take a statue, walk onto a goal in reach, move
the path rhombus that best bridges the way, walk as near the goal as the AP allow, use a
secret passage that brings the goal nearer, and end the turn when nothing useful is left.
A rhombus move is chosen by the way it seems to bridge, the few that seem best first tried
on the temple each really makes (``nearer``), so that a move which shifts a bridge forward
and breaks it is not taken for progress while a real one is at hand."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from operator import itemgetter
from typing import Any, TypeVar

from ai.knowledge import perfect_information, squash
from engine import inka
from engine.inka.actions import End, Go, Passage, Place, Rotate, Slide, Take
from engine.inka.geometry import DIRECTION_INDEX, Placement
from engine.inka.layout import Layout
from engine.inka.state import (
    BUILD,
    DESTINATION_NAMES,
    PLAY,
    RHOMBI,
    InkaState,
    Rhombus,
    rhombus_key,
)
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


def enter_cost_bare(cell: int) -> int:
    """:func:`enter_cost` on the temple without rhombi."""
    if cell in TEMPLE.chasm:
        return CHASM_COST
    return SNAKE_COST if cell in TEMPLE.snakes else 0


def distances(lay: Layout, sources: Iterable[int], *, towards: bool) -> list[int]:
    """The cheapest cost from ``sources`` to every cell (``towards``: from every cell to the
    sources), through walls never, over chasm at its bridging price."""
    return shortest(terrain_of(lay), sources, towards=towards)


@dataclass(frozen=True)
class Terrain:
    """What a layout's rhombi make of the temple for a walker, by cell: the cost of
    stepping onto it (:func:`enter_cost`) and the cells beyond its edges that no wall
    closes (they depend on the rhombi alone)."""

    cost: list[int]
    open: list[tuple[int, ...]]


def terrain_of(lay: Layout) -> Terrain:
    """``lay``'s terrain (its rhombi's: :func:`terrain_from`)."""
    return terrain_from(tuple(lay.rhombi.values()))


def terrain_from(rhombi: Iterable[Rhombus]) -> Terrain:
    """The terrain these rhombi make: the cells they cover cost nothing to enter (walkable,
    their snakes hidden), their walls close edges."""
    cost = list(_BARE_COST)
    walls: set[int] = set()
    for rhombus in rhombi:
        cells, closed = _footprint(rhombus)
        for cell in cells:
            cost[cell] = 0
        walls |= closed
    open_ = list(_OPEN)  # shared with the bare temple's but where a wall stands
    for wall in walls:
        for cell in _SIDES.get(wall, ()):
            open_[cell] = tuple(j for e, j in _BEYOND[cell] if e not in walls)
    return Terrain(cost, open_)


@lru_cache(maxsize=1 << 14)
def _footprint(rhombus: Rhombus) -> tuple[tuple[int, ...], frozenset[int]]:
    """The cells a rhombus covers and the numbers of its walls' edges."""
    cells = BOARD.rhombus_cells(rhombus.placement) or ()
    walls = () if rhombus.is_destination else TEMPLE.walls_of(int(rhombus.name), rhombus.placement)
    return cells, frozenset(_EDGE_ID[e] for e in walls if e in _EDGE_ID)


_BARE_COST = [enter_cost_bare(cell) for cell in range(BOARD.size)]
"""Each cell's :func:`enter_cost` with no rhombus on the temple."""
_EDGE_ID = {e: k for k, e in enumerate(sorted({e for n in BOARD.neighbours for e, _ in n}))}
_BEYOND = [
    tuple((_EDGE_ID[e], j) for e, j in BOARD.neighbours[i] if j is not None)
    for i in range(BOARD.size)
]
"""Each cell's neighbours, with the number of the edge between them."""
_OPEN = [tuple(j for _, j in beyond) for beyond in _BEYOND]
"""Each cell's neighbours on the temple without rhombi."""
_SIDES: dict[int, list[int]] = {}
"""The cells on either side of each edge (by number)."""
for _cell, _beyond in enumerate(_BEYOND):
    for _e, _ in _beyond:
        _SIDES.setdefault(_e, []).append(_cell)


def shortest(terrain: Terrain, sources: Iterable[int], *, towards: bool) -> list[int]:
    """:func:`distances` over ``terrain``: Dijkstra's search with a bucket per cost (a step
    costs 0, 1 or 2: the buckets of the cost being read and the next two), which finds the
    same costs as a heap."""
    cost, open_ = terrain.cost, terrain.open
    dist = [UNREACHABLE] * BOARD.size
    here: list[int] = []
    for s in sources:
        dist[s] = 0
        here.append(s)
    buckets: tuple[list[int], list[int], list[int]] = (here, [], [])
    d = 0
    while buckets[0] or buckets[1] or buckets[2]:
        for i in buckets[0]:  # a step of cost 0 adds to the bucket being read
            if dist[i] != d:
                continue
            if towards:
                paid = cost[i]
                step, bucket = d + paid, buckets[paid]
                for j in open_[i]:
                    if step < dist[j]:
                        dist[j] = step
                        bucket.append(j)
            else:
                for j in open_[i]:
                    paid = cost[j]
                    if d + paid < dist[j]:
                        dist[j] = d + paid
                        buckets[paid].append(j)
        buckets = (buckets[1], buckets[2], [])
        d += 1
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


CACHED = 1024
"""Terrains and distance maps kept per process (a search meets the same layout again and
again: a walk or an ended turn leaves the rhombi where they were); all are dropped when
this many are kept. Both are pure functions of their key: the caches change no choice."""
_terrains: dict[tuple[Any, ...], Terrain] = {}
_distances: dict[tuple[Any, ...], list[int]] = {}
_judged: dict[tuple[Any, ...], tuple[dict[str, int | None], dict[Any, bool]]] = {}
T = TypeVar("T")


def _kept(cache: dict[tuple[Any, ...], T], key: tuple[Any, ...], make: Callable[[], T]) -> T:
    found = cache.get(key)
    if found is None:
        if len(cache) >= CACHED:
            cache.clear()
        found = cache[key] = make()
    return found


_tokens: dict[tuple[Rhombus, ...], int] = {}
_tokens_by_id: dict[int, tuple[tuple[Rhombus, ...], int]] = {}
_issued = itertools.count()


def token(rhombi: tuple[Rhombus, ...]) -> int:
    """A number for the rhombi as they lie, the caches' key for them: hashing sixteen
    rhombi costs more than what most lookups find. Found by the tuple itself first (states
    share it while no rhombus moves), then by its rhombi; a number is never given twice,
    so a dropped one finds nothing kept."""
    seen = _tokens_by_id.get(id(rhombi))
    if seen is not None and seen[0] is rhombi:
        return seen[1]
    found = _tokens.get(rhombi)
    if found is None:
        if len(_tokens) >= CACHED:
            _tokens.clear()
        found = _tokens[rhombi] = next(_issued)
    if len(_tokens_by_id) >= CACHED:
        _tokens_by_id.clear()
    _tokens_by_id[id(rhombi)] = (rhombi, found)  # holding the tuple keeps its id its own
    return found


def layout_of(state: InkaState) -> Layout:
    """``state``'s :class:`Layout` (the engine keeps it for every state whose rhombi, pawns
    and blockers lie alike; its users only read it)."""
    return Layout.of(state)


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
    def token(self) -> int:
        return token(self.rhombi)

    @cached_property
    def terrain(self) -> Terrain:
        return _kept(_terrains, (self.token,), lambda: terrain_from(self.rhombi))

    def after(self, rhombi: tuple[Rhombus, ...], here: int) -> int:
        """The distance from ``here`` with the temple's rhombi at ``rhombi`` (the goals
        alike: a path rhombus moved; the same maps as the state it makes would give)."""
        number = token(rhombi)
        terrain = _kept(_terrains, (number,), lambda: terrain_from(rhombi))
        key = (number, tuple(self.goals), True)
        return _kept(_distances, key, lambda: shortest(terrain, self.goals, towards=True))[here]

    @cached_property
    def to_goal(self) -> list[int]:
        key = (self.token, tuple(self.goals), True)
        return _kept(_distances, key, lambda: shortest(self.terrain, self.goals, towards=True))

    @cached_property
    def from_pawn(self) -> list[int]:
        key = (self.token, (self.here,), False)
        return _kept(_distances, key, lambda: shortest(self.terrain, [self.here], towards=False))

    @property
    def distance(self) -> int:
        return self.to_goal[self.here]

    @cached_property
    def judged(self) -> tuple[dict[str, int | None], dict[Any, bool]]:
        """What the policy found of rhombus moves on this way: each one's estimate, by its
        text (:meth:`through` of the cells it leaves its rhombus on; ``None``: off the temple)
        and whether it really brings the goal nearer (:func:`nearer`). Shared by every
        state of the same rhombi, pawn cell and goals, which alone decide both."""
        key = (self.token, self.here, tuple(self.goals))
        return _kept(_judged, key, lambda: ({}, {}))

    def through(self, cells: Iterable[int]) -> int:
        """The distance if ``cells`` were freshly covered by a rhombus (an estimate: the
        rhombus's walls and what it uncovers elsewhere are ignored)."""
        free = frozenset(cells)
        open_, cost, to_goal = self.terrain.open, self.terrain.cost, self.to_goal
        none = BEYOND  # no open neighbour: UNREACHABLE, as a min over nothing
        if self.here in free:
            into = 0
        else:
            from_pawn = self.from_pawn
            into = none
            for c in free:
                for a in open_[c]:
                    if from_pawn[a] < into:
                        into = from_pawn[a]
            if into == none:
                into = UNREACHABLE
        out = none
        for c in free:
            for b in open_[c]:
                step = to_goal[b] if b in free else cost[b] + to_goal[b]
                if step < out:
                    out = step
        if out == none:
            out = UNREACHABLE
        return min(self.distance, into + out)


BEYOND = 1 << 40
"""More than any distance, ``UNREACHABLE`` with a step added included."""


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
        return _moved(placement, action.direction, action.distance)
    return _moved(placement, action.corner, action.sixths)


@lru_cache(maxsize=1 << 16)
def _moved(placement: Placement, way: str | int, amount: int) -> tuple[int, int] | None:
    """The cells of ``placement`` slid ``amount`` steps in direction ``way`` (a name), or
    turned ``amount`` sixths about its corner at clock hour ``way`` (a number)."""
    if isinstance(way, str):
        return BOARD.rhombus_cells(placement.slid(DIRECTION_INDEX[way], amount))
    corner = placement.corner_at(way)
    return None if corner is None else BOARD.rhombus_cells(placement.rotated(corner, amount))


def best(scored: list[tuple[int, Any]], rng: random.Random) -> tuple[int, Any]:
    """The lowest score, ties broken at random."""
    low = min(map(itemgetter(0), scored))
    return low, rng.choice([a for s, a in scored if s == low])


CHECKED = 3
"""Rhombus moves the policy tries, best estimate first, on the layout each really makes:
the estimate (:meth:`Way.through`) ignores what a move uncovers and its walls, so a move
that shifts a bridge forward looks good and breaks it, and two such moves, back and forth,
can fill a whole game."""


def nearer(state: InkaState, way: Way, move: Slide | Rotate) -> bool:
    """Whether the path rhombus ``move`` really brings the seat of ``way`` nearer its goal:
    the distance the state after it would give, its rhombi and pawn computed here rather
    than by the rules (the move is legal: a listed action)."""
    rhombi = state.rhombi
    k = next(i for i, r in enumerate(rhombi) if r.name == move.rhombus)
    placement = rhombi[k].placement
    if isinstance(move, Slide):
        moved_to = placement.slid(DIRECTION_INDEX[move.direction], move.distance)
    else:
        corner = placement.corner_at(move.corner)
        assert corner is not None
        moved_to = placement.rotated(corner, move.sixths)
    before, after = BOARD.rhombus_cells(placement), BOARD.rhombus_cells(moved_to)
    assert before is not None and after is not None
    here = after[before.index(way.here)] if way.here in before else way.here  # it rides
    now = (*rhombi[:k], Rhombus(move.rhombus, moved_to), *rhombi[k + 1 :])
    return way.after(now, here) < way.distance


def play_policy(state: InkaState, seat: str, actions: list[Any], rng: random.Random) -> Any:
    """A purposeful action of a turn (see the module's text)."""
    goes, shifts, passages, end = [], [], [], None  # the actions by kind, in their order
    for a in actions:
        kind = type(a)
        if kind is Go:
            goes.append(a)
        elif kind is Slide or kind is Rotate:
            if a.rhombus not in DESTINATION_NAMES:
                shifts.append(a)
        elif kind is Passage:
            passages.append(a)
        elif kind is End:
            end = end or a
        elif kind is Take:
            return Take()
    way = Way.of(state, seat)
    if way is None:
        return end or rng.choice(actions)
    names, to_goal, distance = BOARD.by_name, way.to_goal, way.distance
    walks = [(to_goal[names[a.cell]], a) for a in goes]
    if walks and min(s for s, _ in walks) == 0:
        return best(walks, rng)[1]
    if state.stage == RHOMBI:
        estimates, nearing = way.judged
        moves = []
        for a in shifts:
            estimate = estimates.get(text := str(a), -1)  # by text: kept, cheaper to hash
            if estimate == -1:
                cells = moved(way.lay, a)
                estimate = estimates[text] = None if cells is None else way.through(cells)
            if estimate is not None:
                moves.append((estimate, a))
        hopeful = [(score, a) for score, a in moves if score < distance]
        for _ in range(CHECKED):
            if not hopeful:
                break
            score, move = best(hopeful, rng)
            if move not in nearing:
                nearing[move] = nearer(state, way, move)
            if nearing[move]:
                return move
            hopeful.remove((score, move))
        if moves:
            score, move = best(moves, rng)
            if score < distance:
                return move
            if distance >= UNREACHABLE:  # walled off: try rhombi until a wall gives
                return rng.choice(moves)[1]
    jumps = walks + [(to_goal[names[a.cell]], a) for a in passages]
    if jumps:
        score, jump = best(jumps, rng)
        if score < distance:
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
    scored = [(way.through((names[a.first], names[a.second])), a) for a in places]
    # The best-looking few, by the way each really leaves (its walls may shut the pawn in).
    tried = []
    for _ in range(min(CHECKED, len(scored))):
        score, place = best(scored, rng)
        scored.remove((score, place))
        laid = Rhombus(str(place.number), BOARD.placement(place.first, place.second))
        rhombi = tuple(sorted((*state.rhombi, laid), key=lambda r: rhombus_key(r.name)))
        tried.append((way.after(rhombi, way.here), place))
    return min(tried, key=lambda t: t[0])[1]


KNOWLEDGE = replace(
    perfect_information(inka.RULES, evaluate, policy, widening=1.0, guided=True), withholds=False
)
"""(Inka's legal actions never list resigning, and it has no draws: ``Knowledge.withholds``.)"""
