"""The position text (issue: notation), for sharing positions, puzzles and tests.

``fire: Ke1 Qf1 Pe2; earth: Ka6 Pb6; water: Ke12; air: Kl7;
terrain: castle@e6 portal@d5 portal@h8 pass@f7/n; turn: fire``

Armies in any order; an army not listed, or listed without pieces, is out of the game. A
position starts in the battle phase. ``parse_position(format_position(p)) == p``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.dice import Dice
from engine.errors import InvalidNotation, InvalidPosition
from engine.loka.battle import next_mover
from engine.loka.config import LokaConfig
from engine.loka.geometry import GEOMETRIES, Geometry
from engine.loka.pieces import KIND_OF_LETTER, KINDS, LETTER, NAME, PAWN, code
from engine.loka.state import BATTLE, Army, LokaState
from engine.loka.terrain import ENTERABLE_BY, PASS, PORTAL, TILE_KINDS, TILE_NAMES, Tile
from engine.loka.work import Work


@dataclass(frozen=True)
class Position:
    pieces: frozenset[tuple[str, str, str]]  # (army, piece letter, square)
    tiles: frozenset[tuple[str, str, str | None]]  # (tile kind, square, pass axis)
    turn: str
    board: str = "cross"


def _order(geo: Geometry):
    def square_key(name: str) -> tuple[int, int]:
        i = geo.parse(name)
        return (i // geo.width, i % geo.width)

    return square_key


def format_position(position: Position) -> str:
    geo = GEOMETRIES[position.board]
    key = _order(geo)
    parts = []
    for army in geo.seat_names:
        mine = [(p, s) for a, p, s in position.pieces if a == army]
        if not mine:
            continue
        mine.sort(key=lambda ps: (KINDS.index(KIND_OF_LETTER[ps[0]]), key(ps[1])))
        parts.append(f"{army}: " + " ".join(p + s for p, s in mine))
    if position.tiles:
        tiles = sorted(position.tiles, key=lambda t: (TILE_KINDS.index(t[0]), key(t[1])))
        parts.append(
            "terrain: " + " ".join(f"{k}@{s}" + (f"/{a}" if a else "") for k, s, a in tiles)
        )
    parts.append(f"turn: {position.turn}")
    return "; ".join(parts)


def parse_position(text: str) -> Position:
    """Read a position text; every mistake is reported with what would be right."""
    geo = GEOMETRIES["cross"]
    pieces: dict[str, tuple[str, str]] = {}
    tiles: dict[str, tuple[str, str | None]] = {}
    listed: set[str] = set()
    turn = None
    for raw in text.split(";"):
        field = raw.strip()
        if not field:
            continue
        if ":" not in field:
            raise InvalidNotation(
                f"'{field}' needs a name and a colon: 'fire: Ke1 Pe2', 'terrain: lake@e6' "
                "or 'turn: fire'"
            )
        name, body = (x.strip() for x in field.split(":", 1))
        name = name.lower()
        if name == "turn":
            turn = body.lower()
        elif name == "terrain":
            for token in body.split():
                kind, square, axis = _tile(geo, token)
                if square in tiles:
                    raise InvalidPosition(f"two tiles on {square}: one tile per square")
                tiles[square] = (kind, axis)
        elif name in geo.seat_index:
            if name in listed:
                raise InvalidPosition(f"{name} is listed twice: list each army once")
            listed.add(name)
            for token in body.split():
                letter, square = _piece(geo, token)
                if square in pieces:
                    raise InvalidPosition(f"two pieces on {square}")
                pieces[square] = (name, letter)
        else:
            raise InvalidNotation(
                f"unknown field '{name}': use fire, earth, water, air, terrain or turn"
            )
    in_play = _check_armies(geo, pieces)
    portals = sum(1 for k, _ in tiles.values() if k == PORTAL)
    if portals > 2:
        raise InvalidPosition("at most two magic portals (they come in a pair)")
    for square, (army, letter) in pieces.items():
        tile = tiles.get(square)
        kind = KIND_OF_LETTER[letter]
        if tile and kind not in ENTERABLE_BY[tile[0]]:
            raise InvalidPosition(
                f"a {NAME[kind]} cannot stand on the {TILE_NAMES[tile[0]]} on {square}"
            )
        if kind == PAWN and geo.parse(square) in geo.promotion[geo.seat_index[army]]:
            raise InvalidPosition(
                f"the {army} pawn on {square} stands on one of its promotion squares: "
                "write the piece it promoted to"
            )
    if turn is None:
        turn = next((a for a in geo.seat_names if a in in_play), "fire")
    if turn not in in_play:
        raise InvalidPosition(
            f"turn: '{turn}' must name an army in play ({', '.join(sorted(in_play)) or 'none'})"
        )
    return Position(
        frozenset((a, p, s) for s, (a, p) in pieces.items()),
        frozenset((k, s, a) for s, (k, a) in tiles.items()),
        turn,
    )


def _piece(geo: Geometry, token: str) -> tuple[str, str]:
    letter = token[:1]
    if letter not in KIND_OF_LETTER:
        raise InvalidNotation(
            f"'{token}' is not a piece: a letter K Q R B N P then a square, like Ke1"
        )
    square = geo.names[geo.parse(token[1:])]
    return letter, square


def _tile(geo: Geometry, token: str) -> tuple[str, str, str | None]:
    kind, sep, where = token.lower().partition("@")
    if not sep or kind not in TILE_KINDS:
        raise InvalidNotation(
            f"'{token}' is not a tile: write kind@square with a kind among "
            f"{', '.join(TILE_KINDS)} (a pass also needs /n or /e, like pass@f7/n)"
        )
    square, _, axis = where.partition("/")
    square = geo.names[geo.parse(square)]
    if kind == PASS:
        if axis not in ("n", "e"):
            raise InvalidNotation(
                f"the pass on {square} needs its axis: /n along the file, /e along the rank"
            )
        return kind, square, axis
    if axis:
        raise InvalidNotation(f"only a mountain pass has an axis ('{token}')")
    return kind, square, None


def _check_armies(geo: Geometry, pieces: dict[str, tuple[str, str]]) -> set[str]:
    in_play = set()
    for army in geo.seat_names:
        kings = [s for s, (a, p) in pieces.items() if a == army and p == "K"]
        others = [s for s, (a, p) in pieces.items() if a == army and p != "K"]
        if len(kings) > 1:
            raise InvalidPosition(f"{army} has {len(kings)} kings: an army has exactly one")
        if others and not kings:
            raise InvalidPosition(
                f"{army} has pieces but no king: an army without its king is out of the "
                "game, so add its king or remove its pieces"
            )
        if kings:
            in_play.add(army)
    if len({geo.seats[geo.seat_index[a]].team for a in in_play}) < 2:
        raise InvalidPosition("both teams need at least one army with a king")
    return in_play


def position_of(state: LokaState) -> Position:
    geo = state.geometry
    pieces = frozenset(
        (geo.seat_names[p >> 3], LETTER[p & 7], geo.names[sq])
        for sq in geo.squares
        if (p := state.board[sq])
    )
    tiles = frozenset((t.kind, geo.names[t.square], t.axis) for t in state.tiles)
    turn = state.seat_to_move or geo.seat_names[0]
    return Position(pieces, tiles, turn, state.config.board)


def state_from_position(
    position: Position | str,
    config: LokaConfig | None = None,
    *,
    seed: bytes,
    game_id: str,
) -> LokaState:
    """A battle-phase state; if the army to move has no move, the turn passes on."""
    if isinstance(position, str):
        position = parse_position(position)
    config = config or LokaConfig()
    geo = GEOMETRIES[position.board]
    board = [0] * geo.size
    for army, letter, square in position.pieces:
        board[geo.parse(square)] = code(geo.seat_index[army], KIND_OF_LETTER[letter])
    alive = {a for a, _, _ in position.pieces}
    armies = tuple(
        Army(budget=config.budget(name), confirmed=True, alive=name in alive)
        for name in geo.seat_names
    )
    tiles = tuple(
        sorted(Tile(geo.parse(square), kind, axis) for kind, square, axis in position.tiles)
    )
    state = LokaState(
        config,
        Dice(seed, game_id),
        BATTLE,
        tuple(board),
        tiles,
        armies,
        turn=geo.seat_index[position.turn],
    )
    w = Work(state)
    next_mover(w, geo.seat_index[position.turn])
    return replace(w.freeze(), ply=0)
