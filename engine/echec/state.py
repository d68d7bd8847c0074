"""Échec au Roi's immutable game state."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.echec.board import SEATS
from engine.echec.config import NO_PROGRESS_TURNS, EchecConfig

PLACEMENT, OPENING, BATTLE, OVER = "placement", "opening", "battle", "over"
PHASES = (PLACEMENT, OPENING, BATTLE, OVER)

ACTIONS_PER_TURN = 2


@dataclass(frozen=True, slots=True)
class Base:
    """A base on the board: its owner, kind letter, figures left, facing (n, e, s, w) and
    whether it has attacked this turn."""

    seat: str
    kind: str
    figures: int
    facing: str
    attacked: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    """One army before the battle: the bases still to place, and whether it is ready.
    ``hidden`` marks a view that may not see this army's placement (secret placement)."""

    reserve: tuple[tuple[str, int], ...] = ()
    confirmed: bool = False
    hidden: bool = False
    opening_axes: int | None = None  # axes rolled for the first move, this round
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class AttackReport:
    """The last attack, for messages and images. ``faces`` are the dice as rolled (axe,
    arrow, panic, blank); ``bonus`` is the last figure's extra die, if rolled."""

    seat: str
    kind: str
    src: str
    dst: str
    target_kind: str
    faces: tuple[str, ...] = ()
    bonus: str | None = None
    hits: int = 0
    removed: int = 0  # figures taken off the target
    destroyed: bool = False
    switched: bool = False  # mercenaries that changed sides (no roll)
    panic: str | None = None  # "attacker" or "target" when someone panicked
    eliminated: tuple[str, ...] = ()  # squares of bases lost to panic


@dataclass(frozen=True, slots=True)
class LastAction:
    """What the last action did on the board: its text and the squares it touched."""

    seat: str
    text: str
    squares: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EchecState:
    config: EchecConfig
    dice: Dice
    phase: str
    board: tuple[Base | None, ...]
    sides: tuple[Side, Side]
    turn: str | None = None
    actions_left: int = 0
    turns: int = 0  # turns begun in the battle
    progress_turn: int = 0  # the last turn in which a base advanced, a figure fell or a panic moved
    last: LastAction | None = None
    report: AttackReport | None = None
    ply: int = 0
    winners: tuple[str, ...] | None = None
    termination: str | None = None

    def side(self, seat: str) -> Side:
        return self.sides[SEATS.index(seat)]

    @property
    def quiet_turns(self) -> int:
        """Turns finished in a row with no progress (no base advancing, no figure removed,
        no panic move): before the battle, none."""
        return max(0, self.turns - 1 - self.progress_turn) if self.phase == BATTLE else 0

    @property
    def turns_to_draw(self) -> int | None:
        """In the battle, how many turns, this one included, may still pass with no progress
        before the game ends drawn (RULINGS 3); ``None`` outside the battle."""
        if self.phase != BATTLE:
            return None
        return NO_PROGRESS_TURNS - self.quiet_turns
