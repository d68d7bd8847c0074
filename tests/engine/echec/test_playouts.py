"""Random whole games, from placement to victory, with invariants checked at every step.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=500`` runs more."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import echec
from engine.echec.board import SEATS
from engine.echec.units import KIND, KING, MASSIVE_FIGURES
from engine.protocol import Event
from tests.engine.playouts import Harness, Playout, playout_seeds, position_round_trip

CONFIGS = [
    {},
    {"level": 2, "placement": "secret", "units": "P3 P2 M2 H1 H2"},
    {"level": 2, "massive": True, "armies": {"north": "M1 H2"}},
    {"level": 2, "placement": "secret", "units": "4xP4 M1", "turn_limit": 40},
]


def check_invariants(state: echec.EchecState) -> None:
    kings = dict.fromkeys(SEATS, 0)
    for base in state.board:
        if base is None:
            continue
        most = MASSIVE_FIGURES if base.kind == "I" else max(KIND[base.kind].figures)
        assert 1 <= base.figures <= most
        kings[base.seat] += base.kind == KING
        if base.attacked:
            assert state.phase == echec.OVER or (
                state.phase == echec.BATTLE and base.seat == state.turn
            )
    if state.phase == echec.BATTLE:
        assert kings == {"south": 1, "north": 1}
        assert state.actions_left in (1, 2) and echec.to_act(state) == (state.turn,)
    if state.phase == echec.OVER:
        assert echec.outcome(state) is not None
        assert echec.legal_actions(state, "south") == echec.legal_actions(state, "north") == []
    else:
        assert echec.outcome(state) is None


def check_views(state: echec.EchecState) -> None:
    secret = state.phase == echec.PLACEMENT and state.config.placement == "secret"
    for seat in (*SEATS, None):
        seen = echec.view(state, seat)
        assert seen.dice.seed is None or state.phase == echec.OVER
        if not secret:
            assert seen.board == state.board and seen.sides == state.sides
            continue
        assert all(b is None or b.seat == seat for b in seen.board)
        for s in SEATS:
            if s != seat:
                assert seen.side(s).reserve == () and seen.side(s).hidden
                assert seen.side(s).confirmed == state.side(s).confirmed


def check_round_trips(state: echec.EchecState) -> None:
    if state.phase == echec.BATTLE:
        again = position_round_trip(echec, state, state.config)
        assert again.board == state.board and again.actions_left == state.actions_left


def check_events(state: echec.EchecState, seat: str, events: list[Event]) -> None:
    for event in events:
        if state.config.placement == "secret" and event.kind in ("placed", "lifted"):
            assert event.visible_to == frozenset({seat})


def choose(
    rng: random.Random, state: echec.EchecState, seat: str, actions: list
) -> tuple[str, object]:
    """Random, but leaning towards fighting so games end."""
    if state.phase == echec.PLACEMENT:
        if echec.Confirm() in actions and rng.random() < 0.9:
            return seat, echec.Confirm()
        places = [a for a in actions if isinstance(a, echec.Place)]
        return seat, rng.choice(places or actions)
    attacks = [a for a in actions if isinstance(a, echec.Attack)]
    if attacks and rng.random() < 0.8:
        return seat, rng.choice(attacks)
    advances = [a for a in actions if isinstance(a, echec.Advance)]
    if advances and rng.random() < 0.6:
        return seat, rng.choice(advances)
    return seat, rng.choice(actions)


HARNESS = Harness(
    echec,
    choose,
    checks=(check_invariants, check_views),
    check_events=check_events,
    round_trips=check_round_trips,
)


def play(seed: int, options: dict) -> Playout:
    return HARNESS.play(seed, echec.EchecConfig(**options))


@pytest.mark.parametrize("seed", playout_seeds(12))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    game = play(seed, CONFIGS[seed % len(CONFIGS)])
    state = game.state
    assert state.phase == echec.OVER, f"no result after {game.steps} steps"
    result = echec.outcome(state)
    if result.winners:
        (winner,) = result.winners
        loser = "north" if winner == "south" else "south"
        assert not any(b is not None and b.seat == loser and b.kind == KING for b in state.board)
    else:
        assert result.termination == "turn_limit"
    HARNESS.check_record(game)


def test_replay_detects_a_tampered_roll() -> None:
    HARNESS.check_tampered_roll_is_caught(play(1, CONFIGS[0]), 6)


def test_same_seed_same_game() -> None:
    assert play(3, CONFIGS[1]).state == play(3, CONFIGS[1]).state


def test_a_turn_limit_ends_in_a_draw() -> None:
    def idle(_rng: random.Random, state: echec.EchecState, seat: str, _actions: list) -> tuple:
        """Roll for the first move, then end every turn at once."""
        return seat, echec.parse_action("roll" if state.phase == "opening" else "end")

    game = replace(HARNESS, choose=idle).play(0, echec.EchecConfig(turn_limit=2))
    state = game.state
    assert echec.outcome(state).is_draw and echec.outcome(state).termination == "turn_limit"
    HARNESS.check_record(game)
