"""Time for the stand-in: real by default, and able to jump forward so a test can make an
interaction late (3 s) or a token stale (15 min) without waiting."""

from __future__ import annotations

import time


class Clock:
    """Monotonic seconds plus an offset that :meth:`advance` moves forward.

    The stand-in measures Discord's deadlines with it, so they are real by default; a test
    jumps over them with ``standin.clock.advance(4)``. Rate-limit windows are *not* measured
    with it: discord.py waits them out with ``asyncio.sleep``, which only real time ends."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def wall(self) -> float:
        """Epoch seconds, moved by the same offset (message timestamps)."""
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time only moves forward")
        self.offset += seconds
