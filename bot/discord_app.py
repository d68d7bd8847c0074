"""The Discord adapter: a ``commands.Bot`` over the table service, as thin as the console.

A command or a button press becomes a :class:`Request`; the service answers with
:class:`Delivery`s, which :class:`Courier` sends: ``private`` for the interacting user as an
ephemeral follow-up, ``private`` for someone else and ``dm`` to that user's direct messages,
``channel`` as a new message (PNG files attached, buttons in a persistent view). No rule of
any game is decided here."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
import signal
import time
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot import rendering
from bot.cogs import TableButton, TableCog, command_guide
from bot.delivery import Batch, Item, Lanes, Outcome, ServerFailed, once, one_try_trace
from bot.games import all_cogs, services
from bot.i18n import SOURCE, has, language, t
from bot.logs import event, safe_options
from bot.model import Actor, Button, Delivery, Place, Request, ThreadOpener
from bot.service import TableService, UserError
from bot.settings import Settings
from bot.shards import ShardCountDiffers, Shards, ShardTaken
from bot.storage import SqlStorage, storage_for

log = logging.getLogger("plateau.discord")

COGS: tuple[type[TableCog], ...] = all_cogs()
EXPIRE_SECONDS = 30.0
SHUTDOWN_GRACE = 10.0
MESSAGE_LIMIT = 2000
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}

Options = dict[str, Any]


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def _clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


# ---------------------------------------------------------------- translation of commands


class CatalogTranslator(app_commands.Translator):
    """Command, option and choice names and descriptions in French, from the catalog.

    Descriptions and choices carry their catalog key (``tr(key)``); names are looked up as
    ``discord.name.<command>`` and ``discord.param.<option>``."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language(locale.value)
        if lang == SOURCE:
            return None
        key = string.extras.get("key") or _name_key(context)
        if key is None or not has(key):
            return None
        return t(lang, key)


def _name_key(context: app_commands.TranslationContextTypes) -> str | None:
    where = app_commands.TranslationContextLocation
    if context.location in (where.command_name, where.group_name):
        return "discord.name." + context.data.name
    if context.location is where.parameter_name:
        return "discord.param." + context.data.display_name
    return None


# ---------------------------------------------------------------- from Discord to the service


def request_from(
    interaction: discord.Interaction,
    kind: str,
    command: str,
    options: Options,
    open_thread: ThreadOpener | None = None,
) -> Request:
    """Who, where and what: the user's locale and Manage Server permission, the channel or
    thread (with its parent), the guild's locale and whether it is a Community guild."""
    user = interaction.user
    guild_id = interaction.guild_id
    actor = Actor(
        id=user.id,
        name=user.display_name,
        locale=interaction.locale.value,
        manager=guild_id is not None and interaction.permissions.manage_guild,
    )
    place = Place(
        channel_id=interaction.channel_id or 0,
        guild_id=guild_id,
        parent_id=getattr(interaction.channel, "parent_id", None),
        is_dm=guild_id is None,
        guild_locale=interaction.guild_locale.value if interaction.guild_locale else None,
        # The cached guild's features (the guilds intent), else the interaction's own.
        community=interaction.guild is not None and "COMMUNITY" in interaction.guild.features,
        guild_name=interaction.guild.name if interaction.guild is not None else None,
        open_thread=open_thread,
    )
    clean = {k: v for k, v in options.items() if v is not None}
    return Request(kind, command, actor, place, clean)


# What the bot needs where a command is typed, to post what the command will say there.
# Every /plateau command answers privately too (games, leaderboard, profile, settings).
PRIVATE_ONLY = frozenset({"rules", "export", "help", "games", "leaderboard", "profile", "settings"})
PERMISSION_KEYS = {
    "send_messages": "perm.send_messages",
    "send_messages_in_threads": "perm.send_messages_in_threads",
    "attach_files": "perm.attach_files",
}


def missing_permissions(interaction: discord.Interaction, command: str) -> dict[str, str]:
    """The permissions the bot lacks here to answer ``command`` in the channel, named in the
    user's language (``{"missing": ...}``), or nothing. Private answers need none."""
    if interaction.guild_id is None or command in PRIVATE_ONLY:
        return {}
    in_thread = isinstance(interaction.channel, discord.Thread)
    lacking = lacking_to_post(interaction.app_permissions, in_thread, files=True)
    if not lacking:
        return {}
    return {"missing": permission_names(interaction.locale.value, lacking)}


def lacking_to_post(perms: discord.Permissions, in_thread: bool, *, files: bool) -> list[str]:
    """The permissions of ``perms`` missing to post in a channel (a thread), with files."""
    needed = ["send_messages_in_threads" if in_thread else "send_messages"]
    needed += ["attach_files"] if files else []
    return [name for name in needed if not getattr(perms, name)]


def permission_names(loc: str, names: list[str]) -> str:
    """Permissions as Discord names them to the reader, in their language."""
    return ", ".join(t(loc, PERMISSION_KEYS[name]) for name in names)


def _kind_of(interaction: discord.Interaction) -> str:
    return {
        discord.InteractionType.application_command: "slash",
        discord.InteractionType.component: "button",
    }.get(interaction.type, interaction.type.name)


# ---------------------------------------------------------------- from the service to Discord


class Courier:
    """Sends deliveries. A DM that cannot be delivered (the user's DMs are closed) is never
    re-routed to a channel: a short note there asks the user to open their DMs instead.

    A delivery with a ``slot`` edits the slot's earlier message (kept in storage, so edits
    go on after a restart) instead of posting a new one: a lobby stays one message.

    Posts and DMs go through :class:`bot.delivery.Lanes`: one lane per channel and per DM
    recipient, paced within Discord's limits and in order; what Discord fails for a while (a
    5xx, a time-out, a 429) is tried again in the background until it arrives, and only a
    refusal (403, 404, closed DMs) ends it. A command waits for the first try of each, no
    more: during an outage its user is told once, privately, that the move is saved and the
    board will follow.

    What the service owes (an outbox row, :class:`Owed`) leaves the outbox once it was sent
    or refused; a crash before that leaves it for the restart, which sends it again: a
    slot's message is edited again (unseen), a post carries the row's nonce (Discord drops a
    repeat it already has)."""

    def __init__(self, bot: PlateauBot) -> None:
        self.bot = bot
        self.lanes = Lanes(self.attempt, self.finish)
        self._outage_told: set[int] = set()  # users told of the outage going on

    async def send(
        self,
        deliveries: Iterable[Delivery],
        *,
        interaction: discord.Interaction | None = None,
        until_delivered: bool = False,
    ) -> None:
        """Send ``deliveries`` in order; wait for each one's first try (``until_delivered``:
        until it arrived or was refused, however long Discord fails: computer players wait
        so during an outage)."""
        deliveries = list(deliveries)
        actor = interaction.user.id if interaction is not None else None
        game_channel = next((d.channel_id for d in deliveries if d.to == "channel"), None)
        if game_channel is None and interaction is not None and interaction.guild_id:
            game_channel = interaction.channel_id
        if not self.lanes.stalled():
            self._outage_told.clear()  # that outage is over: the next one is told again
        batch = Batch(game_channel)
        answered = False
        later = False
        refused: dict[int, Item] = {}
        for delivery in deliveries:
            if delivery.to == "private" and interaction is not None and delivery.user_id == actor:
                await self.reply(interaction, delivery)
                answered = True
                continue
            item = self.queue(delivery, batch)
            if item is None:
                continue  # already on its way (a resume met a row being retried)
            # Shielded: a command cancelled at shutdown leaves the item to its lane.
            outcome = await asyncio.shield(item.done if until_delivered else item.first)
            later = later or outcome == "later"
            if outcome == "refused" and delivery.to == "channel":
                refused.setdefault(delivery.channel_id or 0, item)
        if interaction is None:
            return
        loc = interaction.locale.value
        if later and interaction.user.id not in self._outage_told:
            self._outage_told.add(interaction.user.id)
            await interaction.followup.send(t(loc, "discord.outage"), ephemeral=True)
            answered = True
        for channel_id, item in refused.items():
            await interaction.followup.send(self.refusal(loc, channel_id, item), ephemeral=True)
            answered = True
        # What a command changed in public is its answer: a slash command with nothing
        # private to say closes its "thinking" without a message (a button's silent defer
        # needs nothing).
        if not answered and interaction.type is discord.InteractionType.application_command:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()

    def files(self, delivery: Delivery) -> list[discord.File]:
        return [
            discord.File(io.BytesIO(a.data), filename=a.name, description=a.description or None)
            for a in delivery.files
        ]

    def view(self, buttons: list[Button]) -> discord.ui.View | None:
        """A persistent view (no timeout); each button becomes the dynamic item whose
        template its custom id matches, so presses are understood after a restart."""
        if not buttons:
            return None
        view = discord.ui.View(timeout=None)
        for button in buttons[:25]:
            item = discord.ui.Button(
                label=button.label[:80],
                custom_id=button.custom_id,
                style=STYLES.get(button.style, discord.ButtonStyle.secondary),
                disabled=button.disabled,
            )
            factory = self.bot.button_class(button.custom_id)
            if factory is None:
                event(log, "button_unrouted", level=logging.WARNING, custom_id=button.custom_id)
                view.add_item(item)
            else:
                view.add_item(factory(item))
        return view

    async def reply(self, interaction: discord.Interaction, delivery: Delivery) -> None:
        """Answer privately; a private answer with a slot, to a press of a button under its
        own message (the pages of /plateau games), edits that message in place."""
        extras: dict[str, Any] = {"files": self.files(delivery)}
        view = self.view(delivery.buttons)
        if delivery.slot and interaction.type is discord.InteractionType.component:
            await interaction.edit_original_response(
                content=_clip(delivery.text), attachments=extras["files"], view=view
            )
            return
        if view is not None:
            extras["view"] = view
        await interaction.followup.send(_clip(delivery.text), ephemeral=True, **extras)

    async def place(
        self,
        recipient: int,
        channel: discord.abc.Messageable,
        delivery: Delivery,
        nonce: str | None = None,
    ) -> None:
        """Post ``delivery`` in ``channel``, or edit its slot's message there in place."""
        storage = self.bot.service.storage
        text, view = _clip(delivery.text), self.view(delivery.buttons)
        if delivery.slot:
            known = await storage.post_of(recipient, delivery.slot)
            if known is not None:
                channel_id, message_id = known
                message = self.bot.get_partial_messageable(channel_id).get_partial_message(
                    message_id
                )
                try:
                    await message.edit(content=text, attachments=self.files(delivery), view=view)
                    return
                except discord.NotFound:
                    pass  # someone deleted it: post it anew
        extras: dict[str, Any] = {"files": self.files(delivery)}
        if view is not None:
            extras["view"] = view
        if nonce:
            extras["nonce"] = nonce  # discord.py sends it with enforce_nonce
        sent = await channel.send(text, **extras)
        if delivery.slot:
            await storage.set_post(recipient, delivery.slot, sent.channel.id, sent.id)

    def queue(self, delivery: Delivery, batch: Batch, *, retry: bool = True) -> Item | None:
        """Put ``delivery`` in its lane: its channel's, or its user's DMs (a private
        delivery that is not an answer to its user's own interaction goes there too)."""
        if delivery.to == "channel":
            key = ("channel", delivery.channel_id or 0)
        else:
            key = ("dm", delivery.user_id or 0)
        return self.lanes.put(key, delivery, batch, retry=retry)

    async def post(self, delivery: Delivery) -> bool:
        """Post in a channel; True once the first try got it there."""
        item = self.queue(delivery, Batch(delivery.channel_id))
        return item is None or await asyncio.shield(item.first) == "sent"

    async def attempt(self, item: Item) -> Outcome:
        """One try of ``item`` (for its lane): sent, later (Discord failed: a 5xx, a
        time-out, a 429) or refused (a 4xx: 403 closed DMs or a missing permission, 404)."""
        kind, target = item.key
        delivery = item.delivery
        try:
            if kind == "channel":
                channel = self.bot.get_channel(target) or self.bot.get_partial_messageable(target)
                await once(lambda: self.place(target, channel, delivery, item.nonce))  # type: ignore[arg-type]
            else:
                await once(lambda: self._dm(target, delivery, item.nonce))
            return "sent"
        except Exception as exc:
            item.error = exc
            outcome = _judged(exc)
            if outcome == "refused" and not isinstance(exc, discord.HTTPException):
                log.exception("sending a delivery failed")  # a bug: a new try fails alike
            if isinstance(exc, discord.HTTPException) and exc.status == 429:
                item.retry_after = _retry_after(exc)
            status, code = getattr(exc, "status", None), getattr(exc, "code", None)
            name, where = "post_failed", {"channel": target}
            if kind == "dm":
                name = "dm_failed" if outcome == "later" else "dm_refused"
                where = {"user": target}
            level = logging.INFO if name == "dm_refused" else logging.WARNING
            error = type(exc).__name__
            event(log, name, level=level, status=status, code=code, error=error, **where)
            return outcome

    async def _dm(self, user_id: int, delivery: Delivery, nonce: str) -> None:
        channel = await self.bot.create_dm(discord.Object(user_id))
        await self.place(user_id, channel, delivery, nonce)

    async def finish(self, item: Item, outcome: Outcome) -> None:
        """``item`` arrived or was refused (for its lane): the outbox row leaves the outbox,
        a closed DM is noted in the game's thread (never what it said)."""
        delivery = item.delivery
        user = delivery.user_id or 0
        if outcome == "sent" and delivery.closes and delivery.channel_id is not None:
            self.bot.archive_later(delivery.channel_id)
        dm_refused = outcome == "refused" and item.key[0] == "dm" and item.retry
        if dm_refused and user not in item.batch.noted:
            item.batch.noted.add(user)
            # A DM names its game's channel: that is where the note about it belongs.
            channel_id = delivery.channel_id or item.batch.channel
            await self.note_undelivered(user, channel_id, item.error)
        if item.retry:
            await self.bot.service.delivered(delivery)

    async def dm(self, user_id: int, delivery: Delivery) -> Outcome:
        """One try of a DM (the probe before seating someone): its outcome."""
        item = self.queue(delivery, Batch(), retry=False)
        assert item is not None  # not an outbox row: never queued already
        return await asyncio.shield(item.done)

    def refusal(self, loc: str, channel_id: int, item: Item) -> str:
        """What the user is told of a post Discord refused: the permissions the bot lacks
        there when a 403 says so and the channel is known, else the refusal itself."""
        error = item.error
        where = f"<#{channel_id}>"
        if isinstance(error, discord.Forbidden):
            lacking = self.lacking(channel_id, bool(item.delivery.files))
            if lacking:
                missing = permission_names(loc, lacking)
                return t(loc, "discord.post_forbidden", channel=where, missing=missing)
            return t(loc, "discord.post_failed", channel=where)
        code = getattr(error, "code", 0) or getattr(error, "status", 0)
        return t(loc, "discord.post_refused", channel=where, code=code)

    def lacking(self, channel_id: int, files: bool) -> list[str]:
        """The permissions the bot lacks in a cached channel to post there."""
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if channel is None or guild is None or guild.me is None:
            return []
        perms = channel.permissions_for(guild.me)  # type: ignore[union-attr]
        return lacking_to_post(perms, isinstance(channel, discord.Thread), files=files)

    async def note_undelivered(
        self, user_id: int, channel_id: int | None, error: BaseException | None
    ) -> None:
        """Tell the game's channel that a DM did not arrive (never what it said)."""
        if channel_id is None:
            event(log, "dm_note_nowhere", level=logging.WARNING, user=user_id)
            return
        loc = await self.bot.service.locale_of(user_id)
        key = "error.dm_failed" if isinstance(error, discord.Forbidden) else "error.dm_lost"
        text = t(loc, key, user=mention(user_id), what=t(loc, "discord.dm_what"))
        await self.post(Delivery("channel", text, channel_id=channel_id))


def _judged(exc: Exception) -> Outcome:
    """Is a failed try worth another? Yes when Discord failed (a 5xx, a 429, a time-out, the
    network); not when it refused (a 4xx) nor for a bug."""
    if isinstance(exc, discord.HTTPException):
        return "later" if exc.status >= 500 or exc.status == 429 else "refused"
    if isinstance(exc, ServerFailed | aiohttp.ClientError | OSError | TimeoutError):
        return "later"
    return "refused"


def _retry_after(exc: discord.HTTPException) -> float:
    """A 429's Retry-After (seconds), 0 if it has none."""
    headers = getattr(exc.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After") or 0)
    except ValueError:
        return 0.0


# ---------------------------------------------------------------- the bot


class PlateauBot(commands.Bot):
    def __init__(
        self,
        service: TableService,
        *,
        dev_guild: int | None = None,
        sync_commands: bool = True,
        expire_every: float | None = EXPIRE_SECONDS,
        cogs: Iterable[type[TableCog]] = COGS,
        warm_renderer: bool = False,
        **client_options: Any,
    ) -> None:
        discord.VoiceClient.warn_nacl = False  # no voice here: no warnings about it
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents.default(),  # guild messages (silence rule); no privileged one
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
        self.service.dm_probe = self.probe_dm
        self.courier = Courier(self)
        # What the computer players' actions tell is sent as a command's reply is; they wait
        # until it arrived (through an outage too) before they act again.
        service.autoplay.sink = functools.partial(self.courier.send, until_delivered=True)
        self.dev_guild = dev_guild
        self.sync_commands = sync_commands
        self.expire_every = expire_every
        self.cog_classes = tuple(cogs)
        # /<game> help lists this bot's commands, named as Discord shows them to the reader.
        self.service.guide = functools.partial(command_guide, cogs=self.cog_classes, localized=True)
        self.button_classes: list[type[TableButton]] = []
        self.warm_renderer = warm_renderer
        self._expiry: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[Any]] = set()
        self._archives: set[asyncio.Task[None]] = set()
        self.archive_delay = 600.0
        self._resumed = False
        self._silence_noted: set[int] = set()

    # ------------------------------------------------------------ life cycle

    async def setup_hook(self) -> None:
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.tree.set_translator(CatalogTranslator())
        for cog_class in self.cog_classes:
            await self.add_cog(cog_class(self))
            self.add_dynamic_items(*cog_class.buttons)
            self.button_classes.extend(cog_class.buttons)
        # The render workers start now, while the gateway connects: up before READY.
        if self.warm_renderer:
            self._warming = asyncio.create_task(self._warm(), name="plateau-warm")
        if self.sync_commands:
            await self.sync_app_commands()
        if self.expire_every:
            self._expiry = asyncio.create_task(self._expire_forever(), name="plateau-expire")

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
        event(log, "ready", user=self.user.id if self.user else None, guilds=len(self.guilds))
        if not self._resumed:
            self._resumed = True
            await self.resume_games()

    async def on_message(self, message: discord.Message) -> None:
        """No prefix commands (slash commands only); a message only matters where a game's
        no-talk rule holds, which the service knows without a query."""
        if message.author.bot or message.webhook_id is not None:
            return
        if isinstance(message.channel, discord.DMChannel | discord.GroupChannel):
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply):
            return
        if self.service.must_keep_silent(message.channel.id, message.author.id):
            await self.enforce_silence(message)

    def archive_later(self, channel_id: int) -> None:
        """A finished game's thread is archived after a while, so the last words can be
        read; if the bot restarts first, Discord's own auto-archive does it."""

        async def archive() -> None:
            await asyncio.sleep(self.archive_delay)
            try:
                channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
                # A game in a plain channel stays; another shard's thread is not ours (only
                # the process that posted the game's end gets here, which owns it).
                if isinstance(channel, discord.Thread) and self.service.owns(channel.guild.id):
                    await channel.edit(archived=True)
                    event(log, "archived", thread=channel_id)
            except discord.HTTPException as exc:
                event(log, "archive_failed", level=logging.INFO, thread=channel_id, code=exc.code)

        task = asyncio.create_task(archive(), name=f"plateau-archive-{channel_id}")
        self._archives.add(task)
        task.add_done_callback(self._archives.discard)

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

    async def _expire_forever(self) -> None:
        while True:
            await asyncio.sleep(self.expire_every or EXPIRE_SECONDS)
            try:
                await self.run_expiry()
            except Exception:
                log.exception("expiry pass failed")

    async def close(self) -> None:
        """Stop the timer, let commands in flight finish (each is one transaction), close."""
        if self._expiry is not None:
            self._expiry.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._expiry
            self._expiry = None
        for task in self._archives:
            task.cancel()  # Discord's own auto-archive takes over
        await self.service.autoplay.close()  # a restart plays on where they stopped
        pending = {task for task in self._inflight if task is not asyncio.current_task()}
        if pending:
            event(log, "draining", commands=len(pending))
            await asyncio.wait(pending, timeout=SHUTDOWN_GRACE)
        await self.courier.lanes.close()  # what is still owed is sent after the restart
        await super().close()

    # ------------------------------------------------------------ commands and buttons

    def button_class(self, custom_id: str) -> type[TableButton] | None:
        for factory in self.button_classes:
            if factory.__discord_ui_compiled_template__.fullmatch(custom_id):
                return factory
        return None

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
            opener = self.thread_opener(interaction, threads) if opens_game else None
            request = request_from(interaction, kind, command, options, opener)
            deliveries = await self.service.handle(request)
            if threads:
                deliveries = await self.settle_thread(interaction, threads[0], deliveries)
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
                via=_kind_of(interaction),
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

    # ------------------------------------------------------------ threads for new games

    def thread_opener(
        self, interaction: discord.Interaction, opened: list[int]
    ) -> ThreadOpener | None:
        """How a new game gets its own public thread, when the bot may open one here (else
        it lives in the channel). The table calls it only once the game is accepted."""
        channel = interaction.channel
        perms = interaction.app_permissions
        if (
            not isinstance(channel, discord.TextChannel)
            or channel.type is not discord.ChannelType.text
            or not (perms.create_public_threads and perms.send_messages_in_threads)
        ):
            return None

        async def open_thread(game: str) -> int | None:
            name = t("en", "discord.thread_name", game=game, host=interaction.user.display_name)
            try:
                thread = await channel.create_thread(
                    name=name[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=1440,
                    reason=f"{game} game",
                )
            except discord.HTTPException as exc:
                event(log, "thread_failed", level=logging.WARNING, status=exc.status, code=exc.code)
                return None
            opened.append(thread.id)
            return thread.id

        return open_thread

    async def settle_thread(
        self, interaction: discord.Interaction, thread_id: int, deliveries: list[Delivery]
    ) -> list[Delivery]:
        """After a new game got a thread: point the host to it, or remove it if no game
        went there (the game was refused after all)."""
        if any(d.to == "channel" and d.channel_id == thread_id for d in deliveries):
            note = t(interaction.locale.value, "discord.see_thread", thread=f"<#{thread_id}>")
            return [
                replace(d, text=d.text + "\n" + note)
                if d.to == "private" and d.user_id == interaction.user.id
                else d
                for d in deliveries
            ]
        with contextlib.suppress(discord.HTTPException):
            await self.http.delete_channel(thread_id, reason="game not created")
        return deliveries

    # ------------------------------------------------------------ DMs and silence

    async def probe_dm(self, user_id: int, text: str) -> bool:
        """The service asks before seating someone: can they receive direct messages? Only a
        DM that arrived says yes; while Discord fails DMs, the user is asked to try again."""
        outcome = await self.courier.dm(user_id, Delivery("dm", text, user_id=user_id))
        if outcome == "later":
            raise UserError("discord.dm_outage")
        return outcome == "sent"

    async def enforce_silence(self, message: discord.Message) -> None:
        """Remove a message that breaks a no-talk rule and tell its author privately; without
        Manage Messages (then not even tried), say once in that channel that silence cannot
        be enforced."""
        me = message.guild.me if message.guild is not None else None
        may_delete = me is None or message.channel.permissions_for(me).manage_messages  # type: ignore[union-attr]
        if may_delete:
            try:
                await message.delete()
            except discord.NotFound:
                return
            except discord.Forbidden:
                may_delete = False
        if not may_delete:
            if message.channel.id not in self._silence_noted:
                self._silence_noted.add(message.channel.id)
                game_locale = await self.service.locale_of(message.author.id)
                text = t(game_locale, "error.silence_unenforced")
                await self.courier.post(Delivery("channel", text, channel_id=message.channel.id))
            return
        event(log, "silenced", user=message.author.id, channel=message.channel.id)
        loc = await self.service.locale_of(message.author.id)
        text = t(loc, "error.silence")
        await self.courier.send([Delivery("dm", text, user_id=message.author.id)])


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


# ---------------------------------------------------------------- running it


def make_bot(service: TableService, shards: Shards | None = None, **options: Any) -> PlateauBot:
    """A plain client unsharded (``shards`` None), else an AutoShardedClient of ``shards``."""
    if shards is None:
        return PlateauBot(service, **options)
    return ShardedPlateauBot(
        service, shard_count=shards.count, shard_ids=list(shards.ids), **options
    )


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
        await claim.release()
        await storage.close()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
        event(log, "stopped")
    return code
