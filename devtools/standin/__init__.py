"""A local Discord stand-in: the real, unpatched discord.py client logs into it and plays
against it over real HTTP and a real websocket on 127.0.0.1.

    async with StandIn() as standin:
        alice = standin.member("alice", locale="fr")
        games = standin.text_channel("games")
        with standin.point_discord():
            ...  # start the bot, then:
            exchange = await standin.slash(alice, games, "loka new", {"players": 4})

Sharded bots: ``StandIn(shards=2)`` recommends two shards (``GET /gateway/bot``);
``standin.guild(shard=(1, 2))`` adds a guild of shard 1 (``text_channel(..., guild=id)`` puts
channels in it); each session gets only its shard's guilds and events (DMs: shard 0), and
``standin.gateway.sessions_of(interaction_id)`` says which session an interaction went to.

See :class:`StandIn` for the controls and :class:`Exchange` for what an action returns."""

from .clock import Clock
from .driver import ClientRefusal, Exchange
from .limits import (
    BOT_PERMISSIONS,
    DM_PERMISSIONS,
    MEMBER_PERMISSIONS,
    DiscordError,
)
from .models import (
    Attachment,
    Channel,
    HistoryEvent,
    InitialResponse,
    Interaction,
    Member,
    Message,
    Request,
    Violation,
)
from .server import StandIn
from .world import World

__all__ = [
    "BOT_PERMISSIONS",
    "DM_PERMISSIONS",
    "MEMBER_PERMISSIONS",
    "Attachment",
    "Channel",
    "ClientRefusal",
    "Clock",
    "DiscordError",
    "Exchange",
    "HistoryEvent",
    "InitialResponse",
    "Interaction",
    "Member",
    "Message",
    "Request",
    "StandIn",
    "Violation",
    "World",
]
