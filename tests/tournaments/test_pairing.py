"""The tournament pairings (issue 35): round-robin Berger tables against FIDE's, Swiss rounds
(never an avoidable rematch, byes, colours), the arena and N-player tables."""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.model import Game, bye
from bot.tournaments.pairing import (
    arena_pair,
    berger_rounds,
    swiss_round,
    table_round,
    table_sizes,
)

EXAMPLES = int(os.environ.get("PLATEAU_TEST_PAIRING_EXAMPLES", "150"))

# FIDE Handbook C.05, annex 1 (Berger tables for round-robin tournaments), written out.
FIDE_4 = [
    [(1, 4), (2, 3)],
    [(4, 3), (1, 2)],
    [(2, 4), (3, 1)],
]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]


def test_berger_tables_are_fides_for_4_6_and_8_players() -> None:
    assert berger_rounds([1, 2, 3, 4]) == FIDE_4
    assert berger_rounds([1, 2, 3, 4, 5, 6]) == FIDE_6
    assert berger_rounds(list(range(1, 9))) == FIDE_8


def test_berger_for_5_is_the_table_of_6_with_6_the_bye() -> None:
    # The players are ids, not numbers: number k is players[k - 1].
    ids = [501, 502, 503, 504, 505]
    expected = [
        [
            (ids[a - 1], None) if b == 6 else (None if a == 6 else ids[a - 1], ids[b - 1])
            for a, b in rnd
        ]
        for rnd in FIDE_6
    ]
    expected = [[(b, None) if a is None else (a, b) for a, b in rnd] for rnd in expected]
    assert berger_rounds(ids) == expected
    byes = [p for rnd in berger_rounds(ids) for p, q in rnd if q is None]
    assert sorted(byes) == ids  # one bye each


def test_round_robin_every_pair_meets_exactly_once_with_colours_alternating() -> None:
    for n in range(2, 13):
        players = list(range(100, 100 + n))
        rounds = berger_rounds(players)
        assert len(rounds) == (n if n % 2 else n - 1)
        met = Counter(frozenset(g) for rnd in rounds for g in rnd if None not in g)
        assert set(met.values()) == {1}
        assert len(met) == n * (n - 1) // 2
        for rnd in rounds:  # everyone once a round (or the bye)
            seen = [p for g in rnd for p in g if p is not None]
            assert sorted(seen) == players
        for p in players:
            colours = [
                1 if g[0] == p else -1 for rnd in rounds for g in rnd if p in g and None not in g
            ]
            assert abs(sum(colours)) <= 1, (n, p, colours)


def _play(pairs: list[tuple[int, int]], rnd: int, rng: random.Random) -> list[Game]:
    games = []
    for table, pair in enumerate(pairs, 1):
        points = rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
        games.append(Game("t", rnd, table, pair, points=points))
    return games


def _scores(games: list[Game]) -> Counter[int]:
    scores: Counter[int] = Counter()
    for g in games:
        for p, s in zip(g.seats, g.points or (), strict=True):
            scores[p] += s  # type: ignore[assignment]
    return scores


Cost = tuple[int, int, int, int]


def _best_cost(
    players: list[int], met: Counter[frozenset[int]], byes: Counter[int], halves: dict[int, int]
) -> Cost:
    """By brute force over every pairing (with a bye when odd): the least (rematches,
    byes before of the one with the bye, meetings of the pairs, score of the one with the
    bye), in that order: what the Swiss must achieve."""

    def cost(a: int | None, b: int | None) -> Cost:
        if a is None or b is None:
            p = b if a is None else a
            assert p is not None
            return (0, byes[p], 0, halves[p])
        meetings = met[frozenset((a, b))]
        return (int(meetings > 0), 0, meetings, 0)

    def walk(left: list[int | None]) -> Cost:
        if not left:
            return (0, 0, 0, 0)
        first, rest = left[0], left[1:]
        options = []
        for i, other in enumerate(rest):
            below = walk(rest[:i] + rest[i + 1 :])
            here = cost(first, other)
            options.append(tuple(x + y for x, y in zip(here, below, strict=True)))
        return min(options)  # type: ignore[return-value]

    padded: list[int | None] = list(players)
    if len(padded) % 2:
        padded.append(None)
    return walk(padded)


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    st.integers(2, 9),
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=20),
    st.lists(st.integers(0, 8), max_size=9),
    st.text(max_size=4),
)
def test_swiss_never_makes_an_avoidable_rematch(
    n: int, meetings: list[tuple[int, int]], halves: list[int], seed: str
) -> None:
    """Random histories (pairs that met, some more than once; a bye is a pair of one
    player with themself) and scores: the round has as few rematches as any pairing can,
    and then the bye where the rules want it."""
    players = list(range(1, n + 1))
    history = [
        Game("t", 1 + i, 1, (a + 1, b + 1), points=(0.5, 0.5))
        if a != b
        else bye("t", 1 + i, 1, a + 1, 2)
        for i, (a, b) in enumerate(meetings)
        if a < n and b < n
    ]
    points = {p: (halves[i] if i < len(halves) else 0) for i, p in enumerate(players)}
    scores = {p: h / 2 for p, h in points.items()}
    pairs, bye_to = swiss_round(players, scores, history, seed)
    seated = [p for pair in pairs for p in pair] + ([bye_to] if bye_to is not None else [])
    assert sorted(seated) == players
    assert (bye_to is None) == (n % 2 == 0)
    met = Counter(frozenset(g.seats) for g in history if not g.is_bye)
    byes = Counter(g.seats[0] for g in history if g.is_bye)
    made = (
        sum(met[frozenset(p)] > 0 for p in pairs),
        byes[bye_to] if bye_to is not None else 0,
        sum(met[frozenset(p)] for p in pairs),
        points[bye_to] if bye_to is not None else 0,
    )
    assert made == _best_cost(players, met, byes, points)


def test_the_bye_goes_to_the_lowest_scorer_who_has_not_had_one() -> None:
    players = [1, 2, 3, 4, 5]
    scores = {1: 2.0, 2: 1.5, 3: 1.0, 4: 0.5, 5: 0.5}
    history = [bye("t", 1, 3, 5, 2)]  # 5 had one: 4 is the lowest without
    assert swiss_round(players, scores, history, "x")[1] == 4
    assert swiss_round(players, scores, [], "x")[1] in (4, 5)


def test_the_bye_moves_up_rather_than_force_a_rematch() -> None:
    # 3 is lowest, but 1 and 2 have met: giving 3 the bye would pair them again.
    history = [Game("t", 1, 1, (1, 2), points=(1.0, 0.0))]
    scores = {1: 1.0, 2: 0.0, 3: 0.0}
    pairs, bye_to = swiss_round([1, 2, 3], scores, history, "x")
    assert bye_to == 2  # the lowest who can take it without a rematch
    assert [frozenset(p) for p in pairs] == [frozenset((1, 3))]


def test_swiss_pairs_equal_scores_together() -> None:
    scores = {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 0.0, 6: 0.0}
    pairs, _ = swiss_round(list(scores), scores, [], "x")
    assert [frozenset(p) for p in pairs] == [frozenset(s) for s in ((1, 2), (3, 4), (5, 6))]


def test_first_moves_alternate_and_never_three_in_a_row() -> None:
    # 1 moved first twice, 2 second twice: 1 must now move second.
    history = [
        Game("t", 1, 1, (1, 3), points=(0.5, 0.5)),
        Game("t", 1, 2, (4, 2), points=(0.5, 0.5)),
        Game("t", 2, 1, (1, 4), points=(0.5, 0.5)),
        Game("t", 2, 2, (3, 2), points=(0.5, 0.5)),
    ]
    scores = {p: 1.0 for p in (1, 2, 3, 4)}
    pairs, _ = swiss_round([1, 2, 3, 4], scores, history, "x")
    assert (2, 1) in pairs


def _swiss(players: list[int], rounds: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    games: list[Game] = []
    for rnd in range(1, rounds + 1):
        scores = _scores(games)
        pairs, bye_to = swiss_round(players, dict(scores), games, f"{seed}-{rnd}")
        games += _play(pairs, rnd, rng)
        if bye_to is not None:
            games.append(bye("t", rnd, len(pairs) + 1, bye_to, 2))
    return games


def test_a_16_player_4_round_swiss_has_no_rematch_and_balanced_colours() -> None:
    players = list(range(1001, 1017))
    for seed in range(5):
        games = _swiss(players, 4, seed)
        met = Counter(frozenset(g.seats) for g in games)
        assert max(met.values()) == 1
        for p in players:
            mine = sorted((g for g in games if p in g.seats), key=lambda g: g.round)
            assert [g.round for g in mine] == [1, 2, 3, 4]
            colours = [1 if g.seats[0] == p else -1 for g in mine]
            assert abs(sum(colours)) <= 2, (seed, p, colours)
            runs = ["".join("W" if c > 0 else "B" for c in colours)]
            assert "WWW" not in runs[0] and "BBB" not in runs[0], (seed, p, colours)


def test_an_odd_swiss_gives_each_bye_to_a_different_player() -> None:
    players = list(range(1, 10))
    for seed in range(5):
        games = _swiss(players, 5, seed)
        byes = [g.seats[0] for g in games if g.is_bye]
        assert len(byes) == 5 and len(set(byes)) == 5
        assert max(Counter(frozenset(g.seats) for g in games if not g.is_bye).values()) == 1


def test_late_joins_and_withdrawals_come_through_the_players_given() -> None:
    rng = random.Random(3)
    games = _play([(1, 2), (3, 4)], 1, rng)
    scores = dict(_scores(games))
    # 4 withdrew, 5 and 6 joined for round 2 (starting at 0).
    pairs, bye_to = swiss_round([1, 2, 3, 5, 6], scores, games, "r2")
    seated = {p for pair in pairs for p in pair} | {bye_to}
    assert seated == {1, 2, 3, 5, 6}
    assert all(frozenset(p) not in (frozenset((1, 2)), frozenset((3, 4))) for p in pairs)


def test_the_same_seed_gives_the_same_round() -> None:
    scores = dict.fromkeys(range(1, 11), 0.0)
    first = swiss_round(list(scores), scores, [], "seed")
    assert swiss_round(list(scores), scores, [], "seed") == first


def test_arena_avoids_the_last_opponent_when_it_can() -> None:
    history = [Game("t", 1, 1, (1, 2), points=(1.0, 0.0)), Game("t", 1, 2, (3, 4), points=(0, 1))]
    scores = {1: 1.0, 2: 0.0, 3: 0.0, 4: 1.0}
    pairs = arena_pair([1, 2, 3, 4], scores, history)
    assert {frozenset(p) for p in pairs} == {frozenset((1, 4)), frozenset((2, 3))}
    # Alone together: they play again rather than wait.
    assert [frozenset(p) for p in arena_pair([1, 2], scores, history)] == [frozenset((1, 2))]


def test_arena_avoids_whoever_was_the_last_opponent_of_either() -> None:
    # 2 last played 1; 1 has played 3 since: 1 and 2 still do not meet again at once.
    history = [Game("t", 1, 1, (1, 2), points=(1, 0)), Game("t", 2, 1, (3, 1), points=(1, 0))]
    scores = {1: 1.0, 2: 0.0, 3: 1.0, 4: 0.0}
    pairs = arena_pair([1, 2, 4], scores, history)
    assert [frozenset(p) for p in pairs] == [frozenset((1, 4))]


def test_arena_leaves_the_latest_arrival_waiting_and_pairs_near_scores() -> None:
    scores = {1: 5.0, 2: 0.0, 3: 5.0, 4: 0.0, 5: 2.0}
    pairs = arena_pair([1, 2, 3, 4, 5], scores, [])
    assert {frozenset(p) for p in pairs} == {frozenset((1, 3)), frozenset((2, 4))}


def test_table_sizes_fill_allowed_tables_before_giving_byes() -> None:
    assert table_sizes(12, 4) == ([4, 4, 4], 0)
    assert table_sizes(14, 4) == ([4, 4, 4], 2)
    assert table_sizes(13, 4, (3,)) == ([4, 3, 3, 3], 0)
    assert table_sizes(5, 4, (3,)) == ([4], 1)  # Inka: no table of 2
    assert table_sizes(6, 4, (2, 3)) == ([3, 3], 0)  # Loka: even rather than 4 + 2
    assert table_sizes(3, 4) == ([], 3)


def _places(rng: random.Random, table: tuple[int, ...]) -> Game:
    order = list(table)
    rng.shuffle(order)
    places = tuple(order.index(p) + 1 for p in table)
    return Game(
        "t", 0, 0, table, points=tuple(float(len(table) - pl) for pl in places), places=places
    )


def test_twelve_at_tables_of_four_for_three_rounds() -> None:
    players = list(range(1, 13))
    for seed in range(5):
        rng = random.Random(seed)
        games: list[Game] = []
        for rnd in range(1, 4):
            scores = dict(_scores(games))
            tables, byes = table_round(players, scores, games, 4, rng_seed=f"{seed}-{rnd}")
            assert byes == [] and len(tables) == 3
            assert sorted(p for t in tables for p in t) == players
            if rnd == 2:
                # Grouped by score: the three winners of round 1 sit at table 1.
                winners = {g.seats[g.places.index(1)] for g in games if g.places}
                assert winners <= set(tables[0])
            last_seat = {p: g.seats.index(p) for g in games if g.round == rnd - 1 for p in g.seats}
            for t in tables:
                avoidable = any(
                    all(last_seat.get(p) != s for s, p in enumerate(order))
                    for order in itertools.permutations(t)
                )
                if avoidable:
                    assert all(last_seat.get(p) != s for s, p in enumerate(t)), (seed, rnd, t)
            for i, t in enumerate(tables, 1):
                g = _places(rng, t)
                games.append(Game("t", rnd, i, g.seats, points=g.points, places=g.places))
        for p in players:
            seats = [g.seats.index(p) for g in sorted(games, key=lambda g: g.round) if p in g.seats]
            assert len(set(seats)) >= 2, (seed, p, seats)
        # 33 pairs meet over three rounds of 3 tables of 4 (18 per round at most 54 meetings):
        # no pair meets three times.
        met = Counter(frozenset(pr) for g in games for pr in itertools.combinations(g.seats, 2))
        assert max(met.values()) <= 2


def test_tables_that_do_not_fit_give_byes_to_the_lowest() -> None:
    scores = {p: float(p) for p in range(1, 11)}  # 1 is the lowest
    tables, byes = table_round(list(scores), scores, [], 4)
    assert sorted(byes) == [1, 2]
    assert [sorted(t) for t in tables] == [[7, 8, 9, 10], [3, 4, 5, 6]]
    # Someone who had a bye does not get another while others have none.
    tables, byes = table_round(list(scores), scores, [bye("t", 1, 3, 1, 4)], 4)
    assert sorted(byes) == [2, 3]


@settings(max_examples=max(20, EXAMPLES // 3), deadline=None)
@given(
    st.integers(0, 22),
    st.sampled_from([(3, ()), (4, ()), (4, (3,)), (4, (2, 3))]),
    st.lists(st.integers(0, 6), max_size=22),
    st.text(max_size=3),
)
def test_tables_seat_everyone_once_in_the_sizes_allowed(
    n: int, shape: tuple[int, tuple[int, ...]], halves: list[int], seed: str
) -> None:
    size, allowed = shape
    players = list(range(1, n + 1))
    scores = {p: (halves[i] / 2 if i < len(halves) else 0.0) for i, p in enumerate(players)}
    tables, byes = table_round(players, scores, [], size, allowed, seed)
    sizes, bye_count = table_sizes(n, size, allowed)
    assert sorted(len(t) for t in tables) == sorted(sizes)
    assert all(len(t) in (size, *allowed) for t in tables)
    assert len(byes) == bye_count < size
    assert sorted([p for t in tables for p in t] + byes) == players
    # The byes are among the lowest scores.
    if byes and tables:
        assert max(scores[p] for p in byes) <= min(scores[p] for t in tables for p in t)
    assert table_round(players, scores, [], size, allowed, seed) == (tables, byes)
