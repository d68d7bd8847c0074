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


TRACES = {2: "38ad53c308781259", 3: "c0e3b9d1a3e4b2b3", 4: "3560fee917cada95"}
DECISIONS: dict[int, dict[str, list[Any]]] = {
    2: {
        "easy": [
            [["start l18", 2, 0.524916999], ["start a18", 2, 0.475083001], ["start a6", 0, 0.0]],
            [
                ["place 3 a6/b6", 2, 0.5],
                ["place 3 i5/i4", 2, 0.450289148],
                ["place 3 a6/a7", 0, 0.0],
            ],
            [
                ["slide 9 se 1", 2, 0.462593408],
                ["slide 9 se 3", 2, 0.462593408],
                ["slide 1 sw 1", 0, 0.0],
            ],
            [
                ["slide 2 ne 2", 2, 0.524979187],
                ["rotate 2 12h ccw120", 2, 0.524979187],
                ["slide 1 sw 1", 0, 0.0],
            ],
            [["go j7", 2, 0.462593408], ["end", 2, 0.462593408], ["go i6", 0, 0.0]],
            [
                ["slide 2 ne 2", 2, 0.524979187],
                ["rotate 2 12h ccw120", 2, 0.524979187],
                ["slide 1 sw 1", 0, 0.0],
            ],
        ],
        "normal": [
            [["start a18", 6, 0.49589858], ["start l18", 5, 0.5], ["start a6", 5, 0.5]],
            [
                ["place 3 d19/d20", 5, 0.519737532],
                ["place 3 a6/b6", 4, 0.5],
                ["place 3 a6/a7", 4, 0.5],
            ],
            [
                ["slide 9 se 1", 5, 0.470049851],
                ["rotate 9 4h cw60", 4, 0.487510406],
                ["slide 9 se 2", 4, 0.413525756],
            ],
            [
                ["slide 2 ne 2", 5, 0.524979187],
                ["rotate 2 12h ccw120", 4, 0.524979187],
                ["slide 2 ne 1", 4, 0.506244797],
            ],
            [["end", 5, 0.460107927], ["block f16", 4, 0.462593408], ["block i20", 4, 0.462593408]],
            [
                ["slide 2 ne 2", 5, 0.524979187],
                ["rotate 2 12h ccw120", 4, 0.524979187],
                ["slide 7 nw 5", 4, 0.518703296],
            ],
        ],
        "strong": [
            [
                ["slide 9 se 3", 8, 0.487510406],
                ["slide 9 se 1", 7, 0.443344372],
                ["rotate 9 1h ccw60", 6, 0.454349519],
            ],
            [
                ["block h15", 7, 0.478589268],
                ["go j7", 7, 0.460818064],
                ["block e18", 6, 0.454308471],
            ],
        ],
    },
    3: {
        "easy": [
            [["start a18", 2, 0.487510406], ["start l6", 2, 0.475083001], ["start a6", 0, 0.0]],
            [
                ["place 10 j4/i4", 2, 0.524916999],
                ["place 10 a7/a8", 2, 0.512489594],
                ["place 10 a8/a7", 0, 0.0],
            ],
            [
                ["rotate 2 2h ccw60", 2, 0.524979187],
                ["slide 11 ne 5", 2, 0.487510406],
                ["slide 1 se 1", 0, 0.0],
            ],
            [
                ["slide 11 ne 1", 2, 0.487572595],
                ["slide 7 se 3", 2, 0.450166003],
                ["slide 1 e 1", 0, 0.0],
            ],
            [
                ["slide 6 w 6", 2, 0.462593408],
                ["rotate 12 2h cw120", 2, 0.377540669],
                ["slide 1 nw 1", 0, 0.0],
            ],
            [
                ["slide 11 se 1", 2, 0.414682253],
                ["rotate 11 4h ccw120", 2, 0.389426504],
                ["slide 1 ne 1", 0, 0.0],
            ],
        ],
        "normal": [
            [
                ["start a18", 6, 0.483429716],
                ["start a6", 5, 0.480066401],
                ["start l6", 5, 0.455407165],
            ],
            [
                ["place 10 a7/a8", 5, 0.514962637],
                ["place 10 i6/i5", 4, 0.5],
                ["place 10 i4/i3", 4, 0.475083001],
            ],
            [
                ["rotate 2 2h ccw60", 5, 0.490008325],
                ["slide 11 ne 5", 4, 0.493786298],
                ["slide 10 ne 5", 4, 0.493755203],
            ],
            [
                ["slide 11 ne 1", 5, 0.490058076],
                ["rotate 5 8h ccw120", 4, 0.493755203],
                ["slide 7 se 3", 4, 0.475083001],
            ],
            [
                ["slide 6 w 5", 4, 0.462593408],
                ["slide 12 sw 2", 4, 0.450227575],
                ["slide 12 ne 1", 4, 0.444075445],
            ],
            [
                ["slide 2 w 2", 5, 0.524954312],
                ["rotate 11 10h ccw60", 4, 0.463264132],
                ["rotate 11 4h ccw120", 4, 0.395631464],
            ],
        ],
        "strong": [
            [
                ["rotate 2 2h ccw60", 7, 0.496449313],
                ["slide 2 e 1", 7, 0.475109302],
                ["slide 11 ne 5", 7, 0.475056349],
            ],
            [
                ["slide 6 w 6", 7, 0.457302561],
                ["slide 12 sw 1", 7, 0.439619494],
                ["slide 12 ne 1", 6, 0.454349519],
            ],
        ],
    },
    4: {
        "easy": [
            [["start l6", 2, 0.5], ["start a18", 2, 0.45065617], ["start a6", 0, 0.0]],
            [["place 10 a7/a8", 2, 0.5], ["place 10 i20/i19", 2, 0.5], ["place 10 a8/a7", 0, 0.0]],
            [["block i15", 2, 0.537406592], ["end", 2, 0.512489594], ["go a16", 0, 0.0]],
            [
                ["slide 12 w 2", 2, 0.549833997],
                ["rotate 3 6h cw120", 2, 0.5],
                ["slide 1 nw 1", 0, 0.0],
            ],
            [
                ["rotate 2 10h ccw120", 2, 0.475020813],
                ["slide 2 nw 1", 2, 0.450289148],
                ["slide 1 nw 1", 0, 0.0],
            ],
            [
                ["slide 2 se 1", 2, 0.537406592],
                ["slide 12 e 1", 2, 0.537406592],
                ["slide 1 nw 1", 0, 0.0],
            ],
        ],
        "normal": [
            [
                ["start a18", 6, 0.479409588],
                ["start a6", 5, 0.485037363],
                ["start l6", 5, 0.480115659],
            ],
            [
                ["place 10 a7/a8", 5, 0.490033201],
                ["place 10 c18/c17", 4, 0.487541501],
                ["place 10 i18/j18", 4, 0.487541501],
            ],
            [["end", 5, 0.579146195], ["block g4", 4, 0.555741044], ["block l16", 4, 0.549588914]],
            [
                ["slide 12 w 2", 5, 0.524929436],
                ["slide 3 se 2", 4, 0.5],
                ["rotate 3 6h cw120", 4, 0.462624502],
            ],
            [
                ["slide 2 nw 1", 5, 0.460157185],
                ["rotate 2 10h ccw120", 4, 0.475020813],
                ["rotate 10 6h cw120", 4, 0.450227575],
            ],
            [
                ["slide 2 se 1", 5, 0.549784739],
                ["slide 4 ne 2", 4, 0.549833997],
                ["slide 12 e 1", 4, 0.549833997],
            ],
        ],
        "strong": [
            [["block l7", 7, 0.542521854], ["block i15", 7, 0.539164168], ["end", 6, 0.529080197]],
            [
                ["slide 7 w 2", 7, 0.471558614],
                ["slide 2 nw 1", 7, 0.464403935],
                ["rotate 2 10h ccw120", 7, 0.460853248],
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
