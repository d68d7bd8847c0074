"""A scratch copy of a state that one ``apply`` edits and then freezes (as in Loka)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.inka.state import InkaState, Rhombus, rhombus_key
from engine.inka.temple import TEMPLE
from engine.protocol import Event


class Work:
    def __init__(self, state: InkaState) -> None:
        self.state = state
        self.temple = TEMPLE
        self.dice = state.dice
        self.phase = state.phase
        self.turn = state.turn
        self.pawns = list(state.pawns)
        self.blockers = list(state.blockers)
        self.rhombi = {r.name: r for r in state.rhombi}
        self.statues = [list(s) for s in state.statues]
        self.pile = list(state.pile)
        self.drawn = state.drawn
        self.ap = state.ap
        self.stage = state.stage
        self.out = list(state.out)
        self.trail = state.trail
        self.winner = state.winner
        self.termination = state.termination
        self.events: list[Event] = []

    @property
    def seats(self) -> tuple[str, ...]:
        return self.state.seats

    def name(self, cell: int) -> str:
        return self.temple.board.names[cell]

    def emit(self, kind: str, **data: Any) -> None:
        self.events.append(Event(kind, data))

    def roll(self, faces: int, purpose: str, seat: str | None = None, **data: Any) -> int:
        """Roll a die from the game's own stream; the roll is an event of the record."""
        counter = self.dice.counter
        value, self.dice = self.dice.roll(faces)
        self.emit("roll", die=faces, value=value, purpose=purpose, seat=seat, draw=counter, **data)
        return value

    def snapshot(self) -> InkaState:
        """The state as edited so far (for the move generator, mid-apply)."""
        return replace(
            self.state,
            dice=self.dice,
            phase=self.phase,
            turn=self.turn,
            pawns=tuple(self.pawns),
            blockers=tuple(self.blockers),
            rhombi=tuple(sorted(self.rhombi.values(), key=lambda r: rhombus_key(r.name))),
            statues=tuple(tuple(s) for s in self.statues),
            pile=tuple(self.pile),
            drawn=self.drawn,
            ap=self.ap,
            stage=self.stage,
            out=tuple(self.out),
            trail=self.trail,
            winner=self.winner,
            termination=self.termination,
        )

    def put(self, rhombus: Rhombus) -> None:
        self.rhombi[rhombus.name] = rhombus

    def freeze(self) -> InkaState:
        return replace(self.snapshot(), ply=self.state.ply + 1)
