"""Standings and tie-breaks (issue 35), against small tournaments worked out by hand."""

from __future__ import annotations

import itertools
import random

from bot.tournaments.model import Entrant, Game, Tournament, bye
from bot.tournaments.pairing import swiss_round
from bot.tournaments.standings import Row, place_points, standings

NAMES = {1: "Ann", 2: "Bob", 3: "Cid", 4: "Dee", 5: "Eve", 6: "Fay"}


def tournament(table_size: int = 2) -> Tournament:
    return Tournament(
        "t1", 10, 20, "loa", "swiss", 3, None, "", None, 1, "running", table_size, round=3
    )


def entrants(*ids: int, withdrawn: int | None = None) -> list[Entrant]:
    return [
        Entrant("t1", i, NAMES[i], withdrawn_round=withdrawn if i == ids[-1] else None) for i in ids
    ]


def game(rnd: int, table: int, seats: tuple[int, ...], points: tuple[float, ...]) -> Game:
    return Game("t1", rnd, table, seats, points=points)


def table_game(rnd: int, table: int, seats: tuple[int, ...], places: tuple[int, ...]) -> Game:
    return Game("t1", rnd, table, seats, points=place_points(3, places), places=places)


def summary(rows: list[Row]) -> list[tuple[object, ...]]:
    return [(r.rank, r.name, r.points, *r.tiebreaks) for r in rows]


def test_place_points() -> None:
    assert place_points(4, (1, 2, 3, 4)) == (3, 2, 1, 0)
    assert place_points(4, (4, 3, 2, 1)) == (0, 1, 2, 3)
    assert place_points(4, (1, 2, 1, 2)) == (2.5, 0.5, 2.5, 0.5)  # a team of two wins
    assert place_points(4, (1, 2, 2, 2)) == (3, 1, 1, 1)
    assert place_points(4, (1, 2, 2, 4)) == place_points(4, (1, 2, 2, 3))
    assert place_points(2, (1, 2)) == (1, 0)
    assert place_points(2, (1, 1)) == (0.5, 0.5)  # a draw
    assert place_points(3, (1, 2, 2)) == (2, 0.5, 0.5)
    # Inka at 3 in a tournament of 4: first gets a full table's first, the mean stays 1.5.
    assert place_points(4, (1, 2, 3)) == (3, 1.5, 0)
    assert place_points(4, (1,)) == (1.5,)  # a bye
    assert place_points(2, (1,)) == (1.0,)


def test_swiss_of_five_with_byes_buchholz_and_sonneborn_berger() -> None:
    games = [
        game(1, 1, (1, 2), (1, 0)),  # Ann beats Bob
        game(1, 2, (3, 4), (1, 0)),  # Cid beats Dee
        bye("t1", 1, 3, 5, 2),  # Eve
        game(2, 1, (1, 3), (0.5, 0.5)),
        game(2, 2, (2, 5), (1, 0)),
        bye("t1", 2, 3, 4, 2),  # Dee
        game(3, 1, (1, 5), (1, 0)),
        game(3, 2, (2, 4), (0.5, 0.5)),
        bye("t1", 3, 3, 3, 2),  # Cid
    ]
    rows = standings(tournament(), entrants(1, 2, 3, 4, 5), games)
    # Points: Ann 1+.5+1, Cid 1+.5+1 (bye), Dee 0+1 (bye)+.5, Bob 0+1+.5, Eve 1 (bye)+0+0.
    # Buchholz (a bye: one's own points): Cid = Dee 1.5 + Ann 2.5 + own 2.5 = 6.5;
    # Ann = Bob 1.5 + Cid 2.5 + Eve 1 = 5; Dee = Cid 2.5 + own 1.5 + Bob 1.5 = 5.5;
    # Bob = Ann 2.5 + Eve 1 + Dee 1.5 = 5; Eve = own 1 + Bob 1.5 + Ann 2.5 = 5.
    # Sonneborn-Berger (a bye: nothing): Cid = Dee 1.5 + Ann 2.5 / 2 = 2.75;
    # Ann = Bob 1.5 + Cid 2.5 / 2 + Eve 1 = 3.75; Dee = Bob 1.5 / 2 = 0.75;
    # Bob = Eve 1 + Dee 1.5 / 2 = 1.75; Eve = 0.
    assert summary(rows) == [
        (1, "Cid", 2.5, 6.5, 2.75),
        (2, "Ann", 2.5, 5.0, 3.75),
        (3, "Dee", 1.5, 5.5, 0.75),
        (4, "Bob", 1.5, 5.0, 1.75),
        (5, "Eve", 1.0, 5.0, 0.0),
    ]
    assert [r.played for r in rows] == [3, 3, 3, 3, 3]
    assert rows[0].tiebreak_names == ("buchholz", "sonneborn_berger")


def test_round_robin_of_four_where_sonneborn_berger_decides() -> None:
    games = [
        game(1, 1, (1, 4), (1, 0)),
        game(1, 2, (2, 3), (1, 0)),
        game(2, 1, (4, 3), (0, 1)),
        game(2, 2, (1, 2), (0, 1)),
        game(3, 1, (2, 4), (0, 1)),
        game(3, 2, (3, 1), (0, 1)),
    ]
    rows = standings(tournament(), entrants(1, 2, 3, 4), games)
    # Ann and Bob 2 points, Cid and Dee 1: in a round robin Buchholz is the total (6) less
    # one's own, equal for equal points. SB: Bob beat Cid (1) and Ann (2) = 3; Ann beat
    # Dee (1) and Cid (1) = 2; Dee beat Bob (2) = 2; Cid beat Dee (1) = 1.
    assert summary(rows) == [
        (1, "Bob", 2.0, 4.0, 3.0),
        (2, "Ann", 2.0, 4.0, 2.0),
        (3, "Dee", 1.0, 5.0, 2.0),
        (4, "Cid", 1.0, 5.0, 1.0),
    ]


def test_equal_rows_share_a_rank_and_unfinished_games_do_not_count() -> None:
    games = [
        game(1, 1, (1, 2), (0.5, 0.5)),
        Game("t1", 2, 1, (2, 1)),  # still being played
    ]
    rows = standings(tournament(), entrants(1, 2, 3, withdrawn=1), games)
    assert summary(rows) == [
        (1, "Ann", 0.5, 0.5, 0.25),
        (1, "Bob", 0.5, 0.5, 0.25),
        (3, "Cid", 0, 0, 0),
    ]
    assert [r.withdrawn for r in rows] == [False, False, True]
    assert [r.played for r in rows] == [1, 1, 0]


def test_tables_of_three_points_by_place_then_opponents_points() -> None:
    games = [
        table_game(1, 1, (1, 2, 3), (1, 2, 2)),
        table_game(1, 2, (4, 5, 6), (1, 2, 3)),
        table_game(2, 1, (1, 4, 2), (2, 1, 3)),
        table_game(2, 2, (5, 6, 3), (1, 3, 2)),
    ]
    # Points: round 1: Ann 2, Bob .5, Cid .5; Dee 2, Eve 1, Fay 0.
    # Round 2: Dee 2, Ann 1, Bob 0; Eve 2, Cid 1, Fay 0.
    # Totals: Dee 4, Ann 3, Eve 3, Cid 1.5, Bob .5, Fay 0.
    rows = standings(tournament(3), entrants(1, 2, 3, 4, 5, 6), games)
    # Opponents' points, the mean of the others at each table:
    # Dee (Eve 3 + Fay 0)/2 + (Ann 3 + Bob .5)/2 = 1.5 + 1.75 = 3.25
    # Ann (Bob .5 + Cid 1.5)/2 + (Dee 4 + Bob .5)/2 = 1 + 2.25 = 3.25
    # Eve (Dee 4 + Fay 0)/2 + (Fay 0 + Cid 1.5)/2 = 2 + .75 = 2.75
    # Cid (Ann 3 + Bob .5)/2 + (Eve 3 + Fay 0)/2 = 1.75 + 1.5 = 3.25
    # Bob (Ann 3 + Cid 1.5)/2 + (Ann 3 + Dee 4)/2 = 2.25 + 3.5 = 5.75
    # Fay (Dee 4 + Eve 3)/2 + (Eve 3 + Cid 1.5)/2 = 3.5 + 2.25 = 5.75
    assert summary(rows) == [
        (1, "Dee", 4.0, 3.25),
        (2, "Ann", 3.0, 3.25),
        (3, "Eve", 3.0, 2.75),
        (4, "Cid", 1.5, 3.25),
        (5, "Bob", 0.5, 5.75),
        (6, "Fay", 0.0, 5.75),
    ]
    assert rows[0].tiebreak_names == ("opponents",)


def test_a_bye_at_tables_counts_its_points_and_ones_own_as_opponents() -> None:
    games = [
        table_game(1, 1, (1, 2, 3), (1, 2, 3)),
        bye("t1", 1, 2, 4, 3),
    ]
    rows = standings(tournament(3), entrants(1, 2, 3, 4), games)
    by_name = {r.name: r for r in rows}
    assert by_name["Dee"].points == 1.0  # (3 - 1) / 2
    assert by_name["Dee"].tiebreaks == (1.0,)
    assert by_name["Ann"].tiebreaks == ((1 + 0) / 2,)


def test_a_16_player_4_round_swiss_adds_up() -> None:
    rng = random.Random(16)
    players = list(range(101, 117))
    people = [Entrant("t1", p, f"P{p}") for p in players]
    games: list[Game] = []
    for rnd in range(1, 5):
        scores = {r.user_id: r.points for r in standings(tournament(), people, games)}
        pairs, lone = swiss_round(players, scores, games, f"s{rnd}")
        assert lone is None
        for table, pair in enumerate(pairs, 1):
            points = rng.choice([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)])
            games.append(Game("t1", rnd, table, pair, points=points))
    rows = standings(tournament(), people, games)
    assert len({frozenset(g.seats) for g in games}) == len(games) == 32  # no rematch
    assert sum(r.points for r in rows) == 32  # each game gives out one point
    assert all(r.played == 4 for r in rows)
    # Sorted by points, then Buchholz, then Sonneborn-Berger; ranks shared only on equal.
    keys = [(r.points, *r.tiebreaks) for r in rows]
    assert keys == sorted(keys, reverse=True)
    for before, after in itertools.pairwise(rows):
        same = (before.points, before.tiebreaks) == (after.points, after.tiebreaks)
        assert (after.rank == before.rank) == same
    # Each player's points enter the Buchholz of each of their 4 opponents.
    assert sum(r.tiebreaks[0] for r in rows) == sum(4 * r.points for r in rows)
    # Sonneborn-Berger never exceeds Buchholz, and equals it for someone who won every game.
    for r in rows:
        assert r.tiebreaks[1] <= r.tiebreaks[0]
        if r.points == 4:
            assert r.tiebreaks[1] == r.tiebreaks[0]
