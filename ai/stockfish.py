"""Standard chess played by Stockfish, through python-chess's UCI support.

The one module of ``ai`` that does I/O: it runs the Stockfish binary (Debian's ``stockfish``
package, or the program ``PLATEAU_STOCKFISH`` names) as a child process and asks it for
moves. It is called in the bot's process pool, never on an event loop, so it uses python-chess's
synchronous ``SimpleEngine``: one engine process per worker process, started on first use,
started again if it died, closed when the process exits. That close has to come before Python
waits for its threads (``SimpleEngine`` talks to the engine from a thread of its own, which
would otherwise keep the process, or a pool worker, from ever exiting), hence
``threading._register_atexit`` rather than ``atexit``.

Stockfish only chooses moves: :func:`stockfish_move` answers None whenever it has nothing to
say (no binary, the colour toss, the game over, the seat not to move) and the caller falls back
to the generic search (``ai.search``). Playing a move declines an opponent's standing draw
offer, as the rules say."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import chess
import chess.engine

from engine.standard_chess import ChessState, Move
from engine.standard_chess.state import PLAY

T = TypeVar("T")

ENV = "PLATEAU_STOCKFISH"
DEBIAN_PATH = "/usr/games/stockfish"  # Debian installs games outside PATH for most users


@dataclass(frozen=True)
class Strength:
    skill: int  # Stockfish's "Skill Level", 0 (weakest) to 20
    nodes: int
    """Positions searched per move: a fixed budget, so that a busy machine makes a level
    slower, never weaker (a time limit did the latter). About 0.05, 0.1 and 0.5 s on one
    busy core of the bench machine (~500,000 nodes/s, docs/ai.md)."""


STRENGTHS = {
    "easy": Strength(skill=0, nodes=25_000),
    "normal": Strength(skill=5, nodes=50_000),
    "strong": Strength(skill=20, nodes=250_000),
}

# Small and polite: one core and a little memory per worker process.
OPTIONS = {"Threads": 1, "Hash": 16}


def find_stockfish() -> str | None:
    """The Stockfish program to run, or None when there is none.

    ``PLATEAU_STOCKFISH``, when set, is the only place looked at (so it can also turn
    Stockfish off: point it at nothing); otherwise ``stockfish`` on PATH, then Debian's
    ``/usr/games/stockfish``."""
    chosen = os.environ.get(ENV)
    candidates = [chosen] if chosen else [shutil.which("stockfish"), DEBIAN_PATH]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


class _Engine:
    """This process's Stockfish: started lazily, restarted if it died or if the program to
    run changed, never shared with a forked child (its I/O thread stays in the parent)."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """Start afresh, without closing anything: in a forked child, whose inherited
        engine (and lock) belong to the parent."""
        self._lock = threading.Lock()
        self._engine: chess.engine.SimpleEngine | None = None
        self._path: str | None = None

    def play(self, path: str, board: chess.Board, strength: Strength) -> chess.Move | None:
        result = self._asked(
            path,
            lambda engine: engine.play(
                board,
                chess.engine.Limit(nodes=strength.nodes),
                options={"Skill Level": strength.skill},
            ),
        )
        return None if result is None else result.move

    def analyse(
        self, path: str, board: chess.Board, limit: chess.engine.Limit, lines: int = 1
    ) -> list[chess.engine.InfoDict] | None:
        # Full strength: a review judges moves, it does not play them.
        return self._asked(
            path,
            lambda engine: engine.analyse(board, limit, multipv=lines, options={"Skill Level": 20}),
        )

    def _asked(self, path: str, ask: Callable[[chess.engine.SimpleEngine], T]) -> T | None:
        """``ask`` this process's engine, started again once if it died meanwhile; None when
        there is no engine to ask."""
        with self._lock:
            for attempt in range(2):
                engine = self._running(path)
                if engine is None:
                    return None
                try:
                    return ask(engine)
                except (chess.engine.EngineTerminatedError, chess.engine.EngineError):
                    self._drop()
                    if attempt:
                        return None
        return None

    def _running(self, path: str) -> chess.engine.SimpleEngine | None:
        if self._engine is not None and self._path != path:
            self._drop()
        if self._engine is None:
            try:
                engine = chess.engine.SimpleEngine.popen_uci(path)
            except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError):
                return None
            self._engine, self._path = engine, path
            try:
                engine.configure(OPTIONS)
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError):
                self._drop()
        return self._engine

    def _drop(self) -> None:
        engine, self._engine, self._path = self._engine, None, None
        if engine is not None:
            with contextlib.suppress(Exception):  # it is dead or dying either way
                engine.close()

    def close(self) -> None:
        with self._lock:
            self._drop()

    def cpu_seconds(self) -> float | None:
        """The CPU time this process's engine has used so far (Linux's ``/proc``), or None
        when it is not running or that cannot be read."""
        engine = self._engine
        if engine is None:
            return None
        try:
            transport = engine.protocol.transport
            if transport is None:
                return None
            pid = transport.get_pid()
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            # utime and stime: the 14th and 15th fields, the 12th and 13th after the name.
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (AttributeError, OSError, ValueError, IndexError):
            return None


_ENGINE = _Engine()
os.register_at_fork(after_in_child=_ENGINE.forget)
# typeshed leaves out this private hook, the only one that runs before threads are joined.
threading._register_atexit(_ENGINE.close)  # type: ignore[attr-defined]


def stockfish_cpu_seconds() -> float | None:
    """The CPU time this process's Stockfish has used so far, or None (none running, or no
    ``/proc``): the bench adds its growth to a chess decision's own CPU time, Stockfish
    thinking in a process of its own."""
    return _ENGINE.cpu_seconds()


def stockfish_move(view: ChessState, level: str, seat: str | None = None) -> Move | None:
    """Stockfish's move for the side to move in a chess view, at ``level`` (easy, normal or
    strong), as the engine's :class:`Move` (one of ``legal_actions``); None when there is no
    Stockfish or nothing for it to choose: the colour toss, a finished game, or ``seat``
    (default: the side to move) not being the side to move."""
    if level not in STRENGTHS:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(STRENGTHS)}")
    if view.phase != PLAY or (seat is not None and seat != view.turn):
        return None
    board = view.board
    if board.is_game_over(claim_draw=False):
        return None
    path = find_stockfish()
    if path is None:
        return None
    move = _ENGINE.play(path, board, STRENGTHS[level])
    if move is None or move not in board.legal_moves:
        return None
    return Move(move.uci())


# A review's look at one position: deep enough to judge a club player's move, quick enough
# for a long game to be reviewed in a minute or two.
REVIEW_LIMIT = chess.engine.Limit(depth=12, time=0.5)
MATE_SCORE = 100_000  # a mate as centipawns: any win chance rounds to 1


def stockfish_lines(board: chess.Board, lines: int = 1) -> list[tuple[int, str]] | None:
    """Stockfish's ``lines`` best moves in ``board`` (UCI), best first, each with its
    evaluation for White in centipawns (a mate as a huge score); None when there is no
    Stockfish. A finished position has no move: its result as the only, empty, line."""
    if board.is_game_over(claim_draw=False):
        result = board.result(claim_draw=False)
        return [({"1-0": MATE_SCORE, "0-1": -MATE_SCORE}.get(result, 0), "")]
    path = find_stockfish()
    if path is None:
        return None
    infos = _ENGINE.analyse(path, board, REVIEW_LIMIT, lines)
    if not infos:
        return None
    found = []
    for info in infos:
        if "score" not in info or not info.get("pv"):
            continue
        score = info["score"].white().score(mate_score=MATE_SCORE)
        found.append((score if score is not None else 0, info["pv"][0].uci()))
    return found or None


def stockfish_eval(board: chess.Board) -> tuple[int, str | None] | None:
    """Stockfish's evaluation of ``board`` for White in centipawns and its best move in UCI
    (None in a finished position), or None when there is no Stockfish."""
    found = stockfish_lines(board)
    if found is None:
        return None
    score, best = found[0]
    return score, best or None
