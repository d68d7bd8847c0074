"""Random whole games, from placement to victory, with invariants checked at every step.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=500`` runs more."""

from __future__ import annotations

import json
import os
import random

import pytest

from engine.echec import (
    BATTLE,
    OVER,
    PLACEMENT,
    RULES,
    Advance,
    Attack,
    Confirm,
    EchecConfig,
    EchecState,
    Place,
    apply,
    format_position,
    from_dict,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    parse_position,
    position_of,
    state_from_position,
    to_act,
    to_dict,
    view,
)
from engine.echec.board import SEATS
from engine.echec.record import initial_state, new_record
from engine.echec.units import KIND, KING, MASSIVE_FIGURES
from engine.record import GameRecord

PLAYOUTS = int(os.environ.get("PLATEAU_PLAYOUTS", "12"))
CONFIGS = [
    {},
    {"level": 2, "placement": "secret", "units": "P3 P2 M2 H1 H2"},
    {"level": 2, "massive": True, "armies": {"north": "M1 H2"}},
    {"level": 2, "placement": "secret", "units": "4xP4 M1", "turn_limit": 40},
]
MAX_STEPS = 3000


def check_invariants(state: EchecState) -> None:
    kings = dict.fromkeys(SEATS, 0)
    for base in state.board:
        if base is None:
            continue
        most = MASSIVE_FIGURES if base.kind == "I" else max(KIND[base.kind].figures)
        assert 1 <= base.figures <= most
        kings[base.seat] += base.kind == KING
        if base.attacked:
            assert state.phase == OVER or (state.phase == BATTLE and base.seat == state.turn)
    if state.phase == BATTLE:
        assert kings == {"south": 1, "north": 1}
        assert state.actions_left in (1, 2) and to_act(state) == (state.turn,)
    if state.phase == OVER:
        assert to_act(state) == () and outcome(state) is not None
        assert legal_actions(state, "south") == legal_actions(state, "north") == []
    else:
        assert to_act(state) and outcome(state) is None


def check_views(state: EchecState) -> None:
    secret = state.phase == PLACEMENT and state.config.placement == "secret"
    for seat in (*SEATS, None):
        seen = view(state, seat)
        assert seen.dice.seed is None or state.phase == OVER
        if not secret:
            assert seen.board == state.board and seen.sides == state.sides
            continue
        assert all(b is None or b.seat == seat for b in seen.board)
        for s in SEATS:
            if s != seat:
                assert seen.side(s).reserve == () and seen.side(s).hidden
                assert seen.side(s).confirmed == state.side(s).confirmed


def check_round_trips(state: EchecState) -> None:
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
    if state.phase == BATTLE:
        pos = position_of(state)
        assert parse_position(format_position(pos)) == pos
        again = state_from_position(pos, state.config, seed=b"x", game_id="x")
        assert again.board == state.board and again.actions_left == state.actions_left


def choose(rng: random.Random, state: EchecState, seat: str, actions: list) -> object:
    """Random, but leaning towards fighting so games end."""
    if state.phase == PLACEMENT:
        if Confirm() in actions and rng.random() < 0.9:
            return Confirm()
        places = [a for a in actions if isinstance(a, Place)]
        return rng.choice(places or actions)
    attacks = [a for a in actions if isinstance(a, Attack)]
    if attacks and rng.random() < 0.8:
        return rng.choice(attacks)
    advances = [a for a in actions if isinstance(a, Advance)]
    if advances and rng.random() < 0.6:
        return rng.choice(advances)
    return rng.choice(actions)


def play(seed: int, options: dict) -> tuple[EchecState, GameRecord, int]:
    rng = random.Random(seed)
    config = EchecConfig(**options)
    game_seed = f"seed-{seed}".encode()
    state = new_game(config, seed=game_seed, game_id=f"g{seed}")
    record = new_record(config, game_seed, f"g{seed}")
    steps = 0
    while state.phase != OVER and steps < MAX_STEPS:
        seat = rng.choice(to_act(state))
        actions = legal_actions(state, seat)
        assert actions, f"{seat} must act but has no legal action"
        for action in rng.sample(actions, min(len(actions), 5)):
            assert parse_action(str(action)) == action
            apply(state, action, seat)
        action = choose(rng, state, seat, actions)
        state, events = apply(state, action, seat)
        for event in events:
            json.dumps(event.to_dict())  # every event is JSON-ready
            if state.config.placement == "secret" and event.kind in ("placed", "lifted"):
                assert event.visible_to == frozenset({seat})
        record.add(seat, action, events)
        check_invariants(state)
        check_views(state)
        if steps % 5 == 0 or state.phase == OVER:
            check_round_trips(state)
        steps += 1
    return state, record, steps


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    state, record, steps = play(seed, CONFIGS[seed % len(CONFIGS)])
    assert state.phase == OVER, f"no result after {steps} steps"
    result = outcome(state)
    if result.winners:
        (winner,) = result.winners
        loser = "north" if winner == "south" else "south"
        assert not any(b is not None and b.seat == loser and b.kind == KING for b in state.board)
    else:
        assert result.termination == "turn_limit"
    text = record.export_text(reveal_seed=True)
    again = GameRecord.parse_text(text)
    assert again.entries == record.entries
    assert again.replay(initial_state, RULES) == state
    half = len(record.entries) // 2
    assert again.replay(initial_state, RULES, upto=half).ply == half


def test_replay_detects_a_tampered_roll() -> None:
    _state, record, _ = play(1, CONFIGS[0])
    lines = record.export_text(reveal_seed=True).splitlines()
    for i, line in enumerate(lines):
        if "d6=" in line:
            head, _, rest = line.partition("d6=")
            value = int(rest[0])
            lines[i] = head + "d6=" + str(value % 6 + 1) + rest[1:]
            break
    tampered = GameRecord.parse_text("\n".join(lines))
    with pytest.raises(ValueError, match="rolls do not match"):
        tampered.replay(initial_state, RULES)


def test_same_seed_same_game() -> None:
    a, _, _ = play(3, CONFIGS[1])
    b, _, _ = play(3, CONFIGS[1])
    assert a == b


def test_a_turn_limit_ends_in_a_draw() -> None:
    state = new_game(EchecConfig(turn_limit=2), seed=b"t", game_id="t")
    while state.phase != OVER:
        seat = to_act(state)[0]
        state, _ = apply(state, parse_action("roll" if state.phase == "opening" else "end"), seat)
    assert outcome(state).is_draw and outcome(state).termination == "turn_limit"
