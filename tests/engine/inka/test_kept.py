"""What the engine keeps to answer faster (issue 36) answers as it did: a layout shared
between states is the one the state makes afresh, the cells a blocker may take in one pass
are those ``block_problem`` accepts one by one, and the map of what stops a rhombus says
what the rules say (another rhombus, a blocker, a pawn not riding on it)."""

from __future__ import annotations

import random

from engine.inka import InkaConfig, apply, legal_actions, new_game
from engine.inka.layout import Layout
from engine.inka.temple import TEMPLE
from engine.inka.turn import block_problem, blockable

CELLS = range(TEMPLE.board.size)


def stops(lay: Layout, name: str, cell: int) -> bool:
    """The rules' obstacle for rhombus ``name``, spelled out."""
    owner = lay.covered.get(cell)
    if owner is not None and owner != name:
        return True
    return cell in lay.blockers or (cell in lay.pawns and owner != name)


def test_kept_answers_are_the_answers_made_afresh() -> None:
    rng = random.Random(5)
    state = new_game(InkaConfig(players=3), seed=b"kept", game_id="kept")
    checked = 0
    for _ in range(160):
        actions = legal_actions(state)
        if not actions:
            break
        lay, fresh = Layout.of(state), Layout.made(state)
        assert (lay.covered, lay.walls, lay.pawns, lay.blockers) == (
            fresh.covered,
            fresh.walls,
            fresh.pawns,
            fresh.blockers,
        )
        assert blockable(lay) == [c for c in CELLS if block_problem(fresh, c) is None]
        for name in lay.rhombi:
            assert [lay.blocked_for(name, c) for c in CELLS] == [
                stops(fresh, name, c) for c in CELLS
            ]
        checked += 1
        state, _ = apply(state, rng.choice(actions))
    assert checked > 100
