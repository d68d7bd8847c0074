"""Whole games from set-up to victory, 2 to 4 players, with invariants checked at every step.

The players are random but purposeful: most of the time they play as the simulation bench's
greedy player (``bench/inka.py``: bridge the moat, take statues, head for an exit), else they
take a statue when they can, head for the centre, or move a rhombus or block at random, so
games end. A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=200`` runs
more."""

from __future__ import annotations

import json
import random

import pytest

from bench.inka import greedy_player
from engine import inka
from engine.inka.layout import Layout
from engine.inka.temple import SAMPLE_LAYOUT, TEMPLE
from tests.engine.playouts import Harness, Playout, playout_seeds, position_round_trip

BOARD = TEMPLE.board


def check_invariants(state: inka.InkaState) -> None:
    lay = Layout.of(state)
    seen: set[int] = set()
    for r in state.rhombi:
        cells = BOARD.rhombus_cells(r.placement)
        assert cells is not None, f"rhombus {r.name} left the temple"
        assert not seen & set(cells), f"rhombus {r.name} overlaps another"
        seen |= set(cells)
    pawns = [c for i, c in enumerate(state.pawns) if c is not None and not state.out[i]]
    assert len(pawns) == len(set(pawns)), "two pawns on one cell"
    for c in pawns:
        assert lay.walkable(c), f"a pawn over the chasm on {BOARD.names[c]}"
    blocked = [lay.covered[c] for c in state.blockers if c is not None and c in lay.covered]
    assert len(blocked) == len(set(blocked)), "two blockers on one path rhombus"
    for c in state.blockers:
        if c is not None:
            assert c not in pawns and lay.destination_at(c) is None
    assert 0 <= state.ap <= state.config.action_points
    for seat in state.seats:
        assert 0 <= state.carried(seat) <= 3
    if state.phase == inka.OVER:
        assert inka.outcome(state) is not None
    else:
        assert len(inka.to_act(state)) == 1 and inka.outcome(state) is None


def check_round_trips(state: inka.InkaState) -> None:
    seen = inka.view(state, state.seats[0])
    assert (seen.dice.seed is None) == (state.phase != inka.OVER)
    if state.phase != inka.OVER:
        assert '"seed": null' in json.dumps(inka.to_dict(seen))
    if state.phase == inka.PLAY:
        position_round_trip(inka, state, state.config)


GREEDY = 0.6  # the share of play-phase choices made by the greedy player


def choose(
    rng: random.Random, state: inka.InkaState, seat: str, actions: list
) -> tuple[str, object]:
    assert seat == state.seat_to_move
    if state.phase != inka.PLAY:
        if state.phase == "build" and rng.random() < 0.7:
            a, b = SAMPLE_LAYOUT[state.drawn]  # type: ignore[index]
            wanted = inka.Place(state.drawn, a, b)  # type: ignore[arg-type]
            if wanted in actions:
                return seat, wanted
        return seat, rng.choice(actions)
    if rng.random() < GREEDY:
        return seat, greedy_player(rng, state)
    takes = [a for a in actions if isinstance(a, inka.Take)]
    if takes:
        return seat, takes[0]
    goes = [a for a in actions if isinstance(a, inka.Go)]
    done = state.carried(seat) == 3
    lay = Layout.of(state)
    if done:
        exits = [a for a in goes if BOARD.parse(a.cell) in TEMPLE.exits]
        if exits:
            return seat, exits[0]
    else:
        mine = [
            a
            for a in goes
            if (d := lay.destination_at(BOARD.parse(a.cell))) is not None
            and seat in state.statues["ABC".index(d)]
        ]
        if mine:
            return seat, rng.choice(mine)
    roll = rng.random()
    moves = [a for a in actions if isinstance(a, inka.Slide | inka.Rotate)]
    if moves and roll < 0.35:
        return seat, rng.choice(moves)
    if goes and roll < 0.8:
        key = (
            (lambda a: -BOARD.ring(BOARD.parse(a.cell)))
            if done
            else (lambda a: BOARD.ring(BOARD.parse(a.cell)))
        )
        best = min(key(a) for a in goes)
        return seat, rng.choice([a for a in goes if key(a) == best])
    return seat, rng.choice(
        [a for a in actions if not isinstance(a, inka.Slide | inka.Rotate | inka.Go)]
    )


# A stubborn game ends at the step cap: the seat to move gives up.
HARNESS = Harness(
    inka,
    choose,
    turn_based=True,
    sample=4,
    max_steps=700,
    round_trip_every=9,
    seed_prefix="inka",
    checks=(check_invariants,),
    round_trips=check_round_trips,
)


def play(seed: int, players: int) -> Playout:
    return HARNESS.play(seed, inka.InkaConfig(players=players))


@pytest.mark.parametrize("seed", playout_seeds(6))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    game = play(seed, 2 + seed % 3)
    result = inka.outcome(game.state)
    assert result is not None and len(result.winners) == 1
    HARNESS.check_record(game)


def test_some_games_are_won_by_escaping() -> None:
    ends = [play(seed, 2).state.termination for seed in (100, 101, 102)]
    assert "escaped" in ends


def test_replay_detects_a_tampered_draw() -> None:
    HARNESS.check_tampered_roll_is_caught(play(7, 2), 13)
