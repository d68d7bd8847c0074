"""Terrain tiles and their effects (RULINGS 1.5, 1.6), compiled into lookup tables."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.loka.geometry import Geometry
from engine.loka.pieces import KINDS, KING, KNIGHT, PAWN, QUEEN, ROOK

CASTLE, FOREST, LAKE, EYRIE, MARSH, STONE, PASS, PORTAL = (
    "castle",
    "forest",
    "lake",
    "eyrie",
    "marsh",
    "stone",
    "pass",
    "portal",
)
TILE_KINDS = (CASTLE, FOREST, LAKE, EYRIE, MARSH, STONE, PASS, PORTAL)
# The basic set: nine tiles, the portal twice (RULINGS 1.5).
TILE_SET = (CASTLE, FOREST, LAKE, EYRIE, MARSH, STONE, PASS, PORTAL, PORTAL)
TILE_NAMES = {
    CASTLE: "castle",
    FOREST: "forest",
    LAKE: "lake",
    EYRIE: "eyrie",
    MARSH: "marsh",
    STONE: "stone circle",
    PASS: "mountain pass",
    PORTAL: "magic portal",
}

# Who may enter (or pass through) each tile. A mountain pass also needs the right axis.
_ALL = frozenset(KINDS)
ENTERABLE_BY = {
    CASTLE: _ALL,
    FOREST: frozenset({PAWN}),
    LAKE: frozenset(),
    EYRIE: frozenset({KNIGHT}),
    MARSH: _ALL,
    STONE: frozenset({ROOK}),
    PASS: _ALL,
    PORTAL: _ALL,
}


def defence_boost(tile: str | None, defender: int, attacker: int) -> int:
    """Terrain boosts of a defender of kind ``defender`` standing on ``tile``."""
    if tile == CASTLE:
        return 2 if defender in (KING, QUEEN) else 1
    if tile == FOREST:
        return 1 if defender == PAWN else 0
    if tile == EYRIE:
        return 1 if defender == KNIGHT else 0
    if tile == MARSH:
        return 1
    if tile == STONE:
        return 1 if defender == ROOK else 0
    if tile == PASS:
        return 0 if attacker == KNIGHT else 2
    return 0


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """A tile on a square; ``axis`` is 'n' or 'e' for a mountain pass, else ``None``."""

    square: int
    kind: str
    axis: str | None = None


class TerrainMap:
    """Per-square lookup tables of one terrain layout on one geometry."""

    def __init__(self, geometry: Geometry, tiles: tuple[Tile, ...]) -> None:
        size = geometry.size
        self.tile_at: list[str | None] = [None] * size
        self.axis_at: list[str | None] = [None] * size
        for tile in tiles:
            self.tile_at[tile.square] = tile.kind
            self.axis_at[tile.square] = tile.axis
        # enter[kind][sq]: a piece of that kind may stand on / pass through sq (axis aside).
        self.enter = [[True] * size for _ in range(7)]
        for tile in tiles:
            for kind in KINDS:
                self.enter[kind][tile.square] = kind in ENTERABLE_BY[tile.kind]
        self.marsh = [t == MARSH for t in self.tile_at]
        portals = [t.square for t in tiles if t.kind == PORTAL]
        # A lone portal leads nowhere; a pair links both ways.
        self.portal_exit: dict[int, int] = (
            {portals[0]: portals[1], portals[1]: portals[0]} if len(portals) == 2 else {}
        )
        self.has_axis = any(a is not None for a in self.axis_at)
        # open_rays[kind][sq]: where a piece of that kind could go from sq on an empty board
        # of this terrain, filled in by the move generator as it asks (``movegen``).
        self.open_rays: list[list[tuple[tuple[int, ...], ...] | None]] = [
            [None] * size for _ in range(7)
        ]
        # reached_from[sq]: the squares whose piece might reach sq, on its lines, a knight's
        # jump away or on a portal (``Geometry.reached_from`` and the portals), as the combat
        # asks (``combat.assess``).
        self.reached_from: list[tuple[int, ...] | None] = [None] * size


@lru_cache(maxsize=512)
def _terrain_map(geometry: Geometry, tiles: tuple[Tile, ...]) -> TerrainMap:
    return TerrainMap(geometry, tiles)


_LAST: list[tuple[Geometry, tuple[Tile, ...], TerrainMap]] = []


def terrain_map(geometry: Geometry, tiles: tuple[Tile, ...]) -> TerrainMap:
    """The lookup tables of ``tiles`` on ``geometry`` (cached). The states of a game share
    their tiles' tuple from the battle on (``Work.tile_tuple``): the last one asked is
    found by identity, without hashing every tile again."""
    if _LAST:
        geo, last, found = _LAST[0]
        if last is tiles and geo is geometry:
            return found
    found = _terrain_map(geometry, tiles)
    _LAST[:] = [(geometry, tiles, found)]
    return found
