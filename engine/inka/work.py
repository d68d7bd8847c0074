"""Inka's scratch copy of a state that one ``apply`` edits and then freezes (see
:class:`engine.turns.Scratch`)."""

from __future__ import annotations

from typing import Any

from engine.inka.state import InkaState, Rhombus, rhombus_key
from engine.inka.temple import TEMPLE
from engine.turns import Scratch


class Work(Scratch[InkaState]):
    def __init__(self, state: InkaState) -> None:
        super().__init__(state)
        self.temple = TEMPLE
        self.pawns = list(state.pawns)
        self.blockers = list(state.blockers)
        self.rhombi = {r.name: r for r in state.rhombi}
        self.moved = False  # whether a rhombus was put (else the state's rhombi stand)
        self.statues = [list(s) for s in state.statues]
        self.pile = list(state.pile)
        self.drawn = state.drawn
        self.ap = state.ap
        self.stage = state.stage
        self.out = list(state.out)
        self.trail = state.trail
        self.winner = state.winner

    def edits(self) -> dict[str, Any]:
        return {
            "pawns": tuple(self.pawns),
            "blockers": tuple(self.blockers),
            "rhombi": (
                tuple(sorted(self.rhombi.values(), key=lambda r: rhombus_key(r.name)))
                if self.moved
                else self.state.rhombi
            ),
            "statues": tuple(tuple(s) for s in self.statues),
            "pile": tuple(self.pile),
            "drawn": self.drawn,
            "ap": self.ap,
            "stage": self.stage,
            "out": tuple(self.out),
            "trail": self.trail,
            "winner": self.winner,
        }

    @property
    def seats(self) -> tuple[str, ...]:
        return self.state.seats

    def name(self, cell: int) -> str:
        return self.temple.board.names[cell]

    def put(self, rhombus: Rhombus) -> None:
        self.rhombi[rhombus.name] = rhombus
        self.moved = True
