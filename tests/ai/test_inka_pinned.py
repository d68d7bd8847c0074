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
DECISIONS: dict[int, dict[str, list[Any]]] = {
    2: {
        "easy": [
            [["start l18", 2, 0.5], ["start a18", 2, 0.475083001], ["start a6", 0, 0.0]],
            [
                ["place 3 d6/d5", 2, 0.5],
                ["place 3 a6/b6", 2, 0.450166003],
                ["place 3 a6/a7", 0, 0.0],
            ],
            [
                ["rotate 11 12h cw120", 2, 0.475083001],
                ["rotate 13 7h cw60", 2, 0.450166003],
                ["slide 1 e 1", 0, 0.0],
            ],
            [
                ["slide 8 e 6", 2, 0.622459331],
                ["slide 6 e 1", 2, 0.524979187],
                ["slide 1 e 1", 0, 0.0],
            ],
            [
                ["rotate 11 1h cw60", 2, 0.006089575],
                ["slide 13 w 1", 2, 0.005594562],
                ["slide 1 e 1", 0, 0.0],
            ],
            [["end", 2, 0.999547378], ["block g14", 2, 0.999400674], ["block a6", 0, 0.0]],
        ],
        "normal": [
            [["start a18", 6, 0.512104222], ["start a6", 5, 0.504995837], ["start l18", 5, 0.5]],
            [
                ["place 3 b5/c5", 5, 0.5],
                ["place 3 a16/b16", 4, 0.5],
                ["place 3 a6/b6", 4, 0.481389371],
            ],
            [
                ["rotate 13 1h ccw60", 4, 0.475144574],
                ["rotate 13 10h cw60", 4, 0.43801416],
                ["slide 13 w 1", 4, 0.425800744],
            ],
            [
                ["slide 8 e 6", 5, 0.5887003],
                ["slide 7 ne 1", 4, 0.568199543],
                ["slide 6 e 1", 4, 0.537313925],
            ],
            [
                ["slide 13 w 1", 5, 0.00504564],
                ["slide 11 nw 1", 4, 0.005829826],
                ["rotate 8 2h cw60", 4, 0.005247401],
            ],
            [["end", 5, 0.999394305], ["block j13", 4, 0.999381076], ["block h20", 4, 0.999361477]],
        ],
        "strong": [
            [
                ["rotate 11 12h cw120", 8, 0.49377075],
                ["slide 13 w 1", 6, 0.470981581],
                ["rotate 13 1h ccw60", 6, 0.467121247],
            ],
            [
                ["rotate 11 1h cw60", 7, 0.005326211],
                ["slide 13 w 1", 7, 0.004851249],
                ["go i8", 6, 0.006386251],
            ],
        ],
    },
    3: {
        "easy": [
            [["start a18", 2, 0.5], ["start a6", 2, 0.5], ["start l6", 0, 0.0]],
            [
                ["place 10 a16/b16", 2, 0.512489594],
                ["place 10 b19/b18", 2, 0.512489594],
                ["place 10 a16/a17", 0, 0.0],
            ],
            [
                ["slide 13 w 5", 2, 0.462593408],
                ["slide 13 w 4", 2, 0.425557483],
                ["slide 1 nw 1", 0, 0.0],
            ],
            [
                ["rotate 13 7h cw60", 2, 0.450166003],
                ["rotate 13 4h cw60", 2, 0.437861743],
                ["slide 1 e 1", 0, 0.0],
            ],
            [["slide 2 sw 1", 2, 0.512489594], ["slide 8 e 1", 2, 0.5], ["slide 1 e 1", 0, 0.0]],
            [
                ["rotate 7 4h ccw120", 2, 0.437861743],
                ["slide 3 w 6", 2, 0.389426504],
                ["slide 1 e 1", 0, 0.0],
            ],
        ],
        "normal": [
            [["start a18", 6, 0.5], ["start a6", 5, 0.5], ["start l6", 5, 0.480066401]],
            [
                ["place 10 a16/b16", 5, 0.5],
                ["place 10 b16/a16", 4, 0.5],
                ["place 10 k7/k6", 4, 0.5],
            ],
            [
                ["slide 13 w 5", 5, 0.455136965],
                ["end", 4, 0.462686075],
                ["slide 13 w 4", 4, 0.425557483],
            ],
            [
                ["slide 7 w 6", 4, 0.468899777],
                ["rotate 13 4h cw60", 4, 0.437923316],
                ["rotate 13 7h cw60", 4, 0.431952874],
            ],
            [
                ["slide 8 e 1", 5, 0.514987512],
                ["slide 2 sw 1", 4, 0.518734391],
                ["rotate 8 1h ccw60", 4, 0.512489594],
            ],
            [
                ["slide 13 w 3", 5, 0.435400891],
                ["slide 3 w 6", 4, 0.413853336],
                ["rotate 7 4h ccw120", 4, 0.41355328],
            ],
        ],
        "strong": [
            [
                ["slide 13 w 5", 7, 0.443222092],
                ["end", 7, 0.443170181],
                ["rotate 8 2h cw120", 6, 0.454349519],
            ],
            [
                ["rotate 8 1h ccw60", 7, 0.524979187],
                ["slide 8 e 1", 7, 0.507136911],
                ["slide 2 sw 1", 7, 0.503568455],
            ],
        ],
    },
    4: {
        "easy": [
            [["start a6", 2, 0.5], ["start a18", 2, 0.487510406], ["start l6", 0, 0.0]],
            [
                ["place 10 b5/c5", 2, 0.475083001],
                ["place 10 c5/b5", 2, 0.475083001],
                ["place 10 b5/b6", 0, 0.0],
            ],
            [["block h4", 2, 0.475083001], ["end", 2, 0.475083001], ["go a16", 0, 0.0]],
            [
                ["slide 10 e 5", 2, 0.425557483],
                ["rotate 13 9h ccw60", 2, 0.40131234],
                ["slide 1 e 1", 0, 0.0],
            ],
            [
                ["rotate 1 6h cw60", 2, 0.524916999],
                ["rotate 5 4h ccw60", 2, 0.5],
                ["slide 1 ne 1", 0, 0.0],
            ],
            [
                ["rotate 10 3h ccw60", 2, 0.425557483],
                ["rotate 9 4h ccw60", 2, 0.401549076],
                ["slide 1 ne 1", 0, 0.0],
            ],
        ],
        "normal": [
            [["start a18", 6, 0.5], ["start l6", 5, 0.495004163], ["start a6", 5, 0.490033201]],
            [
                ["place 10 k18/k19", 5, 0.5],
                ["place 10 k5/j5", 4, 0.5],
                ["place 10 b5/c5", 4, 0.487541501],
            ],
            [["end", 5, 0.490033201], ["block k12", 4, 0.487541501], ["block h7", 4, 0.462624502]],
            [
                ["slide 9 nw 1", 4, 0.468930871],
                ["slide 10 e 5", 4, 0.462593408],
                ["slide 9 se 1", 4, 0.419496197],
            ],
            [
                ["rotate 5 4h ccw60", 5, 0.529900398],
                ["rotate 1 6h cw60", 4, 0.531130701],
                ["end", 4, 0.512458499],
            ],
            [
                ["rotate 10 3h ccw60", 5, 0.450652831],
                ["rotate 10 12h cw60", 4, 0.462593408],
                ["slide 10 se 1", 4, 0.450227575],
            ],
        ],
        "strong": [
            [["end", 7, 0.475074117], ["block h4", 7, 0.453769642], ["block k14", 6, 0.450268829]],
            [
                ["rotate 1 6h cw60", 7, 0.496484497],
                ["rotate 5 4h ccw60", 7, 0.464492425],
                ["block b10", 6, 0.512489594],
            ],
        ],
    },
}


def test_the_rules_play_the_pinned_games() -> None:
    for players, digest in TRACES.items():
        assert game(players, 300)[0] == digest, players


def test_each_level_takes_the_pinned_decisions() -> None:
    for players, expected in DECISIONS.items():
        assert decisions(players) == expected, players


if __name__ == "__main__":
    print({p: game(p, 300)[0] for p in TRACES})
    for p in TRACES:
        print(p, json.dumps(decisions(p)))
