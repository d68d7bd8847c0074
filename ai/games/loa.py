"""Lines of Action: connectivity. A side is better off with fewer groups of its pieces and
with its pieces close to their centre of mass."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ai.knowledge import perfect_information, squash
from engine import loa
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


def spread(squares: set[tuple[int, int]]) -> float:
    """The mean king-move distance of the pieces to their centre of mass."""
    if not squares:
        return 0.0
    cf = sum(f for f, _ in squares) / len(squares)
    cr = sum(r for _, r in squares) / len(squares)
    return sum(max(abs(f - cf), abs(r - cr)) for f, r in squares) / len(squares)


def evaluate(state: Any, seat: str) -> float:
    mine = seat_colour(state.seats.index(seat))
    sides: list[set[tuple[int, int]]] = [set(), set()]
    for f, r, code in state.pieces:
        sides[code & 1].add((f, r))

    def badness(colour: int) -> float:
        return groups(sides[colour]) + 0.8 * spread(sides[colour])

    return squash(0.6 * (badness(mine ^ 1) - badness(mine)))


def variant(view: Any) -> str:
    """Beyond the edges, an iteration costs about 2.5 times the printed board's (every
    line runs across the whole unbounded board): its levels have budgets of their own."""
    return "loa" if view.config.bounded else "loa-unbounded"


KNOWLEDGE = replace(perfect_information(loa.RULES, evaluate), variant=variant)
