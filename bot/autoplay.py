"""The computer players at the tables: each plays as soon as its seat is awaited.

After every saved change the service asks :meth:`Autoplay.note` whether a computer player
must act now. If so, one task per game plays it: it waits until what the change told was
sent (so the thread reads in order), hands the seat's view (``view(state, seat)``, never the
state) to :func:`ai.player.decision` in the render process pool (thinking never runs on
the event loop), and has the table play the answer as a player's command would, under the
game's lock. What that tells goes to the adapter's ``sink``, as a command's reply would.

Computer players acting several times in a row, with no person to answer, play at a human
pace (``pace`` seconds at least from one's action to the next: ``PLATEAU_AI_PACE``) and
their thread gets one post per round (:class:`Round`) instead of one per action: each
action's post is saved in the outbox with its change, as any is, and at the round's end one
post in their place (the lines of all, the last board and buttons) replaces them there in a
single transaction, then is sent. A crash leaves either the single posts or the combined one
owed: the restart sends them, nothing lost and nothing twice. DMs to people go out at once.

A computer player whose answer the rules refuse (it never should) thinks again, then plays a
legal action at random: a game is never stuck behind it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from contextlib import AbstractAsyncContextManager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ai.player import decision
from bot import metrics, rendering
from bot.i18n import t
from bot.logs import event
from bot.model import Delivery, is_ai
from bot.storage import GameRow, Owed, Storage
from bot.storage.tournaments import is_tournaments
from bot.tables.played import GameTable

T = TypeVar("T")


class Service(Protocol):
    """What the computer players use of the table service (``bot.service``, which owns them):
    they read and play their games through it, as any player's command does."""

    storage: Storage

    @property
    def tables(self) -> Mapping[str, object]:
        """Every table by its kind: the games' (:class:`GameTable`) and ``/plateau``."""
        ...

    async def retrying(self, run: Callable[[], Awaitable[T]]) -> T: ...

    def seeing(self, *rows: GameRow) -> AbstractAsyncContextManager[None]: ...

    async def game_row(self, game_id: str) -> GameRow | None: ...


log = logging.getLogger("plateau.autoplay")

Sink = Callable[[list[Delivery]], Awaitable[None]]
SENT_WAIT = 10.0  # seconds a computer player waits for the news it answers to be sent
THINK_TRIES = 2  # answers the rules refuse before a random legal action is played
# Computer players alone at a table (every person handed over or resigned) pause after this
# many actions in a row: a game without a person must not keep a process busy for ever.
ALONE_LIMIT = 2000
POST_LIMIT = 1900  # characters of a round's post (Discord takes 2,000; a clock line may follow)
_fallback = random.Random()  # its own: no game's dice stream is touched
# The game whose computer players this task plays: a save it makes is its own, not news.
_playing: ContextVar[str | None] = ContextVar("plateau_ai_playing", default=None)


@dataclass
class Round:
    """Computer players' posts held back for one post: the run of their actions until a
    person must act, the game ends or the turn comes back to a seat that acted in it."""

    posts: list[Owed] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)  # who acted, in order
    names: set[str] = field(default_factory=set)  # the computer players' names in the posts
    locale: str = "en"  # the game's, for a line of its own
    kind: str = ""

    def over_before(self, seat: str) -> bool:
        """Does ``seat`` acting now start a new round? (A seat acting twice in a row, as
        Loka's deployment or a Parachute placement have it, stays in the round.)"""
        return seat in self.seats and seat != self.seats[-1]

    def take(self) -> list[Owed]:
        posts, self.posts, self.seats = self.posts, [], []
        return posts

    def combined(self, posts: list[Owed]) -> Delivery:
        """One post for ``posts``: each one's lines (less the stale "X, your move" of a
        computer player that played next), the last pictures and the last buttons."""
        lines: list[str] = []
        for post in posts[:-1]:
            lines += [
                line
                for line in post.text.splitlines()
                if not any(line.startswith(f"{name},") for name in self.names)
            ]
        lines += posts[-1].text.splitlines()
        files = next((p.files for p in reversed(posts) if p.files), [])
        last = posts[-1]
        return Delivery(
            "channel",
            _clipped(lines, self.locale, self.kind),
            channel_id=last.channel_id,
            files=files,
            buttons=last.buttons,
            closes=any(p.closes for p in posts),
        )


def _clipped(lines: list[str], locale: str, kind: str) -> str:
    """The last of ``lines`` that fit in a post, under a line saying how many were left out
    (the game's record keeps them all)."""
    text = "\n".join(lines)
    if len(text) <= POST_LIMIT:
        return text
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > POST_LIMIT - 200 and kept:  # room for the note
            break
        kept.insert(0, line[: POST_LIMIT - 200])
    note = t(locale, "table.ai_round_clipped", lines=len(lines) - len(kept), kind=kind)
    return "\n".join([note, *kept])


class Autoplay:
    def __init__(self, service: Service, seed: int | None = None) -> None:
        self.service = service
        # A seeded run (the console's ``--seed N``): every choice of a computer player is
        # drawn from this seed, the game, its version and the seat, and searched without a
        # clock, so that the same script plays the same moves again.
        self.seed = seed
        # Where what a computer player's action tells goes (the adapter sets it); without
        # one nobody would read it, so computer players wait.
        self.sink: Sink | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()  # games changed while their task was playing
        self._unsent: dict[str, set[int]] = {}  # game -> outbox rows it waits to be sent
        self._sent: dict[str, asyncio.Event] = {}
        self._slots: asyncio.Semaphore | None = None
        self._news: set[str] = set()  # games someone else changed while their task played
        self._ended: set[str] = set()  # games whose round the task's last action ended
        # Seconds at least from one computer action to the next with no person between:
        # the bot sets PLATEAU_AI_PACE (1 by default); the console and tests play at once.
        self.pace = 0.0
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # tests record it
        self.clock: Callable[[], float] = time.monotonic

    def slots(self) -> asyncio.Semaphore:
        """How many computer players think at once: one worker of the pool stays free for
        pictures, so a strong player's seconds of thought never hold up a game's board."""
        if self._slots is None:
            pool = rendering.running()
            self._slots = asyncio.Semaphore(max(1, (pool.processes if pool else 1) - 1))
        return self._slots

    def note(self, game: GameRow, owed: list[Owed]) -> None:
        """``game`` was just saved, telling ``owed``: play its computer players if one of
        them must act now."""
        table = self.service.tables.get(game.kind)
        playing = game.meta.get("ai") or game.meta.get("ai_turn")
        if self.sink is None or not playing or not isinstance(table, GameTable):
            return
        own = _playing.get() == game.id  # its own action: the task sends what it tells
        task = self._tasks.get(game.id)
        if not own and task is not None and not task.done():
            self._news.add(game.id)
        pending = bool(table.computers.pending(table.game(game)))
        if own and not pending:
            self._ended.add(game.id)
        if not pending:
            return
        if owed and not own:
            self._unsent.setdefault(game.id, set()).update(o.outbox_id for o in owed)
            self._sent.setdefault(game.id, asyncio.Event()).clear()
        if task is not None and not task.done():
            self._again.add(game.id)
            return
        task = asyncio.create_task(self._play(game.id), name=f"plateau-ai-{game.id}")
        self._tasks[game.id] = task
        task.add_done_callback(lambda done: self._done(game.id, done))

    def aside(self, key: str, work: Coroutine[Any, Any, None]) -> bool:
        """Run ``work`` beside the commands (a review: minutes of the pool's background),
        one at a time under ``key``: :meth:`idle` waits for it and :meth:`close` stops it,
        as a computer player's. False (``work`` closed unrun) if one under ``key`` runs."""
        running = self._tasks.get(key)
        if running is not None and not running.done():
            work.close()
            return False
        task = asyncio.create_task(work, name=f"plateau-{key}")
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._done(key, done))
        return True

    def delivered(self, outbox_id: int) -> None:
        """The adapter sent (or gave up on) an outbox row."""
        for game_id, unsent in list(self._unsent.items()):
            if outbox_id in unsent:
                unsent.discard(outbox_id)
                if not unsent:
                    del self._unsent[game_id]
                    self._sent.pop(game_id, asyncio.Event()).set()

    async def idle(self) -> None:
        """Wait until no computer player has anything left to play (the console, tests)."""
        while tasks := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.wait(tasks)

    async def close(self) -> None:
        """Stop playing (a restart resumes: an awaited computer player is noted again)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _done(self, game_id: str, task: asyncio.Task[None]) -> None:
        if self._tasks.get(game_id) is task:
            del self._tasks[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", game_id, exc_info=task.exception())

    async def _play(self, game_id: str) -> None:
        """Play the game's awaited computer players, one action at a time, until none is;
        what a round held is posted at its end (when stopped, a restart sends it)."""
        _playing.set(game_id)
        self._news.discard(game_id)
        self._ended.discard(game_id)
        held = Round()
        try:
            await self._rounds(game_id, held)
        except asyncio.CancelledError:
            raise  # stopping: the held posts stay owed, and the restart sends them
        except Exception:
            await self._post(game_id, held)
            raise
        await self._post(game_id, held)

    async def _rounds(self, game_id: str, held: Round) -> None:
        played = 0
        last: float | None = None  # when the last computer action began (None: news since)
        paced = False
        while True:
            self._again.discard(game_id)
            if game_id in self._news:
                # Someone else changed the game (a person acted, joined...): what is held
                # goes out now, and the next computer action answers at once.
                self._news.discard(game_id)
                await self._post(game_id, held)
                last = None
            await self._news_sent(game_id)
            # One read: the computer player looks, thinks and plays on the row it saw.
            async with self.service.seeing():
                row = await self.service.game_row(game_id)
                table = None if row is None else self.service.tables.get(row.kind)
                if (
                    row is None
                    or not isinstance(table, GameTable)
                    or not (pending := table.computers.pending(table.game(row)))
                ):
                    if game_id in self._again:
                        continue  # changed while this looked: look again
                    return
                if played >= ALONE_LIMIT:
                    await self._post(game_id, held)
                    event(log, "ai_paused", level=logging.WARNING, game=game_id, actions=played)
                    if self.sink is not None:
                        text = t(row.meta.get("locale", "en"), "table.ai_paused", actions=played)
                        await self.sink([Delivery("channel", text, channel_id=row.channel_id)])
                    return
                seat, level = pending[0]
                if held.over_before(seat):
                    await self._post(game_id, held)
                # The pace, between two computer actions only: never before a person's, and
                # looked at again after the wait (the game may have moved on meanwhile).
                wait = 0.0 if last is None else last + self.pace - self.clock()
                if wait > 0 and not paced:
                    paced = True
                    await self.sleep(wait)
                    continue
                paced = False
                played += 1
                last = self.clock()
                told = await self._act(table, row, seat, level)
            if told is None:
                return  # logged: a legal action refused is a bug, not a loop
            self._hold(table, row, seat, told, held)
            now = [d for d in told if not _held(d, row)]
            if game_id in self._ended and any(p.closes for p in held.posts):
                # The game's last post first, then the news its end set off elsewhere (its
                # tournament's result, the next round).
                self._ended.discard(game_id)
                await self._post(game_id, held)
            if now and self.sink is not None:
                await self.sink(now)
            if game_id in self._ended:  # a person must act (or it is over): tell them now
                self._ended.discard(game_id)
                await self._post(game_id, held)

    def _hold(
        self, table: GameTable, row: GameRow, seat: str, told: list[Delivery], held: Round
    ) -> None:
        """Keep the thread's posts of a computer player's action for the round's post."""
        held.seats.append(seat)
        held.posts += [d for d in told if isinstance(d, Owed) and _held(d, row)]
        game = table.game(row)
        held.names |= {game.who(u) for u in game.seats.values() if is_ai(u)}
        held.locale, held.kind = game.locale, table.kind

    async def _post(self, game_id: str, held: Round) -> None:
        """Send what ``held`` kept: one post alone as it is; several as one, which takes
        their place in the outbox (one transaction) before it is sent."""
        posts = held.take()
        if not posts or self.sink is None:
            return
        if len(posts) == 1:
            await self.sink([*posts])
            return
        combined = held.combined(posts)
        stored = await self.service.storage.replace_owed(
            game_id, [p.outbox_id for p in posts], combined
        )
        event(log, "ai_round", game=game_id, actions=len(posts))
        await self.sink([stored])

    async def _news_sent(self, game_id: str) -> None:
        sent = self._sent.get(game_id)
        if sent is None or sent.is_set():
            return
        try:
            await asyncio.wait_for(sent.wait(), SENT_WAIT)
        except TimeoutError:
            event(log, "ai_news_unsent", level=logging.WARNING, game=game_id)
            self._unsent.pop(game_id, None)
            self._sent.pop(game_id, None)

    async def _act(
        self, table: GameTable, row: GameRow, seat: str, level: str
    ) -> list[Delivery] | None:
        """Think (in the pool) and play one action for ``seat``; what it tells (``[]``: the
        game moved on meanwhile; ``None``: not even a legal action could be played)."""
        try:
            return await self._think_and_play(table, row, seat, level)
        except MovedOn:
            return []  # nothing was played: nothing logged as played

    def choice_seed(self, row: GameRow, seat: str, attempt: int) -> int | None:
        """The seed of a computer player's choice in a seeded run (``None`` otherwise): the
        same game at the same version, seat and attempt always draws the same."""
        if self.seed is None:
            return None
        text = f"plateau-ai:{self.seed}:{row.id}:{row.version}:{seat}:{attempt}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")

    async def _think_and_play(
        self, table: GameTable, row: GameRow, seat: str, level: str
    ) -> list[Delivery] | None:
        game = table.game(row)
        view = table.rules.view(game.state, seat)
        play = functools.partial(table.computers.act, self.service, row.id, seat)
        for attempt in range(THINK_TRIES):
            seed = self.choice_seed(row, seat, attempt)
            try:
                async with self.slots():
                    with metrics.thinking(table.kind):
                        text = await rendering.render(decision, table.kind, view, seat, level, seed)
            except Exception:
                log.exception("computer player of game %s could not think", row.id)
                break
            told = await self.service.retrying(functools.partial(play, text))
            if told is not None:
                event(log, "ai_played", game=row.id, kind=table.kind, ai_level=level)
                return told
            event(log, "ai_refused", level=logging.WARNING, game=row.id, kind=table.kind)
        legal = table.rules.legal_actions(game.state, seat)
        seed = self.choice_seed(row, seat, THINK_TRIES)
        rng = _fallback if seed is None else random.Random(seed)
        told = await self.service.retrying(functools.partial(play, str(rng.choice(legal))))
        if told is None:
            log.error("game %s refused a legal action of its computer player", row.id)
        return told


class MovedOn(Exception):
    """The seat no longer waits for the action its computer player thought of (a person
    took it back, the game was cancelled meanwhile): nothing was played."""


def _held(delivery: Delivery, row: GameRow) -> bool:
    """A post in the game's thread that a round's post may stand for (not a DM, not a
    message edited in place, not its tournament's own post where they share a channel)."""
    return (
        isinstance(delivery, Owed)
        and delivery.to == "channel"
        and delivery.channel_id == row.channel_id
        and delivery.slot is None
        and not is_tournaments(delivery)
    )
