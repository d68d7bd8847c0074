"""Loka's immutable game state."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.loka.config import LokaConfig
from engine.loka.geometry import Geometry
from engine.loka.terrain import TerrainMap, Tile, terrain_map

SELECTION, DEPLOYMENT, BATTLE, OVER = "selection", "deployment", "battle", "over"
PHASES = (SELECTION, DEPLOYMENT, BATTLE, OVER)

NO_RESERVE = (0, 0, 0, 0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Army:
    """One army's standing. ``draft`` counts queens, rooks, bishops, knights and pawns;
    ``reserve`` counts undeployed pieces by kind (index = kind, 0 unused)."""

    budget: int
    draft: tuple[int, ...] | None = None
    confirmed: bool = False
    hidden: bool = False  # a view that may not see this army's draft
    reserve: tuple[int, ...] = NO_RESERVE
    alive: bool = True
    resigned: bool = False


@dataclass(frozen=True, slots=True)
class PendingReroll:
    """A Super D20 holder must decide whether to re-roll before the combat resolves."""

    src: int
    dst: int
    promotion: int
    holder: str  # "attack" or "defence"
    attack_die: int
    defence_die: int
    attack_roll: int
    defence_roll: int


@dataclass(frozen=True, slots=True)
class CombatReport:
    """The last combat, for messages and images."""

    src: int
    dst: int
    attack_die: int
    defence_die: int
    attack_roll: int
    defence_roll: int
    result: str
    royal: bool = False
    rerolled: str | None = None


@dataclass(frozen=True, slots=True)
class LokaState:
    config: LokaConfig
    dice: Dice
    phase: str
    board: tuple[int, ...]
    tiles: tuple[Tile, ...]
    armies: tuple[Army, ...]
    turn: int | None = None
    pending: PendingReroll | None = None
    last_move: tuple[int, int] | None = None
    last_combat: CombatReport | None = None
    ply: int = 0
    winners: tuple[str, ...] | None = None  # set when the game is over
    termination: str | None = None
    # The squares of the pawns that may still double-step (RULINGS 1.8): those that began the
    # battle on their own row 2 and have not moved since. Set when the battle begins; a square
    # leaves it when its pawn moves (or attacks), is swapped, goes through a portal or is
    # removed; a piece arriving on a square never joins it.
    fresh_pawns: frozenset[int] = frozenset()

    @property
    def geometry(self) -> Geometry:
        return self.config.geometry

    @property
    def terrain(self) -> TerrainMap:
        return terrain_map(self.geometry, self.tiles)

    @property
    def seat_to_move(self) -> str | None:
        return None if self.turn is None else self.geometry.seat_names[self.turn]
