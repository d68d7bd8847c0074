"""Lines of Action engine speed: perft rates, and whole random games through the protocol.

Run: ``python bench/loa.py [--depth N] [--games N]``. Target (issue 6): perft to depth 4
from the standard start in under 10 s."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.loa import VARIANTS, LoaConfig, apply, legal_actions, new_game, to_act
from engine.loa.perft import perft


def bench_perft(variant: str, depth: int) -> None:
    state = new_game(LoaConfig(variant), seed=b"bench", game_id="bench")
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        count = perft(state, d)
        elapsed = time.perf_counter() - t0
        rate = count / elapsed if elapsed else 0.0
        print(f"  {variant:<12} depth {d}: {count:>10,}  {elapsed:7.3f} s  {rate:>12,.0f} leaves/s")


def random_game(variant: str, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    state = new_game(LoaConfig(variant), seed=b"bench", game_id=f"b{seed}")
    steps = 0
    while not state.over and steps < 2000:
        seat = to_act(state)[0]
        state, _ = apply(state, rng.choice(legal_actions(state, seat)), seat)
        steps += 1
    return time.perf_counter() - t0, steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print("perft (every action a ply; bulk-counted at the last ply):")
    t0 = time.perf_counter()
    bench_perft("standard", args.depth)
    print(f"  standard to depth {args.depth}: {time.perf_counter() - t0:.2f} s (target < 10 s)")
    bench_perft("scrambled", args.depth)
    for variant in ("parachute", "teams", "ambidextrous", "unbounded"):
        bench_perft(variant, 3)
    print("whole random games through apply/legal_actions:")
    for variant in VARIANTS:
        games = [random_game(variant, seed) for seed in range(args.games)]
        times = [t for t, _ in games]
        steps = [s for _, s in games]
        print(
            f"  {variant:<12} median {statistics.median(times) * 1e3:7.1f} ms, "
            f"max {max(times) * 1e3:7.1f} ms, median {statistics.median(steps):.0f} actions"
        )


if __name__ == "__main__":
    main()
