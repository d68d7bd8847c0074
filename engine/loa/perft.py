"""Counting legal action sequences (perft), the move generator's self-check.

Every action is a ply: a Parachute turn is two (the move, then the placement, one per empty
square). A position where the game has ended (a connection, or nobody able to act) has no
children; forced passes are not plies (the turn simply passes on)."""

from __future__ import annotations

import argparse
import sys
import time

from engine.errors import EngineError
from engine.loa.config import VARIANTS, LoaConfig
from engine.loa.rules import PLACE, Mode, Situation, actions_of, play_move, play_place
from engine.loa.state import LoaState


def perft(state: LoaState, depth: int) -> int:
    if state.over or state.offer is not None or depth < 1:
        return 0
    return _perft(state.mode, state.situation(), depth)


def _perft(mode: Mode, sit: Situation, depth: int) -> int:
    actions = actions_of(mode, sit)
    if depth == 1:
        return len(actions)
    play = play_place if sit.step == PLACE else play_move
    total = 0
    for action in actions:
        turn = play(mode, sit, action)
        if turn.result is None:
            total += _perft(mode, turn.situation, depth - 1)
    return total


def divide(state: LoaState, depth: int) -> list[tuple[str, int]]:
    """Perft of each first action (to find where two move generators disagree)."""
    from engine.loa.game import apply, legal_actions

    out = []
    for action in legal_actions(state):
        child, _ = apply(state, action)
        out.append((str(action), 1 if depth <= 1 else perft(child, depth - 1)))
    return out


def run(argv: list[str]) -> int:
    """``python -m engine.perft loa --variant standard --depth 4``."""
    from engine.loa.game import new_game
    from engine.loa.position import state_from_position

    parser = argparse.ArgumentParser(prog="python -m engine.perft loa", description=__doc__)
    parser.add_argument("--variant", choices=VARIANTS, default="standard")
    parser.add_argument("--first", choices=("white", "black"), default="white")
    parser.add_argument("--position", default=None, help="a position text (default: the start)")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--divide", action="store_true", help="per first action, at --depth")
    args = parser.parse_args(argv)
    try:
        if args.position:
            state = state_from_position(args.position, seed=b"perft", game_id="perft")
        else:
            config = LoaConfig(args.variant, args.first)
            state = new_game(config, seed=b"perft", game_id="perft")
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.divide:
        total = 0
        for text, count in divide(state, args.depth):
            print(f"{text}: {count}")
            total += count
        print(f"total: {total}")
        return 0
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        count = perft(state, depth)
        elapsed = time.perf_counter() - start
        rate = count / elapsed if elapsed else 0.0
        print(f"depth {depth}: {count}  ({elapsed:.3f} s, {rate:,.0f} leaves/s)")
    return 0
