"""Perft: counts on a position small enough to check by hand, and the command line."""

from __future__ import annotations

from engine.alako import state_from_position
from engine.alako.perft import DEFAULT_POSITION, perft
from engine.perft import main

BOXED = "south: Ki11 Hi11 Pa5 Wa4w Wa4n; north: Kh11 Hb5 Pi10 Wi8n"


def test_a_spin_has_eight_chance_children() -> None:
    state = state_from_position(BOXED, seed=b"p", game_id="p")
    assert perft(state, 1) == 8
    assert perft(state, 1, "distinct") == 7


def test_depth_two_by_hand() -> None:
    """After the spin: each "1" face (two of them) allows one move (dismount s onto the
    north princess); tower, wall and 2 walls two segments each (b4n or the rung a4e) or
    ``pass`` (building is optional); the 2, the cannon and the ladder end the turn, and
    North's spin has eight faces."""
    state = state_from_position(BOXED, seed=b"p", game_id="p")
    assert perft(state, 2) == 2 * 1 + 3 + 3 + 3 + 8 + 8 + 8
    # The two "1" lines win at once: nothing follows them at depth 3.
    assert perft(state, 3) > 0


def test_the_sample_position_counts() -> None:
    state = state_from_position(DEFAULT_POSITION, seed=b"p", game_id="p")
    assert [perft(state, d) for d in (1, 2, 3, 4)] == [8, 52, 402, 3086]


def test_the_command_line_dispatches_to_alako(capsys) -> None:
    assert main(["alako", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "depth 1: 8" in out and "depth 2: 52" in out
    assert main(["alako", "--position", "south: nonsense"]) == 2
