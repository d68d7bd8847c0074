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


def sides(levels: dict[str, Level], first: str, second: str, seats: tuple[str, ...]) -> Any:
    """The players of a bench game as ``bench/ai.py`` seats them in an even game: the level
    ``first`` on the first seat and every other seat after it, ``second`` on the rest."""
    ours = seats[0::2]
    return {seat: levels[first if seat in ours else second] for seat in seats}


def bench_result(kind: str, config: Any, players: Any, max_steps: int, to_dict: Any) -> str:
    """A bench game of seed 0 (``bench.ai.played``): its final state's digest (the state as
    ``to_dict`` writes it) and the actions played."""
    from bench.ai import played

    state, steps = played(kind, config, players, seed=0, max_steps=max_steps)
    text = json.dumps(to_dict(state), sort_keys=True).encode()
    return f"{hashlib.sha256(text).hexdigest()[:16]} {steps}"


def assert_pinned(expected: dict[Any, str], found: Any) -> None:
    """Each key's figures, ``found(key)``, have the digest ``expected`` pins for it (the
    figures themselves are shown when they do not)."""
    for key, pinned in expected.items():
        figures = found(key)
        assert digest(figures) == pinned, f"{key}: {json.dumps(figures)}"


def traced(
    rules: Any, state: Any, pick: Any, steps: int, to_dict: Any, seen: Any
) -> tuple[str, dict[int, Any]]:
    """A game from ``state`` where ``pick(actions)`` chooses among the legal actions,
    ``steps`` actions at most: a digest of what ``seen(state, seat, actions)`` writes of
    each position (its legal actions, its evaluations), of each state after it (as
    ``to_dict`` writes it) and of the events; and the states by step, the last one too."""
    texts: list[str] = []
    kept: dict[int, Any] = {}
    while len(kept) < steps and rules.outcome(state) is None:
        seat = rules.to_act(state)[0]
        actions = rules.legal_actions(state, seat)
        texts.append(seen(state, seat, actions))
        kept[len(kept)] = state
        state, events = rules.apply(state, pick(actions), seat)
        written = [e.to_dict() for e in events]
        texts += (json.dumps(to_dict(state), sort_keys=True), json.dumps(written, sort_keys=True))
    kept[min(len(kept), steps - 1)] = state  # (the last state kept replaces the one before)
    return hashlib.sha256("".join(texts).encode()).hexdigest()[:16], kept
