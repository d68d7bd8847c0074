"""Random whole games with the invariants checked at every step.

A modest number of seeded games run by default; ``PLATEAU_PLAYOUTS=500`` runs more."""

from __future__ import annotations

import random

import pytest

from engine import standard_chess as chess
from tests.engine.playouts import Harness, Playout, playout_seeds, position_round_trip


def check_invariants(state: chess.ChessState) -> None:
    assert (state.phase == chess.OVER) == (chess.outcome(state) is not None)
    if state.phase == chess.OVER:
        return
    assert chess.view(state, "white").dice.seed is None
    for seat in chess.to_act(state):
        for action in chess.legal_actions(state, seat):
            assert chess.parse_action(str(action)) == action
    moves = [a for a in chess.legal_actions(state) if isinstance(a, chess.Move)]
    if moves:
        probe = moves[len(state.moves) % len(moves)]
        assert chess.resolve(state, chess.san(state, probe)) == probe  # SAN and UCI agree


def check_round_trips(state: chess.ChessState) -> None:
    position_round_trip(chess, state, state.config)


def choose(rng: random.Random, state: chess.ChessState, seat: str, actions: list) -> tuple:
    # Resigning and accepting end the game at once: keep them rare.
    common = [a for a in actions if not isinstance(a, chess.Resign | chess.AcceptDraw)]
    return seat, rng.choice(actions if rng.random() < 0.01 else common)


# Applying an action copies the board with its whole move stack, and each round trip replays
# the game: one extra action tried a step, round trips every tenth ply. A game still running
# at the step cap stops where it is.
HARNESS = Harness(
    chess,
    choose,
    sample=1,
    max_steps=600,
    round_trip_every=10,
    checks=(check_invariants,),
    round_trips=check_round_trips,
)


def play(seed: int) -> Playout:
    return HARNESS.play(seed, chess.ChessConfig(("white", "black", "random")[seed % 3]))


@pytest.mark.parametrize("seed", playout_seeds(6))
def test_random_game_keeps_every_invariant(seed: int) -> None:
    game = play(seed)
    HARNESS.check_record(game)
    pgn = chess.read_pgn(chess.export_pgn(game.state))
    assert pgn.position == chess.position_of(game.state)
