"""The ``db`` fixture: a fresh, empty database for each storage backend, as a ``PLATEAU_DB``
value. A test that asks for it runs twice: on a SQLite file, and on a real PostgreSQL server
that one session-scoped fixture starts (``initdb`` and ``pg_ctl`` on a temporary folder and a
free port of 127.0.0.1, stopped at the end). Where no server can be started, the PostgreSQL
runs are skipped and say why. ``PLATEAU_TEST_POSTGRES=postgresql://...`` uses a running
server instead (its user must be allowed to create databases)."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from devtools import pgserver
from devtools.pgserver import PostgresServer

BACKENDS = ("sqlite", "postgresql")
# As root, the server runs as this user (devtools/pgserver.py starts and stops it).
SERVER_USER = pgserver.SERVER_USER


def _as_server_user() -> tuple[list[str], int | None] | str:
    """:func:`devtools.pgserver.as_server_user` for this module's ``SERVER_USER`` (which
    tests/storage/test_server_fixture.py sets)."""
    return pgserver.as_server_user(SERVER_USER)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    given = os.environ.get("PLATEAU_TEST_POSTGRES")
    if given:
        yield PostgresServer(url=given)
        return
    with pgserver.temporary_server(SERVER_USER) as server:
        yield server


@pytest.fixture(params=BACKENDS)
async def db(
    request: pytest.FixtureRequest, tmp_path: Path, postgres_server: PostgresServer
) -> AsyncIterator[str]:
    """A new empty database of each backend, as ``PLATEAU_DB`` would name it."""
    if request.param == "sqlite":
        yield str(tmp_path / "plateau.db")
        return
    if postgres_server.url is None:
        pytest.skip(f"PostgreSQL tests skipped: {postgres_server.skip_reason}")
    import asyncpg  # only where a server runs

    name = "t_" + uuid.uuid4().hex[:16]
    admin = await asyncpg.connect(postgres_server.url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    yield postgres_server.database(name)
    admin = await asyncpg.connect(postgres_server.url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()
