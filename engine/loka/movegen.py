"""Battle move generation over the flat board tuple (RULINGS 1.6, 1.8).

Hot path: plain ints and precomputed tables only. A move is ``(src, dst, promotion)`` with
``promotion`` a piece kind or 0. ``fresh`` is the set of squares whose pawns may still
double-step (``LokaState.fresh_pawns``): a double step is never a capture, so attack and
defence support (``reaches``) and ``has_move`` do without it."""

from __future__ import annotations

from collections.abc import Container, Iterator, Sequence
from itertools import compress

from engine.loka.geometry import AXIS_OF_DIRECTION, DIAGONAL, DIRECTIONS, ORTHOGONAL, Geometry
from engine.loka.pieces import BISHOP, KING, KNIGHT, PAWN, PROMOTIONS, QUEEN, ROOK
from engine.loka.terrain import TerrainMap
from engine.pairs import pair

RawMove = tuple[int, int, int]

_ALL_DIRS = ORTHOGONAL + DIAGONAL
_DIRS = {KING: _ALL_DIRS, QUEEN: _ALL_DIRS, ROOK: ORTHOGONAL, BISHOP: DIAGONAL}


def _capture_dirs(forward: int) -> tuple[int, int]:
    fx, fy = DIRECTIONS[forward]
    return pair(d for d in DIAGONAL if (DIRECTIONS[d][0] == fx if fx else DIRECTIONS[d][1] == fy))


def _slide(
    geo: Geometry,
    tm: TerrainMap,
    board: Sequence[int],
    sq: int,
    kind: int,
    friend: Sequence[bool],
    out: list[int],
    vacated: int = -1,
) -> None:
    """Targets of a king, queen, rook or bishop from ``sq`` along its directions.
    ``vacated`` is a square treated as empty (the bishop's own square after it went through
    a portal)."""
    for ray in _rays(geo, tm, sq, kind):
        for t in ray:
            p = board[t] if t != vacated else 0
            if p:
                if not friend[p]:
                    out.append(t)
                break
            out.append(t)


def _rays(geo: Geometry, tm: TerrainMap, sq: int, kind: int) -> tuple[tuple[int, ...], ...]:
    """Where a piece of ``kind`` on ``sq`` could go on an empty board of this terrain: a
    slider's rays (:func:`_open_rays`), or a knight's enterable jumps as one (kept in
    ``tm.open_rays``)."""
    rays = tm.open_rays[kind][sq]
    if rays is None:
        if kind == KNIGHT:
            enter = tm.enter[KNIGHT]
            rays = ((*(t for t in geo.knight_targets[sq] if enter[t]),),)
        else:
            rays = _open_rays(geo, tm, sq, kind)
        tm.open_rays[kind][sq] = rays
    return rays


def _open_rays(geo: Geometry, tm: TerrainMap, sq: int, kind: int) -> tuple[tuple[int, ...], ...]:
    """The squares a king, queen, rook or bishop on ``sq`` could slide to on an empty board
    of this terrain, a ray per direction (in ``_DIRS``'s order): a mountain pass is left and
    entered only along its axis, a tile the kind may not enter ends the ray before it, a
    marsh ends it on itself, and a king goes one step. Pieces then cut a ray at the first
    one (taken if an enemy)."""
    enter = tm.enter[kind]
    axis_at = tm.axis_at
    marsh = tm.marsh
    here_axis = axis_at[sq]
    rays = geo.rays[sq]
    far = kind != KING
    found = []
    for d in _DIRS[kind]:
        d_axis = AXIS_OF_DIRECTION[d]
        if here_axis is not None and here_axis != d_axis:
            continue  # a mountain pass is left only along its axis
        ray = []
        for t in rays[d]:
            if not enter[t]:
                break
            t_axis = axis_at[t]
            if t_axis is not None and t_axis != d_axis:
                break
            ray.append(t)
            if not far or marsh[t]:
                break
        if ray:
            found.append(tuple(ray))
    return tuple(found)


def home_pawns(geo: Geometry, board: Sequence[int]) -> frozenset[int]:
    """The squares of the pawns standing on their own army's row 2: at the start of the
    battle, the pawns that may double-step (RULINGS 1.8)."""
    row_of = geo.row_of
    return frozenset(
        sq for sq in geo.squares if (p := board[sq]) & 7 == PAWN and row_of[p >> 3][sq] == 2
    )


def targets(
    geo: Geometry,
    tm: TerrainMap,
    board: Sequence[int],
    sq: int,
    piece: int,
    fresh: Container[int] = (),
) -> list[int]:
    """Every square the piece on ``sq`` may move to or attack (back-to-back excluded); a
    pawn's double step only when ``sq`` is in ``fresh``."""
    army = piece >> 3
    kind = piece & 7
    friend = geo.friend[army]
    out: list[int] = []
    if kind == KNIGHT:
        out.extend([t for t in _rays(geo, tm, sq, KNIGHT)[0] if not friend[board[t]]])
    elif kind == PAWN:
        _pawn(geo, tm, board, sq, army, out, sq in fresh)
    else:
        _slide(geo, tm, board, sq, kind, friend, out)
    exit_ = tm.portal_exit.get(sq)
    if exit_ is not None:
        p = board[exit_]
        if not friend[p]:
            if exit_ not in out:
                out.append(exit_)
            if kind == BISHOP and p == 0:
                # Portal, then a normal bishop move from the other portal, as one move.
                extra: list[int] = []
                _slide(geo, tm, board, exit_, BISHOP, friend, extra, vacated=sq)
                out.extend(t for t in extra if t not in out and t != sq)
    return out


def _pawn(
    geo: Geometry,
    tm: TerrainMap,
    board: Sequence[int],
    sq: int,
    army: int,
    out: list[int],
    fresh: bool,
) -> None:
    fwd = geo.pawn_dir[army]
    f_axis = AXIS_OF_DIRECTION[fwd]
    axis_at = tm.axis_at
    here_axis = axis_at[sq]
    enter = tm.enter[PAWN]
    ray = geo.rays[sq][fwd]
    if ray and (here_axis is None or here_axis == f_axis):
        t = ray[0]
        if enter[t] and axis_at[t] in (None, f_axis) and board[t] == 0:
            out.append(t)
            # Double step: only a pawn that began the battle on its own row 2 and has not
            # moved since (``fresh``), never through a marsh.
            if fresh and len(ray) > 1 and not tm.marsh[t]:
                t2 = ray[1]
                if enter[t2] and axis_at[t2] in (None, f_axis) and board[t2] == 0:
                    out.append(t2)
    if here_axis is None:
        enemy = geo.enemy[army]
        for d in _CAPTURE_DIRS[fwd]:
            r = geo.rays[sq][d]
            if r:
                t = r[0]
                if enemy[board[t]] and enter[t] and axis_at[t] is None:
                    out.append(t)


_CAPTURE_DIRS = {d: _capture_dirs(d) for d in ORTHOGONAL}


def back_to_back(geo: Geometry, tm: TerrainMap, board: Sequence[int], sq: int, army: int) -> int:
    """The square of the allied pawn that the pawn on ``sq`` may swap with, or -1."""
    if not geo.back_to_back:
        return -1
    fwd = geo.pawn_dir[army]
    ray = geo.rays[sq][fwd]
    if not ray:
        return -1
    t = ray[0]
    other = board[t]
    if other & 7 != PAWN or (other >> 3) not in geo.teammates[army]:
        return -1
    back = geo.rays[t][geo.pawn_dir[other >> 3]]
    if not back or back[0] != sq:
        return -1  # not facing each other
    f_axis = AXIS_OF_DIRECTION[fwd]
    for x in (sq, t):
        if not tm.enter[PAWN][x] or tm.axis_at[x] not in (None, f_axis):
            return -1
    return t


def legal_moves(
    geo: Geometry, tm: TerrainMap, board: Sequence[int], army: int, fresh: Container[int]
) -> list[RawMove]:
    """All battle moves of one army, sorted by source then target square; ``fresh``: the
    squares of the pawns that may still double-step."""
    moves: list[RawMove] = []
    lo, hi = army * 8, army * 8 + 8
    for sq in occupied(geo, board):
        if lo < board[sq] < hi:
            _moves_of(geo, tm, board, army, sq, fresh, moves)
    return moves


def occupied(geo: Geometry, board: Sequence[int]) -> Iterator[int]:
    """The squares that hold a piece, in order (a piece stands only on the board's squares),
    found without a step of Python per empty square."""
    return compress(range(geo.size), board)


def moves_from(
    geo: Geometry, tm: TerrainMap, board: Sequence[int], army: int, sq: int, fresh: Container[int]
) -> list[RawMove]:
    """The moves of :func:`legal_moves` that leave ``sq`` (none if the army has no piece
    there), in the same order."""
    moves: list[RawMove] = []
    if army * 8 < board[sq] < army * 8 + 8:
        _moves_of(geo, tm, board, army, sq, fresh, moves)
    return moves


def _moves_of(
    geo: Geometry,
    tm: TerrainMap,
    board: Sequence[int],
    army: int,
    sq: int,
    fresh: Container[int],
    moves: list[RawMove],
) -> None:
    """Add the moves of the army's piece on ``sq`` to ``moves``, sorted by target square."""
    piece = board[sq]
    dsts = targets(geo, tm, board, sq, piece, fresh)
    if piece & 7 == PAWN:
        swap = back_to_back(geo, tm, board, sq, army)
        if swap >= 0:
            dsts.append(swap)
        promo_squares = geo.promotion[army]
        for t in sorted(dsts):
            if t in promo_squares:
                moves.extend((sq, t, k) for k in PROMOTIONS)
            else:
                moves.append((sq, t, 0))
    else:
        dsts.sort()
        moves.extend([(sq, t, 0) for t in dsts])


def has_move(geo: Geometry, tm: TerrainMap, board: Sequence[int], army: int) -> bool:
    """Whether the army has a legal move (a double step needs the single step, so the
    pawns' double steps change nothing here)."""
    lo, hi = army * 8, army * 8 + 8
    for sq in occupied(geo, board):
        piece = board[sq]
        if lo < piece < hi and (
            targets(geo, tm, board, sq, piece)
            or (piece & 7 == PAWN and back_to_back(geo, tm, board, sq, army) >= 0)
        ):
            return True
    return False


def reaches(geo: Geometry, tm: TerrainMap, board: Sequence[int], src: int, dst: int) -> bool:
    """Could the piece on ``src`` move onto ``dst`` if an enemy of it stood there?

    Whether ``dst`` is among its :func:`targets`, found along the one way there: a knight's
    jump, or the ray that holds ``dst`` with nothing on it before ``dst``; a pawn and a piece
    on a portal list their targets."""
    piece = board[src]
    kind = piece & 7
    if kind == PAWN or kind not in _REACHING or src in tm.portal_exit:
        return dst in targets(geo, tm, board, src, piece)
    if geo.friend[piece >> 3][board[dst]]:
        return False  # no piece ever moves onto its own side's piece
    if kind == KNIGHT:
        return dst in _rays(geo, tm, src, KNIGHT)[0]
    for ray in _rays(geo, tm, src, kind):
        if dst in ray:
            for t in ray:
                if t == dst:
                    return True
                if board[t]:
                    return False
    return False


_REACHING = frozenset((KING, QUEEN, ROOK, BISHOP, KNIGHT))
