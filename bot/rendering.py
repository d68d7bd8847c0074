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

The event loop talks to each worker through two pipes of its own, with no thread between
(``_Worker``). A worker that dies fails the calls it held: it is replaced, starting from the
warm state gathered so far, and each of those pictures is drawn again, once."""

from __future__ import annotations

import asyncio
import collections
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
import struct
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
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

# In a worker: the warm-up chunks it has drawn.
_drawn: set[int] = set()


class RenderError(RuntimeError):
    """The pool's workers died twice in a row drawing one picture."""


class WorkerLost(RuntimeError):
    """A render worker died (a crash, the OOM killer) before it answered."""


def _start_worker(state: WarmState | None, nice: int = 0) -> None:
    """A worker's start: cheap, so a worker takes pictures as soon as it is up. A warm state
    that fails to load leaves pictures drawn cold, not a dead worker. ``nice``: how much
    lower than the bot's its CPU priority is."""
    if nice:
        os.nice(nice)
    try:
        warming.load()
        if state is not None:
            warming.restore(state)
    except Exception:
        log.exception("a render worker could not take the warm state")


def _serve(calls: Any, answers: Any, state: WarmState | None, nice: int) -> None:
    """A worker's life: each call read from ``calls`` (a pickled callable), run, and its
    result or its error written to ``answers``, in order. It ends when ``calls`` ends (the
    bot closed it, or died: only the bot holds its other end) or ``answers`` is gone."""
    _start_worker(state, nice)
    source, sink = calls.fileno(), answers.fileno()
    while (call := _read_frame(source)) is not None:
        try:
            outcome: tuple[bool, Any] = (True, pickle.loads(call)())
        except BaseException as exc:  # the bot raises it again, with this worker's traceback
            exc.add_note("in the render worker:\n" + traceback.format_exc())
            outcome = (False, exc)
        try:
            answer = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an answer or error that cannot be sent says so
            answer = pickle.dumps((False, RenderError(f"unsendable answer: {exc!r}")))
        try:
            _write_all(sink, _FRAME.pack(len(answer)), answer)
        except BrokenPipeError:
            return


_FRAME = struct.Struct("!Q")  # each message: its length, then its pickle


def _read_frame(fd: int) -> bytes | None:
    """The next message on ``fd`` (blocking), or None at its end."""
    head = _read_exactly(fd, _FRAME.size)
    if head is None:
        return None
    (size,) = _FRAME.unpack(head)
    return _read_exactly(fd, size)


def _read_exactly(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _write_all(fd: int, *parts: bytes) -> None:
    """Write ``parts`` one after the other, gathered by ``writev`` (a frame's length and a
    picture's ~100 KB pickle are not joined into one more copy first)."""
    views = [memoryview(part) for part in parts if part]
    while views:
        written = os.writev(fd, views)
        while views and written >= views[0].nbytes:
            written -= views.pop(0).nbytes
        if written:
            views[0] = views[0][written:]


def _warm_step(
    chunks: Sequence[Callable[[], int]], state: WarmState | None
) -> tuple[int, bool, int, WarmState]:
    """In the worker it is sent to: the warm state gathered so far, then this worker's next
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


# Bytes of answers a worker can write before this process reads them: ten board pictures.
RESULT_PIPE = 1 << 20


def widen_results(fd: int) -> None:
    """Widen the pipe a worker answers through (``fd``, its write end) to :data:`RESULT_PIPE`
    (Linux; elsewhere, or when the system refuses, it stays as it was). A board picture
    (~100 KB of PNG) is more than a pipe holds by default (64 KB): its worker then waited,
    its write half done, until this process was given a core to read it, and took no next
    picture meanwhile (docs/performance.md, issue 36)."""
    setsize = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setsize is None:
        return
    for size in (RESULT_PIPE, RESULT_PIPE // 4):  # over the user's limit: a quarter
        try:
            fcntl.fcntl(fd, setsize, size)
            return
        except OSError:
            continue


class _Worker:
    """One worker process and its two pipes, which the event loop itself writes and reads
    (``add_reader``/``add_writer``): a call costs this process a pickle and a write, and no
    thread of its own (an executor's threads handed the GIL back and forth several times a
    picture; docs/performance.md, issue 36). Its calls are answered in the order sent."""

    def __init__(self, context: Any, state: WarmState | None, nice: int) -> None:
        calls_in, self._calls = os.pipe()
        self._answers, answers_out = os.pipe()
        widen_results(answers_out)
        # The Connections carry the child's ends to it (it reads and writes their fds);
        # "spawn": a fork of the bot would copy its event loop, threads and open sockets.
        ends = (
            multiprocessing.connection.Connection(calls_in, writable=False),
            multiprocessing.connection.Connection(answers_out, readable=False),
        )
        self.process = context.Process(
            target=_serve, args=ends, kwargs={"state": state, "nice": nice}, daemon=True
        )
        try:
            self.process.start()
        finally:
            for end in ends:  # the child holds them now: its death ends our reads
                end.close()
        os.set_blocking(self._calls, False)
        os.set_blocking(self._answers, False)
        self.pid: int = self.process.pid
        self.waiting: collections.deque[asyncio.Future[Any]] = collections.deque()
        self.sent = 0  # calls sent in all (the least used of idle workers takes the next)
        self.lost = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out = bytearray()  # what the calls pipe did not take yet
        self._in = bytearray()
        # Read into, not allocated a read: os.read(fd, 1 MB) allocates a megabyte and
        # shrinks it, ~60 us a picture; os.readv into this takes what came.
        self._scratch = bytearray(RESULT_PIPE)

    def call(self, call: Callable[[], T]) -> asyncio.Future[T]:
        """Send ``call``; the future gets its result, its error, or :class:`WorkerLost`."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if self.lost:
            future.set_exception(WorkerLost(f"render worker {self.pid} is gone"))
            return future
        self._bind(loop)
        message = pickle.dumps(call, protocol=pickle.HIGHEST_PROTOCOL)
        self.waiting.append(future)
        self.sent += 1
        self._send(_FRAME.pack(len(message)) + message)
        return future

    def pipe_size(self) -> int | None:
        getsize = getattr(fcntl, "F_GETPIPE_SZ", None)
        return None if getsize is None or self.lost else int(fcntl.fcntl(self._answers, getsize))

    def _bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Watch the answers from ``loop`` (a pool outlives an ``asyncio.run``: the bench
        warms in one loop and serves in another)."""
        if self._loop is loop:
            return
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._answers)
            self._loop.remove_writer(self._calls)
        self._loop = loop
        loop.add_reader(self._answers, self._readable)
        if self._out:
            loop.add_writer(self._calls, self._writable)

    def _send(self, data: bytes) -> None:
        if self._out:  # behind what waits already
            self._out += data
            return
        try:
            sent = os.write(self._calls, data)
        except BlockingIOError:
            sent = 0
        except OSError:  # the worker is gone (its end closed)
            self._lose()
            return
        if sent < len(data):
            self._out += data[sent:]
            assert self._loop is not None
            self._loop.add_writer(self._calls, self._writable)

    def _writable(self) -> None:
        try:
            sent = os.write(self._calls, self._out)
        except BlockingIOError:
            return
        except OSError:
            self._lose()
            return
        del self._out[:sent]
        if not self._out and self._loop is not None:
            self._loop.remove_writer(self._calls)

    def _readable(self) -> None:
        try:
            count = os.readv(self._answers, [self._scratch])
        except BlockingIOError:
            return
        except OSError:
            count = 0
        if not count:  # the worker died
            self._lose()
            return
        with memoryview(self._scratch) as scratch, scratch[:count] as data:
            self._in += data
        while len(self._in) >= _FRAME.size:
            (size,) = _FRAME.unpack_from(self._in)
            end = _FRAME.size + size
            if len(self._in) < end:
                break
            with memoryview(self._in) as read, read[_FRAME.size : end] as frame:
                ok, value = pickle.loads(frame)
            del self._in[:end]
            future = self.waiting.popleft()
            if future.done():  # its caller gave up
                continue
            with contextlib.suppress(RuntimeError):  # a future of a closed loop (a past run)
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _lose(self) -> None:
        """The worker is gone: its calls fail, and its pipes close."""
        if self.lost:
            return
        self.lost = True
        self.close()
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():
                with contextlib.suppress(RuntimeError):
                    future.set_exception(WorkerLost(f"render worker {self.pid} died"))

    def close(self) -> None:
        """Close this process's ends: the worker ends once it has answered what it holds.
        From any thread: a loop running in another one forgets the pipes in its own thread
        (its selector would otherwise keep a closed pipe, and refuse the next one given
        that number)."""
        loop, self._loop = self._loop, None
        pipes, (self._calls, self._answers) = (self._calls, self._answers), (-1, -1)
        self.lost = True
        if pipes[0] < 0:  # closed already
            return
        if loop is None or loop.is_closed() or _in_or_idle(loop):
            _unwatched(loop, pipes)
            return
        forgotten = threading.Event()

        def forget() -> None:
            _unwatched(loop, pipes)
            forgotten.set()

        try:
            loop.call_soon_threadsafe(forget)
        except RuntimeError:  # it closed meanwhile
            _unwatched(None, pipes)
        else:
            forgotten.wait(timeout=10)  # a stuck loop closes them when it runs again


def _unwatched(loop: asyncio.AbstractEventLoop | None, pipes: tuple[int, int]) -> None:
    """Stop ``loop`` watching a worker's ``pipes`` (its calls', its answers'), and close them."""
    calls, answers = pipes
    if loop is not None and not loop.is_closed():
        loop.remove_reader(answers)
        loop.remove_writer(calls)
    for fd in pipes:
        with contextlib.suppress(OSError):
            os.close(fd)


def _in_or_idle(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether this thread may change what ``loop`` watches: it runs there, or it does not
    run at all."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return not loop.is_running()


class Pool:
    """Worker processes that replace themselves when one dies, and warm in their gaps.

    ``state``: the warm state each worker starts from; ``chunks``: the warm-up, drawn by
    :meth:`warm` in every worker (none when ``warm_workers`` is false); ``keep``: called with
    the warm state whenever the warm-up adds to it (the bot writes it to disk). A call goes
    to the worker with the fewest calls in hand."""

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
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []
        self._starting: asyncio.Future[None] | None = None

    def _new(self) -> _Worker:
        return _Worker(self._context, self.state, self.nice)

    def workers(self) -> list[int]:
        """The process ids of the workers started so far."""
        return [w.pid for w in self._workers]

    def result_pipe(self) -> int | None:
        """The bytes a worker's answers can hold before this process reads them (None: not
        known here)."""
        return self._workers[0].pipe_size() if self._workers else None

    async def _started(self) -> list[_Worker]:
        """The workers, started now if they were not (starting a process takes
        milliseconds: off the event loop, once however many calls ask at once)."""
        if self.closed:
            raise RuntimeError("the render pool is shut down")
        if not self._workers:
            if self._starting is None or self._starting.get_loop().is_closed():
                self._starting = asyncio.ensure_future(self._start())
            await asyncio.shield(self._starting)
        return self._workers

    async def _start(self) -> None:
        workers = await asyncio.to_thread(lambda: [self._new() for _ in range(self.processes)])
        if self.closed:
            for worker in workers:
                worker.close()
            return
        self._workers = workers

    async def up(self) -> list[int]:
        """Start every worker now (not on the first picture); returns their process ids
        once each answers."""
        if self.closed:
            return []
        workers = await self._started()
        return list(await asyncio.gather(*(w.call(os.getpid) for w in workers)))

    async def warm(self) -> int:
        """Draw the warm-up in every worker, one chunk at a time in the whole pool and only
        while no live call is in flight; returns the pictures drawn. A worker that dies
        meanwhile ends it: its replacement starts from the warm state gathered so far."""
        await self.up()
        if not self.warm_workers or not self.chunks:
            return 0
        done: set[int] = set()
        drawn = 0
        for _ in range(4 * self.processes * (len(self.chunks) + 1)):
            while self.live and not self.closed:
                await asyncio.sleep(0.01)
            if self.closed:  # the bot stops: the warm-up did not end, it was called off
                raise asyncio.CancelledError
            pending = [w for w in self._workers if w.pid not in done]
            if not pending:
                break
            worker = pending[0]
            try:
                pid, finished, count, state = await worker.call(
                    functools.partial(_warm_step, self.chunks, self.state)
                )
            except WorkerLost:
                self._replace(worker)
                break
            drawn += count
            before = self.state
            self.state = warming.merged(self.state, state)
            if self.keep is not None and self.state != before:
                await asyncio.to_thread(self.keep, self.state)
            if finished:
                done.add(pid)
        return drawn

    async def run(self, call: Callable[[], T], *, retry: bool = True) -> T:
        workers = await self._started()
        worker = min(workers, key=lambda w: (len(w.waiting), w.sent))
        self.live += 1
        try:
            result: T = await worker.call(call)
            return result
        except WorkerLost as exc:
            self._replace(worker)
            if not retry:
                raise RenderError("the render workers died twice drawing one picture") from exc
        finally:
            self.live -= 1
        # A worker died (a crash, the OOM killer): a new one draws the picture once more.
        return await self.run(call, retry=False)

    def _replace(self, lost: _Worker) -> None:
        # Every call in flight on a dead worker fails at once: only the first replaces it.
        if lost not in self._workers or self.closed:
            return
        self.restarts += 1
        event(log, "render_pool_restarted", level=logging.WARNING, restarts=self.restarts)
        lost.close()
        lost.process.join(timeout=0)  # reaped if it is gone already
        self._workers[self._workers.index(lost)] = self._new()

    def shutdown(self) -> None:
        """Close every worker's pipes and wait for them to end (each finishes the picture
        it is drawing). From any thread, or after the event loop ended."""
        self.closed = True
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.close()
        for worker in workers:
            worker.process.join(timeout=30)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()


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
