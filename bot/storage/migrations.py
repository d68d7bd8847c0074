"""Migrations: finding them (``bot/migrations/NNN_name.sql``), reading them in a backend's
dialect, and applying the pending ones.

The migrations are written in SQLite's SQL. PostgreSQL reads them with a few words changed
(:data:`POSTGRES_WORDS`); where statements differ whole (the log's triggers), a number has
one file per dialect: ``NNN_name.sqlite.sql`` and ``NNN_name.postgresql.sql``. Each backend
runs :func:`apply` inside its own exclusive transaction (SQLite's write lock, PostgreSQL's
advisory lock), so processes that open one new database at once take turns."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from importlib import resources
from typing import Any

from bot.storage.session import Session

# Discord ids are 64-bit (SQLite's INTEGER is, PostgreSQL's is not), PostgreSQL's REAL is
# 32-bit, and it names bytes and row ids its own way.
POSTGRES_WORDS = (
    (r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b", "BIGSERIAL PRIMARY KEY"),
    (r"\bINTEGER\b", "BIGINT"),
    (r"\bREAL\b", "DOUBLE PRECISION"),
    (r"\bBLOB\b", "BYTEA"),
)
DIALECTS = ("sqlite", "postgresql")


def migrations(dialect: str) -> list[tuple[int, str]]:
    """``(version, SQL)`` of every migration for ``dialect``, in order."""
    if dialect not in DIALECTS:
        raise ValueError(f"no such dialect: {dialect}")
    folder = resources.files("bot") / "migrations"
    scripts: list[tuple[int, str]] = []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        parts = path.name.split(".")
        if parts[-1] != "sql" or (len(parts) == 3 and parts[1] != dialect):
            continue
        sql = path.read_text(encoding="utf-8")
        if dialect == "postgresql" and len(parts) == 2:
            for pattern, word in POSTGRES_WORDS:
                sql = re.sub(pattern, word, sql)
        scripts.append((int(path.name.split("_")[0]), sql))
    versions = [version for version, _ in scripts]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"two {dialect} migrations share a number: {versions}")
    return scripts


async def apply(
    s: Session, scripts: Sequence[tuple[int, str]], run: Callable[[str], Awaitable[Any]]
) -> None:
    """Inside the caller's exclusive transaction on ``s``: run (with ``run``, the backend's
    way of running a whole script) each of ``scripts`` not applied yet, and note it applied.
    The applied versions are read here, inside the transaction: a process that waited for
    another one's migration finds the work done."""
    await s.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
    done = {row[0] for row in await s.fetch("SELECT version FROM schema_migrations")}
    for version, sql in scripts:
        if version not in done:
            await run(sql)
            await s.execute("INSERT INTO schema_migrations VALUES (?)", version)


def statements(script: str) -> list[str]:
    """``script``'s statements one by one (SQLite runs one at a time inside a transaction:
    ``executescript`` would commit it): a trigger's body, and a ``;`` inside a comment or a
    string, stay within theirs (``sqlite3.complete_statement`` says where one ends)."""
    found: list[str] = []
    pending = ""
    *ended, rest = script.split(";")
    for piece in ended:
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    if (pending + rest).strip():  # comments after the last statement, or one left open
        found.append(pending + rest + "\n;")
    return found
