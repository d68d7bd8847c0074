"""``/metrics`` and ``/healthz`` on ``PLATEAU_METRICS_PORT`` (off unless it is set).

``/metrics`` is Prometheus's text format (``bot.metrics``), its gauges read from storage at
each scrape. ``/healthz`` answers 200 ``ready`` only while every gateway connection of the
process is up (READY or RESUMED since its last disconnect) and the database answers a
trivial query within :data:`DB_SECONDS`; otherwise 503 and the reason, one line."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from aiohttp import web
from discord.ext import commands

from bot import metrics as metrics_module
from bot.logs import event
from bot.metrics import CONTENT_TYPE_LATEST, Metrics
from bot.storage import SqlStorage

log = logging.getLogger("plateau.health")

DB_SECONDS = 2.0  # a database slower than this to say "1" is not ready
PLAIN = 0  # the one "shard" of an unsharded client


class Gateway:
    """Which of the process's gateway connections are up, from discord.py's events: a
    connection is up from its READY or RESUMED to its next disconnect."""

    def __init__(self, shards: Iterable[int] = (PLAIN,)) -> None:
        self.expected = frozenset(shards)
        self.live: set[int] = set()
        self.closed: Callable[[], bool] = lambda: False

    def watch(self, bot: commands.Bot) -> None:
        """Follow ``bot``'s connections (a plain client's, or each shard's)."""
        self.closed = bot.is_closed
        if isinstance(bot, commands.AutoShardedBot):
            bot.add_listener(self._up, "on_shard_ready")
            bot.add_listener(self._up, "on_shard_resumed")
            bot.add_listener(self._down, "on_shard_disconnect")
        else:
            bot.add_listener(self._plain_up, "on_ready")
            bot.add_listener(self._plain_up, "on_resumed")
            bot.add_listener(self._plain_down, "on_disconnect")

    async def _up(self, shard: int) -> None:
        self.up(shard)

    async def _down(self, shard: int) -> None:
        self.down(shard)

    async def _plain_up(self) -> None:
        self.up(PLAIN)

    async def _plain_down(self) -> None:
        self.down(PLAIN)

    def up(self, shard: int) -> None:
        if shard not in self.live:
            event(log, "gateway_up", shard=shard)
        self.live.add(shard)

    def down(self, shard: int) -> None:
        if shard in self.live:
            event(log, "gateway_down", level=logging.WARNING, shard=shard)
        self.live.discard(shard)

    def problem(self) -> str | None:
        """Why the gateway is not ready, or None."""
        if self.closed():
            return "the client is closed"
        missing = sorted(self.expected - self.live)
        if not missing:
            return None
        if self.expected == {PLAIN} and not self.live:
            return "the gateway is not connected"
        return "gateway shards not connected: " + ",".join(map(str, missing))


class Monitor:
    """The HTTP server of ``/metrics`` and ``/healthz`` for one process: its storage, the
    guilds it ``owns`` (its shards'), its gateway connections."""

    def __init__(
        self,
        storage: SqlStorage,
        gateway: Gateway,
        *,
        owns: Callable[[int | None], bool] = lambda guild: True,
        metrics: Metrics | None = None,
        db_seconds: float = DB_SECONDS,
    ) -> None:
        self.storage = storage
        self.gateway = gateway
        self.owns = owns
        self.metrics = metrics or metrics_module.active() or metrics_module.enable()
        self.db_seconds = db_seconds
        self.app = web.Application()
        self.app.router.add_get("/metrics", self.serve_metrics)
        self.app.router.add_get("/healthz", self.serve_health)
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host:port`` (port 0: any free one); gives the port."""
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        event(log, "metrics_serving", host=host, port=self.port)
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def problem(self) -> str | None:
        """Why this process is not ready, or None."""
        gateway = self.gateway.problem()
        if gateway is not None:
            return gateway
        try:
            await asyncio.wait_for(self.storage.ping(), self.db_seconds)
        except TimeoutError:
            return f"the database did not answer within {self.db_seconds:g} s"
        except Exception as exc:
            return f"the database failed: {type(exc).__name__}"
        return None

    async def serve_health(self, request: web.Request) -> web.Response:
        problem = await self.problem()
        if problem is None:
            return web.Response(text="ready\n")
        return web.Response(status=503, text=f"not ready: {problem}\n")

    async def serve_metrics(self, request: web.Request) -> web.Response:
        try:
            body = await asyncio.wait_for(
                self.metrics.scrape(
                    self.storage.owed_by_guild, self.storage.live_by_guild, self.owns
                ),
                self.db_seconds * 2,
            )
        except Exception as exc:
            event(log, "scrape_failed", level=logging.WARNING, error=type(exc).__name__)
            return web.Response(status=503, text=f"the database failed: {type(exc).__name__}\n")
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
