"""What a backend hands the shared SQL: one :class:`Session` (a connection held alone while
a storage operation runs). Every statement of ``bot.storage`` is written with ``?``
placeholders, in SQLite's SQL; a backend turns them into its own."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class Session(Protocol):
    """A storage operation's statements on one connection: outside a transaction each one
    commits alone and sees what others committed (SQLite's connection, shared, takes them
    in turn); inside :meth:`transaction` the connection is the operation's alone. SQL is
    written with ``?`` placeholders; a backend turns them into its own."""

    async def fetch(self, sql: str, *args: Any) -> list[Any]: ...

    async def execute(self, sql: str, *args: Any) -> int:
        """Run one statement; gives how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[tuple[Any, ...]]) -> None: ...

    async def insert(self, sql: str, *args: Any) -> int:
        """Run one INSERT; gives the new row's ``id``."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """Commit on leaving, roll back on any exception."""
        ...


class Sessions(Protocol):
    """What hands out sessions: a storage backend (``SqlStorage.session``)."""

    def session(self) -> AbstractAsyncContextManager[Session]: ...


async def fetchrow(session: Session, sql: str, *args: Any) -> Any | None:
    """The first row ``sql`` gives, or None."""
    rows = await session.fetch(sql, *args)
    return rows[0] if rows else None


async def counted(session: Session, sql: str, *args: Any) -> int:
    """The number a ``SELECT COUNT(...)`` gives."""
    ((number,),) = await session.fetch(sql, *args)
    return int(number)
