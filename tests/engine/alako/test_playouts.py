"""Whole games, from drawing lots to a knight on a princess, with invariants checked at
every step. The players mostly walk their knight towards the enemy princess (pure random
play rarely gets a knight out of his own camp), otherwise choose at random.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=200`` runs more."""

from __future__ import annotations

import json
import os
import random

import pytest

from engine.alako import (
    ACT,
    OVER,
    RULES,
    SPIN,
    AlakoConfig,
    AlakoState,
    apply,
    format_position,
    from_dict,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    parse_position,
    paths,
    position_of,
    state_from_position,
    to_act,
    to_dict,
    view,
)
from engine.alako.board import SEATS, in_half, is_river
from engine.alako.record import initial_state, new_record
from engine.record import GameRecord

PLAYOUTS = int(os.environ.get("PLATEAU_PLAYOUTS", "10"))
MAX_STEPS = 3000


def distance(state: AlakoState, seat: int) -> int:
    me, foe = state.sides[seat], state.sides[1 - seat]
    k = me.knight if me.knight is not None else me.descent
    assert k is not None
    return abs(k % 9 - foe.princess % 9) + abs(k // 9 - foe.princess // 9)


def choose(rng: random.Random, state: AlakoState) -> object:
    actions = legal_actions(state)
    if state.face in ("1", "2") and rng.random() < 0.7:
        scored = []
        for path in paths(state):
            after, _ = apply(state, path.action)
            d = -1 if after.winner is not None else distance(after, state.turn)  # type: ignore[arg-type]
            scored.append((d, str(path.action), path.action))
        return min(scored)[2]
    if state.face == "ladder" and rng.random() < 0.8:
        return actions[0]
    return rng.choice(actions)


def check_invariants(state: AlakoState) -> None:
    squares: dict[int, str] = {}
    for seat, side in enumerate(state.sides):
        assert (side.knight is None) == (side.climbing is not None) == (side.descent is not None)
        for what, sq in (("horse", side.horse), ("princess", side.princess)):
            assert sq not in squares or state.phase == OVER, f"{what} shares {sq}"
            squares[sq] = what
        if side.knight is not None and not side.mounted:
            assert side.knight not in squares or state.phase == OVER
            assert not is_river(side.knight)
            squares[side.knight] = "knight"
        assert in_half(side.princess, seat)
        kinds = "".join(f.kind for f in side.line)
        assert "TT" not in kinds
    if state.phase == OVER:
        assert to_act(state) == () and outcome(state) is not None
        return
    assert outcome(state) is None and len(to_act(state)) == 1
    assert legal_actions(state), "a seat must act but has nothing legal"
    if state.phase == ACT:
        assert state.face is not None and state.face != "cannon"


def check_round_trips(state: AlakoState) -> None:
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
    for seat in (*SEATS, None):
        seen = view(state, seat)
        assert (seen.dice.seed is None) == (state.phase != OVER)
        assert seen.sides == state.sides and seen.phase == state.phase
    if state.phase in (SPIN, ACT):
        pos = position_of(state)
        assert parse_position(format_position(pos)) == pos
        again = state_from_position(format_position(pos), seed=b"x", game_id="x")
        assert again.sides == state.sides and again.phase == state.phase
        assert set(map(str, legal_actions(again))) == set(map(str, legal_actions(state)))


def play(seed: int) -> tuple[AlakoState, GameRecord, int]:
    rng = random.Random(seed)
    config = AlakoConfig(first=("roll", "south", "north")[seed % 3])
    game_seed = f"seed-{seed}".encode()
    state = new_game(config, seed=game_seed, game_id=f"g{seed}")
    record = new_record(config, game_seed, f"g{seed}")
    steps = 0
    while state.phase != OVER and steps < MAX_STEPS:
        seat = to_act(state)[0]
        actions = legal_actions(state, seat)
        for action in actions:  # every legal action applies and reads back
            assert parse_action(str(action)) == action
            apply(state, action, seat)
        action = choose(rng, state)
        state, events = apply(state, action, seat)  # type: ignore[arg-type]
        record.add(seat, action, events)
        check_invariants(state)
        if steps % 5 == 0 or state.phase == OVER:
            check_round_trips(state)
        steps += 1
    if state.phase != OVER:
        # Random play can keep both knights behind their own complete lines for a long time
        # (they climb only enemy walls): the side to move resigns, which must work too.
        seat = to_act(state)[0]
        action = parse_action("resign")
        state, events = apply(state, action, seat)
        record.add(seat, action, events)
        check_invariants(state)
    return state, record, steps


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    state, record, _ = play(seed)
    assert state.phase == OVER
    result = outcome(state)
    assert result is not None and result.termination in ("princess_reached", "resignation")
    winner = state.winner
    assert winner is not None
    if result.termination == "princess_reached":
        knight = state.sides[winner].knight
        assert knight == state.sides[1 - winner].princess
    text = record.export_text(reveal_seed=True)
    again = GameRecord.parse_text(text)
    assert again.entries == record.entries
    assert again.replay(initial_state, RULES) == state
    half = len(record.entries) // 2
    assert again.replay(initial_state, RULES, upto=half).ply == half


def test_replay_detects_a_tampered_spin() -> None:
    _state, record, _ = play(1)
    lines = record.export_text(reveal_seed=True).splitlines()
    for i, line in enumerate(lines):
        if "d8=" in line:
            head, _, rest = line.partition("d8=")
            value = int(rest[0])
            lines[i] = head + "d8=" + str(value % 8 + 1) + rest[1:]
            break
    tampered = GameRecord.parse_text("\n".join(lines))
    with pytest.raises(ValueError, match="rolls do not match"):
        tampered.replay(initial_state, RULES)


def test_same_seed_same_game() -> None:
    assert play(4)[0] == play(4)[0]


def test_a_record_may_start_from_a_position() -> None:
    start = "south: Kd4 Hd5 Pe2 Wa3n; north: Ke8 Hf10 Pe11 Wi8e; turn: north"
    record = new_record(AlakoConfig(), b"pos", "p1", start=start)
    state = initial_state(record.config, b"pos", "p1", start)
    for _ in range(6):
        seat, action = to_act(state)[0], legal_actions(state)[0]
        state, events = apply(state, action, seat)
        record.add(seat, action, events)
    again = GameRecord.parse_text(record.export_text(reveal_seed=True))
    assert again.start == start and again.replay(initial_state, RULES) == state
