"""Les Chevaliers d'Alako: the race of the knights to the enemy princess (a knight's move on
her wins), measured in steps on the board."""

from __future__ import annotations

from typing import Any

from ai.knowledge import perfect_information, squash
from engine import alako
from engine.alako.board import SEATS, WIDTH


def steps(a: int, b: int) -> int:
    return abs(a % WIDTH - b % WIDTH) + abs(a // WIDTH - b // WIDTH)


def distance(state: Any, side: int) -> int:
    """Steps from ``side``'s knight (or the far side of the wall he climbs) to the enemy
    princess; a knight off his horse counts the horse's way too, as he rides faster."""
    me, princess = state.sides[side], state.sides[1 - side].princess
    knight = me.knight if me.knight is not None else me.descent
    if knight is None:
        return 2 * (WIDTH + 11)
    walk = steps(knight, princess)
    return walk if me.mounted else walk + steps(knight, me.horse) // 2


def evaluate(state: Any, seat: str) -> float:
    side = SEATS.index(seat)
    return squash(0.3 * (distance(state, 1 - side) - distance(state, side)))


KNOWLEDGE = perfect_information(alako.RULES, evaluate)
