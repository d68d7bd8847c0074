"""``python -m bot check``: is this machine ready to run the bot for real?

It reads the settings, opens the database (applying the migrations it lacks, as a start
would; it says how many), looks for Stockfish, and lists the gateway intents and the
permissions the bot needs (with the invite link's permissions integer). With a token it asks
Discord who the application is (one HTTP request, bounded by :data:`LOGIN_SECONDS`; the
gateway is never opened). It prints one line per check, then exits 0, or 1 if any failed.
Warnings (no token, no Stockfish, Discord not reached) do not fail it."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import aiohttp
import discord

from bot import settings as settings_module
from bot.settings import POSTGRES_SCHEMES, SQLITE_SCHEME, Settings

OK, WARN, FAIL = "ok", "warn", "FAIL"
LOGIN_SECONDS = 10.0  # Discord's answer to "who am I", at most
OPEN_SECONDS = 30.0  # opening (and migrating) the database, at most
DISCORD_API = "https://discord.com/api/v10"
SCOPES = ("bot", "applications.commands")
# What the bot needs in the channels where games are played (README: "Running the bot").
# discord.py's name, then Discord's.
NEEDED_TABLE = """
view_channel              View Channels
send_messages             Send Messages
attach_files              Attach Files
create_public_threads     Create Public Threads
send_messages_in_threads  Send Messages in Threads
manage_messages           Manage Messages
"""
NEEDED = dict(line.split(maxsplit=1) for line in NEEDED_TABLE.strip().splitlines())
PERMISSIONS = discord.Permissions(**dict.fromkeys(NEEDED, True))
PRIVILEGED = ("members", "presences", "message_content")


@dataclass(frozen=True)
class Line:
    status: str
    what: str
    detail: str


def invite_url(client_id: int | str) -> str:
    return discord.utils.oauth_url(client_id, permissions=PERMISSIONS, scopes=SCOPES)


async def pending_migrations(db: str, dialect: str, latest: Sequence[int]) -> list[int]:
    """The migrations the database lacks, read without changing it."""
    if dialect == "sqlite":
        path = db.removeprefix(SQLITE_SCHEME)
        if path == ":memory:" or not Path(path).is_file():
            return list(latest)
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            try:
                done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
            except sqlite3.OperationalError:  # no table yet: a new database
                done = set()
        return [v for v in latest if v not in done]
    import asyncpg

    conn = await asyncpg.connect(db, timeout=OPEN_SECONDS)
    try:
        exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
        rows = await conn.fetch("SELECT version FROM schema_migrations") if exists else []
    finally:
        await conn.close()
    done = {row[0] for row in rows}
    return [v for v in latest if v not in done]


async def check_database(settings: Settings) -> Line:
    from bot.storage import migrations, storage_for

    storage = storage_for(settings.db)
    dialect = "postgresql" if settings.db.startswith(POSTGRES_SCHEMES) else "sqlite"
    latest = [version for version, _ in migrations(dialect)]
    if dialect == "sqlite":
        folder = Path(settings.db.removeprefix(SQLITE_SCHEME)).parent
        if not folder.is_dir():
            return Line(FAIL, "database", f"{settings.db_shown}: no folder {folder}")
    try:
        pending = await asyncio.wait_for(
            pending_migrations(settings.db, dialect, latest), OPEN_SECONDS
        )
        await asyncio.wait_for(storage.open(), OPEN_SECONDS)
        await asyncio.wait_for(storage.ping(), OPEN_SECONDS)
    except Exception as exc:
        reason = str(exc) or type(exc).__name__
        return Line(FAIL, "database", f"{settings.db_shown}: {type(exc).__name__}: {reason}")
    finally:
        await storage.close()
    applied = f"applied {len(pending)} pending now" if pending else "none pending"
    return Line(
        OK, "database", f"{dialect} {settings.db_shown}: migrations up to {max(latest)} ({applied})"
    )


def check_stockfish() -> Line:
    from ai.stockfish import find_stockfish

    found = find_stockfish()
    if found is None:
        return Line(
            WARN,
            "stockfish",
            "not found: chess computer players use the generic search "
            "(apt-get install stockfish, or PLATEAU_STOCKFISH=/path)",
        )
    return Line(OK, "stockfish", found)


async def who_am_i(settings: Settings) -> dict[str, Any]:
    """The application of the token (``GET /applications/@me``), within LOGIN_SECONDS."""
    base = settings.api_base or DISCORD_API
    timeout = aiohttp.ClientTimeout(total=LOGIN_SECONDS)
    headers = {"Authorization": f"Bot {settings.token}"}
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.get(f"{base}/applications/@me", headers=headers) as answer,
    ):
        if answer.status in (401, 403):
            raise PermissionError(f"Discord refused the token ({answer.status})")
        answer.raise_for_status()
        data: dict[str, Any] = await answer.json()
        return data


async def check_login(settings: Settings) -> tuple[Line, int | None]:
    if not settings.token:
        return (
            Line(WARN, "token", "no DISCORD_TOKEN: python -m bot would start the playground"),
            None,
        )
    try:
        app = await who_am_i(settings)
    except PermissionError as exc:
        return Line(FAIL, "token", str(exc)), None
    except (TimeoutError, aiohttp.ClientError, OSError) as exc:
        reason = f"{type(exc).__name__} {exc}".strip()
        return Line(WARN, "token", f"Discord not reached, login not checked: {reason}"), None
    flags = discord.ApplicationFlags._from_value(int(app.get("flags") or 0))
    granted = [name for name, on in flags if on and name.startswith("gateway_")]
    detail = (
        f"application {app.get('name')!s} ({app.get('id')}); privileged intents needed: "
        f"none (granted: {', '.join(granted) or 'none'})"
    )
    app_id = app.get("id")
    return Line(OK, "token", detail), int(app_id) if app_id else None


def check_intents() -> Line:
    from bot.discord.bot import intents

    chosen = intents()
    asked = [name for name, on in chosen if on]
    privileged = [name for name in PRIVILEGED if getattr(chosen, name)]
    detail = f"{', '.join(asked)} (privileged: {', '.join(privileged) or 'none'})"
    return Line(OK if not privileged else WARN, "intents", detail)


def check_permissions(app_id: int | None) -> Line:
    url = invite_url(app_id if app_id is not None else "YOUR_APPLICATION_ID")
    names = ", ".join(NEEDED.values())
    return Line(OK, "permissions", f"{names} = {PERMISSIONS.value}; invite: {url}")


async def run_checks(
    environ: dict[str, str] | None = None, dotenv: Path | None = Path(".env")
) -> list[Line]:
    """Every check, in order (the settings' failure stops them: nothing else can run)."""
    try:
        settings = settings_module.load(environ, dotenv=dotenv)
    except settings_module.SettingsError as exc:
        return [Line(FAIL, "settings", f"{exc} (see .env.example)")]
    shards = settings.shards
    where = f"shards {','.join(map(str, shards.ids))} of {shards.count}" if shards else "unsharded"
    metrics = (
        f"metrics on {settings.metrics_host}:{settings.metrics_port}"
        if settings.metrics_port is not None
        else "no metrics"
    )
    lines = [
        Line(OK, "settings", f"{where}, logs {settings.log_level} {settings.log_format}, {metrics}")
    ]
    login, app_id = await check_login(settings)
    lines.append(login)
    lines.append(await check_database(settings))
    lines.append(check_stockfish())
    lines.append(check_intents())
    lines.append(check_permissions(app_id))
    return lines


def report(lines: Sequence[Line], out: TextIO) -> int:
    """Print the lines; 1 if any failed, else 0."""
    width = max(len(line.what) for line in lines)
    for line in lines:
        print(f"{line.status:<4}  {line.what:<{width}}  {line.detail}", file=out)
    failed = [line.what for line in lines if line.status == FAIL]
    print(f"check failed: {', '.join(failed)}" if failed else "check passed", file=out)
    return 1 if failed else 0


def main(args: Sequence[str] = (), out: TextIO | None = None) -> int:
    if args:
        print(f"python -m bot check takes no arguments, not {args[0]!r}", file=sys.stderr)
        return 2
    return report(asyncio.run(run_checks()), out or sys.stdout)
