"""Discord failing, through ``python -m bot`` on the stand-in: a channel's posts or the DMs
failing for a while (a 502), a 429 storm, and the bot's own pace. Nothing is lost, nothing
is sent twice, the interaction is not held, and the player is told once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.i18n import t
from devtools.standin import StandIn
from tests.e2e.harness import BotProcess, Table

OUTAGE = t("en", "discord.outage")
SAFETY = 120.0  # seconds: a guard against a hang, not a timing


async def until(done: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SAFETY
    while not done():
        assert loop.time() < deadline, f"never: {what}"
        await asyncio.sleep(0.05)


def moves_in(table: Table) -> list[str]:
    """The moves the thread shows, in order (each post says "<side> plays **<move>**")."""
    return [
        m.content.split("plays **", 1)[1].split("**", 1)[0]
        for m in table.thread_messages()
        if "plays **" in m.content
    ]


async def test_a_chess_game_through_the_pace_a_429_storm_and_a_channel_outage(
    standin: StandIn, bot: BotProcess
) -> None:
    table = Table(standin, bot, "chess", ("alice", "bob"))
    await table.open("alice", color="white")
    await table.press("bob", table.button("join:black"))
    await table.press("alice", table.button("start"))
    # Quick moves: more posts in the thread than Discord takes in 5 s, paced by the bot.
    played = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]
    for n, move in enumerate(played):
        await table.slash(("alice", "bob")[n % 2], "move", {"move": move})
    assert [r for r in standin.rate_limited if r.reason == "channel"] == []

    # A 429 storm: waited out, the post arrives once.
    standin.storm("POST /channels/{channel_id}/messages", 3, retry_after=0.3)
    await table.slash("alice", "move", {"move": "d3"})
    played.append("d3")
    await until(lambda: moves_in(table) == played, "the post after the storm")

    # The thread's posts fail with a 502 until the test ends the outage.
    actions = "SELECT id FROM actions WHERE game_id = $1"
    saved = len(await bot.fetch(actions, table.game_id))
    outage = standin.outage(SAFETY * 10, channel=table.thread)
    told: dict[str, list[str]] = {}
    for name, move in (("bob", "Be7"), ("alice", "O-O"), ("bob", "O-O")):
        ex = await table.slash(name, "move", {"move": move})
        told.setdefault(name, []).append(ex.text)
        played.append(move)
    assert told == {"bob": [OUTAGE, ""], "alice": [OUTAGE]}  # once each per outage
    assert len(await bot.fetch(actions, table.game_id)) == saved + 3  # every move saved
    assert moves_in(table) == played[:-3] and outage.answered >= 1
    outage.until = 0.0  # Discord is back
    await until(lambda: moves_in(table) == played, "the posts after the outage")
    await standin.settle(quiet=1.0)
    assert moves_in(table) == played  # each once, in order
    assert await bot.fetch("SELECT id FROM outbox") == []
    assert [r for r in standin.rate_limited if r.reason == "channel"] == []
    assert standin.violations == []
    assert bot.logged_errors() == []


async def test_a_dm_outage_at_echecs_secret_placement(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "echec", ("alice", "bob"))
    await table.open("alice", level=2, placement="secret")
    await table.press("alice", table.button("join:south"))
    await table.press("bob", table.button("join:north"))
    before = {name: len(standin.dms(name)) for name in ("alice", "bob")}
    thread_before = len(table.thread_messages())
    outage = standin.outage(SAFETY * 10, dms=True)
    ex = await table.press("alice", table.button("start"))
    assert ex.text == OUTAGE  # answered, not held by the DMs' retries
    assert {name: len(standin.dms(name)) for name in before} == before
    outage.until = 0.0
    await until(
        lambda: all(len(standin.dms(name)) > before[name] for name in before),
        "the placement DMs after the outage",
    )
    await standin.settle(quiet=1.0)
    autoplace = table.button("autoplace")
    for name in before:
        placements = [m for m in standin.dms(name) if m.component(autoplace)]
        assert len(placements) == 1, name  # arrived once
        # After the answer: the interaction was not held until the DM went out.
        assert ex.replies[0].id < placements[0].id
    what = t("en", "discord.dm_what")
    notes = {
        t("en", key, user=f"<@{table[name].id}>", what=what)
        for key in ("error.dm_failed", "error.dm_lost")
        for name in before
    }
    posted = {m.content for m in table.thread_messages()[thread_before:]}
    assert not notes & posted  # no note in the thread: the DMs arrived
    assert await bot.fetch("SELECT id FROM outbox") == []
    assert standin.violations == []
    assert bot.logged_errors() == []
