"""The process: :func:`serve` opens the storage, claims the process's shards, starts the
render workers and the bot, and on SIGINT or SIGTERM closes them all in order (``python -m
bot`` runs it). What the bot does at READY and on closing is the bot class's
(``bot.discord.bot``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

import discord
import yarl

from bot import metrics, rendering
from bot.discord.bot import make_bot
from bot.games import services
from bot.health import PLAIN, Gateway, Monitor
from bot.logs import event
from bot.service import TableService
from bot.settings import Settings
from bot.shards import ShardCountDiffers, Shards, ShardTaken
from bot.storage import SqlStorage, storage_for

log = logging.getLogger("plateau.discord")


def build_service(storage: SqlStorage, shards: Shards | None = None) -> TableService:
    """The service of a process serving ``shards`` (None: unsharded, every guild)."""
    return TableService(storage, services(), owns=(shards or Shards()).owns)


def use_endpoints(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py at a REST proxy or gateway proxy (or the local stand-in). REST calls
    and interaction webhooks both build their URLs from ``Route.BASE``."""
    if api_base:
        discord.http.Route.BASE = api_base
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


async def start_monitor(settings: Settings, storage: SqlStorage, shards: Shards) -> Monitor | None:
    """``/metrics`` and ``/healthz`` (``bot.health``) when ``PLATEAU_METRICS_PORT`` is set
    (the bot's gateway is watched once the bot exists)."""
    if settings.metrics_port is None:
        return None
    metrics.enable()
    gateway = Gateway(shards.ids if settings.shards else (PLAIN,))
    monitor = Monitor(storage, gateway, owns=shards.owns)
    await monitor.start(settings.metrics_host, settings.metrics_port)
    return monitor


async def serve(settings: Settings) -> int:
    """Run the bot until SIGINT or SIGTERM, then close it and the storage cleanly."""
    use_endpoints(settings.api_base, settings.gateway_url)
    storage = storage_for(settings.db)
    await storage.open()
    # Held until the process ends: no other process handles these shards' games meanwhile.
    # Unsharded is shard 0 of 1, so two unsharded bots on one database refuse too, and so
    # does an unsharded bot beside shard 1 of 2 (every live process runs with one count).
    shards = settings.shards or Shards()
    try:
        claim = await storage.claim_shards(shards)
    except ShardTaken as exc:
        event(log, "shard_taken", level=logging.ERROR, shard=exc.shard, hint=str(exc))
        await storage.close()
        return 1
    except ShardCountDiffers as exc:
        event(
            log,
            "shard_count_differs",
            level=logging.ERROR,
            shard_count=exc.count,
            running=exc.recorded,
            hint=str(exc),
        )
        await storage.close()
        return 1
    try:
        monitor = await start_monitor(settings, storage, shards)
    except OSError as exc:  # the port is taken, or the address is not this machine's
        event(log, "metrics_port_failed", level=logging.ERROR, error=str(exc))
        await claim.release()
        await storage.close()
        return 1
    # Its workers start in setup_hook, from the warm state kept in the cache folder.
    rendering.start(settings.render_processes, cache_dir=settings.cache_dir)
    service = build_service(storage, shards)
    service.autoplay.pace = settings.ai_pace  # computer players at a human pace
    bot = make_bot(
        service,
        settings.shards,
        dev_guild=settings.dev_guild,
        warm_renderer=True,
        expire_every=settings.expire_seconds,
    )
    if monitor is not None:
        monitor.gateway.watch(bot)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    event(
        log,
        "starting",
        db=settings.db_shown,
        dev_guild=settings.dev_guild,
        shards=",".join(map(str, shards.ids)),
        shard_count=shards.count,
    )
    runner = asyncio.create_task(bot.start(settings.token or ""), name="plateau-bot")
    stopper = asyncio.create_task(stop.wait(), name="plateau-stop")
    code = 0
    try:
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            runner.result()
    except discord.LoginFailure:
        event(log, "login_failed", level=logging.ERROR, hint="check DISCORD_TOKEN")
        code = 1
    except Exception:
        log.exception("the bot stopped on an error")
        code = 1
    finally:
        event(log, "stopping")
        await bot.close()  # drains commands in flight, then disconnects
        for task in (runner, stopper):
            if not task.done():
                task.cancel()
        await asyncio.gather(runner, stopper, return_exceptions=True)
        await asyncio.to_thread(rendering.stop)
        if monitor is not None:
            await monitor.stop()
        await claim.release()
        await storage.close()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
        event(log, "stopped")
    return code
