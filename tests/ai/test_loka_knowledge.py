"""Loka's AI knowledge: determinizations agree with the view they came from and vary only in
what it hides, the engine plays them to the end, and the evaluation and the rollout policy
prefer material.

The helpers at the top take any game's ``Knowledge`` (the Échec test uses them too).
``PLATEAU_AI_GAMES=20`` plays more seeded games for reachable states."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from ai.games.loka import (
    KNOWLEDGE,
    determinize,
    evaluate,
    king_at_losing_odds,
    plausible_draft,
    policy,
    sensible,
)
from ai.knowledge import Knowledge
from ai.levels import BUDGETS, LEVELS, fixed
from ai.player import choose
from ai.search import WITHHELD
from engine import loka
from engine.dice import Dice
from engine.loka.setup import all_drafts, draft_cost

DETERMINIZATIONS = 4  # rng seeds per view

Phase = Callable[[Any], str | None]
"""The name of the phase a state stands for in the test (``None``: not one of interest)."""


def games(default: int) -> range:
    return range(int(os.environ.get("PLATEAU_AI_GAMES", str(default))))


def random_states(
    knowledge: Knowledge, config: Any, seed: int, *, max_steps: int = 3000
) -> Iterator[Any]:
    """Every state of one seeded game from its start, played by a mix of the rollout
    policy and uniform choices (so that drafts and placements are left half done too)."""
    rules = knowledge.rules
    rng = random.Random(seed)
    state = rules.new(config, seed=f"ai-{seed}".encode(), game_id=f"g{seed}")
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            return
        yield state
        seat = rng.choice(rules.to_act(state))
        actions = rules.legal_actions(state, seat)
        if knowledge.policy is not None and rng.random() < 0.7:
            action = knowledge.policy(state, seat, actions, rng)
        else:
            action = rng.choice(actions)
        state, _ = rules.apply(state, action, seat)


def sample_by_phase(
    knowledge: Knowledge, configs: list[Any], phase: Phase, seeds: range
) -> dict[str, list[Any]]:
    """Random reachable states of each phase: one of each from every seeded game (the
    games cycle through ``configs``)."""
    found: dict[str, list[Any]] = {}
    for seed in seeds:
        by_phase: dict[str, list[Any]] = {}
        for state in random_states(knowledge, configs[seed % len(configs)], seed):
            name = phase(state)
            if name is not None:
                by_phase.setdefault(name, []).append(state)
        rng = random.Random(seed)
        for name, states in by_phase.items():
            found.setdefault(name, []).append(rng.choice(states))
    return found


def play_to_end(knowledge: Knowledge, state: Any, rng: random.Random, max_steps: int) -> Any:
    """A random playout (rollout policy and uniform moves) from ``state``; after
    ``max_steps`` the seats to act resign in turn. Returns the final state."""
    rules = knowledge.rules
    steps = 0
    while rules.outcome(state) is None:
        seat = rng.choice(rules.to_act(state))
        if steps >= max_steps:
            action = rules.parse_action("resign")
        else:
            actions = rules.legal_actions(state, seat)
            assert actions, f"{seat} must act but has no legal action"
            if knowledge.policy is not None and rng.random() < 0.8:
                action = knowledge.policy(state, seat, actions, rng)
            else:
                action = rng.choice(actions)
        state, _ = rules.apply(state, action, seat)
        steps += 1
    return state


def check_playouts(
    knowledge: Knowledge,
    reachable: dict[str, list[Any]],
    seats: Callable[[Any], tuple[str, ...]],
) -> None:
    """From two states of each phase, a random seat's view determinized plays out to a
    result won by the rules (nobody had to resign at the step cap)."""
    rng = random.Random(5)
    rules = knowledge.rules
    for states in reachable.values():
        for state in states[:2]:
            seat = rng.choice(seats(state))
            det = knowledge.determinize(rules.view(state, seat), seat, rng)
            end = play_to_end(knowledge, det, rng, max_steps=1500)
            assert rules.outcome(end).termination != "resigned"


def check_determinizations(knowledge: Knowledge, state: Any, seat: str) -> list[Any]:
    """Determinize ``seat``'s view of ``state`` with several rng seeds: each has a seed to
    roll with, shows ``seat`` exactly its view, and the engine accepts it (every seat to act
    has legal actions, and one applies). Returns the determinizations."""
    rules = knowledge.rules
    seen = rules.view(state, seat)
    expected = rules.to_dict(seen)
    out = []
    for k in range(DETERMINIZATIONS):
        det = knowledge.determinize(seen, seat, random.Random(k))
        assert det.dice.seed is not None
        assert rules.to_dict(rules.view(det, seat)) == expected
        assert rules.to_dict(det) == rules.to_dict(rules.from_dict(rules.to_dict(det)))
        for actor in rules.to_act(det):
            actions = rules.legal_actions(det, actor)
            assert actions
            rules.apply(det, random.Random(k).choice(actions), actor)
        out.append(det)
    assert len({d.dice.seed for d in out}) == DETERMINIZATIONS  # reseeded each time
    return out


def check_only_the_view_counts(knowledge: Knowledge, a: Any, b: Any, seat: str) -> None:
    """Two different states that ``seat`` sees alike determinize alike: only the view is
    read, never the state behind it."""
    rules = knowledge.rules
    assert rules.to_dict(a) != rules.to_dict(b)
    view_a, view_b = rules.view(a, seat), rules.view(b, seat)
    assert rules.to_dict(view_a) == rules.to_dict(view_b)
    for k in range(3):
        det_a = knowledge.determinize(view_a, seat, random.Random(k))
        det_b = knowledge.determinize(view_b, seat, random.Random(k))
        assert rules.to_dict(det_a) == rules.to_dict(det_b)


# ---------------------------------------------------------------- Loka

CONFIGS = [
    loka.LokaConfig(players=4),
    loka.LokaConfig(players=3, tiles=2),
    loka.LokaConfig(players=2, combat=False, tiles=0),
    loka.LokaConfig(board="faceoff"),
]
PHASES = ("selection", "deployment", "battle", "reroll")


def phase_of(state: loka.LokaState) -> str | None:
    if state.phase == loka.SELECTION:
        # The interesting selections: someone has drafted or confirmed already.
        if any(a.draft is not None for a in state.armies):
            return "selection"
        return None
    if state.pending is not None:
        return "reroll"
    return state.phase


# Fire's queen attacks a pawn with six boosts against none: a Super D20 for Fire (from
# tests/engine/loka/test_combat.py).
SUPER_D20 = (
    "fire: Ke1 Qe4 Rf1 Nf2 Bi2 Pg4 Pf4 Rh5 Bh7; water: Ki12 Ng7 Pe6 Pf6; "
    "earth: Ka6 Pf5; terrain: lake@g5; turn: fire"
)


def super_d20_decisions() -> list[loka.LokaState]:
    """Super D20 decisions, a winning and a losing one at least (random games seldom have
    five boosts)."""
    out = []
    for k in range(40):
        state = loka.state_from_position(SUPER_D20, seed=f"d{k}".encode(), game_id="p")
        state, _ = loka.RULES.apply(state, loka.parse_action("e4f5"), "fire")
        assert state.pending is not None
        out.append(state)
    losing = [s for s in out if s.pending.attack_roll <= s.pending.defence_roll]
    winning = [s for s in out if s.pending.attack_roll > s.pending.defence_roll]
    assert losing and winning
    return [losing[0], winning[0]]


@pytest.fixture(scope="module")
def reachable() -> dict[str, list[loka.LokaState]]:
    found = sample_by_phase(KNOWLEDGE, CONFIGS, phase_of, games(8))
    found.setdefault("reroll", []).extend(super_d20_decisions())
    assert set(found) == set(PHASES), f"phases reached: {sorted(found)}"
    return found


@pytest.mark.parametrize("phase", PHASES)
def test_nothing_listed_is_withheld_by_the_search(
    phase: str, reachable: dict[str, list[loka.LokaState]]
) -> None:
    """``KNOWLEDGE.withholds`` is off (the search does not look for them): no Loka state
    lists a resignation or a draw offer among the actions the computer weighs."""
    assert not KNOWLEDGE.withholds
    for state in reachable[phase]:
        for seat in loka.to_act(state):
            listed = {str(a) for a in KNOWLEDGE.rules.legal_actions(state, seat)}
            assert listed and not listed & WITHHELD


@pytest.mark.parametrize("phase", PHASES)
def test_determinizations_agree_with_the_view(
    reachable: dict[str, list[loka.LokaState]], phase: str
) -> None:
    for state in reachable[phase]:
        for seat in state.geometry.seat_names:
            dets = check_determinizations(KNOWLEDGE, state, seat)
            for det in dets:
                assert not any(a.hidden for a in det.armies)
                for a, real in zip(det.armies, state.armies, strict=True):
                    assert a.confirmed == real.confirmed
                    if a.draft is not None:
                        assert draft_cost(det.config, a.draft) <= a.budget
            if phase != "selection":
                assert all(d.armies == state.armies and d.board == state.board for d in dets)


def test_hidden_drafts_vary_with_the_rng(reachable: dict[str, list[loka.LokaState]]) -> None:
    for state in reachable["selection"]:
        geo = state.geometry
        for seat in geo.seat_names:
            enemies = geo.enemies[geo.seat_index[seat]]
            seen = loka.view(state, seat)
            drafts = {
                tuple(determinize(seen, seat, random.Random(k)).armies[e].draft for e in enemies)
                for k in range(8)
            }
            assert None not in {d for ds in drafts for d in ds}
            assert len(drafts) > 1


def test_playouts_from_determinizations_reach_the_end(
    reachable: dict[str, list[loka.LokaState]],
) -> None:
    check_playouts(KNOWLEDGE, reachable, lambda state: state.geometry.seat_names)


def test_the_determinization_reads_only_the_view() -> None:
    state = loka.RULES.new(CONFIGS[0], seed=b"real", game_id="g")
    for seat, draft in (("fire", "draft Q B"), ("earth", "draft R R 6P"), ("earth", "confirm")):
        state, _ = loka.RULES.apply(state, loka.parse_action(draft), seat)
    other = replace(
        state,
        dice=Dice(b"another seed", "g"),
        armies=tuple(
            replace(a, draft=(0, 0, 1, 1, 9)) if i == 1 else a for i, a in enumerate(state.armies)
        ),
    )
    check_only_the_view_counts(KNOWLEDGE, state, other, "fire")


def test_plausible_drafts_spend_the_budget() -> None:
    config = CONFIGS[0]
    cheapest = min(config.costs[k] for k in (2, 3, 4, 5, 6))
    legal = set(all_drafts(config, 160))
    for k in range(20):
        draft = plausible_draft(config, 160, random.Random(k))
        assert draft in legal
        assert 160 - cheapest < draft_cost(config, draft.counts) <= 160
    assert plausible_draft(config, 0, random.Random(0)).counts == (0, 0, 0, 0, 0)


def _position(text: str) -> loka.LokaState:
    return loka.state_from_position(text, seed=b"pos", game_id="p")


BALANCED = "fire: Ke1 Pe2; earth: Ka6 Pb6; water: Ke12 Pe11; air: Kl7 Pk7; turn: fire"
EVIL_AHEAD = "fire: Ke1 Qf1 Rg1 Pe2; earth: Ka6 Pb6; water: Ke12 Pe11; air: Kl7 Pk7; turn: fire"


def test_evaluation_prefers_the_team_with_more_material() -> None:
    balanced, ahead = _position(BALANCED), _position(EVIL_AHEAD)
    assert evaluate(balanced, "fire") == pytest.approx(0.5)
    for seat in ("fire", "water"):
        assert evaluate(ahead, seat) > 0.7
    for seat in ("earth", "air"):
        assert evaluate(ahead, seat) < 0.3
    assert evaluate(ahead, "fire") + evaluate(ahead, "earth") == pytest.approx(1.0)
    # Losing the queen costs more than losing the rook.
    no_queen = _position(EVIL_AHEAD.replace(" Qf1", ""))
    no_rook = _position(EVIL_AHEAD.replace(" Rg1", ""))
    assert evaluate(ahead, "fire") > evaluate(no_rook, "fire") > evaluate(no_queen, "fire")


def test_evaluation_fears_enemies_near_a_king() -> None:
    safe = _position("fire: Ke1 Pe2; earth: Ka6 Nb6; water: Ke12; air: Kl7 Nk7; turn: fire")
    danger = _position("fire: Ke1 Pe2; earth: Ka6 Nf3; water: Ke12; air: Kl7 Nk7; turn: fire")
    assert evaluate(danger, "fire") < evaluate(safe, "fire")


def test_evaluation_of_a_finished_game() -> None:
    state = _position(BALANCED)
    state, _ = loka.RULES.apply(state, loka.parse_action("resign"), "fire")
    state, _ = loka.RULES.apply(state, loka.parse_action("resign"), "earth")
    state, _ = loka.RULES.apply(state, loka.parse_action("resign"), "water")
    assert loka.outcome(state).winners == frozenset({"earth", "air"})
    assert evaluate(state, "air") == 1.0 and evaluate(state, "fire") == 0.0


def test_policy_takes_the_most_valuable_capture() -> None:
    # Fire's rook on e5 may take a pawn (e8) or a queen (h5) of the other team.
    state = _position("fire: Ke1 Re5; earth: Ka6 Qh5; water: Ke12; air: Kl7 Pe8; turn: fire")
    actions = loka.legal_actions(state, "fire")
    picks = [str(policy(state, "fire", actions, random.Random(k))) for k in range(40)]
    assert {"e5h5", "e5e8"} <= {str(a) for a in actions}
    assert picks.count("e5h5") >= 25


def test_policy_never_risks_its_king_on_a_capture_but_a_kings() -> None:
    # Fire's king on e4 could take a queen (e5); its rook a pawn (h1).
    state = _position("fire: Ke4 Rh3; earth: Ka6 Qe5; water: Ke12; air: Kl7 Ph1; turn: fire")
    actions = loka.legal_actions(state, "fire")
    assert {"e4e5", "h3h1"} <= {str(a) for a in actions}
    picks = [str(policy(state, "fire", actions, random.Random(k))) for k in range(40)]
    assert picks.count("h3h1") >= 25 and picks.count("e4e5") <= 5


def test_policy_rerolls_only_a_losing_super_d20(
    reachable: dict[str, list[loka.LokaState]],
) -> None:
    for state in reachable["reroll"]:
        seat = loka.to_act(state)[0]
        actions = loka.legal_actions(state, seat)
        p = state.pending
        losing = (p.attack_roll > p.defence_roll) != (p.holder == "attack")
        choice = policy(state, seat, actions, random.Random(0))
        assert choice == (loka.Reroll() if losing else loka.Keep())


def test_policy_confirms_a_draft_and_drafts_within_the_budget() -> None:
    state = loka.RULES.new(CONFIGS[0], seed=b"s", game_id="g")
    actions = loka.legal_actions(state, "fire")
    draft = policy(state, "fire", actions, random.Random(1))
    assert draft in actions
    state, _ = loka.RULES.apply(state, draft, "fire")
    actions = loka.legal_actions(state, "fire")
    picks = [policy(state, "fire", actions, random.Random(k)) for k in range(20)]
    assert picks.count(loka.Confirm()) >= 12 and all(p in actions for p in picks)


# Issue 30: a clock that ran out mid-draft made the computer confirm a king and a rook.
@pytest.mark.parametrize("config", CONFIGS, ids=["4p", "3p", "2p", "faceoff"])
@pytest.mark.parametrize(
    "partial", [None, (0, 1, 0, 0, 0), (1, 0, 0, 0, 0), (0, 0, 0, 0, 3), (0, 0, 1, 1, 0)]
)
def test_a_half_built_draft_is_completed_to_a_full_balanced_army(
    config: loka.LokaConfig, partial: tuple[int, ...] | None
) -> None:
    state = loka.RULES.new(config, seed=b"s", game_id="g")
    budget = state.armies[0].budget
    if partial is not None:
        state, _ = loka.RULES.apply(state, loka.Draft(partial), "fire")
    cheapest = min(config.costs[k] for k in (2, 3, 4, 5, 6))
    for k in range(3):
        actions = KNOWLEDGE.rules.legal_actions(state, "fire")
        draft = policy(state, "fire", actions, random.Random(k))
        assert draft in actions and isinstance(draft, loka.Draft)
        assert all(n >= m for n, m in zip(draft.counts, partial or (0,) * 5, strict=True))
        assert budget - cheapest < draft_cost(config, draft.counts) <= budget
        # A mix, not one kind bought in bulk.
        assert sum(1 for n in draft.counts if n) >= 2 and max(draft.counts) <= 4
        done, _ = loka.RULES.apply(state, draft, "fire")
        actions = loka.legal_actions(done, "fire")
        assert policy(done, "fire", actions, random.Random(k)) == loka.Confirm()


# Issue 30: a normal player attacked a queen with its last king at D6 against D8.
KING_GAMBLE = "fire: Ke4 Rh3; earth: Ka6 Qe5 Re8; water: Ke12; air: Kl7 Ph1; turn: fire"


def test_a_king_attack_at_losing_odds_is_left_out_while_another_move_is_left() -> None:
    state = _position(KING_GAMBLE)
    odds = loka.attack_odds(state, "e4", "e5")
    assert (odds.assessment.attack_die, odds.assessment.defence_die) == (6, 8)
    assert king_at_losing_odds(state, loka.Move("e4", "e5"))
    engine_moves = {str(a) for a in loka.legal_actions(state, "fire")}
    ai_moves = {str(a) for a in KNOWLEDGE.rules.legal_actions(state, "fire")}
    assert engine_moves - ai_moves == {"e4e5"}  # the king's other moves stay
    # With nothing else left, the attack stays.
    gamble = [loka.Move("e4", "e5")]
    assert sensible(state, "fire", gamble) == gamble
    # A king's attack at winning odds stays: a pawn with five supporters around it.
    strong = _position("fire: Ke4 Qe3 Rd5 Bf3 Nd3 Pd4; earth: Ka6 Pe5; water: Ke12; air: Kl7")
    assert not king_at_losing_odds(strong, loka.Move("e4", "e5"))
    assert "e4e5" in {str(a) for a in KNOWLEDGE.rules.legal_actions(strong, "fire")}


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_attacks_with_its_king_at_losing_odds(level: str) -> None:
    state = _position(KING_GAMBLE)
    view = loka.view(state, "fire")
    # The level's knowledge and depth, without its time limit (a choice is its seed's) and
    # at most 100 iterations: the attack is left out of what any search weighs.
    searched = fixed(level, min(BUDGETS[level].iterations, 100))
    for k in range(2 if level == "strong" else 6):
        assert str(choose("loka", view, "fire", searched, random.Random(k))) != "e4e5"
