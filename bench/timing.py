"""What the engine benchmarks share: whole games timed through the engine protocol
(``engine.protocol.Game``), and the line of figures printed for them."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def timed_game(
    rules: Any,
    start: Callable[[], Any],
    choose: Callable[[Any, str], Any],
    max_steps: int | None = None,
) -> tuple[float, int]:
    """Seconds and actions of one whole game: ``start()`` (timed too), then the first seat to
    act plays ``choose(state, seat)`` until the game is over or ``max_steps`` were played."""
    t0 = time.perf_counter()
    state = start()
    steps = 0
    while rules.outcome(state) is None and (max_steps is None or steps < max_steps):
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, choose(state, seat), seat)
        steps += 1
    return time.perf_counter() - t0, steps


def games_line(games: list[tuple[float, int]]) -> str:
    """The figures of timed games: median and longest time, median number of actions."""
    times = [t for t, _ in games]
    steps = [s for _, s in games]
    return (
        f"median {statistics.median(times) * 1e3:7.1f} ms, max {max(times) * 1e3:7.1f} ms, "
        f"median {statistics.median(steps):.0f} actions"
    )
