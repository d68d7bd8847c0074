"""The position text (issue: notation), for sharing positions, puzzles and tests.

``fire: Ke1 Qf1 Pe2; earth: Ka6 Pb6; water: Ke12; air: Kl7;
terrain: castle@e6 portal@d5 portal@h8 pass@f7/n; turn: fire``

Armies in any order; an army not listed, or listed without pieces, is out of the game. A
position starts in the battle phase. ``parse_position(format_position(p)) == p``.

Face-off (and massive battles) start with a board field; the army listed first sits South:
``board: faceoff; fire: Ke1 Pe2; air: Ke8 Pe7; turn: fire`` or ``board: faceoff 16x8; ...``.

A position has no history: a pawn on its own row 2 is taken to have started the battle there
and may double-step, unless it carries the mark ``'`` (``Pf2'``): it has moved (RULINGS 1.8)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.dice import Dice
from engine.errors import InvalidNotation, InvalidPosition
from engine.loka.battle import next_mover
from engine.loka.config import ARMIES, TEAMS, LokaConfig
from engine.loka.geometry import FACEOFF_SIZES, Geometry, geometry_for
from engine.loka.movegen import home_pawns
from engine.loka.pieces import KIND_OF_LETTER, KINDS, LETTER, NAME, PAWN, code
from engine.loka.state import BATTLE, OVER, Army, LokaState
from engine.loka.terrain import ENTERABLE_BY, PASS, PORTAL, TILE_KINDS, TILE_NAMES, Tile
from engine.loka.work import Work
from engine.position import fields_of, state_reader

__all__ = ["Position", "format_position", "parse_position", "position_of", "state_from_position"]


@dataclass(frozen=True)
class Position:
    pieces: frozenset[tuple[str, str, str]]  # (army, piece letter, square)
    tiles: frozenset[tuple[str, str, str | None]]  # (tile kind, square, pass axis)
    turn: str
    board: str = "cross"
    size: tuple[int, int] | None = None  # Face-off: (width, height)
    seats: tuple[str, ...] | None = None  # Face-off: the two armies, South first
    moved: frozenset[str] = frozenset()  # pawns on their own row 2 that may not double-step

    @property
    def geometry(self) -> Geometry:
        return geometry_for(self.board, self.size or (12, 12), self.seats or ARMIES)


def _order(geo: Geometry) -> Callable[[str], tuple[int, int]]:
    def square_key(name: str) -> tuple[int, int]:
        i = geo.parse(name)
        return (i // geo.width, i % geo.width)

    return square_key


def format_position(position: Position) -> str:
    geo = position.geometry
    key = _order(geo)
    parts = []
    if position.board != "cross":
        size = "" if (geo.width, geo.height) == (8, 8) else f" {geo.width}x{geo.height}"
        parts.append(f"board: {position.board}{size}")
    for army in geo.seat_names:
        mine = [(p, s) for a, p, s in position.pieces if a == army]
        if not mine:
            continue
        mine.sort(key=lambda ps: (KINDS.index(KIND_OF_LETTER[ps[0]]), key(ps[1])))
        parts.append(
            f"{army}: " + " ".join(p + s + (MOVED if s in position.moved else "") for p, s in mine)
        )
    if position.tiles:
        tiles = sorted(position.tiles, key=lambda t: (TILE_KINDS.index(t[0]), key(t[1])))
        parts.append(
            "terrain: " + " ".join(f"{k}@{s}" + (f"/{a}" if a else "") for k, s, a in tiles)
        )
    parts.append(f"turn: {position.turn}")
    return "; ".join(parts)


def parse_position(text: str) -> Position:
    """Read a position text; every mistake is reported with what would be right."""
    entries = fields_of(text, _no_colon)
    board, size, seats = _board(entries)
    geo = geometry_for(board, size or (12, 12), seats or ARMIES)
    pieces: dict[str, tuple[str, str]] = {}
    marked: set[str] = set()
    tiles: dict[str, tuple[str, str | None]] = {}
    listed: set[str] = set()
    turn = None
    for name, body in entries:
        if name == "board":
            continue
        if name == "turn":
            turn = body.lower()
        elif name == "terrain":
            for token in body.split():
                kind, square, axis = _tile(geo, token)
                if square in tiles:
                    raise InvalidPosition(
                        f"two tiles on {square}: one tile per square",
                        code="loka.pos_two_tiles",
                        square=square,
                    )
                tiles[square] = (kind, axis)
        elif name in geo.seat_index:
            if name in listed:
                raise InvalidPosition(
                    f"{name} is listed twice: list each army once",
                    code="loka.pos_listed_twice",
                    army=name,
                )
            listed.add(name)
            for token in body.split():
                letter, square, moved = _piece(geo, token)
                if square in pieces:
                    raise InvalidPosition(
                        f"two pieces on {square}", code="loka.pos_two_pieces", square=square
                    )
                pieces[square] = (name, letter)
                if moved:
                    marked.add(square)
        else:
            raise InvalidNotation(
                f"unknown field '{name}': use board, {', '.join(geo.seat_names)}, terrain or turn",
                code="loka.pos_field",
                field=name,
                armies=", ".join(geo.seat_names),
            )
    in_play = _check_armies(geo, pieces)
    portals = sum(1 for k, _ in tiles.values() if k == PORTAL)
    if portals > 2:
        raise InvalidPosition(
            "at most two magic portals (they come in a pair)", code="loka.pos_portals"
        )
    for square, (army, letter) in pieces.items():
        tile = tiles.get(square)
        piece = KIND_OF_LETTER[letter]
        if tile and piece not in ENTERABLE_BY[tile[0]]:
            raise InvalidPosition(
                f"a {NAME[piece]} cannot stand on the {TILE_NAMES[tile[0]]} on {square}",
                code="loka.pos_piece_on_tile",
                piece=NAME[piece],
                tile=tile[0],
                square=square,
            )
        if piece == PAWN and geo.parse(square) in geo.promotion[geo.seat_index[army]]:
            raise InvalidPosition(
                f"the {army} pawn on {square} stands on one of its promotion squares: "
                "write the piece it promoted to",
                code="loka.pos_pawn_promoted",
                army=army,
                square=square,
            )
    if turn is None:
        turn = next((a for a in geo.seat_names if a in in_play), geo.seat_names[0])
    if turn not in in_play:
        raise InvalidPosition(
            f"turn: '{turn}' must name an army in play ({', '.join(sorted(in_play)) or 'none'})",
            code="loka.pos_turn",
            turn=turn,
            armies=", ".join(sorted(in_play)) or "none",
        )
    # The mark matters only on a pawn on its own row 2 (any other pawn has moved anyway).
    moved_pawns = frozenset(
        s for s in marked if geo.row_of[geo.seat_index[pieces[s][0]]][geo.parse(s)] == 2
    )
    return Position(
        frozenset((a, p, s) for s, (a, p) in pieces.items()),
        frozenset((k, s, a) for s, (k, a) in tiles.items()),
        turn,
        board,
        size,
        seats,
        moved_pawns,
    )


def _no_colon(field: str) -> InvalidNotation:
    return InvalidNotation(
        f"'{field}' needs a name and a colon: 'fire: Ke1 Pe2', 'terrain: lake@e6' or 'turn: fire'",
        code="loka.pos_field_colon",
        field=field,
    )


def _board(
    entries: list[tuple[str, str]],
) -> tuple[str, tuple[int, int] | None, tuple[str, ...] | None]:
    """The board field (``cross``, ``faceoff`` or ``faceoff 16x8``) and, in Face-off, the
    two armies in the order they are listed (South first)."""
    boards = [body for name, body in entries if name == "board"]
    if not boards:
        return "cross", None, None
    if len(boards) > 1:
        raise InvalidNotation(
            "the board is named twice: write one 'board:' field", code="loka.position_board"
        )
    words = boards[0].lower().split()
    hint = "write 'board: faceoff', 'board: faceoff 16x8' (sizes 8 to 32, in 8s) or 'board: cross'"
    if words == ["cross"]:
        return "cross", None, None
    if not words or words[0] not in ("faceoff", "face-off") or len(words) > 2:
        raise InvalidNotation(
            f"'{boards[0]}' is not a board: {hint}", code="loka.position_board", board=boards[0]
        )
    size = (8, 8)
    if len(words) == 2:
        width, sep, height = words[1].partition("x")
        if not (sep and _digits(width) and _digits(height)) or not {
            int(width),
            int(height),
        } <= set(FACEOFF_SIZES):
            raise InvalidNotation(
                f"'{words[1]}' is not a Face-off size: {hint}",
                code="loka.position_board",
                board=boards[0],
            )
        size = (int(width), int(height))
    armies = tuple(name for name, _ in entries if name in ARMIES)
    armies = tuple(dict.fromkeys(armies))  # a repeat is reported later, with its name
    if len(armies) != 2 or {TEAMS[a] for a in armies} != {"good", "evil"}:
        raise InvalidPosition(
            "Face-off has two armies, one Good (earth or air) and one Evil (fire or water); "
            f"the first listed sits South, e.g. 'board: faceoff; fire: Ke1; air: Ke8' "
            f"(here: {', '.join(armies) or 'none'})",
            code="loka.faceoff_armies",
            armies=", ".join(armies),
        )
    return "faceoff", size, armies


MOVED = "'"
"""The mark of a pawn on its own row 2 that has moved: it may not double-step (``Pf2'``)."""
_MOVED_MARKS = (MOVED, "\u2019")  # a phone's keyboard may curl the apostrophe


def _piece(geo: Geometry, token: str) -> tuple[str, str, bool]:
    """The piece letter, the square and whether the token carries the moved mark."""
    letter = token[:1]
    if letter not in KIND_OF_LETTER:
        raise InvalidNotation(
            f"'{token}' is not a piece: a letter K Q R B N P then a square, like Ke1",
            code="loka.pos_piece",
            token=token,
        )
    where = token[1:]
    moved = where.endswith(_MOVED_MARKS)
    if moved:
        where = where[:-1]
        if KIND_OF_LETTER[letter] != PAWN:
            raise InvalidNotation(
                f"'{token}' is not a piece: only a pawn takes the mark {MOVED} (a pawn on its "
                f"row 2 that has moved, like P{where}{MOVED}); write {letter}{where}",
                code="loka.pos_piece",
                token=token,
            )
    square = geo.names[geo.parse(where)]
    return letter, square, moved


def _tile(geo: Geometry, token: str) -> tuple[str, str, str | None]:
    kind, sep, where = token.lower().partition("@")
    if not sep or kind not in TILE_KINDS:
        raise InvalidNotation(
            f"'{token}' is not a tile: write kind@square with a kind among "
            f"{', '.join(TILE_KINDS)} (a pass also needs /n or /e, like pass@f7/n)",
            code="loka.pos_tile",
            token=token,
        )
    square, _, axis = where.partition("/")
    square = geo.names[geo.parse(square)]
    if kind == PASS:
        if axis not in ("n", "e"):
            raise InvalidNotation(
                f"the pass on {square} needs its axis: /n along the file, /e along the rank",
                code="loka.pos_pass_axis",
                square=square,
            )
        return kind, square, axis
    if axis:
        raise InvalidNotation(
            f"only a mountain pass has an axis ('{token}')",
            code="loka.pos_axis_only_pass",
            token=token,
        )
    return kind, square, None


def _check_armies(geo: Geometry, pieces: dict[str, tuple[str, str]]) -> set[str]:
    in_play = set()
    for army in geo.seat_names:
        kings = [s for s, (a, p) in pieces.items() if a == army and p == "K"]
        others = [s for s, (a, p) in pieces.items() if a == army and p != "K"]
        if len(kings) > 1:
            raise InvalidPosition(
                f"{army} has {len(kings)} kings: an army has exactly one",
                code="loka.pos_kings",
                army=army,
                count=len(kings),
            )
        if others and not kings:
            raise InvalidPosition(
                f"{army} has pieces but no king: an army without its king is out of the "
                "game, so add its king or remove its pieces",
                code="loka.pos_no_king",
                army=army,
            )
        if kings:
            in_play.add(army)
    if len({geo.seats[geo.seat_index[a]].team for a in in_play}) < 2:
        raise InvalidPosition(
            "both teams need at least one army with a king", code="loka.pos_teams"
        )
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
    moved: frozenset[str] = frozenset()
    if state.phase in (BATTLE, OVER):  # before the battle, no pawn has moved
        moved = frozenset(geo.names[sq] for sq in home_pawns(geo, state.board) - state.fresh_pawns)
    if state.config.board == "cross":
        return Position(pieces, tiles, turn, moved=moved)
    return Position(
        pieces,
        tiles,
        turn,
        state.config.board,
        (geo.width, geo.height),
        geo.seat_names,
        moved,
    )


def _state(position: Position, config: LokaConfig | None, dice: Dice) -> LokaState:
    """A battle-phase state; if the army to move has no move, the turn passes on. The
    position's board wins over the config's (whose other choices are kept)."""
    geo = position.geometry
    config = (config or LokaConfig()).for_board(
        position.board, (geo.width, geo.height), geo.seat_names
    )
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
    # No history: the pawns on their own row 2 started there, unless marked as moved.
    fresh = home_pawns(geo, board) - {geo.parse(square) for square in position.moved}
    state = LokaState(
        config,
        dice,
        BATTLE,
        tuple(board),
        tiles,
        armies,
        turn=geo.seat_index[position.turn],
        fresh_pawns=fresh,
    )
    w = Work(state)
    next_mover(w, geo.seat_index[position.turn])
    return replace(w.freeze(), ply=0)


state_from_position = state_reader(parse_position, _state)


def _digits(text: str) -> bool:
    """Plain ASCII digits (``str.isdigit`` also accepts ``²`` and ``①``, which ``int`` refuses)."""
    return text.isascii() and text.isdigit()
