"""The lanes that send what the bot owes: in order per channel, paced, tried again while
Discord fails, ended only by a refusal; one try is one request."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot.delivery import Batch, Item, Lanes, Outcome, ServerFailed, once, one_try_trace
from bot.model import Delivery
from bot.storage import Owed


class Discord:
    """Answers each try from a script per text: ``later`` as many times as asked, then
    ``sent`` (or ``refused``)."""

    def __init__(self) -> None:
        self.failing: dict[str, int] = {}
        self.refusing: set[str] = set()
        self.tries: list[tuple[str, float]] = []
        self.finished: list[tuple[str, Outcome]] = []

    async def attempt(self, item: Item) -> Outcome:
        text = item.delivery.text
        self.tries.append((text, time.monotonic()))
        if self.failing.get(text, 0) > 0:
            self.failing[text] -= 1
            return "later"
        return "refused" if text in self.refusing else "sent"

    async def finish(self, item: Item, outcome: Outcome) -> None:
        self.finished.append((item.delivery.text, outcome))


def post(text: str, channel: int = 1) -> Delivery:
    return Delivery("channel", text, channel_id=channel)


def lanes(discord: Discord, **kw: Any) -> Lanes:
    kw.setdefault("pace", (1000, 1.0))
    kw.setdefault("backoff", (0.01, 0.04))
    return Lanes(discord.attempt, discord.finish, **kw)


async def test_a_failing_post_is_tried_until_it_arrives_and_the_next_waits_behind_it() -> None:
    discord = Discord()
    discord.failing["board"] = 3
    sending = lanes(discord)
    board = sending.put(("channel", 1), post("board"), Batch())
    ping = sending.put(("channel", 1), post("ping"), Batch())
    elsewhere = sending.put(("channel", 2), post("elsewhere", 2), Batch())
    assert board and ping and elsewhere
    assert await board.first == "later"  # whoever put it learns that much, no more
    assert sending.stalled()
    late = sending.put(("channel", 1), post("late"), Batch())
    assert late is not None and late.first.done() and late.first.result() == "later"
    assert await late.done == "sent" and await board.done == "sent"
    assert [text for text, _ in discord.tries if text != "elsewhere"] == [
        "board",
        "board",
        "board",
        "board",
        "ping",
        "late",
    ]
    assert [text for text, _ in discord.finished if text != "elsewhere"] == [
        "board",
        "ping",
        "late",
    ]
    assert ("elsewhere", "sent") in discord.finished and not sending.stalled()


async def test_a_refusal_ends_a_post_and_the_lane_goes_on() -> None:
    discord = Discord()
    discord.refusing.add("forbidden")
    sending = lanes(discord)
    refused = sending.put(("channel", 1), post("forbidden"), Batch())
    after = sending.put(("channel", 1), post("after"), Batch())
    assert refused and after
    assert await refused.first == "refused" and await after.done == "sent"
    assert discord.finished == [("forbidden", "refused"), ("after", "sent")]


async def test_a_row_on_its_way_is_not_queued_twice() -> None:
    discord = Discord()
    discord.failing["row"] = 2
    sending = lanes(discord)
    row = Owed("channel", "row", channel_id=1, outbox_id=7, nonce="n7")
    first = sending.put(("channel", 1), row, Batch())
    assert first is not None and first.nonce == "n7"
    assert sending.put(("channel", 1), row, Batch()) is None  # a resume meanwhile
    assert await first.done == "sent"
    assert [text for text, _ in discord.tries] == ["row"] * 3
    assert sending.put(("channel", 1), row, Batch()) is not None  # sent: a new one is new


async def test_a_probe_is_tried_once_and_never_waits_behind_an_outage() -> None:
    discord = Discord()
    discord.failing["secret"] = 1000
    sending = lanes(discord)
    probe = sending.put(("dm", 5), Delivery("dm", "hello", user_id=5), Batch(), retry=False)
    assert probe is not None and await probe.done == "sent"
    secret = sending.put(("dm", 5), Delivery("dm", "secret", user_id=5), Batch())
    assert secret is not None and await secret.first == "later"
    probe = sending.put(("dm", 5), Delivery("dm", "hello", user_id=5), Batch(), retry=False)
    assert probe is not None and await probe.done == "later"
    await sending.close()  # the secret stays owed (in the outbox) for the next start


async def test_the_pace_keeps_within_the_limit_in_any_window() -> None:
    discord = Discord()
    sending = lanes(discord, pace=(3, 0.2))
    items = [sending.put(("channel", 1), post(f"post {n}"), Batch()) for n in range(8)]
    for item in items:
        assert item is not None and await item.done == "sent"
    times = [at for _, at in discord.tries]
    assert [text for text, _ in discord.tries] == [f"post {n}" for n in range(8)]
    assert all(later - earlier >= 0.2 for earlier, later in zip(times, times[3:], strict=False))


async def test_one_try_is_one_request_whatever_the_client_retries() -> None:
    hits: list[int] = []

    async def bad_gateway(request: web.Request) -> web.Response:
        hits.append(1)
        return web.Response(status=502)

    app = web.Application()
    app.router.add_get("/", bad_gateway)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    url = f"http://127.0.0.1:{runner.addresses[0][1]}/"
    try:
        async with aiohttp.ClientSession(trace_configs=[one_try_trace()]) as session:

            async def like_discord_py() -> None:
                for tries in range(5):  # discord.py's loop: a 502 is retried after a sleep
                    async with session.get(url) as response:
                        if response.status == 502:
                            await asyncio.sleep(1 + tries * 2)
                            continue
                raise AssertionError("out of tries")

            with pytest.raises(ServerFailed) as failed:
                await once(like_discord_py)
            assert failed.value.status == 502 and len(hits) == 1
            with pytest.raises(TimeoutError):
                await once(lambda: asyncio.sleep(10), bound=0.05)
    finally:
        await runner.cleanup()
