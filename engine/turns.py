"""What every game's turn-taking shares: which seat an action is for, whether a seat has a
decision pending, and ``apply`` for the games that edit a scratch copy of their state.

Each game words its own refusals (with its own codes, for the table to translate)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import Field, dataclass, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.dice import Dice
from engine.errors import EngineError, IllegalAction
from engine.protocol import Event


class TurnState(Protocol):
    """What a :class:`Scratch` copies of a state: a frozen dataclass with these fields."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def dice(self) -> Dice: ...

    @property
    def phase(self) -> str: ...

    @property
    def turn(self) -> Any: ...  # the seat to act, by its index or its name (the game's way)

    @property
    def termination(self) -> str | None: ...

    @property
    def ply(self) -> int: ...


S = TypeVar("S", bound=TurnState)
A = TypeVar("A")


def waited_for(seat: str | None, waiting: Sequence[str]) -> bool:
    """Whether ``seat`` has a decision pending among ``waiting`` (``None``: the one seat that
    has; with several, it must be named)."""
    return len(waiting) == 1 if seat is None else seat in waiting


def seat_or_only(
    seat: str | None, waiting: Sequence[str], several: Callable[[Sequence[str]], EngineError]
) -> str:
    """``seat``, or when it is ``None`` the one seat ``waiting``; ``several(waiting)`` is the
    refusal when there are several (or none)."""
    if seat is not None:
        return seat
    if len(waiting) != 1:
        raise several(waiting)
    return waiting[0]


def checked_seat(
    seat: str | None,
    seats: Sequence[str],
    waiting: Sequence[str],
    *,
    acting: bool,
    several: Callable[[Sequence[str]], EngineError],
    unknown: Callable[[str], EngineError],
    not_waited: Callable[[str], EngineError],
) -> str:
    """The seat an action is for: ``seat``, or when it is ``None`` the one seat ``waiting``.
    Refused, in the game's own words, when several (or none) wait (``several``), when it is
    none of ``seats`` (``unknown``), or, for an action (``acting``; a resignation is not),
    when it has no decision pending (``not_waited``)."""
    seat = seat_or_only(seat, waiting, several)
    if seat not in seats:
        raise unknown(seat)
    if acting and seat not in waiting:
        raise not_waited(seat)
    return seat


class Scratch(Generic[S]):
    """A scratch copy of a state that one ``apply`` edits and then freezes, so that
    ``apply`` stays a pure function: it copies the state into a game's ``Work`` (on this
    base), edits the copy, and returns a new frozen state with the events it produced.

    The base holds what every game's copy edits (the dice, the phase, the seat to act, how
    the game ended) and the events; a game adds its own fields and gives them back, as the
    state holds them, from :meth:`edits`."""

    def __init__(self, state: S) -> None:
        self.state = state
        self.dice = state.dice
        self.phase = state.phase
        self.turn = state.turn
        self.termination = state.termination
        self.events: list[Event] = []

    def edits(self) -> dict[str, Any]:
        """The game's own fields as edited so far, by their names in its state."""
        return {}

    def emit(self, event: str, /, visible_to: frozenset[str] | None = None, **data: Any) -> None:
        """Record ``event`` (``data`` may hold any name, even ``kind``): public, or told to
        ``visible_to`` only."""
        self.events.append(Event(event, data, visible_to))

    def roll(self, faces: int, purpose: str, seat: str | None = None, **data: Any) -> int:
        """Roll a die from the game's own stream; the roll is an event of the record."""
        counter = self.dice.counter
        value, self.dice = self.dice.roll(faces)
        self.emit("roll", die=faces, value=value, purpose=purpose, seat=seat, draw=counter, **data)
        return value

    def snapshot(self, **more: Any) -> S:
        """The state as edited so far (for a move generator, mid-apply), with the fields
        ``more`` names set too."""
        return replace(
            self.state,
            dice=self.dice,
            phase=self.phase,
            turn=self.turn,
            termination=self.termination,
            **self.edits(),
            **more,
        )

    def freeze(self) -> S:
        """The new state, one ply on (one copy of the state: a search applies thousands of
        actions a decision)."""
        return self.snapshot(ply=self.state.ply + 1)


@dataclass(frozen=True)
class ScratchTurns(Generic[S, A]):
    """``apply`` for a game that edits a scratch copy of its state (its ``Work``, which
    records ``events`` and can ``freeze()``): ``seat_index(state, seat, acting=...)`` finds
    the seat, refusing it when the game is over or, for any action but a resignation
    (``resign_kind``, allowed out of turn), when it has no decision pending; then ``resign``
    or ``act`` edit the copy."""

    work: Callable[[S], Scratch[S]]
    seat_index: Callable[..., Any]
    resign_kind: type
    resign: Callable[[Any, Any], object]
    act: Callable[[Any, Any, A], object]

    def apply(self, state: S, action: A, seat: str | None = None) -> tuple[S, list[Event]]:
        """The new state after ``action`` by ``seat`` (``None``: the one seat to act), and
        what happened."""
        resigning = isinstance(action, self.resign_kind)
        me = self.seat_index(state, seat, acting=not resigning)
        w = self.work(state)
        if resigning:
            self.resign(w, me)
        else:
            self.act(w, me, action)
        return w.freeze(), w.events


def not_a_seat(*, code: str, seat: str, seats: Sequence[str], noun: str = "seat") -> IllegalAction:
    """The refusal of ``seat``, which is none of ``seats`` (``noun``: what the game calls a
    seat). ``code`` is the game's, for the table to translate."""
    listed = ", ".join(seats)
    return IllegalAction(
        f"'{seat}' is not a {noun} here: {listed}", code=code, seat=seat, seats=listed
    )
