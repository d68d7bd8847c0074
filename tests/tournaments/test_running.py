"""Whole tournaments run through the service as the console types them (issue 35's "done
when"), computer players at a cheap fixed level and fixed seeds, SQLite in memory: a
16-player Swiss of Lines of Action to its end, a 12-player Loka tournament at 4-player
tables, a round robin of 5 with its byes."""

from __future__ import annotations

import os
from collections import defaultdict

import pytest

from bot.tournaments.model import Game
from bot.tournaments.standings import place_points, standings
from tests.bot.console_driver import Table
from tests.tournaments.running import cheap, run_tournament, stored, texts

__all__ = ["cheap"]  # the fixture, used by name

pytestmark = pytest.mark.usefixtures("cheap")

# Loka's games are long: the 12-player tournament plays this many rounds (2 by default).
LOKA_ROUNDS = int(os.environ.get("PLATEAU_TEST_TOURNAMENT_ROUNDS", "2"))


async def expected_points(table: Table, game: Game) -> tuple[float, ...]:
    """A game's points as its table game's end gives them: place 1 to a winner's seats
    (everyone's in a draw), 2 to the others; points by place."""
    assert table.storage is not None and table.console is not None
    assert game.game_id is not None
    row = await table.storage.load(game.game_id)
    assert row is not None and row.status == "over"
    rules = table.console.service.tables[row.kind].rules
    outcome = rules.outcome(rules.from_dict(row.state))
    assert outcome is not None
    seats = row.seats
    won = [any(seats[s] == user for s in outcome.winners) for user in game.seats]
    places = tuple(1 if w or not outcome.winners else 2 for w in won)
    return place_points(len(game.seats), places)


async def test_a_16_player_swiss_of_lines_of_action_is_played_to_its_end() -> None:
    async with Table(seed=11) as table:
        out = await run_tournament(table, "game:loa format:swiss rounds:4", 16)
        t_, entrants, games = await stored(table)
        assert t_.status == "finished" and t_.round == 4 and t_.table_size == 2
        assert len(entrants) == 16
        by_round: dict[int, list[Game]] = defaultdict(list)
        for game in games:
            by_round[game.round].append(game)
        assert sorted(by_round) == [1, 2, 3, 4]
        met: set[frozenset[int]] = set()
        for round_, played in by_round.items():
            assert not any(g.is_bye for g in played), round_  # 16 players: no bye
            assert len(played) == 8
            assert sorted(u for g in played for u in g.seats) == sorted(e.user_id for e in entrants)
            for game in played:
                pair = frozenset(game.seats)
                assert pair not in met, f"a rematch in round {round_}"
                met.add(pair)
                # Each result is the table game's end, recorded as played (not awarded).
                assert not game.awarded
                assert game.points == await expected_points(table, game)
                # The pairing's first seat made the game's first move.
                assert table.storage is not None and game.game_id is not None
                first = (await table.storage.log(game.game_id))[0]
                assert first.user_id == game.seats[0], (round_, game)
        # The standings: the core's, recomputed from the stored games, and each tie-break
        # recomputed here from the games alone.
        rows = standings(t_, entrants, games)
        total: dict[int, float] = defaultdict(float)
        for game in games:
            assert game.points is not None
            for user, got in zip(game.seats, game.points, strict=True):
                total[user] += got
        assert sum(total.values()) == 32  # one point a game
        for row in rows:
            assert row.points == total[row.user_id] and row.played == 4
            opponents = [
                (next(u for u in g.seats if u != row.user_id), g.points[g.seats.index(row.user_id)])
                for g in games
                if row.user_id in g.seats and g.points is not None
            ]
            buchholz = sum(total[o] for o, _ in opponents)
            sonneborn = sum(total[o] * got for o, got in opponents)
            assert row.tiebreak_names == ("buchholz", "sonneborn_berger")
            assert row.tiebreaks == pytest.approx((buchholz, sonneborn))
        ranked = [(r.points, *r.tiebreaks) for r in rows]
        assert ranked == sorted(ranked, reverse=True)
        # What the channel was told: four standings, then the final table, its rows the
        # core's in order, every name a name.
        assert len(texts(out, "**Standings**")) == 4
        (final,) = texts(out, "**Final table**")
        lines = final.splitlines()
        assert rows[0].name in lines[0]
        for row, line in zip(rows, lines[1:], strict=True):
            assert line.startswith(f"{row.rank}. {row.name}: "), (row, line)
        assert "-1" not in final and "🤖 easy 16" in final


async def test_a_round_robin_of_five_gives_each_player_one_bye() -> None:
    async with Table(seed=5) as table:
        out = await run_tournament(table, "game:loa format:round-robin", 5)
        t_, entrants, games = await stored(table)
        assert t_.status == "finished" and t_.rounds == 5 and t_.round == 5
        players = {e.user_id for e in entrants}
        byes = [g.seats[0] for g in games if g.is_bye]
        assert sorted(byes) == sorted(players)  # one bye each, one a round
        assert sorted(g.round for g in games if g.is_bye) == [1, 2, 3, 4, 5]
        pairs = [frozenset(g.seats) for g in games if not g.is_bye]
        assert len(pairs) == 10 == len(set(pairs))  # everyone met everyone once
        assert all(g.points == (1.0,) for g in games if g.is_bye)
        rows = standings(t_, entrants, games)
        assert all(r.played == 5 for r in rows)
        assert len(texts(out, "Bye: 🤖 easy")) == 5
        assert texts(out, "**Final table**")


async def test_a_12_player_loka_tournament_at_four_player_tables() -> None:
    async with Table(seed=2) as table:
        options = 'options:"points:20 terrain:off"'
        await run_tournament(table, f"game:loka rounds:{LOKA_ROUNDS} {options}", 12)
        t_, entrants, games = await stored(table)
        assert t_.status == "finished" and t_.table_size == 4 and t_.round == LOKA_ROUNDS
        for round_ in range(1, LOKA_ROUNDS + 1):
            tables = [g for g in games if g.round == round_]
            assert len(tables) == 3 and all(len(g.seats) == 4 for g in tables)
            for game in tables:
                assert game.points == await expected_points(table, game)
                assert sum(game.points or ()) == pytest.approx(6)  # 3 + 2 + 1 + 0
        rows = standings(t_, entrants, games)
        assert rows[0].tiebreak_names == ("opponents",)
        assert all(r.played == LOKA_ROUNDS for r in rows)
