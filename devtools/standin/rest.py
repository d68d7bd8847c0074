"""The REST API under ``/api/v10``: every route discord.py 2.7 uses for a bot like Plateau,
behind one dispatcher that records the request, applies rate limits and injected failures,
and turns :class:`~devtools.standin.limits.DiscordError` into Discord's answer."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from . import limits as L
from .limits import DiscordError
from .models import Files, Request
from .ratelimits import RateLimits
from .world import World

log = logging.getLogger(__name__)

VIOLATION_KINDS = {
    50013: "missing_permissions",
    50001: "missing_access",
    50035: "invalid_form_body",
    50006: "empty_message",
    40005: "file_too_large",
    10062: "late_initial_response",
    40060: "already_acknowledged",
    50027: "expired_token",
    10015: "unknown_webhook",
    10008: "unknown_message",
    10003: "unknown_channel",
    50005: "not_the_author",
    50083: "archived_thread",
    50033: "invalid_recipient",
    30003: "too_many_pins",
}


def json_response(status: int, data: Any, headers: dict[str, str] | None = None) -> web.Response:
    """discord.py compares Content-Type to exactly ``application/json`` (no charset)."""
    out = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(status=status, body=json.dumps(data).encode(), headers=out)


@dataclass
class Activity:
    """Requests in flight and the time of the last one: how a driver tells the bot is done."""

    inflight: int = 0
    last: float = field(default_factory=time.monotonic)

    def touch(self) -> None:
        self.last = time.monotonic()


@dataclass
class Ctx:
    request: web.Request
    params: dict[str, str]
    body: Any
    files: Files

    @property
    def query(self) -> Any:
        return self.request.query

    def json(self) -> dict[str, Any]:
        return self.body if isinstance(self.body, dict) else {}


Handler = Callable[[Ctx], Any]


class Router:
    def __init__(self) -> None:
        self.routes: list[tuple[str, str, re.Pattern[str], Handler]] = []

    def add(self, method: str, template: str, handler: Handler) -> None:
        parts = [
            f"(?P<{seg[1:-1]}>[^/]+)" if seg.startswith("{") else re.escape(seg)
            for seg in template.split("/")
        ]
        pattern = "/".join(parts)
        self.routes.append((method, template, re.compile(f"^{pattern}$"), handler))

    def match(self, method: str, path: str) -> tuple[str, dict[str, str], Handler] | str | None:
        """The route, its parameters and handler; "405" when only the method is wrong."""
        path_known = False
        for route_method, template, regex, handler in self.routes:
            found = regex.match(path)
            if found:
                path_known = True
                if route_method == method:
                    return template, found.groupdict(), handler
        return "405" if path_known else None


async def read_body(request: web.Request) -> tuple[Any, Files]:
    """JSON, or multipart with ``payload_json`` and ``files[n]`` parts."""
    ctype = request.content_type
    if ctype.startswith("multipart/"):
        body: Any = None
        indexed: list[tuple[int, str, bytes]] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue  # a multipart nested in a part: Discord's clients send none
            name = part.name
            data = await part.read(decode=False)
            if name == "payload_json":
                body = json.loads(bytes(data).decode() or "null")
            else:
                match = re.match(r"files\[(\d+)\]", name or "")
                index = int(match.group(1)) if match else len(indexed)
                filename = getattr(part, "filename", None) or f"file{index}"
                indexed.append((index, filename, bytes(data)))
        return body, [(name, data) for _, name, data in sorted(indexed, key=lambda t: t[0])]
    raw = await request.read()
    if not raw:
        return None, []
    if ctype == "application/json":
        return json.loads(raw), []
    return raw.decode(errors="replace"), []


class RestApi:
    """Routes and the one dispatcher in front of them."""

    def __init__(
        self,
        world: World,
        limits: RateLimits,
        activity: Activity,
        *,
        gateway_url: Callable[[], str],
        token: str | None = None,
        shards: int = 1,
    ) -> None:
        self.world = world
        self.shards = shards  # what GET /gateway/bot recommends
        self.limits = limits
        self.activity = activity
        self.gateway_url = gateway_url
        self.token = token
        self.unknown_routes: list[str] = []
        self.router = Router()
        self._install()

    # ------------------------------------------------------------ dispatcher

    async def serve(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info.get("tail", "")
        method = request.method
        found = self.router.match(method, path)
        if found is None or found == "405":
            self.unknown_routes.append(f"{method} {path}")
            log.warning("stand-in: unknown route %s %s", method, path)
            if found == "405":
                return json_response(405, {"code": 0, "message": "405: Method Not Allowed"})
            return json_response(404, {"code": 0, "message": "404: Not Found"})
        assert not isinstance(found, str)
        route, params, handler = found
        if not route.startswith(("/webhooks/", "/interactions/")):
            auth = request.headers.get("Authorization", "")
            if not auth.startswith("Bot ") or (self.token and auth != f"Bot {self.token}"):
                return json_response(401, {"code": 0, "message": "401: Unauthorized"})
        self.activity.inflight += 1
        self.activity.touch()
        try:
            body, files = await read_body(request)
            record = Request(
                method,
                route,
                path,
                params,
                dict(request.query),
                body,
                files,
                self.world.clock.now(),
            )
            self.world.requests.append(record)
            response = await self._answer(record, Ctx(request, params, body, files), handler)
            record.status = response.status
            return response
        finally:
            self.activity.inflight -= 1
            self.activity.touch()

    async def _answer(self, record: Request, ctx: Ctx, handler: Handler) -> web.Response:
        label = f"{record.method} {record.path}"
        bucket = self.limits.bucket(record.method, record.route, record.params)
        record.bucket = bucket.key
        failing = self._outage(record)
        if failing:
            record.response = {"message": f"{failing}: outage", "code": 0}
            return json_response(failing, record.response)
        decision = self.limits.admit(record.method, record.route, bucket)
        headers = self.limits.headers(bucket, decision)
        if decision.status == 429:
            if decision.violation:
                self.world.violate("rate_limit", decision.violation, label, 429)
            record.response = self.limits.body_429(decision)
            return json_response(429, record.response, headers)
        if decision.status >= 500:
            record.response = {"message": f"{decision.status}: injected failure", "code": 0}
            return json_response(decision.status, record.response, headers)
        try:
            result = handler(ctx)
            if asyncio.iscoroutine(result):
                result = await result
        except DiscordError as error:
            record.code = error.code
            record.response = error.body()
            if error.violation:
                kind = VIOLATION_KINDS.get(error.code, f"error_{error.code}")
                self.world.violate(kind, error.detail or error.message, label, error.code)
            return json_response(error.status, error.body(), headers)
        record.response = result
        if result is None:
            return web.Response(status=204, headers=headers)
        return json_response(200, result, headers)

    def _outage(self, record: Request) -> int:
        """The status an outage answers (before any limit counts the request), or 0."""
        if not self.limits.outages:
            return 0
        raw = record.params.get("channel_id")
        channel = self.world.channels.get(int(raw)) if raw and raw.isdigit() else None
        is_dm = channel is not None and channel.is_dm
        channel_id = channel.id if channel is not None else None
        return self.limits.out(record.method, record.route, channel_id, is_dm)

    # ------------------------------------------------------------ routes

    def _install(self) -> None:
        for template, handlers in self._routes().items():
            for method, handler in handlers.items():
                self.router.add(method, template, handler)

    def _routes(self) -> dict[str, dict[str, Handler]]:
        """Path templates and their handlers by method. The first template that matches a path
        wins: a fixed segment comes before a parameter that would take it."""
        app = "/applications/{application_id}"
        guild = "/guilds/{guild_id}"
        channel = "/channels/{channel_id}"
        message = channel + "/messages/{message_id}"
        hook = "/webhooks/{webhook_id}/{webhook_token}"
        app_info: dict[str, Handler] = {"GET": lambda ctx: self.application_payload()}
        commands: dict[str, Handler] = {
            "GET": self._get_commands,
            "PUT": self._put_commands,
            "POST": self._post_command,
        }
        command: dict[str, Handler] = {
            "GET": self._get_command,
            "PATCH": self._patch_command,
            "DELETE": self._delete_command,
        }
        pin: dict[str, Handler] = {
            "PUT": lambda ctx: self._pin(ctx, True),
            "DELETE": lambda ctx: self._pin(ctx, False),
        }
        thread_member: dict[str, Handler] = {"PUT": self._join_thread, "DELETE": self._leave_thread}
        webhook_message: dict[str, Handler] = {
            "GET": self._webhook_get,
            "PATCH": self._webhook_edit,
            "DELETE": self._webhook_delete,
        }
        return {
            "/users/@me": {"GET": lambda ctx: self.bot_user_payload()},
            "/users/{user_id}": {"GET": self._get_user},
            "/oauth2/applications/@me": app_info,
            "/applications/@me": app_info,
            "/gateway": {"GET": lambda ctx: {"url": self.gateway_url()}},
            "/gateway/bot": {"GET": self._gateway_bot},
            # before ".../commands/{command_id}", which would take "permissions" for an id
            app + guild + "/commands/permissions": {"GET": _empty},
            app + "/commands": commands,
            app + "/commands/{command_id}": command,
            app + guild + "/commands": commands,
            app + guild + "/commands/{command_id}": command,
            app + "/entitlements": {"GET": _empty},
            app + "/skus": {"GET": _empty},
            app + "/emojis": {"GET": lambda ctx: {"items": []}},
            "/users/@me/channels": {"POST": self._open_dm},
            channel: {
                "GET": self._get_channel,
                "PATCH": self._patch_channel,
                "DELETE": self._delete_channel,
            },
            channel + "/messages": {"GET": self._get_messages, "POST": self._post_message},
            channel + "/messages/bulk-delete": {"POST": self._bulk_delete},
            channel + "/typing": {"POST": lambda ctx: None},
            channel + "/messages/pins": {"GET": self._get_pins},
            channel + "/pins": {"GET": self._get_pins_old},
            channel + "/messages/pins/{message_id}": pin,
            channel + "/pins/{message_id}": pin,
            message: {
                "GET": self._get_message,
                "PATCH": self._patch_message,
                "DELETE": self._delete_message,
            },
            message + "/reactions/{emoji}/@me": {
                "PUT": lambda ctx: self._react(ctx, True),
                "DELETE": lambda ctx: self._react(ctx, False),
            },
            message + "/threads": {"POST": self._thread_from_message},
            channel + "/threads": {"POST": self._thread_alone},
            channel + "/thread-members/@me": thread_member,
            channel + "/thread-members/{user_id}": thread_member,
            channel + "/thread-members": {"GET": self._thread_members},
            channel + "/threads/archived/public": {"GET": self._archived_threads},
            guild: {"GET": self._get_guild},
            guild + "/channels": {"GET": self._get_guild_channels},
            guild + "/roles": {"GET": self._get_roles},
            guild + "/members": {"GET": self._get_members},
            guild + "/members/{user_id}": {"GET": self._get_member},
            guild + "/threads/active": {"GET": self._active_threads},
            "/interactions/{webhook_id}/{webhook_token}/callback": {"POST": self._callback},
            hook: {"POST": self._followup},
            hook + "/messages/@original": webhook_message,
            hook + "/messages/{message_id}": webhook_message,
        }

    # ------------------------------------------------------------ payloads

    def bot_user_payload(self) -> dict[str, Any]:
        return {
            **self.world.bot.payload(),
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "email": None,
            "locale": "en-US",
            "premium_type": 0,
            "bio": "",
        }

    def application_payload(self) -> dict[str, Any]:
        w = self.world
        return {
            "id": str(w.app_id),
            "name": w.bot.name,
            "icon": None,
            "description": "A local Discord stand-in's application",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": {
                "id": str(w.owner_id),
                "username": "owner",
                "discriminator": "0",
                "avatar": None,
                "public_flags": 0,
            },
            "team": None,
            "flags": (1 << 13) | (1 << 15) | (1 << 19),
            "bot": self.bot_user_payload(),
            "approximate_guild_count": len(w.guild_ids),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
            "integration_types_config": {"0": {}},
            "tags": [],
        }

    # ------------------------------------------------------------ handlers

    def _gateway_bot(self, ctx: Ctx) -> dict[str, Any]:
        return {
            "url": self.gateway_url(),
            "shards": self.shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 86_400_000,
                "max_concurrency": 1,
            },
        }

    def _get_user(self, ctx: Ctx) -> dict[str, Any]:
        member = self.world.members.get(int(ctx.params["user_id"]))
        if member is None:
            raise L.unknown("User")
        return member.payload()

    def _scope(self, ctx: Ctx) -> Any:
        if ctx.params["application_id"] != str(self.world.app_id):
            raise DiscordError(403, 20012, "You are not authorized to perform this action")
        return ctx.params.get("guild_id")

    def _get_commands(self, ctx: Ctx) -> list[dict[str, Any]]:
        return self.world.commands(self._scope(ctx))

    def _put_commands(self, ctx: Ctx) -> list[dict[str, Any]]:
        return self.world.sync_commands(self._scope(ctx), ctx.body)

    def _post_command(self, ctx: Ctx) -> dict[str, Any]:
        return self.world.upsert_command(self._scope(ctx), ctx.json())

    def _find_command(self, ctx: Ctx) -> dict[str, Any]:
        for command in self.world.commands(self._scope(ctx)):
            if command["id"] == ctx.params["command_id"]:
                return command
        raise L.unknown("Application Command")

    def _get_command(self, ctx: Ctx) -> dict[str, Any]:
        return self._find_command(ctx)

    def _patch_command(self, ctx: Ctx) -> dict[str, Any]:
        command = {**self._find_command(ctx), **ctx.json()}
        return self.world.upsert_command(self._scope(ctx), command)

    def _delete_command(self, ctx: Ctx) -> None:
        self.world.delete_command(self._scope(ctx), ctx.params["command_id"])

    def _open_dm(self, ctx: Ctx) -> dict[str, Any]:
        channel = self.world.bot_opens_dm(ctx.json().get("recipient_id"))
        return self.world.channel_payload(channel)

    def _get_channel(self, ctx: Ctx) -> dict[str, Any]:
        channel = self.world.live_channel(ctx.params["channel_id"])
        if not channel.is_dm:
            self.world.require(channel, 0)
        return self.world.channel_payload(channel)

    def _patch_channel(self, ctx: Ctx) -> dict[str, Any]:
        channel = self.world.bot_modifies_channel(ctx.params["channel_id"], ctx.json())
        return self.world.channel_payload(channel)

    def _delete_channel(self, ctx: Ctx) -> dict[str, Any]:
        channel = self.world.bot_deletes_channel(ctx.params["channel_id"])
        return self.world.channel_payload(channel)

    def _get_messages(self, ctx: Ctx) -> list[dict[str, Any]]:
        w = self.world
        channel = w.live_channel(ctx.params["channel_id"])
        if not channel.is_dm:
            w.require(channel, L.READ_MESSAGE_HISTORY)
        messages = w.channel_messages(channel)
        limit = int(ctx.query.get("limit", 50))
        if "before" in ctx.query:
            messages = [m for m in messages if m.id < int(ctx.query["before"])]
        if "after" in ctx.query:
            messages = [m for m in messages if m.id > int(ctx.query["after"])][:limit]
        if "around" in ctx.query:
            pivot = int(ctx.query["around"])
            older = [m for m in messages if m.id <= pivot][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > pivot][: limit // 2]
            messages = older + newer
        messages = messages[-limit:]
        return [w.message_payload(m) for m in reversed(messages)]

    def _get_message(self, ctx: Ctx) -> dict[str, Any]:
        w = self.world
        channel = w.live_channel(ctx.params["channel_id"])
        return w.message_payload(w.live_message(channel, ctx.params["message_id"]))

    def _patch_message(self, ctx: Ctx) -> dict[str, Any]:
        p = ctx.params
        message = self.world.bot_edits(p["channel_id"], p["message_id"], ctx.json(), ctx.files)
        return self.world.message_payload(message)

    def _delete_message(self, ctx: Ctx) -> None:
        self.world.bot_deletes(ctx.params["channel_id"], ctx.params["message_id"])

    def _thread_from_message(self, ctx: Ctx) -> dict[str, Any]:
        p = ctx.params
        thread = self.world.bot_creates_thread(p["channel_id"], ctx.json(), p["message_id"])
        return self.world.channel_payload(thread)

    def _thread_alone(self, ctx: Ctx) -> dict[str, Any]:
        thread = self.world.bot_creates_thread(ctx.params["channel_id"], ctx.json())
        return self.world.channel_payload(thread)

    def _post_message(self, ctx: Ctx) -> dict[str, Any]:
        message = self.world.bot_posts(ctx.params["channel_id"], ctx.json(), ctx.files)
        return self.world.message_payload(message)

    def _bulk_delete(self, ctx: Ctx) -> None:
        for mid in ctx.json().get("messages") or []:
            self.world.bot_deletes(ctx.params["channel_id"], mid)

    def _pin(self, ctx: Ctx, pinned: bool) -> None:
        self.world.bot_pins(ctx.params["channel_id"], ctx.params["message_id"], pinned)

    def _get_pins(self, ctx: Ctx) -> dict[str, Any]:
        w = self.world
        channel = w.live_channel(ctx.params["channel_id"])
        items = [
            {"pinned_at": m.edited_timestamp or m.timestamp, "message": w.message_payload(m)}
            for m in reversed(w.pinned(channel))
        ]
        return {"items": items, "has_more": False}

    def _get_pins_old(self, ctx: Ctx) -> list[dict[str, Any]]:
        w = self.world
        channel = w.live_channel(ctx.params["channel_id"])
        return [w.message_payload(m) for m in reversed(w.pinned(channel))]

    def _react(self, ctx: Ctx, add: bool) -> None:
        p = ctx.params
        self.world.bot_reacts(p["channel_id"], p["message_id"], p["emoji"], add)

    def _join_thread(self, ctx: Ctx) -> None:
        w = self.world
        thread = w.live_channel(ctx.params["channel_id"])
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        user = ctx.params.get("user_id")
        uid = w.bot.id if user is None else int(user)
        if uid != w.bot.id:
            w.require(thread, L.SEND_MESSAGES_IN_THREADS)
            if uid not in w.members:
                raise L.unknown("Member")
        thread.thread_members.add(uid)

    def _leave_thread(self, ctx: Ctx) -> None:
        w = self.world
        thread = w.live_channel(ctx.params["channel_id"])
        user = ctx.params.get("user_id")
        uid = w.bot.id if user is None else int(user)
        if uid != w.bot.id:
            w.require(thread, L.MANAGE_THREADS)
        thread.thread_members.discard(uid)

    def _thread_members(self, ctx: Ctx) -> list[dict[str, Any]]:
        thread = self.world.live_channel(ctx.params["channel_id"])
        return [
            {
                "id": str(thread.id),
                "user_id": str(uid),
                "join_timestamp": thread.created_at,
                "flags": 0,
            }
            for uid in sorted(thread.thread_members)
        ]

    def _archived_threads(self, ctx: Ctx) -> dict[str, Any]:
        w = self.world
        parent = w.live_channel(ctx.params["channel_id"])
        w.require(parent, L.READ_MESSAGE_HISTORY)
        threads = [t for t in w.threads(parent) if t.archived]
        return {
            "threads": [w.channel_payload(t) for t in threads],
            "members": [],
            "has_more": False,
        }

    def _active_threads(self, ctx: Ctx) -> dict[str, Any]:
        w = self.world
        threads = [t for t in w.threads() if not t.archived]
        return {"threads": [w.channel_payload(t) for t in threads], "members": []}

    def _guild_or_404(self, ctx: Ctx) -> int:
        gid = ctx.params["guild_id"]
        if not gid.isdigit() or int(gid) not in self.world.guild_ids:
            raise L.unknown("Guild")
        return int(gid)

    def _get_guild(self, ctx: Ctx) -> dict[str, Any]:
        out = self.world.guild_payload(self._guild_or_404(ctx))
        if ctx.query.get("with_counts") in ("true", "1", "True"):
            out["approximate_member_count"] = len(self.world.members)
            out["approximate_presence_count"] = len(self.world.members)
        return out

    def _get_roles(self, ctx: Ctx) -> list[dict[str, Any]]:
        return self.world.guild_payload(self._guild_or_404(ctx))["roles"]

    def _get_guild_channels(self, ctx: Ctx) -> list[dict[str, Any]]:
        w, gid = self.world, self._guild_or_404(ctx)
        return [
            w.channel_payload(c)
            for c in w.channels.values()
            if c.guild_id == gid and not c.is_thread and not c.deleted
        ]

    def _get_members(self, ctx: Ctx) -> list[dict[str, Any]]:
        self._guild_or_404(ctx)
        w = self.world
        limit = int(ctx.query.get("limit", 1))
        after = int(ctx.query.get("after", 0))
        members = sorted(w.members.values(), key=lambda m: m.id)
        return [w.member_payload(m) for m in members if m.id > after][:limit]

    def _get_member(self, ctx: Ctx) -> dict[str, Any]:
        self._guild_or_404(ctx)
        w = self.world
        member = w.members.get(int(ctx.params["user_id"]))
        if member is None:
            raise L.unknown("Member")
        return w.member_payload(member)

    def _callback(self, ctx: Ctx) -> dict[str, Any] | None:
        w = self.world
        inter = w.interaction_for_callback(ctx.params["webhook_id"], ctx.params["webhook_token"])
        with_response = ctx.query.get("with_response", "false").lower() in ("1", "true")
        return w.respond(inter, ctx.json(), ctx.files, with_response=with_response)

    def _followup(self, ctx: Ctx) -> dict[str, Any] | None:
        w = self.world
        inter = w.webhook_interaction(ctx.params["webhook_id"], ctx.params["webhook_token"])
        message = w.followup(inter, ctx.json(), ctx.files)
        # Follow-ups always wait for the message (Discord documents ``wait`` as always true).
        return w.message_payload(message)

    def _webhook_target(self, ctx: Ctx) -> tuple[Any, Any]:
        w = self.world
        inter = w.webhook_interaction(ctx.params["webhook_id"], ctx.params["webhook_token"])
        message_id = ctx.params.get("message_id", "@original")
        if ctx.request.path.endswith("/@original"):
            message_id = "@original"
        return inter, w.webhook_message(inter, message_id)

    def _webhook_get(self, ctx: Ctx) -> dict[str, Any]:
        _, message = self._webhook_target(ctx)
        return self.world.message_payload(message)

    def _webhook_edit(self, ctx: Ctx) -> dict[str, Any]:
        w = self.world
        inter, message = self._webhook_target(ctx)
        w.apply_edit(message, ctx.json(), ctx.files, size_limit=inter.size_limit)
        inter.note(w.clock.now(), f"edited message {message.id}")
        return w.message_payload(message)

    def _webhook_delete(self, ctx: Ctx) -> None:
        w = self.world
        inter, message = self._webhook_target(ctx)
        w.remove_message(message)
        inter.note(w.clock.now(), f"deleted message {message.id}")


def _empty(ctx: Ctx) -> list[Any]:
    return []
