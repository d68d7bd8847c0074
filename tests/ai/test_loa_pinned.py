"""Lines of Action's computer players, pinned: at fixed seeds each level takes the same
decisions, with the same visit counts and chances, and the rules list the same actions, reach
the same states and evaluate them the same along whole games, in every variant
``bench/ai.py`` plays (``loa``, ``loa-scrambled``, ``loa-parachute``, ``loa-ambidextrous``,
``loa-teams``, ``loa-unbounded``). Speed-ups of the engine and of the AI (issue 36) must
leave all of it unchanged; a change of strength (an evaluation, a level) changes these
figures on purpose, and says so.

The default run searches easy and normal at every pinned position and strong at one (of the
standard game), and plays whole bench games of normal against easy in the standard game and
beyond the edges; ``PLATEAU_TEST_PINNED_ALL=1`` searches strong at every position too and
plays a game of normal against easy in every variant and of strong against normal in two.
``python -m tests.ai.test_loa_pinned`` prints the figures as the code gives them now."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from ai.games.loa import KNOWLEDGE, evaluate
from ai.levels import Level
from bench.ai import CONFIGS
from engine.loa.serialize import to_dict
from engine.loa.state import LoaState
from tests.ai.pinned import (
    assert_pinned,
    bench_result,
    digest,
    fixed_levels,
    sides,
    top_choices,
    traced,
)

RULES = KNOWLEDGE.rules
# Lines of Action's budgets when it was pinned (bench/ai.py --fixed): beyond the edges its own.
LEVELS = {"loa": fixed_levels(strong=1200), "loa-unbounded": fixed_levels(strong=500)}
GAMES = ("loa", "loa-scrambled", "loa-parachute", "loa-ambidextrous", "loa-teams", "loa-unbounded")
STEPS = (1, 8, 21, 34)  # the steps searched in each variant's game of seed 0
STRONG = {"loa": (21,)}  # strong's by default
TRACED = range(3)  # the games whose rules are traced, by seed
ALL = os.environ.get("PLATEAU_TEST_PINNED_ALL") == "1"


def levels(name: str) -> dict[str, Level]:
    return LEVELS["loa-unbounded" if name == "loa-unbounded" else "loa"]


def start(name: str, seed: int) -> LoaState:
    state: LoaState = RULES.new(
        CONFIGS[name].config(), seed=f"pin-{name}-{seed}".encode(), game_id=f"{name}-{seed}"
    )
    return state


def game(name: str, seed: int, steps: int = 300) -> tuple[str, dict[int, LoaState]]:
    """A game of ``name`` played at random from a fixed seed, ``steps`` actions at most: a
    digest of every legal action list, evaluation, state and event along it, and its states."""

    def seen(state: LoaState, seat: str, actions: list[Any]) -> str:
        values = [evaluate(state, s) for s in state.seats]
        return "|".join(map(str, actions)) + repr(values)

    return traced(RULES, start(name, seed), random.Random(seed).choice, steps, to_dict, seen)


def decisions(name: str, *, strong_everywhere: bool = False) -> dict[str, list[Any]]:
    """Each level's three most tried choices (action, visits, chance) at the pinned steps."""
    _, kept = game(name, 0, max(STEPS) + 1)
    out: dict[str, list[Any]] = {}
    for level_name, level in levels(name).items():
        steps = STEPS if level_name != "strong" or strong_everywhere else STRONG.get(name, ())
        for step in steps:
            found = top_choices(KNOWLEDGE, kept[step], level, step)
            out.setdefault(level_name, []).append([step, found])
    return out


def table(text: str) -> dict[str, list[str]]:
    """A table of pins: per line a variant's name, then its digests."""
    return {words[0]: words[1:] for words in map(str.split, text.strip().splitlines())}


# Per variant: the digests of its games of seeds 0, 1 and 2 (``game``).
TRACES = table("""
    loa              eae3b7c6087b1e04 fdd03e7abc793f25 70739bc9bef52da0
    loa-scrambled    3cfb96631c5f7822 76ac29ff0b57e7a2 ccc2a9e5dd6e13dc
    loa-parachute    6a6f6bdbba30e329 67db846d9eab6b2c 4449d113a8245699
    loa-ambidextrous 729b464874908eb6 41f33ba1138e56a6 d96948be846c8fc3
    loa-teams        ead15043f9b75d22 ffe01992dec40c93 efe3c8a2ca5940ce
    loa-unbounded    4b7e41bd37cc6f06 9119990b6b9c1732 aed193c415987665
""")
# Per variant: the digests of ``decisions`` as the default run finds them, and with strong at
# every step (``PLATEAU_TEST_PINNED_ALL=1``).
DECISIONS = table("""
    loa              3b2d31c5d4e4f6e5 62f07c09adbe0115
    loa-scrambled    ad6ff1738cba8cc2 94b6a1af47eac6f1
    loa-parachute    2c4820084dd7465d c3e807144b8a2f6b
    loa-ambidextrous a3d3fdf52bff4598 528e87b40d780c40
    loa-teams        36535108e7efdb9e 82ad12040d8eaac4
    loa-unbounded    b40f3026f72bf816 788343b1ab73d697
""")

# Whole bench games of seed 0 (``bench/ai.py --fixed``): the first level on the first seat
# and its partner, against the second; the final state's digest and the actions played
# (beyond the edges, cut at 400), checked against the code before the speed-up. By default
# the standard game and teams; every variant with ``PLATEAU_TEST_PINNED_ALL=1``.
BENCH_GAMES = table("""
    loa              normal easy 470f8aa4156a6dcb 43
    loa-teams        normal easy 0283e3572172ef4d 31
    loa-scrambled    normal easy 5451802d19b16d3d 51
    loa-parachute    normal easy 032b06a2b54784b3 45
    loa-ambidextrous normal easy ddb0f8aedf0511a5 25
    loa-unbounded    normal easy 173ee6b5754f6459 400
""")
DEFAULT_GAMES = ("loa", "loa-teams")


def bench_game(name: str, first: str, second: str) -> list[str]:
    """A bench game's levels, final state (its digest) and length."""
    bench = CONFIGS[name]
    players = sides(levels(name), first, second, bench.seats)
    return [
        first,
        second,
        *bench_result("loa", bench.config(), players, bench.max_steps, to_dict).split(),
    ]


def test_the_bench_plays_the_pinned_games() -> None:
    chosen = [name for name in BENCH_GAMES if ALL or name in DEFAULT_GAMES]
    assert {name: bench_game(name, *BENCH_GAMES[name][:2]) for name in chosen} == {
        name: BENCH_GAMES[name] for name in chosen
    }


def test_the_rules_play_the_pinned_games() -> None:
    found = {name: [game(name, seed)[0] for seed in TRACED] for name in GAMES}
    assert found == TRACES


def test_each_level_takes_the_pinned_decisions() -> None:
    assert_pinned({name: pins[0] for name, pins in DECISIONS.items()}, decisions)


@pytest.mark.skipif(not ALL, reason="PLATEAU_TEST_PINNED_ALL=1: strong at every pinned step")
def test_strong_takes_the_pinned_decisions_everywhere() -> None:
    everywhere = {name: pins[1] for name, pins in DECISIONS.items()}
    assert_pinned(everywhere, lambda name: decisions(name, strong_everywhere=True))


if __name__ == "__main__":
    for name in GAMES:
        traces = " ".join(game(name, seed)[0] for seed in TRACED)
        found = [decisions(name)] + ([decisions(name, strong_everywhere=True)] if ALL else [])
        print(f"{name:16} {traces} | {' '.join(map(digest, found))}")
        print(json.dumps(found[0]))
