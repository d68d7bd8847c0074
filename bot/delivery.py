"""Sending, paced and in order: one lane per channel (and per DM recipient), each with its
own worker, pace and back-off.

A lane sends its items one at a time, oldest first. Its pace keeps within Discord's limit
on a channel's messages (5 in any 5 s, edits counted too), so the bot never draws a 429 by
its own pace. An item Discord fails for a while (a 5xx, a time-out, a 429) stays at the
head of its lane and is tried again after a back-off that doubles from about 1 s up to
5 min; only a refusal (403, 404, closed DMs) ends it otherwise. Whoever put an item waits
for its first try at most (:attr:`Item.first`), never for the retries.

One try is one request: discord.py retries a 500/502/504 by itself, up to five times over
25 s, inside ``HTTPClient.request``; :func:`once` cuts that loop at the first 5xx answer
(seen by :func:`one_try_trace`, an aiohttp trace given to the client) and the lane's own
back-off takes over. A 429 is left to discord.py, which waits its ``Retry-After``.

Nothing here knows Discord's objects: the adapter (``bot.discord.courier.Courier``) gives the
lanes how to try an item and what to do once it is sent or refused."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

import aiohttp

from bot import metrics
from bot.model import Delivery
from bot.storage import Owed

log = logging.getLogger("plateau.delivery")

T = TypeVar("T")
Outcome = Literal["sent", "later", "refused"]
Key = tuple[str, int]  # ("channel", channel id) or ("dm", user id)

PACE = (5, 5.0)  # at most this many messages (posts and edits) per this many seconds
BACKOFF = (1.0, 300.0)  # the first pause after a failed try, and the longest
TRY_SECONDS = 20.0  # one try that neither answers nor fails (a hung connection) fails
MARGIN = 0.25  # seconds added to the pace: Discord counts arrivals, not departures


# ---------------------------------------------------------------- one try, one request


class ServerFailed(Exception):
    """Discord answered a 5xx: the try ends there instead of in discord.py's retries."""

    def __init__(self, status: int) -> None:
        super().__init__(f"Discord answered {status}")
        self.status = status


@dataclass
class _Try:
    failed: asyncio.Event = field(default_factory=asyncio.Event)
    status: int = 0


_current: ContextVar[_Try | None] = ContextVar("plateau_try", default=None)


def one_try_trace() -> aiohttp.TraceConfig:
    """The aiohttp trace that tells :func:`once` of a 5xx answer as soon as it arrives."""

    async def on_request_end(session: Any, context: Any, params: Any) -> None:
        metrics.discord_answer(params.response.status)  # every request's: 429s and 5xx
        current = _current.get()
        if current is not None and params.response.status >= 500:
            current.status = params.response.status
            current.failed.set()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_request_end)
    return trace


async def once(send: Callable[[], Awaitable[T]], bound: float = TRY_SECONDS) -> T:
    """``send()`` as one try: it fails with :class:`ServerFailed` at the first 5xx answer
    (discord.py is then sleeping before its own retry, nothing is in flight), with
    :class:`TimeoutError` after ``bound`` seconds."""
    current = _Try()
    token = _current.set(current)
    try:
        task = asyncio.ensure_future(send())  # the task's context holds ``current``
    finally:
        _current.reset(token)
    failed = asyncio.ensure_future(current.failed.wait())
    try:
        done, _ = await asyncio.wait(
            {task, failed}, timeout=bound, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        failed.cancel()
    if task in done:
        return task.result()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task
    if current.failed.is_set():
        raise ServerFailed(current.status)
    raise TimeoutError(f"no answer within {bound} s")


# ---------------------------------------------------------------- lanes


class Pace:
    """At most ``count`` sends in any ``per`` seconds (a sliding window: it keeps within a
    fixed window of Discord's too)."""

    def __init__(self, count: int, per: float, clock: Callable[[], float] = time.monotonic):
        self.count, self.per, self.clock = count, per, clock
        self.sent: deque[float] = deque(maxlen=count)

    def wait(self) -> float:
        if len(self.sent) < self.count:
            return 0.0
        return max(0.0, self.sent[0] + self.per + MARGIN - self.clock())

    def note(self) -> None:
        self.sent.append(self.clock())

    def idle(self) -> bool:
        """Nothing sent in the last window: a new pace would do as well."""
        return not self.sent or self.sent[-1] + self.per + MARGIN <= self.clock()


@dataclass
class Batch:
    """The items one call put (a command's deliveries): a closed DM is noted once per batch,
    in ``channel`` (the game's) unless the DM names its own."""

    channel: int | None = None
    noted: set[int] = field(default_factory=set)


@dataclass(eq=False)
class Item:
    key: Key
    delivery: Delivery
    batch: Batch
    retry: bool = True  # False: one try only (the DM probe)
    tries: int = 0
    error: BaseException | None = None  # what the last try failed with
    retry_after: float = 0.0  # a 429's wait, at least, before the next try
    # Sent with every try of a post (``enforce_nonce``): Discord drops a repeat of a post it
    # took whose answer was lost. An outbox row keeps its own across restarts.
    nonce: str = field(default_factory=lambda: secrets.token_hex(10))
    first: asyncio.Future[Outcome] = field(default_factory=lambda: _future())
    done: asyncio.Future[Outcome] = field(default_factory=lambda: _future())


def _future() -> asyncio.Future[Outcome]:
    return asyncio.get_running_loop().create_future()


def _settle(future: asyncio.Future[Outcome], outcome: Outcome) -> None:
    if not future.done():
        future.set_result(outcome)


@dataclass(eq=False)
class _Lane:
    key: Key
    pace: Pace
    queue: deque[Item] = field(default_factory=deque)
    task: asyncio.Task[None] | None = None
    failures: int = 0  # failed tries in a row of its head item

    @property
    def stalled(self) -> bool:
        return self.failures > 0


Attempt = Callable[[Item], Awaitable[Outcome]]
Finish = Callable[[Item, Outcome], Awaitable[None]]


class Lanes:
    """The lanes of one process. ``attempt(item)`` tries an item once and says how it went
    (it never raises); ``finish(item, outcome)`` runs once it was sent or refused, before
    whoever waits on :attr:`Item.first` is told (a note it posts comes first)."""

    def __init__(
        self,
        attempt: Attempt,
        finish: Finish,
        *,
        pace: tuple[int, float] = PACE,
        backoff: tuple[float, float] = BACKOFF,
    ) -> None:
        self.attempt, self.finish = attempt, finish
        self.pace, self.backoff = pace, backoff
        self._lanes: dict[Key, _Lane] = {}
        # Outlives its lane (which ends when it has nothing to send): a lane made again a
        # moment later must still count what was just sent.
        self._paces: dict[Key, Pace] = {}
        self._owed: set[int] = set()  # outbox rows in a lane: a resume does not add them again

    def put(self, key: Key, delivery: Delivery, batch: Batch, *, retry: bool = True) -> Item | None:
        """Queue ``delivery`` at the end of its lane; None if that outbox row is queued
        already. On a lane that is failing, its first try is known at once: later."""
        if isinstance(delivery, Owed):
            if delivery.outbox_id in self._owed:
                return None
            self._owed.add(delivery.outbox_id)
        item = Item(key, delivery, batch, retry)
        if isinstance(delivery, Owed):
            item.nonce = delivery.nonce
        lane = self._lanes.get(key)
        if lane is None:
            lane = self._lanes[key] = _Lane(key, self._pace(key))
        if lane.stalled:
            _settle(item.first, "later")
            if not item.retry:  # a probe does not wait behind an outage
                _settle(item.done, "later")
                return item
        lane.queue.append(item)
        if lane.task is None or lane.task.done():
            lane.task = asyncio.create_task(self._work(lane), name=f"plateau-lane-{key[0]}")
        return item

    def _pace(self, key: Key) -> Pace:
        if len(self._paces) > 4096:
            self._paces = {k: p for k, p in self._paces.items() if not p.idle()}
        pace = self._paces.get(key)
        if pace is None:
            pace = self._paces[key] = Pace(*self.pace)
        return pace

    def stalled(self) -> bool:
        """Is any lane waiting for Discord to take its head item?"""
        return any(lane.stalled for lane in self._lanes.values())

    def pause(self, failures: int, item: Item) -> float:
        base, cap = self.backoff
        return max(min(cap, base * 2 ** (failures - 1)), item.retry_after)

    async def _work(self, lane: _Lane) -> None:
        try:
            while lane.queue:
                item = lane.queue[0]
                await asyncio.sleep(lane.pace.wait())
                item.tries += 1
                try:
                    outcome = await self.attempt(item)
                finally:
                    # Counted from its answer: the next one cannot overtake it on the way.
                    lane.pace.note()
                if outcome == "later" and item.retry:
                    lane.failures += 1
                    _settle(item.first, "later")
                    await asyncio.sleep(self.pause(lane.failures, item))
                    continue
                lane.failures = 0
                lane.queue.popleft()
                await self._finish(item, outcome)
        finally:
            if self._lanes.get(lane.key) is lane and not lane.queue:
                del self._lanes[lane.key]

    async def _finish(self, item: Item, outcome: Outcome) -> None:
        try:
            if outcome != "later":
                await self.finish(item, outcome)
        except Exception:
            log.exception("finishing a delivery failed")
        finally:
            if isinstance(item.delivery, Owed):
                self._owed.discard(item.delivery.outbox_id)
            _settle(item.first, outcome)
            _settle(item.done, outcome)

    async def close(self) -> None:
        """Stop every lane: what is still owed stays in the outbox for the next start."""
        tasks = [lane.task for lane in self._lanes.values() if lane.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for lane in self._lanes.values():
            for item in lane.queue:
                item.first.cancel()
                item.done.cancel()
        self._lanes.clear()
        self._owed.clear()
