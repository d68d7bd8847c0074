"""A new game's own thread: opened where the bot may (else the game lives in the channel),
pointed to from the host's answer, removed if the game was refused after all, and archived
a while after the game's end."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace

import discord

from bot.i18n import t
from bot.logs import event
from bot.model import Delivery, ThreadOpener
from bot.service import TableService

log = logging.getLogger("plateau.discord")

ARCHIVE_DELAY = 600.0  # seconds a finished game's thread stays open, to read the last words


class Threads:
    """The threads of the games a bot opens (``client``) for ``service``."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service
        self.archive_delay = ARCHIVE_DELAY
        self._archives: set[asyncio.Task[None]] = set()

    def opener(self, interaction: discord.Interaction, opened: list[int]) -> ThreadOpener | None:
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

    async def tournament_thread(self, channel_id: int, name: str) -> int | None:
        """A public thread for a tournament's game (``bot.tournaments.service``), opened in
        the tournament's channel with no interaction to answer; None (the game lives in the
        channel) where the bot may not open one there (known from the cached channel, else
        from Discord's refusal)."""
        channel = self.client.get_channel(channel_id)
        if isinstance(channel, discord.abc.GuildChannel):
            perms = channel.permissions_for(channel.guild.me)
            if not (perms.create_public_threads and perms.send_messages_in_threads):
                return None
        try:
            thread = await self.client.http.start_thread_without_message(
                channel_id,
                name=name[:100],
                auto_archive_duration=1440,
                type=discord.ChannelType.public_thread.value,
                reason="tournament game",
            )
        except discord.HTTPException as exc:
            event(log, "thread_failed", level=logging.WARNING, status=exc.status, code=exc.code)
            return None
        return int(thread["id"])

    async def settle(
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
            await self.client.http.delete_channel(thread_id, reason="game not created")
        return deliveries

    def archive_later(self, channel_id: int) -> None:
        """A finished game's thread is archived after a while, so the last words can be
        read; if the bot restarts first, Discord's own auto-archive does it."""

        async def archive() -> None:
            await asyncio.sleep(self.archive_delay)
            try:
                channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(
                    channel_id
                )
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

    def close(self) -> None:
        """Stop waiting to archive: Discord's own auto-archive takes over."""
        for task in self._archives:
            task.cancel()
