"""The AI's levels: how much it searches and whether it uses the game's knowledge."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Level:
    name: str
    iterations: int
    """Search iterations (determinize, descend, roll out, back up) at most."""
    seconds: float
    """Thinking time at most (the search stops at whichever comes first)."""
    knowledge: bool
    """Use the game's evaluation and rollout policy; without, leaves that are not over score
    a coin flip and rollouts are uniform."""
    depth: int
    """Rollout actions after the tree before the leaf is scored."""
    exploration: float = 0.7
    """The UCT exploration constant."""


LEVELS = ("easy", "normal", "strong")

BUDGETS = {
    "easy": Level("easy", iterations=24, seconds=0.2, knowledge=False, depth=6),
    "normal": Level("normal", iterations=100, seconds=0.4, knowledge=True, depth=4),
    "strong": Level("strong", iterations=1200, seconds=2.5, knowledge=True, depth=6),
}


# Games whose iterations cost more than a typical one's (Inka's turns offer a hundred
# rhombus moves, each weighed by the rollout policy's shortest ways; a chess iteration
# about twice Lines of Action's): their own iteration budgets, sized to the decision-time
# targets (docs/ai.md: normal's p95 <= 0.5 s, strong's <= 2 s of one idle core), so that a
# level plays the same at the table, which stops at its seconds, and in a bench, which
# does not. (Chess's are the search's, where there is no Stockfish.) Échec au Roi's strong
# searched 500 until its search got 6x cheaper (issue 36): at 500 it beat normal in only
# 55 % of 39 games; it now has the generic 1,200 (~0.5 s a decision). Inka's strong, the
# same way: 60 until its iterations got ~2.4x cheaper; at 60 it beat normal in 52.5 %
# of 40 games for 4 players, at 150 in 78 % (docs/ai.md), at ~0.5-0.8 s a decision.
GAME_ITERATIONS: dict[str, dict[str, int]] = {
    "inka": {"easy": 1, "normal": 24, "strong": 150},
    "chess": {"strong": 500},
    "loa-unbounded": {"strong": 500},  # by the view's variant: Knowledge.variant
}


def budget_of(kind: str, level: str | Level) -> Level:
    """The level a game of ``kind`` (or a variant named by ``Knowledge.variant``) plays at
    ``level``: a named level at the game's own iteration budget if it has one
    (``GAME_ITERATIONS``); a :class:`Level` as it is."""
    if isinstance(level, Level):
        return level
    budget = level_of(level)
    iterations = GAME_ITERATIONS.get(kind, {}).get(budget.name)
    return budget if iterations is None else replace(budget, iterations=iterations)


def level_of(level: str | Level) -> Level:
    """A level by its name (one of ``LEVELS``), or a :class:`Level` as it is."""
    if isinstance(level, Level):
        return level
    if level not in BUDGETS:
        raise ValueError(f"the AI levels are {', '.join(LEVELS)}, not {level!r}")
    return BUDGETS[level]


def fixed(level: str | Level, iterations: int | None = None) -> Level:
    """``level`` (a name or a :class:`Level`) without its time limit, at ``iterations`` if
    given: the search runs every iteration whatever the clock says, so its choices depend on
    their seed alone, never on how busy the machine is (tests, bench tournaments)."""
    budget = level_of(level)
    return replace(budget, iterations=iterations or budget.iterations, seconds=math.inf)
