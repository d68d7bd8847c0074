"""A tournament game names its computer players as the tournament does ("🤖 easy 2"), not by
their level alone: two computers of one level stay apart in its posts and pictures' words."""

from __future__ import annotations

import pytest

from tests.bot.console_driver import Table
from tests.tournaments.running import cheap, run_tournament, stored

__all__ = ["cheap"]  # the fixture, used by name

pytestmark = pytest.mark.usefixtures("cheap")


async def test_a_game_names_its_computer_players_by_their_tournament_names() -> None:
    async with Table(seed=3) as table:
        out = await run_tournament(table, "game:loa format:swiss rounds:1", 4)
        t_, entrants, games = await stored(table)
        assert t_.status == "finished"
        names = {e.user_id: e.name for e in entrants}
        assert sorted(names.values()) == [f"🤖 easy {n}" for n in range(1, 5)]
        for game in games:
            here = [d for d in out if d["channel"] == f"#general-round-1-table-{game.table}"]
            assert len(here) > 2, game
            seated = [names[u] for u in game.seats]
            others = [name for user, name in names.items() if user not in game.seats]
            for post in here:
                said = " ".join([post["text"], *post["alt"]])
                # Never the level alone ("🤖 easy, White to move"), never another table's.
                assert "🤖 easy," not in said and "(🤖 easy)" not in said, said
                assert not any(name in said for name in others), said
            first = here[0]["text"]
            assert f"{seated[0]}, White to move" in first
            assert f"White ({seated[0]})" in here[0]["alt"][0]
