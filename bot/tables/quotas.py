"""Quotas: no single member fills a server with lobbies or games (issue 31). A member hosts
at most so many open lobbies and sits in at most so many running games on a server, and a
channel holds at most so many open lobbies of one game (on Discord each is a thread). The
defaults are below (and in README); a server's admins change them with ``/plateau settings``
(kept in ``guild_settings``, NULL: the default)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import AsyncExitStack, asynccontextmanager

from bot.model import Request, is_ai
from bot.service import TableService, UserError
from bot.storage.base import QUOTAS

DEFAULTS = {"member_lobbies": 3, "member_games": 20, "channel_lobbies": 1}
LIMIT_MAX = 1000  # the most an admin may set a quota to (0 sets the default back)
assert tuple(DEFAULTS) == QUOTAS


async def limits(service: TableService, guild_id: int) -> dict[str, int]:
    """The server's quotas: its admins' choice, else the default."""
    chosen = await service.storage.guild_quotas(guild_id)
    return {name: chosen.get(name) or DEFAULTS[name] for name in QUOTAS}


def _mention_channel(channel_id: int) -> str:
    return f"<#{channel_id}>"


@asynccontextmanager
async def lobby_slot(service: TableService, kind: str, request: Request) -> AsyncIterator[None]:
    """Hold a new lobby's slot while it is made: refuse the member's lobby beyond the
    server's quota, and a lobby of ``kind`` in a channel that has as many open as allowed
    (naming the one to join). The member's and the channel's locks are held until the
    block ends, so quick clicks at once are counted one after the other."""
    guild, actor, channel = request.place.guild_id, request.actor.id, request.place.channel_id
    if guild is None:
        yield
        return
    async with (
        service.locked(f"quota:member:{guild}:{actor}"),
        service.locked(f"quota:channel:{channel}:{kind}"),
    ):
        quota = await limits(service, guild)
        lobbies, _ = await service.storage.member_load(guild, actor)
        if lobbies >= quota["member_lobbies"]:
            raise UserError("quota.member_lobbies", limit=quota["member_lobbies"], kind=kind)
        here = [
            row
            for row in await service.storage.games_in_channel(channel)
            if row.kind == kind and row.status == "lobby"
        ]
        if len(here) >= quota["channel_lobbies"]:
            first = here[0]
            raise UserError(
                "quota.channel_lobbies",
                limit=quota["channel_lobbies"],
                kind=kind,
                id=first.id,
                where=_mention_channel(first.channel_id),
            )
        yield


@asynccontextmanager
async def running_slots(
    service: TableService, guild_id: int | None, users: Iterable[int]
) -> AsyncIterator[None]:
    """Hold the running games' slots of a game's people while it starts: refuse to start a
    game one of whom already sits in as many running games on the server as its quota allows
    (computer players have no quota). Each member's lock is held until the block ends (taken
    in one order, so two starts never wait on each other), so that two of a member's games
    started at once are counted one after the other."""
    people = sorted(dict.fromkeys(u for u in users if not is_ai(u)))
    if guild_id is None or not people:
        yield
        return
    async with AsyncExitStack() as held:
        for user in people:
            await held.enter_async_context(service.locked(f"quota:member:{guild_id}:{user}"))
        quota = await limits(service, guild_id)
        for user in people:
            _, running = await service.storage.member_load(guild_id, user)
            if running >= quota["member_games"]:
                raise UserError(
                    "quota.member_games", limit=quota["member_games"], user=f"<@{user}>"
                )
        yield
