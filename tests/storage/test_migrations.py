"""Migrations across processes (issue 31): four processes that open one new database at once
all start, every time, on both backends; the migrations are applied once, whole.

Each round is a new database (a SQLite file, or a PostgreSQL database), opened by the same
four spawned processes, which wait for each other before each round. The rounds are 5 by
default (the suite stays quick); ``PLATEAU_TEST_MIGRATION_ROUNDS=20`` runs the issue's 20."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage import migrations, storage_for
from bot.storage.migrations import statements
from devtools.pgserver import PostgresServer

PROCESSES = 4
ROUNDS = int(os.environ.get("PLATEAU_TEST_MIGRATION_ROUNDS", "5"))
# Far longer than a round takes: only a process that hangs meets it.
PATIENCE = 120.0


@pytest.fixture(params=("sqlite", "postgresql"))
async def new_databases(
    request: pytest.FixtureRequest, tmp_path: Path, postgres_server: PostgresServer
) -> AsyncIterator[list[str]]:
    """ROUNDS new empty databases of one backend, as ``PLATEAU_DB`` would name them."""
    if request.param == "sqlite":
        yield [str(tmp_path / f"round-{n}.db") for n in range(ROUNDS)]
        return
    if postgres_server.url is None:
        pytest.skip(f"PostgreSQL tests skipped: {postgres_server.skip_reason}")
    import asyncpg  # only where a server runs

    names = [f"t_{uuid.uuid4().hex[:16]}" for _ in range(ROUNDS)]
    admin = await asyncpg.connect(postgres_server.url)
    try:
        for name in names:
            await admin.execute(f"CREATE DATABASE {name}")
        yield [postgres_server.database(name) for name in names]
    finally:
        for name in names:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


async def _open_and_close(address: str) -> None:
    storage = storage_for(address)
    await storage.open()
    await storage.close()


def _open_each(addresses: list[str], start: Any, told: Any, worker: int) -> None:
    """One process: at each round, once all are ready, open that round's database."""
    for round_, address in enumerate(addresses):
        start.wait(PATIENCE)
        try:
            asyncio.run(_open_and_close(address))
        except Exception as exc:  # told to the test, which names it
            told.put((round_, worker, f"{type(exc).__name__}: {exc}"))
        else:
            told.put((round_, worker, None))


async def _versions(address: str) -> list[int]:
    storage = storage_for(address)
    await storage.open()
    try:
        async with storage.session() as s:
            return sorted(row[0] for row in await s.fetch("SELECT version FROM schema_migrations"))
    finally:
        await storage.close()


async def test_four_processes_opening_one_new_database_at_once_all_start(
    new_databases: list[str],
) -> None:
    spawn = multiprocessing.get_context("spawn")
    start, told = spawn.Barrier(PROCESSES), spawn.Queue()
    processes = [
        spawn.Process(target=_open_each, args=(new_databases, start, told, worker))
        for worker in range(PROCESSES)
    ]
    for process in processes:
        process.start()
    try:
        results = [
            await asyncio.to_thread(told.get, timeout=PATIENCE)
            for _ in range(PROCESSES * len(new_databases))
        ]
    finally:
        for process in processes:
            process.join(PATIENCE)
            if process.is_alive():
                process.kill()
    failures = [f"round {r}, process {w}: {error}" for r, w, error in results if error]
    assert failures == []
    assert sorted((r, w) for r, w, _ in results) == [
        (r, w) for r in range(len(new_databases)) for w in range(PROCESSES)
    ]
    dialect = storage_for(new_databases[0]).dialect
    every = [version for version, _ in migrations(dialect)]
    for address in new_databases:
        assert await _versions(address) == every


def test_a_migration_is_cut_into_its_statements_triggers_whole() -> None:
    script = (
        "-- a comment; with a semicolon\nCREATE TABLE t (x TEXT DEFAULT ';');\n"
        "CREATE TRIGGER t_no BEFORE DELETE ON t\nBEGIN SELECT RAISE(ABORT, 'no'); END;\n"
        "-- the end\n"
    )
    first, trigger, tail = statements(script)
    assert first.endswith("CREATE TABLE t (x TEXT DEFAULT ';');")
    assert trigger.startswith("CREATE TRIGGER") and trigger.endswith("END;")
    assert tail.strip(" \n;") == "-- the end"
