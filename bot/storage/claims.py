"""Shard claims in the database: the shard count every live process runs with (the row of
``shard_count``), and the backend's locks on the count and on each shard, held for a
process's life (``bot.shards`` says what a shard is and how a claim waits)."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from functools import partial
from typing import Protocol

from bot.shards import Release, ShardClaim, Shards, claim
from bot.storage.session import Session


class Claimer(Protocol):
    """A backend's part in a claim: its sessions and its locks (``SqlStorage``)."""

    def session(self) -> AbstractAsyncContextManager[Session]: ...

    async def gate_count(self, s: Session) -> None:
        """Inside ``s``'s transaction: wait until no other claimer reads or writes the
        shard count."""
        ...

    async def hold_count(self, *, alone: bool) -> Release | None:
        """A shared hold of the shard count, released by the process's death; with
        ``alone``, only if no other process holds it (else None)."""
        ...

    async def take_shard(self, count: int, shard: int) -> Release | None:
        """A try-lock of ``shard`` of ``count``, released by the process's death."""
        ...


async def claim_shards(backend: Claimer, shards: Shards, *, wait: float | None) -> ShardClaim:
    """Hold ``shards`` alone through ``backend`` (``SqlStorage.claim_shards``)."""
    return await claim(partial(take_count, backend), backend.take_shard, shards, wait=wait)


async def take_count(backend: Claimer, count: int) -> Release | int:
    """Hold ``count`` as the database's shard count, for as long as this process lives:
    how to release the hold, or the other count that live processes run with. The row
    of ``shard_count`` records the count; it is rewritten only while no process holds
    a count (every holder runs with the recorded one), one claimer at a time."""
    async with backend.session() as s, s.transaction():
        await backend.gate_count(s)
        rows = await s.fetch("SELECT shards FROM shard_count WHERE id = 1")
        recorded: int | None = rows[0][0] if rows else None
        changed = recorded is not None and recorded != count
        release = await backend.hold_count(alone=changed)
        if release is None:
            return recorded if recorded is not None else count
        try:
            if recorded != count:
                await s.execute(
                    "INSERT INTO shard_count VALUES (1, ?) ON CONFLICT (id) "
                    "DO UPDATE SET shards = excluded.shards",
                    count,
                )
        except BaseException:
            await release()
            raise
    return release
