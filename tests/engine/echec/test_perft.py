"""Perft: counts of legal action sequences from known positions (the generator's
self-check), and the command-line tool."""

from __future__ import annotations

from engine.echec import state_from_position
from engine.echec.perft import DEFAULT_POSITION, divide, perft, run
from engine.perft import main


def test_the_set_up_counts() -> None:
    state = state_from_position(DEFAULT_POSITION, seed=b"p", game_id="p")
    # 10 bases x 3 turns + 5 infantry advances + end.
    assert [perft(state, d) for d in (1, 2, 3)] == [36, 1290, 46434]


def test_a_small_position_counted_by_hand() -> None:
    state = state_from_position(
        "south: K1a1n H2e4n; north: K1i9s M2e5s; turn: south; actions: 1",
        seed=b"p",
        game_id="p",
    )
    # King: 8 advances + 3 turns; heavy infantry with one action: one attack; end.
    assert perft(state, 1) == 13
    assert sum(n for _, n in divide(state, 2)) == perft(state, 2)


def test_the_tool_prints_the_counts(capsys) -> None:
    assert main(["echec", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "depth 1: 36" in out and "depth 2: 1290" in out
    assert run(["--position", "south: nonsense"]) == 2
