"""A scratch copy of a state that one ``apply`` edits and then freezes.

``apply`` stays a pure function: it copies the state into a :class:`Work`, edits the copy,
and returns a new frozen state with the events it produced."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.echec.board import NAMES, SEATS
from engine.echec.die import FACE_OF_VALUE
from engine.echec.state import AttackReport, Base, EchecState, LastAction, Side
from engine.echec.units import KIND
from engine.protocol import Event


class Work:
    def __init__(self, state: EchecState) -> None:
        self.state = state
        self.config = state.config
        self.board: list[Base | None] = list(state.board)
        self.sides: list[Side] = list(state.sides)
        self.dice = state.dice
        self.phase = state.phase
        self.turn = state.turn
        self.actions_left = state.actions_left
        self.turns = state.turns
        self.last: LastAction | None = state.last
        self.report: AttackReport | None = state.report
        self.winners = state.winners
        self.termination = state.termination
        self.events: list[Event] = []

    def emit(self, event: str, visible_to: frozenset[str] | None = None, **data: Any) -> None:
        self.events.append(Event(event, data, visible_to))

    def roll_face(self, purpose: str, seat: str | None = None, **data: Any) -> str:
        """Roll one special die (a D6 mapped to its faces); the roll is an event of the
        record, with the face it shows."""
        counter = self.dice.counter
        value, self.dice = self.dice.roll(6)
        face = FACE_OF_VALUE[value]
        self.emit(
            "roll", die=6, value=value, face=face, purpose=purpose, seat=seat, draw=counter, **data
        )
        return face

    def side(self, seat: str) -> Side:
        return self.sides[SEATS.index(seat)]

    def set_side(self, seat: str, **changes: Any) -> None:
        i = SEATS.index(seat)
        self.sides[i] = replace(self.sides[i], **changes)

    def remove(self, sq: int, reason: str) -> Base | None:
        """Take a base off the board; losing the king ends the game (checked by the caller)."""
        base = self.board[sq]
        if base is None:
            return None
        self.board[sq] = None
        self.emit(
            "removed",
            square=NAMES[sq],
            seat=base.seat,
            kind=base.kind,
            unit=KIND[base.kind].name,
            reason=reason,
        )
        return base

    def freeze(self) -> EchecState:
        return replace(
            self.state,
            dice=self.dice,
            phase=self.phase,
            board=tuple(self.board),
            sides=tuple(self.sides),  # type: ignore[arg-type]
            turn=self.turn,
            actions_left=self.actions_left,
            turns=self.turns,
            last=self.last,
            report=self.report,
            ply=self.state.ply + 1,
            winners=self.winners,
            termination=self.termination,
        )
