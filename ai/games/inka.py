"""Inka: the statues a seat has taken from the destination rhombi (taking its three wins),
then how far its pawn stands from the nearest destination still holding its statue, against
the best of the other seats."""

from __future__ import annotations

import math
from typing import Any

from ai.knowledge import perfect_information, squash
from engine import inka
from engine.inka.board import BOARD
from engine.inka.geometry import centroid
from engine.inka.state import DESTINATION_NAMES


def progress(state: Any, seat: str) -> float:
    """Statues taken, less a fraction for the way to the next one."""
    me = state.seats.index(seat)
    pawn = state.pawns[me]
    carried = state.carried(seat)
    if pawn is None:
        return carried
    here = centroid(BOARD.cells[pawn])
    ways = []
    for name, there in zip(DESTINATION_NAMES, state.statues, strict=True):
        rhombus = state.rhombus(name)
        cells = rhombus and BOARD.rhombus_cells(rhombus.placement)
        if seat in there and cells:
            ways.append(math.dist(here, centroid(BOARD.cells[cells[0]])))
    return carried - 0.1 * min(ways, default=0.0)


def evaluate(state: Any, seat: str) -> float:
    others = [progress(state, s) for s in state.seats if s != seat]
    return squash(1.5 * (progress(state, seat) - max(others, default=0.0)))


KNOWLEDGE = perfect_information(inka.RULES, evaluate)
