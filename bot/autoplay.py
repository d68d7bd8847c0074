"""The computer players at the tables: each plays as soon as its seat is awaited.

After every saved change the service asks :meth:`Autoplay.note` whether a computer player
must act now. If so, one task per game plays it: it waits until what the change told was
sent (so the thread reads in order), hands the seat's view (``view(state, seat)``, never the
state) to :func:`ai.player.decision` in the render process pool (thinking never runs on
the event loop), and has the table play the answer as a player's command would, under the
game's lock. What that tells goes to the adapter's ``sink``, as a command's reply would.

A computer player whose answer the rules refuse (it never should) thinks again, then plays a
legal action at random: a game is never stuck behind it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from ai.player import decision
from bot import rendering
from bot.i18n import t
from bot.logs import event
from bot.model import Delivery
from bot.storage import GameRow, Owed, Storage

T = TypeVar("T")


class Service(Protocol):
    """What the computer players use of the table service (``bot.service``, which owns them)."""

    storage: Storage
    tables: dict[str, Any]

    async def retrying(self, run: Callable[[], Awaitable[T]]) -> T: ...


log = logging.getLogger("plateau.autoplay")

Sink = Callable[[list[Delivery]], Awaitable[None]]
SENT_WAIT = 10.0  # seconds a computer player waits for the news it answers to be sent
THINK_TRIES = 2  # answers the rules refuse before a random legal action is played
# Computer players alone at a table (every person handed over or resigned) pause after this
# many actions in a row: a game without a person must not keep a process busy for ever.
ALONE_LIMIT = 2000
_fallback = random.Random()  # its own: no game's dice stream is touched


class Autoplay:
    def __init__(self, service: Service) -> None:
        self.service = service
        # Where what a computer player's action tells goes (the adapter sets it); without
        # one nobody would read it, so computer players wait.
        self.sink: Sink | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()  # games changed while their task was playing
        self._unsent: dict[str, set[int]] = {}  # game -> outbox rows it waits to be sent
        self._sent: dict[str, asyncio.Event] = {}
        self._slots: asyncio.Semaphore | None = None

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
        table: Any = self.service.tables.get(game.kind)
        playing = game.meta.get("ai") or game.meta.get("ai_turn")
        if self.sink is None or not playing or table is None:
            return
        if not table.ai_pending(table.game(game)):
            return
        if owed:
            self._unsent.setdefault(game.id, set()).update(o.outbox_id for o in owed)
            self._sent.setdefault(game.id, asyncio.Event()).clear()
        task = self._tasks.get(game.id)
        if task is not None and not task.done():
            self._again.add(game.id)
            return
        task = asyncio.create_task(self._play(game.id), name=f"plateau-ai-{game.id}")
        self._tasks[game.id] = task
        task.add_done_callback(lambda done: self._done(game.id, done))

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
            log.error("computer player of game %s failed", game_id, exc_info=task.exception())

    async def _play(self, game_id: str) -> None:
        """Play the game's awaited computer players, one action at a time, until none is."""
        played = 0
        while True:
            self._again.discard(game_id)
            await self._news_sent(game_id)
            table: Any = None
            row = await self.service.storage.load(game_id)
            if row is not None:
                table = self.service.tables.get(row.kind)
            pending = table.ai_pending(table.game(row)) if table is not None else []
            if not pending:
                if game_id in self._again:
                    continue  # changed while this looked: look again
                return
            if played >= ALONE_LIMIT:
                event(log, "ai_paused", level=logging.WARNING, game=game_id, actions=played)
                if self.sink is not None:
                    text = t(row.meta.get("locale", "en"), "table.ai_paused", actions=played)
                    await self.sink([Delivery("channel", text, channel_id=row.channel_id)])
                return
            seat, level = pending[0]
            played += 1
            told = await self._act(table, row, seat, level)
            if told is None:
                return  # logged: a legal action refused is a bug, not a loop
            if told and self.sink is not None:
                await self.sink(told)

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

    async def _act(self, table: Any, row: GameRow, seat: str, level: str) -> list[Delivery] | None:
        """Think (in the pool) and play one action for ``seat``; what it tells (``[]``: the
        game moved on meanwhile; ``None``: not even a legal action could be played)."""
        game = table.game(row)
        view = table.rules.view(game.state, seat)
        for _ in range(THINK_TRIES):
            try:
                async with self.slots():
                    text = await rendering.render(decision, table.kind, view, seat, level)
            except Exception:
                log.exception("computer player of game %s could not think", row.id)
                break
            told = await self.service.retrying(
                lambda text=text: table.ai_act(self.service, row.id, seat, text)
            )
            if told is not None:
                event(log, "ai_played", game=row.id, kind=table.kind, ai_level=level)
                return told
            event(log, "ai_refused", level=logging.WARNING, game=row.id, kind=table.kind)
        legal = table.rules.legal_actions(game.state, seat)
        text = str(_fallback.choice(legal))
        told = await self.service.retrying(lambda: table.ai_act(self.service, row.id, seat, text))
        if told is None:
            log.error("game %s refused a legal action of its computer player", row.id)
        return told
