"""Lines of Action engine speed: perft rates, and whole random games through the protocol.

Run: ``python bench/loa.py [--depth N] [--games N]``. Target (issue 36, was 10 s in issue
6): perft to depth 4 from the standard start in under 2 s."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import games_line, timed_game
from engine.loa import RULES, VARIANTS, LoaConfig, legal_actions, new_game
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
    return timed_game(
        RULES,
        lambda: new_game(LoaConfig(variant), seed=b"bench", game_id=f"b{seed}"),
        lambda state, seat: rng.choice(legal_actions(state, seat)),
        max_steps=2000,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print("perft (every action a ply; bulk-counted at the last ply):")
    t0 = time.perf_counter()
    bench_perft("standard", args.depth)
    print(f"  standard to depth {args.depth}: {time.perf_counter() - t0:.2f} s (target < 2 s)")
    bench_perft("scrambled", args.depth)
    for variant in ("parachute", "teams", "ambidextrous", "unbounded"):
        bench_perft(variant, 3)
    print("whole random games through apply/legal_actions:")
    for variant in VARIANTS:
        games = [random_game(variant, seed) for seed in range(args.games)]
        print(f"  {variant:<12} {games_line(games)}")


if __name__ == "__main__":
    main()
