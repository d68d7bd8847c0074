"""Random whole games of every variant, with invariants checked at every step.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=500`` runs more."""

from __future__ import annotations

import random

import pytest

from engine import loa
from tests.engine.helpers import check_position_text
from tests.engine.playouts import Harness, Playout, playout_seeds, position_round_trip


def check_invariants(state: loa.LoaState) -> None:
    squares = [(f, r) for f, r, _ in state.pieces]
    assert len(set(squares)) == len(squares), "two pieces on one square"
    if state.config.bounded:
        assert all(0 <= f < 8 and 0 <= r < 8 for f, r in squares)
    counts = [sum(1 for *_, c in state.pieces if c & 1 == colour) for colour in (0, 1)]
    for colour in (0, 1):
        assert 1 <= counts[colour] + state.held[colour ^ 1] <= 12
    if state.config.variant not in ("teams", "ambidextrous"):
        assert all(not c & 2 for *_, c in state.pieces), "a marked piece outside the variants"
    assert state.over == (loa.outcome(state) is not None)


def check_round_trips(state: loa.LoaState) -> None:
    if state.over or state.offer is not None:  # a position text has no result, no offer
        check_position_text(loa, loa.position_of(state))
        return
    again = position_round_trip(loa, state, state.config)
    assert again.pieces == state.pieces and again.turn == state.turn


def check_views(state: loa.LoaState) -> None:
    for seat in (*state.seats, None):
        seen = loa.view(state, seat)
        assert (seen.dice.seed is None) != state.over
        assert seen.pieces == state.pieces and seen.held == state.held


def choose(rng: random.Random, state: loa.LoaState, seat: str, actions: list) -> tuple[str, object]:
    """At random; now and then a seat (any seat) offers a draw, which is accepted now and then."""
    roll = rng.random()
    offerer = rng.randrange(len(state.seats))
    if state.offer is None and roll < 0.01 and state.offered[offerer % 2] != state.moves:
        return state.seats[offerer], loa.parse_action("offer draw")
    if state.offer is not None:
        return seat, actions[0] if roll < 0.2 else actions[1]  # accept now and then
    return seat, rng.choice(actions)


# Random LOA games end long before the step cap almost always.
HARNESS = Harness(
    loa,
    choose,
    max_steps=600,
    checks=(check_invariants, check_views),
    round_trips=check_round_trips,
)


def play(seed: int, variant: str) -> Playout:
    first = "black" if seed % 3 == 2 else "white"
    return HARNESS.play(seed, loa.LoaConfig(variant, first))


@pytest.mark.parametrize("seed", playout_seeds(12))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    game = play(seed, loa.VARIANTS[seed % len(loa.VARIANTS)])
    HARNESS.check_record(game)
    state = game.state
    if state.over and state.termination == "connected":
        (colour,) = {s.rstrip("12") for s in loa.outcome(state).winners}
        assert state.board().connected(("white", "black").index(colour))


def test_a_record_from_a_position_replays() -> None:
    start = "variant: parachute; white: a2 c5 h8; black: e4 e6; held: white 1, black 0"
    HARNESS.check_record_from_position(loa.LoaConfig("parachute"), start, 4)
