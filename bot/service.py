"""The table service: games, seats, phases, turns and who is told what.

Adapters (the Discord cogs, the console table) turn what people type into :class:`Request`s
and send the :class:`Delivery`s that come back. Neither adapter knows a rule: the service
asks the engine, keeps the state in :class:`Storage`, and decides who may see what."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from bot.i18n import t
from bot.i18n_rules import engine_text
from bot.model import Actor, Delivery, Request
from bot.storage import GameRow, LogEntry, Storage, VersionConflict
from engine.errors import EngineError

log = logging.getLogger("plateau.service")


class UserError(Exception):
    """A refusal to explain privately to the user: a catalog key and its values."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


class Table(Protocol):
    """One game's commands over the service (Loka, Lines of Action, ...)."""

    kind: str
    commands: dict[str, Callable[[TableService, Request], Awaitable[list[Delivery]]]]

    async def resume(self, service: TableService, game: GameRow) -> list[Delivery]: ...

    async def expire(self, service: TableService, game: GameRow, now: float) -> list[Delivery]: ...

    def silenced_users(self, game: GameRow) -> frozenset[int]:
        """Who may not write in the game's channel now (a no-talk rule), if anyone."""
        ...


DmProbe = Callable[[int, str], Awaitable[bool]]


async def _always_reachable(user_id: int, text: str) -> bool:
    return True


@dataclass
class Ids:
    """Where new game ids and seeds come from: random in production; a fixed seed in the
    console table (``--seed N``) makes a whole script replay identically."""

    seed: int | None = None
    count: int = 0

    def next(self) -> tuple[str, bytes]:
        self.count += 1
        if self.seed is None:
            return secrets.token_hex(4), secrets.token_bytes(32)
        digest = hashlib.sha256(f"plateau:{self.seed}:{self.count}".encode()).digest()
        return digest[:4].hex(), digest


class TableService:
    def __init__(
        self,
        storage: Storage,
        tables: list[Table],
        *,
        ids: Ids | None = None,
        clock: Callable[[], float] = time.time,
        dm_probe: DmProbe = _always_reachable,
    ) -> None:
        self.storage = storage
        self.tables = {table.kind: table for table in tables}
        self.ids = ids or Ids()
        self.clock = clock
        self.dm_probe = dm_probe
        self._locks: dict[str, asyncio.Lock] = {}
        self._locales: dict[int, str] = {}
        self._cooldowns: dict[str, float] = {}
        # channel -> game -> users who must keep silent there: kept current on every save,
        # so the message listener looks nothing up for the guild's ordinary chatter.
        self._silence: dict[int, dict[str, frozenset[int]]] = {}

    # ------------------------------------------------------------ entry point

    async def handle(self, request: Request) -> list[Delivery]:
        """Run one command. Never raises: every refusal becomes a private message."""
        await self.remember_locale(request.actor)
        locale = request.actor.locale
        try:
            table = self.tables.get(request.game)
            if table is None:
                raise UserError("error.unknown_game_kind", kind=request.game)
            handler = table.commands.get(request.command)
            if handler is None:
                raise UserError(
                    "error.unknown_command",
                    command=f"/{request.game} {request.command}",
                    known=", ".join(sorted(table.commands)),
                )
            return await handler(self, request)
        except UserError as exc:
            return [self.private(request.actor, t(locale, exc.key, **exc.values))]
        except EngineError as exc:
            detail = engine_text(locale, exc)
            return [self.private(request.actor, t(locale, "error.rules", detail=detail))]
        except Exception:
            # Never the options (they may hold a secret army): only what was asked.
            log.exception("command failed: /%s %s", request.game, request.command)
            return [self.private(request.actor, t(locale, "error.internal"))]

    # ------------------------------------------------------------ helpers for tables

    def private(self, actor: Actor, text: str, **kw: Any) -> Delivery:
        return Delivery("private", text, user_id=actor.id, **kw)

    async def remember_locale(self, actor: Actor) -> None:
        if self._locales.get(actor.id) != actor.locale:
            self._locales[actor.id] = actor.locale
            await self.storage.set_locale(actor.id, actor.locale)

    async def locale_of(self, user_id: int) -> str:
        """A user's last known locale (for DMs, which have no interaction)."""
        if user_id not in self._locales:
            self._locales[user_id] = await self.storage.locale(user_id) or "en"
        return self._locales[user_id]

    def cooldown(self, key: str, seconds: float) -> bool:
        """True (and the cooldown starts) if ``key`` was not used in the last ``seconds``."""
        now = self.clock()
        if now < self._cooldowns.get(key, float("-inf")):
            return False
        if len(self._cooldowns) > 4096:  # forget the cooldowns that ran out
            self._cooldowns = {k: v for k, v in self._cooldowns.items() if v > now}
        self._cooldowns[key] = now + seconds
        return True

    def lock(self, game_id: str) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @asynccontextmanager
    async def locked(self, game_id: str):
        """Hold the game's lock: commands on one game apply one at a time."""
        async with self.lock(game_id):
            yield

    async def load(self, game_id: str) -> GameRow:
        game = await self.storage.load(game_id)
        if game is None:
            raise UserError("error.no_such_game", game=game_id)
        return game

    async def save(self, game: GameRow, log_entries: list[LogEntry] | None = None) -> None:
        try:
            await self.storage.save(game, log_entries or [])
        except VersionConflict as exc:
            raise UserError("error.state_changed") from exc
        self.note_silence(game)

    def note_silence(self, game: GameRow) -> None:
        """Keep the no-talk rules current after ``game`` changed."""
        table = self.tables.get(game.kind)
        users: frozenset[int] = frozenset()
        if table is not None and game.status == "running":
            users = table.silenced_users(game)
        games = self._silence.setdefault(game.channel_id, {})
        if users:
            games[game.id] = users
        else:
            games.pop(game.id, None)
        if not games:
            del self._silence[game.channel_id]

    def must_keep_silent(self, channel_id: int, user_id: int) -> bool:
        """Must this user's message in this channel be removed? (No storage is read.)"""
        games = self._silence.get(channel_id)
        return games is not None and any(user_id in users for users in games.values())

    async def find_game(
        self, request: Request, kind: str, *, lobby_only: bool = False, ended: bool = False
    ) -> GameRow:
        """The game a command reaches (see the issue): ``game:<id>``, else the game of this
        thread or channel, else the user's only game that awaits them."""
        wanted = request.options.get("game")
        if wanted:
            game = await self.load(str(wanted))
            if game.kind != kind:
                raise UserError("error.no_such_game", game=wanted)
            return game
        here = [
            g
            for g in await self.storage.games_in_channel(request.place.channel_id)
            if g.kind == kind
        ]
        in_thread = [g for g in here if g.channel_id == request.place.channel_id]
        if in_thread and not lobby_only:
            return in_thread[0]
        if lobby_only:
            lobbies = [g for g in here if g.status == "lobby"]
            if len(lobbies) == 1:
                return lobbies[0]
            if len(lobbies) > 1:
                raise UserError("error.ambiguous_game", games=_list(lobbies))
            raise UserError("error.no_lobby_here", kind=kind)
        mine = [g for g in await self.storage.games_of_user(request.actor.id) if g.kind == kind]
        if len(mine) == 1:
            return mine[0]
        if len(here) == 1:
            return here[0]
        if len(mine) > 1:
            raise UserError("error.ambiguous_game", games=_list(mine))
        if ended:  # a finished game is still reachable from its channel (export, board)
            past = [
                g
                for g in await self.storage.games_in_channel(request.place.channel_id, ended=True)
                if g.kind == kind
            ]
            if past:
                return past[-1]
        raise UserError("error.no_game_here", kind=kind)

    async def games_to_name(self, user_id: int, channel_id: int, kind: str) -> list[GameRow]:
        """The games a ``game:`` option may name for this user: theirs, then the ones of the
        channel where they type (lobbies to join), each once."""
        rows = [
            *await self.storage.games_of_user(user_id),
            *await self.storage.games_in_channel(channel_id),
        ]
        return list({row.id: row for row in rows if row.kind == kind}.values())

    async def resume(self) -> list[Delivery]:
        """After a restart: every unfinished game, with a ping for whoever must act."""
        deliveries: list[Delivery] = []
        for game in await self.storage.unfinished():
            self.note_silence(game)
            table = self.tables.get(game.kind)
            if table is not None:
                deliveries.extend(await table.resume(self, game))
        return deliveries

    async def expire(self) -> list[Delivery]:
        """Apply time-outs that have run out (the Super D20 'keep', ...)."""
        now = self.clock()
        deliveries: list[Delivery] = []
        for game in await self.storage.unfinished():
            table = self.tables.get(game.kind)
            if table is not None and game.meta.get("deadline") and game.meta["deadline"] <= now:
                deliveries.extend(await table.expire(self, game, now))
        return deliveries


def _list(games: list[GameRow]) -> str:
    return ", ".join(f"`{g.id}`" for g in games)
