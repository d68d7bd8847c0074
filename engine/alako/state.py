"""Alako's immutable game state."""

from __future__ import annotations

from dataclasses import dataclass

from engine.alako.board import SEATS, Segment
from engine.alako.config import AlakoConfig
from engine.dice import Dice

LOTS, SPIN, ACT, OVER = "lots", "spin", "act", "over"
PHASES = (LOTS, SPIN, ACT, OVER)

WALL_PIECE, TOWER_PIECE = "W", "T"


@dataclass(frozen=True, slots=True)
class Fort:
    """One piece of a fortification line: a wall or a tower on a segment."""

    segment: Segment
    kind: str  # WALL_PIECE or TOWER_PIECE


@dataclass(frozen=True, slots=True)
class Side:
    """One player's pieces and fortification line.

    ``knight`` is ``None`` while he is up a ladder: then ``climbing`` is the wall's segment
    and ``descent`` the square on its far side, where he comes down. The knight rides when
    he and his horse share a square. ``line`` holds the pieces in the order they were put
    down, from a red point."""

    knight: int | None
    horse: int
    princess: int
    climbing: Segment | None = None
    descent: int | None = None
    line: tuple[Fort, ...] = ()

    @property
    def mounted(self) -> bool:
        return self.knight is not None and self.knight == self.horse


@dataclass(frozen=True, slots=True)
class AlakoState:
    config: AlakoConfig
    dice: Dice
    phase: str
    sides: tuple[Side, Side]
    turn: int | None = None  # 0 south, 1 north
    face: str | None = None  # the face to use now (phase ACT)
    builds_left: int = 0  # walls still to put down this turn (2 walls: 2, then 1)
    last_spin: tuple[int, str] | None = None  # (seat, face) of the latest spin
    last_move: tuple[int, ...] | None = None  # squares a piece went through, start first
    ply: int = 0
    winner: int | None = None  # None in a finished game: a draw
    termination: str | None = None
    offer: int | None = None  # the seat whose draw offer waits for the other's answer
    offered: tuple[int, ...] = ()  # the seats that have offered a draw since the last spin

    @property
    def seat_to_move(self) -> str | None:
        return None if self.turn is None else SEATS[self.turn]
