"""Storage: every SQL statement of the bot sits behind :class:`Storage`.

Two backends share these statements (:class:`SqlStorage`): SQLite through aiosqlite, the
embedded default (``bot.storage.sqlite``), and PostgreSQL through asyncpg for several bot
processes (``bot.storage.postgres``). Both apply the same numbered migrations at start-up.
A move is written as one transaction: the new snapshot with a version check, its row in the
append-only action log, and what it owes players (the outbox). A crash leaves the old state
or the new with all it owes, never half.

This module holds the protocol and the SQL both backends share. Beside it: ``session``
(what a backend hands this SQL), ``migrations`` (finding, reading in a dialect, applying),
``outbox`` (a delivery kept until sent), ``claims`` (shard claims), ``tournaments``
(a tournament's rows, round by round); the rating maths is in
``bot.ratings``, the cache of parsed states an ``Lru`` of ``bot.cache``."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from bot.cache import Lru, Parsed
from bot.model import Attachment, Delivery
from bot.ratings import START, Played, Rating, Result, best_of_each_family, standings
from bot.shards import Release, ShardClaim, Shards
from bot.storage import claims, outbox
from bot.storage.outbox import Owed
from bot.storage.session import Session, counted, fetchrow
from bot.storage.tournaments import OUTBOX_PREFIX, Tournaments, TournamentSql


class VersionConflict(Exception):
    """Someone else changed the game since it was loaded."""


class DuplicateGame(Exception):
    """A new game's id is taken already (another process, or an earlier run, took it)."""


# Whose an outbox row is: a game's, or a tournament's own post (its key, ``tournament:<id>``);
# the guild is the game's or the tournament's.
_OWED_BY = (
    "LEFT JOIN games g ON g.id = o.game_id "
    f"LEFT JOIN tournaments tr ON o.game_id = '{OUTBOX_PREFIX}' || tr.id"
)
_OWED_GUILD = "COALESCE(g.guild_id, tr.guild_id)"
Owing = Sequence[Delivery]  # what a change owes players: the outbox rows of its save
Rated = Result | None  # a rated game's end, rated in its save
T = TypeVar("T")


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
    # The seats as stored when the row was read or last written (None: not stored yet): a
    # save rewrites the seats table only when they changed.
    stored_seats: dict[str, int] | None = field(default=None, compare=False, repr=False)
    # Its state as parsed once (None: not read from storage), with the engine state a table
    # built from it: shared by every copy of the row, and by storage's later reads of it.
    parsed: Parsed | None = field(default=None, compare=False, repr=False)

    @property
    def seats(self) -> dict[str, int]:
        return {seat: int(user) for seat, user in self.meta.get("seats", {}).items()}

    def copy(self) -> GameRow:
        """A row of its own to hand out again. Tables change ``meta`` in place, so it is
        copied (through JSON, as a reload would give it); they only ever replace ``state``
        and never change ``config``, so those are shared."""
        return replace(self, meta=json.loads(json.dumps(self.meta)))


@dataclass(frozen=True)
class LogEntry:
    user_id: int | None
    seat: str | None
    action: str
    rolls: list[list[int]]
    at: float = 0.0
    n: int = 0


class Storage(Tournaments, Protocol):
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
        self, game: GameRow, log: list[LogEntry], owed: Owing = (), result: Rated = None
    ) -> list[Owed]:
        """Write ``game`` if its stored version is still ``game.version`` (then bump it),
        append ``log``, put ``owed`` in the outbox and rate ``result`` (a rated game's end),
        in one transaction; raise :class:`VersionConflict` otherwise. Gives ``owed`` as
        outbox rows, in order."""
        ...

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        """The best rated people of each family of a game kind on a server (``loka``:
        ``loka-4``, ``loka-faceoff``...): at most ``limit`` a family, best first."""
        ...

    async def ratings_of(self, guild_id: int, user_id: int) -> list[Rating]:
        """A person's ratings on a server, one per family they played."""
        ...

    async def results_of(self, guild_id: int, user_id: int, limit: int) -> list[Played]:
        """A person's latest rated results on a server, oldest first."""
        ...

    async def unsent(self, owns: Callable[[int | None], bool] | None = None) -> list[Owed]:
        """The outbox: what was owed and not sent yet, oldest first; only the rows of games
        whose guild ``owns`` accepts, if given (a process's own shards)."""
        ...

    async def sent(self, outbox_id: int) -> None:
        """An outbox row was sent: it leaves the outbox."""
        ...

    async def replace_owed(self, game_id: str, rows: Sequence[int], delivery: Delivery) -> Owed:
        """Put ``delivery`` in the outbox in place of the unsent ``rows`` (it says what they
        said), in one transaction: a crash leaves either them or it owed."""
        ...

    async def games_in_channel(self, channel_id: int, *, ended: bool = False) -> list[GameRow]:
        """Lobbies and running games of a channel or thread (and finished ones if ``ended``)."""
        ...

    async def games_of_user(self, user_id: int) -> list[GameRow]:
        """A member's unfinished games: those they sit in or host, oldest first."""
        ...

    async def unfinished(self) -> list[GameRow]: ...

    async def due(self, now: float) -> list[GameRow]:
        """The unfinished games with something to do by ``now`` (:func:`due_at`), earliest
        first: the time-out tick reads these and not every unfinished game."""
        ...

    async def log(self, game_id: str) -> list[LogEntry]: ...

    async def set_locale(self, user_id: int, locale: str) -> None: ...

    async def locale(self, user_id: int) -> str | None: ...

    async def palette(self, user_id: int) -> str | None:
        """The palette a member chose for their private pictures (None: the default)."""
        ...

    async def set_palette(self, user_id: int, palette: str | None, locale: str) -> None:
        """Choose a member's palette (None: back to the default); ``locale`` is theirs, kept
        if the bot has not met them yet."""
        ...

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a server's admins chose for its games' public posts (None: none)."""
        ...

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """Choose a server's language, or clear the choice with None."""
        ...

    async def guild_quotas(self, guild_id: int) -> dict[str, int | None]:
        """A server's quotas as its admins set them (:data:`QUOTAS`; None: the default)."""
        ...

    async def set_guild_quota(self, guild_id: int, name: str, value: int | None) -> None:
        """Set one of a server's quotas (:data:`QUOTAS`), or back to the default with None."""
        ...

    async def lessons(self, user_id: int) -> dict[str, Progress]:
        """Where a member stands in each game's course (``/<game> learn``), by game kind."""
        ...

    async def set_lesson(self, user_id: int, kind: str, progress: Progress) -> None:
        """Keep where a member stands in a game's course."""
        ...

    async def member_load(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """A member's open lobbies (those they host) and running games (those they sit
        in) on a server."""
        ...

    async def post_of(self, recipient: int, slot: str) -> tuple[int, int] | None:
        """The ``(channel id, message id)`` holding a slot's message for a recipient."""
        ...

    async def set_post(
        self, recipient: int, slot: str, channel_id: int, message_id: int
    ) -> None: ...


@dataclass(frozen=True)
class Progress:
    """A member in a game's course: the open lesson (None: none), the wrong answers to it,
    the finished lessons (in the order they were finished)."""

    current: str | None = None
    misses: int = 0
    done: tuple[str, ...] = ()


ACTIVE = ("lobby", "running")
# A server's quotas, columns of guild_settings (migration 010), NULL: the default.
QUOTAS = ("member_lobbies", "member_games", "channel_lobbies")
# Parsed states kept (a few hundred KB for a thousand crowded Loka games).
PARSED_STATES = 4096


class SqlStorage(TournamentSql):
    """The :class:`Storage` operations, once for every backend. A backend gives a
    :class:`Session` (:meth:`session`), opens and closes its connections, applies the
    migrations, and says which error is a taken game id."""

    _handle: Any = None  # the backend's connection or connection pool, while open
    _states: Lru[tuple[str, int], Parsed] | None = None

    @property
    def parsed_states(self) -> Lru[tuple[str, int], Parsed]:
        """Game states parsed from JSON, by ``(game id, version)``, each with the engine
        state a table built from it (:class:`Parsed`): a hot game's state is read again
        (the version says which) but neither parsed nor built again."""
        if self._states is None:
            self._states = Lru(PARSED_STATES)
        return self._states

    def _row(self, row: Any) -> GameRow:
        key = (row["id"], row["version"])
        parsed = self.parsed_states.get(key)
        if parsed is None and row["state"] is not None:
            parsed = Parsed(json.loads(row["state"]))
            self.parsed_states.put(key, parsed)
        game = _row(row, None if parsed is None else parsed.data)
        game.parsed = parsed
        return game

    def _parsed(self, game: GameRow) -> None:
        """``game`` was just written: its state is the parsed one of its new version."""
        if game.state is not None:
            game.parsed = Parsed(game.state)
            self.parsed_states.put((game.id, game.version), game.parsed)

    def opened(self) -> Any:
        if self._handle is None:
            raise RuntimeError("storage is not open")
        return self._handle

    async def close(self) -> None:
        if self._handle is not None:
            await self._handle.close()
            self._handle = None

    async def open(self) -> None:
        """Connect, and apply the pending migrations (the backend's)."""
        raise NotImplementedError

    def session(self) -> AbstractAsyncContextManager[Session]:
        raise NotImplementedError

    def is_duplicate_game(self, exc: Exception) -> bool:
        raise NotImplementedError

    async def in_transaction(self, body: Callable[[Session], Awaitable[T]]) -> T:
        """``body`` run in one transaction of a session held alone: committed when it
        returns, rolled back when it raises (which is raised again). A backend may run it
        elsewhere (SQLite: whole on its connection's thread, one hop, beside the other
        bodies queued meanwhile, each in a savepoint under one COMMIT), so ``body`` awaits
        nothing but the session and reads no object a table may change meanwhile."""
        async with self.session() as s, s.transaction():
            return await body(s)

    async def write(self, sql: str, *args: Any) -> int:
        """One statement that needs no transaction around it (it is one): the rows it
        changed. A backend may join it to others' (SQLite: the next group commit)."""
        async with self.session() as s:
            return await s.execute(sql, *args)

    async def create(self, game: GameRow, owed: Sequence[Delivery] = ()) -> list[Owed]:
        async with self.session() as s, s.transaction():
            try:
                await s.execute(
                    "INSERT INTO games (id, kind, guild_id, channel_id, origin_channel_id, "
                    "host_id, status, config, state, meta, version, created_at, updated_at, due) "
                    "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
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
                    due_at(game),
                )
            except Exception as exc:
                if self.is_duplicate_game(exc):
                    raise DuplicateGame(game.id) from exc
                raise
            await _write_seats(s, game.id, game.seats)
            stored = await outbox.write(s, game.id, owed, time.time())
        game.stored_seats = game.seats
        self._parsed(game)
        return stored

    async def save(
        self, game: GameRow, log: list[LogEntry], owed: Owing = (), result: Rated = None
    ) -> list[Owed]:
        now = time.time()
        # What the rows become, read from ``game`` before the transaction: a backend may run
        # it on a thread of its own (:meth:`in_transaction`), while tables change ``meta``.
        game_id = game.id
        row = (
            game.status,
            game.channel_id,
            None if game.state is None else json.dumps(game.state),
            json.dumps(game.meta),
            now,
            due_at(game),
            game_id,
            game.version,
        )
        seats = game.seats
        rewrite = seats != game.stored_seats
        actions = [
            (game_id, game_id, e.user_id, e.seat, e.action, json.dumps(e.rolls), now) for e in log
        ]

        async def write(s: Session) -> list[Owed]:
            changed = await s.execute(
                "UPDATE games SET status=?, channel_id=?, state=?, meta=?, version=version+1, "
                "updated_at=?, due=? WHERE id=? AND version=?",
                *row,
            )
            if changed != 1:
                raise VersionConflict(game_id)
            if rewrite:
                await _write_seats(s, game_id, seats)
            if actions:
                # Each row numbers itself after the last (no separate SELECT): the UPDATE
                # above holds the game's row, so no other save appends to its log meanwhile.
                await s.executemany(
                    "INSERT INTO actions (game_id, n, user_id, seat, action, rolls, at) VALUES "
                    "(?, (SELECT COALESCE(MAX(n), 0) + 1 FROM actions WHERE game_id = ?),"
                    "?,?,?,?,?)",
                    actions,
                )
            stored = await outbox.write(s, game_id, owed, now)
            if result is not None:
                await self._rate(s, game_id, result, now)
            return stored

        stored = await self.in_transaction(write)
        game.version += 1
        game.updated_at = now
        game.stored_seats = seats
        self._parsed(game)
        return stored

    async def _rate(self, s: Session, game_id: str, result: Result, now: float) -> None:
        """Move the ratings of ``result``'s people and note their results. Their rows are
        made first, then read locked (PostgreSQL: FOR UPDATE; SQLite holds the database's
        write lock since the game's UPDATE), so two games ending at once both count."""
        people = result.people
        names = {u: result.names.get(u, str(u)) for u in people}
        await s.executemany(
            "INSERT INTO ratings VALUES (?,?,?,?,?,?,0,0) ON CONFLICT DO NOTHING",
            [(result.guild_id, result.family, u, names[u], *START) for u in people],
        )
        marks = ",".join("?" * len(people))
        lock = " FOR UPDATE" if getattr(self, "dialect", "") == "postgresql" else ""
        rows = await s.fetch(
            "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND family = ? "
            f"AND user_id IN ({marks}){lock}",
            result.guild_id,
            result.family,
            *people,
        )
        after = standings(result, {int(r[0]): (float(r[1]), float(r[2])) for r in rows})
        await s.executemany(
            "UPDATE ratings SET mu = ?, sigma = ?, name = ?, games = games + 1, "
            "wins = wins + ? WHERE guild_id = ? AND family = ? AND user_id = ?",
            [
                (
                    a.mu,
                    a.sigma,
                    names[a.user_id],
                    int(a.won),
                    result.guild_id,
                    result.family,
                    a.user_id,
                )
                for a in after
            ],
        )
        await s.executemany(
            "INSERT INTO results VALUES (?,?,?,?,?,?,?,?)",
            [
                (game_id, a.user_id, result.guild_id, result.family, a.place, a.mu, a.sigma, now)
                for a in after
            ],
        )

    async def _ratings(self, where: str, *args: Any) -> list[Rating]:
        async with self.session() as s:
            rows = await s.fetch(
                f"SELECT family, user_id, name, mu, sigma, games, wins FROM ratings WHERE {where}",
                *args,
            )
        return [Rating(*r) for r in rows]

    async def leaderboard(self, guild_id: int, kind: str, limit: int) -> list[Rating]:
        rows = await self._ratings(
            "guild_id = ? AND (family = ? OR family LIKE ?) "
            "ORDER BY family, mu - 3 * sigma DESC, user_id",
            guild_id,
            kind,
            kind + "-%",
        )
        return best_of_each_family(rows, limit)

    async def ratings_of(self, guild_id: int, user_id: int) -> list[Rating]:
        return await self._ratings(
            "guild_id = ? AND user_id = ? ORDER BY family", guild_id, user_id
        )

    async def results_of(self, guild_id: int, user_id: int, limit: int) -> list[Played]:
        async with self.session() as s:
            rows = await s.fetch(
                "SELECT game_id, family, place, mu, sigma, at, NOT EXISTS (SELECT 1 FROM "
                "results lost WHERE lost.game_id = results.game_id AND lost.place > 1) "
                "FROM results "
                "WHERE guild_id = ? AND user_id = ? ORDER BY at DESC, game_id DESC LIMIT ?",
                guild_id,
                user_id,
                limit,
            )
        return [
            Played(game, family, place, mu, sigma, at, bool(drawn))
            for game, family, place, mu, sigma, at, drawn in reversed(rows)
        ]

    async def load(self, game_id: str) -> GameRow | None:
        async with self.session() as s:
            row = await fetchrow(s, "SELECT * FROM games WHERE id = ?", game_id)
        return None if row is None else self._row(row)

    async def has_game(self, game_id: str) -> bool:
        async with self.session() as s:
            return await fetchrow(s, "SELECT 1 FROM games WHERE id = ?", game_id) is not None

    async def count_games(self) -> int:
        async with self.session() as s:
            return await counted(s, "SELECT COUNT(*) FROM games")

    async def ping(self) -> None:
        """A trivial query: the database answers (``/healthz``)."""
        async with self.session() as s:
            await s.fetch("SELECT 1")

    async def owed_by_guild(self) -> list[tuple[int | None, int, float]]:
        """The outbox per guild (for the metrics): its rows and the oldest one's time."""
        async with self.session() as s:
            rows = await s.fetch(
                f"SELECT {_OWED_GUILD}, COUNT(*), MIN(o.created_at) FROM outbox o {_OWED_BY} "
                f"GROUP BY {_OWED_GUILD}"
            )
        return [(r[0], int(r[1]), float(r[2])) for r in rows]

    async def live_by_guild(self) -> list[tuple[int | None, int]]:
        """Games in a lobby or running, per guild (for the metrics)."""
        async with self.session() as s:
            rows = await s.fetch(
                "SELECT guild_id, COUNT(*) FROM games WHERE status IN ('lobby', 'running') "
                "GROUP BY guild_id"
            )
        return [(r[0], int(r[1])) for r in rows]

    async def unsent(self, owns: Callable[[int | None], bool] | None = None) -> list[Owed]:
        async with self.session() as s:
            rows = await s.fetch(
                f"SELECT o.id, o.nonce, o.delivery, {_OWED_GUILD}, o.game_id FROM outbox o "
                f"{_OWED_BY} ORDER BY o.id"
            )
            if owns is not None:
                rows = [r for r in rows if owns(r[3])]
            files: dict[int, list[Attachment]] = {}
            for outbox_id, name, data in await s.fetch(
                "SELECT outbox_id, name, data FROM outbox_files ORDER BY outbox_id, n"
            ):
                files.setdefault(outbox_id, []).append(Attachment(name, bytes(data)))
        return [outbox.unpack(r[0], r[1], r[2], files.get(r[0], []), r[4]) for r in rows]

    async def sent(self, outbox_id: int) -> None:
        await self.write("DELETE FROM outbox WHERE id = ?", outbox_id)

    async def replace_owed(self, game_id: str, rows: Sequence[int], delivery: Delivery) -> Owed:
        async with self.session() as s, s.transaction():
            (stored,) = await outbox.write(s, game_id, [delivery], time.time())
            await s.executemany("DELETE FROM outbox WHERE id = ?", [(row,) for row in rows])
        return stored

    async def _query(self, sql: str, *args: Any) -> list[GameRow]:
        async with self.session() as s:
            return [self._row(r) for r in await s.fetch(sql, *args)]

    async def games_in_channel(self, channel_id: int, *, ended: bool = False) -> list[GameRow]:
        statuses = "('lobby', 'running', 'over')" if ended else "('lobby', 'running')"
        return await self._query(
            "SELECT * FROM games WHERE (channel_id = ? OR origin_channel_id = ?) "
            f"AND status IN {statuses} ORDER BY created_at",
            channel_id,
            channel_id,
        )

    async def games_of_user(self, user_id: int) -> list[GameRow]:
        # Theirs: where they sit, and the lobbies they host before taking a seat (Inka's).
        return await self._query(
            "SELECT g.* FROM games g WHERE g.status IN ('lobby', 'running') AND (g.host_id = ? "
            "OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)) "
            "ORDER BY g.created_at",
            user_id,
            user_id,
        )

    async def unfinished(self) -> list[GameRow]:
        return await self._query(
            "SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY created_at"
        )

    async def due(self, now: float) -> list[GameRow]:
        return await self._query(
            "SELECT * FROM games WHERE due IS NOT NULL AND due <= ? ORDER BY due", now
        )

    async def log(self, game_id: str) -> list[LogEntry]:
        async with self.session() as s:
            rows = await s.fetch(
                "SELECT n, user_id, seat, action, rolls, at FROM actions "
                "WHERE game_id = ? ORDER BY n",
                game_id,
            )
        return [
            LogEntry(r["user_id"], r["seat"], r["action"], json.loads(r["rolls"]), r["at"], r["n"])
            for r in rows
        ]

    async def set_locale(self, user_id: int, locale: str) -> None:
        await self.write(
            "INSERT INTO users (user_id, locale) VALUES (?, ?) ON CONFLICT (user_id) "
            "DO UPDATE SET locale = excluded.locale",
            user_id,
            locale,
        )

    async def locale(self, user_id: int) -> str | None:
        async with self.session() as s:
            row = await fetchrow(s, "SELECT locale FROM users WHERE user_id = ?", user_id)
        return None if row is None else row[0]

    async def palette(self, user_id: int) -> str | None:
        async with self.session() as s:
            row = await fetchrow(s, "SELECT palette FROM users WHERE user_id = ?", user_id)
        return None if row is None else row[0]

    async def set_palette(self, user_id: int, palette: str | None, locale: str) -> None:
        await self.write(
            "INSERT INTO users (user_id, locale, palette) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET palette = excluded.palette",
            user_id,
            locale,
            palette,
        )

    async def guild_language(self, guild_id: int) -> str | None:
        async with self.session() as s:
            row = await fetchrow(
                s, "SELECT language FROM guild_settings WHERE guild_id = ?", guild_id
            )
        return None if row is None else row[0]

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self.write(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            guild_id,
            language,
        )

    async def guild_quotas(self, guild_id: int) -> dict[str, int | None]:
        async with self.session() as s:
            row = await fetchrow(
                s, f"SELECT {', '.join(QUOTAS)} FROM guild_settings WHERE guild_id = ?", guild_id
            )
        return {name: None if row is None else row[n] for n, name in enumerate(QUOTAS)}

    async def set_guild_quota(self, guild_id: int, name: str, value: int | None) -> None:
        if name not in QUOTAS:
            raise ValueError(f"no such quota: {name}")
        await self.write(
            f"INSERT INTO guild_settings (guild_id, {name}) VALUES (?, ?) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {name} = excluded.{name}",
            guild_id,
            value,
        )

    async def lessons(self, user_id: int) -> dict[str, Progress]:
        async with self.session() as s:
            rows = await s.fetch(
                "SELECT kind, current, misses, done FROM lessons WHERE user_id = ?", user_id
            )
        return {r[0]: Progress(r[1], r[2], tuple(json.loads(r[3]))) for r in rows}

    async def set_lesson(self, user_id: int, kind: str, progress: Progress) -> None:
        await self.write(
            "INSERT INTO lessons (user_id, kind, current, misses, done) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, kind) DO UPDATE SET "
            "current = excluded.current, misses = excluded.misses, done = excluded.done",
            user_id,
            kind,
            progress.current,
            progress.misses,
            json.dumps(list(progress.done)),
        )

    async def member_load(self, guild_id: int, user_id: int) -> tuple[int, int]:
        async with self.session() as s:
            lobbies = await counted(
                s,
                "SELECT COUNT(*) FROM games WHERE guild_id = ? AND host_id = ? "
                "AND status = 'lobby'",
                guild_id,
                user_id,
            )
            running = await counted(
                s,
                "SELECT COUNT(DISTINCT g.id) FROM games g JOIN seats s ON s.game_id = g.id "
                "WHERE g.guild_id = ? AND s.user_id = ? AND g.status = 'running'",
                guild_id,
                user_id,
            )
        return lobbies, running

    async def post_of(self, recipient: int, slot: str) -> tuple[int, int] | None:
        async with self.session() as s:
            row = await fetchrow(
                s,
                "SELECT channel_id, message_id FROM posts WHERE recipient = ? AND slot = ?",
                recipient,
                slot,
            )
        return None if row is None else (row[0], row[1])

    async def set_post(self, recipient: int, slot: str, channel_id: int, message_id: int) -> None:
        await self.write(
            "INSERT INTO posts VALUES (?, ?, ?, ?) ON CONFLICT (recipient, slot) "
            "DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id",
            recipient,
            slot,
            channel_id,
            message_id,
        )

    async def claim_shards(self, shards: Shards, *, wait: float | None = None) -> ShardClaim:
        """Hold ``shards`` alone for as long as this process lives (or until the claim is
        released): a shard another live process holds is waited for ``wait`` seconds, then
        :class:`bot.shards.ShardTaken` (None: ``bot.shards.CLAIM_WAIT``). Only the bot's
        start-up claims, never :meth:`open` (tests open several storages on one database).
        The count comes first: a process whose shard count differs from the one live
        processes run with is refused, :class:`bot.shards.ShardCountDiffers`
        (``bot.storage.claims``)."""
        return await claims.claim_shards(self, shards, wait=wait)

    async def gate_count(self, s: Session) -> None:
        """Inside ``s``'s transaction: wait until no other claimer reads or writes the
        shard count (SQLite's write lock, taken by the transaction, does it already)."""

    async def hold_count(self, *, alone: bool) -> Release | None:
        """The backend's shared hold of the shard count, released by the process's death;
        with ``alone``, only if no other process holds it (else None)."""
        raise NotImplementedError

    async def take_shard(self, count: int, shard: int) -> Release | None:
        """The backend's try-lock of ``shard`` of ``count``, released by the process's death."""
        raise NotImplementedError


async def _write_seats(s: Session, game_id: str, seats: dict[str, int]) -> None:
    await s.execute("DELETE FROM seats WHERE game_id = ?", game_id)
    await s.executemany(
        "INSERT INTO seats VALUES (?,?,?)",
        [(game_id, seat, user) for seat, user in seats.items()],
    )


# ---------------------------------------------------------------- rows


def due_at(game: GameRow) -> float | None:
    """When an unfinished game next has something to do by itself: the earlier of a
    decision's deadline (``meta["deadline"]``) and its clock's next wake-up
    (``meta["wake"]``); None when neither is set or the game is over. Kept in the row's
    indexed ``due`` column by every save."""
    if game.status not in ACTIVE:
        return None
    return min(
        (t for t in (game.meta.get("deadline"), game.meta.get("wake")) if t is not None),
        default=None,
    )


def _row(row: Any, state: dict[str, Any] | None) -> GameRow:
    game = GameRow(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        origin_channel_id=row["origin_channel_id"],
        host_id=row["host_id"],
        status=row["status"],
        config=json.loads(row["config"]),
        state=state,
        meta=json.loads(row["meta"]),
        version=row["version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
    )
    game.stored_seats = game.seats
    return game
