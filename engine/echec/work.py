"""Echec's scratch copy of a state that one ``apply`` edits and then freezes (see
:class:`engine.turns.Scratch`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.echec.board import NAMES, SEATS
from engine.echec.die import FACE_OF_VALUE
from engine.echec.state import AttackReport, Base, EchecState, LastAction, Side
from engine.echec.units import KIND
from engine.turns import Scratch


class Work(Scratch[EchecState]):
    def __init__(self, state: EchecState) -> None:
        super().__init__(state)
        self.config = state.config
        self.board: list[Base | None] = list(state.board)
        self.sides: list[Side] = list(state.sides)
        self.actions_left = state.actions_left
        self.turns = state.turns
        self.progress_turn = state.progress_turn
        self.last: LastAction | None = state.last
        self.report: AttackReport | None = state.report
        self.winners = state.winners

    def edits(self) -> dict[str, Any]:
        return {
            "board": tuple(self.board),
            "sides": tuple(self.sides),
            "actions_left": self.actions_left,
            "turns": self.turns,
            "progress_turn": self.progress_turn,
            "last": self.last,
            "report": self.report,
            "winners": self.winners,
        }

    def freeze(self) -> EchecState:
        """The new state, one ply on (``Scratch.freeze``, built at once: the search applies
        thousands of actions a decision)."""
        return EchecState(
            self.config,
            self.dice,
            self.phase,
            tuple(self.board),
            (self.sides[0], self.sides[1]),
            self.turn,
            self.actions_left,
            self.turns,
            self.progress_turn,
            self.last,
            self.report,
            self.state.ply + 1,
            self.winners,
            self.termination,
        )

    def roll_face(self, purpose: str, seat: str | None = None, **data: Any) -> str:
        """Roll one special die (a D6 mapped to its faces); the roll is an event of the
        record, with the face it shows."""
        counter = self.dice.counter
        value, self.dice = self.dice.roll(len(FACE_OF_VALUE))
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
