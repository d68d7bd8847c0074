"""The one small interface every game implements (modelled on OpenSpiel and boardgame.io).

A game is an object (a :class:`Rules`, the package's ``RULES``) with these functions over an
immutable state:

- ``new(config, seed=..., game_id=...)``: the initial state;
- ``to_act(state)``: the seats that have a decision pending (several during a simultaneous
  secret choice, a seat other than the mover's for a re-roll decision, none when over);
- ``legal_actions(state, seat)`` and ``apply(state, action, seat) -> (state, events)``;
- ``outcome(state)``: ``None`` while the game goes on;
- ``view(state, seat)``: a copy without what that seat may not see (``None``: a spectator);
- ``parse_action(text)``: the inverse of ``str(action)``;
- ``to_dict(state)`` / ``from_dict(data)``: JSON-ready, with a schema version;
- ``default_action(state, seat)``: what a table plays for a seat whose time runs out
  (``None``: nothing);

and its facts, declared once as a :class:`GameInfo` (``info``): chance, hidden information,
whether a seat needs direct messages, the phases, the seats and their range.

Chance is explicit: every die or draw is an :class:`Event` of kind ``"roll"`` carrying the
draw counter, so the record can be checked against the revealed seed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

Seat = str


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


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The facts about a game that every layer reads, declared once by its package (in the
    spirit of OpenSpiel's ``GameType``): ``engine.<game>.INFO``, also ``RULES.info``."""

    kind: str
    """The package's and the record's name: ``"loka"``, ``"standard_chess"``."""
    name: str
    """Its name in English (the bot's catalogs translate ``game.<kind>``)."""
    seats: tuple[Seat, ...]
    """Every seat a game of it may have, in turn order (a configuration uses some)."""
    seat_range: tuple[int, int]
    """How many seats a game has (fewest, most), from the smallest configuration to the
    largest."""
    player_range: tuple[int, int]
    """How many people may play it (fewest, most; Loka: 2 to 4 for its four armies)."""
    phases: tuple[str, ...]
    """The values of ``state.phase``, in the order a game goes through them; the last is
    ``over_phase``."""
    chance: bool = False
    """Something is drawn from the seeded source (dice, lots, a spinner): the table posts a
    dice commitment. Chess draws only its random colours (``color: random``)."""
    hidden_information: bool = False
    """A seat's view may hide more than the seed: secret choices of other seats."""
    needs_dms: bool = False
    """A seat receives its secrets or decisions by direct message: it needs open DMs."""

    @property
    def over_phase(self) -> str:
        """The phase of a game that has ended."""
        return self.phases[-1]

    def __post_init__(self) -> None:
        fewest, most = self.seat_range
        if not 1 <= fewest <= most <= len(self.seats):
            raise ValueError(f"{self.kind}: seats {fewest}-{most}")
        if not 1 <= self.player_range[0] <= self.player_range[1] <= most:
            raise ValueError(f"{self.kind}: players {self.player_range}")
        if self.over_phase != "over":
            raise ValueError(f"{self.kind}: its last phase is {self.over_phase!r}, not 'over'")


S = TypeVar("S")
A = TypeVar("A")
S_contra = TypeVar("S_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)


class Turns(Protocol[S, A]):
    """The turns of a game: who acts, what they may do, what it does, how it ends, what a
    seat sees (a game's ``game`` module and its ``RULES`` both have them)."""

    def to_act(self, state: S) -> tuple[Seat, ...]: ...

    def legal_actions(self, state: S, seat: Seat | None = None) -> list[A]: ...

    def apply(self, state: S, action: A, seat: Seat | None = None) -> tuple[S, list[Event]]: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def view(self, state: S, seat: Seat | None) -> S: ...


class Game(Turns[S, A], Protocol[S, A]):
    """What the bot, the AI and the tools call of a game (the package's ``RULES``)."""

    @property
    def info(self) -> GameInfo: ...

    def new(self, config: Any = None, *, seed: bytes, game_id: str) -> S: ...

    def parse_action(self, text: str) -> A: ...

    def to_dict(self, state: S) -> dict[str, Any]: ...

    def from_dict(self, data: dict[str, Any]) -> S: ...

    def default_action(self, state: S, seat: Seat) -> A | None: ...


# The shapes of the functions a game module defines (for the fields of :class:`Rules`: a
# plain ``Callable`` cannot say that ``seat`` may be left out).
class NewGame(Protocol[S_co]):
    def __call__(self, config: Any = None, *, seed: bytes, game_id: str) -> S_co: ...


class LegalActions(Protocol[S_contra, A]):
    def __call__(self, state: S_contra, seat: Seat | None = None) -> list[A]: ...


class Apply(Protocol[S, A_contra]):
    def __call__(
        self, state: S, action: A_contra, seat: Seat | None = None
    ) -> tuple[S, list[Event]]: ...


def no_default(state: object, seat: Seat) -> None:
    """The ``default_action`` of a game that plays nothing for a seat out of time."""
    return None


@dataclass(frozen=True)
class Rules(Generic[S, A]):
    """A game's ``RULES``: its :class:`GameInfo` and the functions of its ``game``, ``actions``
    and ``serialize`` modules, as one object that implements :class:`Game`. A variant that
    changes one function is ``dataclasses.replace(RULES, legal_actions=...)`` (the AI's
    narrower move lists)."""

    info: GameInfo
    new: NewGame[S]
    to_act: Callable[[S], tuple[Seat, ...]]
    legal_actions: LegalActions[S, A]
    apply: Apply[S, A]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, Seat | None], S]
    parse_action: Callable[[str], A]
    to_dict: Callable[[S], dict[str, Any]]
    from_dict: Callable[[dict[str, Any]], S]
    default_action: Callable[[S, Seat], A | None] = no_default

    @property
    def name(self) -> str:
        """The game's kind (``info.kind``)."""
        return self.info.kind


class GameModule(Turns[S, A], Protocol[S, A]):
    """A game's ``game`` module: ``new_game`` and its :class:`Turns`. Its ``__all__`` names
    them in a literal list (mypy reads no other), then what the game adds."""

    def new_game(self, config: Any = None, *, seed: bytes, game_id: str) -> S: ...


class ActionsModule(Protocol[A_co]):
    """A game's ``actions`` module: ``parse_action``."""

    def parse_action(self, text: str) -> A_co: ...


class SerializeModule(Protocol[S]):
    """A game's ``serialize`` module: the state to and from JSON-ready data."""

    def to_dict(self, state: S) -> dict[str, Any]: ...

    def from_dict(self, data: dict[str, Any]) -> S: ...


def rules_of(
    info: GameInfo,
    game: GameModule[S, A],
    actions: ActionsModule[A],
    snapshot: SerializeModule[S],
    default_action: Callable[[S, Seat], A | None] = no_default,
) -> Rules[S, A]:
    """A game package's ``RULES``: the functions of its modules (type-checked against the
    protocol) and its ``default_action`` when it has one."""
    return Rules(
        info,
        game.new_game,
        game.to_act,
        game.legal_actions,
        game.apply,
        game.outcome,
        game.view,
        actions.parse_action,
        snapshot.to_dict,
        snapshot.from_dict,
        default_action,
    )


def roll_events(events: Sequence[Event]) -> list[Event]:
    """The dice and draws among ``events``."""
    return [e for e in events if e.kind == "roll"]
