"""Storage: every SQL statement of the bot sits behind :class:`Storage` (see
``bot.storage.base``); :func:`storage_for` picks the backend from ``PLATEAU_DB``."""

from __future__ import annotations

from bot.settings import POSTGRES_SCHEMES, SQLITE_SCHEME
from bot.storage.base import (
    ACTIVE,
    DuplicateGame,
    GameRow,
    LogEntry,
    Progress,
    SqlStorage,
    Storage,
    VersionConflict,
)
from bot.storage.migrations import migrations
from bot.storage.outbox import Owed
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage

__all__ = [
    "ACTIVE",
    "DuplicateGame",
    "GameRow",
    "LogEntry",
    "Owed",
    "PostgresStorage",
    "Progress",
    "SqlStorage",
    "SqliteStorage",
    "Storage",
    "VersionConflict",
    "migrations",
    "storage_for",
]


def storage_for(db: str) -> SqlStorage:
    """The backend for a ``PLATEAU_DB`` value, not opened yet: ``postgresql://...`` is
    PostgreSQL; ``sqlite:///path`` or a plain path (or ``:memory:``) is SQLite."""
    if db.startswith(POSTGRES_SCHEMES):
        return PostgresStorage(db)
    return SqliteStorage(db.removeprefix(SQLITE_SCHEME))
