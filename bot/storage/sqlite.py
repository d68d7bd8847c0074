"""The embedded default backend: one SQLite file through aiosqlite (WAL mode)."""

from __future__ import annotations

import asyncio
import fcntl
import os
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import aiosqlite

from bot.shards import Release
from bot.storage.base import SqlStorage
from bot.storage.migrations import apply, migrations, statements
from bot.storage.session import Session

# How long a connection waits for a file another process holds (sqlite's busy timeout).
BUSY_SECONDS = 30.0
OPEN_TRIES = 8  # openings tried when SQLite says "locked" without waiting (see ``open``)
_jitter = random.Random()  # parts processes that opened together
T = TypeVar("T")


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
        """Connect and migrate. SQLite answers "database is locked" without waiting in a few
        cases its busy timeout does not cover (a new file turned to WAL while another
        process migrates it): the whole opening is tried again, a bounded number of times."""
        for attempt in range(1, OPEN_TRIES + 1):
            try:
                return await self._open_once()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or attempt == OPEN_TRIES:
                    raise
                await self._handle.close()
                await asyncio.sleep(_jitter.uniform(0.05, 0.2) * attempt)

    async def _open_once(self) -> None:
        # A process that finds the file busy (another one migrating it, or writing) waits
        # for it, up to BUSY_SECONDS, instead of failing at once.
        self._handle = db = await aiosqlite.connect(
            self.path, isolation_level=None, timeout=BUSY_SECONDS
        )
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit is on the disk before it returns, so a power loss cannot take back
        # a move whose messages were already sent (NORMAL in WAL could). Its cost is in
        # docs/performance.md.
        await db.execute("PRAGMA synchronous=FULL")
        await db.execute("PRAGMA foreign_keys=ON")
        await self._migrate()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[_SqliteSession]:
        async with self._turn:
            yield _SqliteSession(self.db)

    async def in_transaction(self, body: Callable[[Session], Awaitable[T]]) -> T:
        """``body``'s whole transaction in one hop to aiosqlite's thread (:func:`_at_once`),
        instead of one a statement: the connection is held for the statements' own time,
        not for as many turns of the event loop (docs/performance.md, "one hop")."""
        async with self._turn:
            db = self.db
            result: T = await db._execute(_at_once, db, body)
            return result

    def is_duplicate_game(self, exc: Exception) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and "games.id" in str(exc)

    async def hold_count(self, *, alone: bool) -> Release | None:
        """A shared ``flock`` on ``<db>.shards.lock`` (with ``alone``, first an exclusive
        one, which only succeeds while no process holds the file, then turned shared:
        claimers take turns in the write transaction around it)."""
        first = (fcntl.LOCK_EX,) if alone else ()
        return _flock(self.path, "shards", *first, fcntl.LOCK_SH)

    async def take_shard(self, count: int, shard: int) -> Release | None:
        """An exclusive ``flock`` on ``<db>.shard-<n>-of-<count>.lock``: the kernel drops it
        when the process dies, however. (``flock``, not ``lockf``: a second open in the same
        process is refused too.) An in-memory database is seen by no other process."""
        return _flock(self.path, f"shard-{shard}-of-{count}", fcntl.LOCK_EX)

    async def _migrate(self) -> None:
        """Every pending migration in one exclusive transaction, the applied versions read
        inside it: processes that open one new file at once take their turns here (each
        waits up to BUSY_SECONDS), and the later ones find the work done. A failed
        migration leaves the file as it was."""
        db = self.db

        async def run(script: str) -> None:
            # One statement at a time: executescript would commit the transaction.
            for statement in statements(script):
                await db.execute(statement)

        await db.execute("BEGIN EXCLUSIVE")
        try:
            await apply(_SqliteSession(db), migrations(self.dialect), run)
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        await db.execute("COMMIT")


class _ThreadSession:
    """A session over the sqlite3 connection itself, for code run on aiosqlite's thread:
    the same statements as :class:`_SqliteSession`, but its awaits never suspend."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        return self.conn.execute(sql, args).fetchall()

    async def execute(self, sql: str, *args: Any) -> int:
        return self.conn.execute(sql, args).rowcount

    async def executemany(self, sql: str, rows: Sequence[tuple[Any, ...]]) -> None:
        self.conn.executemany(sql, rows)

    async def insert(self, sql: str, *args: Any) -> int:
        rowid = self.conn.execute(sql, args).lastrowid
        assert rowid is not None
        return rowid

    def transaction(self) -> Any:
        raise RuntimeError("already inside the transaction of its hop")


def _at_once(db: aiosqlite.Connection, body: Callable[[Session], Awaitable[T]]) -> T:
    """On aiosqlite's thread (the only one that touches the connection): ``body`` in one
    transaction, begun, run and committed (or rolled back, and its error raised again)
    without returning to the event loop between statements."""
    conn = db._conn
    conn.execute("BEGIN IMMEDIATE")  # IMMEDIATE: as _SqliteSession.transaction says
    try:
        result = _ran(body(_ThreadSession(conn)))
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


def _ran(step: Awaitable[T]) -> T:
    """What a coroutine that never suspends gives (its awaits are a _ThreadSession's)."""
    assert isinstance(step, Coroutine)
    try:
        step.send(None)
    except StopIteration as done:
        value: T = done.value
        return value
    step.close()
    raise RuntimeError("a transaction on the database thread awaited something else")


async def _nothing() -> None:
    return None


def _flock(path: str, name: str, *modes: int) -> Release | None:
    """Lock ``<path>.<name>.lock`` in each of ``modes`` in turn (the last one stays), none
    waited for: how to release it, or None when another open file holds it."""
    if path == ":memory:":
        return _nothing
    fd = os.open(f"{path}.{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        for mode in modes:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None

    async def release() -> None:
        os.close(fd)  # closing the file drops its lock

    return release
