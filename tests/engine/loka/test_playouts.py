"""Random whole games, from army selection to victory, with invariants checked at every step.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=500`` runs more."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine import loka
from engine.loka.pieces import KING
from engine.loka.terrain import ENTERABLE_BY
from engine.record import GameRecord
from tests.engine.playouts import Harness, Playout, playout_seeds, position_round_trip

CONFIGS = [
    {"players": 4},
    {"players": 3, "tiles": 0},
    {"players": 2, "combat": False},
    {"players": 4, "tiles": 6, "points": 250},
    {"players": 3, "combat": False, "tiles": 2},
    {"players": 4, "tiles": 0, "combat": False},
]


def check_invariants(state: loka.LokaState) -> None:
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
    if state.phase in (loka.BATTLE, loka.OVER):
        for army, a in enumerate(state.armies):
            assert kings[army] == (1 if a.alive else 0), f"{geo.seat_names[army]} kings"
    assert len(tiles) == len(state.tiles) <= max(9, state.config.tiles + 1)  # + a portal's pair
    assert (state.phase == loka.OVER) == (loka.outcome(state) is not None)


def check_views(state: loka.LokaState) -> None:
    geo = state.geometry
    for seat in (*geo.seat_names, None):
        seen = loka.view(state, seat)
        assert seen.dice.seed is None or state.phase == loka.OVER
        if state.phase != loka.SELECTION:
            assert seen.armies == state.armies
            continue
        for i, army in enumerate(seen.armies):
            ally = seat is not None and geo.seats[i].team == geo.seats[geo.seat_index[seat]].team
            if ally:
                assert army.draft == state.armies[i].draft
            else:
                assert army.draft is None and army.hidden
        assert json.dumps(loka.to_dict(seen)).count('"draft": [') == sum(
            1 for a in seen.armies if a.draft is not None
        )


def check_round_trips(state: loka.LokaState) -> None:
    if state.phase == loka.BATTLE and state.pending is None:
        again = position_round_trip(loka, state, state.config)
        assert again.board == state.board and again.tiles == state.tiles


def choose(
    rng: random.Random, state: loka.LokaState, seat: str, actions: list
) -> tuple[str, object]:
    drafted = state.armies[state.geometry.seat_index[seat]].draft is not None
    if state.phase == loka.SELECTION and drafted:
        return seat, loka.Confirm() if rng.random() < 0.8 else rng.choice(actions)
    return seat, rng.choice(actions)


HARNESS = Harness(
    loka,
    choose,
    sample=6,
    max_steps=4000,
    round_trip_every=7,
    checks=(check_invariants, check_views),
    round_trips=check_round_trips,
)


def play(seed: int, options: dict) -> Playout:
    return HARNESS.play(seed, loka.LokaConfig(**options))


@pytest.mark.parametrize("seed", playout_seeds(12))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    check_whole_game(seed, CONFIGS[seed % len(CONFIGS)])


def check_whole_game(seed: int, options: dict) -> loka.LokaState:
    """Play one random game and check its result and its record (also used for Face-off)."""
    game = play(seed, options)
    state = game.state
    assert state.phase == loka.OVER, f"no result after {game.steps} steps"
    result = loka.outcome(state)
    assert result is not None
    geo = state.geometry
    if result.winners:
        teams = {geo.seats[geo.seat_index[s]].team for s in result.winners}
        assert len(teams) == 1
        assert all(
            not state.armies[i].alive for i, s in enumerate(geo.seats) if s.team not in teams
        )
    HARNESS.check_record(game)
    return state


def test_replay_detects_a_tampered_roll() -> None:
    HARNESS.check_tampered_roll_is_caught(play(1, {"players": 4}), 20)


def test_seed_is_withheld_until_revealed_and_checked() -> None:
    record = play(2, {"players": 2}).record
    hidden = GameRecord.parse_text(record.export_text())
    assert hidden.seed is None
    with pytest.raises(ValueError, match="not revealed"):
        HARNESS.replay(hidden)
    forged = record.export_text(reveal_seed=True).replace(
        f'[Seed "{record.seed.hex()}"]', '[Seed "00ff"]'
    )
    with pytest.raises(ValueError, match="commitment"):
        GameRecord.parse_text(forged)


def test_same_seed_same_game() -> None:
    a = play(3, {"players": 4}).state
    b = play(3, {"players": 4}).state
    assert a == b
    c = replace(a)
    assert c == a
