"""What the pinned tests of the computer players share (issue 36): the levels as
``bench/ai.py --fixed`` plays them, spelled out so that a change of budget elsewhere leaves
the pins alone, a search's top choices at a fixed seed, and the digest a pin keeps."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from ai.knowledge import Knowledge
from ai.levels import Level
from ai.search import analyse


def fixed_levels(strong: int, normal: int = 100, easy: int = 24) -> dict[str, Level]:
    """Easy, normal and strong at these iteration budgets, without a time limit (easy
    without the game's knowledge, rollouts of 6, 4 and 6 actions)."""
    shape = {"easy": (easy, False, 6), "normal": (normal, True, 4), "strong": (strong, True, 6)}
    return {
        name: Level(name, iterations=n, seconds=float("inf"), knowledge=knows, depth=depth)
        for name, (n, knows, depth) in shape.items()
    }


def top_choices(knowledge: Knowledge, state: Any, level: Level, seed: int) -> list[Any]:
    """The three most tried choices (action, visits, chance) of the seat to act at
    ``level``, from its view, searched with ``random.Random(seed)``."""
    rules = knowledge.rules
    seat = rules.to_act(state)[0]
    found = analyse(
        knowledge, rules.view(state, seat), seat, level, random.Random(seed), timed=False
    )
    return [[str(c.action), c.visits, round(c.chance, 9)] for c in found.choices[:3]]


def digest(found: Any) -> str:
    """A short digest of ``found``'s JSON."""
    return hashlib.sha256(json.dumps(found).encode()).hexdigest()[:16]
