"""Drive a discord.py bot without Discord, through discord.py's real objects.

:class:`FakeDiscord` is the Discord side: it answers the bot's two network exits
(``HTTPClient.request`` for REST, ``AsyncWebhookAdapter.request`` for interaction responses
and follow-ups), records every call, and keeps what Discord would keep (channels, threads,
DM channels, the messages the bot sent). It outlives a bot: attach a new bot to the same
world to test a restart, then press a button on a message the old bot sent.

:class:`BotDriver` feeds a bot what the gateway would: interaction payloads through
``parse_interaction_create`` (commands, autocomplete, button presses) and messages through
``parse_message_create``, then waits until the bot has finished. Option types come from the
bot's own command tree, so the driver works for any game's cog. What it relies on is
discord.py's own: the two network exits above and the gateway parsers it calls."""

from __future__ import annotations

import asyncio
import datetime
import importlib
import io
import itertools
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.webhook.async_ import AsyncWebhookAdapter
from PIL import Image

from devtools.standin.models import member_fields

APP_ID = 710000000000000001
BOT_ID = 710000000000000002
GUILD_ID = 710000000000000003
EPHEMERAL = 64
STUCK_SECONDS = 120.0  # a bot task that has not finished after this long is stuck
SIZE_LIMIT = 10 * 1024 * 1024
BOT_AUTHOR = {
    "id": str(BOT_ID),
    "username": "Plateau",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}

MEMBER = discord.Permissions(
    view_channel=True, send_messages=True, read_message_history=True, use_application_commands=True
)
MANAGER = MEMBER | discord.Permissions(manage_guild=True)
BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    attach_files=True,
    embed_links=True,
    read_message_history=True,
    create_public_threads=True,
    send_messages_in_threads=True,
    manage_messages=True,
)
BOT_NO_THREADS = BOT_PERMISSIONS & ~discord.Permissions(
    create_public_threads=True, send_messages_in_threads=True
)


def png_bytes(size: tuple[int, int] = (8, 8), color: str = "navy") -> bytes:
    """A small valid PNG."""
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def message_payload(
    mid: int, channel_id: int, author: dict[str, Any], content: str, **fields: Any
) -> dict[str, Any]:
    """A plain message as Discord sends it (no attachments, embeds, mentions, flags or
    components); ``fields`` add to it or replace."""
    return {
        "id": str(mid),
        "channel_id": str(channel_id),
        "type": 0,
        "content": content,
        "author": author,
        "attachments": [],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": _now(),
        "edited_timestamp": None,
        "flags": 0,
        "components": [],
        **fields,
    }


def _error(status: int, code: int, text: str) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason=text)
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(response, {"code": code, "message": text})  # type: ignore[arg-type]


@dataclass(frozen=True)
class User:
    id: int
    name: str

    @property
    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "bot": False,
        }


@dataclass
class Call:
    """One request the bot made."""

    exit: str  # "rest" or "webhook"
    method: str
    path: str  # the route template, e.g. /channels/{channel_id}/messages
    url: str
    body: Any
    files: list[tuple[str, bytes]]
    channel_id: int | None = None  # where a message went
    token: str | None = None  # which interaction it answers
    response: Any = None
    refused: int | None = None  # the Discord error code, when the fake refused it
    repeated: bool = False  # a nonce seen before: Discord gave back the earlier message

    @property
    def kind(self) -> str:
        if self.path.endswith("/callback"):
            return "callback"
        if self.exit == "webhook" and self.method == "POST":
            return "followup"
        if self.exit == "webhook":
            return "webhook_" + self.method.lower()
        if self.method == "POST" and self.path == "/channels/{channel_id}/messages":
            return "message"
        if self.path == "/users/@me/channels":
            return "open_dm"
        if self.path == "/channels/{channel_id}/threads":
            return "thread"
        if self.method == "DELETE" and "/messages/" in self.path:
            return "delete_message"
        if self.method == "PATCH" and self.path == "/channels/{channel_id}/messages/{message_id}":
            return "edit"
        if "/commands" in self.path:
            return "sync"
        return f"{self.method} {self.path}"

    @property
    def data(self) -> dict[str, Any]:
        """The message part: a callback's ``data``, else the body."""
        if self.kind == "callback":
            return (self.body or {}).get("data") or {}
        return self.body if isinstance(self.body, dict) else {}

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def ephemeral(self) -> bool:
        return bool((self.data.get("flags") or 0) & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"]
            for row in self.data.get("components") or []
            for c in row.get("components", [])
            if "custom_id" in c
        ]


class FakeDiscord:
    """What Discord keeps and answers; shared by successive bots (restarts)."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._ids = itertools.count(720000000000000000)
        self._users: dict[str, User] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.dm_of: dict[int, int] = {}  # user id -> DM channel id
        self.closed_dms: set[int] = set()
        # user -> how many more DMs to them Discord answers with a 500 (an outage)
        self.failing_dms: dict[int, int] = {}
        self.locked_channels: set[int] = set()  # the bot may not post there
        self.bot_can_delete = True
        self.token_channel: dict[str, int] = {}
        # (channel, nonce) -> message: with ``enforce_nonce`` Discord answers a repeat of a
        # nonce with the message it made the first time instead of posting it again.
        self.nonces: dict[tuple[int, str], dict[str, Any]] = {}

    def next_id(self) -> int:
        return next(self._ids)

    # ------------------------------------------------------------ people and places

    def user(self, name: str) -> User:
        if name not in self._users:
            self._users[name] = User(self.next_id(), name)
        return self._users[name]

    def text_channel(self, name: str = "general") -> int:
        cid = self.next_id()
        self.channels[cid] = {
            "id": str(cid),
            "type": 0,
            "guild_id": str(GUILD_ID),
            "name": name,
            "position": len(self.channels),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
            "default_auto_archive_duration": 1440,
        }
        return cid

    def dm_channel(self, user: User) -> int:
        if user.id not in self.dm_of:
            cid = self.next_id()
            self.dm_of[user.id] = cid
            self.channels[cid] = {
                "id": str(cid),
                "type": 1,
                "recipients": [user.payload],
                "last_message_id": None,
            }
        return self.dm_of[user.id]

    def _user_by_id(self, user_id: int) -> User:
        for user in self._users.values():
            if user.id == user_id:
                return user
        return User(user_id, f"user{user_id}")

    # ------------------------------------------------------------ the bot's two exits

    async def rest(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        if body is None and form:
            body = json.loads(form[0]["value"])
        call = Call("rest", route.method, route.path, route.url, body, _read(files))
        self.calls.append(call)
        call.response = self._answer_rest(route, call)
        return call.response

    def _answer_rest(self, route: Any, call: Call) -> Any:
        path, method = route.path, route.method
        if path == "/users/@me/channels":
            user = self._user_by_id(int(call.body["recipient_id"]))
            return self.channels[self.dm_channel(user)]
        if path == "/channels/{channel_id}/messages" and method == "POST":
            channel_id = int(route.channel_id)
            call.channel_id = channel_id
            dm_user = next((u for u, c in self.dm_of.items() if c == channel_id), None)
            if dm_user in self.closed_dms:
                call.refused = 50007
                raise _error(403, 50007, "Cannot send messages to this user")
            if dm_user is not None and self.failing_dms.get(dm_user, 0) > 0:
                self.failing_dms[dm_user] -= 1
                call.refused = 0
                raise _error(500, 0, "500: Internal Server Error")
            if channel_id in self.locked_channels:
                call.refused = 50001
                raise _error(403, 50001, "Missing Access")
            nonce = (call.body or {}).get("nonce")
            if nonce and (call.body or {}).get("enforce_nonce"):
                known = self.nonces.get((channel_id, str(nonce)))
                if known is not None:
                    call.repeated = True
                    return known
                message = self._message(channel_id, call)
                self.nonces[(channel_id, str(nonce))] = message
                return message
            return self._message(channel_id, call)
        if path == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
            channel_id = int(route.channel_id)
            call.channel_id = channel_id
            if channel_id in self.locked_channels:
                call.refused = 50001
                raise _error(403, 50001, "Missing Access")
            message = self.messages.get(int(route.url.rsplit("/", 1)[1]))
            if message is None:
                call.refused = 10008
                raise _error(404, 10008, "Unknown Message")
            return self._edit(message, call)
        if path.startswith("/channels/{channel_id}/messages/") and method == "DELETE":
            if not self.bot_can_delete:
                call.refused = 50013
                raise _error(403, 50013, "Missing Permissions")
            return None
        if path == "/channels/{channel_id}/threads":
            parent = self.channels[int(route.channel_id)]
            tid = self.next_id()
            self.channels[tid] = {
                **parent,
                "id": str(tid),
                "type": call.body["type"],
                "parent_id": parent["id"],
                "owner_id": str(BOT_ID),
                "name": call.body["name"],
                "message_count": 0,
                "member_count": 1,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": call.body["auto_archive_duration"],
                    "archive_timestamp": _now(),
                    "locked": False,
                    "invitable": True,
                },
            }
            return self.channels[tid]
        if path == "/channels/{channel_id}" and method == "DELETE":
            return self.channels.pop(int(route.channel_id), None)
        if path == "/channels/{channel_id}" and method == "GET":
            return self.channels[int(route.channel_id)]
        if path == "/channels/{channel_id}" and method == "PATCH":
            channel = self.channels[int(route.channel_id)]
            if "archived" in (call.body or {}):
                channel["thread_metadata"]["archived"] = call.body["archived"]
            return channel
        if "/commands" in path:
            return []
        return None

    async def webhook(
        self,
        route: Any,
        session: Any = None,
        *,
        payload: Any = None,
        multipart: Any = None,
        files: Any = None,
        **kwargs: Any,
    ) -> Any:
        body = payload
        if body is None and multipart:
            body = json.loads(multipart[0]["value"])
        token = route.webhook_token
        call = Call("webhook", route.method, route.path, route.url, body, _read(files), token=token)
        self.calls.append(call)
        channel_id = self.token_channel.get(token or "")
        if call.kind == "callback":
            message_id = self.next_id()
            call.response = {
                "interaction": {
                    "id": str(route.webhook_id),
                    "type": 2,
                    "activity_instance_id": None,
                    "response_message_id": str(message_id),
                    "response_message_loading": body.get("type") == 5,
                    "response_message_ephemeral": call.ephemeral,
                },
                "resource": {"type": body.get("type")},
            }
        elif route.method in ("POST", "PATCH"):
            call.channel_id = channel_id
            call.response = self._message(channel_id or 0, call)
        return call.response

    def _message(self, channel_id: int, call: Call) -> dict[str, Any]:
        mid = self.next_id()
        data = call.data
        message = message_payload(
            mid,
            channel_id,
            dict(BOT_AUTHOR),
            data.get("content") or "",
            attachments=self._attachments(call.files),
            flags=data.get("flags") or 0,
            components=data.get("components") or [],
        )
        channel = self.channels.get(channel_id)
        if channel is not None and channel.get("guild_id"):
            message["guild_id"] = channel["guild_id"]
        self.messages[mid] = message
        return message

    def _attachments(self, files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
        return [
            {
                "id": str(self.next_id()),
                "filename": name,
                "size": len(blob),
                "url": f"https://cdn.example/{name}",
                "proxy_url": f"https://cdn.example/{name}",
            }
            for name, blob in files
        ]

    def _edit(self, message: dict[str, Any], call: Call) -> dict[str, Any]:
        """An edit replaces what it names: content, components, attachments."""
        data = call.data
        if "content" in data:
            message["content"] = data["content"] or ""
        if "components" in data:
            message["components"] = data["components"] or []
        if "attachments" in data or call.files:
            message["attachments"] = self._attachments(call.files)
        message["edited_timestamp"] = _now()
        return message

    # ------------------------------------------------------------ looking at what was sent

    def message_with(self, custom_id: str) -> dict[str, Any]:
        """The latest message the bot sent with this button."""
        for message in reversed(list(self.messages.values())):
            for row in message["components"]:
                if any(c.get("custom_id") == custom_id for c in row.get("components", [])):
                    return message
        raise AssertionError(f"no message carries the button {custom_id!r}")

    def posts(self, channel_id: int | None = None) -> list[Call]:
        """Channel messages (not DMs) the bot sent, optionally in one channel."""
        dms = set(self.dm_of.values())
        return [
            c
            for c in self.calls
            if c.kind == "message"
            and c.channel_id not in dms
            and (channel_id is None or c.channel_id == channel_id)
        ]

    def edits(self, channel_id: int | None = None) -> list[Call]:
        """Edits of messages the bot made, optionally in one channel (DMs included)."""
        return [
            c
            for c in self.calls
            if c.kind == "edit" and (channel_id is None or c.channel_id == channel_id)
        ]

    def dms(self, user: User | None = None) -> list[Call]:
        """Messages the bot sent to DM channels (delivered or refused)."""
        wanted = set(self.dm_of.values()) if user is None else {self.dm_of.get(user.id)}
        return [c for c in self.calls if c.kind == "message" and c.channel_id in wanted]

    def threads(self) -> list[int]:
        return [int(c.response["id"]) for c in self.calls if c.kind == "thread" and c.response]


def _read(files: Any) -> list[tuple[str, bytes]]:
    out = []
    for f in files or []:
        fp = f.fp
        data = fp.getvalue() if hasattr(fp, "getvalue") else fp.read()
        out.append((f.filename, data))
    return out


@dataclass
class Exchange:
    """What one interaction (or message) made the bot send."""

    payload: dict[str, Any]
    calls: list[Call] = field(default_factory=list)
    dm_channels: set[int] = field(default_factory=set)

    @property
    def token(self) -> str:
        return self.payload.get("token", "")

    @property
    def responses(self) -> list[Call]:
        return [c for c in self.calls if c.token == self.token]

    @property
    def replies(self) -> list[Call]:
        """What the actor was told: follow-ups after the defer, or an immediate message."""
        return [
            c
            for c in self.responses
            if c.kind == "followup" or (c.kind == "callback" and c.body.get("type") == 4)
        ]

    @property
    def text(self) -> str:
        return "\n".join(c.content for c in self.replies)

    @property
    def posts(self) -> list[Call]:
        """Messages to guild channels and threads."""
        return [
            c for c in self.calls if c.kind == "message" and c.channel_id not in self.dm_channels
        ]

    @property
    def dms(self) -> list[Call]:
        """Messages to DM channels, delivered or refused (``refused``)."""
        return [c for c in self.calls if c.kind == "message" and c.channel_id in self.dm_channels]

    @property
    def edits(self) -> list[Call]:
        """Messages edited in place (channels and DMs)."""
        return [c for c in self.calls if c.kind == "edit"]

    @property
    def shown(self) -> list[Call]:
        """What changed in channels: new posts and edits (the latest state of a message)."""
        return [
            c
            for c in self.calls
            if c.kind in ("message", "edit") and c.channel_id not in self.dm_channels
        ]

    def check_protocol(self) -> None:
        """Exactly one initial response, first; an application command or a button press
        is deferred (ephemeral, thinking) and then answered at least once, privately."""
        responses = self.responses
        assert responses, "the interaction got no response at all"
        callbacks = [c for c in responses if c.kind == "callback"]
        assert len(callbacks) == 1, f"{len(callbacks)} initial responses"
        assert responses[0].kind == "callback", "something was sent before the initial response"
        if self.payload["type"] == 2:
            assert callbacks[0].body["type"] == 5, "not deferred"
            assert callbacks[0].ephemeral, "the defer is not ephemeral"
            # Answered privately, or (its effect public) its "thinking" closed unsaid.
            closed = any(c.kind == "webhook_delete" for c in responses)
            assert self.replies or closed, "deferred but never answered nor closed"
            assert not (self.replies and closed), "answered and closed"
        if self.payload["type"] == 3:  # a press: acknowledged silently, or refused privately
            assert callbacks[0].body["type"] in (4, 6), "a press neither acknowledged nor refused"
            if callbacks[0].body["type"] == 4:
                assert callbacks[0].ephemeral, "a refusal of a press is not private"
        if self.payload["type"] in (2, 3):
            assert all(c.ephemeral for c in self.replies), "a reply is not ephemeral"


class BotDriver:
    """Feeds one bot as the gateway would, over a :class:`FakeDiscord`."""

    def __init__(self, bot: discord.Client, world: FakeDiscord) -> None:
        self.bot = bot
        self.world = world
        self._original_webhook = AsyncWebhookAdapter.request

    async def start(self) -> None:
        state = self.bot._connection
        state.user = discord.ClientUser(
            state=state,
            data={
                "id": str(BOT_ID),
                "username": "Plateau",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
                "verified": True,
                "mfa_enabled": False,
                "flags": 0,
            },
        )
        state.application_id = APP_ID
        self.bot.http.request = self.world.rest  # type: ignore[method-assign]
        world = self.world

        async def webhook(adapter: Any, route: Any, session: Any, **kwargs: Any) -> Any:
            return await world.webhook(route, session, **kwargs)

        AsyncWebhookAdapter.request = webhook  # type: ignore[method-assign]
        await self.bot._async_setup_hook()
        await self.bot.setup_hook()

    async def close(self) -> None:
        try:
            await self.bot.close()
        finally:
            AsyncWebhookAdapter.request = self._original_webhook  # type: ignore[method-assign]

    # ------------------------------------------------------------ payloads

    def _interaction(
        self,
        kind: int,
        data: dict[str, Any],
        *,
        user: User,
        channel_id: int,
        locale: str,
        guild_locale: str = "en-US",
        permissions: discord.Permissions = MEMBER,
        app_permissions: discord.Permissions = BOT_PERMISSIONS,
        message: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        iid = self.world.next_id()
        token = f"token-{iid}"
        self.world.token_channel[token] = channel_id
        channel = self.world.channels[channel_id]
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "locale": locale,
            "app_permissions": str(app_permissions.value),
            "attachment_size_limit": SIZE_LIMIT,
            "entitlements": [],
            "channel": channel,
            "channel_id": str(channel_id),
            "data": data,
        }
        if channel.get("guild_id"):
            payload.update(
                guild_id=str(GUILD_ID),
                guild_locale=guild_locale,
                context=0,
                authorizing_integration_owners={"0": str(GUILD_ID)},
                member={
                    "user": user.payload,
                    **member_fields(_now()),
                    "permissions": str(permissions.value),
                },
            )
        else:
            payload.update(user=user.payload, context=1, authorizing_integration_owners={"0": "0"})
        if message is not None:
            payload["message"] = message
        return payload

    def _command_data(
        self, command: str, options: dict[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        path = command.split()
        node: Any = self.bot.tree.get_command(path[0])  # type: ignore[attr-defined]
        assert node is not None, f"no command /{path[0]}"
        data: dict[str, Any] = {"id": str(self.world.next_id()), "name": path[0], "type": 1}
        container: list[dict[str, Any]] = data.setdefault("options", [])
        for name in path[1:]:
            node = node.get_command(name)
            assert node is not None, f"no command /{command}"
            group = isinstance(node, app_commands.Group)
            entry: dict[str, Any] = {"name": name, "type": 2 if group else 1, "options": []}
            container.append(entry)
            container = entry["options"]
        params = {p.display_name: p for p in node.parameters}
        for name, value in options.items():
            assert name in params, f"/{command} has no option {name!r} ({sorted(params)})"
            option: dict[str, Any] = {"name": name, "type": params[name].type.value, "value": value}
            if name == focused:
                option["focused"] = True
                option["value"] = str(value)
            container.append(option)
        return data

    # ------------------------------------------------------------ sending things in

    async def slash(
        self,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        user: User,
        channel: int,
        locale: str = "en-US",
        undeclared: dict[str, str] | None = None,
        **context: Any,
    ) -> Exchange:
        """``/loka move`` with ``{"from": "e2", "to": "e4"}``, as ``user`` in ``channel``;
        ``context`` may set the interaction's ``guild_locale``, the member's ``permissions``
        and the bot's ``app_permissions`` (else a member's, in an English guild).
        ``undeclared``: string options the command does not declare (a client whose
        commands are out of date sends them)."""
        data = self._command_data(command, options or {})
        leaf = data
        while leaf.get("options") and leaf["options"][0].get("type") in (1, 2):
            leaf = leaf["options"][0]
        leaf.setdefault("options", []).extend(
            {"name": name, "type": 3, "value": value} for name, value in (undeclared or {}).items()
        )
        payload = self._interaction(
            2, data, user=user, channel_id=channel, locale=locale, **context
        )
        exchange = await self.dispatch(payload)
        exchange.check_protocol()
        return exchange

    async def autocomplete(
        self,
        command: str,
        focused: str,
        options: dict[str, Any],
        *,
        user: User,
        channel: int,
        locale: str = "en-US",
    ) -> list[dict[str, Any]]:
        """The choices the bot offers for option ``focused`` (whose text is in ``options``)."""
        data = self._command_data(command, options, focused=focused)
        payload = self._interaction(4, data, user=user, channel_id=channel, locale=locale)
        exchange = await self.dispatch(payload)
        exchange.check_protocol()
        callback = exchange.responses[0]
        assert callback.body["type"] == 8, "autocomplete not answered with choices"
        return callback.body["data"]["choices"]

    async def press(
        self,
        custom_id: str,
        *,
        user: User,
        locale: str = "en-US",
        message: dict[str, Any] | None = None,
    ) -> Exchange:
        """Press a button on the latest message that carries it (or on ``message``)."""
        message = message or self.world.message_with(custom_id)
        channel_id = int(message["channel_id"])
        data = {"custom_id": custom_id, "component_type": 2}
        payload = self._interaction(
            3, data, user=user, channel_id=channel_id, locale=locale, message=message
        )
        exchange = await self.dispatch(payload)
        exchange.check_protocol()
        return exchange

    async def say(self, text: str, *, user: User, channel: int) -> Exchange:
        """A user posts a plain message in a channel."""
        payload = message_payload(
            self.world.next_id(),
            channel,
            user.payload,
            text,
            guild_id=str(GUILD_ID),
            member={"roles": [], "joined_at": _now(), "deaf": False, "mute": False, "flags": 0},
        )
        return await self._run(payload, lambda: self.bot._connection.parse_message_create(payload))

    async def dispatch(self, payload: dict[str, Any]) -> Exchange:
        return await self._run(
            payload, lambda: self.bot._connection.parse_interaction_create(payload)
        )

    async def _run(self, payload: dict[str, Any], feed: Any) -> Exchange:
        start = len(self.world.calls)
        before = asyncio.all_tasks()
        feed()
        await self.settle(before)
        return Exchange(payload, self.world.calls[start:], set(self.world.dm_of.values()))

    async def settle(self, before: set[asyncio.Task[Any]] | None = None) -> None:
        """Wait until every task started since ``before`` is done (but discord.py's own
        15-minute timer on a private message's buttons: the bot's work is done)."""
        before = before or set()
        me = asyncio.current_task()
        for _ in range(200):
            await asyncio.sleep(0)
            pending = {
                t
                for t in asyncio.all_tasks() - before
                if t is not me and not t.done() and not _view_timer(t)
            }
            if not pending:
                return
            # A bound on a hang only: the wait ends as soon as one of them is done.
            done, _ = await asyncio.wait(pending, timeout=STUCK_SECONDS)
            assert done, f"the bot did not finish in time: {[t.get_coro() for t in pending]}"
        raise AssertionError("the bot kept starting tasks")


def _view_timer(task: asyncio.Task[Any]) -> bool:
    """discord.py times out the buttons of an ephemeral message after 15 minutes (its token
    expires); persistent buttons are still read after that, by their custom id."""
    return getattr(task.get_coro(), "__qualname__", "").endswith("__timeout_task_impl")


def game_id_in(text: str) -> str:
    """The game id a lobby (or a reply) names, as `1a2b3c`."""
    found = re.search(r"`([0-9a-f]+)`", text)
    assert found, text
    return found.group(1)


def mentions(text: str) -> set[int]:
    return {int(m) for m in re.findall(r"<@(\d+)>", text)}


NAME_RULE = re.compile(r"^[-_'\w]{1,32}$")


def assert_within_discord_limits(node: dict[str, Any]) -> None:
    """A synced command, its options and choices as Discord takes them: names (and their
    translations) lower case, 1-32 word characters; descriptions 1-100 characters; at most
    25 options and 25 choices a node."""
    names = [node["name"], *node.get("name_localizations", {}).values()]
    assert all(NAME_RULE.match(n) and n == n.lower() for n in names), names
    texts = [node.get("description", "x"), *node.get("description_localizations", {}).values()]
    assert all(1 <= len(d) <= 100 for d in texts), texts
    assert len(node.get("options", [])) <= 25 and len(node.get("choices", [])) <= 25
    for child in node.get("options", []):
        assert_within_discord_limits(child)


# The commands every game's group has (bot.cogs.shared_commands, ai and the lobby's own).
SHARED_COMMANDS = frozenset(
    ("new", "join", "ai", "leave", "start", "cancel", "pause", "board", "replay", "resign")
) | {"export", "rules", "help", "hint", "review", "learn"}


def with_shared(own: str) -> set[str]:
    """A game group's commands: the shared ones and ``own`` (its own, space-separated)."""
    return {*SHARED_COMMANDS, *own.split()}


def options(node: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A synced command's (or subcommand's) options by name."""
    return {o["name"]: o for o in node["options"]}


def button_request(button: Any, action: str) -> Any:
    """What a press of ``plateau:<kind>:g1:<action>`` asks of its table (None: nothing);
    the button class's template must claim that custom id, so a press reaches it."""
    custom_id = f"plateau:{button.kind}:g1:{action}"
    assert button.__discord_ui_compiled_template__.fullmatch(custom_id), custom_id
    return button.to_request("g1", action)


def board_stub(module: Any, color: str, size: tuple[int, int] = (32, 32)) -> Any:
    """An autouse fixture putting a plain PNG in place of ``module.board_png``, so a test
    of the cog does not wait on the renderer. A test module writes
    ``images = board_stub(chess_table, "darkgreen")``."""

    @pytest.fixture(autouse=True)
    def images(monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(module, "board_png", lambda *a, **kw: png_bytes(size, color))

    return images


class Rig:
    """One game's bot over a service over SQLite, attached to a fake Discord; restartable.
    A test module subclasses it as ``Rig`` with its ``game`` (whose table and cog the bot
    finds as ``TABLE`` in bot/tables/<game>.py and as the extension bot/cogs/<game>.py), its
    ``people_names`` and ``seats``; the ``rig`` fixture (tests/bot/conftest.py) runs it."""

    game: str = ""
    tables: tuple[type, ...] = ()
    cogs: tuple[type, ...] = ()
    people_names: tuple[str, ...] = ("alice", "bob", "carol", "dave")
    seed: int = 7
    seats: tuple[tuple[str, str], ...] = ()  # who sits where (name, seat) in seat_and_start()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game and "tables" not in vars(cls):
            cls.tables = (importlib.import_module(f"bot.tables.{cls.game}").TABLE,)
            cls.cogs = (importlib.import_module("bot.games").cog_of(cls.game),)

    @classmethod
    @asynccontextmanager
    async def running(cls, db: str = ":memory:") -> AsyncIterator[Rig]:
        """A started rig over a new fake Discord (and ``db``), stopped after the block."""
        rig = cls(FakeDiscord(), db)
        await rig.start()
        try:
            yield rig
        finally:
            await rig.stop()

    def __init__(self, world: FakeDiscord, db: str = ":memory:") -> None:
        self.world = world
        self.db = db
        self.storage: Any = None
        self.driver: BotDriver | None = None
        self.channel = world.text_channel("games")
        self.people = {name: world.user(name) for name in self.people_names}

    @property
    def d(self) -> BotDriver:
        assert self.driver is not None
        return self.driver

    @property
    def bot(self) -> Any:
        return self.d.bot

    def __getitem__(self, name: str) -> User:
        return self.people[name]

    async def start(self, *, seed: int | None = None) -> None:
        from bot.discord.bot import PlateauBot
        from bot.service import Ids, TableService
        from bot.storage import SqliteStorage

        self.storage = SqliteStorage(self.db)
        await self.storage.open()
        service = TableService(
            self.storage, [t() for t in self.tables], ids=Ids(seed=seed or self.seed)
        )
        bot = PlateauBot(service, expire_every=None)  # the extensions of the rig's tables
        bot.threads.archive_delay = 0.0  # archive finished games' threads at once in tests
        # This fake has no rate limits, and a failed send is tried again at once (the
        # lanes' pace and back-off have their own tests, and the stand-in's).
        bot.courier.lanes.pace = (1000, 1.0)
        bot.courier.lanes.backoff = (0.001, 0.001)
        self.driver = BotDriver(bot, self.world)
        await self.driver.start()

    async def stop(self) -> None:
        if self.driver is not None:
            await self.driver.close()
            self.driver = None
        if self.storage is not None:
            await self.storage.close()
            self.storage = None

    async def restart(self) -> None:
        await self.stop()
        await self.start(seed=99)

    async def restart_and_resume(self, game_id: str) -> list[Call]:
        """A NEW bot over the same database and the same Discord, made ready: the game says
        it is back. Gives the messages the resume posted."""
        await self.restart()
        before = len(self.world.calls)
        await self.bot.on_ready()
        resumed = [c for c in self.world.calls[before:] if c.kind == "message"]
        assert any(f"`{game_id}` is back" in c.content for c in resumed)
        return resumed

    def synced_command(self) -> dict[str, Any]:
        """The game's command as the one sync sent it to Discord, checked within Discord's
        limits (:func:`assert_within_discord_limits`)."""
        (sync,) = [c for c in self.world.calls if c.kind == "sync"]
        (command,) = [c for c in sync.body if c["name"] == self.kind]
        assert_within_discord_limits(command)
        return command

    async def slash(
        self, name: str, command: str, options: dict[str, Any] | None = None, **kw: Any
    ) -> Exchange:
        kw.setdefault("channel", self.channel)
        return await self.d.slash(command, options, user=self.people[name], **kw)

    @property
    def kind(self) -> str:
        return self.cogs[0].kind

    async def resign(self, name: str, options: dict[str, Any] | None = None, **kw: Any) -> Exchange:
        """``/<game> resign`` as a player does it: the private question, then a press of its
        [Resign] button. Gives the press (or the refusal of the question)."""
        ex = await self.slash(name, f"{self.kind} resign", options, **kw)
        pressable = [c for reply in ex.replies for c in reply.custom_ids if c.endswith(":resign")]
        if not pressable:
            return ex
        return await self.d.press(pressable[-1], user=self[name], locale=kw.get("locale", "en-US"))

    async def open_table(self, **options: Any) -> tuple[str, int]:
        """``/<game> new`` by alice; returns the game id and the thread it lives in."""
        ex = await self.slash("alice", f"{self.kind} new", options)
        lobby = ex.shown[-1]
        return game_id_in(lobby.content), lobby.channel_id  # type: ignore[return-value]

    def lobby_buttons(self, game_id: str, *seats: str, held: tuple[str, ...] = ()) -> list[str]:
        """The custom ids of a lobby's buttons, in order: a join for each seat, a computer
        player for each one not ``held``, leave, start."""
        prefix = f"plateau:{self.kind}:{game_id}"
        return [
            *(f"{prefix}:join:{seat}" for seat in seats),
            *(f"{prefix}:ai:{seat}:normal" for seat in seats if seat not in held),
            f"{prefix}:leave",
            f"{prefix}:start",
        ]

    async def seat(self, game_id: str, seats: dict[str, str] | None = None) -> None:
        """Each named player (``seats``, else the rig's) takes their seat by button."""
        for name, seat in (dict(self.seats) if seats is None else seats).items():
            ex = await self.d.press(f"plateau:{self.kind}:{game_id}:join:{seat}", user=self[name])
            assert f"<@{self[name].id}> takes" in ex.shown[-1].content

    async def seat_and_start(self, game_id: str, seats: dict[str, str] | None = None) -> Exchange:
        """The players take their seats (:meth:`seat`); alice (the host) starts."""
        await self.seat(game_id, seats)
        return await self.d.press(f"plateau:{self.kind}:{game_id}:start", user=self["alice"])

    async def state(self, game_id: str) -> Any:
        assert self.storage is not None
        row = await self.storage.load(game_id)
        assert row is not None and row.state is not None
        return self.bot.service.tables[row.kind].rules.from_dict(row.state)
