"""Loka's options: the rulebook's numbers as data (RULINGS 1.3, 1.5, 1.10).

Several defaults depend on the board: 4-player Loka plays 160 points with 4 tile placements;
Face-off plays 300 points with bishops at 30 and 2 placements a player; massive battles scale
those with the number of 8x8 boards along a player's edge. Such fields default to ``None``
and are filled in from the board when the config is made, so a config always holds concrete
numbers (and ``to_dict`` writes them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from engine.config import Config, refuse_unknown
from engine.errors import InvalidConfig
from engine.loka.geometry import FACEOFF_SIZES, Geometry, geometry_for
from engine.loka.pieces import BISHOP, KNIGHT, LOKA_COSTS, PAWN, QUEEN, ROOK

ARMIES = ("fire", "earth", "water", "air")
TEAMS = {"fire": "evil", "water": "evil", "earth": "good", "air": "good"}
BOARDS = ("cross", "faceoff")

# The physical box (RULINGS 1.3): per army, 1 queen, 1 rook, 1 bishop, 1 knight, 4 pawns.
BOX_SUPPLY = {
    "unlimited": None,
    "basic": {QUEEN: 1, ROOK: 1, BISHOP: 1, KNIGHT: 1, PAWN: 4},
    "double": {QUEEN: 2, ROOK: 2, BISHOP: 2, KNIGHT: 2, PAWN: 8},
}

# Face-off (RULINGS 1.10): 300 points, bishops 30, 2 tiles a player, Loka's army limits; all
# of them per 8x8 board along a player's edge on a massive battlefield (**Ruling**).
FACEOFF_POINTS = 300
FACEOFF_COSTS = {**LOKA_COSTS, BISHOP: 30}
FACEOFF_TILES_PER_PLAYER = 2
FACEOFF_ELEMENTS = ("fire", "air")


# An option left to the board's default: ``None``, which ``__post_init__`` fills in at once
# (typed as the option itself, since a config once made holds no ``None``).
BOARD_DEFAULT: Any = None


@dataclass(frozen=True)
class LokaConfig(Config):
    """Options of one Loka game. ``None`` means the board's default (filled in at once)."""

    players: int = (
        BOARD_DEFAULT  # 4, 3 or 2 people on the cross (always four armies); 2 in Face-off
    )
    points: int = BOARD_DEFAULT  # budget of each army
    solo_team: str = "evil"  # in a 3-player game, the team one person holds
    solo_percent: int = 75  # ...at this share of the points
    budgets: dict[str, int] = field(default_factory=dict)  # per-army override (handicaps)
    tiles: int = BOARD_DEFAULT  # terrain placements in all; 0 = no terrain
    combat: bool = True  # off: every attack succeeds, as in chess
    max_pieces: int = BOARD_DEFAULT
    max_pawns: int = BOARD_DEFAULT
    box: str = "unlimited"
    costs: dict[int, int] = BOARD_DEFAULT  # per piece kind; a partial dict overrides the board's
    board: str = "cross"  # "cross" (4 armies) or "faceoff" (2 armies, 8x8 boards)
    size: tuple[int, int] = BOARD_DEFAULT  # (width, height): 12x12 cross; Face-off 8x8 to 32x32
    elements: tuple[str, ...] = BOARD_DEFAULT  # the armies in seat order; Face-off: South first

    def __post_init__(self) -> None:
        self.one_of("board", BOARDS, code="loka.board", board=self.board)
        defaults = board_defaults(self.board, self._size())
        for name, value in defaults.items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, value)
        object.__setattr__(self, "costs", {**defaults["costs"], **(self.costs or {})})
        object.__setattr__(self, "size", tuple(self.size))
        object.__setattr__(self, "elements", tuple(self.elements))
        self._check()

    def _size(self) -> tuple[int, int]:
        given: Any = self.size  # as given: None, or a width and a height of any type
        if given is None:
            return (12, 12) if self.board == "cross" else (8, 8)
        try:
            width, height = (int(n) for n in given)
        except (TypeError, ValueError):
            raise InvalidConfig(
                f"size is a width and a height, like 16x8, not {self.size!r}",
                code="loka.size",
                size=str(self.size),
            ) from None
        return width, height

    def _check(self) -> None:
        faceoff = self.board == "faceoff"
        if faceoff:
            if self.players != 2:
                raise InvalidConfig(
                    f"Face-off Loka is for 2 players, not {self.players}",
                    code="loka.faceoff_players",
                    players=self.players,
                )
            width, height = self.size
            if width not in FACEOFF_SIZES or height not in FACEOFF_SIZES:
                raise InvalidConfig(
                    f"a Face-off board is made of 8x8 boards: width and height 8, 16, 24 or "
                    f"32, not {width}x{height}",
                    code="loka.size",
                    size=f"{width}x{height}",
                )
            elements = self.elements or ()
            if (
                len(elements) != 2
                or any(e not in ARMIES for e in elements)
                or {TEAMS[e] for e in elements} != {"good", "evil"}
            ):
                raise InvalidConfig(
                    "Face-off needs two elements, one Good (earth or air) and one Evil (fire or "
                    f"water), South first, not {', '.join(map(str, elements)) or 'none'}",
                    code="loka.elements",
                    elements=", ".join(map(str, elements)),
                )
        else:
            if self.players not in (2, 3, 4):
                raise InvalidConfig(f"Loka is for 2, 3 or 4 players, not {self.players}")
            if self.size != (12, 12) or self.elements != ARMIES:
                raise InvalidConfig(
                    "the cross board is 12x12 with fire, earth, water and air in that order",
                    code="loka.cross_layout",
                )
        if not 0 <= self.points <= 10_000:
            raise InvalidConfig(f"points must be between 0 and 10000, not {self.points}")
        if self.solo_team not in ("evil", "good"):
            raise InvalidConfig("solo_team is 'evil' (Fire and Water) or 'good' (Earth and Air)")
        if not 1 <= self.solo_percent <= 100:
            raise InvalidConfig("solo_percent must be between 1 and 100")
        most = self.max_tiles
        if not 0 <= self.tiles <= most:
            raise InvalidConfig(
                f"terrain tiles go from 0 (none) to {most}, not {self.tiles}",
                code="loka.tiles",
                limit=most,
                count=self.tiles,
            )
        if not 1 <= self.max_pieces <= 64 or not 0 <= self.max_pawns <= 64:
            raise InvalidConfig("army limits must be at least 1 piece and 0 pawns")
        if faceoff:
            # Every piece must find a square in its half of the board, tiles or not.
            room = self.size[0] * (self.size[1] // 2) - self.tiles - 1
            if self.max_pieces > room:
                raise InvalidConfig(
                    f"at most {room} pieces an army fit on this board with {self.tiles} tiles, "
                    f"not {self.max_pieces}",
                    code="loka.army_room",
                    limit=room,
                    count=self.max_pieces,
                )
        if self.box not in BOX_SUPPLY:
            raise InvalidConfig(f"box is one of {', '.join(BOX_SUPPLY)}, not '{self.box}'")
        if any(c < 0 for c in self.costs.values()):
            raise InvalidConfig("piece costs cannot be negative", code="loka.costs")
        for army, budget in self.budgets.items():
            if army not in self.elements or not 0 <= budget <= 10_000:
                raise InvalidConfig(f"budget override '{army}: {budget}' is not valid")

    @property
    def max_tiles(self) -> int:
        """The cross has nine tiles; Face-off rolls tiles, one placement per 8 squares at most."""
        if self.board == "cross":
            return 9
        width, height = self.size
        return width * height // 8

    @cached_property
    def geometry(self) -> Geometry:
        return geometry_for(self.board, self.size, self.elements)

    def budget(self, army: str) -> int:
        """Points the army may spend: an override, else 75% for a solo team of 3 players."""
        if army in self.budgets:
            return self.budgets[army]
        if self.players == 3 and TEAMS[army] == self.solo_team:
            return self.points * self.solo_percent // 100
        return self.points

    def for_board(
        self,
        board: str,
        size: tuple[int, int] | None = None,
        elements: tuple[str, ...] | None = None,
    ) -> LokaConfig:
        """The same options on another board: what was this board's default becomes the new
        board's default; what was chosen is kept (used when a position names its board)."""
        if (board, size, elements) == (self.board, self.size, self.elements):
            return self
        old = board_defaults(self.board, self.size)
        changes: dict[str, Any] = {"board": board, "size": size, "elements": elements}
        for name, value in old.items():
            if name in ("size", "elements"):
                continue
            if name == "costs":
                kept = {k: v for k, v in self.costs.items() if old["costs"].get(k) != v}
                changes["costs"] = kept or None
            elif getattr(self, name) == value:
                changes[name] = None
        changes["budgets"] = {a: b for a, b in self.budgets.items() if a in (elements or ARMIES)}
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data["costs"] = {str(k): v for k, v in self.costs.items()}
        data["size"] = list(self.size)
        data["elements"] = list(self.elements)
        return data

    @classmethod
    def unknown_options(cls, options: str) -> InvalidConfig:
        return refuse_unknown("Loka", options=options)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LokaConfig:
        values = cls.known(data)
        if values.get("costs") is not None:
            values["costs"] = {int(k): int(v) for k, v in values["costs"].items()}
        for name in ("size", "elements"):
            if values.get(name) is not None:
                values[name] = tuple(values[name])
        return cls(**values)


def board_defaults(board: str, size: tuple[int, int]) -> dict[str, Any]:
    """The options a board implies when they are not given."""
    if board == "cross":
        return {
            "players": 4,
            "points": 160,
            "tiles": 4,
            "max_pieces": 16,
            "max_pawns": 10,
            "costs": dict(LOKA_COSTS),
            "size": (12, 12),
            "elements": ARMIES,
        }
    boards = max(1, size[0] // 8)  # 8x8 boards along a player's edge (RULINGS 1.10)
    return {
        "players": 2,
        "points": FACEOFF_POINTS * boards,
        "tiles": 2 * FACEOFF_TILES_PER_PLAYER * boards,
        "max_pieces": 16 * boards,
        "max_pawns": 10 * boards,
        "costs": dict(FACEOFF_COSTS),
        "size": (8, 8),
        "elements": FACEOFF_ELEMENTS,
    }
