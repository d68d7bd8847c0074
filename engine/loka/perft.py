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


def perft(state: LokaState, depth: int) -> int:
    if state.phase != BATTLE or state.turn is None or state.pending is not None or depth < 1:
        return 0
    alive = [a.alive for a in state.armies]
    return _perft(state.geometry, state.terrain, list(state.board), alive, state.turn, depth)


def _perft(
    geo: Geometry, tm: TerrainMap, board: list[int], alive: list[bool], turn: int, depth: int
) -> int:
    moves = legal_moves(geo, tm, board, turn)
    if depth == 1:
        return len(moves)
    total = 0
    for src, dst, promotion in moves:
        after = board[:]
        still = alive
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
        relocate(after, geo, src, dst, promotion)
        nxt = _next(geo, tm, after, still, turn)
        if nxt is not None:
            total += _perft(geo, tm, after, still, nxt, depth - 1)
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
