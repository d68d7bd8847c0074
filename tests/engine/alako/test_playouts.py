"""Whole games, from drawing lots to a knight on a princess, with invariants checked at
every step. The players mostly walk their knight towards the enemy princess (pure random
play rarely gets a knight out of his own camp), otherwise choose at random; now and then a
seat offers a draw, which the other accepts, declines or declines by playing on.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=200`` runs more."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import alako
from engine.alako import (
    ACT,
    OVER,
    RULES,
    SPIN,
    AlakoConfig,
    AlakoState,
    OfferDraw,
    apply,
    legal_actions,
    outcome,
    paths,
    to_act,
    view,
)
from engine.alako.board import SEATS, in_half, is_river
from engine.alako.record import OPENING, initial_state, new_record
from engine.record import GameRecord
from tests.engine.playouts import Harness, Playout, playout_seeds, position_round_trip


def distance(state: AlakoState, seat: int) -> int:
    me, foe = state.sides[seat], state.sides[1 - seat]
    k = me.knight if me.knight is not None else me.descent
    assert k is not None
    return abs(k % 9 - foe.princess % 9) + abs(k // 9 - foe.princess // 9)


def choose(rng: random.Random, state: AlakoState, seat: str, actions: list) -> tuple[str, object]:
    if state.offer is not None:
        playing = replace(state, offer=None)
        if rng.random() < 0.3 and seat in to_act(playing):  # plays on: declines the offer
            return seat, rng.choice(legal_actions(playing, seat))
        return seat, actions[0] if rng.random() < 0.15 else actions[1]  # accept, decline
    if rng.random() < 0.01:
        offerer = rng.choice(SEATS)
        if SEATS.index(offerer) not in state.offered:
            return offerer, OfferDraw()
    if state.face in ("1", "2") and rng.random() < 0.7:
        scored = []
        for path in paths(state):
            after, _ = apply(state, path.action)
            d = -1 if after.winner is not None else distance(after, state.turn)  # type: ignore[arg-type]
            scored.append((d, str(path.action), path.action))
        return seat, min(scored)[2]
    if state.face == "ladder" and rng.random() < 0.8:
        return seat, actions[0]
    return seat, rng.choice(actions)


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
        assert outcome(state) is not None
        return
    assert outcome(state) is None and len(to_act(state)) == 1
    assert legal_actions(state), "a seat must act but has nothing legal"
    if state.offer is not None:
        assert to_act(state) == (SEATS[1 - state.offer],)
        assert set(map(str, legal_actions(state))) == {"accept draw", "decline draw"}
    if state.phase == ACT:
        assert state.face is not None and state.face != "cannon"


def check_round_trips(state: AlakoState) -> None:
    for seat in (*SEATS, None):
        seen = view(state, seat)
        assert (seen.dice.seed is None) == (state.phase != OVER)
        assert seen.sides == state.sides and seen.phase == state.phase
    if state.phase in (SPIN, ACT):
        again = position_round_trip(alako, state)  # the text holds no draw offer
        playing = replace(state, offer=None)
        assert again.sides == state.sides and again.phase == state.phase
        assert set(map(str, legal_actions(again))) == set(map(str, legal_actions(playing)))


# Every legal action is tried at every step. Random play can keep both knights behind their
# own complete lines for a long time (they climb only enemy walls): at the step cap the side
# to move resigns, which must work too.
HARNESS = Harness(
    RULES,
    OPENING,
    choose,
    sample=None,
    turn_based=True,
    checks=(check_invariants,),
    round_trips=check_round_trips,
)


def play(seed: int) -> Playout:
    return HARNESS.play(seed, AlakoConfig(first=("roll", "south", "north")[seed % 3]))


@pytest.mark.parametrize("seed", playout_seeds(10))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    game = play(seed)
    state = game.state
    assert state.phase == OVER
    result = outcome(state)
    assert result is not None
    assert result.termination in ("princess_reached", "resignation", "agreement")
    winner = state.winner
    if result.termination == "agreement":
        assert winner is None and result.winners == frozenset()
        HARNESS.check_record(game)
        return
    assert winner is not None
    if result.termination == "princess_reached":
        knight = state.sides[winner].knight
        assert knight == state.sides[1 - winner].princess
    HARNESS.check_record(game)


def test_replay_detects_a_tampered_spin() -> None:
    HARNESS.check_tampered_roll_is_caught(play(1), 8)


def test_same_seed_same_game() -> None:
    assert play(4).state == play(4).state


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
