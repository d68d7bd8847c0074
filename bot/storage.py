"""Storage: every SQL statement of the bot sits behind :class:`Storage`.

The embedded default is SQLite through aiosqlite (WAL mode, numbered migrations applied at
start-up). A move is written as one transaction: the new snapshot with a version check, its
row in the append-only action log, and what it owes players (the outbox). A crash leaves the
old state or the new with all it owes, never half."""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from importlib import resources
from typing import Any, Protocol

import aiosqlite

from bot.model import Attachment, Button, Delivery


class VersionConflict(Exception):
    """Someone else changed the game since it was loaded."""


class DuplicateGame(Exception):
    """A new game's id is taken already (another process, or an earlier run, took it)."""


@dataclass
class Owed(Delivery):
    """A delivery kept in the outbox until the adapter has sent it and called
    :meth:`Storage.sent` with its ``outbox_id``. Its ``nonce`` stays the same on every try,
    so that Discord drops a repeat of a post that did arrive."""

    outbox_id: int = 0
    nonce: str = ""


@dataclass
class GameRow:
    id: str
    kind: str
    guild_id: int | None
    channel_id: int
    origin_channel_id: int
    host_id: int
    status: str
    config: dict[str, Any]
    state: dict[str, Any] | None
    meta: dict[str, Any]
    version: int = 0
    created_at: float = field(default_factory=time.time)
    updated_at: float = field(default_factory=time.time)

    @property
    def seats(self) -> dict[str, int]:
        return {seat: int(user) for seat, user in self.meta.get("seats", {}).items()}


@dataclass(frozen=True)
class LogEntry:
    user_id: int | None
    seat: str | None
    action: str
    rolls: list[list[int]]
    at: float = 0.0
    n: int = 0


class Storage(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create(self, game: GameRow, owed: Sequence[Delivery] = ()) -> list[Owed]:
        """Insert a new game with what it owes (the outbox); raise :class:`DuplicateGame`
        if its id is taken."""
        ...

    async def load(self, game_id: str) -> GameRow | None: ...

    async def has_game(self, game_id: str) -> bool: ...

    async def count_games(self) -> int: ...

    async def save(
        self, game: GameRow, log: list[LogEntry], owed: Sequence[Delivery] = ()
    ) -> list[Owed]:
        """Write ``game`` if its stored version is still ``game.version`` (then bump it),
        append ``log`` and put ``owed`` in the outbox, in one transaction; raise
        :class:`VersionConflict` otherwise. Gives ``owed`` as outbox rows, in order."""
        ...

    async def unsent(self) -> list[Owed]:
        """The outbox: what was owed and not sent yet, oldest first."""
        ...

    async def sent(self, outbox_id: int) -> None:
        """An outbox row was sent: it leaves the outbox."""
        ...

    async def games_in_channel(self, channel_id: int, *, ended: bool = False) -> list[GameRow]:
        """Lobbies and running games of a channel or thread (and finished ones if ``ended``)."""
        ...

    async def games_of_user(self, user_id: int) -> list[GameRow]: ...

    async def unfinished(self) -> list[GameRow]: ...

    async def log(self, game_id: str) -> list[LogEntry]: ...

    async def set_locale(self, user_id: int, locale: str) -> None: ...

    async def locale(self, user_id: int) -> str | None: ...

    async def post_of(self, recipient: int, slot: str) -> tuple[int, int] | None:
        """The ``(channel id, message id)`` holding a slot's message for a recipient."""
        ...

    async def set_post(
        self, recipient: int, slot: str, channel_id: int, message_id: int
    ) -> None: ...


ACTIVE = ("lobby", "running")


class SqliteStorage:
    """The embedded default backend."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        # One connection serves every game: a transaction of one game must not interleave
        # with the statements of another, so each operation holds the connection alone.
        self._turn = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def open(self) -> None:
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=NORMAL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def create(self, game: GameRow, owed: Sequence[Delivery] = ()) -> list[Owed]:
        async with self._turn:
            return await self._create_unlocked(game, owed)

    async def save(
        self, game: GameRow, log: list[LogEntry], owed: Sequence[Delivery] = ()
    ) -> list[Owed]:
        async with self._turn:
            return await self._save_unlocked(game, log, owed)

    async def load(self, game_id: str) -> GameRow | None:
        async with self._turn:
            return await self._load_unlocked(game_id)

    async def has_game(self, game_id: str) -> bool:
        async with self._turn, self.db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)) as c:
            return await c.fetchone() is not None

    async def count_games(self) -> int:
        async with self._turn, self.db.execute("SELECT COUNT(*) FROM games") as c:
            return int((await c.fetchone())[0])

    async def unsent(self) -> list[Owed]:
        async with self._turn:
            async with self.db.execute("SELECT id, nonce, delivery FROM outbox ORDER BY id") as cur:
                rows = await cur.fetchall()
            async with self.db.execute(
                "SELECT outbox_id, name, data FROM outbox_files ORDER BY outbox_id, n"
            ) as cur:
                files: dict[int, list[Attachment]] = {}
                for outbox_id, name, data in await cur.fetchall():
                    files.setdefault(outbox_id, []).append(Attachment(name, bytes(data)))
        return [_unpack(r[0], r[1], r[2], files.get(r[0], [])) for r in rows]

    async def sent(self, outbox_id: int) -> None:
        async with self._turn:
            await self.db.execute("DELETE FROM outbox WHERE id = ?", (outbox_id,))

    async def _query(self, sql: str, args: tuple) -> list[GameRow]:
        async with self._turn:
            return await self._query_unlocked(sql, args)

    async def log(self, game_id: str) -> list[LogEntry]:
        async with self._turn:
            return await self._log_unlocked(game_id)

    async def set_locale(self, user_id: int, locale: str) -> None:
        async with self._turn:
            await self._set_locale_unlocked(user_id, locale)

    async def locale(self, user_id: int) -> str | None:
        async with self._turn:
            return await self._locale_unlocked(user_id)

    async def post_of(self, recipient: int, slot: str) -> tuple[int, int] | None:
        async with (
            self._turn,
            self.db.execute(
                "SELECT channel_id, message_id FROM posts WHERE recipient = ? AND slot = ?",
                (recipient, slot),
            ) as cur,
        ):
            row = await cur.fetchone()
        return None if row is None else (row[0], row[1])

    async def set_post(self, recipient: int, slot: str, channel_id: int, message_id: int) -> None:
        async with self._turn:
            await self.db.execute(
                "INSERT INTO posts VALUES (?, ?, ?, ?) ON CONFLICT (recipient, slot) "
                "DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id",
                (recipient, slot, channel_id, message_id),
            )

    async def _migrate(self) -> None:
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)"
        )
        async with self.db.execute("SELECT version FROM schema_migrations") as cur:
            done = {row[0] for row in await cur.fetchall()}
        folder = resources.files("bot") / "migrations"
        scripts = sorted(
            (int(p.name.split("_")[0]), p) for p in folder.iterdir() if p.name.endswith(".sql")
        )
        for version, path in scripts:
            if version in done:
                continue
            sql = path.read_text(encoding="utf-8")
            await self.db.executescript(
                f"BEGIN;\n{sql}\nINSERT INTO schema_migrations VALUES ({version});\nCOMMIT;"
            )

    async def _create_unlocked(self, game: GameRow, owed: Sequence[Delivery]) -> list[Owed]:
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            try:
                await self._insert_game(game)
            except sqlite3.IntegrityError as exc:
                if "games.id" in str(exc):
                    raise DuplicateGame(game.id) from exc
                raise
            await self._write_seats(game)
            stored = await self._write_outbox(game.id, owed, time.time())
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise
        return stored

    async def _insert_game(self, game: GameRow) -> None:
        await self.db.execute(
            "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                game.id,
                game.kind,
                game.guild_id,
                game.channel_id,
                game.origin_channel_id,
                game.host_id,
                game.status,
                json.dumps(game.config),
                None if game.state is None else json.dumps(game.state),
                json.dumps(game.meta),
                game.version,
                game.created_at,
                game.updated_at,
            ),
        )

    async def _write_outbox(self, game_id: str, owed: Sequence[Delivery], now: float) -> list[Owed]:
        stored: list[Owed] = []
        for delivery in owed:
            nonce = secrets.token_hex(8)
            cur = await self.db.execute(
                "INSERT INTO outbox (game_id, created_at, nonce, delivery) VALUES (?,?,?,?)",
                (game_id, now, nonce, _pack(delivery)),
            )
            outbox_id = cur.lastrowid
            assert outbox_id is not None
            await self.db.executemany(
                "INSERT INTO outbox_files VALUES (?,?,?,?)",
                [(outbox_id, n, a.name, a.data) for n, a in enumerate(delivery.files)],
            )
            stored.append(_owed(delivery, outbox_id, nonce))
        return stored

    async def _write_seats(self, game: GameRow) -> None:
        await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game.id,))
        await self.db.executemany(
            "INSERT INTO seats VALUES (?,?,?)",
            [(game.id, seat, user) for seat, user in game.seats.items()],
        )

    async def _save_unlocked(
        self, game: GameRow, log: list[LogEntry], owed: Sequence[Delivery]
    ) -> list[Owed]:
        now = time.time()
        await self.db.execute("BEGIN IMMEDIATE")
        try:
            cur = await self.db.execute(
                "UPDATE games SET status=?, channel_id=?, state=?, meta=?, version=version+1, "
                "updated_at=? WHERE id=? AND version=?",
                (
                    game.status,
                    game.channel_id,
                    None if game.state is None else json.dumps(game.state),
                    json.dumps(game.meta),
                    now,
                    game.id,
                    game.version,
                ),
            )
            if cur.rowcount != 1:
                raise VersionConflict(game.id)
            await self._write_seats(game)
            if log:
                async with self.db.execute(
                    "SELECT COALESCE(MAX(n), 0) FROM actions WHERE game_id = ?", (game.id,)
                ) as c:
                    n = (await c.fetchone())[0]
                await self.db.executemany(
                    "INSERT INTO actions (game_id, n, user_id, seat, action, rolls, at) "
                    "VALUES (?,?,?,?,?,?,?)",
                    [
                        (game.id, n + i, e.user_id, e.seat, e.action, json.dumps(e.rolls), now)
                        for i, e in enumerate(log, 1)
                    ],
                )
            stored = await self._write_outbox(game.id, owed, now)
            await self.db.execute("COMMIT")
        except BaseException:
            await self.db.execute("ROLLBACK")
            raise
        game.version += 1
        game.updated_at = now
        return stored

    async def _load_unlocked(self, game_id: str) -> GameRow | None:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else _row(row)

    async def _query_unlocked(self, sql: str, args: tuple) -> list[GameRow]:
        async with self.db.execute(sql, args) as cur:
            return [_row(r) for r in await cur.fetchall()]

    async def games_in_channel(self, channel_id: int, *, ended: bool = False) -> list[GameRow]:
        statuses = "('lobby', 'running', 'over')" if ended else "('lobby', 'running')"
        return await self._query(
            "SELECT * FROM games WHERE (channel_id = ? OR origin_channel_id = ?) "
            f"AND status IN {statuses} ORDER BY created_at",
            (channel_id, channel_id),
        )

    async def games_of_user(self, user_id: int) -> list[GameRow]:
        return await self._query(
            "SELECT DISTINCT g.* FROM games g JOIN seats s ON s.game_id = g.id "
            "WHERE s.user_id = ? AND g.status IN ('lobby', 'running') ORDER BY g.created_at",
            (user_id,),
        )

    async def unfinished(self) -> list[GameRow]:
        return await self._query(
            "SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY created_at", ()
        )

    async def _log_unlocked(self, game_id: str) -> list[LogEntry]:
        async with self.db.execute(
            "SELECT n, user_id, seat, action, rolls, at FROM actions WHERE game_id = ? ORDER BY n",
            (game_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [
            LogEntry(r["user_id"], r["seat"], r["action"], json.loads(r["rolls"]), r["at"], r["n"])
            for r in rows
        ]

    async def _set_locale_unlocked(self, user_id: int, locale: str) -> None:
        await self.db.execute(
            "INSERT INTO users VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET locale = ?",
            (user_id, locale, locale),
        )

    async def _locale_unlocked(self, user_id: int) -> str | None:
        async with self.db.execute("SELECT locale FROM users WHERE user_id = ?", (user_id,)) as c:
            row = await c.fetchone()
        return None if row is None else row[0]


def _pack(delivery: Delivery) -> str:
    """A delivery as JSON, without its files' bytes (they go to ``outbox_files``)."""
    return json.dumps(
        {
            "to": delivery.to,
            "text": delivery.text,
            "channel_id": delivery.channel_id,
            "user_id": delivery.user_id,
            "buttons": [asdict(b) for b in delivery.buttons],
            "secret": delivery.secret,
            "closes": delivery.closes,
            "slot": delivery.slot,
        }
    )


def _unpack(outbox_id: int, nonce: str, payload: str, files: list[Attachment]) -> Owed:
    data = json.loads(payload)
    data["buttons"] = [Button(**b) for b in data["buttons"]]
    return Owed(**data, files=files, outbox_id=outbox_id, nonce=nonce)


def _owed(delivery: Delivery, outbox_id: int, nonce: str) -> Owed:
    values = {f.name: getattr(delivery, f.name) for f in fields(Delivery)}
    return Owed(**values, outbox_id=outbox_id, nonce=nonce)


def _row(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        origin_channel_id=row["origin_channel_id"],
        host_id=row["host_id"],
        status=row["status"],
        config=json.loads(row["config"]),
        state=None if row["state"] is None else json.loads(row["state"]),
        meta=json.loads(row["meta"]),
        version=row["version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )
