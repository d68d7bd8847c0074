"""Inka's immutable game state."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.inka.config import InkaConfig
from engine.inka.geometry import Placement

START, BUILD, PLAY, OVER = "start", "build", "play", "over"
PHASES = (START, BUILD, PLAY, OVER)
# Within a turn: rhombi may move until the pawn acts (phase 2, then phase 3). ``WALKED``:
# the pawn's last act was a walk, so it stands where it landed: a passage or a symbol there
# may be used, and it walks again only after a paid act (take, passage, shift).
RHOMBI, PAWN, WALKED = "rhombi", "pawn", "walked"
STAGES = (RHOMBI, PAWN, WALKED)
DESTINATION_NAMES = ("A", "B", "C")


@dataclass(frozen=True, slots=True, order=True)
class Rhombus:
    """A rhombus on the temple: a path rhombus ``"1"``-``"13"`` or a destination rhombus
    ``"A"``-``"C"``, and where it lies."""

    name: str
    placement: Placement

    @property
    def is_destination(self) -> bool:
        return self.name in DESTINATION_NAMES

    @property
    def number(self) -> int | None:
        return None if self.is_destination else int(self.name)


def rhombus_key(name: str) -> tuple[int, int]:
    """Destination rhombi first (A, B, C), then path rhombi by number."""
    if name in DESTINATION_NAMES:
        return (0, DESTINATION_NAMES.index(name))
    return (1, int(name))


@dataclass(frozen=True, slots=True)
class InkaState:
    config: InkaConfig
    dice: Dice
    phase: str
    first: int  # the seat that chose first, placed first and plays first
    turn: int | None
    pawns: tuple[int | None, ...]  # each seat's cell (None: not placed yet, or resigned)
    blockers: tuple[int | None, ...]
    rhombi: tuple[Rhombus, ...]  # sorted by rhombus_key
    statues: tuple[tuple[str, ...], ...]  # per destination rhombus A, B, C: seats still there
    pile: tuple[int, ...] = ()  # path rhombi not drawn yet
    drawn: int | None = None  # the path rhombus the seat to act must place
    ap: int = 0
    stage: str = RHOMBI
    out: tuple[bool, ...] = ()  # resigned
    trail: tuple[int, ...] = ()  # the cells of the last pawn move, for pictures
    ply: int = 0
    winner: str | None = None
    termination: str | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        return self.config.seats

    @property
    def seat_to_move(self) -> str | None:
        return None if self.turn is None else self.seats[self.turn]

    def rhombus(self, name: str) -> Rhombus | None:
        return next((r for r in self.rhombi if r.name == name), None)

    def carried(self, seat: str) -> int:
        """How many of its statues a seat has taken."""
        return sum(1 for there in self.statues if seat not in there)
