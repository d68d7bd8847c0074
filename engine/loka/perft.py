"""Counting legal action sequences (perft), the move generator's self-check.

Chance is not expanded: every attack succeeds (as with combat off), every marsh roll spares
the piece, each promotion choice is its own action, a back-to-back swap is an action, and a
forced pass is not counted (the turn simply passes)."""

from __future__ import annotations

from engine.loka.battle import relocate
from engine.loka.geometry import Geometry
from engine.loka.movegen import has_move, legal_moves
from engine.loka.pieces import KING
from engine.loka.state import BATTLE, LokaState
from engine.loka.terrain import TerrainMap
from engine.perft import options, report, root


def perft(state: LokaState, depth: int) -> int:
    if state.phase != BATTLE or state.turn is None or state.pending is not None or depth < 1:
        return 0
    alive = [a.alive for a in state.armies]
    return _perft(
        state.geometry,
        state.terrain,
        list(state.board),
        state.fresh_pawns,
        alive,
        state.turn,
        depth,
    )


def _perft(
    geo: Geometry,
    tm: TerrainMap,
    board: list[int],
    fresh: frozenset[int],
    alive: list[bool],
    turn: int,
    depth: int,
) -> int:
    moves = legal_moves(geo, tm, board, turn, fresh)
    if depth == 1:
        return len(moves)
    total = 0
    for src, dst, promotion in moves:
        after = board[:]
        still = alive
        # The squares a move leaves or reaches lose their double step, as in ``apply``.
        left = fresh - {src, dst} if src in fresh or dst in fresh else fresh
        target = after[dst]
        if target and not geo.friend[turn][target]:
            after[dst] = 0
            if target & 7 == KING:
                lost = target >> 3
                still = alive[:]
                still[lost] = False
                for sq in geo.squares:
                    if after[sq] >> 3 == lost and after[sq]:
                        after[sq] = 0
                left = frozenset(sq for sq in left if after[sq])
        relocate(after, geo, src, dst, promotion)
        nxt = _next(geo, tm, after, still, turn)
        if nxt is not None:
            total += _perft(geo, tm, after, left, still, nxt, depth - 1)
    return total


def _next(
    geo: Geometry, tm: TerrainMap, board: list[int], alive: list[bool], turn: int
) -> int | None:
    if len({geo.seats[a].team for a, ok in enumerate(alive) if ok}) < 2:
        return None
    n = len(alive)
    for k in range(1, n + 1):
        army = (turn + k) % n
        if alive[army] and has_move(geo, tm, board, army):
            return army
    return None


DEFAULT_POSITION = (
    "fire: Ke1 Qf1 Rd1 Bg1 Nh1 Pd2 Pe2 Pf2 Pg2; earth: Ka6 Qa7 Ra5 Ba8 Na4 Pb4 Pb5 Pb6 Pb7; "
    "water: Kh12 Qg12 Ri12 Bf12 Ne12 Pe11 Pf11 Pg11 Ph11; air: Kl7 Ql6 Rl8 Bl5 Nl9 Pk9 Pk8 "
    "Pk7 Pk6; terrain: castle@e4 lake@c5 marsh@h9 pass@f6/n portal@d6 portal@i7; turn: fire"
)


def run(argv: list[str]) -> int:
    """``python -m engine.perft loka --position "<text>" --depth N``."""
    from engine.loka.position import state_from_position

    args = options("loka", __doc__, depth=3).parse_args(argv)
    return report(args, lambda: root(state_from_position, args.position or DEFAULT_POSITION), perft)
