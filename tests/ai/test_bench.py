"""The AI bench (``bench/ai.py``): it covers every game, its sides are teams, its random
player finishes a set-up, and the AI beats it where the bench says so.

``PLATEAU_AI_GAMES=N`` plays N games of each match (default 1)."""

from __future__ import annotations

import os
import pkgutil
import random
from dataclasses import replace

import pytest

import ai.games
from ai.levels import fixed
from ai.player import knowledge_of
from bench.ai import CONFIGS, RANDOM, play_game, random_action, seat_score, wilson
from engine.loka.config import TEAMS

GAMES = int(os.environ.get("PLATEAU_AI_GAMES", "1"))

# "normal" with a smaller budget by default, so that a whole game stays within seconds;
# either way without its time limit, so that a game depends on its seed, not on the load.
LEVEL = (
    fixed("normal")
    if "PLATEAU_AI_GAMES" in os.environ
    else replace(fixed("normal", 60), name="small")
)


def test_the_bench_covers_every_game() -> None:
    kinds = {module.name for module in pkgutil.iter_modules(ai.games.__path__)}
    assert {bench.kind for bench in CONFIGS.values()} == kinds


def test_loka_sides_are_teams() -> None:
    for name in ("loka", "loka-faceoff"):
        seats = CONFIGS[name].seats
        for side in (seats[0::2], seats[1::2]):
            assert len({TEAMS[s] for s in side}) == 1, f"{name}: {side} is not one team"
        assert TEAMS[seats[0]] != TEAMS[seats[1]]


@pytest.mark.parametrize("name", ["loka", "echec-2"])
def test_the_random_player_finishes_a_set_up(name: str) -> None:
    """Uniform among hundreds of drafts (or placements), a set-up would never end: the
    random player confirms as soon as it may, and both sides reach the next phase."""
    bench = CONFIGS[name]
    rules = knowledge_of(bench.kind).rules
    state = rules.new(bench.config(), seed=b"set-up", game_id="g")
    rng = random.Random(0)
    first = state.phase
    for _ in range(200):
        if state.phase != first:
            break
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, random_action(rules.legal_actions(state, seat), rng), seat)
    assert state.phase != first


@pytest.mark.parametrize("name", ["loka", "echec"])
def test_normal_beats_random(name: str) -> None:
    bench = CONFIGS[name]
    rules = knowledge_of(bench.kind).rules
    score = 0.0
    for game in range(GAMES):
        ours = bench.seats[game % 2 :: 2]
        players = {s: LEVEL if s in ours else RANDOM for s in bench.seats}
        state = play_game(bench.kind, bench.config(), players, seed=game, max_steps=600)
        assert rules.outcome(state) is not None, "the game must end"
        score += seat_score(rules, state, list(ours))
    assert score == GAMES if GAMES <= 4 else wilson(score, GAMES)[0] > 0.8
