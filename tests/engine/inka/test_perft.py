"""Perft: counts agree with the legal actions, and ``python -m engine.perft inka`` runs."""

from __future__ import annotations

from engine.inka import apply, legal_actions
from engine.inka.perft import DEFAULT_POSITION, perft
from engine.perft import games, main
from tests.engine.inka.helpers import position


def test_perft_depth_one_counts_the_legal_actions() -> None:
    state = position(DEFAULT_POSITION)
    assert perft(state, 1) == len(legal_actions(state)) == 335


def test_perft_depth_two_is_pinned() -> None:
    """Every action of the default position, applied, and every action after it (issue 36:
    speed-ups of move generation keep this count)."""
    assert perft(position(DEFAULT_POSITION), 2) == 110353


def test_perft_depth_two_on_a_small_position() -> None:
    state = position("red: j4; blue: a18; ap: 0")
    # With no AP: free walks, blocks and end; each leads to blue's fresh turn or red's walk.
    first = legal_actions(state)
    expected = sum(len(legal_actions(apply(state, a)[0])) for a in first)
    assert perft(state, 2) == expected


def test_the_perft_tool_is_dispatched(capsys) -> None:
    assert "inka" in games()
    assert main(["inka", "--depth", "1"]) == 0
    assert "depth 1: 335" in capsys.readouterr().out
    assert main(["inka", "--position", "nonsense"]) == 2
