"""A loaded game as a table handles it (:class:`TableGame`: its row, engine state and who
sits where), in a module of its own so that every part of a table (``base`` and the parts it
is made of: ``timing``, ``replays``) names the same type."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.model import Actor, is_ai
from bot.service import UserError
from bot.storage import GameRow, LogEntry
from engine.protocol import Event

Entries = list[tuple[LogEntry, Event]]  # log entries to save, with the event each one is


def clip(text: str, limit: int = 1900) -> str:
    """``text``, cut to ``limit`` characters (its last one an ellipsis) if longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def ai_id(game: TableGame) -> int:
    """The stand-in user id of a new computer player: negative (no Discord id is), one
    that no seat holds, so two computer players are never one player."""
    taken = set(game.seats.values())
    return next(n for n in range(-1, -1000, -1) if n not in taken)


def sit(game: TableGame, group: tuple[str, ...], user_id: int) -> None:
    """Give ``group`` to ``user_id``; a computer player it leaves is forgotten."""
    left = game.user_of(group[0])
    for seat in group:
        game.meta["seats"][seat] = user_id
    if is_ai(left) and left not in game.seats.values():
        game.meta.get("ai", {}).pop(str(left), None)


class TableGame:
    """A loaded game row with its engine state, and who sits where."""

    def __init__(self, row: GameRow, rules: Any, state: Any = None) -> None:
        """``state``: the engine state of ``row.state`` if known already (else built)."""
        self.row = row
        self.rules = rules
        if state is None and row.state is not None:
            state = rules.from_dict(row.state)
        self.state: Any = state

    @property
    def meta(self) -> dict[str, Any]:
        return self.row.meta

    @property
    def seats(self) -> dict[str, int]:
        return self.row.seats

    @property
    def locale(self) -> str:
        return self.meta.get("locale", "en")

    def seats_of(self, user_id: int) -> list[str]:
        return [s for s, u in self.seats.items() if u == user_id]

    def user_of(self, seat: str) -> int | None:
        return self.seats.get(seat)

    def players(self) -> list[int]:
        return sorted(set(self.seats.values()))

    def name(self, user_id: int, locale: str | None = None) -> str:
        """A seat holder's name as pictures, exports and lists show it: a person's, or the
        computer player's: its tournament name where a tournament seated it ("🤖 normal 2",
        :meth:`computer_name`), else "🤖 <level>" in ``locale`` (the game's language by
        default)."""
        if is_ai(user_id):
            return self.computer_name(user_id) or ai_name(
                locale or self.locale, self.ai_level(user_id)
            )
        return self.meta.get("names", {}).get(str(user_id), str(user_id))

    def computer_name(self, user_id: int) -> str | None:
        """The name a tournament gave the computer player ``user_id`` (its level and its
        number, "🤖 normal 2": two of one level stay apart), kept in the game's names; None
        at other games, whose computer players are named by their level."""
        return self.meta.get("names", {}).get(str(user_id)) if is_ai(user_id) else None

    def names_by_seat(self, locale: str | None = None) -> dict[str, str]:
        """Every seat's holder's name, in ``locale`` (the game's language by default)."""
        return {s: self.name(u, locale) for s, u in self.seats.items()}

    def ai_level(self, user_id: int | None) -> str | None:
        """The level of the computer player ``user_id`` stands for (None: a person)."""
        return self.meta.get("ai", {}).get(str(user_id)) if is_ai(user_id) else None

    def who(self, user_id: int) -> str:
        """A seat's holder as the game's posts name them: a mention, or the computer player
        with its level (it has no Discord account to mention)."""
        level = self.ai_level(user_id)
        if level is None:
            return mention(user_id)
        named = self.computer_name(user_id)
        if named is not None:
            return named
        return t(self.locale, "ai.name", level=t(self.locale, f"ai.level.{level}"))

    def require_state(self) -> Any:
        if self.state is None:
            raise UserError(not_running(self.row), id=self.row.id)
        return self.state


def ai_name(locale: str | None, level: str | None) -> str:
    """A computer player's name: its level as the player reads it (a level no longer known,
    for a seat it gave back long ago: the word for a computer)."""
    said = t(locale, f"ai.level.{level}" if level else "ai.level.unknown")
    return t(locale, "ai.seat_name", level=said)


def not_running(row: GameRow) -> str:
    """Why a game without a state cannot be played: cancelled, or not started yet."""
    return "table.was_cancelled" if row.status == "cancelled" else "table.not_started"


@dataclass(frozen=True)
class Change:
    """What a change did, for a table's ``after`` to tell: its events, who made it
    (``None``: the table itself, as at a start, a restart or a time-out) and the state
    before it (``None``: there was none to compare with)."""

    events: list[Event] = field(default_factory=list)
    actor: Actor | None = None
    before: Any = None

    @property
    def public(self) -> list[Event]:
        """The events everyone may be told."""
        return [e for e in self.events if e.visible_to is None]
