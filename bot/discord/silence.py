"""Silence: where a game's no-talk rule holds (Loka's ``silence``, team chat that must
stop), a member's message is removed and its author told privately; without Manage
Messages, the channel is told once that silence cannot be enforced."""

from __future__ import annotations

import logging

import discord

from bot.discord.courier import Courier
from bot.i18n import t
from bot.logs import event
from bot.model import Delivery
from bot.service import TableService

log = logging.getLogger("plateau.discord")


class Silence:
    """Keeps the no-talk rules of ``service``'s games, telling through ``courier``."""

    def __init__(self, service: TableService, courier: Courier) -> None:
        self.service = service
        self.courier = courier
        self._noted: set[int] = set()  # channels told that silence cannot be enforced

    async def heard(self, message: discord.Message) -> None:
        """A message the bot saw: it only matters where a game's no-talk rule holds, which
        the service knows without a query."""
        if message.author.bot or message.webhook_id is not None:
            return
        if isinstance(message.channel, discord.DMChannel | discord.GroupChannel):
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply):
            return
        if self.service.must_keep_silent(message.channel.id, message.author.id):
            await self.enforce(message)

    async def enforce(self, message: discord.Message) -> None:
        """Remove a message that breaks a no-talk rule and tell its author privately; without
        Manage Messages (then not even tried), say once in that channel that silence cannot
        be enforced."""
        me = message.guild.me if message.guild is not None else None
        may_delete = me is None or message.channel.permissions_for(me).manage_messages
        if may_delete:
            try:
                await message.delete()
            except discord.NotFound:
                return
            except discord.Forbidden:
                may_delete = False
        if not may_delete:
            if message.channel.id not in self._noted:
                self._noted.add(message.channel.id)
                game_locale = await self.service.locale_of(message.author.id)
                text = t(game_locale, "error.silence_unenforced")
                await self.courier.post(Delivery("channel", text, channel_id=message.channel.id))
            return
        event(log, "silenced", user=message.author.id, channel=message.channel.id)
        loc = await self.service.locale_of(message.author.id)
        text = t(loc, "error.silence")
        await self.courier.send([Delivery("dm", text, user_id=message.author.id)])
