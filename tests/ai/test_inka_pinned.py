"""Inka's computer players, pinned: at fixed seeds each level takes the same decisions,
with the same visit counts and chances, and the rules list the same actions and reach the
same states along whole games. Speed-ups of the engine's move generation and of the AI's
rollouts (issue 36) must leave all of it unchanged; a change of strength (an evaluation, a
policy, a level) changes these figures on purpose, and says so.

``python -m tests.ai.test_inka_pinned`` prints the figures as the code gives them now."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from ai.games.inka import KNOWLEDGE, policy
from ai.levels import Level
from ai.search import analyse
from engine.inka.config import InkaConfig
from engine.inka.serialize import to_dict
from engine.inka.state import InkaState

RULES = KNOWLEDGE.rules
INF = float("inf")
# The levels as Inka played them when they were pinned (issue 36), spelled out so that a
# change of budget elsewhere leaves the pins alone.
LEVELS = {
    "easy": Level("easy", iterations=4, seconds=INF, knowledge=False, depth=6),
    "normal": Level("normal", iterations=16, seconds=INF, knowledge=True, depth=4),
    "strong": Level("strong", iterations=40, seconds=INF, knowledge=True, depth=6),
}
STEPS = (1, 9, 24, 37, 58, 85)  # a start, a rhombus laid, then turns
STRONG_STEPS = (24, 58)


def game(players: int, steps: int) -> tuple[str, dict[int, InkaState]]:
    """A game of ``players`` played by the rollout policy from a fixed seed, ``steps``
    actions at most: a digest of every legal action list, state and event along it, and
    the states at ``STEPS``."""
    rng = random.Random(players)
    state = RULES.new(
        InkaConfig(players=players), seed=f"pin{players}".encode(), game_id=f"p{players}"
    )
    digest = hashlib.sha256()
    kept = {}
    for step in range(steps):
        if RULES.outcome(state) is not None:
            break
        if step in STEPS:
            kept[step] = state
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        digest.update("|".join(map(str, actions)).encode())
        action = policy(state, seat, actions, rng)
        state, events = RULES.apply(state, action, seat)
        digest.update(json.dumps(to_dict(state), sort_keys=True).encode())
        digest.update(repr(events).encode())
    return digest.hexdigest()[:16], kept


def decisions(players: int) -> dict[str, list[Any]]:
    """Each level's three most tried choices (action, visits, chance) at the pinned steps."""
    _, kept = game(players, max(STEPS) + 1)
    out: dict[str, list[Any]] = {}
    for name, level in LEVELS.items():
        steps = STRONG_STEPS if name == "strong" else STEPS
        for step in steps:
            state = kept[step]
            seat = RULES.to_act(state)[0]
            view = RULES.view(state, seat)
            found = analyse(KNOWLEDGE, view, seat, level, random.Random(step), timed=False)
            out.setdefault(name, []).append(
                [[str(c.action), c.visits, round(c.chance, 9)] for c in found.choices[:3]]
            )
    return out


TRACES = {2: "0b146e06fb4ebe01", 3: "6fb3c469433005ca", 4: "01e498b17d30ce61"}
DECISIONS = {2: "fd7f4386bc9869e9", 3: "025749b36f2da365", 4: "182cecefb54bbdf9"}


def test_the_rules_play_the_pinned_games() -> None:
    for players, digest in TRACES.items():
        assert game(players, 300)[0] == digest, players


def digest(found: dict[str, list[Any]]) -> str:
    return hashlib.sha256(json.dumps(found).encode()).hexdigest()[:16]


def test_each_level_takes_the_pinned_decisions() -> None:
    for players, expected in DECISIONS.items():
        found = decisions(players)
        assert digest(found) == expected, f"{players}: {json.dumps(found)}"


if __name__ == "__main__":
    print({p: game(p, 300)[0] for p in TRACES})
    print({p: digest(decisions(p)) for p in TRACES})
    for p in TRACES:
        print(p, json.dumps(decisions(p)))
