"""What the tests of a running tournament share: a console table whose pictures are not
drawn (a tournament plays hundreds of moves; the pictures have tests of their own), whose
computer players think at a cheap, fixed budget, and readers of what the tournament
stored."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

import bot.rendering
from ai import levels, player
from bot.tables.plateau import Plateau
from bot.tournaments.model import Entrant, Game, Tournament
from tests.bot.console_driver import Table, png_bytes

# The computer players' level in these tests: the game's knowledge, a small fixed search
# (seeded runs search without a clock: the same moves on any machine).
CHEAP = dataclasses.replace(levels.BUDGETS["easy"], iterations=16, depth=2, knowledge=True)


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No picture drawn (a stand-in PNG), computer players at :data:`CHEAP`."""
    real = bot.rendering.render

    async def render(fn: Any, *args: Any, **kwargs: Any) -> Any:
        if fn is player.decision:
            return await real(fn, *args, **kwargs)
        return png_bytes()

    monkeypatch.setattr(bot.rendering, "render", render)
    monkeypatch.setitem(levels.BUDGETS, "easy", CHEAP)
    yield


def hub(table: Table) -> Plateau:
    assert table.console is not None
    found = table.console.service.tables["plateau"]
    assert isinstance(found, Plateau)
    return found


async def stored(table: Table) -> tuple[Tournament, list[Entrant], list[Game]]:
    """The only tournament of the table's database, its entrants and its games."""
    assert table.storage is not None
    rows = await table.storage.db.execute_fetchall("SELECT id FROM tournaments")
    assert len(rows) == 1, rows
    tid = rows[0][0]
    t_ = await table.storage.tournament(tid)
    assert t_ is not None
    return t_, await table.storage.entrants(tid), await table.storage.games(tid)


def computers(n: int, level: str = "easy") -> list[str]:
    return [f"@alice /plateau tournament join computer:{level}"] * n


def texts(out: list[dict[str, Any]], fragment: str) -> list[str]:
    return [d["text"] for d in out if fragment in d["text"]]


async def run_tournament(table: Table, new: str, n: int) -> list[dict[str, Any]]:
    """alice opens ``/plateau tournament new <new>``, seats ``n`` computer players and
    starts it: the console plays it through (its computer players play before the next
    line); gives what was said."""
    return await started(table, new, *computers(n))


async def started(table: Table, new: str, *joins: str) -> list[dict[str, Any]]:
    """alice opens ``/plateau tournament new <new>``, ``joins`` are typed, alice starts
    it; gives what was said."""
    return await typed(
        table, f"@alice /plateau tournament new {new}", *joins, "@alice /plateau tournament start"
    )


async def typed(table: Table, *lines: str) -> list[dict[str, Any]]:
    """``lines`` typed at the console, one after the other; gives what they produced."""
    return await table.run("\n".join(lines))
