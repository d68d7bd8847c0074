"""Stockfish plays standard chess: legal moves, a mate in one, and None when there is no
engine (the caller then uses the generic search)."""

from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from ai import stockfish
from ai.stockfish import STRENGTHS, find_stockfish, stockfish_move
from engine.standard_chess import RULES, ChessConfig, Move
from engine.standard_chess.state import BLACK, OVER, WHITE, ChessState

SEED = b"stockfish-tests"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"  # Ra8#


def _binary() -> str:
    path = find_stockfish()
    if path is None:
        pytest.skip("no Stockfish binary: apt-get install stockfish, or set PLATEAU_STOCKFISH")
    return path


def _game(start: str | None = None, **config: str) -> ChessState:
    extra = {"start": start} if start else {}
    return RULES.new(ChessConfig(**config), seed=SEED, game_id="sf", **extra)


def _random_position(rng: random.Random) -> ChessState:
    """A game after a few random moves (still going)."""
    state = _game()
    for _ in range(rng.randrange(0, 40)):
        moves = [a for a in RULES.legal_actions(state, state.turn) if isinstance(a, Move)]
        after, _ = RULES.apply(state, rng.choice(moves), state.turn)
        if after.phase == OVER:
            break
        state = after
    return state


def _fake_program(folder: Path, body: str) -> Path:
    path = folder / "stockfish"
    path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_the_chosen_move_is_legal_at_every_level() -> None:
    _binary()
    rng = random.Random(16)
    for level in STRENGTHS:
        for _ in range(4):
            state = _random_position(rng)
            view = RULES.view(state, state.turn)
            move = stockfish_move(view, level)
            assert isinstance(move, Move)
            assert move in RULES.legal_actions(state, state.turn)
            RULES.apply(state, move, state.turn)  # the engine takes it


def test_it_finds_a_mate_in_one() -> None:
    _binary()
    state = _game(MATE_IN_ONE)
    move = stockfish_move(RULES.view(state, WHITE), "strong")
    assert move == Move("a1a8")
    after, _ = RULES.apply(state, move, WHITE)
    assert after.termination == "checkmate"
    assert RULES.outcome(after).winners == {WHITE}


def test_it_plays_black_too() -> None:
    _binary()
    state, _ = RULES.apply(_game(), Move("e2e4"), WHITE)
    move = stockfish_move(RULES.view(state, BLACK), "normal", seat=BLACK)
    assert move is not None
    assert move in RULES.legal_actions(state, BLACK)


def test_nothing_to_choose_gives_none() -> None:
    _binary()
    toss = _game(color="random")
    assert stockfish_move(RULES.view(toss, WHITE), "strong") is None
    # Black waits on a draw offer White made on White's own turn: answering is not a move.
    offered, _ = RULES.apply(_game(), RULES.parse_action("offer"), WHITE)
    assert stockfish_move(RULES.view(offered, BLACK), "strong", seat=BLACK) is None
    assert stockfish_move(RULES.view(offered, WHITE), "strong", seat=WHITE) is not None
    mated, _ = RULES.apply(_game(MATE_IN_ONE), Move("a1a8"), WHITE)
    assert stockfish_move(RULES.view(mated, BLACK), "strong") is None


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        stockfish_move(_game(), "grandmaster")


def test_a_dead_engine_is_started_again() -> None:
    _binary()
    state = _game()
    assert stockfish_move(state, "easy") is not None
    engine = stockfish._ENGINE._engine
    assert engine is not None
    os.kill(engine.protocol.transport.get_pid(), 9)
    move = stockfish_move(state, "easy")
    assert move in RULES.legal_actions(state, WHITE)
    assert stockfish._ENGINE._engine is not engine


EXITING = """
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from ai.stockfish import stockfish_move
from engine.standard_chess import RULES, ChessConfig
state = RULES.new(ChessConfig(), seed=b"x", game_id="exit")
print(stockfish_move(state, "easy"))
with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
    print(*pool.map(stockfish_move, [state] * 2, ["easy", "normal"]))
"""


def test_processes_and_pool_workers_still_exit() -> None:
    """The engine's I/O thread must not keep a process (or a pool worker) alive at exit."""
    _binary()
    root = Path(__file__).resolve().parents[2]
    with subprocess.Popen(
        [sys.executable, "-c", EXITING],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # so that a hang can be ended with all it started
    ) as child:
        try:
            out, err = child.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            pytest.fail("a process that used Stockfish did not exit")
    assert child.returncode == 0, err
    assert len(out.split()) == 3


def test_a_missing_binary_gives_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PLATEAU_STOCKFISH", "/nonexistent")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_stockfish() is None
    assert stockfish_move(_game(), "normal") is None
    # Without the setting: PATH, then Debian's place, both empty here.
    monkeypatch.delenv("PLATEAU_STOCKFISH")
    monkeypatch.setattr(stockfish, "DEBIAN_PATH", str(tmp_path / "nothing"))
    assert find_stockfish() is None
    assert stockfish_move(_game(), "normal") is None


def test_it_is_looked_for_on_path_then_in_debians_place(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("PLATEAU_STOCKFISH", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(stockfish, "DEBIAN_PATH", "/bin/sh")
    assert find_stockfish() == "/bin/sh"
    on_path = _fake_program(tmp_path, "exit 0")
    assert find_stockfish() == str(on_path)


def test_a_broken_binary_gives_none(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    broken = _fake_program(tmp_path, "exit 3")
    monkeypatch.setenv("PLATEAU_STOCKFISH", str(broken))
    assert find_stockfish() == str(broken)
    assert stockfish_move(_game(), "normal") is None
