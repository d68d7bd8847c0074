"""The things the stand-in keeps: people, channels, messages, interactions, and the records
of what the bot asked for. Plain data; :mod:`devtools.standin.world` holds the rules."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from .limits import EPHEMERAL, LOADING, MEMBER_PERMISSIONS

DISCORD_EPOCH_MS = 1420070400000
TEXT, DM, CATEGORY, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 4, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD, 10)

#: Uploaded files as (filename, bytes), in the order of the request's ``files[n]`` parts.
Files: TypeAlias = list[tuple[str, bytes]]


def iso(epoch: float) -> str:
    return datetime.datetime.fromtimestamp(epoch, datetime.UTC).isoformat()


class _Labelled:
    """Shown as ``<Kind label id>`` (a member or a channel in a test's failure message)."""

    id: int

    @property
    def label(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label} {self.id}>"


class Snowflakes:
    """Time-based, strictly increasing ids, as Discord makes them."""

    def __init__(self) -> None:
        self._last = 0

    def next(self, wall: float) -> int:
        candidate = (int(wall * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def in_shard(self, wall: float, shard_id: int, count: int) -> int:
        """A fresh id whose ``(id >> 22) % count`` is ``shard_id`` (a guild of that shard):
        its timestamp moved up to ``count - 1`` ms ahead."""
        stamp = (self.next(wall) >> 22) + 1
        stamp += (shard_id - stamp) % count
        self._last = stamp << 22
        return self._last


@dataclass(eq=False, repr=False)
class Member(_Labelled):
    """A user of the guild (the bot is one too, with ``bot=True``)."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    #: guild-wide permissions when this member runs a command
    permissions: int = MEMBER_PERMISSIONS
    #: the member closed DMs from server members: posting to their DM gives 403 50007
    dms_closed: bool = False
    #: the member blocked the bot (same answer as closed DMs)
    blocked_bot: bool = False
    joined_at: str = ""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def label(self) -> str:
        return self.name

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name.title(),
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }

    def member_payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict:
        out = member_fields(self.joined_at)
        if with_user:
            out["user"] = self.payload()
        if permissions is not None:
            out["permissions"] = str(permissions)
        return out


def member_fields(joined_at: str) -> dict[str, Any]:
    """A guild member as Discord sends it, without its user and permissions (which the
    caller adds): no roles, no nickname, no timeout."""
    return {
        "roles": [],
        "joined_at": joined_at,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "nick": None,
        "avatar": None,
        "premium_since": None,
        "communication_disabled_until": None,
    }


@dataclass(eq=False, repr=False)
class Channel(_Labelled):
    """A text channel, a thread or a DM channel."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None
    recipient: Member | None = None
    #: the bot's permissions here (None: the guild default); threads use their parent's
    bot_permissions: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: str = ""
    created_at: str = ""
    message_count: int = 0
    thread_members: set[int] = field(default_factory=set)
    last_message_id: int | None = None
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def label(self) -> str:
        if self.is_dm and self.recipient is not None:
            return f"DM with {self.recipient.name}"
        return f"#{self.name}"


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.description:
            out["description"] = self.description
        size = image_size(self.data)
        if size:
            out["width"], out["height"] = size
        return out


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG or GIF, read from its header (Discord reports them)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    return None


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, rows and V2 containers opened up."""
    out: list[dict[str, Any]] = []
    for component in components or []:
        out.append(component)
        out.extend(walk_components(component.get("components") or []))
        if isinstance(component.get("accessory"), dict):
            out.extend(walk_components([component["accessory"]]))
        if isinstance(component.get("component"), dict):
            out.extend(walk_components([component["component"]]))
    return out


@dataclass(eq=False)
class Message:
    """A message as it stands now (edits applied); ``deleted`` once deleted."""

    id: int
    channel_id: int
    author: Member
    content: str = ""
    guild_id: int | None = None
    type: int = 0
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[Attachment] = field(default_factory=list)
    pinned: bool = False
    timestamp: str = ""
    edited_timestamp: str | None = None
    deleted: bool = False
    #: the interaction this message answers (initial response or follow-up)
    interaction_id: int | None = None
    #: for an ephemeral message: the only member who sees it
    visible_to: int | None = None
    message_reference: dict[str, Any] | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def files(self) -> Files:
        return [(a.filename, a.data) for a in self.attachments]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    @property
    def mentions(self) -> set[int]:
        return {int(m) for m in re.findall(r"<@!?(\d+)>", self.content or "")}

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for component in walk_components(self.components):
            if component.get("custom_id") == custom_id:
                return component
        return None

    def __repr__(self) -> str:
        text = (self.content or "")[:40]
        return f"<Message {self.id} in {self.channel_id} by {self.author.name}: {text!r}>"


@dataclass
class InitialResponse:
    """One attempt at an interaction's initial response (accepted or refused)."""

    type: int
    ephemeral: bool
    elapsed: float  # seconds (by the stand-in's clock) since the interaction was dispatched
    data: dict[str, Any]
    status: int = 200
    code: int | None = None

    @property
    def accepted(self) -> bool:
        return self.status < 300


@dataclass(eq=False)
class Interaction:
    """An interaction the stand-in dispatched, and everything the bot did about it."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: Member
    channel_id: int
    payload: dict[str, Any]
    created_at: float  # clock
    size_limit: int
    dispatched_at: float | None = None  # clock, when the frame went out
    attempts: list[InitialResponse] = field(default_factory=list)
    initial: InitialResponse | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    message: Message | None = None  # the message a component sits on
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    timeline: list[tuple[float, str]] = field(default_factory=list)
    no_response_reported: bool = False

    @property
    def name(self) -> str:
        data = self.payload.get("data") or {}
        return data.get("custom_id") or _command_path(data)

    def note(self, at: float, text: str) -> None:
        self.timeline.append((at, text))

    def __repr__(self) -> str:
        return f"<Interaction {self.id} type={self.type} {self.name!r} by {self.user.name}>"


def _command_path(data: dict[str, Any]) -> str:
    parts = [data.get("name", "")]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        parts.append(options[0]["name"])
        options = options[0].get("options") or []
    return " ".join(p for p in parts if p)


@dataclass(eq=False)
class Request:
    """One HTTP request the bot made, and what the stand-in answered."""

    method: str
    route: str  # the template, e.g. /channels/{channel_id}/messages
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: Files
    at: float  # clock
    bucket: str = ""
    status: int | None = None
    code: int | None = None  # Discord's error code when refused
    response: Any = None

    @property
    def kind(self) -> str:
        """A short name: message, callback, followup, webhook_edit, open_dm, thread, ..."""
        r, m = self.route, self.method
        if r.endswith("/callback"):
            return "callback"
        if r == "/webhooks/{webhook_id}/{webhook_token}" and m == "POST":
            return "followup"
        if r.startswith("/webhooks/"):
            return "webhook_" + {"PATCH": "edit", "DELETE": "delete", "GET": "get"}.get(m, m)
        if r == "/channels/{channel_id}/messages" and m == "POST":
            return "message"
        if r == "/channels/{channel_id}/messages/{message_id}":
            return {"PATCH": "edit", "DELETE": "delete_message", "GET": "get_message"}[m]
        if r == "/users/@me/channels":
            return "open_dm"
        if r.endswith("/threads") and m == "POST":
            return "thread"
        if "/commands" in r:
            return "sync"
        if "/pins" in r:
            return "pin" if m == "PUT" else "unpin" if m == "DELETE" else "pins"
        return f"{m} {r}"

    @property
    def channel_id(self) -> int | None:
        value = self.params.get("channel_id")
        return int(value) if value and value.isdigit() else None

    @property
    def ok(self) -> bool:
        return self.status is not None and self.status < 300

    def __repr__(self) -> str:
        return f"<Request {self.method} {self.path} -> {self.status} {self.code or ''}>"


@dataclass(frozen=True)
class Violation:
    """A rule of Discord's the bot broke (the stand-in answered as Discord would)."""

    kind: str
    detail: str
    request: str = ""
    code: int | None = None
    at: float = 0.0

    def __str__(self) -> str:
        code = f" [{self.code}]" if self.code is not None else ""
        where = f" ({self.request})" if self.request else ""
        return f"{self.kind}{code}: {self.detail}{where}"


@dataclass
class HistoryEvent:
    """A message created, edited or deleted, with the message as it was then."""

    kind: str  # created | edited | deleted
    message: Message
    snapshot: dict[str, Any]
    at: float
