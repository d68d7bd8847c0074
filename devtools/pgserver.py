"""A throw-away PostgreSQL server for the tests and the benchmarks: ``initdb`` and ``pg_ctl``
(Debian's ``postgresql`` package) on a temporary folder and a free port of 127.0.0.1, stopped
and removed at the end. As root, the server runs as the ``postgres`` user (``initdb`` refuses
root). Where none can be started, :func:`temporary_server` says why instead of failing.

``tests/conftest.py`` (the ``postgres_server`` fixture) and ``bench/load.py --db
postgres-temp`` use it."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

# initdb refuses to run as root: as root, the server runs as this user.
SERVER_USER = "postgres"


@dataclass(frozen=True)
class PostgresServer:
    """A server one may use (``url`` is its admin database), or why there is none."""

    url: str | None = None
    skip_reason: str = ""

    def database(self, name: str) -> str:
        assert self.url is not None
        return self.url.rsplit("/", 1)[0] + "/" + name


def _bin_dir() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    return Path(versions[-1]).parent if versions else None


def _version(path: str) -> int:
    number = Path(path).parent.parent.name
    return int(number) if number.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def as_server_user(user: str = SERVER_USER) -> tuple[list[str], int | None] | str:
    """The command prefix that runs a server program unprivileged, and that user's uid;
    or why it cannot."""
    if os.geteuid() != 0:
        return [], None
    try:
        uid = pwd.getpwnam(user).pw_uid
    except KeyError:
        return f"running as root and there is no {user!r} user for initdb"
    runuser = shutil.which("runuser")
    if runuser is None:
        return "running as root and runuser is missing"
    return [runuser, "-u", user, "--"], uid


@contextmanager
def temporary_server(user: str = SERVER_USER) -> Iterator[PostgresServer]:
    """A new server for the ``with`` block (as root, run as ``user``), stopped and its folder
    removed after it; or a :class:`PostgresServer` without a url that says why not."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        yield PostgresServer(skip_reason="PostgreSQL is not installed (no initdb found)")
        return
    prefix = as_server_user(user)
    if isinstance(prefix, str):
        yield PostgresServer(skip_reason=prefix)
        return
    runner, uid = prefix
    # Not under pytest's own temporary folder: as root, that one is closed to the server user.
    folder = Path(tempfile.mkdtemp(prefix="plateau-pg-"))
    if uid is not None:
        os.chown(folder, uid, -1)
    data, port = folder / "data", _free_port()
    settings = (
        f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={folder} "
        # A throw-away server: durability only costs time here.
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*runner, *args], capture_output=True, text=True, timeout=120, check=False
        )

    started = False
    try:
        init = run(
            str(bin_dir / "initdb"), "-D", str(data), "-U", "plateau", "--auth=trust",
            "-E", "UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        if init.returncode != 0:
            yield PostgresServer(skip_reason=f"initdb failed: {init.stderr.strip()[-300:]}")
            return
        start = run(
            str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"),
            "-o", settings, "-w", "-t", "60", "start",
        )  # fmt: skip
        if start.returncode != 0:
            log = (folder / "server.log").read_text(errors="replace")[-300:]
            yield PostgresServer(skip_reason=f"the server did not start: {log.strip()}")
            return
        started = True
        yield PostgresServer(url=f"postgresql://plateau@127.0.0.1:{port}/postgres")
    finally:
        if started:
            run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)
