"""What every game's turn-taking shares: which seat an action is for, whether a seat has a
decision pending, and ``apply`` for the games that edit a scratch copy of their state.

Each game words its own refusals (with its own codes, for the table to translate)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError, IllegalAction
from engine.protocol import Event


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


@dataclass(frozen=True)
class ScratchTurns:
    """``apply`` for a game that edits a scratch copy of its state (its ``Work``, which
    records ``events`` and can ``freeze()``): ``seat_index(state, seat, acting=...)`` finds
    the seat, refusing it when the game is over or, for any action but a resignation
    (``resign_kind``, allowed out of turn), when it has no decision pending; then ``resign``
    or ``act`` edit the copy."""

    work: Callable[[Any], Any]
    seat_index: Callable[..., Any]
    resign_kind: type
    resign: Callable[[Any, Any], object]
    act: Callable[[Any, Any, Any], object]

    def apply(self, state: Any, action: Any, seat: str | None = None) -> tuple[Any, list[Event]]:
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
