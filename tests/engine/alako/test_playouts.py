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
from engine.alako.board import SEATS, in_half, is_river
from tests.engine.alako.helpers import towards_princess
from tests.engine.playouts import Harness, Playout, playout_seeds, position_round_trip


def choose(
    rng: random.Random, state: alako.AlakoState, seat: str, actions: list
) -> tuple[str, object]:
    if state.offer is not None:
        playing = replace(state, offer=None)
        if rng.random() < 0.3 and seat in alako.to_act(playing):  # plays on: declines the offer
            return seat, rng.choice(alako.legal_actions(playing, seat))
        return seat, actions[0] if rng.random() < 0.15 else actions[1]  # accept, decline
    if rng.random() < 0.01:
        offerer = rng.choice(SEATS)
        if SEATS.index(offerer) not in state.offered:
            return offerer, alako.OfferDraw()
    if state.face in ("1", "2") and rng.random() < 0.7:
        return seat, towards_princess(state)
    if state.face == "ladder" and rng.random() < 0.8:
        return seat, actions[0]
    return seat, rng.choice(actions)


def check_invariants(state: alako.AlakoState) -> None:
    squares: dict[int, str] = {}
    for seat, side in enumerate(state.sides):
        assert (side.knight is None) == (side.climbing is not None) == (side.descent is not None)
        for what, sq in (("horse", side.horse), ("princess", side.princess)):
            assert sq not in squares or state.phase == alako.OVER, f"{what} shares {sq}"
            squares[sq] = what
        if side.knight is not None and not side.mounted:
            assert side.knight not in squares or state.phase == alako.OVER
            assert not is_river(side.knight)
            squares[side.knight] = "knight"
        assert in_half(side.princess, seat)
        kinds = "".join(f.kind for f in side.line)
        assert "TT" not in kinds
    if state.phase == alako.OVER:
        assert alako.outcome(state) is not None
        return
    assert alako.outcome(state) is None and len(alako.to_act(state)) == 1
    assert alako.legal_actions(state), "a seat must act but has nothing legal"
    if state.offer is not None:
        assert alako.to_act(state) == (SEATS[1 - state.offer],)
        assert set(map(str, alako.legal_actions(state))) == {"accept draw", "decline draw"}
    if state.phase == alako.ACT:
        assert state.face is not None and state.face != "cannon"


def check_round_trips(state: alako.AlakoState) -> None:
    for seat in (*SEATS, None):
        seen = alako.view(state, seat)
        assert (seen.dice.seed is None) == (state.phase != alako.OVER)
        assert seen.sides == state.sides and seen.phase == state.phase
    if state.phase in (alako.SPIN, alako.ACT):
        again = position_round_trip(alako, state)  # the text holds no draw offer
        playing = replace(state, offer=None)
        assert again.sides == state.sides and again.phase == state.phase
        assert set(map(str, alako.legal_actions(again))) == set(
            map(str, alako.legal_actions(playing))
        )


# Every legal action is tried at every step. Random play can keep both knights behind their
# own complete lines for a long time (they climb only enemy walls): at the step cap the side
# to move resigns, which must work too.
HARNESS = Harness(
    alako,
    choose,
    sample=None,
    turn_based=True,
    checks=(check_invariants,),
    round_trips=check_round_trips,
)


def play(seed: int) -> Playout:
    return HARNESS.play(seed, alako.AlakoConfig(first=("roll", "south", "north")[seed % 3]))


@pytest.mark.parametrize("seed", playout_seeds(10))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    game = play(seed)
    state = game.state
    assert state.phase == alako.OVER
    result = alako.outcome(state)
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
    HARNESS.check_record_from_position(alako.AlakoConfig(), start, 6)
