"""A game with a clock on the Discord stand-in: ``python -m bot`` looking for deadlines every
second, a Lines of Action game at one minute a move. The awaited player is reminded by DM at
half time, then a computer player takes the seat over when the minute is out and plays at
once; the player takes the seat back; both vote a pause."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from devtools.standin import StandIn
from engine.loa import RULES
from tests.e2e.harness import BotProcess, Table

MINUTE = 60.0


@pytest.fixture
async def quick_bot(standin: StandIn, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """The bot, looking for deadlines due every second (not every 30)."""
    process = BotProcess(standin, tmp_path, expire_seconds=1.0)
    await process.start()
    try:
        yield process
    finally:
        assert await process.stop() == 0, process.tail()


async def posted(table: Table, text: str, wait: float) -> str:
    """The first message in the thread holding ``text``, once there."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while not (found := [m.content for m in table.thread_messages() if text in m.content]):
        assert loop.time() < deadline, f"no {text!r} in the thread"
        await asyncio.sleep(0.2)
    return found[0]


async def test_a_late_player_is_reminded_and_replaced_then_takes_the_seat_back(
    standin: StandIn, quick_bot: BotProcess
) -> None:
    table = Table(standin, quick_bot, "loa", ("alice", "bob"))
    ex = await table.open("alice", clock="1m")
    assert "⏰ 1m a move" in ex.posts[0].content
    await table.press("bob", table.button("join:player2"))
    await table.press("alice", table.button("start"))
    state = quick_bot.state(table.game_id, RULES)
    (seat,) = RULES.to_act(state)
    seats = quick_bot.row(table.game_id)["meta"]["seats"]
    late = next(n for n in ("alice", "bob") if table[n].id == seats[seat])
    # Under the first board: whose time runs, as a Discord timestamp each reader sees in
    # their own time zone.
    turn = table.thread_messages()[-1].content
    assert re.search(r"⏰ \S+ \S* ?<t:\d+:R>", turn), turn

    taken = await posted(table, "time ran out", 2 * MINUTE)
    assert f"<@{table[late].id}>'s time ran out: 🤖 normal now plays" in taken
    reminders = [m.content for m in standin.dms(table[late])]
    assert any("Half your time is gone" in text for text in reminders), reminders
    assert any("runs out" in text and "<t:" in text for text in reminders)
    assert not standin.dms(table[next(n for n in ("alice", "bob") if n != late)])
    # It played at once: the other player is awaited.
    loop = asyncio.get_running_loop()
    deadline = loop.time() + MINUTE
    while seat in RULES.to_act(quick_bot.state(table.game_id, RULES)):
        assert loop.time() < deadline
        await asyncio.sleep(0.1)

    ex = await table.slash(late, "ai", {"seat": seat, "level": "remove"})
    # The computer player's own post may still be on its way: it can land first.
    assert any("back from the computer player" in post.content for post in ex.posts)
    assert quick_bot.row(table.game_id)["meta"]["seats"][seat] == table[late].id

    ex = await table.slash("alice", "pause")
    assert "votes to pause" in ex.posts[0].content
    ex = await table.slash("bob", "pause")
    assert "the clock is paused" in ex.posts[0].content
    assert quick_bot.row(table.game_id)["meta"]["clock"]["paused"] is not None
    # The game ends: the one who came back resigns, and the replay comes to its thread.
    await table.resign(late)
    assert quick_bot.state(table.game_id, RULES).over
    ex = await table.slash("alice", "replay")
    (replay,) = ex.posts
    ((name, data),) = replay.files
    assert name.endswith("-replay.gif") and data.startswith(b"GIF8")
    assert standin.violations == []
    assert quick_bot.logged_errors() == []
