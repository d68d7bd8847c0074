"""From the service to Discord: the courier sends deliveries.

``private`` for the interacting user as an ephemeral follow-up, ``private`` for someone else
and ``dm`` to that user's direct messages, ``channel`` as a new message (PNG files
attached, buttons in a persistent view), or in place of a slot's earlier message."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Iterable
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot.cogs import TableButton, TableCog
from bot.delivery import Batch, Item, Lanes, Outcome, ServerFailed, once
from bot.discord.interactions import lacking_to_post, permission_names
from bot.discord.threads import Threads
from bot.i18n import t
from bot.logs import event
from bot.model import Button, Delivery
from bot.service import TableService, UserError

log = logging.getLogger("plateau.discord")

MESSAGE_LIMIT = 2000
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def clip(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


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

    def __init__(self, client: commands.Bot, service: TableService, threads: Threads) -> None:
        self.client = client
        self.service = service
        self.threads = threads  # a game's end archives its thread, once that post arrived
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
            item: discord.ui.Button[discord.ui.View] = discord.ui.Button(
                label=button.label[:80],
                custom_id=button.custom_id,
                style=STYLES.get(button.style, discord.ButtonStyle.secondary),
                disabled=button.disabled,
            )
            factory = self.button_class(button.custom_id)
            if factory is None:
                event(log, "button_unrouted", level=logging.WARNING, custom_id=button.custom_id)
                view.add_item(item)
            else:
                view.add_item(factory(item))
        return view

    def button_class(self, custom_id: str) -> type[TableButton] | None:
        """The button class (of a loaded cog, each game's extension) whose template
        matches ``custom_id``."""
        for cog in self.client.cogs.values():
            for factory in cog.buttons if isinstance(cog, TableCog) else ():
                if factory.__discord_ui_compiled_template__.fullmatch(custom_id):
                    return factory
        return None

    async def reply(self, interaction: discord.Interaction, delivery: Delivery) -> None:
        """Answer privately; a private answer with a slot, to a press of a button under its
        own message (the pages of /plateau games), edits that message in place."""
        extras: dict[str, Any] = {"files": self.files(delivery)}
        view = self.view(delivery.buttons)
        if delivery.slot and interaction.type is discord.InteractionType.component:
            await interaction.edit_original_response(
                content=clip(delivery.text), attachments=extras["files"], view=view
            )
            return
        if view is not None:
            extras["view"] = view
        await interaction.followup.send(clip(delivery.text), ephemeral=True, **extras)

    async def place(
        self,
        recipient: int,
        channel: discord.abc.Messageable,
        delivery: Delivery,
        nonce: str | None = None,
    ) -> None:
        """Post ``delivery`` in ``channel``, or edit its slot's message there in place."""
        storage = self.service.storage
        text, view = clip(delivery.text), self.view(delivery.buttons)
        if delivery.slot:
            known = await storage.post_of(recipient, delivery.slot)
            if known is not None:
                channel_id, message_id = known
                message = self.client.get_partial_messageable(channel_id).get_partial_message(
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
                cached = self.client.get_channel(target)
                channel: discord.abc.Messageable
                if isinstance(cached, discord.abc.Messageable):
                    channel = cached
                else:  # not cached (a forum or a category is no place to post either)
                    channel = self.client.get_partial_messageable(target)
                await once(lambda: self.place(target, channel, delivery, item.nonce))
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
        channel = await self.client.create_dm(discord.Object(user_id))
        await self.place(user_id, channel, delivery, nonce)

    async def finish(self, item: Item, outcome: Outcome) -> None:
        """``item`` arrived or was refused (for its lane): the outbox row leaves the outbox,
        a closed DM is noted in the game's thread (never what it said)."""
        delivery = item.delivery
        user = delivery.user_id or 0
        if outcome == "sent" and delivery.closes and delivery.channel_id is not None:
            self.threads.archive_later(delivery.channel_id)
        dm_refused = outcome == "refused" and item.key[0] == "dm" and item.retry
        if dm_refused and user not in item.batch.noted:
            item.batch.noted.add(user)
            # A DM names its game's channel: that is where the note about it belongs.
            channel_id = delivery.channel_id or item.batch.channel
            await self.note_undelivered(user, channel_id, item.error)
        if item.retry:
            await self.service.delivered(delivery)

    async def probe_dm(self, user_id: int, text: str) -> bool:
        """The service asks before seating someone: can they receive direct messages? Only a
        DM that arrived says yes; while Discord fails DMs, the user is asked to try again."""
        delivery = Delivery("dm", text, user_id=user_id)
        item = self.queue(delivery, Batch(), retry=False)
        assert item is not None  # not an outbox row: never queued already
        outcome = await asyncio.shield(item.done)
        if outcome == "later":
            raise UserError("discord.dm_outage")
        return outcome == "sent"

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
        channel = self.client.get_channel(channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return []  # not cached, or a DM
        if channel.guild.me is None:
            return []
        perms = channel.permissions_for(channel.guild.me)
        return lacking_to_post(perms, isinstance(channel, discord.Thread), files=files)

    async def note_undelivered(
        self, user_id: int, channel_id: int | None, error: BaseException | None
    ) -> None:
        """Tell the game's channel that a DM did not arrive (never what it said)."""
        if channel_id is None:
            event(log, "dm_note_nowhere", level=logging.WARNING, user=user_id)
            return
        loc = await self.service.locale_of(user_id)
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
