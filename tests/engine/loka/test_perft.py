"""Perft: the fast move counter agrees with hand counts and with the full rules engine."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine.loka as loka
from engine.loka import OVER, LokaConfig, LokaState, state_from_position
from engine.loka.perft import DEFAULT_POSITION as DEFAULT_LOKA
from engine.loka.perft import perft
from engine.perft import LoadedDice, leaves, main


def slow_perft(state: LokaState, depth: int) -> int:
    """Count through the public apply with combat off, the definition perft stands for."""
    return leaves(state, depth, loka, lambda s: s.phase != OVER)


def start(text: str) -> LokaState:
    state = state_from_position(text, LokaConfig(combat=False), seed=b"p", game_id="p")
    return replace(state, dice=LoadedDice())  # the highest face: a marsh spares everyone


def test_two_lone_kings_by_hand() -> None:
    state = start("fire: Ke1; earth: Ka6; turn: fire")
    # e1: d1 f1 d2 e2 f2; a6: a5 a7 b5 b6 b7.
    assert [perft(state, d) for d in (1, 2)] == [5, 25]


def test_promotion_choices_count_as_separate_actions() -> None:
    state = start("fire: Ke1 Pe11; earth: Ka6; turn: fire")
    assert perft(state, 1) == 5 + 4


def test_back_to_back_is_an_action() -> None:
    state = start("fire: Kd1 Pe6; water: Ki12 Pe7; earth: Ka6; turn: fire")
    # Kd1: c? no (missing) -> e1 d2 e2; the pawn's only move is the swap with the water pawn.
    assert perft(state, 1) == 3 + 1


def test_capturing_the_last_enemy_king_ends_the_line() -> None:
    state = start("fire: Ke5; earth: Kf6; turn: fire")
    # Eight king moves, one of which takes the only enemy king: no reply is counted after it;
    # after the seven others the earth king has its eight moves (one may attack the fire king).
    assert perft(state, 1) == 8
    assert perft(state, 2) == 7 * 8


@pytest.mark.parametrize(
    "text",
    [
        DEFAULT_LOKA,
        "fire: Ke1 Bd4 Pe2 Nf1; earth: Ka6 Pb6 Rb5; water: Ke12 Pe7; air: Kl7 Qk7; "
        "terrain: portal@d4 portal@h9 marsh@e5 forest@f6 pass@g5/n eyrie@f3; turn: fire",
        "fire: Kf1 Pe6 Pf2 Rd1; earth: Ka5 Pd5 Nb4; water: Kg12 Pe7 Qf9; air: Kl6 Pj6 Bk5; "
        "terrain: lake@e4 stone@d3 castle@f5 pass@h7/e; turn: earth",
    ],
)
def test_fast_perft_matches_the_rules_engine(text: str) -> None:
    state = start(text)
    for depth in (1, 2, 3):
        assert perft(state, depth) == slow_perft(state, depth), f"depth {depth}"


def test_default_position_regression() -> None:
    state = start(DEFAULT_LOKA)
    assert [perft(state, d) for d in (1, 2, 3)] == [15, 164, 3542]


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["loka", "--position", "fire: Ke1; earth: Ka6; turn: fire", "--depth", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("depth 1: 5 ") and out[1].startswith("depth 2: 25 ")
    assert main(["loka", "--position", "fire: Ke1; turn: fire", "--depth", "1"]) == 2
