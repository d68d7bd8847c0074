"""Random whole games of every variant, with invariants checked at every step.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=500`` runs more."""

from __future__ import annotations

import json
import os
import random

import pytest

from engine.loa import (
    RULES,
    VARIANTS,
    LoaConfig,
    LoaState,
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
from engine.loa.record import initial_state, new_record
from engine.record import GameRecord

PLAYOUTS = int(os.environ.get("PLATEAU_PLAYOUTS", "12"))
MAX_STEPS = 600  # random LOA games end long before this almost always


def check_invariants(state: LoaState) -> None:
    squares = [(f, r) for f, r, _ in state.pieces]
    assert len(set(squares)) == len(squares), "two pieces on one square"
    if state.config.bounded:
        assert all(0 <= f < 8 and 0 <= r < 8 for f, r in squares)
    counts = [sum(1 for *_, c in state.pieces if c & 1 == colour) for colour in (0, 1)]
    for colour in (0, 1):
        assert 1 <= counts[colour] + state.held[colour ^ 1] <= 12
    if state.config.variant not in ("teams", "ambidextrous"):
        assert all(not c & 2 for *_, c in state.pieces), "a marked piece outside the variants"
    if state.over:
        assert to_act(state) == () and outcome(state) is not None
    else:
        assert to_act(state) and outcome(state) is None


def check_round_trips(state: LoaState) -> None:
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
    pos = position_of(state)
    text = format_position(pos)
    assert parse_position(text) == pos
    if not state.over and state.offer is None:
        again = state_from_position(text, state.config, seed=b"x", game_id="x")
        assert again.pieces == state.pieces and again.turn == state.turn


def check_views(state: LoaState) -> None:
    for seat in (*state.seats, None):
        seen = view(state, seat)
        assert (seen.dice.seed is None) != state.over
        assert seen.pieces == state.pieces and seen.held == state.held


def play(seed: int, variant: str) -> tuple[LoaState, GameRecord, int]:
    rng = random.Random(seed)
    first = "black" if seed % 3 == 2 else "white"
    config = LoaConfig(variant, first)
    game_seed = f"seed-{seed}".encode()
    state = new_game(config, seed=game_seed, game_id=f"g{seed}")
    record = new_record(config, game_seed, f"g{seed}")
    steps = 0
    while not state.over and steps < MAX_STEPS:
        waiting = to_act(state)
        seat = rng.choice(waiting)
        actions = legal_actions(state, seat)
        assert actions, f"{seat} must act but has no legal action"
        for action in rng.sample(actions, min(len(actions), 5)):
            assert parse_action(str(action)) == action
            apply(state, action, seat)
        roll = rng.random()
        offerer = rng.randrange(len(state.seats))
        if state.offer is None and roll < 0.01 and state.offered[offerer % 2] != state.moves:
            action = parse_action("offer draw")
            seat = state.seats[offerer]
        elif state.offer is not None:
            action = actions[0] if roll < 0.2 else actions[1]  # accept now and then
        else:
            action = rng.choice(actions)
        state, events = apply(state, action, seat)
        record.add(seat, action, events)
        check_invariants(state)
        check_views(state)
        if steps % 5 == 0 or state.over:
            check_round_trips(state)
        steps += 1
    return state, record, steps


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    variant = VARIANTS[seed % len(VARIANTS)]
    state, record, _steps = play(seed, variant)
    text = record.export_text(reveal_seed=True)
    again = GameRecord.parse_text(text)
    assert again.entries == record.entries
    assert again.replay(initial_state, RULES) == state
    half = len(record.entries) // 2
    assert again.replay(initial_state, RULES, upto=half).ply == half
    if state.over and state.termination == "connected":
        (colour,) = {s.rstrip("12") for s in outcome(state).winners}
        assert state.board().connected(("white", "black").index(colour))


def test_a_record_from_a_position_replays() -> None:
    start = "variant: parachute; white: a2 c5 h8; black: e4 e6; held: white 1, black 0"
    config = LoaConfig("parachute")
    state = state_from_position(start, config, seed=b"r", game_id="r")
    record = new_record(config, b"r", "r", start=start)
    for _ in range(4):
        action = legal_actions(state)[0]
        seat = to_act(state)[0]
        state, events = apply(state, action, seat)
        record.add(seat, action, events)
    assert (
        GameRecord.parse_text(record.export_text(reveal_seed=True)).replay(initial_state, RULES)
        == state
    )
