"""Discord's sharding on the stand-in: each session gets the guilds of its shard and their
events, DMs go to shard 0, a session without ``shard`` gets everything; checked with raw
websocket clients and with the real discord.py AutoShardedBot."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from devtools.standin import StandIn
from devtools.standin.gateway import (
    DIRECT_MESSAGES,
    GUILD_MESSAGES,
    GUILDS,
    MESSAGE_CONTENT,
    shard_of,
)
from devtools.standin.world import APPLICATION_COMMAND

INTENTS = GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES | MESSAGE_CONTENT


class RawClient:
    """A websocket that identifies by hand and keeps every dispatch it receives."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[tuple[str, dict[str, Any]]] = []

    @classmethod
    async def identify(
        cls, http: aiohttp.ClientSession, standin: StandIn, shard: list[int] | None
    ) -> RawClient:
        client = cls(await http.ws_connect(standin.gateway_url + "?v=10&encoding=json"))
        hello = await client.ws.receive_json()
        assert hello["op"] == 10
        identify: dict[str, Any] = {"token": "t", "intents": INTENTS, "properties": {}}
        if shard is not None:
            identify["shard"] = shard
        await client.ws.send_json({"op": 2, "d": identify})
        ready = await client.next()
        assert ready[0] == "READY"
        for _ in ready[1]["guilds"]:
            assert (await client.next())[0] == "GUILD_CREATE"
        return client

    async def next(self, timeout: float = 5.0) -> tuple[str, dict[str, Any]]:
        while True:
            msg = await self.ws.receive(timeout=timeout)
            assert msg.type == aiohttp.WSMsgType.TEXT, msg
            frame = json.loads(msg.data)
            if frame["op"] == 0:
                self.events.append((frame["t"], frame["d"]))
                return self.events[-1]

    async def drain(self, expected: int) -> list[tuple[str, dict[str, Any]]]:
        """The next ``expected`` dispatches, each waited for as long as it takes (however
        busy the machine), then any more that arrive while the socket is not quiet for a
        moment: an unexpected one shows in the list."""
        got = [await self.next(timeout=30.0) for _ in range(expected)]
        while True:
            try:
                got.append(await self.next(timeout=0.3))
            except TimeoutError:
                return got

    @property
    def guilds(self) -> set[int]:
        return {int(d["id"]) for t, d in self.events if t == "GUILD_CREATE"}


async def test_each_shard_gets_its_guilds_and_their_events() -> None:
    async with StandIn(shards=2) as standin, aiohttp.ClientSession() as http:
        first, second = standin.guild(shard=(0, 2)), standin.guild(shard=(1, 2))
        assert {shard_of(first, 2), shard_of(second, 2)} == {0, 1}
        home = shard_of(standin.guild_id, 2)  # the stand-in's first guild is in one of them
        alice = standin.member("alice")
        in_first = standin.text_channel("first", guild=first)
        in_second = standin.text_channel("second", guild=second)
        zero = await RawClient.identify(http, standin, [0, 2])
        one = await RawClient.identify(http, standin, [1, 2])
        everything = await RawClient.identify(http, standin, None)
        assert zero.guilds == {first} | ({standin.guild_id} if home == 0 else set())
        assert one.guilds == {second} | ({standin.guild_id} if home == 1 else set())
        assert everything.guilds == {standin.guild_id, first, second}
        assert sorted(standin.gateway.live_shards()) == [[0, 2], [1, 2]]

        world = standin.world
        world.member_says(alice, in_first, "to shard 0")
        world.member_says(alice, in_second, "to shard 1")
        world.member_says(alice, world.dm_channel(alice), "a DM")
        command = {"id": "1", "name": "where", "type": 1}
        asked = world.new_interaction(APPLICATION_COMMAND, alice, in_second, command)
        standin.gateway.dispatch_interaction(asked.payload, lambda: None)

        def what(client_events: list[tuple[str, dict[str, Any]]]) -> list[str]:
            return [d.get("content") or t for t, d in client_events]

        assert what(await zero.drain(2)) == ["to shard 0", "a DM"]
        assert what(await one.drain(2)) == ["to shard 1", "INTERACTION_CREATE"]
        assert what(await everything.drain(4)) == [
            "to shard 0",
            "to shard 1",
            "a DM",
            "INTERACTION_CREATE",
        ]
        sessions = standin.gateway.sessions_of(asked.id)
        assert sorted(s.shard or [] for s in sessions) == [[], [1, 2]]

        # A guild the bot joins later: GUILD_CREATE reaches its shard's session only.
        third = standin.guild(shard=(1, 2))
        assert [t for t, _ in await zero.drain(0)] == []
        assert [(t, int(d["id"])) for t, d in await one.drain(1)] == [("GUILD_CREATE", third)]
        assert standin.gateway.shard_taken_twice == []
        again = await RawClient.identify(http, standin, [1, 2])
        assert standin.gateway.shard_taken_twice == [[1, 2]]

        # Both drop as if to resume; a fresh IDENTIFY of the shard supersedes them.
        for client in (one, again):
            await client.ws.close(code=4000)
        while [1, 2] in standin.gateway.live_shards():
            await asyncio.sleep(0.01)
        fresh = await RawClient.identify(http, standin, [1, 2])
        assert standin.gateway.shard_taken_twice == [[1, 2]]
        later = world.new_interaction(APPLICATION_COMMAND, alice, in_second, command)
        standin.gateway.dispatch_interaction(later.payload, lambda: None)
        assert what(await fresh.drain(1)) == ["INTERACTION_CREATE"]
        sessions = standin.gateway.sessions_of(later.id)
        assert sorted(s.shard or [] for s in sessions) == [[], [1, 2]]
        resumed = await http.ws_connect(standin.gateway_url)
        await resumed.receive_json()
        old = one.events[0][1]["session_id"]
        await resumed.send_json({"op": 6, "d": {"token": "t", "session_id": old, "seq": 1}})
        assert (await resumed.receive_json())["op"] == 9  # INVALID_SESSION: superseded
        for ws in (zero.ws, everything.ws, fresh.ws, resumed):
            await ws.close()


async def test_a_shard_out_of_range_is_refused() -> None:
    async with StandIn(shards=2) as standin, aiohttp.ClientSession() as http:
        ws = await http.ws_connect(standin.gateway_url)
        await ws.receive_json()
        await ws.send_json({"op": 2, "d": {"token": "t", "intents": 1, "shard": [2, 2]}})
        closed = await ws.receive()
        assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4010
        assert standin.gateway.live_sessions == []


class ShardedBot(commands.AutoShardedBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s between identifies: the stand-in has no identify limit."""


@pytest.fixture
async def sharded() -> AsyncIterator[tuple[StandIn, ShardedBot, int, int]]:
    async with StandIn(shards=2) as standin:
        first, second = standin.guild(shard=(0, 2)), standin.guild(shard=(1, 2))
        standin.member("alice")
        standin.text_channel("first", guild=first)
        standin.text_channel("second", guild=second)
        bot = ShardedBot(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )

        @bot.tree.command(description="Say which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            assert interaction.guild is not None
            text = f"shard {interaction.guild.shard_id}"
            await interaction.response.send_message(text, ephemeral=True)

        async def setup_hook() -> None:
            await bot.tree.sync()

        bot.setup_hook = setup_hook  # type: ignore[method-assign]
        with standin.point_discord():
            task = asyncio.create_task(bot.start("a-token"))
            try:
                for shard in ([0, 2], [1, 2]):
                    await standin.wait_ready(timeout=60, shard=shard)
                await asyncio.wait_for(bot.wait_until_ready(), 60)
                yield standin, bot, first, second
            finally:
                await bot.close()
                await asyncio.wait_for(task, 60)


async def test_discord_py_shards_by_the_recommended_count(
    sharded: tuple[StandIn, ShardedBot, int, int],
) -> None:
    standin, bot, first, second = sharded
    assert "GET /gateway/bot" in [f"{r.method} {r.route}" for r in standin.requests]
    assert bot.shard_count == 2
    assert sorted(standin.gateway.live_shards()) == [[0, 2], [1, 2]]
    for guild_id, shard in ((first, 0), (second, 1)):
        guild = bot.get_guild(guild_id)
        assert guild is not None and guild.shard_id == shard
    for channel, shard in (("first", [0, 2]), ("second", [1, 2])):
        ex = await standin.slash("alice", channel, "where")
        assert ex.interaction is not None
        assert ex.text == f"shard {shard[0]}"
        assert [s.shard for s in standin.gateway.sessions_of(ex.interaction.id)] == [shard]
    assert standin.violations == []
    assert standin.unknown_routes == []
