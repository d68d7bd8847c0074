"""The embedded default backend: one SQLite file through aiosqlite (WAL mode)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.storage.base import SqlStorage, migrations


class _SqliteSession:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        async with self.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def execute(self, sql: str, *args: Any) -> int:
        async with self.db.execute(sql, args) as cur:
            return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[tuple[Any, ...]]) -> None:
        await self.db.executemany(sql, rows)

    async def insert(self, sql: str, *args: Any) -> int:
        async with self.db.execute(sql, args) as cur:
            assert cur.lastrowid is not None
            return cur.lastrowid

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        # IMMEDIATE: take the write lock at once, so that two processes on one file queue up
        # here instead of failing on the upgrade from a read lock.
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise
        await self.db.execute("COMMIT")


class SqliteStorage(SqlStorage):
    """The embedded default backend: ``path`` is a file (or ``:memory:``)."""

    dialect = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        # One connection serves every game: a transaction of one game must not interleave
        # with the statements of another, so each operation holds the connection alone.
        self._turn = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        connection: aiosqlite.Connection = self.opened()
        return connection

    async def open(self) -> None:
        self._handle = db = await aiosqlite.connect(self.path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await self._migrate()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[_SqliteSession]:
        async with self._turn:
            yield _SqliteSession(self.db)

    def is_duplicate_game(self, exc: Exception) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and "games.id" in str(exc)

    async def _migrate(self) -> None:
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)"
        )
        async with self.db.execute("SELECT version FROM schema_migrations") as cur:
            done = {row[0] for row in await cur.fetchall()}
        for version, sql in migrations(self.dialect):
            if version in done:
                continue
            await self.db.executescript(
                f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ({version});\nCOMMIT;"
            )
