"""Chess played by the search alone (``bench/ai.py``'s ``chess-search``, the fallback when
no Stockfish is installed), pinned: at fixed seeds each level takes the same decisions, with
the same visit counts and chances, and the rules the search sees list the same actions,
reach the same states and evaluate them the same along whole games. Speed-ups of the AI
(issue 36) must leave all of it unchanged; a change of strength (the evaluation, a level)
changes these figures on purpose, and says so.

By default easy and normal decide at every pinned position and strong at one, and a bench
game of normal against easy is pinned over its first actions; ``PLATEAU_TEST_PINNED_ALL=1``
has strong decide everywhere and plays whole bench games (strong against normal too).
``python -m tests.ai.test_chess_pinned`` prints the figures as the code gives them now."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from ai.games.chess import KNOWLEDGE, determinize, evaluate
from ai.search import candidates
from bench.ai import CONFIGS
from engine import standard_chess
from engine.standard_chess import actions
from engine.standard_chess.serialize import to_dict
from engine.standard_chess.state import SEATS, ChessState
from tests.ai import pinned

RULES = KNOWLEDGE.rules
LEVELS = pinned.fixed_levels(strong=500)  # chess-search's budgets when it was pinned
STEPS = (0, 9, 24, 47, 80)  # the steps searched in the game of seed 0
STRONG = (24,)  # strong's by default
TRACED = range(3)  # the games whose rules are traced, by seed
ALL = os.environ.get("PLATEAU_TEST_PINNED_ALL") == "1"


def game(seed: int, steps: int = 400) -> tuple[str, dict[int, ChessState]]:
    """A game played at random (never resigning nor offering a draw) from a fixed seed,
    ``steps`` actions at most: a digest of every legal action list (the engine's and the
    search's), evaluation, state and event along it, and its states."""
    rng = random.Random(seed)
    state = RULES.new(CONFIGS["chess-search"].config(), seed=f"pin{seed}".encode(), game_id="p")

    def seen(state: ChessState, seat: str, actions: list[Any]) -> str:
        engine = standard_chess.legal_actions(state, seat)
        values = [evaluate(state, s) for s in SEATS]
        return "|".join(map(str, engine)) + "|".join(map(str, actions)) + repr(values)

    return pinned.traced(RULES, state, lambda a: rng.choice(candidates(a)), steps, to_dict, seen)


def decisions(*, strong_everywhere: bool = False) -> dict[str, list[Any]]:
    """Each level's three most tried choices (action, visits, chance) at the pinned steps."""
    _, kept = game(0, max(STEPS) + 1)
    out: dict[str, list[Any]] = {}
    for name, level in LEVELS.items():
        for step in STEPS if name != "strong" or strong_everywhere else STRONG:
            out.setdefault(name, []).append(
                [step, pinned.top_choices(KNOWLEDGE, kept[step], level, step)]
            )
    return out


TRACES = ("54c9af00694dc5b4", "00d2f0fee680d6db", "ba7043f37df27e57")
DECISIONS = "af30bb4751129179"
STRONG_EVERYWHERE = "6795fdf41d954013"

# Bench games of seed 0 (``bench/ai.py --fixed``, the first level as White), cut after so
# many actions (``None``: the whole game): the final state's digest and the actions played,
# checked against the code before the speed-up.
BENCH_GAMES: dict[tuple[str, str, int | None], str] = {
    ("normal", "easy", 24): "187b4630c31485b7 24",
    ("normal", "easy", None): "59710452f0d28c08 95",  # PLATEAU_TEST_PINNED_ALL=1
    ("strong", "normal", None): "924df566c8450782 245",
}
DEFAULT_GAMES = (("normal", "easy", 24),)


def bench_game(first: str, second: str, cut: int | None) -> str:
    """A bench game's final state (its digest) and length."""
    bench = CONFIGS["chess-search"]
    players = pinned.sides(LEVELS, first, second, SEATS)
    return pinned.bench_result("chess", bench.config(), players, cut or bench.max_steps, to_dict)


def test_the_bench_plays_the_pinned_games() -> None:
    chosen = [key for key in BENCH_GAMES if ALL or key in DEFAULT_GAMES]
    assert [bench_game(*key) for key in chosen] == [BENCH_GAMES[key] for key in chosen]


def test_the_rules_play_the_pinned_games() -> None:
    assert tuple(game(seed)[0] for seed in TRACED) == TRACES


def test_each_level_takes_the_pinned_decisions() -> None:
    pinned.assert_pinned({"chess": DECISIONS}, lambda _: decisions())


@pytest.mark.skipif(not ALL, reason="PLATEAU_TEST_PINNED_ALL=1: strong at every pinned step")
def test_strong_takes_the_pinned_decisions_everywhere() -> None:
    pinned.assert_pinned({"chess": STRONG_EVERYWHERE}, lambda _: decisions(strong_everywhere=True))


def test_the_search_claims_a_draw_where_the_engine_does() -> None:
    """Games where a side often takes back its last move (positions repeat, draws can be
    claimed) and else moves at random: the search's legal actions are the engine's at every
    step, the claim included (``ai.games.chess.may_repeat`` only skips looking where none
    can be claimed)."""
    claims = 0
    for seed in range(4 if not ALL else 40):
        rng = random.Random(seed)
        state = RULES.new(CONFIGS["chess-search"].config(), seed=b"claims", game_id="c")
        for _ in range(120):
            if RULES.outcome(state) is not None:
                break
            found = RULES.legal_actions(state, state.turn)
            assert found == standard_chess.legal_actions(state, state.turn)
            claims += actions.ClaimDraw() in found
            moves = [a for a in found if isinstance(a, actions.Move)]
            back = state.moves[-2][2:4] + state.moves[-2][:2] if state.ply > 1 else ""
            undo = [a for a in moves if a.text == back]
            state, _ = RULES.apply(
                state, rng.choice(undo if undo and rng.random() < 0.6 else moves)
            )
    assert claims > 0  # (the games do reach claims)


def test_the_search_s_boards_find_the_repetitions_python_chess_finds() -> None:
    """The same take-back games, long enough for fivefold repetitions: at every step the
    search's board (``determinize``'s ``SharedBoard``, which restores past positions rather
    than popping and pushing moves) answers every repetition question as python-chess's
    own board does, and leaves the game unchanged."""
    repeated = {2: 0, 3: 0, 5: 0}
    for seed in range(3 if not ALL else 30):
        rng = random.Random(seed)
        state = RULES.new(CONFIGS["chess-search"].config(), seed=b"fivefold", game_id="f")
        for _ in range(160):
            board = state.board
            shared = determinize(state, state.turn, rng).board
            assert type(shared) is not type(board)
            for count in repeated:
                found = shared.is_repetition(count)
                assert found == board.is_repetition(count)
                repeated[count] += found
            assert shared.can_claim_threefold_repetition() == board.can_claim_threefold_repetition()
            assert shared.outcome() == board.outcome()
            assert shared.fen() == board.fen() and shared.move_stack == board.move_stack
            if board.outcome() is not None:
                break
            moves = [
                a for a in RULES.legal_actions(state, state.turn) if isinstance(a, actions.Move)
            ]
            back = state.moves[-2][2:4] + state.moves[-2][:2] if state.ply > 1 else ""
            undo = [a for a in moves if a.text == back]
            state, _ = RULES.apply(
                state, rng.choice(undo if undo and rng.random() < 0.8 else moves)
            )
    assert all(repeated.values())  # (the games do repeat, five times too)


if __name__ == "__main__":
    print(tuple(game(seed)[0] for seed in TRACED))
    print(pinned.digest(decisions()))
    if ALL:
        print(pinned.digest(decisions(strong_everywhere=True)))
    print(json.dumps(decisions()))
