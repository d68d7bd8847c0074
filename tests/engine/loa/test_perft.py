"""Perft of the standard and Scrambled Eggs starts, checked against an independent count.

The independent method is :func:`naive_perft` below: it shares no code with the engine. The
board is a plain dict of ``(file, rank) -> 'w'/'b'``; for each piece and each of the eight
directions it walks the whole board to count the pieces on the line (both ways, itself
included), then steps square by square to the target, refusing a path through an enemy or
off the board and a landing on its own piece; a move is played by copying the dict, and a
finished game (a side whose pieces are one 8-connected group, checked by a breadth-first
search, the mover first) has no children. The expected numbers below were produced by this
function and are asserted for both counters, so a change in either is caught."""

from __future__ import annotations

import pytest

from engine.loa import LoaConfig, new_game
from engine.loa.config import SCRAMBLED_START, STANDARD_START
from engine.loa.perft import divide, perft, run

EIGHT = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]

EXPECTED = {
    "standard": [36, 1244, 44952],
    "scrambled": [32, 992, 32000],
}


def _board(layout: dict[int, tuple[str, ...]]) -> dict[tuple[int, int], str]:
    board = {}
    for colour, names in layout.items():
        for name in names:
            board[(ord(name[0]) - 97, int(name[1:]) - 1)] = "wb"[colour]
    return board


def naive_moves(board: dict, me: str) -> list[tuple]:
    out = []
    for (f, r), who in board.items():
        if who != me:
            continue
        for df, dr in EIGHT:
            count = 0
            for i in range(-8, 9):
                if (f + i * df, r + i * dr) in board:
                    count += 1
            ok = True
            for i in range(1, count + 1):
                sq = (f + i * df, r + i * dr)
                if not (0 <= sq[0] < 8 and 0 <= sq[1] < 8):
                    ok = False
                    break
                if i < count and board.get(sq) not in (None, me):
                    ok = False
                    break
                if i == count and board.get(sq) == me:
                    ok = False
            if ok:
                out.append(((f, r), (f + count * df, r + count * dr)))
    return out


def naive_connected(board: dict, who: str) -> bool:
    mine = [sq for sq, w in board.items() if w == who]
    if not mine:
        return False
    seen, queue = {mine[0]}, [mine[0]]
    while queue:
        f, r = queue.pop(0)
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nb = (f + df, r + dr)
                if board.get(nb) == who and nb not in seen:
                    seen.add(nb)
                    queue.append(nb)
    return len(seen) == len(mine)


def naive_perft(board: dict, me: str, depth: int) -> int:
    other = "b" if me == "w" else "w"
    moves = naive_moves(board, me)
    if depth == 1:
        return len(moves)
    total = 0
    for src, dst in moves:
        child = dict(board)
        del child[src]
        child[dst] = me
        if naive_connected(child, me) or naive_connected(child, other):
            continue
        total += naive_perft(child, other, depth - 1)
    return total


@pytest.mark.parametrize(
    ("variant", "layout"), [("standard", STANDARD_START), ("scrambled", SCRAMBLED_START)]
)
def test_perft_matches_an_independent_naive_count(variant: str, layout: dict) -> None:
    state = new_game(LoaConfig(variant), seed=b"p", game_id="p")
    board = _board(layout)
    for depth, expected in enumerate(EXPECTED[variant], 1):
        assert naive_perft(board, "w", depth) == expected
        assert perft(state, depth) == expected


def test_36_first_moves_and_black_first_is_symmetric() -> None:
    white = new_game(seed=b"p", game_id="p")
    black = new_game(LoaConfig(first="black"), seed=b"p", game_id="p")
    assert perft(white, 1) == 36
    assert [perft(black, d) for d in (1, 2)] == [36, 1244]


def test_divide_sums_to_perft() -> None:
    state = new_game(seed=b"p", game_id="p")
    parts = divide(state, 2)
    assert len(parts) == 36 and sum(n for _, n in parts) == 1244


def test_every_variant_has_a_perft(capsys: pytest.CaptureFixture[str]) -> None:
    for variant in ("parachute", "teams", "ambidextrous", "unbounded"):
        state = new_game(LoaConfig(variant), seed=b"p", game_id="p")
        assert perft(state, 2) > 0
    assert run(["--variant", "parachute", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "depth 1: 18" in out and "depth 2: 936" in out  # 18 moves x 52 empty squares
    assert run(["--position", "white: a1 c3; black: h8 h1; turn: black", "--depth", "1"]) == 0
    assert run(["--position", "nonsense", "--depth", "1"]) == 2
