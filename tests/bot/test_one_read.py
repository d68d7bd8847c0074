"""One read per move (issue 33): a command reads its game once (``bot.service.Seen``: the
rows it saw, its load under the game's lock reuses them), and a computer player goes
through the service like any player: it looks at its game once, thinks, and plays on the
row it looked at, with no second read under the lock."""

from __future__ import annotations

from typing import Any

import pytest

from bot.tables.computers import Computers
from tests.bot.console_driver import Table
from tests.bot.test_ai_seats import quick_levels  # noqa: F401  (autouse: small budgets)


class Reads:
    """Every ``storage.load``, and whether a computer player's action was being played."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        self.loads: list[bool] = []  # for each read: was it inside Computers.act?
        self.acts = 0
        self.playing = 0
        storage = table.storage
        assert storage is not None
        real_load, real_act = storage.load, Computers.act

        async def load(game_id: str) -> Any:
            self.loads.append(self.playing > 0)
            return await real_load(game_id)

        async def act(part: Computers, *args: Any) -> Any:
            self.acts += 1
            self.playing += 1
            try:
                return await real_act(part, *args)
            finally:
                self.playing -= 1

        monkeypatch.setattr(storage, "load", load)
        monkeypatch.setattr(Computers, "act", act)


async def test_a_computer_player_plays_on_the_row_it_looked_at(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with Table(seed=3) as table:
        await table.run(
            "@alice /chess new color:white\n@alice /chess ai seat:black level:easy\n"
            "@alice /chess start"
        )
        reads = Reads(table, monkeypatch)
        for move in ("e4", "d4", "Nf3"):
            out = await table.run(f"@alice /chess move move:{move}")
            assert not [d for d in out if d["to"] == "private"], out
        loads = list(reads.loads)
        assert reads.acts == 3  # black answered each move
        assert loads and not any(loads)  # never a read while it played
        # One look a turn, and one more each time to see that nothing more awaits it.
        assert len(loads) == 2 * reads.acts


async def test_a_players_move_reads_its_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    async with Table(seed=4) as table:
        await table.run("@alice /chess new color:white\n@bob /chess join\n@alice /chess start")
        reads = Reads(table, monkeypatch)
        await table.run("@alice /chess move move:e4\n@bob /chess move move:e5")
        assert reads.loads == []  # found through the channel's games, then used again
