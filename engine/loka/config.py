"""Loka's options: the rulebook's numbers as data (RULINGS 1.3, 1.5, 1.10)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from engine.errors import InvalidConfig
from engine.loka.pieces import BISHOP, KNIGHT, LOKA_COSTS, PAWN, QUEEN, ROOK

ARMIES = ("fire", "earth", "water", "air")
TEAMS = {"fire": "evil", "water": "evil", "earth": "good", "air": "good"}

# The physical box (RULINGS 1.3): per army, 1 queen, 1 rook, 1 bishop, 1 knight, 4 pawns.
BOX_SUPPLY = {
    "unlimited": None,
    "basic": {QUEEN: 1, ROOK: 1, BISHOP: 1, KNIGHT: 1, PAWN: 4},
    "double": {QUEEN: 2, ROOK: 2, BISHOP: 2, KNIGHT: 2, PAWN: 8},
}


@dataclass(frozen=True)
class LokaConfig:
    """Options of one Loka game. Every field has the rulebook's default."""

    players: int = 4  # 4, 3 or 2 people; armies are always four (RULINGS 1.10)
    points: int = 160  # budget of each army
    solo_team: str = "evil"  # in a 3-player game, the team one person holds
    solo_percent: int = 75  # ...at this share of the points
    budgets: dict[str, int] = field(default_factory=dict)  # per-army override (handicaps)
    tiles: int = 4  # terrain placements; 0 = no terrain
    combat: bool = True  # off: every attack succeeds, as in chess
    max_pieces: int = 16
    max_pawns: int = 10
    box: str = "unlimited"
    costs: dict[int, int] = field(default_factory=lambda: dict(LOKA_COSTS))
    board: str = "cross"

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4):
            raise InvalidConfig(f"Loka is for 2, 3 or 4 players, not {self.players}")
        if not 0 <= self.points <= 10_000:
            raise InvalidConfig(f"points must be between 0 and 10000, not {self.points}")
        if self.solo_team not in ("evil", "good"):
            raise InvalidConfig("solo_team is 'evil' (Fire and Water) or 'good' (Earth and Air)")
        if not 1 <= self.solo_percent <= 100:
            raise InvalidConfig("solo_percent must be between 1 and 100")
        if not 0 <= self.tiles <= 9:
            raise InvalidConfig(f"terrain tiles go from 0 (none) to 9, not {self.tiles}")
        if not 1 <= self.max_pieces <= 64 or not 0 <= self.max_pawns <= 64:
            raise InvalidConfig("army limits must be at least 1 piece and 0 pawns")
        if self.box not in BOX_SUPPLY:
            raise InvalidConfig(f"box is one of {', '.join(BOX_SUPPLY)}, not '{self.box}'")
        if self.board not in ("cross",):
            raise InvalidConfig(f"board is 'cross', not '{self.board}'")
        for army, budget in self.budgets.items():
            if army not in ARMIES or not 0 <= budget <= 10_000:
                raise InvalidConfig(f"budget override '{army}: {budget}' is not valid")

    def budget(self, army: str) -> int:
        """Points the army may spend: an override, else 75% for a solo team of 3 players."""
        if army in self.budgets:
            return self.budgets[army]
        if self.players == 3 and TEAMS[army] == self.solo_team:
            return self.points * self.solo_percent // 100
        return self.points

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["costs"] = {str(k): v for k, v in self.costs.items()}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LokaConfig:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise InvalidConfig(f"unknown Loka option(s): {', '.join(sorted(unknown))}")
        values = dict(data)
        if "costs" in values:
            values["costs"] = {int(k): int(v) for k, v in values["costs"].items()}
        return cls(**values)
