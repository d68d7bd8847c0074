"""Reviewing a finished game: each seat's chance of winning before and after every action,
the turning points (the actions after which their side's chance fell most) with the better
choice the search saw, and each player's accuracy.

Chances come from the search (``ai.search.analyse``) run on the *full* state: the game is
over, so every secret is out and nothing needs guessing but the dice, which are reseeded as
for a computer player. Chess asks Stockfish instead when it is installed, and judges as
lichess does: its centipawns as a winning chance, inaccuracies, mistakes and blunders by the
fall of that chance, and accuracy per player by lichess's formula (a move's accuracy from the
fall of its mover's chance; a player's, the mean of their volatility-weighted and harmonic
means over the game). Everything here is pure and picklable: the bot runs it in the render
pool's background, one position at a time, so it never delays a move."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.levels import Level
from ai.player import knowledge_of
from ai.search import analyse
from engine.protocol import Game
from engine.standard_chess import ChessState
from engine.standard_chess.state import PLAY

# lichess: win% = 50 + 50 * (2 / (1 + exp(-k * cp)) - 1); here as a chance in [0, 1].
WIN_COEFFICIENT = 0.00368208
# lichess's judgements fall by .3 / .2 / .1 of a winning chance in [-1, 1], that is by
# 0.15 / 0.10 / 0.05 of a chance in [0, 1].
JUDGEMENTS = ((0.15, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))
# The search's budget for one position of a review, an eighth of a strong player's: a
# crowded Loka position takes about half a second, so a 200-action game is reviewed within
# a minute on two workers (bench/review.py).
REVIEW_LEVEL = Level("review", iterations=150, seconds=1.0, knowledge=True, depth=6)
TURNING_POINTS = 3  # the most a review shows
HINTS = 3  # the choices a hint shows
HINT_LEVEL = "strong"  # a hint is what this computer player would do
# Actions that are no move on the board: a resignation or a draw agreed is never judged.
NOT_JUDGED = frozenset({"resign", "offer draw", "accept draw", "decline draw", "claim"})


def win_chance(centipawns: float) -> float:
    """The chance of winning for the side whose evaluation ``centipawns`` is (lichess)."""
    return 1 / (1 + math.exp(-WIN_COEFFICIENT * centipawns))


def judgement(drop: float) -> str | None:
    """What a fall of the mover's chance of winning by ``drop`` (in [0, 1]) is called."""
    return next((name for least, name in JUDGEMENTS if drop >= least), None)


def move_accuracy(before: float, after: float) -> float:
    """A move's accuracy in percent from its mover's chance before and after it (lichess)."""
    drop = max(0.0, before - after) * 100
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


@dataclass(frozen=True)
class Step:
    """One action of the game, reviewed: its number (from 1), who made it and how, every
    seat's chance of winning before and after it, and the search's own first choice."""

    n: int
    seat: str
    action: str
    before: dict[str, float]
    after: dict[str, float]
    best: str | None

    @property
    def drop(self) -> float:
        """How much the action lowered its mover's chance (0 when it did not)."""
        return max(0.0, self.before[self.seat] - self.after[self.seat])

    @property
    def judgement(self) -> str | None:
        if self.best == self.action or self.action in NOT_JUDGED:
            return None
        return judgement(self.drop)


@dataclass(frozen=True)
class Review:
    seats: tuple[str, ...]
    steps: tuple[Step, ...]

    def turning_points(self, most: int = TURNING_POINTS) -> list[Step]:
        """The actions after which their side's chance fell most (an inaccuracy at least),
        the worst first."""
        judged = [s for s in self.steps if s.judgement is not None]
        return sorted(judged, key=lambda s: (-s.drop, s.n))[:most]

    def curve(self, seat: str) -> list[float]:
        """``seat``'s chance of winning at the start and after each action."""
        if not self.steps:
            return []
        return [self.steps[0].before[seat], *(s.after[seat] for s in self.steps)]

    def accuracy(self, seat: str) -> float | None:
        """``seat``'s accuracy in percent over its actions (lichess's game accuracy: the
        mean of the volatility-weighted mean and the harmonic mean of its moves' accuracies,
        the weights being how much the chances moved around each move); None if it made no
        action."""
        curve = self.curve(seat)
        mine = [i for i, step in enumerate(self.steps) if step.seat == seat]
        if not mine:
            return None
        size = max(2, min(8, len(self.steps) // 10))
        weights = []
        for i in range(len(curve) - 1):
            window = curve[max(0, i + 2 - size) : i + 2]
            weights.append(max(0.5, min(12.0, statistics.pstdev(window) * 100)))
        moves = [move_accuracy(self.steps[i].before[seat], self.steps[i].after[seat]) for i in mine]
        weight = [weights[i] for i in mine]
        weighted = sum(a * w for a, w in zip(moves, weight, strict=True)) / sum(weight)
        harmonic = statistics.harmonic_mean([max(a, 1.0) for a in moves])
        return (weighted + harmonic) / 2

    def counts(self, seat: str) -> dict[str, int]:
        """How many inaccuracies, mistakes and blunders ``seat`` made."""
        found = {name: 0 for _, name in reversed(JUDGEMENTS)}
        for step in self.steps:
            if step.seat == seat and step.judgement is not None:
                found[step.judgement] += 1
        return found


def final_chances(rules: Game[Any, Any], state: Any, seats: Sequence[str]) -> dict[str, float]:
    """Each seat's chance in a finished game: 1 won, 0 lost, 0.5 drawn."""
    outcome = rules.outcome(state)
    if outcome is None:
        raise ValueError("the game is not over")
    return {s: 0.5 if outcome.is_draw else float(s in outcome.winners) for s in seats}


def position(
    kind: str, state: Any, seat: str, seats: Sequence[str], seed: int, level: Level = REVIEW_LEVEL
) -> tuple[dict[str, float], str]:
    """One position of a review, searched from the full ``state`` for ``seat`` (the one to
    act): every seat's chance of winning, and the search's first choice (its text). Seeded,
    untimed: the same review every time. Module level, for the render pool's workers."""
    if kind == "chess" and state.phase == PLAY:
        judged = _stockfish(state)
        if judged is not None:
            return judged
    knowledge = knowledge_of(kind)
    # A seat may resign (or offer a draw) out of turn: it has no move to compare with, so
    # the chances come from the seat that was to act, and there is no best move.
    acting = knowledge.rules.to_act(state)
    searched = seat if seat in acting or not acting else acting[0]
    found = analyse(
        knowledge, state, searched, level, random.Random(seed), timed=False, watch=tuple(seats)
    )
    return found.chances, str(found.choices[0].action) if searched == seat else ""


def _stockfish(state: ChessState) -> tuple[dict[str, float], str] | None:
    """A chess position as Stockfish sees it (None without Stockfish)."""
    from ai.stockfish import stockfish_eval  # python-chess's engine module: chess only

    found = stockfish_eval(state.board)
    if found is None:
        return None
    centipawns, best = found
    white = win_chance(centipawns)
    return {"white": white, "black": 1 - white}, best or ""


def hint(
    kind: str, view: Any, seat: str, seed: int, *, timed: bool = True
) -> list[tuple[str, float]]:
    """What the strong computer player would do for ``seat`` from its ``view`` alone: its
    top choices (action text, the seat's chance of winning after it as its search saw it),
    best first. Chess asks Stockfish for its best lines when it is installed."""
    if kind == "chess" and view.phase == PLAY and seat == view.turn:
        from ai.stockfish import stockfish_lines

        lines = stockfish_lines(view.board, HINTS)
        if lines:
            sign = 1 if seat == "white" else -1
            return [(move, win_chance(sign * score)) for score, move in lines if move]
    rng = random.Random(seed)
    found = analyse(knowledge_of(kind), view, seat, HINT_LEVEL, rng, timed=timed)
    return [
        (str(c.action), c.chance)
        for c in found.choices[:HINTS]
        if c.visits or c is found.choices[0]
    ]


def assemble(
    seats: Sequence[str],
    moves: Sequence[tuple[str, str]],
    searched: Sequence[tuple[dict[str, float], str]],
    final: dict[str, float],
) -> Review:
    """The review of a game from its ``moves`` (seat, action text), the search's result
    before each of them, and the chances at its end."""
    if len(searched) != len(moves):
        raise ValueError("one searched position per action")
    steps = []
    for n, ((seat, action), (before, best)) in enumerate(zip(moves, searched, strict=True)):
        after = searched[n + 1][0] if n + 1 < len(searched) else final
        steps.append(Step(n + 1, seat, action, before, after, best))
    return Review(tuple(seats), tuple(steps))


def review(
    kind: str,
    states: Sequence[Any],
    moves: Sequence[tuple[str, str]],
    seats: Sequence[str],
    seed: int = 0,
) -> Review:
    """The review of a finished game of ``kind`` between ``seats``, in this process:
    ``states[i]`` the state before ``moves[i]`` (seat, action text), ``states[-1]`` its end."""
    rules = knowledge_of(kind).rules
    searched = [
        position(kind, state, seat, seats, seed + n)
        for n, (state, (seat, _)) in enumerate(zip(states, moves, strict=False))
    ]
    return assemble(seats, moves, searched, final_chances(rules, states[-1], seats))
