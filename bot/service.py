"""The table service: games, seats, phases, turns and who is told what.

Adapters (the Discord cogs, the console table) turn what people type into :class:`Request`s
and send the :class:`Delivery`s that come back. Neither adapter knows a rule: the service
asks the engine, keeps the state in :class:`Storage`, and decides who may see what.

What a change owes players is saved in the same transaction as the change (the outbox): the
deliveries come back as :class:`Owed` rows, which the adapter marks with :meth:`delivered`
once sent; :meth:`resume` gives first what a crash left unsent. A command that loses a race
with another process on the same database runs again from a fresh load (a few times)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot import metrics
from bot.autoplay import Autoplay
from bot.i18n import Said, said, t
from bot.i18n_rules import engine_text
from bot.logs import event
from bot.model import Actor, CommandHelp, Delivery, Request, is_ai
from bot.options import check_request
from bot.ratings import Result
from bot.storage import DuplicateGame, GameRow, LogEntry, Owed, Storage, VersionConflict
from bot.storage.tournaments import is_tournaments
from engine.errors import EngineError

log = logging.getLogger("plateau.service")

T = TypeVar("T")
# A command that lost a race with another process (a version conflict) runs again from a
# fresh load, at most this many times in all; so does a new game whose id is taken.
TRIES = 4
ID_TRIES = 8
# The DM probes of the command being run (user -> reachable): a command that runs again
# after a lost race does not greet the same user twice.
_probed: ContextVar[dict[int, bool] | None] = ContextVar("plateau_probed", default=None)
_jitter = random.Random()  # its own: the console's seeded scripts never see it


@dataclass(eq=False)
class Seen:
    """The rows this command saw: what one run of a command (see
    ``TableService.retrying``; a computer player's turn, a time-out, a restart alike) read
    from storage or wrote, kept up to date with what this process saved since. Its ``load``
    under the game's lock, or a second ``find_game`` alike, is that row again, not a second
    read: one read per move."""

    rows: dict[str, GameRow] = field(default_factory=dict)  # game id -> its row, unchanged
    # find_game's arguments -> the id of the game it found
    found: dict[tuple[Any, ...], str] = field(default_factory=dict)


_seen: ContextVar[Seen | None] = ContextVar("plateau_seen", default=None)
# While a command answers a lesson (``bot.tables.learning``): the lesson as the game its
# handler finds. Never stored, so nothing else reads it.
LESSON_ROW: ContextVar[GameRow | None] = ContextVar("plateau_lesson", default=None)


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
# A game's commands for ``/<game> help``, in a locale: the adapter knows how they are typed.
Guide = Callable[[str, str], list[CommandHelp]]


async def _always_reachable(user_id: int, text: str) -> bool:
    return True


def _every_guild(guild_id: int | None) -> bool:
    return True


def no_guide(kind: str, locale: str) -> list[CommandHelp]:
    """Without an adapter nothing says how commands are typed: the console and the bot each
    give their guide (the service never imports them)."""
    return []


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
        guide: Guide = no_guide,
        owns: Callable[[int | None], bool] = _every_guild,
    ) -> None:
        self.storage = storage
        self.tables = {table.kind: table for table in tables}
        # When this process began (the storage's own time, as saves write updated_at).
        self.started_at = time.time()
        self.ids = ids or Ids()
        self.clock = clock
        self.dm_probe = dm_probe
        self.guide = guide
        # Which guilds' games this process times out and resumes (its shards'; None: DMs).
        self.owns = owns
        # Held only while a command uses it: a finished or idle game's lock goes away.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        # The rows each command running now saw (see ``Seen``): a save of this process
        # brings the others' up to date, so that none reads the game again.
        self._running: set[Seen] = set()
        self._locales: dict[int, str] = {}
        self._cooldowns: dict[str, float] = {}
        # channel -> game -> users who must keep silent there: kept current on every save,
        # so the message listener looks nothing up for the guild's ordinary chatter.
        self._silence: dict[int, dict[str, frozenset[int]]] = {}
        # The computer players: each plays as soon as its seat is awaited (bot.autoplay).
        self.autoplay = Autoplay(self, seed=self.ids.seed)

    # ------------------------------------------------------------ entry point

    async def handle(self, request: Request) -> list[Delivery]:
        """Run one command. Never raises: every refusal becomes a private message. Counted
        by game and result, and timed (``bot.metrics``, when enabled)."""
        game = getattr(request, "game", None)  # checked by _handle: anything may come in
        with metrics.command(game if isinstance(game, str) and game in self.tables else "other"):
            return await self._handle(request)

    async def _handle(self, request: Request) -> list[Delivery]:
        checked = check_request(request, self.tables)  # who, where, each option: bot.options
        if isinstance(checked, Delivery):
            metrics.refused()
            return [checked]
        request = checked
        locale = request.actor.locale
        try:
            await self.remember_locale(request.actor)
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
            probed = _probed.set({})
            try:
                async with self.seeing():  # a command of its own, whoever runs it
                    return await self.retrying(lambda: handler(self, request))
            except VersionConflict:
                raise UserError("error.state_changed") from None
            finally:
                _probed.reset(probed)
        except UserError as exc:
            metrics.refused()
            return [self.private(request.actor, t(locale, exc.key, **said(locale, exc.values)))]
        except EngineError as exc:
            metrics.refused()
            detail = engine_text(locale, exc)
            return [self.private(request.actor, t(locale, "error.rules", detail=detail))]
        except Exception:
            # Never the options (they may hold a secret army): only what was asked.
            log.exception("command failed: /%s %s", request.game, request.command)
            metrics.failed()
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

    def cooldowns(self, *limits: tuple[str, float]) -> float:
        """0 (and each cooldown starts) if no key of ``limits`` (key, seconds) is cooling
        down; else the seconds until the last of them runs out, and none starts."""
        now = self.clock()
        left = max((self._cooldowns.get(key, now) - now for key, _ in limits), default=0.0)
        if left > 0:
            return left
        for key, seconds in limits:
            self.cooldown(key, seconds)
        return 0.0

    def lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[None]:
        """Hold the game's lock: commands on one game apply one at a time."""
        async with self.lock(game_id):
            yield

    async def retrying(self, run: Callable[[], Awaitable[T]]) -> T:
        """``run`` again (it loads afresh, so it checks again) when another process changed
        the game first; the last :class:`VersionConflict` is raised. The first run sees the
        rows seen already (:meth:`seeing`), if any; every run after it reads afresh."""
        outer = _seen.get()
        for attempt in range(1, TRIES + 1):
            seen = outer if attempt == 1 and outer is not None else Seen()
            fresh = _seen.set(seen)
            self._running.add(seen)
            try:
                return await run()
            except VersionConflict as exc:
                if attempt == TRIES:
                    raise
                event(log, "version_conflict", level=logging.INFO, game=str(exc), attempt=attempt)
                await asyncio.sleep(_jitter.uniform(0, 0.005 * attempt))  # part the racers
            finally:
                _seen.reset(fresh)
                if seen is not outer:
                    self._running.discard(seen)
        raise AssertionError("unreachable")

    @asynccontextmanager
    async def seeing(self, *rows: GameRow) -> AsyncIterator[None]:
        """Inside, what is read is seen once (a :class:`Seen` of its own), starting with
        ``rows`` (read by a listing: a time-out's, a restart's): a computer player's turn
        reads its game once, to think and then to play."""
        seen = Seen()
        token = _seen.set(seen)
        self._running.add(seen)
        try:
            for row in rows:
                self._saw(row)
            yield
        finally:
            _seen.reset(token)
            self._running.discard(seen)

    async def reachable(self, user_id: int, text: str) -> bool:
        """Can ``user_id`` receive DMs? Asked once per command (a retried command does not
        send the probe's greeting twice)."""
        probed = _probed.get()
        if probed is not None and user_id in probed:
            return probed[user_id]
        answer = await self.dm_probe(user_id, text)
        if probed is not None:
            probed[user_id] = answer
        return answer

    async def game_row(self, game_id: str) -> GameRow | None:
        """The game's row as :meth:`load` gives it, or None if there is no such game."""
        try:
            return await self.load(game_id)
        except UserError:
            return None

    async def load(self, game_id: str) -> GameRow:
        """The game's row, to change under its lock. A game this run of a command (see
        :meth:`retrying`) has seen already is not read again: it is that row, or the newer
        one this process saved since. A change by another process meanwhile fails the
        save's version check, and the command runs again from fresh reads."""
        known = self._known(game_id)
        if known is not None:
            return known
        game = await self.storage.load(game_id)
        if game is None:
            raise UserError("error.no_such_game", game=game_id)
        return self._saw(game)

    def _known(self, game_id: str) -> GameRow | None:
        """A copy of the row of ``game_id`` this run saw (or this process saved since)."""
        seen = _seen.get()
        row = seen.rows.get(game_id) if seen is not None else None
        return None if row is None else row.copy()

    def _saw(self, game: GameRow) -> GameRow:
        """``game`` was just read from storage (or written): this run saw it, and every
        other running command that saw an older version of it sees this one now (a copy of
        their own, which the tables' changes to ``game`` do not reach)."""
        kept = game.copy()
        seen = _seen.get()
        if seen is not None:
            seen.rows[game.id] = kept
        for other in self._running:
            older = other.rows.get(game.id)
            if older is not None and older.version < game.version:
                other.rows[game.id] = kept
        return game

    async def save(
        self,
        game: GameRow,
        log_entries: list[LogEntry] | None = None,
        told: list[Delivery] | None = None,
        result: Result | None = None,
    ) -> list[Delivery]:
        """Write the game, its log rows, what it tells players (the outbox: a crash before
        they are sent leaves them for the restart) and the ratings of a rated game's end
        (``result``) in one transaction. Gives ``told`` with each outbox delivery as its
        :class:`Owed` row, for the adapter to mark sent. Raises :class:`VersionConflict`
        when another process changed the game first."""
        # A computer player has no DMs: what a table says to a seat's holder goes to people.
        told = [d for d in told or [] if d.to == "channel" or not is_ai(d.user_id)]
        owed = [d for d in told if d.to != "private"]  # the actor's own reply is not kept
        stored = await self.storage.save(game, log_entries or [], owed, result)
        self._saw(game)
        self.note_silence(game)
        self.autoplay.note(game, stored)
        return _as_owed(told, owed, stored)

    async def create(
        self, build: Callable[[str, bytes], tuple[GameRow, list[Delivery]]]
    ) -> list[Delivery]:
        """Insert the new game ``build(id, seed)`` makes, with what it tells, under an id
        no game has: a taken one (an earlier run of a seeded console, another process, a
        collision of random ids) is skipped, a bounded number of times."""
        for _ in range(ID_TRIES):
            game_id, seed = await self.new_id()
            row, told = build(game_id, seed)
            owed = [d for d in told if d.to != "private"]
            try:
                stored = await self.storage.create(row, owed)
            except DuplicateGame:
                event(log, "game_id_taken", level=logging.WARNING, game=game_id)
                continue
            return _as_owed(told, owed, stored)
        raise UserError("error.no_game_id")

    async def new_id(self) -> tuple[str, bytes]:
        """A game id (and its dice seed) that no stored game has yet."""
        for _ in range(ID_TRIES):
            game_id, seed = self.ids.next()
            if not await self.storage.has_game(game_id):
                return game_id, seed
            if self.ids.seed is not None:
                # A seeded run over the database of earlier runs: count on from their games
                # (still the same ids for the same script over the same file).
                self.ids.count = max(self.ids.count, await self.storage.count_games())
        raise UserError("error.no_game_id")

    async def delivered(self, delivery: Delivery) -> None:
        """The adapter is done with ``delivery`` (sent, or told undeliverable): an outbox
        row leaves the outbox."""
        if isinstance(delivery, Owed):
            await self.storage.sent(delivery.outbox_id)
            self.autoplay.delivered(delivery.outbox_id)

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
        thread or channel, else the user's only game that awaits them. A :meth:`load` of it
        later in the same run reuses this read, as does the same search again unless this
        process changed the game since."""
        lesson = LESSON_ROW.get()
        if lesson is not None and lesson.kind == kind:
            return lesson
        seen = _seen.get()
        wanted = str(request.options.get("game") or "")
        asked = (kind, lobby_only, ended, request.place.channel_id, request.actor.id, wanted)
        if seen is not None and asked in seen.found:
            known = self._known(seen.found[asked])
            if known is not None:
                return known
        game = self._saw(await self._find_game(request, kind, lobby_only=lobby_only, ended=ended))
        if seen is not None:
            seen.found[asked] = game.id
        return game

    async def _find_game(
        self, request: Request, kind: str, *, lobby_only: bool, ended: bool
    ) -> GameRow:
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
        if lobby_only:
            lobbies = [g for g in here if g.status == "lobby"]
            if len(lobbies) == 1:
                return lobbies[0]
            if len(lobbies) > 1:
                raise _which(kind, lobbies)
            raise UserError("error.no_lobby_here", kind=kind, game=Said(f"game.of.{kind}"))
        if in_thread:
            # Several games live in this very channel (no threads): the one of the member's
            # own (they sit in it or host it: the rows say so, no read), if exactly one is;
            # else ask which rather than act on the oldest.
            actor = request.actor.id
            ours = [g for g in in_thread if g.host_id == actor or actor in g.seats.values()]
            if len(in_thread) == 1 or len(ours) == 1:
                return (ours or in_thread)[0]
            raise _which(kind, ours or in_thread)
        mine = [g for g in await self.storage.games_of_user(request.actor.id) if g.kind == kind]
        if len(mine) == 1:
            return mine[0]
        if len(here) == 1:
            return here[0]
        if len(mine) > 1:
            raise UserError("error.ambiguous_game", games=_list(mine))
        if len(here) > 1:
            raise _which(kind, here)
        if ended:  # a finished game is still reachable from its channel (export, board)
            past = [
                g
                for g in await self.storage.games_in_channel(request.place.channel_id, ended=True)
                if g.kind == kind
            ]
            if past:
                return past[-1]
        raise UserError("error.no_game_here", kind=kind, game=Said(f"game.of.{kind}"))

    async def games_to_name(self, user_id: int, channel_id: int, kind: str) -> list[GameRow]:
        """The games a ``game:`` option may name for this user: theirs, then the ones of the
        channel where they type (lobbies to join), each once."""
        rows = [
            *await self.storage.games_of_user(user_id),
            *await self.storage.games_in_channel(channel_id),
        ]
        return list({row.id: row for row in rows if row.kind == kind}.values())

    async def resume(self) -> list[Delivery]:
        """After a restart: first what was owed and not sent before it (the outbox), then
        every unfinished game, with a ping for whoever must act. Only the games of the
        guilds this process owns: another shard's process resumes its own."""
        owed = await self.storage.unsent(self.owns)
        if owed:
            event(log, "outbox_unsent", deliveries=len(owed))
        deliveries: list[Delivery] = list(owed)
        # A game whose last news is still owed would say it twice (the same board, the same
        # ping): the resume leaves out what the outbox is about to send, and a thread that
        # has a post owed gets that post (the latest board, whose turn) and no second one.
        said = {_seen_as(d) for d in owed}
        # (A tournament's own post owed in a channel its games share says nothing of them.)
        news = {d.channel_id for d in owed if d.to == "channel" and not is_tournaments(d)}
        for game in await self.own_unfinished():
            self.note_silence(game)
            table = self.tables.get(game.kind)
            if table is None or game.updated_at > self.started_at:
                # A game this process already made or moved (a command can come before
                # Discord's READY): it said what it had to; there was no restart for it.
                continue
            try:
                async with self.seeing(game):  # its settling reads it no more
                    resumed = await self.retrying(_bind(table.resume, self, game))
            except Exception:  # one game's trouble must not keep the others silent
                log.exception("resuming game %s failed", game.id)
                continue
            deliveries.extend(
                d
                for d in resumed
                if _seen_as(d) not in said and not (d.to == "channel" and d.channel_id in news)
            )
            # Its computer player, if awaited, plays once what was owed there is sent.
            self.autoplay.note(game, [d for d in owed if d.channel_id == game.channel_id])
        return deliveries + await self.ticked(self.clock())

    async def expire(self) -> list[Delivery]:
        """Apply time-outs that have run out (the Super D20 'keep', ...). Each game on its
        own: a race lost to another process (which applied it) or a failure is logged, and
        the other games' time-outs still apply. Only the games of the guilds this process
        owns."""
        now = self.clock()
        deliveries: list[Delivery] = []
        for game in await self.storage.due(now):
            table = self.tables.get(game.kind)
            if table is None or not self.owns(game.guild_id):
                continue
            try:
                async with self.seeing(game):  # its time-out reads it no more
                    deliveries.extend(await self.retrying(_bind(table.expire, self, game, now)))
            except VersionConflict:
                event(log, "expire_lost_race", level=logging.INFO, game=game.id)
            except Exception:
                log.exception("time-out of game %s failed", game.id)
        return deliveries + await self.ticked(now)

    async def ticked(self, now: float) -> list[Delivery]:
        """What the tables that follow games (``/plateau``'s tournaments: ``tick``) owe by
        ``now``: on each time-out pass and at a restart."""
        told: list[Delivery] = []
        for table in self.tables.values():
            tick = getattr(table, "tick", None)
            if tick is not None:
                async with self.seeing():
                    told += await tick(self, now)
        return told

    async def ended(self, game: GameRow) -> list[Delivery]:
        """``game`` just ended (saved over): what the tables that follow games (a
        tournament's, ``game_ended``) say of it."""
        told: list[Delivery] = []
        for table in self.tables.values():
            follow = getattr(table, "game_ended", None)
            if follow is not None:
                told += await follow(self, game)
        return told

    async def own_unfinished(self) -> list[GameRow]:
        """Lobbies and running games of the guilds this process owns."""
        return [g for g in await self.storage.unfinished() if self.owns(g.guild_id)]


def _list(games: list[GameRow]) -> str:
    """The games named for a reader: each one's id and its host."""
    return ", ".join(f"`{g.id}` (<@{g.host_id}>)" for g in games)


def _which(kind: str, games: list[GameRow]) -> UserError:
    """The refusal of a command that could mean any of ``games``: it names them and the
    ``game:`` option (offered as one types) that says which."""
    return UserError("error.which_game", game=Said(f"game.of.{kind}"), games=_list(games))


def _seen_as(d: Delivery) -> tuple[Any, ...]:
    """What a player sees of a message, and where: two equal ones are one message twice."""
    files = tuple((a.name, a.data) for a in d.files)
    buttons = tuple((b.custom_id, b.label, b.style, b.disabled) for b in d.buttons)
    return (d.to, d.channel_id, d.user_id, d.text, files, buttons, d.slot)


def _bind(run: Callable[..., Awaitable[T]], *args: Any) -> Callable[[], Awaitable[T]]:
    return lambda: run(*args)


def _as_owed(told: list[Delivery], owed: list[Delivery], stored: list[Owed]) -> list[Delivery]:
    """``told`` with each delivery of ``owed`` replaced by its outbox row."""
    rows = {id(d): row for d, row in zip(owed, stored, strict=True)}
    return [rows.get(id(d), d) for d in told]
