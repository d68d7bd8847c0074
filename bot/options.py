"""What a command may be given, checked at the service's edge before any table reads it.

Each game's table states its commands' own options as a class attribute (``options``:
command -> option name -> :class:`Kind`); the shared commands' options (``new``, ``join``,
``board``...) are declared here, in :data:`SHARED`. :func:`check_request` reads one
request as the service receives it, from whatever adapter: the actor, the place, the names
and values of its options. What it cannot accept becomes a private refusal that names the
option and what would be right; nothing that passes can break storage or a message (text
is valid Unicode of bounded length, integers fit SQLite's 64 bits)."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.i18n import t
from bot.model import Actor, Delivery, Place, Request

log = logging.getLogger("plateau.options")

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1  # SQLite's largest integer: ids and numbers beyond it cannot be stored
TEXT_LIMIT = 100  # characters in an ordinary option (a square, a seat, a move...)
NAME_LIMIT = 100  # a user's or a guild's name, as shown
_SHOWN_LIMIT = 40  # an unknown option's name, as quoted back
_GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,32}")
_USER = re.compile(r"\s*(?:<@!?([0-9]{1,20})>|([0-9]{1,20}))\s*")
_LOCALE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}")


@dataclass(frozen=True)
class Refusal:
    """Why a value is refused: a catalog key and its values (the option's name is added)."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()


class Kind:
    """What one option may hold. ``None`` always means absent and is dropped."""

    def refusal(self, value: Any) -> Refusal | None:
        raise NotImplementedError


@dataclass(frozen=True)
class Text(Kind):
    """Text of at most ``limit`` characters that UTF-8 can encode (no lone surrogate)."""

    limit: int = TEXT_LIMIT

    def refusal(self, value: Any) -> Refusal | None:
        if not isinstance(value, str):
            return Refusal("error.option_text", (("limit", self.limit),))
        if len(value) > self.limit:
            return Refusal("error.option_long", (("limit", self.limit),))
        if not encodable(value):
            return Refusal("error.option_unicode")
        return None


@dataclass(frozen=True)
class Number(Kind):
    """A whole number within ``low``..``high`` (a bool is not one), or text that the table
    reads as a number itself and refuses with its own range."""

    low: int = INT64_MIN
    high: int = INT64_MAX

    def refusal(self, value: Any) -> Refusal | None:
        if isinstance(value, str):
            return Text(TEXT_LIMIT).refusal(value)
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not self.low <= value <= self.high
        ):
            return Refusal("error.bad_number", (("low", self.low), ("high", self.high)))
        return None


@dataclass(frozen=True)
class Real(Kind):
    """A finite number (no NaN, no infinity, no bool), or text the table reads itself."""

    def refusal(self, value: Any) -> Refusal | None:
        if isinstance(value, str):
            return Text(TEXT_LIMIT).refusal(value)
        if isinstance(value, int) and not isinstance(value, bool):
            return None if INT64_MIN <= value <= INT64_MAX else Refusal("error.option_real")
        if isinstance(value, float) and math.isfinite(value):
            return None
        return Refusal("error.option_real")


@dataclass(frozen=True)
class GameId(Kind):
    """A game id as :class:`bot.service.Ids` makes them (hex), or any of
    ``[0-9A-Za-z_-]{1,32}`` (the buttons' template); blank is absent."""

    def refusal(self, value: Any) -> Refusal | None:
        if value == "" or (isinstance(value, str) and _GAME_ID.fullmatch(value)):
            return None
        return Refusal("error.option_game")


@dataclass(frozen=True)
class UserId(Kind):
    """A Discord user: their id (a snowflake, positive, within SQLite's 64 bits), as a
    number, as digits or as a mention ``<@id>``; blank is absent."""

    def refusal(self, value: Any) -> Refusal | None:
        if value == "":
            return None
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and len(value) <= TEXT_LIMIT:
            match = _USER.fullmatch(value)
            if match:
                number = int(match.group(1) or match.group(2))
        if number is None or not 0 < number <= INT64_MAX:
            return Refusal("error.option_user")
        return None


def user_id_of(value: Any) -> int | None:
    """A user option's id (a number, a member object, digits or a mention ``<@id>``), or
    ``None`` when it names nobody; :class:`UserId` refuses what is not one beforehand."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    found = getattr(value, "id", None)
    if isinstance(found, int):
        return found
    match = _USER.fullmatch(str(value or ""))
    return int(match.group(1) or match.group(2)) if match else None


# A table's declarations: command -> option name -> what it may hold.
Declarations = Mapping[str, Mapping[str, Kind]]

TEXT = Text()
NUMBER = Number()
GAME = GameId()
USER = UserId()
POSITION = Text(4000)  # a position text (the cogs allow 1000)
PGN = Text(10_000)  # a whole PGN (Discord allows 6000 in one option)
LONG_TEXT = Text(2000)  # a message to the team, a list of units

# The options of the commands every game shares (bot.tables.base), merged under each
# table's own: a table adds its ``new`` options, its seat option (Loka's ``army``)...
SHARED: Declarations = {
    "new": {"clock": TEXT, "timeout": TEXT, "rated": TEXT, "hints": TEXT, "language": TEXT},
    "join": {"seat": TEXT, "game": GAME},
    "ai": {"seat": TEXT, "level": TEXT, "game": GAME},
    "leave": {"game": GAME},
    "start": {"game": GAME},
    "cancel": {"game": GAME},
    "resign": {"game": GAME},
    "resign confirm": {"game": GAME},  # the press of the button under "Resign game X?"
    "board": {"at": NUMBER, "game": GAME},
    "replay": {"game": GAME},
    "export": {"game": GAME},
    "rules": {"topic": TEXT},
    "help": {},
    "pause": {"game": GAME},
    "hint": {"seat": TEXT, "game": GAME},
    "review": {"record": PGN, "game": GAME},
    "learn": {"lesson": NUMBER},
}


def declared(table: Any, command: str) -> dict[str, Kind]:
    """The options ``command`` takes at ``table``, in the order a user fills them (the
    console's words without a name follow it): the table's own as it declares them, then
    the shared ones it does not restate (``new``'s ``language`` last, as the slash commands
    list it). A command declared nowhere takes none."""
    own: Declarations = getattr(table, "options", None) or {}
    mine = own.get(command, {})
    return {**mine, **{n: k for n, k in SHARED.get(command, {}).items() if n not in mine}}


def encodable(text: str) -> bool:
    """Can UTF-8 (SQLite, Discord) carry this text? Not with a lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def cleaned(text: str, limit: int) -> str:
    """``text`` made safe to show: lone surrogates replaced, at most ``limit`` characters."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Refused(Exception):
    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


def check_request(request: Any, tables: Mapping[str, Any]) -> Request | Delivery:
    """The request with a clean actor, place and options, or the private refusal to send
    instead. Never raises, whatever ``request`` holds.

    A command the service does not know keeps no options: the service refuses it itself."""
    try:
        actor = _actor(getattr(request, "actor", None))
    except Exception:
        actor = None
    if actor is None:  # nobody to answer by id: the adapter replies to whoever sent it
        log.warning("refused a request without a readable actor")
        return Delivery("private", t("en", "error.bad_request"), user_id=0)
    try:
        place = _place(getattr(request, "place", None))
        game = _name(getattr(request, "game", None))
        command = _name(getattr(request, "command", None))
        options = _options(getattr(request, "options", None), tables, game, command)
        return Request(game, command, actor, place, options)
    except _Refused as exc:
        return Delivery("private", t(actor.locale, exc.key, **exc.values), user_id=actor.id)
    except Exception:
        log.exception("refused a request that could not be read")
        return Delivery("private", t(actor.locale, "error.bad_request"), user_id=actor.id)


def _id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= INT64_MAX


def _locale(value: Any) -> str | None:
    return value if isinstance(value, str) and _LOCALE.fullmatch(value) else None


def _actor(actor: Any) -> Actor | None:
    if actor is None or not _id(getattr(actor, "id", None)):
        return None
    name = getattr(actor, "name", None)
    shown = cleaned(name, NAME_LIMIT).strip() if isinstance(name, str) else ""
    return Actor(
        id=actor.id,
        name=shown or str(actor.id),
        locale=_locale(getattr(actor, "locale", None)) or "en",
        manager=getattr(actor, "manager", False) is True,
    )


def _place(place: Any) -> Place:
    if place is None or not _id(getattr(place, "channel_id", None)):
        raise _Refused("error.bad_request")
    guild_id = getattr(place, "guild_id", None)
    parent_id = getattr(place, "parent_id", None)
    if not (guild_id is None or _id(guild_id)) or not (parent_id is None or _id(parent_id)):
        raise _Refused("error.bad_request")
    guild_name = getattr(place, "guild_name", None)
    opener = getattr(place, "open_thread", None)
    return Place(
        channel_id=place.channel_id,
        guild_id=guild_id,
        parent_id=parent_id,
        is_dm=getattr(place, "is_dm", False) is True,
        guild_locale=_locale(getattr(place, "guild_locale", None)),
        community=getattr(place, "community", False) is True,
        guild_name=cleaned(guild_name, NAME_LIMIT) if isinstance(guild_name, str) else None,
        open_thread=opener if callable(opener) else None,
    )


def _name(value: Any) -> str:
    """A game's or a command's name: short text (it is quoted back when unknown)."""
    if not isinstance(value, str) or len(value) > 64 or not encodable(value):
        raise _Refused("error.bad_request")
    return value


def _options(raw: Any, tables: Mapping[str, Any], game: str, command: str) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise _Refused("error.bad_request")
    table = tables.get(game)
    if table is None or command not in getattr(table, "commands", {}):
        return {}
    known = declared(table, command)
    for name in raw:
        if not isinstance(name, str) or name not in known:
            raise _Refused(
                "error.unknown_option",
                command=f"/{game} {command}",
                # quoted between backticks: one inside would end the quote
                option=cleaned(name, _SHOWN_LIMIT).replace("`", "'")
                if isinstance(name, str)
                else "?",
                known=", ".join(sorted(known)) or "-",
            )
    options: dict[str, Any] = {}
    for name, value in raw.items():
        if value is None:
            continue
        refusal = known[name].refusal(value)
        if refusal is not None:
            raise _Refused(refusal.key, option=name, **dict(refusal.values))
        options[name] = value
    return options
