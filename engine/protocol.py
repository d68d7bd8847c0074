"""The one small interface every game implements (modelled on OpenSpiel and boardgame.io).

A game is a module-level object with these functions over an immutable state:

- ``new(config, seed, game_id)``: the initial state;
- ``to_act(state)``: the seats that have a decision pending (several during a simultaneous
  secret choice, a seat other than the mover's for a re-roll decision, none when over);
- ``legal_actions(state, seat)`` and ``apply(state, action, seat) -> (state, events)``;
- ``outcome(state)``: ``None`` while the game goes on;
- ``view(state, seat)``: a copy without what that seat may not see (``None``: a spectator);
- ``parse_action(text)``: the inverse of ``str(action)``;
- ``to_dict(state)`` / ``from_dict(data)``: JSON-ready, with a schema version.

Chance is explicit: every die or draw is an :class:`Event` of kind ``"roll"`` carrying the
draw counter, so the record can be checked against the revealed seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType, SimpleNamespace
from typing import Any, Protocol, TypeVar

Seat = str

# What every game package names besides its own actions, options and phases: the functions
# of its ``game`` module and the position text of its ``position`` module (``__all__`` of
# each starts with these, so a game lists only what it adds).
GAME_FUNCTIONS = ("new_game", "to_act", "legal_actions", "apply", "outcome", "view")
POSITION_TEXT = (
    "Position",
    "format_position",
    "parse_position",
    "position_of",
    "state_from_position",
)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the record and for the players.

    ``data`` holds JSON-ready values; ``visible_to`` is ``None`` for a public event, or the
    seats allowed to know it (a secret army draft is told to its team only)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[Seat] | None = None

    def visible(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        seen = data.get("visible_to")
        return cls(data["kind"], dict(data["data"]), None if seen is None else frozenset(seen))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. ``winners`` is empty for a draw."""

    winners: frozenset[Seat]
    termination: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @classmethod
    def once(
        cls, over: bool, winners: Iterable[Seat] | None, termination: str | None
    ) -> Outcome | None:
        """A game's ``outcome``: ``None`` until it is ``over``, then its ``winners`` (none
        for a draw) and how it ended."""
        return cls(frozenset(winners or ()), termination or "") if over else None


S = TypeVar("S")
A = TypeVar("A")


class Game(Protocol[S, A]):
    name: str

    def to_act(self, state: S) -> tuple[Seat, ...]: ...

    def legal_actions(self, state: S, seat: Seat | None = None) -> list[A]: ...

    def apply(self, state: S, action: A, seat: Seat | None = None) -> tuple[S, list[Event]]: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def view(self, state: S, seat: Seat | None) -> S: ...

    def parse_action(self, text: str) -> A: ...

    def to_dict(self, state: S) -> dict[str, Any]: ...

    def from_dict(self, data: Mapping[str, Any]) -> S: ...


def roll_events(events: Sequence[Event]) -> list[Event]:
    """The dice and draws among ``events``."""
    return [e for e in events if e.kind == "roll"]


def bundle(
    name: str, game: ModuleType, actions: ModuleType, snapshot: ModuleType
) -> SimpleNamespace:
    """A game's ``RULES``: the :class:`Game` functions of its ``game``, ``actions`` and
    ``snapshot`` (serialize) modules, ``new`` being ``game.new_game``; and the game's
    ``default_action`` when it has one (what a table plays for a seat whose time runs out)."""
    return SimpleNamespace(
        name=name,
        new=game.new_game,
        **{f: getattr(game, f) for f in GAME_FUNCTIONS if f != "new_game"},
        parse_action=actions.parse_action,
        to_dict=snapshot.to_dict,
        from_dict=snapshot.from_dict,
        **({"default_action": game.default_action} if hasattr(game, "default_action") else {}),
    )
