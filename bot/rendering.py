"""Where every picture is drawn: a pool of worker processes, one per core.

Drawing and PNG encoding hold the GIL, so pictures drawn in threads share one core however
many the machine has; worker processes use them all. The bot and the console start the pool
(:func:`start`) and shut it down (:func:`stop`); until then, and for a function a worker could
not import by name (a test's stand-in), :func:`render` draws in a thread of this process, so
the event loop never waits on a picture either way.

Warming never delays a live picture. Each worker starts with the renderer's warm state (its
fitted palettes: most of a game's first picture) handed over from a file kept on disk
(``PLATEAU_CACHE_DIR``), so a first picture costs about 0.1 s instead of a second. The rest of
the warm-up (every game's sample pictures, :data:`renderer.warm.CHUNKS`) is drawn in the gaps:
one chunk at a time in the whole pool, and only while no live call is in flight, so with two
workers or more a live picture always finds one free, and with one it waits behind a single
chunk at most. What the warm-up fits is written back to the file (atomically: a temporary
file renamed), keyed by the renderer's and the engine's sources and Pillow's version, so a
changed renderer never reads a stale file; a missing or unreadable one means drawing cold.

Work nobody waits on move by move (a finished game's replay: seconds of drawing) goes to a
pool of its own, inside :func:`background`: as many workers, started on its first call, at the
lowest CPU priority (nice 19). The system then gives it only what the pictures of moves and
the bot leave idle, so a replay asked over and over never slows a game down.

A worker that dies (``BrokenProcessPool``) takes the pool with it: the pool is replaced, its
new workers start from the warm state gathered so far, and the picture is drawn again, once."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import fcntl
import functools
import hashlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

import PIL

import engine
import renderer
from bot import metrics
from bot.logs import event
from renderer import warm as warming
from renderer.theme import DEFAULT_THEME, Theme, current_theme, using
from renderer.warm import WarmState

log = logging.getLogger(__name__)

T = TypeVar("T")

# In a worker: where the start-up calls meet (one per worker: an idle worker would otherwise
# answer them all while the others still start), and the warm-up chunks it has drawn.
_meet: Any = None
_drawn: set[int] = set()


class RenderError(RuntimeError):
    """The pool's workers died twice in a row drawing one picture."""


def _start_worker(state: WarmState | None, meet: Any, nice: int = 0) -> None:
    """Each worker's initializer: cheap, so a worker takes pictures as soon as it is up. The
    worker ends with the bot, even one killed outright: its task queue would not tell it (it
    holds that pipe's write end itself), the pipe it was started through does. A warm state
    that fails to load leaves pictures drawn cold, not a broken pool (an initializer that
    raises breaks the whole pool). ``nice``: how much lower than the bot's its CPU priority is."""
    global _meet
    _meet = meet
    if nice:
        os.nice(nice)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()
    try:
        warming.load()
        if state is not None:
            warming.restore(state)
    except Exception:
        log.exception("a render worker could not take the warm state")


def _end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def _worker() -> int:
    """A worker's process id, once every worker is up."""
    _meet.wait(timeout=300)
    return os.getpid()


def _warm_step(
    chunks: Sequence[Callable[[], int]], state: WarmState | None
) -> tuple[int, bool, int, WarmState]:
    """In whichever worker takes it: the warm state gathered so far, then this worker's next
    chunk not yet drawn. Returns the worker's id, whether it has drawn every chunk, the
    pictures drawn and its warm state (what it fitted, for the others and the file)."""
    if state is not None:
        warming.restore(state)
    drawn = 0
    for index, chunk in enumerate(chunks):
        if index not in _drawn:
            _drawn.add(index)
            try:
                drawn = chunk()
            except Exception:
                log.exception("a warm-up chunk failed")  # those pictures are drawn cold
            break
    return os.getpid(), len(_drawn) == len(chunks), drawn, warming.warm_state()


# Bytes of answers the workers can write before this process reads them: ten board pictures.
RESULT_PIPE = 1 << 20


def _result_writer(executor: ProcessPoolExecutor) -> int | None:
    """The file descriptor the workers write their answers to (the executor's own pipe)."""
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
    return writer.fileno() if writer is not None else None


def widen_results(executor: ProcessPoolExecutor) -> None:
    """Widen the pipe the workers answer through to :data:`RESULT_PIPE` (Linux; elsewhere,
    or when the system refuses, it stays as it was). A board picture (~100 KB of PNG) is more
    than a pipe holds by default (64 KB): its worker then waited, its write half done, until
    the pool's thread in this process was given a core to read it, and took no next picture
    meanwhile. On 2 busy cores the workers slept 5-16 % of the time so; 1-3 % with the
    wider pipe (``bench/render.py`` prints it; docs/performance.md, issue 36)."""
    fd, setsize = _result_writer(executor), getattr(fcntl, "F_SETPIPE_SZ", None)
    if fd is None or setsize is None:
        return
    for size in (RESULT_PIPE, RESULT_PIPE // 4):  # over the user's limit: a quarter
        try:
            fcntl.fcntl(fd, setsize, size)
            return
        except OSError:
            continue


def _pipe_size(executor: ProcessPoolExecutor) -> int | None:
    fd, getsize = _result_writer(executor), getattr(fcntl, "F_GETPIPE_SZ", None)
    if fd is None or getsize is None:
        return None
    return int(fcntl.fcntl(fd, getsize))


class Pool:
    """A process pool that replaces itself when a worker dies, and warms in its gaps.

    ``state``: the warm state each worker starts from; ``chunks``: the warm-up, drawn by
    :meth:`warm` in every worker (none when ``warm_workers`` is false); ``keep``: called with
    the warm state whenever the warm-up adds to it (the bot writes it to disk)."""

    def __init__(
        self,
        processes: int,
        *,
        warm_workers: bool = True,
        state: WarmState | None = None,
        chunks: Sequence[Callable[[], int]] = warming.CHUNKS,
        keep: Callable[[WarmState], None] | None = None,
        nice: int = 0,
    ) -> None:
        self.processes = processes
        self.warm_workers = warm_workers
        self.state = state
        self.chunks = tuple(chunks)
        self.keep = keep
        self.nice = nice  # how much lower than the bot's its workers' CPU priority is
        self.restarts = 0
        self.live = 0  # live calls in flight: the warm-up waits for none
        self.closed = False
        self._up: ProcessPoolExecutor | None = None  # the executor whose workers are all up
        self._executor = self._new()

    def _new(self) -> ProcessPoolExecutor:
        # "spawn": a fork of the bot would copy its event loop, threads and open sockets.
        context = multiprocessing.get_context("spawn")
        executor = ProcessPoolExecutor(
            self.processes,
            mp_context=context,
            initializer=_start_worker,
            initargs=(self.state, context.Barrier(self.processes), self.nice),
        )
        widen_results(executor)
        return executor

    def workers(self) -> list[int]:
        """The process ids of the workers started so far."""
        return list(getattr(self._executor, "_processes", None) or ())

    def result_pipe(self) -> int | None:
        """The bytes the workers' answers can hold before this process reads them (None:
        not known here)."""
        return _pipe_size(self._executor)

    async def up(self) -> list[int]:
        """Start every worker now (not on the first picture); returns their process ids."""
        executor = self._executor
        if self.closed:
            return []
        # Starting a process takes milliseconds: off the event loop.
        futures = await asyncio.to_thread(
            lambda: [executor.submit(_worker) for _ in range(self.processes)]
        )
        pids = list(await asyncio.gather(*(asyncio.wrap_future(f) for f in futures)))
        self._up = executor
        return pids

    async def warm(self) -> int:
        """Draw the warm-up in every worker, one chunk at a time in the whole pool and only
        while no live call is in flight; returns the pictures drawn. Which worker takes a
        chunk is the pool's choice: each takes its own next one, until every worker of the
        pool has drawn them all (a bounded number of tries). A pool replaced meanwhile ends
        it: its new workers start from the warm state gathered so far."""
        executor = self._executor
        if self._up is not executor:
            # Each worker must be up to take its share (the pool only starts one when none
            # is idle). Not again once up: the meeting would hold a worker behind a picture.
            await self.up()
        if not self.warm_workers or not self.chunks:
            return 0
        loop = asyncio.get_running_loop()
        done: set[int] = set()
        drawn = 0
        for _ in range(4 * self.processes * (len(self.chunks) + 1)):
            while self.live and not self.closed:
                await asyncio.sleep(0.01)
            if self.closed:  # the bot stops: the warm-up did not end, it was called off
                raise asyncio.CancelledError
            if len(done) == self.processes or executor is not self._executor:
                break
            step = functools.partial(_warm_step, self.chunks, self.state)
            try:
                pid, finished, count, state = await loop.run_in_executor(executor, step)
            except BrokenProcessPool:
                self._replace(executor)
                break
            except RuntimeError:
                if self.closed:  # shut down between the look above and this call
                    raise asyncio.CancelledError from None
                raise
            drawn += count
            before = self.state
            self.state = warming.merged(self.state, state)
            if self.keep is not None and self.state != before:
                await asyncio.to_thread(self.keep, self.state)
            if finished:
                done.add(pid)
        return drawn

    async def run(self, call: Callable[[], T], *, retry: bool = True) -> T:
        executor = self._executor
        self.live += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, call)
        except BrokenProcessPool as exc:
            self._replace(executor)
            if not retry:
                raise RenderError("the render workers died twice drawing one picture") from exc
        finally:
            self.live -= 1
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
        self.closed = True
        self._executor.shutdown(wait=True, cancel_futures=True)


# ---------------------------------------------------------------- the warm state on disk


@functools.cache
def cache_key() -> str:
    """What the warm state depends on: the renderer's and the engine's sources (a palette
    is fitted to pictures of engine positions), Pillow's and Python's versions."""
    digest = hashlib.sha256(f"Pillow {PIL.__version__} Python {sys.version_info[:2]}".encode())
    for package in (renderer, engine):
        root = Path(package.__path__[0])
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_file(folder: Path) -> Path:
    """The warm state's file in ``folder`` for this renderer."""
    return folder / f"renderer-{cache_key()}.pickle"


def load_state(path: Path) -> WarmState | None:
    """The warm state kept in ``path``, or None (missing, unreadable, or another renderer's:
    pictures are then drawn cold and the file written again)."""
    try:
        with path.open("rb") as file:
            kept = pickle.load(file)
    except FileNotFoundError:
        return None
    except Exception as exc:  # cut short, or not ours at all
        event(log, "render_cache_unreadable", level=logging.WARNING, path=path, error=exc)
        return None
    kept = kept if isinstance(kept, dict) else {}
    state = kept.get("state")
    if kept.get("key") != cache_key() or not isinstance(state, dict):
        event(log, "render_cache_stale", level=logging.WARNING, path=path)
        return None
    if not isinstance(state.get("palettes"), dict):
        event(log, "render_cache_unreadable", level=logging.WARNING, path=path, error="shape")
        return None
    return state


def save_state(path: Path, state: WarmState) -> None:
    """Write the warm state to ``path`` atomically (a temporary file renamed over it), so
    that another process never reads half of it. A failure is logged, never raised."""
    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "wb", dir=path.parent, prefix=f".{path.name}.", delete=False
        ) as file:
            temporary = file.name
            pickle.dump({"key": cache_key(), "state": state}, file)
        os.replace(temporary, path)
    except OSError as exc:
        event(log, "render_cache_unwritable", level=logging.WARNING, path=path, error=exc)
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


_pool: Pool | None = None
_low: Pool | None = None  # the background's pool, once something was drawn there
_cache: Path | None = None  # the warm state's file, when the bot keeps one
_in_background: contextvars.ContextVar[bool] = contextvars.ContextVar("background", default=False)
BACKGROUND_NICE = 19  # the lowest priority: only the CPU time nothing else wants


def processes_for(setting: int | None) -> int:
    """Worker processes for a setting: ``None`` one per core, ``0`` none (threads)."""
    if setting is None:
        return os.cpu_count() or 1
    return max(setting, 0)


def start(
    processes: int | None = None, *, warm_workers: bool = True, cache_dir: Path | None = None
) -> int:
    """Start the pool (``None``: one worker per core; ``0``: no pool, threads). Workers
    start on :func:`up`, :func:`warm` or the first picture, from the warm state kept in
    ``cache_dir`` (None: none kept); :func:`warm` draws the rest of the warm-up unless told
    not to. Returns the number of workers."""
    global _pool, _cache
    count = processes_for(processes)
    _cache = cache_file(cache_dir) if cache_dir is not None else None
    if _pool is None and count:
        state = load_state(_cache) if _cache is not None else None
        keep = functools.partial(save_state, _cache) if _cache is not None else None
        _pool = Pool(count, warm_workers=warm_workers, state=state, keep=keep)
    return _pool.processes if _pool is not None else 0


def stop() -> None:
    """Shut the pool down (waits for the pictures being drawn; from a coroutine, call it
    through ``asyncio.to_thread``); renders go to threads again."""
    global _pool, _low
    pools, _pool, _low = (_pool, _low), None, None
    for pool in pools:
        if pool is not None:
            pool.shutdown()


def running() -> Pool | None:
    return _pool


async def up() -> int:
    """Start the pool's workers now, so that the first picture does not wait for them;
    returns how many there are."""
    return len(await _pool.up()) if _pool is not None else 0


async def warm() -> int:
    """Warm the renderer where pictures will be drawn: every worker of the pool, in its
    gaps, or this process (in a thread) when there is none. Returns the pictures drawn."""
    if _pool is not None:
        return await _pool.warm()
    if _cache is not None and (state := load_state(_cache)) is not None:
        warming.restore(state)
    drawn = await asyncio.to_thread(warming.warm)
    if _cache is not None:
        await asyncio.to_thread(save_state, _cache, warming.warm_state())
    return drawn


def _importable(fn: Callable[..., Any]) -> bool:
    """Whether a worker can find ``fn`` by its module and name, as pickle sends it (a lambda
    or a test's local stand-in cannot be)."""
    target: Any = sys.modules.get(getattr(fn, "__module__", None) or "")
    for part in getattr(fn, "__qualname__", "<lambda>").split("."):
        target = getattr(target, part, None)
    return target is fn


@contextlib.contextmanager
def background() -> Iterator[None]:
    """Within it (and the tasks it starts), :func:`render` draws in the background's pool:
    for work no move waits on."""
    token = _in_background.set(True)
    try:
        yield
    finally:
        _in_background.reset(token)


def in_background() -> bool:
    """Whether :func:`render` would draw in the background's pool here."""
    return _in_background.get()


def _background_pool(pool: Pool) -> Pool:
    global _low
    if _low is None:
        _low = Pool(pool.processes, warm_workers=False, state=pool.state, nice=BACKGROUND_NICE)
    return _low


def _drawn_with(theme: Theme, call: Callable[[], T]) -> T:
    """``call()`` with ``theme`` the one its picture options start with."""
    with using(theme):
        return call()


async def render(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` (a module-level drawing function) in the pool (the
    background's within :func:`background`), or in a thread when there is no pool or ``fn``
    cannot be sent to a worker. Drawn with the theme of :func:`renderer.theme.using` around
    the call, if any (a member's palette), in the worker too."""
    call = functools.partial(fn, *args, **kwargs)
    if (theme := current_theme()) is not DEFAULT_THEME:
        call = functools.partial(_drawn_with, theme, call)
    started = time.perf_counter()
    try:
        if _pool is None or not _importable(fn):
            return await asyncio.to_thread(call)
        pool = _background_pool(_pool) if _in_background.get() else _pool
        return await pool.run(call)
    finally:
        metrics.rendered(time.perf_counter() - started)
