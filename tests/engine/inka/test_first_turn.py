"""No statue can be taken in a player's first turn (RULINGS 4, issue 13).

Two kinds of evidence: simulated openings with the bench's random and greedy players (a
modest number by default, more with ``PLATEAU_PLAYOUTS``), and an exhaustive look at the
first seat's first turn after an opening: whatever single rhombus move it makes, no statue
of its colour is within reach of the AP left. The validator's moat rule covers the rest
(every way to a statue crosses 5 moat cells, and a rhombus move covers at most 2)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bench.inka import PLAYERS, greedy_player, play_game, rhombus_moves
from engine.inka import PLAY, InkaConfig, InkaState, apply, new_game
from engine.inka.layout import Layout
from engine.inka.state import DESTINATION_NAMES, Rhombus
from engine.inka.temple import MOAT_TO_CENTRE, TEMPLE, moat_crossed
from tests.engine.playouts import playout_seeds


@pytest.mark.parametrize("kind", sorted(PLAYERS))
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", playout_seeds(3))
def test_no_statue_is_taken_in_a_first_turn_of_a_simulated_game(
    kind: str, players: int, seed: int
) -> None:
    game = play_game(kind, players, seed, cap=1)  # stops once every seat has had a turn
    assert game.capped and not game.first_turn_statue


def _greedy_opening(seed: int, players: int) -> InkaState:
    rng = random.Random(seed)
    state = new_game(InkaConfig(players=players), seed=f"open-{seed}".encode(), game_id="o")
    while state.phase != PLAY:
        state, _ = apply(state, greedy_player(rng, state))
    return state


def _statue_in_reach(state: InkaState) -> bool:
    """Whether the seat to move could walk to one of its statues and still pay to take it."""
    seat = state.seat_to_move
    assert seat is not None
    lay = Layout.of(state)
    here = state.pawns[state.seats.index(seat)]
    best, _ = lay.costs(here, state.ap - 1)
    return any(
        lay.destination_at(c) is not None
        and seat in state.statues[DESTINATION_NAMES.index(lay.destination_at(c))]
        for c in best
    )


@pytest.mark.parametrize("seed", playout_seeds(2))
def test_after_any_single_rhombus_move_no_statue_is_in_reach(seed: int) -> None:
    state = _greedy_opening(seed, 2 + seed % 3)
    lay = Layout.of(state)
    # The opening left the moat open, so every start is MOAT_TO_CENTRE cells from a statue.
    assert not set(lay.covered) & TEMPLE.moat
    for start in TEMPLE.starts:
        assert min(moat_crossed(TEMPLE, start)[c] for c in TEMPLE.centre) >= MOAT_TO_CENTRE
    assert not _statue_in_reach(state)
    tried = 0
    for name, r in lay.rhombi.items():
        if r.is_destination:
            continue
        for action, after in rhombus_moves(lay, name):
            moved = [x if x.name != name else Rhombus(name, after) for x in state.rhombi]
            assert not _statue_in_reach(_with(state, moved)), f"{action} brings a statue near"
            tried += 1
    assert tried > 50


def _with(state: InkaState, rhombi: list[Rhombus]) -> InkaState:
    """The state after a rhombus move (its 1 AP paid), built directly: far cheaper than
    applying each of the hundreds of moves."""
    return replace(state, rhombi=tuple(rhombi), ap=state.ap - 1)
