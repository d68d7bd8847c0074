"""Lines of Action: connectivity. A side is better off with fewer groups of its pieces and
with its pieces close to their centre of mass."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ai.knowledge import perfect_information, squash
from engine import loa
from engine.loa.bitboard import neighbours
from engine.loa.config import seat_colour


def groups(squares: set[tuple[int, int]]) -> int:
    """How many 8-connected groups ``squares`` form."""
    left, count = set(squares), 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            f, r = todo.pop()
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    near = (f + df, r + dr)
                    if near in left:
                        left.remove(near)
                        todo.append(near)
    return count


def groups_of(bits: int) -> int:
    """How many 8-connected groups the squares of a bitboard of the printed board form (as
    :func:`groups` counts them)."""
    count = 0
    while bits:
        seen = bits & -bits
        while (grown := neighbours(seen) & bits) != seen:
            seen = grown
        bits ^= seen
        count += 1
    return count


def spread(squares: set[tuple[int, int]]) -> float:
    """The mean king-move distance of the pieces to their centre of mass (summed in the
    set's order: the same float every time)."""
    if not squares:
        return 0.0
    cf = sum([f for f, _ in squares]) / len(squares)
    cr = sum([r for _, r in squares]) / len(squares)
    return sum([max(abs(f - cf), abs(r - cr)) for f, r in squares]) / len(squares)


def badness(state: Any) -> tuple[float, float]:
    """How scattered each colour is (white's, black's): its groups, and 0.8 times its
    spread."""
    sides: list[set[tuple[int, int]]] = [set(), set()]
    for f, r, code in state.pieces:
        sides[code & 1].add((f, r))
    if state.config.bounded:
        bits = [0, 0]
        for f, r, code in state.pieces:
            bits[code & 1] |= 1 << (r * 8 + f)
        counts = [groups_of(bits[0]), groups_of(bits[1])]
    else:
        counts = [groups(sides[0]), groups(sides[1])]
    return counts[0] + 0.8 * spread(sides[0]), counts[1] + 0.8 * spread(sides[1])


_KEPT: tuple[Any, tuple[float, float]] = (None, (0.0, 0.0))
"""The last pieces evaluated and their :func:`badness`: the search scores a leaf for each
seat on its path, both from one position."""


def evaluate(state: Any, seat: str) -> float:
    global _KEPT
    mine = seat_colour(state.seats.index(seat))
    pieces, kept = _KEPT  # (read once: safe beside another thread)
    if pieces is not state.pieces:
        kept = badness(state)
        _KEPT = (state.pieces, kept)
    return squash(0.6 * (kept[mine ^ 1] - kept[mine]))


def variant(view: Any) -> str:
    """Beyond the edges, an iteration costs about 2.5 times the printed board's (every
    line runs across the whole unbounded board): its levels have budgets of their own."""
    return "loa" if view.config.bounded else "loa-unbounded"


KNOWLEDGE = replace(perfect_information(loa.RULES, evaluate), variant=variant, withholds=False)
"""(The engine lists neither a resignation nor a draw offer: the search need not look for
them, ``Knowledge.withholds``.)"""
