"""Prometheus metrics, off unless ``PLATEAU_METRICS_PORT`` is set (``bot.health`` serves them).

Every metric is defined here, in a :class:`Metrics` with a registry of its own (never
prometheus_client's global one, so that tests make as many as they like). The few places that
measure call this module's functions (:func:`command`, :func:`refused`, :func:`failed`,
:func:`rendered`, :func:`thinking`, :func:`discord_answer`); while no :class:`Metrics` is
:func:`enable`-d each of them returns at its first line. The gauges (the outbox, live games)
are not kept up to date as things happen: :meth:`Metrics.scrape` reads them from storage."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

__all__ = ["CONTENT_TYPE_LATEST", "Metrics", "active", "command", "enable"]

RESULTS = ("ok", "refused", "error")
# A command takes milliseconds to a second or two (a picture, a computer's answer).
COMMAND_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
RENDER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

# (guild id, rows owed, the oldest one's created_at) per guild; (guild id, live games).
OwedRows = list[tuple[int | None, int, float]]
LiveRows = list[tuple[int | None, int]]


class Metrics:
    """The bot's metrics, in ``registry`` (a new one unless given)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry if registry is not None else CollectorRegistry()
        r = self.registry
        self.commands = Counter(
            "plateau_commands",
            "Commands run, by game and result (ok, refused: the player was told why, error).",
            ["game", "result"],
            registry=r,
        )
        self.command_seconds = Histogram(
            "plateau_command_seconds",
            "Time the service took to run a command (pictures included), by game.",
            ["game"],
            buckets=COMMAND_BUCKETS,
            registry=r,
        )
        self.render_seconds = Histogram(
            "plateau_render_seconds",
            "Time a picture took to draw (in the render pool, or a thread).",
            buckets=RENDER_BUCKETS,
            registry=r,
        )
        self.think_seconds = Histogram(
            "plateau_think_seconds",
            "Time a computer player took to choose an action, by game.",
            ["game"],
            buckets=THINK_BUCKETS,
            registry=r,
        )
        self.discord_answers = Counter(
            "plateau_discord_answers",
            "Discord's answers that were not a success it gave at once: 429 and 5xx.",
            ["status"],
            registry=r,
        )
        self.outbox_depth = Gauge(
            "plateau_outbox_depth",
            "Messages owed to players and not sent yet (this process's shards).",
            registry=r,
        )
        self.outbox_oldest = Gauge(
            "plateau_outbox_oldest_seconds",
            "Age of the oldest message owed and not sent yet (0: none owed).",
            registry=r,
        )
        self.live_games = Gauge(
            "plateau_live_games",
            "Games in a lobby or running (this process's shards).",
            registry=r,
        )

    def count_command(self, game: str, result: str, seconds: float) -> None:
        self.commands.labels(game, result).inc()
        self.command_seconds.labels(game).observe(seconds)

    async def scrape(
        self,
        owed: Callable[[], Awaitable[OwedRows]],
        live: Callable[[], Awaitable[LiveRows]],
        owns: Callable[[int | None], bool],
        now: float | None = None,
    ) -> bytes:
        """The exposition text, with the gauges read from storage now (``owed`` and
        ``live`` give them per guild; only the guilds this process ``owns`` count)."""
        now = time.time() if now is None else now
        depth, oldest = 0, None
        for guild, count, created in await owed():
            if owns(guild):
                depth += count
                oldest = created if oldest is None else min(oldest, created)
        self.outbox_depth.set(depth)
        self.outbox_oldest.set(max(0.0, now - oldest) if oldest is not None else 0.0)
        self.live_games.set(sum(count for guild, count in await live() if owns(guild)))
        return generate_latest(self.registry)


_active: Metrics | None = None
# The result of the command running in this context: set by refused()/failed().
_result: ContextVar[list[str] | None] = ContextVar("plateau_command_result", default=None)
# Inside a computer player's thinking, a render is a think, not a picture.
_thinking: ContextVar[bool] = ContextVar("plateau_thinking", default=False)


def enable(metrics: Metrics | None = None) -> Metrics:
    """Measure from now on, into ``metrics`` (a new :class:`Metrics` unless given)."""
    global _active
    _active = metrics if metrics is not None else Metrics()
    return _active


def disable() -> None:
    global _active
    _active = None


def active() -> Metrics | None:
    return _active


@contextmanager
def command(game: str) -> Iterator[None]:
    """Around one command of ``game``: counts it by its result (ok unless :func:`refused`
    or :func:`failed` was called within) and observes its time."""
    metrics = _active
    if metrics is None:
        yield
        return
    started = time.perf_counter()
    result = ["ok"]
    token = _result.set(result)
    try:
        yield
    except BaseException:
        result[0] = "error"
        raise
    finally:
        _result.reset(token)
        metrics.count_command(game, result[0], time.perf_counter() - started)


def refused() -> None:
    """The command running was refused (the player is told why)."""
    result = _result.get()
    if result is not None:
        result[0] = "refused"


def failed() -> None:
    """The command running failed on an error (a bug, or the database)."""
    result = _result.get()
    if result is not None:
        result[0] = "error"


def rendered(seconds: float) -> None:
    """A picture took ``seconds`` to draw (a computer's thinking, in the same pool, is not
    one: see :func:`thinking`)."""
    metrics = _active
    if metrics is not None and not _thinking.get():
        metrics.render_seconds.observe(seconds)


@contextmanager
def thinking(game: str) -> Iterator[None]:
    """Around a computer player's choice of an action in ``game``: observes its time."""
    metrics = _active
    if metrics is None:
        yield
        return
    started = time.perf_counter()
    token = _thinking.set(True)
    try:
        yield
    finally:
        _thinking.reset(token)
        metrics.think_seconds.labels(game).observe(time.perf_counter() - started)


def discord_answer(status: int) -> None:
    """Discord answered ``status``: a 429 or a 5xx is counted (``5xx`` for any of them)."""
    metrics = _active
    if metrics is None or (status != 429 and status < 500):
        return
    metrics.discord_answers.labels("429" if status == 429 else "5xx").inc()
