"""How long does ``/<game> review`` take? (issue 32: a 200-action Loka game within 2 minutes
on 2 cores)

Run: ``python bench/review.py [--kind loka] [--actions 200] [--seed 1]``. Plays games of
``--kind`` between random players (the uniform player of ``bench/ai.py``) until one ends
after ``--actions`` actions or up to a quarter more (seeds ``--seed``, ``--seed + 1``...),
then reviews it as the bot does: each position searched in the render pool's background (a
worker per core, at the lowest priority), as many at once as there are workers. Prints the
game's length, the seconds the review took and the positions searched a second."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.player import knowledge_of
from ai.review import assemble, final_chances, position
from bench.ai import CONFIGS, random_action
from bot import rendering


def played(
    kind: str, seed: int, actions: int, most: int | None = None
) -> tuple[list, list, list[str]]:
    """A finished game of random players with at least ``actions`` actions (and at most
    ``most``): its states, its moves and its seats."""
    bench = CONFIGS[kind]
    rules = knowledge_of(bench.kind).rules
    for attempt in range(seed, seed + 200):
        rng = random.Random(attempt)
        state = rules.new(bench.config(), seed=f"review-{attempt}".encode(), game_id=f"r{attempt}")
        states, moves = [state], []
        while rules.outcome(state) is None and len(moves) < max(5 * actions, 3000):
            seat = rules.to_act(state)[0]
            action = random_action(rules.legal_actions(state, seat), rng)
            state, _ = rules.apply(state, action, seat)
            states.append(state)
            moves.append((seat, str(action)))
        if rules.outcome(state) is not None and actions <= len(moves) <= (most or len(moves)):
            return states, moves, list(bench.seats)
    raise SystemExit(f"no random {kind} game of {actions} actions or more ended")


async def review(kind: str, states: list, moves: list, seats: list[str]) -> float:
    workers = rendering.start(None)
    await rendering.up()
    width = max(1, workers)
    started = time.perf_counter()
    searched: list = []
    with rendering.background():
        for first in range(0, len(moves), width):
            searched += await asyncio.gather(
                *(
                    rendering.render(position, kind, states[n], moves[n][0], tuple(seats), n)
                    for n in range(first, min(first + width, len(moves)))
                )
            )
    rules = knowledge_of(kind).rules
    found = assemble(seats, moves, searched, final_chances(rules, states[-1], seats))
    took = time.perf_counter() - started
    await asyncio.to_thread(rendering.stop)
    print(f"turning points: {[(s.n, s.seat, s.judgement) for s in found.turning_points()]}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", default="loka-4", choices=sorted(CONFIGS))
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    states, moves, seats = played(args.kind, args.seed, args.actions, args.actions * 5 // 4)
    kind = CONFIGS[args.kind].kind
    print(f"{args.kind}: a game of {len(moves)} actions, {len(seats)} seats")
    took = asyncio.run(review(kind, states, moves, seats))
    workers = rendering.processes_for(None)
    print(
        f"review: {took:.1f} s on {workers} background workers, {len(moves) / took:.1f} positions/s"
    )
    print("target: a 200-action Loka game within 120 s on 2 cores")


if __name__ == "__main__":
    main()
