"""Discord's sharding, as Plateau uses it: several bot processes share one database, each
serving the guilds of its shards (``PLATEAU_SHARD_COUNT``, ``PLATEAU_SHARD_IDS``).

A guild belongs to shard ``(guild_id >> 22) % count`` (Discord's formula, discord.py's
``Guild.shard_id``); what has no guild (direct messages, the console) belongs to shard 0,
where Discord sends DMs. Timers, time-outs and the resume after a restart handle only the
games of the process's own shards; :meth:`bot.storage.SqlStorage.claim_shards` makes sure
no two processes hold one shard, and that every live process on a database runs with one
shard count (the database records it; it can change once every process has stopped)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

# A shard held by another process may be a predecessor still shutting down: wait this long
# for it, trying again every CLAIM_POLL seconds, before giving up.
CLAIM_WAIT = 10.0
CLAIM_POLL = 0.25

Release = Callable[[], Awaitable[None]]


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard that serves ``guild_id`` among ``count`` shards."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards one process serves: ``ids`` among ``count``. Unsharded is shard 0 of 1,
    which owns every guild."""

    ids: tuple[int, ...] = (0,)
    count: int = 1

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {self.ids} of {self.count}")

    def owns(self, guild_id: int | None) -> bool:
        """Is ``guild_id`` (None: no guild) served by this process?"""
        return shard_of(guild_id, self.count) in self.ids


class ShardCountDiffers(Exception):
    """Live processes on this database run with another shard count: the same guild would
    be another shard's there, so two processes would handle its games."""

    def __init__(self, count: int, recorded: int) -> None:
        super().__init__(
            f"this process runs with PLATEAU_SHARD_COUNT={count} (unset: 1), but bot "
            f"processes running on this database use {recorded}; every process must use one "
            "shard count: to change it, stop every process first, then start them all with "
            "the new one"
        )
        self.count = count
        self.recorded = recorded


class ShardTaken(Exception):
    """Another live process holds this shard: two would handle the same games."""

    def __init__(self, shard: int, count: int) -> None:
        super().__init__(
            f"shard {shard} of {count} is held by another bot process on this database; "
            "check that no two processes run with the same PLATEAU_SHARD_IDS (or both "
            "unsharded) on one PLATEAU_DB"
        )
        self.shard = shard
        self.count = count


@dataclass
class ShardClaim:
    """The shards a process holds; the backend's lock goes with the process when it dies.
    Keep it until the end: a collected claim may close the connection that holds a lock."""

    shards: Shards
    releases: list[Release] = field(default_factory=list)

    async def release(self) -> None:
        while self.releases:
            await self.releases.pop()()


async def claim(
    take_count: Callable[[int], Awaitable[Release | int]],
    take: Callable[[int, int], Awaitable[Release | None]],
    shards: Shards,
    *,
    wait: float | None = None,
) -> ShardClaim:
    """Hold the shard count with ``take_count`` (a backend's hold on the count the database
    records: how to release it, or the other count that live processes run with), then
    every shard of ``shards`` with ``take`` (a backend's try-lock of ``(count, shard)``: how
    to release it, or None when held elsewhere). Raise :class:`ShardCountDiffers`, or
    :class:`ShardTaken` for the first shard, still refused after ``wait`` seconds (None:
    :data:`CLAIM_WAIT`), releasing whatever was taken."""
    held = ShardClaim(shards)
    deadline = time.monotonic() + (CLAIM_WAIT if wait is None else wait)
    try:
        while not callable(count := await take_count(shards.count)):
            if time.monotonic() >= deadline:
                raise ShardCountDiffers(shards.count, count)
            await asyncio.sleep(CLAIM_POLL)
        held.releases.append(count)
        for shard in shards.ids:
            while (release := await take(shards.count, shard)) is None:
                if time.monotonic() >= deadline:
                    raise ShardTaken(shard, shards.count)
                await asyncio.sleep(CLAIM_POLL)
            held.releases.append(release)
    except BaseException:
        await held.release()
        raise
    return held
