"""Where the CPU went (Linux): the time processes ran, waited for a core, and spent on the
CPU, read from ``/proc``; what ``bench/render.py`` and ``bench/load.py`` print of the render
workers (issue 36)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

LINUX = Path("/proc/self/schedstat").exists()


@dataclass(frozen=True)
class Scheduled:
    """Seconds, summed over some processes: running, ready to run but waiting for a core
    (other work on the machine), and CPU time (user + system)."""

    running: float = 0.0
    waiting: float = 0.0
    cpu: float = 0.0

    def __sub__(self, other: Scheduled) -> Scheduled:
        return Scheduled(
            self.running - other.running, self.waiting - other.waiting, self.cpu - other.cpu
        )


def scheduled(pids: list[int]) -> Scheduled:
    """What the processes ``pids`` have had so far (nothing where /proc does not say)."""
    if not LINUX:
        return Scheduled()
    running = waiting = cpu = 0.0
    for pid in pids:
        ran, waited, _ = Path(f"/proc/{pid}/schedstat").read_text().split()
        running, waiting = running + int(ran) / 1e9, waiting + int(waited) / 1e9
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return Scheduled(running, waiting, cpu)


def shares(spent: Scheduled, processes: int, wall: float) -> str:
    """Each process's share of ``wall`` seconds running, waiting for a core, and asleep."""
    running, waiting = spent.running / processes / wall, spent.waiting / processes / wall
    asleep = max(0.0, 1 - running - waiting)
    return f"running {running:.0%}, waiting for a core {waiting:.0%}, asleep {asleep:.0%}"


def render_workers() -> list[int]:
    """The process ids of ``bot.rendering``'s pool's workers (none without a pool). At a
    commit whose pool cannot say (before issue 36), read from its executor."""
    from bot import rendering

    pool = rendering.running()
    if pool is None:
        return []
    named = getattr(pool, "workers", None)
    if named is not None:
        return list(named())
    return list(getattr(getattr(pool, "_executor", None), "_processes", None) or ())
