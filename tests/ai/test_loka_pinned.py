"""Loka's computer players, pinned: at fixed seeds each level takes the same decisions,
with the same visit counts and chances, and the rules list the same actions, reach the same
states, count the same perft leaves and evaluate them the same along whole games, on the
cross with 4, 2 and 3 people and in Face-off (``bench/ai.py``'s ``loka-*`` games). Speed-ups
of the engine and of the AI's rollouts (issue 36) must leave all of it unchanged; a change
of strength (an evaluation, a policy, a level) changes these figures on purpose, and says so.

The default run searches easy and normal at every pinned position and strong at two, and
plays two whole bench games of normal against easy; ``PLATEAU_TEST_PINNED_ALL=1`` searches
strong at every position too and plays six (strong against normal among them).
``python -m tests.ai.test_loka_pinned`` prints the figures as the code gives them now."""

from __future__ import annotations

import hashlib
import json
import os
import random
from typing import Any

import pytest

from ai.games.loka import KNOWLEDGE, evaluate, policy
from ai.levels import Level
from ai.player import choose
from bench.ai import CONFIGS, played
from engine import loka
from engine.loka.perft import perft
from engine.loka.serialize import to_dict
from engine.loka.state import BATTLE, LokaState
from tests.ai.pinned import digest, fixed_levels, top_choices

RULES = KNOWLEDGE.rules
LEVELS = fixed_levels(strong=1200)  # Loka's budgets when it was pinned (bench/ai.py --fixed)
GAMES = ("loka-4", "loka-2", "loka-3", "loka-faceoff")
# Per game, the steps searched in the game of seed 0: a draft (taken from the view by the
# policy), a deployment, then battle moves; by default strong searches one position of
# loka-4 and one of Face-off.
STEPS = {
    "loka-4": (2, 12, 40, 60, 90),
    "loka-2": (3, 17, 44, 70, 80),
    "loka-3": (0, 21, 30, 42, 80),
    "loka-faceoff": (1, 9, 21, 25, 30),
}
STRONG = {"loka-4": (40,), "loka-2": (), "loka-3": (), "loka-faceoff": (25,)}
TRACED = range(3)  # the games whose rules are traced, by seed
ALL = os.environ.get("PLATEAU_TEST_PINNED_ALL") == "1"


def start(name: str, seed: int) -> LokaState:
    state: LokaState = RULES.new(
        CONFIGS[name].config(), seed=f"pin-{name}-{seed}".encode(), game_id=f"{name}-{seed}"
    )
    return state


def game(name: str, seed: int, steps: int = 400) -> tuple[str, dict[int, LokaState]]:
    """A game of ``name`` played by the rollout policy from a fixed seed, ``steps`` actions
    at most: a digest of every legal action list (the engine's and the computer's), state,
    event, evaluation and perft count (depth 2, battle only) along it, and its states."""
    rng = random.Random(seed)
    state = start(name, seed)
    digest = hashlib.sha256()
    kept = {}
    for step in range(steps):
        if RULES.outcome(state) is not None:
            break
        kept[step] = state
        seat = RULES.to_act(state)[0]
        actions = RULES.legal_actions(state, seat)
        digest.update("|".join(map(str, loka.legal_actions(state, seat))).encode())
        digest.update("|".join(map(str, actions)).encode())
        seats = state.geometry.seat_names
        digest.update(repr([evaluate(state, s) for s in seats]).encode())
        if state.phase == BATTLE and state.pending is None:
            digest.update(str(perft(state, 2)).encode())
        action = policy(state, seat, actions, rng)
        state, events = RULES.apply(state, action, seat)
        digest.update(json.dumps(to_dict(state), sort_keys=True).encode())
        # (as JSON: an event's ``visible_to`` is a set, whose order the hash seed makes)
        digest.update(json.dumps([e.to_dict() for e in events], sort_keys=True).encode())
    kept[step] = state
    return digest.hexdigest()[:16], kept


def decisions(name: str, *, strong_everywhere: bool = False) -> dict[str, list[Any]]:
    """Each level's three most tried choices (action, visits, chance) at the pinned steps
    (a draft: the action the level takes, without a search)."""
    _, kept = game(name, 0, max(STEPS[name]) + 1)
    out: dict[str, list[Any]] = {}
    for level_name, level in LEVELS.items():
        steps = STEPS[name] if level_name != "strong" or strong_everywhere else STRONG[name]
        for step in steps:
            state = kept[step]
            seat = RULES.to_act(state)[0]
            view = RULES.view(state, seat)
            found: Any
            if KNOWLEDGE.direct is not None and KNOWLEDGE.direct(view, seat):
                found = str(choose("loka", view, seat, level, random.Random(step), timed=False))
            else:
                found = top_choices(KNOWLEDGE, state, level, step)
            out.setdefault(level_name, []).append([step, found])
    return out


TRACES = {
    "loka-4": ("f56169b01d1fedf1", "6e371c37eec70afe", "5271b710b9592573"),
    "loka-2": ("a70b90442ab7b7f1", "b99ed52318fe5c60", "d8b72ab0bda268f4"),
    "loka-3": ("c7d9a3669039d8ec", "922e124ae5abb451", "97589e7034117d09"),
    "loka-faceoff": ("d2f46f4c1a624504", "5d9d5ebb15086600", "b9a58505aeb27332"),
}
DECISIONS = {
    "loka-4": "ce744ac3079b46b2",
    "loka-2": "254bbabc137c52df",
    "loka-3": "91b5b258f9c12c57",
    "loka-faceoff": "1aa4408f9a408ca4",
}
STRONG_EVERYWHERE = {
    "loka-4": "bb3e3195e714d45f",
    "loka-2": "54a5deaaba72d895",
    "loka-3": "47a8420580ca75a4",
    "loka-faceoff": "2cae7a2d664e27b3",
}


# Whole bench games of seed 0 (``bench/ai.py --fixed``, the first level on the first seat
# and its allies): the final state's digest and the actions played, checked against the
# code before the speed-up. By default normal against easy in loka-4 and Face-off.
BENCH_GAMES = {
    ("normal", "easy", "loka-4"): "6a807d4c7e6f5315 70",
    ("normal", "easy", "loka-faceoff"): "f6e9ed76504d8d8f 75",
    ("normal", "easy", "loka-2"): "6850408aafaeb59e 70",  # PLATEAU_TEST_PINNED_ALL=1
    ("normal", "easy", "loka-3"): "9658922fde400062 106",
    ("strong", "normal", "loka-4"): "69978fb1e2e2a163 75",
    ("strong", "normal", "loka-faceoff"): "13aceb1a43f888c6 50",
}
DEFAULT_GAMES = (("normal", "easy", "loka-4"), ("normal", "easy", "loka-faceoff"))


def bench_game(first: str, second: str, name: str) -> str:
    """A bench game's final state (its digest) and length."""
    bench = CONFIGS[name]
    ours = bench.seats[0::2]
    players: dict[str, str | Level] = {
        seat: LEVELS[first if seat in ours else second] for seat in bench.seats
    }
    state, steps = played("loka", bench.config(), players, seed=0, max_steps=bench.max_steps)
    text = json.dumps(to_dict(state), sort_keys=True).encode()
    return f"{hashlib.sha256(text).hexdigest()[:16]} {steps}"


def test_the_bench_plays_the_pinned_games() -> None:
    for key, expected in BENCH_GAMES.items():
        if ALL or key in DEFAULT_GAMES:
            assert bench_game(*key) == expected, key


def test_the_rules_play_the_pinned_games() -> None:
    for name, digests in TRACES.items():
        assert tuple(game(name, seed)[0] for seed in TRACED) == digests, name


def test_each_level_takes_the_pinned_decisions() -> None:
    for name, expected in DECISIONS.items():
        found = decisions(name)
        assert digest(found) == expected, f"{name}: {json.dumps(found)}"


@pytest.mark.skipif(not ALL, reason="PLATEAU_TEST_PINNED_ALL=1: strong at every pinned step")
def test_strong_takes_the_pinned_decisions_everywhere() -> None:
    for name, expected in STRONG_EVERYWHERE.items():
        found = decisions(name, strong_everywhere=True)
        assert digest(found) == expected, f"{name}: {json.dumps(found)}"


if __name__ == "__main__":
    print({name: tuple(game(name, seed)[0] for seed in TRACED) for name in GAMES})
    print({name: digest(decisions(name)) for name in GAMES})
    if ALL:
        print({name: digest(decisions(name, strong_everywhere=True)) for name in GAMES})
    for name in GAMES:
        print(name, json.dumps(decisions(name)))
