"""Les Chevaliers d'Alako: the race of the knights to the enemy princess (a knight's move on
her wins), measured along the way a knight can really go: around towers and his own walls,
over enemy walls by the ladder, across the river on horseback or by the bridge.

A draw offer is accepted only when the game is well under way (``DRAW_AFTER_TURNS`` full
turns, each seat having spun that often) and the computer is not winning by its own
evaluation: at every level, the rules the search sees leave out ``accept draw`` otherwise
(issue 30)."""

from __future__ import annotations

import heapq
from dataclasses import replace
from typing import Any

from ai.knowledge import perfect_information, squash
from engine import alako
from engine.alako.actions import AcceptDraw
from engine.alako.board import BRIDGE, SEATS, SIZE, WIDTH, between, is_river, step
from engine.alako.lines import blocked_segments
from engine.alako.state import WALL_PIECE

# Extra steps a knight pays to pass a segment: an enemy wall waits for the ladder (one face
# in eight, then the descent); an enemy tower for our cannon to take the line down to it.
# His own side's pieces only the enemy's cannon removes: he must never wall himself in.
LADDER, ENEMY_TOWER, OWN_PIECE = 6, 10, 30
RIVER_ON_FOOT = 4  # a knight on foot fetches his horse to swim (or goes round by the bridge)
FAR = 2 * (WIDTH + 11) + OWN_PIECE

NEIGHBOURS = tuple(
    tuple((n, between(sq, n)) for d in "nesw" if (n := step(sq, d)) is not None)
    for sq in range(SIZE)
)


def way(state: Any, side: int) -> int:
    """The knight's cost (in squares) from where he is to the enemy princess."""
    me, princess = state.sides[side], state.sides[1 - side].princess
    start = me.knight if me.knight is not None else me.descent
    if start is None:
        return FAR
    forts = blocked_segments(tuple(s.line for s in state.sides))
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, sq = heapq.heappop(heap)
        if sq == princess:
            return cost
        if cost > best[sq]:
            continue
        for nxt, seg in NEIGHBOURS[sq]:
            step_cost = 1
            if seg in forts:
                owner, kind = forts[seg]
                if owner == side:
                    step_cost += OWN_PIECE
                else:
                    step_cost += LADDER if kind == WALL_PIECE else ENEMY_TOWER
            if is_river(nxt) and not me.mounted and nxt != BRIDGE:
                step_cost += RIVER_ON_FOOT
            if cost + step_cost < best.get(nxt, FAR * 4):
                best[nxt] = cost + step_cost
                heapq.heappush(heap, (cost + step_cost, nxt))
    return FAR


def steps(a: int, b: int) -> int:
    return abs(a % WIDTH - b % WIDTH) + abs(a // WIDTH - b // WIDTH)


def distance(state: Any, side: int) -> int:
    """The knight's way to the enemy princess; a knight off his horse counts half the way to
    the horse too, as he rides faster."""
    me = state.sides[side]
    walk = way(state, side)
    if me.mounted or me.knight is None:
        return walk
    return walk + steps(me.knight, me.horse) // 2


def evaluate(state: Any, seat: str) -> float:
    side = SEATS.index(seat)
    return squash(0.3 * (distance(state, 1 - side) - distance(state, side)))


DRAW_AFTER_TURNS = 10
"""Full turns (a spin by each seat) before the computer accepts a draw: before, the game
has barely begun."""


def full_turns(state: Any) -> int:
    """The full turns played so far, near enough: the dice rolled (every spin, and the lots
    when drawn) over the two seats."""
    counter: int = state.dice.counter
    return counter // 2


def may_accept_draw(state: Any, seat: str) -> bool:
    """Whether the computer may accept a draw: not while the game has barely begun
    (``DRAW_AFTER_TURNS``), nor while it is winning by its evaluation."""
    return full_turns(state) >= DRAW_AFTER_TURNS and evaluate(state, seat) <= 0.5


def legal_actions(state: Any, seat: str | None = None) -> list[Any]:
    """The engine's legal actions, as far as the computer considers them: ``accept draw``
    left out unless :func:`may_accept_draw` (declining is always there then)."""
    actions = alako.legal_actions(state, seat)
    if seat is None or state.offer is None or may_accept_draw(state, seat):
        return actions
    return [a for a in actions if not isinstance(a, AcceptDraw)]


RULES = replace(alako.RULES, legal_actions=legal_actions)
"""Alako's rules as every computer level searches them (the engine's are unchanged)."""

KNOWLEDGE = perfect_information(RULES, evaluate)
