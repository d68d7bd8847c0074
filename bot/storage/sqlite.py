"""The embedded default backend: one SQLite file through aiosqlite (WAL mode)."""

from __future__ import annotations

import asyncio
import fcntl
import os
import random
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
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
    """Statements on the connection, each in one hop to aiosqlite's thread: its cursor made,
    read and dropped there (through aiosqlite's own cursor, three hops a query).

    Outside a transaction a statement holds the connection for its own hop only, as a
    PostgreSQL session's autocommit statements see each other's commits: aiosqlite's
    thread runs hops one at a time, in order, so a read needs no turn of its own (waiting
    for one queued every game's read behind every group commit, one turn of the event
    loop each: docs/performance.md, issue 36). Only a transaction of several hops
    (:meth:`transaction`) holds the connection alone, from its BEGIN to its COMMIT; the
    other sessions' statements wait for it to end."""

    def __init__(self, storage: SqliteStorage) -> None:
        self.storage = storage
        self.db = storage.db
        self._inside = False  # this session's own transaction is open

    async def _hop(self, step: Callable[[_ThreadSession], Awaitable[T]]) -> T:
        if not self._inside:
            # No suspension when no transaction is open: the hop is then queued before the
            # BEGIN of any transaction that starts later. Woken by one's end, look again:
            # the next may have begun first.
            clear = self.storage._no_transaction
            while not clear.is_set():
                await clear.wait()
        db = self.db
        return await db._execute(lambda: _ran(step(_ThreadSession(db._conn))))

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        return await self._hop(lambda s: s.fetch(sql, *args))

    async def execute(self, sql: str, *args: Any) -> int:
        return await self._hop(lambda s: s.execute(sql, *args))

    async def executemany(self, sql: str, rows: Sequence[tuple[Any, ...]]) -> None:
        await self._hop(lambda s: s.executemany(sql, rows))

    async def insert(self, sql: str, *args: Any) -> int:
        return await self._hop(lambda s: s.insert(sql, *args))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        storage = self.storage
        async with storage._turn:  # after the group commit in hand, before the next one
            storage._no_transaction.clear()
            self._inside = True
            try:
                # IMMEDIATE: take the write lock at once, so that two processes on one file
                # queue up here instead of failing on the upgrade from a read lock.
                await self.execute("BEGIN IMMEDIATE")
                try:
                    yield
                except BaseException:
                    await self.execute("ROLLBACK")
                    raise
                await self.execute("COMMIT")
            finally:
                self._inside = False
                storage._no_transaction.set()


class SqliteStorage(SqlStorage):
    """The embedded default backend: ``path`` is a file (or ``:memory:``)."""

    dialect = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        # One connection serves every game: a transaction must not interleave with the
        # statements of another. A group commit (one hop) or a transaction of several
        # hops holds the turn; the latter also clears ``_no_transaction`` while it is open,
        # which holds back every other statement (see _SqliteSession).
        self._turn = asyncio.Lock()
        self._no_transaction = asyncio.Event()
        self._no_transaction.set()
        self._queued: list[_Queued[Any]] = []  # transactions waiting for the next group

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
        yield _SqliteSession(self)

    async def in_transaction(self, body: Callable[[Session], Awaitable[T]]) -> T:
        """``body``'s whole transaction in one hop to aiosqlite's thread (:func:`_at_once`),
        instead of one a statement: the connection is held for the statements' own time,
        not for as many turns of the event loop (docs/performance.md, "one hop").

        Group commit: the bodies queued while the connection was busy run in the next hop
        together, each in a savepoint of one transaction, so that one commit (one ``fsync``,
        ``synchronous=FULL``) makes them all durable. Each caller still gets its own
        body's result or error, only once the commit is on the disk; a body that fails is
        undone alone, and a failed commit fails every body of its group."""
        waiter: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        entry = (body, waiter)
        self._queued.append(entry)
        try:
            async with self._turn:
                if any(queued is entry for queued in self._queued):  # no group took it yet
                    group, self._queued = self._queued, []
                    # Shielded: the group's other callers are told even if this one is
                    # cancelled while their statements run.
                    await asyncio.shield(self._commit(group))
        except asyncio.CancelledError:
            self._queued = [queued for queued in self._queued if queued is not entry]
            raise
        return await waiter

    async def write(self, sql: str, *args: Any) -> int:
        """In the next group commit: a lone statement would pay a commit of its own."""
        return await self.in_transaction(lambda s: s.execute(sql, *args))

    async def _commit(self, group: list[_Queued[Any]]) -> None:
        """Run ``group``'s bodies in one hop and tell each of their callers."""
        db = self.db
        try:
            outcomes = await db._execute(_at_once, db, [body for body, _ in group])
        except BaseException as exc:  # the transaction itself failed: every body with it
            outcomes = [exc] * len(group)
        for (_, waiter), outcome in zip(group, outcomes, strict=True):
            if waiter.done():
                continue
            if isinstance(outcome, _Failed):
                waiter.set_exception(outcome.error)
            elif isinstance(outcome, BaseException):
                if isinstance(outcome, asyncio.CancelledError):
                    waiter.cancel()
                else:
                    waiter.set_exception(outcome)
            else:
                waiter.set_result(outcome)

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
            await apply(_SqliteSession(self), migrations(self.dialect), run)
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


@dataclass(frozen=True, slots=True)
class _Failed:
    """A body of a group that raised ``error`` (its savepoint rolled back)."""

    error: Exception


_Queued = tuple[Callable[[Session], Awaitable[T]], "asyncio.Future[T]"]


def _at_once(
    db: aiosqlite.Connection, bodies: Sequence[Callable[[Session], Awaitable[Any]]]
) -> list[Any]:
    """On aiosqlite's thread (the only one that touches the connection): ``bodies`` in one
    transaction, begun, run and committed without returning to the event loop between
    statements. A lone body that raises rolls the transaction back and its error is
    raised again; in a group, each body runs in a savepoint, and one that raises is
    rolled back to it alone and given as :class:`_Failed`."""
    conn = db._conn
    conn.execute("BEGIN IMMEDIATE")  # IMMEDIATE: as _SqliteSession.transaction says
    try:
        if len(bodies) == 1:
            outcomes = [_ran(bodies[0](_ThreadSession(conn)))]
        else:
            outcomes = [_in_savepoint(conn, body) for body in bodies]
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # a failed COMMIT can leave it open
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _in_savepoint(conn: sqlite3.Connection, body: Callable[[Session], Awaitable[T]]) -> T | _Failed:
    conn.execute("SAVEPOINT body")
    try:
        result = _ran(body(_ThreadSession(conn)))
    except Exception as exc:
        conn.execute("ROLLBACK TO body")
        conn.execute("RELEASE body")
        return _Failed(exc)
    conn.execute("RELEASE body")
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
