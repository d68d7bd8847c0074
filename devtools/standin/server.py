""":class:`StandIn`: the world, the REST API, the gateway and the members' driver behind one
aiohttp server on 127.0.0.1, started and stopped from the caller's event loop."""

from __future__ import annotations

import contextlib
import logging
import operator
from collections.abc import Iterator
from typing import Any

from aiohttp import web

from . import page
from .clock import Clock
from .driver import Driver
from .gateway import PRIVILEGED, Gateway
from .models import Channel, HistoryEvent, Interaction, Member, Message, Request, Violation
from .ratelimits import Outage, RateLimits, Sent429
from .rest import Activity, RestApi, json_response
from .world import World

log = logging.getLogger(__name__)


def _read(path: str, doc: str | None = None) -> Any:
    """A read-only attribute that is ``path`` of the stand-in's parts, e.g. ``"world.bot"``."""
    return property(operator.attrgetter(path), doc=doc)


class StandIn(Driver):
    """A local Discord for one guild and one bot.

    ``async with StandIn() as standin:`` serves on a free port; point discord.py at
    :attr:`api_base` and :attr:`gateway_url` (or use :meth:`point_discord`), then act as
    members with :meth:`slash`, :meth:`press`, :meth:`say`... and inspect what the bot did."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        clock: Clock | None = None,
        heartbeat_interval: int = 41250,
        token: str | None = None,
        quiet: float = 0.15,
        timeout: float = 20.0,
        privileged_intents: int = PRIVILEGED,
        rate_limit: tuple[int, float] = (50, 1.0),
        channel_limit: tuple[int, float] | None = (5, 5.0),
        fail_rate: float = 0.0,
        seed: int | None = None,
        shards: int = 1,
        **world: Any,
    ) -> None:
        """``shards`` is the shard count ``GET /gateway/bot`` recommends; ``channel_limit``
        Discord's limit on a channel's messages, posts and edits together (None: none). The
        other keywords
        set up the guild and the bot, as :class:`World` takes them (``guild_name``,
        ``guild_locale``, ``community``, ``size_limit``, ``bot_name``, ``bot_permissions``,
        ``everyone_permissions``)."""
        self.host, self.port = host, port
        self.clock = clock or Clock()
        self.quiet, self.timeout = quiet, timeout
        self.world = World(clock=self.clock, **world)
        self.activity = Activity()
        self.limits = RateLimits(
            default_limit=rate_limit[0],
            default_per=rate_limit[1],
            fail_rate=fail_rate,
            seed=seed,
            channel_limit=channel_limit,
        )
        self.gateway = Gateway(
            self.world,
            heartbeat_interval=heartbeat_interval,
            privileged_intents=privileged_intents,
            token=token,
            activity=self.activity,
        )
        self.rest = RestApi(
            self.world,
            self.limits,
            self.activity,
            gateway_url=lambda: self.gateway_url,
            token=token,
            shards=shards,
        )
        # The page's notes (a refused action...): (the member it is for, or None: all; text).
        self.page_log: list[tuple[str | None, str]] = []
        self.page_channel: Channel | None = None
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` should be."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` should be."""
        return f"ws://{self.host}:{self.port}/gateway"

    def _app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.serve)
        app.router.add_route("*", "/api/v9/{tail:.*}", self.rest.serve)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._file)
        page.install(app, self)

        async def not_found(request: web.Request) -> web.Response:
            self.rest.unknown_routes.append(f"{request.method} {request.path}")
            return json_response(404, {"code": 0, "message": "404: Not Found"})

        app.router.add_route("*", "/{tail:.*}", not_found)
        return app

    async def start(self) -> StandIn:
        self._runner = web.AppRunner(self._app(), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.world.cdn_base = self.base_url
        self.gateway.url = self.gateway_url
        return self

    async def close(self) -> None:
        self.world.check_deadlines()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> StandIn:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @contextlib.contextmanager
    def point_discord(self) -> Iterator[None]:
        """Point discord.py's REST and gateway at this stand-in, and back afterwards."""
        import discord.gateway
        import discord.http
        import yarl

        route = discord.http.Route
        socket = discord.gateway.DiscordWebSocket
        before = route.BASE, socket.DEFAULT_GATEWAY
        route.BASE = self.api_base
        socket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            route.BASE, socket.DEFAULT_GATEWAY = before

    async def _file(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["attachment_id"])
        for message in self.world.messages.values():
            for attachment in message.attachments:
                if attachment.id == aid:
                    kind = attachment.content_type or "application/octet-stream"
                    return web.Response(body=attachment.data, content_type=kind)
        return web.Response(status=404, text="no such attachment")

    # ------------------------------------------------------------ setting the scene

    def member(self, name: str, *, locale: str = "en-US", permissions: Any = None) -> Member:
        """A guild member (created once; the same name gives the same member)."""
        try:
            return self.world.member_named(name)
        except KeyError:
            return self.world.add_member(name, locale=locale, permissions=permissions)

    def guild(self, name: str | None = None, *, shard: tuple[int, int] | None = None) -> int:
        """Another guild with the bot in it (the first is :attr:`guild_id`); its id falls in
        shard ``(shard_id, count)`` when given. Its channels: ``text_channel(..., guild=id)``."""
        return self.world.add_guild(name, shard=shard)

    def text_channel(self, name: str, *, guild: int | None = None, **options: Any) -> Channel:
        """A text channel (``topic``, ``bot_permissions``: see ``World.add_text_channel``)."""
        channel = self.world.add_text_channel(name, guild_id=guild, **options)
        if self.page_channel is None:
            self.page_channel = channel
        return channel

    def set_bot_permissions(self, permissions: Any, channel: Any = None) -> None:
        """The bot's permissions guild-wide, or in one text channel (its threads follow)."""
        self.world.set_bot_permissions(permissions, channel)

    def configure_guild(self, **changes: Any) -> None:
        """Change the guild's ``locale``, ``community``, ``name`` or ``size_limit`` (keywords
        of :meth:`World.configure_guild`); the bot gets GUILD_UPDATE."""
        self.world.configure_guild(**changes)

    def close_dms(self, member: Any, closed: bool = True) -> None:
        """The member stops accepting DMs: the bot's DM posts get 403 50007."""
        self._member(member).dms_closed = closed

    def dm_channel(self, member: Any) -> Channel:
        return self.world.dm_channel(self._member(member))

    # ------------------------------------------------------------ controls

    def advance(self, seconds: float) -> None:
        """Move the stand-in's clock (deadlines: 3 s, 15 min) without waiting."""
        self.clock.advance(seconds)

    def limit(self, route: str, limit: int, per: float) -> None:
        """Enforce e.g. ``limit("POST /channels/{channel_id}/messages", 5, 1.0)``."""
        self.limits.limit(route, limit, per)

    def storm(
        self, route: str, times: int, retry_after: float | tuple[float, float] = (0.05, 0.3)
    ) -> None:
        """The next ``times`` requests to ``route`` get 429 (a 429 storm)."""
        self.limits.storm(route, times, retry_after)

    def fail_next(self, route: str, *, status: int = 500, times: int = 1) -> None:
        """The next ``times`` requests to ``route`` get ``status`` (500, 502, 503...)."""
        self.limits.fail_next(route, status, times)

    def outage(
        self, seconds: float, *, channel: Any = None, dms: bool = False, status: int = 502
    ) -> Outage:
        """Discord fails for ``seconds``: every message posted or edited in ``channel`` (a
        channel, thread or its id; None: in every channel), or in DMs (``dms``), is answered
        ``status`` (502, 500, 503...), before any rate limit counts it."""
        channels = None if channel is None else frozenset({self.world.channel(channel).id})
        return self.limits.outage(seconds, status=status, channels=channels, dms=dms)

    async def reconnect(self) -> None:
        """op 7 RECONNECT; returns once the client has resumed."""
        await self.gateway.reconnect()

    async def invalidate(self, *, resumable: bool = False) -> None:
        """op 9 INVALID_SESSION; returns once the client is back (identified or resumed)."""
        await self.gateway.invalidate(resumable=resumable)

    async def drop(self, *, code: int = 4000, abrupt: bool = False) -> None:
        """Close (or cut) the gateway socket; returns once the client is back."""
        await self.gateway.drop(code=code, abrupt=abrupt)

    async def wait_ready(
        self, timeout: float | None = None, *, shard: list[int] | None = None, after: int = -1
    ) -> None:
        """Until the bot has identified (READY and GUILD_CREATE sent): any session, or one of
        ``shard`` (``[id, count]``); with ``after``, one that went live after that
        ``gateway.generation``."""
        await self.gateway.wait_live(timeout=timeout or self.timeout, shard=shard, after=after)

    # ------------------------------------------------------------ inspection

    def messages(self, channel: Any) -> list[Message]:
        """Current messages in a channel, thread or DM, in order (edits applied)."""
        return self.world.channel_messages(self.world.channel(channel))

    def dms(self, member: Any) -> list[Message]:
        who = self._member(member)
        if who.id not in self.world.dm_of:
            return []
        return self.world.channel_messages(self.world.channels[self.world.dm_of[who.id]])

    def ephemeral(self, member: Any) -> list[Message]:
        """Ephemeral messages only ``member`` saw."""
        who = self._member(member)
        return [m for m in self.world.messages.values() if m.visible_to == who.id]

    def threads(self, parent: Any = None) -> list[Channel]:
        return self.world.threads(None if parent is None else self.world.channel(parent))

    bot: Member = _read("world.bot")
    guild_id: int = _read("world.guild_id")
    application_id: int = _read("world.app_id")
    message_history: list[HistoryEvent] = _read("world.history")
    requests: list[Request] = _read("world.requests")
    unknown_routes: list[str] = _read("rest.unknown_routes")
    rate_limited: list[Sent429] = _read("limits.sent_429", "Every 429 the stand-in sent.")

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.world.interactions.values())

    @property
    def violations(self) -> list[Violation]:
        self.world.check_deadlines()
        return self.world.violations

    def commands(self, guild: bool = False) -> list[dict[str, Any]]:
        """The synced commands (global, or the guild's)."""
        return self.world.commands(self.world.guild_id if guild else None)
