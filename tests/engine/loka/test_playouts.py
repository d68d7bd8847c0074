"""Random whole games, from army selection to victory, with invariants checked at every step.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=500`` runs more."""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace

import pytest

from engine.loka import (
    BATTLE,
    OVER,
    SELECTION,
    Confirm,
    LokaConfig,
    LokaState,
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
from engine.loka.pieces import KING
from engine.loka.record import initial_state, new_record
from engine.loka.terrain import ENTERABLE_BY
from engine.record import GameRecord

PLAYOUTS = int(os.environ.get("PLATEAU_PLAYOUTS", "12"))
CONFIGS = [
    {"players": 4},
    {"players": 3, "tiles": 0},
    {"players": 2, "combat": False},
    {"players": 4, "tiles": 6, "points": 250},
    {"players": 3, "combat": False, "tiles": 2},
    {"players": 4, "tiles": 0, "combat": False},
]
MAX_STEPS = 4000


def check_invariants(state: LokaState) -> None:
    geo = state.geometry
    tiles = {t.square: t.kind for t in state.tiles}
    kings = [0] * len(geo.seats)
    for sq in range(geo.size):
        p = state.board[sq]
        if not p:
            continue
        assert geo.exists[sq], f"a piece on a missing square {sq}"
        army, kind = p >> 3, p & 7
        assert state.armies[army].alive, f"a piece of the eliminated {geo.seat_names[army]}"
        assert sq not in tiles or kind in ENTERABLE_BY[tiles[sq]], "a piece on a forbidden tile"
        kings[army] += kind == KING
    if state.phase in (BATTLE, OVER):
        for army, a in enumerate(state.armies):
            assert kings[army] == (1 if a.alive else 0), f"{geo.seat_names[army]} kings"
    assert len(tiles) == len(state.tiles) <= max(9, state.config.tiles + 1)  # + a portal's pair
    if state.phase == OVER:
        assert to_act(state) == () and outcome(state) is not None
    else:
        assert to_act(state), "nobody to act in a running game"
        assert outcome(state) is None


def check_views(state: LokaState) -> None:
    geo = state.geometry
    for seat in (*geo.seat_names, None):
        seen = view(state, seat)
        assert seen.dice.seed is None or state.phase == OVER
        if state.phase != SELECTION:
            assert seen.armies == state.armies
            continue
        for i, army in enumerate(seen.armies):
            ally = seat is not None and geo.seats[i].team == geo.seats[geo.seat_index[seat]].team
            if ally:
                assert army.draft == state.armies[i].draft
            else:
                assert army.draft is None and army.hidden
        assert json.dumps(to_dict(seen)).count('"draft": [') == sum(
            1 for a in seen.armies if a.draft is not None
        )


def check_round_trips(state: LokaState) -> None:
    data = to_dict(state)
    assert from_dict(json.loads(json.dumps(data))) == state
    if state.phase == BATTLE and state.pending is None:
        pos = position_of(state)
        assert parse_position(format_position(pos)) == pos
        again = state_from_position(pos, state.config, seed=b"x", game_id="x")
        assert again.board == state.board and again.tiles == state.tiles


def choose(rng: random.Random, state: LokaState, seat: str) -> object:
    actions = legal_actions(state, seat)
    if state.phase == SELECTION and state.armies[state.geometry.seat_index[seat]].draft is not None:
        return Confirm() if rng.random() < 0.8 else rng.choice(actions)
    return rng.choice(actions)


def play(seed: int, options: dict) -> tuple[LokaState, GameRecord, int]:
    rng = random.Random(seed)
    config = LokaConfig(**options)
    game_seed = f"seed-{seed}".encode()
    state = new_game(config, seed=game_seed, game_id=f"g{seed}")
    record = new_record(config, game_seed, f"g{seed}")
    steps = 0
    while state.phase != OVER and steps < MAX_STEPS:
        seat = rng.choice(to_act(state))
        actions = legal_actions(state, seat)
        assert actions, f"{seat} must act but has no legal action"
        # Every legal action applies (checked on a sample where there are many).
        for action in rng.sample(actions, min(len(actions), 6)):
            assert parse_action(str(action)) == action
            apply(state, action, seat)
        action = choose(rng, state, seat)
        state, events = apply(state, action, seat)
        record.add(seat, action, events)
        check_invariants(state)
        check_views(state)
        if steps % 7 == 0 or state.phase == OVER:
            check_round_trips(state)
        steps += 1
    return state, record, steps


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    check_whole_game(seed, CONFIGS[seed % len(CONFIGS)])


def check_whole_game(seed: int, options: dict) -> LokaState:
    """Play one random game and check its result and its record (also used for Face-off)."""
    state, record, steps = play(seed, options)
    assert state.phase == OVER, f"no result after {steps} steps"
    result = outcome(state)
    assert result is not None
    geo = state.geometry
    if result.winners:
        teams = {geo.seats[geo.seat_index[s]].team for s in result.winners}
        assert len(teams) == 1
        assert all(
            not state.armies[i].alive for i, s in enumerate(geo.seats) if s.team not in teams
        )
    # The record, exported as text and read back, replays to exactly the same state.
    text = record.export_text(reveal_seed=True)
    again = GameRecord.parse_text(text)
    assert again.entries == record.entries
    assert again.replay(initial_state, _rules()) == state
    half = len(record.entries) // 2
    mid = again.replay(initial_state, _rules(), upto=half)
    assert mid.ply == half
    return state


def test_replay_detects_a_tampered_roll() -> None:
    _state, record, _ = play(1, {"players": 4})
    text = record.export_text(reveal_seed=True)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "d20=" in line:
            head, _, rest = line.partition("d20=")
            value = int(rest.split(",")[0].split("}")[0])
            lines[i] = head + "d20=" + str(value % 20 + 1) + rest[len(str(value)) :]
            break
    tampered = GameRecord.parse_text("\n".join(lines))
    with pytest.raises(ValueError, match="rolls do not match"):
        tampered.replay(initial_state, _rules())


def test_seed_is_withheld_until_revealed_and_checked() -> None:
    _state, record, _ = play(2, {"players": 2})
    hidden = GameRecord.parse_text(record.export_text())
    assert hidden.seed is None
    with pytest.raises(ValueError, match="not revealed"):
        hidden.replay(initial_state, _rules())
    forged = record.export_text(reveal_seed=True).replace(
        f'[Seed "{record.seed.hex()}"]', '[Seed "00ff"]'
    )
    with pytest.raises(ValueError, match="commitment"):
        GameRecord.parse_text(forged)


def test_same_seed_same_game() -> None:
    a, _, _ = play(3, {"players": 4})
    b, _, _ = play(3, {"players": 4})
    assert a == b
    c = replace(a)
    assert c == a


def _rules() -> object:
    from engine.loka import RULES

    return RULES
