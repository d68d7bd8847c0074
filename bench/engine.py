"""Loka engine speed: full legal-action generation in a crowded midgame, and whole games.

Run: ``python bench/engine.py [--games N]``. Targets (issue 2): < 2 ms per generation,
< 1 s per whole random 4-player game."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import games_line, timed_game
from engine import loka
from engine.loka.geometry import CROSS
from renderer.demo import CROWDED  # 64 pieces: four full armies, all nine tiles


def bench_generation(repeats: int) -> list[float]:
    state = loka.state_from_position(CROWDED, seed=b"bench", game_id="bench")
    pieces = sum(1 for p in state.board if p)
    per_seat = []
    for army in CROSS.seat_names:
        seat_state = replace(state, turn=CROSS.seat_index[army])
        per_seat.append((army, seat_state, len(loka.legal_actions(seat_state))))
    print(
        f"crowded position: {pieces} pieces, {len(state.tiles)} tiles; legal actions per army: "
        + ", ".join(f"{a} {n}" for a, _, n in per_seat)
    )
    times = []
    for i in range(repeats):
        s = per_seat[i % 4][1]
        t0 = time.perf_counter()
        loka.legal_actions(s)
        times.append(time.perf_counter() - t0)
    return times


def random_game(seed: int) -> tuple[float, int]:
    rng = random.Random(seed)

    def choose(state: loka.LokaState, seat: str) -> loka.Action:
        if state.phase == loka.SELECTION and state.armies[CROSS.seat_index[seat]].draft is not None:
            return loka.Confirm()
        return rng.choice(loka.legal_actions(state, seat))

    def start() -> loka.LokaState:
        return loka.new_game(loka.LokaConfig(), seed=f"bench-{seed}".encode(), game_id=f"b{seed}")

    return timed_game(loka.RULES, start, choose)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=2000)
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    gen = bench_generation(args.repeats)
    print(
        f"legal-action generation: median {statistics.median(gen) * 1e3:.3f} ms, "
        f"p90 {sorted(gen)[int(len(gen) * 0.9)] * 1e3:.3f} ms (target < 2 ms)"
    )
    games = [random_game(seed) for seed in range(args.games)]
    print(f"whole random 4-player game: {games_line(games)} (target < 1 s)")


if __name__ == "__main__":
    main()
