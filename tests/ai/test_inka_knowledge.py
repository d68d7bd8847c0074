"""Inka's AI knowledge: the rollout policy takes statues and plays turns that lead somewhere
(alone it beats a uniformly random player), the evaluation counts a statue above any way,
and the search with a small budget beats a random player.

``PLATEAU_AI_GAMES=N`` plays N games of the search against a random player (default 1)."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from typing import Any

from ai.games.inka import KNOWLEDGE, evaluate, policy, progress
from ai.levels import fixed
from ai.search import candidates
from bench.ai import RANDOM, play_game
from engine.inka.actions import Take
from engine.inka.config import InkaConfig

RULES = KNOWLEDGE.rules
GAMES = int(os.environ.get("PLATEAU_AI_GAMES", "1"))
CAP = 150  # actions before a game is cut
SMALL = replace(fixed("normal", 6), name="small")  # no time limit: a game is its seed's


def policy_game(seed: int, max_steps: int = 3000) -> tuple[Any, list[Any]]:
    """A 2-player game where red plays the rollout policy and blue plays uniformly: the
    final state and every state where the seat to act could take a statue."""
    rng = random.Random(seed)
    state = RULES.new(InkaConfig(players=2), seed=f"k{seed}".encode(), game_id=f"g{seed}")
    takes = []
    for _ in range(max_steps):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        actions = candidates(RULES.legal_actions(state, seat))
        if Take() in actions:
            takes.append(state)
        if seat == state.seats[0]:
            action = policy(state, seat, actions, rng)
        else:
            action = rng.choice(actions)
        state, _ = RULES.apply(state, action, seat)
    return state, takes


def test_the_policy_takes_a_statue_and_beats_random_play() -> None:
    state, takes = policy_game(0)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == {state.seats[0]}
    assert takes
    rng = random.Random(1)
    for before in takes:
        seat = RULES.to_act(before)[0]
        actions = RULES.legal_actions(before, seat)
        assert policy(before, seat, actions, rng) == Take()
        after, _ = RULES.apply(before, Take(), seat)
        assert after.carried(seat) == before.carried(seat) + 1
        # A statue counts for more than the way to the next goal, which it lengthens.
        assert progress(after, seat) > progress(before, seat)
        assert evaluate(after, seat) > evaluate(before, seat)


def test_the_policy_ends_a_turn_with_nothing_useful_left() -> None:
    rng = random.Random(2)
    state = RULES.new(InkaConfig(players=2), seed=b"end", game_id="end")
    ended = 0
    for _ in range(400):
        seat = RULES.to_act(state)[0]
        actions = candidates(RULES.legal_actions(state, seat))
        action = policy(state, seat, actions, rng)
        assert action in actions
        if state.phase == "play" and state.ap == 0 and state.stage == "walked":
            # Walked with no AP left: no take, no passage, no walk: the turn ends.
            assert str(action) == "end"
            ended += 1
        state, _ = RULES.apply(state, action, seat)
        if RULES.outcome(state) is not None:
            break
    assert RULES.outcome(state) is not None or ended


def test_the_search_beats_a_random_player() -> None:
    score = 0.0
    for game in range(GAMES):
        seats = InkaConfig(players=2).seats
        ours = seats[game % 2]
        players = {s: SMALL if s == ours else RANDOM for s in seats}
        state = play_game("inka", InkaConfig(players=2), players, game, max_steps=CAP)
        outcome = RULES.outcome(state)
        if outcome is not None:
            score += ours in outcome.winners
        else:  # capped: the statues taken decide, then the way left to the next goal
            score += progress(state, ours) > max(progress(state, s) for s in seats if s != ours)
    assert score > GAMES / 2, f"{score}/{GAMES}"


def test_the_kept_ways_are_the_ways_computed_afresh() -> None:
    """The layouts and distance maps kept per process are those the state gives anew,
    along a game whose rhombi move (so the cache holds several layouts)."""
    from ai.games.inka import Way, distances, goals
    from engine.inka.layout import Layout

    rng = random.Random(3)
    state = RULES.new(InkaConfig(players=2), seed=b"kept", game_id="g")
    checked = 0
    for _ in range(80):
        if RULES.outcome(state) is not None:
            break
        seat = RULES.to_act(state)[0]
        way = Way.of(state, seat)
        if way is not None:
            lay = Layout.of(state)
            assert way.to_goal == distances(lay, goals(state, seat, lay), towards=True)
            assert way.from_pawn == distances(lay, [way.here], towards=False)
            checked += 1
        actions = candidates(RULES.legal_actions(state, seat))
        state, _ = RULES.apply(state, policy(state, seat, actions, rng), seat)
    assert checked > 10


def test_inka_s_levels_have_budgets_of_their_own() -> None:
    """Inka's iterations cost many times a typical game's: its named levels search fewer,
    in the same order; a level given as such is searched as it is."""
    from ai.levels import BUDGETS, budget_of

    inka = [budget_of("inka", name).iterations for name in ("easy", "normal", "strong")]
    assert inka == sorted(inka) and inka[-1] < BUDGETS["strong"].iterations
    assert budget_of("loa", "strong") == BUDGETS["strong"]
    assert budget_of("inka", SMALL) is SMALL
