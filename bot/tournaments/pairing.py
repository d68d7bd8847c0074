"""Who plays whom (issue 35): Swiss rounds, round-robin (Berger) tables, arena pairings and
N-player tables.

Pure and deterministic: the same players, scores, history and seed give the same round, so
a round can be re-paired or checked after a restart. A history is the tournament's
:class:`~bot.tournaments.model.Game` records of earlier rounds (byes included); in a 2-player
game the first seat moved first (White).

Swiss and arena pairings are maximum-weight matchings (networkx's blossom algorithm, exact
with integer weights) over every possible pair. Each pair's weight packs the criteria in
order of importance, each tier weighted so that no amount of the lower ones can outweigh one
step of a higher one (:func:`_lexicographic`): so a rematch happens only when every pairing
of the round has one, and a worse score gap only when it saves a rematch. Matching is exact
where hand-written backtracking (the classic Swiss programs) can miss a pairing or blow up.

N-player tables have no such exact algorithm (grouping into threes or fours is NP-hard), so
they are grouped by score and then improved by swapping players between tables while that
lowers repeated meetings or score spread (:func:`table_round`)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import networkx as nx

from bot.tournaments.model import Game

WHITE, BLACK = 1, -1
Seats = TypeVar("Seats", bound=tuple[int, ...])
Edge = tuple[int, int]


@dataclass
class _Record:
    """What one player's history tells the pairing: colours (+1 first seat, -1 second) in
    round order, byes, the seats they had (how often, and the last) and their last
    opponents."""

    colours: list[int] = field(default_factory=list)
    byes: int = 0
    seats: Counter[int] = field(default_factory=Counter)
    last_seat: int | None = None
    last_opponents: frozenset[int] = frozenset()


def _records(history: Sequence[Game]) -> tuple[dict[int, _Record], Counter[frozenset[int]]]:
    """Each player's record, and how often each pair of players has met (at a 2-player game
    or at the same table)."""
    records: dict[int, _Record] = {}
    met: Counter[frozenset[int]] = Counter()
    for game in sorted(history, key=lambda g: (g.round, g.table)):
        if game.is_bye:
            records.setdefault(game.seats[0], _Record()).byes += 1
            continue
        for a, b in itertools.combinations(game.seats, 2):
            met[frozenset((a, b))] += 1
        for index, user in enumerate(game.seats):
            record = records.setdefault(user, _Record())
            record.last_opponents = frozenset(game.seats) - {user}
            if len(game.seats) == 2:
                record.colours.append(WHITE if index == 0 else BLACK)
            record.seats[index] += 1
            record.last_seat = index
    return records, met


def _halves(score: float) -> int:
    """A score in half points, so that the weights stay integers (exact matching)."""
    return round(score * 2)


def _lexicographic(costs: Mapping[Edge, Sequence[int]], edges: int) -> dict[Edge, int]:
    """One integer cost per edge from its tiers of costs (most important first), such that
    over any ``edges`` edges a smaller sum of a higher tier always wins, whatever the lower
    tiers add up to."""
    tiers = len(next(iter(costs.values()), ()))
    combined = dict.fromkeys(costs, 0)
    scale = 1
    for tier in reversed(range(tiers)):
        for key, cost in costs.items():
            combined[key] += cost[tier] * scale
        scale = edges * max(combined.values()) + 1
    return combined


def _match(costs: Mapping[Edge, Sequence[int]], nodes: int) -> list[Edge]:
    """The pairs of a perfect (or largest) matching of least lexicographic cost."""
    combined = _lexicographic(costs, max(1, nodes // 2))
    top = max(combined.values(), default=0) + 1
    graph = nx.Graph()
    for (a, b), cost in combined.items():
        # Every maximum-cardinality matching has as many edges, so the largest sum of
        # (top - cost) is the smallest sum of costs.
        graph.add_edge(a, b, weight=top - cost)
    return [(a, b) for a, b in nx.max_weight_matching(graph, maxcardinality=True)]


def _colour_cost(record: _Record, colour: int) -> int:
    """How bad it is for a player to get ``colour`` now: a third same colour in a row is
    worst, then a colour count two apart, then only not the colour due."""
    colours = record.colours
    balance = sum(colours) + colour
    cost = 4 if colours[-2:] == [colour, colour] else 0
    cost += 2 * max(0, abs(balance) - 1)
    due = -sum(colours) or (-colours[-1] if colours else 0)
    if due and (due > 0) != (colour > 0):
        cost += 1
    return cost


def _oriented(
    a: int, b: int, records: Mapping[int, _Record], scores: Mapping[int, float]
) -> tuple[tuple[int, int], int]:
    """The pair in seat order (the first moves first) and its colour cost. The order that
    costs less; at equal cost the one who had the first move fewer times, then the one who
    last had the second move, then the higher score goes first."""
    ra, rb = records.get(a, _Record()), records.get(b, _Record())
    straight = _colour_cost(ra, WHITE) + _colour_cost(rb, BLACK)
    swapped = _colour_cost(ra, BLACK) + _colour_cost(rb, WHITE)
    if straight != swapped:
        return ((a, b), straight) if straight < swapped else ((b, a), swapped)

    def key(p: int, r: _Record) -> tuple[int, int, float]:
        return (r.colours.count(WHITE), r.colours[-1:] == [WHITE], -scores.get(p, 0.0))

    first = (a, b) if key(a, ra) <= key(b, rb) else (b, a)
    return first, straight


def swiss_round(
    players: Sequence[int],
    scores: Mapping[int, float],
    history: Sequence[Game],
    rng_seed: str,
) -> tuple[list[tuple[int, int]], int | None]:
    """A Swiss round: the pairs (first seat first, top boards first) and the bye.

    ``players`` are those paired this round (late joiners in, withdrawn players out: see
    ``Entrant.plays``); ``scores`` their points so far (a late joiner's 0 unless the
    organizer gave more). In order of importance the pairing
    1. makes no rematch unless every pairing of the round has one (then the fewest);
    2. gives the bye (odd count) to a player who has not had one (or had the fewest);
    3. when rematches cannot be avoided, prefers second meetings to third ones;
    4. gives the bye to the lowest scorer among those;
    5. keeps scores as close as possible (the sum of squared score gaps);
    6. balances first moves (no third same colour in a row, counts at most one apart);
    7. breaks what is left at random from ``rng_seed`` (same seed, same round).
    The bye is a dummy player in the matching, so choosing it can never force a rematch."""
    records, met = _records(history)
    rng = random.Random(rng_seed)
    order = list(dict.fromkeys(players))
    bye_node = -(10**18)  # no user id: a dummy player whose partner has the bye
    low = min((_halves(scores.get(p, 0.0)) for p in order), default=0)
    costs: dict[tuple[int, int], tuple[int, ...]] = {}
    oriented: dict[tuple[int, int], tuple[int, int]] = {}
    for a, b in itertools.combinations(order, 2):
        pair, colour = _oriented(a, b, records, scores)
        oriented[(a, b)] = pair
        gap = _halves(scores.get(a, 0.0)) - _halves(scores.get(b, 0.0))
        meetings = met[frozenset((a, b))]
        costs[(a, b)] = (int(meetings > 0), 0, meetings, 0, gap * gap, colour, rng.randrange(64))
    if len(order) % 2:
        for p in order:
            byes = records.get(p, _Record()).byes
            rise = _halves(scores.get(p, 0.0)) - low
            costs[(p, bye_node)] = (0, byes, 0, rise, 0, 0, rng.randrange(64))
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for a, b in _match(costs, len(order) + len(order) % 2):
        if bye_node in (a, b):
            bye = a if b == bye_node else b
        else:
            pairs.append(oriented.get((a, b)) or oriented[(b, a)])
    return _boards(pairs, scores), bye


def _boards(pairs: Iterable[Seats], scores: Mapping[int, float]) -> list[Seats]:
    """Top boards first: the highest scores at board 1 (then the highest total)."""

    def key(seats: Seats) -> tuple[float, float]:
        points = [scores.get(p, 0.0) for p in seats]
        return (-max(points), -sum(points))

    return sorted(pairs, key=key)


def berger_rounds(players: Sequence[int]) -> list[list[tuple[int | None, int | None]]]:
    """Every round of a round robin, by the FIDE Berger tables (Handbook C.05, annex 1):
    ``players[0]`` is number 1. Pairs are (first seat, second seat); with an odd count the
    last number is the bye, given as ``(player, None)``. Colours alternate: the last number
    is second in odd rounds and first in even ones, and every other pair is rotated so
    that no one has the same colour three times in a row where the tables avoid it."""
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    if n < 2:
        return []
    rounds: list[list[tuple[int | None, int | None]]] = []
    for r in range(n - 1):
        # Number ``a`` (1..n-1) meets number n; the others pair outwards from it.
        a = (r * (n // 2)) % (n - 1) + 1
        pairs = [(a, n) if r % 2 == 0 else (n, a)]
        for i in range(1, n // 2):
            pairs.append(((a + i - 1) % (n - 1) + 1, (a - i - 1) % (n - 1) + 1))
        games: list[tuple[int | None, int | None]] = []
        for x, y in pairs:
            first, second = seats[x - 1], seats[y - 1]
            games.append((second, None) if first is None else (first, second))
        rounds.append(games)
    return rounds


def arena_pair(
    waiting: Sequence[int],
    scores: Mapping[int, float],
    history: Sequence[Game],
    rng_seed: str = "",
) -> list[tuple[int, int]]:
    """Pairs among the players waiting now in an arena (``waiting`` in the order they became
    free). In order of importance: not one's last opponent again; the one left waiting (odd
    count) is the latest to arrive; scores as close as possible; first moves balanced."""
    records, _ = _records(history)
    rng = random.Random(rng_seed)
    order = list(dict.fromkeys(waiting))
    rest = -(10**18)
    costs: dict[tuple[int, int], tuple[int, ...]] = {}
    oriented: dict[tuple[int, int], tuple[int, int]] = {}
    for a, b in itertools.combinations(order, 2):
        pair, colour = _oriented(a, b, records, scores)
        oriented[(a, b)] = pair
        last = b in records.get(a, _Record()).last_opponents or (
            a in records.get(b, _Record()).last_opponents
        )
        gap = _halves(scores.get(a, 0.0)) - _halves(scores.get(b, 0.0))
        costs[(a, b)] = (int(last), 0, gap * gap, colour, rng.randrange(64))
    if len(order) % 2:
        for index, p in enumerate(order):
            costs[(p, rest)] = (0, len(order) - 1 - index, 0, 0, 0)
    pairs = [
        oriented.get((a, b)) or oriented[(b, a)]
        for a, b in _match(costs, len(order) + len(order) % 2)
        if rest not in (a, b)
    ]
    return _boards(pairs, scores)


def table_sizes(count: int, table_size: int, allowed: Sequence[int] = ()) -> tuple[list[int], int]:
    """How ``count`` players sit at tables of ``table_size`` when smaller tables of the
    ``allowed`` sizes may be used too (Inka 3 or 4, Loka 2 to 4): the sizes, largest first,
    and how many players get a bye. The fewest byes; then tables as even as possible (the
    least sum of squared shortfalls from ``table_size``); then the fewest tables."""
    sizes = sorted({table_size, *(s for s in allowed if 2 <= s <= table_size)}, reverse=True)
    best: tuple[tuple[int, int, int], list[int]] = ((count, 0, 0), [])

    def walk(i: int, left: int, chosen: list[int], short: int) -> None:
        nonlocal best
        if i == len(sizes):
            key = (left, short, len(chosen))
            if key < best[0]:
                best = (key, chosen)
            return
        size = sizes[i]
        for k in range(left // size, -1, -1):
            walk(i + 1, left - k * size, chosen + [size] * k, short + k * (table_size - size) ** 2)

    walk(0, count, [], 0)
    return best[1], count - sum(best[1])


def table_round(
    players: Sequence[int],
    scores: Mapping[int, float],
    history: Sequence[Game],
    table_size: int,
    allowed_sizes: Sequence[int] = (),
    rng_seed: str = "",
) -> tuple[list[tuple[int, ...]], list[int]]:
    """A round at N-player tables: the tables (seat order, top scores at table 1) and the
    players with a bye.

    Byes (when the count does not fit the table sizes, see :func:`table_sizes`) go to the
    lowest scorers among those with the fewest byes. The others are sorted by score and cut
    into tables, then players are swapped between tables while a swap lowers, in this
    order, the repeated meetings (each pair that met before, once per earlier meeting) and
    the score spread (the sum of squared gaps within each table). Seats are then rotated:
    at each table the seat order that gives no one the seat they had last round, and each
    player the seat they have had least, wherever possible."""
    records, met = _records(history)
    rng = random.Random(rng_seed)
    order = list(dict.fromkeys(players))
    rng.shuffle(order)  # equal scores in a random (seeded) order
    order.sort(key=lambda p: -scores.get(p, 0.0))
    sizes, bye_count = table_sizes(len(order), table_size, allowed_sizes)
    byes: list[int] = []
    if bye_count:
        # The lowest scorers of those with the fewest byes; the last in ``order`` first.
        ranked = sorted(
            range(len(order)),
            key=lambda i: (records.get(order[i], _Record()).byes, -i),
        )
        byes = [order[i] for i in sorted(ranked[:bye_count])]
        order = [p for p in order if p not in byes]
    groups = _grouped(order, sizes, scores, met, rng)
    tables = [_seated(group, records) for group in groups]
    return _boards(tables, scores), byes


RESTARTS = 6  # random starts tried besides the score order...
RESTARTS_UP_TO = 32  # ...up to this many players (each start costs more with more tables)


def _grouped(
    order: Sequence[int],
    sizes: Sequence[int],
    scores: Mapping[int, float],
    met: Counter[frozenset[int]],
    rng: random.Random,
) -> list[list[int]]:
    """Players (best first) into tables of ``sizes``: the least repeated meetings (a pair
    that met k times costs k squared, so a third meeting is worse than two second ones),
    then the least score spread. A descent by swaps from the score order, and from a few
    random starts when the tournament is small enough for it to stay quick, since swaps
    alone can stop at a grouping that a better one differs from in several places."""

    def cost(group: Sequence[int]) -> tuple[int, int]:
        repeats = sum(met[frozenset(pair)] ** 2 for pair in itertools.combinations(group, 2))
        halves = [_halves(scores.get(p, 0.0)) for p in group]
        spread = sum((x - y) ** 2 for x, y in itertools.combinations(halves, 2))
        return repeats, spread

    def cut(players: Sequence[int]) -> list[list[int]]:
        starts = itertools.accumulate(sizes, initial=0)
        return [list(players[i : i + n]) for i, n in zip(starts, sizes, strict=False)]

    def descend(groups: list[list[int]]) -> tuple[tuple[int, int], list[list[int]]]:
        costs = [cost(g) for g in groups]
        while True:
            best: tuple[tuple[int, int], int, int, int, int] | None = None
            for ga, gb in itertools.combinations(range(len(groups)), 2):
                before = (costs[ga][0] + costs[gb][0], costs[ga][1] + costs[gb][1])
                for ia, ib in itertools.product(range(len(groups[ga])), range(len(groups[gb]))):
                    a, b = list(groups[ga]), list(groups[gb])
                    a[ia], b[ib] = b[ib], a[ia]
                    ca, cb = cost(a), cost(b)
                    gain = (before[0] - ca[0] - cb[0], before[1] - ca[1] - cb[1])
                    if gain > (0, 0) and (best is None or gain > best[0]):
                        best = (gain, ga, gb, ia, ib)
            if best is None:
                total = (sum(c[0] for c in costs), sum(c[1] for c in costs))
                return total, groups
            _, ga, gb, ia, ib = best
            groups[ga][ia], groups[gb][ib] = groups[gb][ib], groups[ga][ia]
            costs[ga], costs[gb] = cost(groups[ga]), cost(groups[gb])

    found = descend(cut(order))
    for _ in range(RESTARTS if len(order) <= RESTARTS_UP_TO else 0):
        shuffled = list(order)
        rng.shuffle(shuffled)
        tried = descend(cut(shuffled))
        if tried[0] < found[0]:
            found = tried
    return found[1]


def _seated(group: Sequence[int], records: Mapping[int, _Record]) -> tuple[int, ...]:
    """The seat order of one table: no one in last round's seat, then each player in the
    seat they have had least (all orders are tried: a table has at most 4 seats)."""

    def cost(order: tuple[int, ...]) -> tuple[int, int]:
        again = used = 0
        for seat, p in enumerate(order):
            record = records.get(p, _Record())
            again += record.last_seat == seat
            used += record.seats[seat]
        return again, used

    return min(itertools.permutations(group), key=cost)
