"""Replays cost seconds of the pool, so no member can slow a server down with them: a
finished game's replay is built once and kept, built one at a time and never in the worker a
move's picture needs; only players post it in the game's thread (once), anyone else gets it
privately; ``replay`` and ``board at:`` have cooldowns whose refusal says when to ask again."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from bot import rendering
from bot.model import Place, Request
from bot.tables import replays
from renderer.animation import gif_of
from tests.bot.console_driver import Table, refused_privately
from tests.bot.test_replays import FOOLS_MATE, NOW

MATED = FOOLS_MATE + "@bob /chess move move:Qh4#\n"


async def finished(table: Table, script: str = MATED) -> str:
    await table.run(script)
    row, _ = await table.latest()
    assert row.status == "over"
    return row.id


def built(table: Table) -> int:
    assert table.console is not None
    return replays.shelf(table.console.service).builds


async def test_a_replay_is_built_once_then_given_privately_or_linked() -> None:
    async with Table(frozen=NOW) as table:
        game_id = await finished(table)
        out = await table.run("@zed /chess replay")  # not a player: for zed alone
        assert [(d["to"], d["user"]) for d in out] == [("private", "zed")] and out[0]["images"]
        assert "only the game's players post it" in out[0]["text"]
        out = await table.run("!wait 20s\n@bob /chess replay")  # a player: in the thread
        assert [d["to"] for d in out] == ["channel", "private"] and out[0]["images"]
        out = await table.run("!wait 20s\n@alice /chess replay")  # posted once only
        assert [(d["to"], d["user"]) for d in out] == [("private", "alice")] and out[0]["images"]
        assert "already posted" in out[0]["text"]
        assert built(table) == 1

        # Once Discord has the post, anyone asking gets a link to it and no file.
        assert table.storage is not None
        row = await table.storage.load(game_id)
        assert row is not None
        await table.storage.set_post(row.channel_id, f"replay:{game_id}", row.channel_id, 99)
        out = await table.run("!wait 60s\n@bob /chess replay")
        (answer,) = out
        assert answer["to"] == "private" and not answer.get("images")
        assert f"https://discord.com/channels/1/{row.channel_id}/99" in answer["text"]
        assert built(table) == 1


async def test_cooldowns_name_the_wait_and_lift_after_it() -> None:
    async with Table(frozen=NOW) as table:
        await finished(table)
        assert table.console is not None
        table.console.world.locales["zed"] = "fr"
        out = await table.run("@bob /chess replay")
        assert [d["to"] for d in out] == ["channel", "private"]
        refused_privately(await table.run("@bob /chess replay"), "ask again in 60 s")
        refused_privately(await table.run("@alice /chess replay"), "ask again in 20 s")  # server
        refused_privately(await table.run("!wait 15s\n@zed /chess replay"), "dans 5 s")
        refused_privately(await table.run("!wait 5s\n@bob /chess replay"), "in 40 s")
        out = await table.run("@alice /chess replay")  # the server's 20 s are over
        assert [(d["to"], d["user"]) for d in out] == [("private", "alice")]
        out = await table.run("!wait 40s\n@bob /chess replay")  # and bob's minute
        assert [(d["to"], d["user"]) for d in out] == [("private", "bob")]

        out = await table.run("@zed /chess board at:1")
        assert out[0]["images"]
        refused_privately(await table.run("@zed /chess board at:2"), "redemandez dans 2 s")
        out = await table.run("@bob /chess board at:2")  # another member's own cooldown
        assert out[0]["images"]
        out = await table.run("!wait 2s\n@zed /chess board at:2")
        assert out[0]["images"] and out[0]["text"].startswith("Après l'action 2")


# ---------------------------------------------------------------- spam and another game's move

RELEASE = threading.Event()  # the held GIF is encoded once this is set
GIFS: list[str] = []  # each held GIF's start and end, in order


def held_gif(frames: Sequence[bytes], width: int) -> bytes:
    """The replay's GIF, held in its worker until the test releases it."""
    GIFS.append("start")
    assert RELEASE.wait(60), "never released"
    GIFS.append("end")
    return gif_of(frames, width)


class OneWorker:
    """A render pool as the tables see it: one worker, taken first come first served (a
    call waits for it, as in ProcessPoolExecutor's queue), each call in a thread."""

    processes = 1

    def __init__(self) -> None:
        self.free = asyncio.Semaphore(self.processes)
        self.live = 0

    async def run(self, call: Callable[[], Any], *, retry: bool = True) -> Any:
        self.live += 1
        try:
            async with self.free:
                return await asyncio.to_thread(call)
        finally:
            self.live -= 1


async def test_spamming_replay_never_queues_another_games_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert rendering._importable(held_gif)  # it goes to the (stand-in) pool, not a thread
    front, low = OneWorker(), OneWorker()
    monkeypatch.setattr(rendering, "_pool", front)
    monkeypatch.setattr(rendering, "_low", low)
    monkeypatch.setattr(replays, "gif_of", held_gif)
    RELEASE.clear()
    GIFS.clear()
    async with Table(frozen=NOW) as table:
        first = await finished(table)
        second = await finished(table, "#second\n" + MATED.replace("alice", "carol"))
        await table.run(
            "#third\n@erin /chess new color:white\n@frank /chess join\n@erin /chess start"
        )
        assert table.console is not None
        service, world = table.console.service, table.console.world

        def asked(user: str, game_id: str, guild: int) -> Request:
            # Each from a server of its own: no cooldown stands between them.
            place = Place(world.channel_id("general"), guild_id=guild)
            return Request("chess", "replay", world.user(user), place, {"game": game_id})

        spam = [
            asked(user, game_id, guild)
            for guild, (user, game_id) in enumerate(
                [
                    *[("bob", first), ("alice", first), ("zed", first)],
                    *[("carol", second), ("dave", second), ("yan", second)],
                ],
                start=10,
            )
        ]
        tasks = [asyncio.create_task(service.handle(r)) for r in spam]
        while not GIFS:  # the first build holds a worker, its GIF unfinished
            await asyncio.sleep(0.01)

        # Another game's move is drawn and posted while that build holds the background's
        # worker: the one foreground worker was free, and no second build started beside it.
        assert low.live >= 1 and front.live == 0
        move = await asyncio.wait_for(table.run("#third\n@erin /chess move move:e4"), 60)
        assert any(d["to"] == "channel" and d.get("images") for d in move)
        assert GIFS == ["start"]

        RELEASE.set()
        answers = await asyncio.gather(*tasks)
        assert GIFS == ["start", "end"] * 2  # two games, built one after the other, once each
        assert built(table) == 2
        posts = [d for answer in answers for d in answer if d.to == "channel"]
        assert len(posts) == 2  # each game's first player to ask posts it; the rest privately
        given = [d.user_id for answer in answers for d in answer if d.files and d.to == "private"]
        assert sorted(given) == sorted(world.user(u).id for u in ("alice", "zed", "dave", "yan"))


def test_the_replays_part_shadows_no_games_command() -> None:
    # A table is its replays' part too: a helper named like a game's command (Alako's
    # build) would answer that command instead of the game.
    from bot.games import services
    from bot.tables.replays import Replays

    helpers = {name for name in vars(Replays) if not name.startswith("__")}
    for table in services():
        handlers = {command.replace(" ", "_") for command in table.commands}
        assert helpers & handlers <= {"board", "replay"}, table.kind
