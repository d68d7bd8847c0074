"""The bot class: a ``commands.Bot`` over the table service, composed of its parts (the
courier, threads, silence), with discord.py's own life cycle: ``setup_hook`` (the
translator, each game's extension, the renderer, the commands' sync), READY (the resume,
then the time-out tick), ``close`` (let commands in flight finish)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import rendering
from bot.cogs import TableCog, command_guide
from bot.delivery import one_try_trace
from bot.discord.courier import Courier
from bot.discord.interactions import Options, kind_of, missing_permissions, request_from
from bot.discord.silence import Silence
from bot.discord.threads import Threads
from bot.discord.translator import CatalogTranslator
from bot.games import extension
from bot.i18n import t
from bot.logs import event, safe_options
from bot.model import CommandHelp
from bot.service import TableService
from bot.shards import Shards

log = logging.getLogger("plateau.discord")

EXPIRE_SECONDS = 30.0
SHUTDOWN_GRACE = 10.0


def intents() -> discord.Intents:
    """The gateway intents the bot asks for: discord.py's default (guild messages, for the
    silence rule); no privileged one (``python -m bot check`` lists them)."""
    return discord.Intents.default()


class PlateauBot(commands.Bot):
    """The games of ``service`` on Discord: each one's extension (``bot.cogs.<kind>``) is
    loaded at set-up. ``expire_every``: seconds between two passes of the time-out tick
    (None: no tick)."""

    def __init__(
        self,
        service: TableService,
        *,
        dev_guild: int | None = None,
        sync_commands: bool = True,
        expire_every: float | None = EXPIRE_SECONDS,
        warm_renderer: bool = False,
        **client_options: Any,
    ) -> None:
        discord.VoiceClient.warn_nacl = False  # no voice here: no warnings about it
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents(),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            # Games live in server channels: the commands are not offered in DMs at all.
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=False, private_channel=False
            ),
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            # One try of a post is one request: the courier's lanes retry, not discord.py.
            http_trace=client_options.pop("http_trace", None) or one_try_trace(),
            **client_options,
        )
        self.service = service
        self.threads = Threads(self, service)
        # A tournament's games open by themselves, each in a thread of its own.
        tournaments = getattr(service.tables.get("plateau"), "tournaments", None)
        if tournaments is not None:
            tournaments.running.open_thread = self.threads.tournament_thread
        self.courier = Courier(self, service, self.threads)
        self.silence = Silence(service, self.courier)
        self.service.dm_probe = self.courier.probe_dm
        # What the computer players' actions tell is sent as a command's reply is; they wait
        # until it arrived (through an outage too) before they act again.
        service.autoplay.sink = functools.partial(self.courier.send, until_delivered=True)
        self.service.guide = self.guide
        self.dev_guild = dev_guild
        self.sync_commands = sync_commands
        self.expire_every = expire_every
        if expire_every:
            self.expiry.change_interval(seconds=expire_every)
        self.warm_renderer = warm_renderer
        self._warming: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[Any]] = set()
        self._resumed = False

    # ------------------------------------------------------------ life cycle

    async def setup_hook(self) -> None:
        self.tree.error(self.on_app_command_error)  # discord.py's way to set the tree's handler
        await self.tree.set_translator(CatalogTranslator())
        for kind in self.service.tables:
            await self.load_extension(extension(kind))  # its setup adds the cog and buttons
        # The render workers start now, while the gateway connects: up before READY.
        if self.warm_renderer:
            self._warming = asyncio.create_task(self._warm(), name="plateau-warm")
        if self.sync_commands:
            await self.sync_app_commands()

    async def _warm(self) -> None:
        started = time.perf_counter()
        try:
            workers = await rendering.up()
            up_ms = round((time.perf_counter() - started) * 1000)
            event(log, "renderer_up", workers=workers, ms=up_ms)
            # The rest of the warm-up, between live pictures: it never delays one.
            drawn = await rendering.warm()
        except Exception:
            log.exception("warming the renderer failed")  # pictures are then drawn cold
            return
        event(
            log, "renderer_warm", pictures=drawn, ms=round((time.perf_counter() - started) * 1000)
        )

    async def sync_app_commands(self) -> None:
        try:
            if self.dev_guild:
                guild = discord.Object(self.dev_guild)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
            else:
                synced = await self.tree.sync()
        except discord.HTTPException as exc:
            event(log, "sync_failed", level=logging.ERROR, status=exc.status, code=exc.code)
            return
        event(log, "commands_synced", count=len(synced), guild=self.dev_guild)

    async def on_ready(self) -> None:
        """The first READY resumes the games, then starts the time-out tick (a later READY,
        after a reconnection, has nothing to resume)."""
        event(log, "ready", user=self.user.id if self.user else None, guilds=len(self.guilds))
        if self._resumed:
            return
        self._resumed = True
        try:
            await self.resume_games()
        finally:
            if self.expire_every and not self.expiry.is_running():
                self.expiry.start()

    async def on_message(self, message: discord.Message) -> None:
        """No prefix commands (slash commands only): a message only matters to silence."""
        await self.silence.heard(message)

    async def resume_games(self) -> None:
        """After a (re)start: what a crash left unsent (the outbox), then what the service
        says about unfinished games (pings)."""
        deliveries = await self.service.resume()
        event(log, "resumed", deliveries=len(deliveries))
        await self.courier.send(deliveries)

    async def run_expiry(self) -> None:
        """One pass over the time limits (the Super D20 'keep')."""
        deliveries = await self.service.expire()
        if deliveries:
            event(log, "expired", deliveries=len(deliveries))
            await self.courier.send(deliveries)

    @tasks.loop(seconds=EXPIRE_SECONDS)
    async def expiry(self) -> None:
        """The time-out tick, every ``expire_every`` seconds from the first READY on: a
        failed pass is logged, and the next one comes all the same."""
        try:
            await self.run_expiry()
        except Exception:
            log.exception("expiry pass failed")

    async def close(self) -> None:
        """Stop the tick, let commands in flight finish (each is one transaction), close."""
        tick = self.expiry.get_task()
        if tick is not None and not tick.done():
            self.expiry.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await tick
        self.threads.close()
        await self.service.autoplay.close()  # a restart plays on where they stopped
        pending = {task for task in self._inflight if task is not asyncio.current_task()}
        if pending:
            event(log, "draining", commands=len(pending))
            await asyncio.wait(pending, timeout=SHUTDOWN_GRACE)
        await self.courier.lanes.close()  # what is still owed is sent after the restart
        await super().close()

    def guide(self, kind: str, locale: str) -> list[CommandHelp]:
        """``/<game> help``: this bot's commands (its extensions' cogs), named as Discord
        shows them to the reader."""
        loaded = [type(cog) for cog in self.cogs.values() if isinstance(cog, TableCog)]
        return command_guide(kind, locale, cogs=loaded, localized=True)

    # ------------------------------------------------------------ commands and buttons

    async def run_command(
        self,
        interaction: discord.Interaction,
        kind: str,
        command: str,
        options: Options,
        *,
        opens_game: bool = False,
    ) -> None:
        """Acknowledge at once, check the bot may post here, ask the service, send what it
        returns. ``opens_game``: the service may give the new game its own thread."""
        started = time.perf_counter()
        task = asyncio.current_task()
        if task is not None:
            self._inflight.add(task)
        outcome = "ok"
        sent = 0
        try:
            try:
                await self.acknowledge(interaction)
            except discord.HTTPException as exc:  # 10062: the 3 s window has passed
                outcome = f"defer_failed:{exc.code}"
                return
            missing = missing_permissions(interaction, command)
            if missing:
                outcome = "missing_permissions"
                await self.refuse(interaction, "discord.missing_permissions", **missing)
                return
            threads: list[int] = []
            opener = self.threads.opener(interaction, threads) if opens_game else None
            request = request_from(interaction, kind, command, options, opener)
            deliveries = await self.service.handle(request)
            if threads:
                deliveries = await self.threads.settle(interaction, threads[0], deliveries)
            sent = len(deliveries)
            await self.courier.send(deliveries, interaction=interaction)
        except Exception:
            outcome = "error"
            log.exception("interaction failed: /%s %s", kind, command)  # never the options
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(
                    t(interaction.locale.value, "error.internal"), ephemeral=True
                )
        finally:
            if task is not None:
                self._inflight.discard(task)
            event(
                log,
                "command",
                interaction=interaction.id,
                via=kind_of(interaction),
                game=kind,
                command=command,
                options=safe_options(command, options),
                user=interaction.user.id,
                guild=interaction.guild_id,
                channel=interaction.channel_id,
                deliveries=sent,
                outcome=outcome,
                ms=round((time.perf_counter() - started) * 1000, 1),
            )

    @staticmethod
    async def acknowledge(interaction: discord.Interaction) -> None:
        """Within Discord's 3 s, before any work: a slash command shows a private
        "thinking"; a button press is acknowledged silently (what it changes is its answer)."""
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Whatever failed before or around a command (a check, a conversion, commands
        out of date after an update), the user gets a private answer, never "The
        application did not respond"."""
        outdated = isinstance(
            error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch
        )
        if outdated:
            event(log, "command_outdated", level=logging.WARNING, error=type(error).__name__)
        else:
            log.error("command error", exc_info=error)
        key = "discord.commands_updating" if outdated else "error.internal"
        with contextlib.suppress(discord.HTTPException):
            await self.refuse(interaction, key)

    async def refuse(self, interaction: discord.Interaction, key: str, **values: Any) -> None:
        """A private refusal that needs no service (a button from an unknown version)."""
        text = t(interaction.locale.value, key, **values)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def complete(
        self, interaction: discord.Interaction, kind: str, command: str, option: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete from the table (at most 25); the value is checked again on submit."""
        table = self.service.tables.get(kind)
        complete = getattr(table, "complete", None)
        if complete is None:
            return []
        options = {name: value for name, value in interaction.namespace if value is not None}
        request = request_from(interaction, kind, command, options)
        try:
            pairs = await complete(self.service, request, option, current or "")
        except Exception:
            log.exception("autocomplete failed: /%s %s %s", kind, command, option)
            return []
        return [
            app_commands.Choice(name=str(name)[:100], value=str(value)[:100])
            for name, value in pairs[:25]
        ]

    async def complete_game(
        self, interaction: discord.Interaction, kind: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """A ``game:`` option: the user's games of this kind and the channel's lobbies."""
        try:
            rows = await self.service.games_to_name(
                interaction.user.id, interaction.channel_id or 0, kind
            )
        except Exception:
            log.exception("autocomplete failed: /%s game", kind)
            return []
        loc = interaction.locale.value
        typed = current.strip().lower()
        choices = []
        for row in rows:
            if typed and typed not in row.id:
                continue
            label = t(
                loc,
                "discord.game_choice",
                id=row.id,
                game=t(loc, f"game.{kind}"),
                status=t(loc, f"discord.status.{row.status}"),
            )
            choices.append(app_commands.Choice(name=label[:100], value=row.id))
        return choices[:25]


class ShardedPlateauBot(PlateauBot, commands.AutoShardedBot):
    """The same bot over Discord's sharding: the gateway connections of this process's
    shards (``PLATEAU_SHARD_COUNT``, ``PLATEAU_SHARD_IDS``); see :func:`make_bot`."""

    _logged_in = False

    async def login(self, token: str) -> None:
        self._logged_in = True  # discord.py makes the shards' event queue first thing here
        await super().login(token)

    async def close(self) -> None:
        # An AutoShardedClient closed before it logged in (a start that failed at once)
        # fails on that missing queue; such a bot has nothing open to close.
        if self._logged_in:
            await super().close()


def make_bot(service: TableService, shards: Shards | None = None, **options: Any) -> PlateauBot:
    """A plain client unsharded (``shards`` None), else an AutoShardedClient of ``shards``."""
    if shards is None:
        return PlateauBot(service, **options)
    return ShardedPlateauBot(
        service, shard_count=shards.count, shard_ids=list(shards.ids), **options
    )
