"""What flows between the adapters (Discord, console) and the table service."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Actor:
    """Who typed a command or pressed a button."""

    id: int
    name: str
    locale: str = "en"
    manager: bool = False  # may cancel any game of the guild (Manage Server)


@dataclass(frozen=True)
class Place:
    """Where it happened: a channel or thread (with its parent), or a DM."""

    channel_id: int
    guild_id: int | None = None
    parent_id: int | None = None
    is_dm: bool = False
    guild_locale: str | None = None  # the language of channel posts


@dataclass(frozen=True)
class Request:
    game: str  # "loka"
    command: str  # "move", "army add", ...
    actor: Actor
    place: Place
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Attachment:
    name: str
    data: bytes


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: Literal["primary", "secondary", "success", "danger"] = "secondary"
    disabled: bool = False


@dataclass
class Delivery:
    """One message to send. ``private`` goes to the acting user only (an ephemeral reply on
    Discord); ``dm`` to a user's direct messages; ``channel`` to the game's channel."""

    to: Literal["channel", "dm", "private"]
    text: str
    channel_id: int | None = None
    user_id: int | None = None
    files: list[Attachment] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    secret: bool = False  # holds hidden information: never fall back to a channel
    closes: bool = False  # the game's last post: its thread may be archived after a while

    def __post_init__(self) -> None:
        if self.to == "channel" and self.channel_id is None:
            raise ValueError("a channel delivery needs its channel")
        if self.to in ("dm", "private") and self.user_id is None:
            raise ValueError("a direct delivery needs its user")
