"""Échec au Roi's computer players, pinned: at fixed seeds each level takes the same
decisions, with the same visit counts and chances, the evaluation gives the same values and
the rules (the engine's and the search's own legal actions) list the same actions and reach
the same states along whole games, level 1 (the standard set-up) and level 2 (free
placement), and perft counts the same sequences from positions of those games. Speed-ups
of the engine and of the AI (issue 36) must leave all of it unchanged; a change of
strength (an evaluation, a policy, a level) changes these figures on purpose, and says so.

By default easy and normal decide at every pinned step and strong at one per game;
``PLATEAU_TEST_PINNED_ALL=1`` has strong decide at every step too.
``python -m tests.ai.test_echec_pinned`` prints the figures as the code gives them now."""

from __future__ import annotations

import hashlib
import json
import os
import random
from typing import Any

import pytest

from ai.games.echec import KNOWLEDGE, evaluate, policy
from ai.levels import Level
from bench.ai import played
from engine import echec
from engine.echec.board import SEATS
from engine.echec.config import EchecConfig
from engine.echec.perft import perft
from engine.echec.serialize import to_dict
from engine.echec.state import EchecState
from tests.ai.pinned import digest, fixed_levels, top_choices

RULES = KNOWLEDGE.rules
LEVELS = fixed_levels(strong=500)  # Échec au Roi's budgets when it was pinned
ALL = os.environ.get("PLATEAU_TEST_PINNED_ALL") == "1"
CONFIGS = {1: EchecConfig(), 2: EchecConfig(level=2)}
STEPS = {1: (6, 17, 30, 45, 62, 85), 2: (27, 41, 54, 67, 90, 125)}
STRONG_STEPS = {1: (30,), 2: (54,)}


def game(level: int, steps: int) -> tuple[str, dict[int, EchecState]]:
    """A game at ``level`` played by the rollout policy from a fixed seed, ``steps``
    actions at most: a digest of every legal action list (the engine's and the search's),
    evaluation, state and event along it, and the states at ``STEPS``."""
    rng = random.Random(level)
    state = RULES.new(CONFIGS[level], seed=f"pin{level}".encode(), game_id=f"p{level}")
    trace = hashlib.sha256()
    kept = {}
    for step in range(steps):
        if RULES.outcome(state) is not None:
            break
        if step in STEPS[level]:
            kept[step] = state
        seat = RULES.to_act(state)[0]
        trace.update("|".join(map(str, echec.legal_actions(state, seat))).encode())
        actions = RULES.legal_actions(state, seat)
        trace.update("|".join(map(str, actions)).encode())
        trace.update(repr([evaluate(state, s) for s in SEATS]).encode())
        action = policy(state, seat, actions, rng)
        state, events = RULES.apply(state, action, seat)
        trace.update(json.dumps(to_dict(state), sort_keys=True).encode())
        trace.update(repr(events).encode())
    return trace.hexdigest()[:16], kept


def decisions(level: int, names: tuple[str, ...], strong: tuple[int, ...]) -> dict[str, Any]:
    """The three most tried choices (action, visits, chance) of the levels ``names`` at the
    pinned steps (strong's at ``strong``)."""
    _, kept = game(level, max(STEPS[level]) + 1)
    return {
        name: [top_choices(KNOWLEDGE, kept[step], LEVELS[name], step) for step in steps]
        for name in names
        for steps in [strong if name == "strong" else STEPS[level]]
    }


def counts(level: int) -> str:
    """Perft to depths 1, 2, 3 from each pinned state of the battle, as ``PERFT`` says."""
    _, kept = game(level, max(STEPS[level]) + 1)
    return ", ".join(
        " ".join(str(perft(state, d)) for d in (1, 2, 3))
        for state in kept.values()
        if state.phase == echec.BATTLE
    )


TRACES = {1: "c41a3ade68a9777d", 2: "f0613e54f5f4dd45"}
DECISIONS = {1: "cb992b70681d274b", 2: "17387bfc7f056621"}
STRONG = {1: "2bf896f42b2d9cfd", 2: "c821860fa2450c7f"}  # at every step (PLATEAU_TEST_PINNED_ALL=1)
# Whole bench games (``bench/ai.py``'s ``echec`` and ``echec-2``, the first level on the
# first seat as in even games): the final state's digest and the actions played.
GAMES = {
    ("normal", "easy", 1): "8cef20cc18a9aaff 67",
    ("normal", "easy", 2): "4bf4b8e820e01e60 124",
    ("strong", "normal", 1): "c42b1c0922b29e1f 80",  # PLATEAU_TEST_PINNED_ALL=1
    ("strong", "normal", 2): "f420ed4ca99cceb3 84",
}


def bench_game(first: str, second: str, level: int) -> str:
    """A bench game's final state (its digest) and length."""
    players: dict[str, str | Level] = {SEATS[0]: LEVELS[first], SEATS[1]: LEVELS[second]}
    state, steps = played("echec", CONFIGS[level], players, seed=0, max_steps=1000)
    text = json.dumps(to_dict(state), sort_keys=True).encode()
    return f"{hashlib.sha256(text).hexdigest()[:16]} {steps}"


# Perft to depths 1, 2, 3 from each pinned state of the battle.
PERFT = {
    1: "38 1437 54599, 38 1483 57719, 36 1441 57567, 32 1030 37078, 30 1110 40636, 37 1310 38249",
    2: "37 1406 53127, 37 1480 58766, 39 1513 53124, 38 1104 33042, 40 1157 33372, 29 833 10817",
}


def test_the_rules_play_the_pinned_games() -> None:
    for level, expected in TRACES.items():
        assert game(level, 1000)[0] == expected, level


def test_perft_counts_the_pinned_positions() -> None:
    for level, expected in PERFT.items():
        assert counts(level) == expected, level


def test_the_bench_plays_the_pinned_games() -> None:
    for (first, second, level), expected in GAMES.items():
        if ALL or first != "strong":
            assert bench_game(first, second, level) == expected, (first, second, level)


def test_each_level_takes_the_pinned_decisions() -> None:
    for level, expected in DECISIONS.items():
        found = decisions(level, tuple(LEVELS), STRONG_STEPS[level])
        assert digest(found) == expected, f"{level}: {json.dumps(found)}"


@pytest.mark.skipif(not ALL, reason="strong everywhere: PLATEAU_TEST_PINNED_ALL=1")
def test_strong_takes_the_pinned_decisions_everywhere() -> None:
    found = {level: decisions(level, ("strong",), STEPS[level]) for level in STRONG}
    assert {level: digest(d) for level, d in found.items()} == STRONG, json.dumps(found)


if __name__ == "__main__":
    print({level: game(level, 1000)[0] for level in TRACES})
    print({level: counts(level) for level in TRACES})
    print({level: digest(decisions(level, tuple(LEVELS), STRONG_STEPS[level])) for level in TRACES})
    if ALL:
        print({level: digest(decisions(level, ("strong",), STEPS[level])) for level in TRACES})
        print({key: bench_game(*key) for key in GAMES})
