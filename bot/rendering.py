"""Where every picture is drawn: a pool of worker processes, one per core.

Drawing and PNG encoding hold the GIL, so pictures drawn in threads share one core however
many the machine has; worker processes use them all. The bot and the console start the pool
(:func:`start`) and shut it down (:func:`stop`); until then, and for a function a worker could
not import by name (a test's stand-in), :func:`render` draws in a thread of this process, so
the event loop never waits on a picture either way.

Each worker warms the renderer's caches (sprites, glyphs, static board layers) when it starts,
a replacement after a crash included. A worker that dies (``BrokenProcessPool``) takes the
pool with it: the pool is replaced and the picture drawn again, once."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.logs import event
from renderer.warm import warm as warm_here

log = logging.getLogger(__name__)

T = TypeVar("T")

# In a worker: the pictures its warm-up drew, and where the warm-up's calls meet (one per
# worker: a warmed worker would otherwise answer them all while the others still draw).
_warmed = 0
_meet: Any = None


class RenderError(RuntimeError):
    """The pool's workers died twice in a row drawing one picture."""


def _start_worker(warm: bool, meet: Any) -> None:
    """Each worker's initializer. The worker ends with the bot, even one killed outright: its
    task queue would not tell it (it holds that pipe's write end itself), the pipe it was
    started through does. A failed warm-up leaves pictures drawn cold, not a broken pool (an
    initializer that raises breaks the whole pool)."""
    global _warmed, _meet
    _meet = meet
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    if not warm:
        return
    try:
        _warmed = warm_here()
    except Exception:
        log.exception("warming a render worker failed")


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _worker() -> tuple[int, int]:
    """A worker's process id and the pictures its warm-up drew, once every worker is up."""
    _meet.wait(timeout=300)
    return os.getpid(), _warmed


class Pool:
    """A process pool that replaces itself when a worker dies."""

    def __init__(self, processes: int, *, warm_workers: bool = True) -> None:
        self.processes = processes
        self.warm_workers = warm_workers
        self.restarts = 0
        self._executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        # "spawn": a fork of the bot would copy its event loop, threads and open sockets.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            self.processes,
            mp_context=context,
            initializer=_start_worker,
            initargs=(self.warm_workers, context.Barrier(self.processes)),
        )

    async def warm(self) -> dict[int, int]:
        """Start every worker and wait for their warm-up; returns each worker's pictures."""
        executor = self._executor
        # Starting a process takes milliseconds: off the event loop.
        futures = await asyncio.to_thread(
            lambda: [executor.submit(_worker) for _ in range(self.processes)]
        )
        answers = await asyncio.gather(*(asyncio.wrap_future(f) for f in futures))
        return dict(answers)

    async def run(self, call: Callable[[], T], *, retry: bool = True) -> T:
        executor = self._executor
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, call)
        except BrokenProcessPool as exc:
            self._replace(executor)
            if not retry:
                raise RenderError("the render workers died twice drawing one picture") from exc
        # A worker died (a crash, the OOM killer): the new pool draws the picture once more.
        return await self.run(call, retry=False)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        # Every picture in flight fails at once: only the first replaces the pool.
        if broken is not self._executor:
            return
        self.restarts += 1
        event(log, "render_pool_restarted", level=logging.WARNING, restarts=self.restarts)
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = self._new()

    def shutdown(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)


_pool: Pool | None = None


def processes_for(setting: int | None) -> int:
    """Worker processes for a setting: ``None`` one per core, ``0`` none (threads)."""
    if setting is None:
        return os.cpu_count() or 1
    return max(setting, 0)


def start(processes: int | None = None, *, warm_workers: bool = True) -> int:
    """Start the pool (``None``: one worker per core; ``0``: no pool, threads). Workers
    start on :func:`warm` or on the first picture, and warm their caches first unless told
    not to. Returns the number of workers."""
    global _pool
    count = processes_for(processes)
    if _pool is None and count:
        _pool = Pool(count, warm_workers=warm_workers)
    return _pool.processes if _pool is not None else 0


def stop() -> None:
    """Shut the pool down (waits for the pictures being drawn; from a coroutine, call it
    through ``asyncio.to_thread``); renders go to threads again."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown()


def running() -> Pool | None:
    return _pool


async def warm() -> int:
    """Warm the renderer where pictures will be drawn: every worker of the pool, or this
    process (in a thread) when there is none. Returns the pictures (or workers) warmed."""
    if _pool is None:
        return await asyncio.to_thread(warm_here)
    return sum((await _pool.warm()).values())


def _importable(fn: Callable[..., Any]) -> bool:
    """Whether a worker can find ``fn`` by its module and name, as pickle sends it (a lambda
    or a test's local stand-in cannot be)."""
    target: Any = sys.modules.get(getattr(fn, "__module__", None) or "")
    for part in getattr(fn, "__qualname__", "<lambda>").split("."):
        target = getattr(target, part, None)
    return target is fn


async def render(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` (a module-level drawing function) in the pool, or in a thread
    when there is no pool or ``fn`` cannot be sent to a worker."""
    call = functools.partial(fn, *args, **kwargs)
    if _pool is None or not _importable(fn):
        return await asyncio.to_thread(call)
    return await _pool.run(call)
