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

from engine.loka import (
    OVER,
    SELECTION,
    Confirm,
    LokaConfig,
    apply,
    legal_actions,
    new_game,
    state_from_position,
    to_act,
)
from engine.loka.geometry import CROSS

# 64 pieces: four full 16-piece armies, some advanced into the centre, all nine tiles.
CROWDED = (
    "fire: Ke1 Qf4 Rd1 Ri1 Bf1 Bg1 Nh1 Nd3 Pd2 Pe3 Pf2 Pg3 Ph2 Pi2 Pe5 Pg5; "
    "earth: Ka6 Qd7 Ra4 Ra9 Ba5 Ba8 Na7 Nc4 Pb4 Pc5 Pb6 Pc7 Pb8 Pb9 Pe6 Pe8; "
    "water: Kf12 Qg9 Rd12 Ri12 Be12 Bh12 Ng12 Ni10 Pd11 Pe10 Pf11 Pg10 Ph11 Pi11 Pf8 Ph8; "
    "air: Kl7 Qi6 Rl4 Rl9 Bl5 Bl8 Nl6 Nj9 Pk4 Pj5 Pk6 Pj7 Pk8 Pk9 Ph6 Ph5; "
    "terrain: castle@f6 forest@g7 lake@e7 eyrie@h7 marsh@g6 stone@d8 pass@f5/n "
    "portal@d5 portal@i8; turn: fire"
)


def bench_generation(repeats: int) -> list[float]:
    state = state_from_position(CROWDED, seed=b"bench", game_id="bench")
    pieces = sum(1 for p in state.board if p)
    per_seat = []
    for army in CROSS.seat_names:
        seat_state = replace(state, turn=CROSS.seat_index[army])
        per_seat.append((army, seat_state, len(legal_actions(seat_state))))
    print(
        f"crowded position: {pieces} pieces, {len(state.tiles)} tiles; legal actions per army: "
        + ", ".join(f"{a} {n}" for a, _, n in per_seat)
    )
    times = []
    for i in range(repeats):
        s = per_seat[i % 4][1]
        t0 = time.perf_counter()
        legal_actions(s)
        times.append(time.perf_counter() - t0)
    return times


def random_game(seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    state = new_game(LokaConfig(), seed=f"bench-{seed}".encode(), game_id=f"b{seed}")
    steps = 0
    while state.phase != OVER:
        seat = to_act(state)[0]
        if state.phase == SELECTION and state.armies[CROSS.seat_index[seat]].draft is not None:
            action = Confirm()
        else:
            action = rng.choice(legal_actions(state, seat))
        state, _ = apply(state, action, seat)
        steps += 1
    return time.perf_counter() - t0, steps


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
    durations = [d for d, _ in games]
    steps = [s for _, s in games]
    print(
        f"whole random 4-player game: median {statistics.median(durations) * 1e3:.1f} ms, "
        f"max {max(durations) * 1e3:.1f} ms, median {statistics.median(steps):.0f} actions "
        f"(target < 1 s)"
    )


if __name__ == "__main__":
    main()
