"""The scale-out backend: PostgreSQL through asyncpg, shared by several bot processes.

A connection pool serves the games; each operation holds one connection, and a move's
transaction relies on the row lock of its version-checked UPDATE (READ COMMITTED): a
second writer of the same game waits, then finds the version moved on."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any

import asyncpg

from bot.shards import Release
from bot.storage.base import SqlStorage
from bot.storage.migrations import apply, migrations
from bot.storage.session import Session

# Any number: processes that start at once apply the migrations one after the other.
MIGRATION_LOCK = 0x504C4154
# The first key of the advisory lock a process holds on each of its shards is this plus the
# shard count (the shard is the second key; two keys, a space apart from one key's).
SHARD_LOCK = 0x504C5348
# The shared advisory lock every process holds on the shard count, and the lock that lets
# one claimer at a time read or rewrite the count's row.
COUNT_LOCK = 0x504C5343
COUNT_GATE = 0x504C5347


@lru_cache(maxsize=256)
def _numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (no statement has a literal ``?``)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class _PostgresSession:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        return list(await self.conn.fetch(_numbered(sql), *args))

    async def execute(self, sql: str, *args: Any) -> int:
        status = await self.conn.execute(_numbered(sql), *args)
        # "UPDATE 1", "INSERT 0 1", "DELETE 3": the last word counts the rows.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Sequence[tuple[Any, ...]]) -> None:
        if rows:
            await self.conn.executemany(_numbered(sql), rows)

    async def insert(self, sql: str, *args: Any) -> int:
        return int(await self.conn.fetchval(_numbered(sql) + " RETURNING id", *args))

    def transaction(self) -> Any:
        return self.conn.transaction()


class PostgresStorage(SqlStorage):
    """``url`` is a ``postgresql://user:password@host:port/database`` address."""

    dialect = "postgresql"

    def __init__(self, url: str, *, pool_size: int = 10) -> None:
        self.url = url
        self.pool_size = pool_size

    @property
    def pool(self) -> asyncpg.Pool:
        pool: asyncpg.Pool = self.opened()
        return pool

    async def open(self) -> None:
        self._handle = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size)
        await self._migrate()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[_PostgresSession]:
        async with self.pool.acquire() as conn:
            yield _PostgresSession(conn)

    def is_duplicate_game(self, exc: Exception) -> bool:
        return isinstance(exc, asyncpg.UniqueViolationError) and exc.constraint_name == "games_pkey"

    async def gate_count(self, s: Session) -> None:
        await s.execute("SELECT pg_advisory_xact_lock(?)", COUNT_GATE)

    async def hold_count(self, *, alone: bool) -> Release | None:
        """A shared advisory lock on a connection of its own (with ``alone``, first an
        exclusive one, which only succeeds while no other session holds the key, then let
        go once the shared one is held: a session never conflicts with itself)."""
        first = ["SELECT pg_try_advisory_lock($1)"] if alone else []
        shared = "SELECT pg_try_advisory_lock_shared($1)"
        return await self._advisory([*first, shared], COUNT_LOCK, unlock=alone)

    async def take_shard(self, count: int, shard: int) -> Release | None:
        """A session advisory lock on a connection of its own, outside the pool, open for
        the process's life: the server drops it when that connection ends, even when the
        process is killed. (So not behind a transaction-pooling proxy such as PgBouncer.)"""
        lock = "SELECT pg_try_advisory_lock($1, $2)"
        return await self._advisory([lock], SHARD_LOCK + count, shard)

    async def _advisory(self, locks: list[str], *key: int, unlock: bool = False) -> Release | None:
        """Take each of ``locks`` on ``key`` in turn on a new connection, kept open (with
        ``unlock``, the first one, exclusive, is let go after): how to close it, or None
        when one was refused."""
        conn = await asyncpg.connect(self.url)
        try:
            for lock in locks:
                if not await conn.fetchval(lock, *key):
                    await conn.close()
                    return None
            if unlock:
                await conn.fetchval("SELECT pg_advisory_unlock($1)", *key)
        except BaseException:
            await conn.close()
            raise
        return conn.close

    async def _migrate(self) -> None:
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await apply(_PostgresSession(conn), migrations(self.dialect), conn.execute)
