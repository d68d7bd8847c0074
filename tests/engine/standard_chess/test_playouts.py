"""Random whole games with the invariants checked at every step (PLAYOUTS env for more)."""

from __future__ import annotations

import random

from engine.record import GameRecord
from engine.standard_chess import (
    OVER,
    RULES,
    AcceptDraw,
    ChessConfig,
    Move,
    Resign,
    apply,
    export_pgn,
    format_position,
    from_dict,
    initial_state,
    legal_actions,
    new_game,
    new_record,
    outcome,
    parse_action,
    parse_position,
    position_of,
    read_pgn,
    resolve,
    san,
    to_act,
    to_dict,
    view,
)
from tests.engine.playouts import playout_seeds


def _check(state, rng: random.Random, step: int) -> None:  # type: ignore[no-untyped-def]
    if step % 10 == 0 or state.phase == OVER:  # each replays the whole game: not every ply
        assert from_dict(to_dict(state)) == state
        assert parse_position(format_position(position_of(state))) == position_of(state)
    if state.phase != OVER:
        assert view(state, "white").dice.seed is None
        for seat in to_act(state):
            for action in legal_actions(state, seat):
                assert parse_action(str(action)) == action
        moves = [a for a in legal_actions(state) if isinstance(a, Move)]
        if moves:
            probe = rng.choice(moves)
            assert resolve(state, san(state, probe)) == probe  # SAN and UCI agree
    else:
        assert outcome(state) is not None and to_act(state) == ()


def test_random_games_keep_every_invariant() -> None:
    for n in playout_seeds(6):
        rng = random.Random(n)
        seed = bytes([n]) * 8
        config = ChessConfig(rng.choice(["white", "black", "random"]))
        state = new_game(config, seed=seed, game_id=f"p{n}")
        record = new_record(config, seed, f"p{n}")
        for step in range(600):
            _check(state, rng, step)
            if state.phase == OVER:
                break
            seat = rng.choice(to_act(state))
            actions = legal_actions(state, seat)
            # Resigning and accepting end the game at once: keep them rare.
            common = [a for a in actions if not isinstance(a, Resign | AcceptDraw)]
            action = rng.choice(actions if rng.random() < 0.01 else common)
            state, events = apply(state, action, seat)
            record.add(seat, action, events)
        replayed = GameRecord.parse_text(record.export_text(reveal_seed=True)).replay(
            initial_state, RULES
        )
        assert replayed == state
        game = read_pgn(export_pgn(state))
        assert game.position == position_of(state)
