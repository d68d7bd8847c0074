"""A tournament and the clock (the console's, moved by ``!wait`` alone): a start at a set
time, the next round after a set interval, and an arena, where whoever finishes is paired
again at once."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.tournaments import service as running
from tests.bot.console_driver import Table, refused_privately
from tests.tournaments.running import cheap, computers, stored, texts, typed

__all__ = ["cheap"]

pytestmark = pytest.mark.usefixtures("cheap")


async def test_a_tournament_starts_at_its_time_and_each_round_after_its_interval() -> None:
    async with Table(seed=9, frozen=1.8e9) as table:
        out = await typed(
            table,
            "@alice /plateau tournament new game:loa rounds:2 start:30m interval:10",
            *computers(4),
        )
        assert texts(out, "Starts in 30 min")
        refused_privately(
            await table.run("@alice /plateau tournament new game:loa start:soon"), "`30m`"
        )
        await table.run("!wait 20m")
        t_, _, _ = await stored(table)
        assert t_.status == "signup"
        out = await table.run("!wait 11m")  # the start: round 1 is played at once
        assert texts(out, "starts, with 4 players") and texts(out, "**Round 2**")
        t_, _, games = await stored(table)
        assert t_.round == 2 and t_.starts_at == pytest.approx(1.8e9 + 41 * 60, abs=1)
        assert all(g.game_id is None for g in games if g.round == 2)
        assert texts(out, "These games open in 10 min")
        await table.run("!wait 9m")
        _, _, games = await stored(table)
        assert all(g.game_id is None for g in games if g.round == 2)
        out = await table.run("!wait 2m")
        t_, _, games = await stored(table)
        assert t_.status == "finished" and all(g.finished for g in games)
        assert texts(out, "**Final table**")


async def test_an_arena_pairs_whoever_finishes_again_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(running, "ARENA_GAMES", 3)
    async with Table(seed=3, frozen=1.8e9) as table:
        refused_privately(
            await table.run("@alice /plateau tournament new game:loa format:arena rounds:x"),
            "rounds",
        )
        await typed(
            table,
            "@alice /plateau tournament new game:loa format:arena rounds:30",
            *computers(5),
            "@alice /plateau tournament start",
        )
        t_, entrants, games = await stored(table)
        assert t_.status == "finished" and t_.format == "arena"
        played = Counter(u for g in games for u in g.seats)
        assert not any(g.is_bye for g in games)  # an arena gives no byes
        assert all(0 < played[e.user_id] <= 3 for e in entrants)
        assert sum(played.values()) >= 2 * len(games) >= 12  # most played all 3
        last: dict[int, int] = {}
        for game in sorted(games, key=lambda g: (g.round, g.table)):
            a, b = game.seats
            assert last.get(a) != b, "paired again with the last opponent"
            last[a], last[b] = b, a
