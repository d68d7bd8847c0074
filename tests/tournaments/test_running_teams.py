"""A tournament of Lines of Action in teams: four players at one table, two of them win
together, so the final table names both as sharing first place (never one of them alone)."""

from __future__ import annotations

import pytest

from tests.bot.console_driver import Table
from tests.tournaments.running import cheap, run_tournament, stored, texts

__all__ = ["cheap"]

pytestmark = pytest.mark.usefixtures("cheap")


async def test_a_team_win_shares_first_place_in_the_final_table() -> None:
    async with Table(seed=2) as table:
        out = await run_tournament(table, 'game:loa rounds:1 options:"variant:teams"', 4)
        t_, entrants, games = await stored(table)
        assert t_.status == "finished" and [len(g.seats) for g in games] == [4]
        (game,) = games
        assert game.points is not None and sorted(game.points) == [0.5, 0.5, 2.5, 2.5]
        names = {e.user_id: e.name for e in entrants}
        winners = [names[s] for s, p in zip(game.seats, game.points, strict=True) if p == 2.5]
        (final,) = texts(out, "**Final table**")
        assert f"{winners[0]} and {winners[1]} share first place!" in final
        assert " wins!" not in final


async def test_the_shared_first_place_is_said_in_french() -> None:
    async with Table(seed=2) as table:
        await table.run("!manager @alice\n@alice /plateau settings language:fr")
        out = await run_tournament(table, 'game:loa rounds:1 options:"variant:teams"', 4)
        (final,) = texts(out, "**Classement final**")
        assert " et " in final and "se partagent la première place" in final
