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


TRACES = {2: "7418d4e240e629f6", 3: "189e4ddc931e5768", 4: "7d6e29ded486016d"}
DECISIONS: dict[int, dict[str, list[Any]]] = {
    2: {
        "easy": [
            [["start l18", 2, 0.524916999], ["start a18", 2, 0.475083001], ["start a6", 0, 0.0]],
            [
                ["place 3 a6/b6", 2, 0.487510406],
                ["place 3 b16/b17", 2, 0.487510406],
                ["place 3 a6/a7", 0, 0.0],
            ],
            [
                ["rotate 9 6h ccw120", 2, 0.462778742],
                ["rotate 9 6h ccw60", 2, 0.45065617],
                ["slide 1 sw 1", 0, 0.0],
            ],
            [
                ["rotate 2 11h ccw60", 2, 0.561229666],
                ["rotate 2 8h cw120", 2, 0.524916999],
                ["slide 1 sw 1", 0, 0.0],
            ],
            [["end", 2, 0.475268335], ["block a17", 2, 0.425557483], ["go k8", 0, 0.0]],
            [
                ["slide 2 sw 1", 2, 0.537406592],
                ["rotate 4 12h ccw120", 2, 0.537406592],
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
                ["rotate 9 6h ccw60", 5, 0.47526663],
                ["rotate 9 6h ccw120", 4, 0.444166289],
                ["rotate 9 9h cw60", 4, 0.425739171],
            ],
            [
                ["rotate 2 8h cw120", 5, 0.529925274],
                ["rotate 2 2h cw60", 4, 0.511942631],
                ["slide 2 e 1", 4, 0.506213702],
            ],
            [["block k12", 5, 0.435791566], ["end", 4, 0.432223658], ["block e16", 4, 0.419739458]],
            [
                ["slide 2 sw 1", 5, 0.544863035],
                ["rotate 2 5h ccw60", 4, 0.543620295],
                ["rotate 4 12h ccw120", 4, 0.524979187],
            ],
        ],
        "strong": [
            [
                ["rotate 9 9h cw60", 7, 0.485743947],
                ["rotate 9 6h ccw120", 7, 0.482228444],
                ["rotate 9 6h ccw60", 7, 0.47530126],
            ],
            [["block i8", 7, 0.503445824], ["end", 7, 0.471540846], ["block a17", 7, 0.464456888]],
        ],
    },
    3: {
        "easy": [
            [["start a18", 2, 0.487510406], ["start l6", 2, 0.475083001], ["start a6", 0, 0.0]],
            [
                ["place 10 a7/a8", 2, 0.524979187],
                ["place 10 j4/i4", 2, 0.512489594],
                ["place 10 a8/a7", 0, 0.0],
            ],
            [
                ["slide 2 se 2", 2, 0.487510406],
                ["slide 10 ne 5", 2, 0.462778742],
                ["slide 1 ne 1", 0, 0.0],
            ],
            [["go f11", 2, 0.993940199], ["go h14", 2, 0.933944112], ["go f12", 0, 0.0]],
            [
                ["slide 2 se 1", 2, 0.007042196],
                ["slide 10 nw 1", 2, 0.007042196],
                ["slide 1 ne 1", 0, 0.0],
            ],
            [
                ["rotate 2 8h ccw60", 2, 0.007042196],
                ["rotate 2 11h cw60", 2, 0.004068785],
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
                ["slide 10 ne 5", 5, 0.480140535],
                ["slide 2 se 2", 4, 0.475629964],
                ["rotate 2 3h ccw60", 4, 0.450681871],
            ],
            [["go f11", 5, 0.968597812], ["go h15", 4, 0.935485378], ["go h14", 4, 0.929042966]],
            [
                ["slide 10 nw 1", 5, 0.005922701],
                ["rotate 2 6h cw60", 4, 0.005555491],
                ["slide 2 se 1", 4, 0.004033312],
            ],
            [
                ["rotate 2 8h ccw60", 5, 0.005922701],
                ["slide 2 w 1", 4, 0.007216869],
                ["rotate 2 11h cw60", 4, 0.007216869],
            ],
        ],
        "strong": [
            [
                ["rotate 2 3h ccw60", 7, 0.478937354],
                ["slide 2 se 2", 7, 0.475161212],
                ["slide 10 ne 5", 7, 0.464527609],
            ],
            [
                ["slide 10 nw 1", 7, 0.006342369],
                ["slide 2 se 1", 7, 0.006332234],
                ["rotate 2 3h ccw60", 6, 0.007170701],
            ],
        ],
    },
    4: {
        "easy": [
            [["start l6", 2, 0.5], ["start a18", 2, 0.45065617], ["start a6", 0, 0.0]],
            [["place 10 a7/a8", 2, 0.5], ["place 10 i20/i19", 2, 0.5], ["place 10 a8/a7", 0, 0.0]],
            [["end", 2, 0.425557483], ["block j5", 2, 0.40131234], ["go a16", 0, 0.0]],
            [
                ["rotate 4 8h ccw60", 2, 0.401549076],
                ["slide 9 se 2", 2, 0.365942181],
                ["slide 1 se 1", 0, 0.0],
            ],
            [
                ["slide 3 nw 1", 2, 0.561833424],
                ["rotate 2 8h cw60", 2, 0.5],
                ["slide 1 se 1", 0, 0.0],
            ],
            [
                ["slide 3 e 3", 2, 0.475020813],
                ["rotate 9 8h ccw60", 2, 0.462593408],
                ["slide 1 w 1", 0, 0.0],
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
            [["end", 5, 0.460279118], ["block a17", 4, 0.43801416], ["block b5", 4, 0.437923316]],
            [
                ["rotate 9 6h cw120", 4, 0.475237241],
                ["slide 9 sw 1", 4, 0.444529741],
                ["slide 9 ne 1", 4, 0.419587041],
            ],
            [
                ["rotate 2 8h cw60", 5, 0.500024876],
                ["slide 3 nw 1", 4, 0.512306083],
                ["rotate 2 2h ccw60", 4, 0.487510406],
            ],
            [
                ["slide 3 e 3", 5, 0.485111497],
                ["rotate 9 11h ccw60", 4, 0.431800457],
                ["rotate 9 8h ccw60", 4, 0.419587041],
            ],
        ],
        "strong": [
            [["end", 7, 0.422093891], ["block j5", 7, 0.415166707], ["block i12", 6, 0.429760514]],
            [
                ["rotate 2 8h cw60", 7, 0.492880858],
                ["slide 3 nw 1", 7, 0.489260491],
                ["block g8", 6, 0.5],
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
