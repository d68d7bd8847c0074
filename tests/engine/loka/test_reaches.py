"""``reaches`` (an attack's support, asked for every piece near the target) looks along the
one way to the target instead of listing every target: it must answer as the targets do,
for every piece and square, with terrain, portals and mountain passes, on the cross and in
Face-off. ``PLATEAU_PLAYOUTS=50`` checks more games."""

from __future__ import annotations

import pytest

from engine import loka
from engine.loka.movegen import reaches, targets
from tests.engine.loka.test_playouts import HARNESS
from tests.engine.playouts import playout_seeds

CONFIGS = [
    {"players": 4, "tiles": 9, "points": 250},
    {"board": "faceoff", "players": 2, "tiles": 8},
    {"players": 3},
]


def battle_states(seed: int, options: dict[str, object], every: int = 5) -> list[loka.LokaState]:
    """Every ``every``-th state of the battle of one random game."""
    states = HARNESS.play(seed, loka.LokaConfig(**options)).states
    return [s for s in states[::every] if s.phase == loka.BATTLE and s.pending is None]


@pytest.mark.parametrize("seed", playout_seeds(3))
def test_reaches_answers_as_the_targets_do(seed: int) -> None:
    checked = 0
    for state in battle_states(seed, CONFIGS[seed % len(CONFIGS)]):
        geo, terrain, board = state.geometry, state.terrain, state.board
        for src in geo.squares:
            if board[src]:
                listed = set(targets(geo, terrain, board, src, board[src]))
                found = {dst for dst in geo.squares if reaches(geo, terrain, board, src, dst)}
                assert found == listed, (loka.format_position(loka.position_of(state)), src)
                checked += 1
    assert checked > 100
