"""What flows between the adapters (Discord, console) and the table service."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

# Opens a thread for a new game, named for the game (in the game's language); gives its id,
# or None when the game must stay where it was opened.
ThreadOpener = Callable[[str], Awaitable[int | None]]


def is_ai(user_id: int | None) -> bool:
    """Does this seat holder stand for a computer player? Their ids are negative (a table's
    ``ai_id``): no Discord user has one, so nothing is ever sent to them."""
    return user_id is not None and user_id < 0


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
    guild_locale: str | None = None  # the guild's language (Discord: en-US unless Community)
    # The guild has Discord's Community feature: only then is ``guild_locale`` one its
    # admins chose, and may it speak for the guild's public posts.
    community: bool = False
    guild_name: str | None = None  # for records (the PGN's Event)
    # The adapter's way to give a new game its own thread. Tables call it only once the
    # game is accepted, so a refused ``new`` leaves no empty thread behind.
    open_thread: ThreadOpener | None = field(default=None, compare=False, repr=False)


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
    # A picture's text description (Discord's alt text, at most 1,024 characters), read by
    # screen readers: whose turn it is, the last move, the position in short.
    description: str = ""


ButtonStyle = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: ButtonStyle = "secondary"
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
    # A message that only changes (the lobby, an army builder) names its slot, such as
    # ``lobby:<game id>``: the adapter edits the earlier message of the same slot and
    # recipient in place instead of posting a new one (the thread stays readable).
    slot: str | None = None

    def __post_init__(self) -> None:
        if self.to == "channel" and self.channel_id is None:
            raise ValueError("a channel delivery needs its channel")
        if self.to in ("dm", "private") and self.user_id is None:
            raise ValueError("a direct delivery needs its user")


@dataclass(frozen=True)
class CommandHelp:
    """One line of ``/<game> help``: a command as the table knows it (``army add``), as the
    user types it (``/loka army add``, in their language where Discord translates names)
    and what it is for."""

    name: str
    shown: str
    purpose: str
