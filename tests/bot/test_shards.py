"""Discord's sharding (issue 15): several processes share one database, each serving the
guilds of its shards. The settings that name them; Discord's guild -> shard formula; two
services owning shards 0 and 1 of one database (SQLite and PostgreSQL, the ``db`` fixture):
each times out and resumes only its own games, outbox included, and no time-out applies
twice; a held shard cannot be claimed again while its holder lives, even across processes,
and is free once the holder releases it or is killed; the database runs with one shard
count (issue 31): a process with another one is refused while any process holds a claim,
naming both, and the count changes once they all stopped."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

import bot.shards as shards_module
from bot import settings
from bot.console import ConsoleWorld, parse_line
from bot.discord import bot as discord_bot
from bot.discord import lifecycle
from bot.games import tables
from bot.model import Delivery, Place, Request
from bot.service import Ids, TableService
from bot.shards import ShardCountDiffers, Shards, ShardTaken, shard_of
from bot.storage import Owed, SqlStorage, storage_for

# The contract suite's two processes on one database, its timed Loka game, its fast images.
from tests.storage.test_contract import TIMED, fast_loka_images, two_processes

__all__ = ["fast_loka_images", "two_processes"]  # fixtures, used by name

ROOT = Path(__file__).resolve().parents[2]
# Guilds on shard 0 and shard 1 of 2: a Discord id holds its creation time above bit 22.
GUILD_0 = (1_200_000_000_000 << 22) | 12345
GUILD_1 = (1_200_000_000_001 << 22) | 12345

# ---------------------------------------------------------------- settings


def test_no_shard_setting_is_a_plain_client() -> None:
    assert settings.load({}, None).shards is None


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("2", None, Shards((0, 1), 2)),
        ("2", "1", Shards((1,), 2)),
        ("4", " 3, 1 ,1", Shards((1, 3), 4)),
        ("1", "0", Shards((0,), 1)),
    ],
)
def test_shard_settings_are_read(count: str, ids: str | None, expected: Shards) -> None:
    env = {"PLATEAU_SHARD_COUNT": count, **({"PLATEAU_SHARD_IDS": ids} if ids else {})}
    assert settings.load(env, None).shards == expected


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"PLATEAU_SHARD_COUNT": "0"}, "PLATEAU_SHARD_COUNT must be the number of shards"),
        ({"PLATEAU_SHARD_COUNT": "two"}, "PLATEAU_SHARD_COUNT must be the number of shards"),
        ({"PLATEAU_SHARD_COUNT": "-2"}, "PLATEAU_SHARD_COUNT must be the number of shards"),
        ({"PLATEAU_SHARD_IDS": "0"}, "PLATEAU_SHARD_COUNT must be the number of shards"),
        ({"PLATEAU_SHARD_COUNT": "2", "PLATEAU_SHARD_IDS": "2"}, "from 0 to 1 separated by"),
        ({"PLATEAU_SHARD_COUNT": "2", "PLATEAU_SHARD_IDS": "0;1"}, "from 0 to 1 separated by"),
        ({"PLATEAU_SHARD_COUNT": "2", "PLATEAU_SHARD_IDS": "0,,1"}, "from 0 to 1 separated by"),
    ],
)
def test_bad_shard_settings_are_refused_naming_the_form(env: dict[str, str], named: str) -> None:
    with pytest.raises(settings.SettingsError, match=named):
        settings.load(env, None)


def test_the_guild_to_shard_formula_is_discords() -> None:
    for guild in (1, GUILD_0, GUILD_1, 81384788765712384, 2**63 - 1, 1 << 22):
        for count in (1, 2, 3, 7, 16):
            # discord.py's own Guild.shard_id, on a guild of a client with ``count`` shards.
            theirs = discord.Guild.shard_id.fget(  # type: ignore[attr-defined]
                SimpleNamespace(id=guild, _state=SimpleNamespace(shard_count=count))
            )
            assert shard_of(guild, count) == theirs
    assert (shard_of(GUILD_0, 2), shard_of(GUILD_1, 2)) == (0, 1)
    # What has no guild (DMs, the console) is shard 0's, where Discord sends DMs.
    assert Shards((0,), 2).owns(None) and not Shards((1,), 2).owns(None)
    assert Shards().owns(GUILD_0) and Shards().owns(GUILD_1) and Shards().owns(None)


async def test_a_sharded_bot_is_an_auto_sharded_client_of_its_shards() -> None:
    service = TableService(storage_for(":memory:"), tables())
    plain = discord_bot.make_bot(service, sync_commands=False, expire_every=None)
    sharded = discord_bot.make_bot(service, Shards((1,), 2), sync_commands=False, expire_every=None)
    try:
        assert type(plain) is discord_bot.PlateauBot
        assert not isinstance(plain, discord.AutoShardedClient)
        assert isinstance(sharded, discord.AutoShardedClient)
        assert isinstance(sharded, discord_bot.PlateauBot)
        assert (sharded.shard_count, sharded.shard_ids) == (2, [1])
    finally:
        await plain.close()
        await sharded.close()


# ---------------------------------------------------------------- two shards, one database


def shard_services(
    storages: tuple[SqlStorage, SqlStorage], world: ConsoleWorld
) -> tuple[TableService, TableService]:
    """Two processes' services over one database: shard 0 of 2, then shard 1 of 2."""

    def service(shard: int) -> TableService:
        owns = Shards((shard,), 2).owns
        return TableService(storages[shard], tables(), ids=Ids(), clock=world.clock, owns=owns)

    return service(0), service(1)


async def play(
    service: TableService, world: ConsoleWorld, guild: int, channel: str, script: str
) -> list[Delivery]:
    """The console's lines, typed in ``channel`` of ``guild``; what they told, unsent."""
    told: list[Delivery] = []
    for line in script.splitlines():
        match = re.fullmatch(r"@(\S+)\s+(.*)", line)
        assert match is not None
        game, command, options = parse_line(match.group(2), service.tables)
        place = Place(world.channel_id(channel), guild_id=guild)
        told += await service.handle(
            Request(game, command, world.user(match.group(1)), place, options)
        )
    return told


CHANNELS = {"zero-a": GUILD_0, "zero-b": GUILD_0, "one-a": GUILD_1, "one-b": GUILD_1}


async def timed_games(a: TableService, b: TableService, world: ConsoleWorld) -> dict[int, set[int]]:
    """A timed game in each channel of ``CHANNELS``, each opened by its guild's process;
    the outbox rows each guild's games left unsent."""
    owed: dict[int, set[int]] = {GUILD_0: set(), GUILD_1: set()}
    for channel, guild in CHANNELS.items():
        told = await play(a if guild == GUILD_0 else b, world, guild, channel, TIMED)
        owed[guild] |= {d.outbox_id for d in told if isinstance(d, Owed)}
    return owed


async def test_each_process_times_out_only_its_own_games_and_each_once(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first = two_processes[0]
    world = ConsoleWorld()
    a, b = shard_services(two_processes, world)
    await timed_games(a, b, world)
    games = await first.unfinished()
    assert len(games) == 4 and all(g.meta["deadline"] for g in games)
    before = {g.id: len(await first.log(g.id)) for g in games}

    assert await a.expire() == [] and await b.expire() == []  # not yet
    world.offset += 61
    told_a, told_b = await asyncio.gather(a.expire(), b.expire())

    def channels(told: list[Delivery]) -> set[int]:
        return {d.channel_id for d in told if d.to == "channel" and "Time is up" in d.text}

    own = {
        guild: {world.channel_id(c) for c, g in CHANNELS.items() if g == guild}
        for guild in (GUILD_0, GUILD_1)
    }
    assert channels(told_a) == own[GUILD_0]
    assert channels(told_b) == own[GUILD_1]
    for game in await first.unfinished():
        assert not game.meta["deadline"]
        added = (await first.log(game.id))[before[game.id] :]
        # One time-out each, taken by the table itself (no user).
        assert [e.user_id for e in added] == [None], added
    assert await a.expire() == [] and await b.expire() == []


async def test_each_process_resumes_only_its_own_games_and_outbox(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    world = ConsoleWorld()
    owed = await timed_games(*shard_services(two_processes, world), world)  # never sent
    assert owed[GUILD_0] and owed[GUILD_1]

    # Both processes restart.
    a, b = shard_services(two_processes, world)
    resumed_a, resumed_b = await asyncio.gather(a.resume(), b.resume())
    assert {d.outbox_id for d in resumed_a if isinstance(d, Owed)} == owed[GUILD_0]
    assert {d.outbox_id for d in resumed_b if isinstance(d, Owed)} == owed[GUILD_1]
    for resumed, guild in ((resumed_a, GUILD_0), (resumed_b, GUILD_1)):
        own = {world.channel_id(c) for c, g in CHANNELS.items() if g == guild}
        posts = {d.channel_id for d in resumed if d.to == "channel"}
        assert posts == own
        # Every own running game gets its owed post or else a resume post, never both, and
        # none of the other's.
        news = {d.channel_id for d in resumed if isinstance(d, Owed) and d.to == "channel"}
        resumes = {d.channel_id for d in resumed if "after a restart" in d.text}
        assert resumes | news == own and not resumes & news


# ---------------------------------------------------------------- claims


async def test_a_held_shard_is_refused_until_its_holder_releases_it(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    held = await first.claim_shards(Shards((1,), 2), wait=0)
    with pytest.raises(ShardTaken, match=r"shard 1 of 2 .*PLATEAU_SHARD_IDS") as refused:
        await second.claim_shards(Shards((0, 1), 2), wait=0.3)
    assert refused.value.shard == 1
    # The refused claim let go of shard 0, which it had taken first.
    other = await second.claim_shards(Shards((0,), 2), wait=0)
    await other.release()

    async def release_soon() -> None:
        await asyncio.sleep(0.3)
        await held.release()

    releasing = asyncio.create_task(release_soon())
    # A claimer waits a while for a holder that is shutting down.
    taken = await second.claim_shards(Shards((0, 1), 2), wait=60)
    await releasing
    with pytest.raises(ShardTaken):
        await first.claim_shards(Shards((0,), 2), wait=0)
    await taken.release()
    await (await first.claim_shards(Shards(), wait=0)).release()


CLAIMER = """
import asyncio, sys
from bot.shards import Shards
from bot.storage import storage_for

async def main():
    storage = storage_for(sys.argv[1])
    await storage.open()
    claim = await storage.claim_shards(Shards((0,), 2), wait=0)
    print("held", flush=True)
    await asyncio.Event().wait()
    await claim.release()  # never reached: it is killed

asyncio.run(main())
"""


async def test_a_killed_holder_releases_its_shard(db: str) -> None:
    storage = storage_for(db)
    await storage.open()
    holder = subprocess.Popen(
        [sys.executable, "-c", CLAIMER, db], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(holder.stdout.readline), 30)
        assert line.strip() == "held"
        with pytest.raises(ShardTaken):
            await storage.claim_shards(Shards((0,), 2), wait=0.3)
        os.kill(holder.pid, signal.SIGKILL)  # no clean-up of any kind
        await asyncio.to_thread(holder.wait, 10)
        claim = await storage.claim_shards(Shards((0,), 2), wait=10)
        await claim.release()
        # Its hold on the shard count went with it too: another count may start.
        await (await storage.claim_shards(Shards(), wait=0)).release()
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
        await storage.close()


@pytest.mark.parametrize(
    ("mine", "refusal"),
    [(Shards((1,), 2), "shard_taken"), (None, "shard_count_differs")],
    ids=["shard held", "unsharded beside shard 1 of 2"],
)
async def test_the_bot_exits_when_its_shard_is_held(
    db: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    mine: Shards | None,
    refusal: str,
) -> None:
    async def start(self: discord_bot.PlateauBot, token: str, *, reconnect: bool = True) -> None:
        raise AssertionError("a bot without its shard must not connect")

    monkeypatch.setattr(discord_bot.PlateauBot, "start", start)
    monkeypatch.setattr(shards_module, "CLAIM_WAIT", 0.3)
    other = storage_for(db)
    await other.open()
    held = await other.claim_shards(Shards((1,), 2), wait=0)
    try:
        config = settings.Settings(token="x", db=db, shards=mine)
        assert await asyncio.wait_for(lifecycle.serve(config), 60) == 1
        (logged,) = [r for r in caplog.records if r.getMessage() == refusal]
        if mine is None:  # both counts named
            fields = logged.fields  # type: ignore[attr-defined]
            assert (fields["shard_count"], fields["running"]) == (1, 2)
            assert "PLATEAU_SHARD_COUNT=1" in fields["hint"] and "use 2" in fields["hint"]
    finally:
        await held.release()
        await other.close()


# ---------------------------------------------------------------- one shard count


async def recorded_count(storage: SqlStorage) -> list[int]:
    async with storage.session() as s:
        return [row[0] for row in await s.fetch("SELECT shards FROM shard_count")]


@pytest.mark.parametrize(
    ("running", "started"),
    [(Shards((1,), 2), Shards()), (Shards(), Shards((1,), 2))],
    ids=["unsharded beside shard 1 of 2", "shard 1 of 2 beside unsharded"],
)
async def test_a_process_of_another_count_is_refused_naming_both(
    two_processes: tuple[SqlStorage, SqlStorage], running: Shards, started: Shards
) -> None:
    # Shard 1 of 2 and shard 0 of 1 are different shards, but the unsharded process would
    # own shard 1's guilds too.
    held = await two_processes[1].claim_shards(running, wait=0)
    try:
        with pytest.raises(ShardCountDiffers) as refused:
            await two_processes[0].claim_shards(started, wait=0.3)
    finally:
        await held.release()
    assert (refused.value.count, refused.value.recorded) == (started.count, running.count)
    told = str(refused.value)
    assert f"PLATEAU_SHARD_COUNT={started.count} " in told and f"use {running.count};" in told
    assert "stop every process first" in told


async def test_one_count_runs_side_by_side_and_changes_once_all_stopped(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    # Two processes of one count, on different shards: both start.
    claims = [await first.claim_shards(Shards((0,), 3), wait=0)]
    claims.append(await second.claim_shards(Shards((1, 2), 3), wait=0))
    assert await recorded_count(first) == [3]
    await claims.pop(0).release()
    # One process of count 3 still runs: the count stays.
    with pytest.raises(ShardCountDiffers, match=r"=2 .* use 3\b"):
        await first.claim_shards(Shards((0,), 2), wait=0)
    claims.append(await first.claim_shards(Shards((0,), 3), wait=0))
    for held in claims:
        await held.release()
    # All stopped: a new count starts, and then another.
    for shards in (Shards(), Shards((0, 1, 2, 3), 4)):
        held = await second.claim_shards(shards, wait=0)
        assert await recorded_count(first) == [shards.count]
        await held.release()


async def test_two_counts_claiming_at_once_never_both_start(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    for _ in range(5):
        outcomes = await asyncio.gather(
            first.claim_shards(Shards(), wait=0),
            second.claim_shards(Shards((1,), 2), wait=0),
            return_exceptions=True,
        )
        refused = [o for o in outcomes if isinstance(o, ShardCountDiffers)]
        held = [o for o in outcomes if not isinstance(o, BaseException)]
        assert len(refused) == 1 and len(held) == 1, outcomes
        await held[0].release()


async def test_a_waiting_claimer_starts_once_the_other_count_stopped(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    held = await first.claim_shards(Shards(), wait=0)
    stopped = asyncio.Event()

    async def stop_soon() -> None:
        await asyncio.sleep(0.3)
        await held.release()
        stopped.set()

    stopping = asyncio.create_task(stop_soon())
    # A predecessor with the old count that is shutting down is waited for.
    taken = await second.claim_shards(Shards((0, 1), 2), wait=60)
    assert stopped.is_set()
    await stopping
    await taken.release()
