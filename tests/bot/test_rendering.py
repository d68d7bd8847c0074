"""The render pool: pictures drawn in worker processes, failures and dead workers surfaced or
recovered, and views that reach a worker drawn exactly as here, from warm caches."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import rendering, settings
from bot.tables import loka_images
from engine.loka import view
from renderer import loka as loka_renderer
from renderer.demo import NAMES, crowded_state, final_state
from renderer.warm import CHUNKS

# Module-level, so that a worker imports them by name as it would a renderer.


def where() -> tuple[int, int]:
    return os.getpid(), threading.get_ident()


def fail(message: str) -> bytes:
    raise ValueError(message)


def nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def meet(folder: str, me: str, other: str) -> tuple[int, bool]:
    """Says it is here, then waits for ``other`` to say so: both answer True only if they
    ran side by side (one after the other, the first would wait in vain)."""
    Path(folder, me).touch()
    for _ in range(600):
        if Path(folder, other).exists():
            return os.getpid(), True
        time.sleep(0.05)
    return os.getpid(), False


def niceness() -> tuple[int, int]:
    return os.getpid(), os.nice(0)


def hold(marker: str) -> int:
    """Holds its worker until ``marker`` exists (a minute at most)."""
    for _ in range(1200):
        if Path(marker).exists():
            break
        time.sleep(0.05)
    return os.getpid()


def die_once(marker: str) -> int:
    """Kills its worker the first time (as a crash would), then answers."""
    if not Path(marker).exists():
        Path(marker).touch()
        os._exit(1)
    return os.getpid()


def die() -> int:
    os._exit(1)


@pytest.fixture(autouse=True)
def no_pool_left() -> Iterator[None]:
    yield
    rendering.stop()


async def test_without_a_pool_pictures_are_drawn_in_a_thread_here() -> None:
    pid, thread = await rendering.render(where)
    assert rendering.running() is None
    assert pid == os.getpid() and thread != threading.get_ident()


async def test_the_pool_draws_in_other_processes_at_once(tmp_path: Path) -> None:
    assert rendering.start(2, warm_workers=False) == 2
    assert await rendering.up() == 2  # both workers started, before any picture
    answers = await asyncio.gather(
        rendering.render(meet, str(tmp_path), "a", "b"),
        rendering.render(meet, str(tmp_path), "b", "a"),
    )
    # Two workers side by side: each saw the other while it was still running.
    assert [met for _, met in answers] == [True, True]
    pids = {pid for pid, _ in answers}
    assert os.getpid() not in pids and len(pids) == 2


def held_until(marker: str) -> bool:
    """Holds its worker until ``marker`` exists (a minute at most): whether it came."""
    return hold(marker) > 0 and Path(marker).exists()


async def test_the_event_loop_keeps_running_while_a_picture_is_drawn(tmp_path: Path) -> None:
    """The picture is held until the loop has ticked a few times: it only ends well if the
    loop runs on while it is drawn (however slowly a busy machine ticks)."""
    rendering.start(1, warm_workers=False)
    await rendering.up()
    marker = tmp_path / "ticked"
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1
            if ticks == 5:
                marker.touch()

    ticker = asyncio.create_task(tick())
    drawn = await rendering.render(held_until, str(marker))
    ticker.cancel()
    assert drawn and ticks >= 5


async def test_a_function_a_worker_cannot_import_is_drawn_here() -> None:
    """A test's stand-in (a lambda, a local function) cannot be sent to a worker."""
    rendering.start(1, warm_workers=False)
    assert await rendering.render(lambda: os.getpid()) == os.getpid()


async def test_a_failure_in_a_worker_is_raised_here_and_the_pool_goes_on() -> None:
    rendering.start(1, warm_workers=False)
    with pytest.raises(ValueError, match="no such square"):
        await asyncio.wait_for(rendering.render(fail, "no such square"), 60)
    assert await asyncio.wait_for(rendering.render(nap, 0), 60) != os.getpid()
    pool = rendering.running()
    assert pool is not None and pool.restarts == 0


async def test_a_dead_worker_is_replaced_and_the_picture_drawn_again(tmp_path: Path) -> None:
    rendering.start(1, warm_workers=False)
    first = await rendering.render(nap, 0)
    again = await asyncio.wait_for(rendering.render(die_once, str(tmp_path / "died")), 60)
    pool = rendering.running()
    assert pool is not None and pool.restarts == 1
    assert again not in (first, os.getpid())  # a new worker drew it


async def test_a_picture_that_kills_every_worker_is_a_clean_error() -> None:
    rendering.start(1, warm_workers=False)
    with pytest.raises(rendering.RenderError):
        await asyncio.wait_for(rendering.render(die), 60)
    pool = rendering.running()
    assert pool is not None and pool.restarts == 2
    assert await asyncio.wait_for(rendering.render(nap, 0), 60) != os.getpid()


async def test_background_work_has_a_worker_of_its_own_at_the_lowest_priority(
    tmp_path: Path,
) -> None:
    """A replay's pictures (the background) never take the worker a move's picture needs,
    and the system schedules them only in the time the bot leaves idle."""
    rendering.start(1, warm_workers=False)
    await rendering.up()
    pool = rendering.running()
    assert pool is not None
    (front,) = await pool.up()
    release = tmp_path / "release"
    with rendering.background():
        assert rendering.in_background()
        pid, nice = await rendering.render(niceness)
        held = asyncio.create_task(rendering.render(hold, str(release)))
        queued = asyncio.create_task(rendering.render(nap, 0))
    assert not rendering.in_background()
    assert pid != front and nice == min(os.nice(0) + rendering.BACKGROUND_NICE, 19)
    # The only foreground worker answers while the background's is held, its queue waiting.
    assert await asyncio.wait_for(rendering.render(niceness), 60) == (front, os.nice(0))
    assert not held.done() and not queued.done()
    release.touch()
    assert await asyncio.wait_for(held, 60) == pid
    assert await asyncio.wait_for(queued, 60) == pid


async def test_warmed_workers_draw_a_loka_game_exactly_as_here() -> None:
    """Each worker warms every game's pictures; a view pickled to a worker keeps its board
    layout (the cross is recognised by identity) and its pictures match this process's."""
    rendering.start(2)
    pool = rendering.running()
    assert pool is not None
    drawn = await pool.warm()  # every game's samples, in each of the two workers
    assert drawn >= 2 * len(CHUNKS)  # each worker drew each game's samples
    names = dict(NAMES)
    for seen in (view(crowded_state(plies=6), None), view(final_state(), None)):
        board = loka_images.board(seen, names, [], "fire")
        assert await rendering.render(loka_images.board, seen, names, [], "fire") == board
    summary = loka_images.summary(view(final_state(), None), names)
    assert await rendering.render(loka_images.summary, view(final_state(), None), names) == (
        summary
    )


KILLED_BOT = """
import asyncio, sys
from bot import rendering
from tests.bot.test_rendering import nap

async def main():
    rendering.start(1, warm_workers=False)
    print(await rendering.render(nap, 0), flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as status:
            return "State:\tZ" in status.read()  # dead, not yet reaped
    except FileNotFoundError:
        return True


def test_workers_end_when_the_bot_is_killed_outright() -> None:
    bot = subprocess.Popen([sys.executable, "-c", KILLED_BOT], stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert not gone(worker)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    deadline = time.monotonic() + 20
    while not gone(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert gone(worker)


def test_a_view_sent_to_a_worker_hits_the_renderer_caches() -> None:
    """The static layer is cached by geometry: an unpickled view must find it again."""
    seen = view(crowded_state(plies=6), None)
    loka_images.board(seen, dict(NAMES), [], "fire")
    misses = loka_renderer._static.cache_info().misses
    loka_images.board(pickle.loads(pickle.dumps(seen)), dict(NAMES), [], "fire")
    assert loka_renderer._static.cache_info().misses == misses


def test_the_setting_counts_processes() -> None:
    assert settings.load({}, None).render_processes is None
    assert settings.load({"PLATEAU_RENDER_PROCESSES": "0"}, None).render_processes == 0
    assert settings.load({"PLATEAU_RENDER_PROCESSES": "3"}, None).render_processes == 3
    with pytest.raises(settings.SettingsError, match="PLATEAU_RENDER_PROCESSES"):
        settings.load({"PLATEAU_RENDER_PROCESSES": "all"}, None)
    assert rendering.processes_for(None) == (os.cpu_count() or 1)
    assert rendering.processes_for(0) == 0
    assert rendering.start(0) == 0 and rendering.running() is None


def blob(size: int) -> bytes:
    return bytes(range(256)) * (size // 256)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pipe sizes are Linux's")
async def test_workers_answer_through_a_pipe_that_holds_ten_pictures(tmp_path: Path) -> None:
    """A board's PNG (~100 KB) is more than a default pipe (64 KB): the workers' answers
    go through one of a megabyte (or a quarter, where the system allows no more), a pool
    replaced after a worker died too, and answers larger than that still arrive whole."""
    allowed = int(Path("/proc/sys/fs/pipe-max-size").read_text())
    rendering.start(2, warm_workers=False)
    await rendering.up()
    pool = rendering.running()
    assert pool is not None
    assert (pool.result_pipe() or 0) >= min(rendering.RESULT_PIPE // 4, allowed)
    answers = await asyncio.gather(*(rendering.render(blob, 3 << 20) for _ in range(3)))
    assert answers == [blob(3 << 20)] * 3
    assert await rendering.render(die_once, str(tmp_path / "died")) > 0
    assert pool.restarts == 1
    assert (pool.result_pipe() or 0) >= min(rendering.RESULT_PIPE // 4, allowed)


def _workers() -> list[int]:
    pool = rendering.running()
    assert pool is not None
    return pool.workers()


def echo(value: object) -> object:
    return value


def test_a_pool_serves_one_event_loop_after_another() -> None:
    """The bench warms the pool in one ``asyncio.run`` and serves in the next: the workers'
    pipes follow the running loop."""
    rendering.start(1, warm_workers=False)
    assert asyncio.run(rendering.up()) == 1
    (pid,) = _workers()
    for value in ("first", "second"):
        assert asyncio.run(rendering.render(echo, value)) == value
    assert asyncio.run(rendering.render(nap, 0)) == pid  # the same worker all along


async def test_a_caller_that_gives_up_leaves_every_other_answer_to_its_own(
    tmp_path: Path,
) -> None:
    """A worker answers in order: the answer of a call whose caller was cancelled is read
    and dropped, and the calls behind it still get their own."""
    rendering.start(1, warm_workers=False)
    await rendering.up()
    (pid,) = _workers()
    marker = tmp_path / "go"
    given_up = asyncio.ensure_future(rendering.render(hold, str(marker)))
    behind = [asyncio.ensure_future(rendering.render(echo, n)) for n in range(5)]
    await asyncio.sleep(0.1)
    given_up.cancel()
    marker.touch()
    assert await asyncio.wait_for(asyncio.gather(*behind), 60) == list(range(5))
    assert given_up.cancelled()
    assert await rendering.render(nap, 0) == pid


@pytest.mark.parametrize("step", [1, 7, 8, 9, 1000, 1 << 20])
def test_a_worker_writes_every_part_of_an_answer_in_order(
    step: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker's answer goes out as its frame's length and its pickle, gathered by one
    writev: a write that takes only some of the bytes (``step`` at a time here) is carried
    on from the very byte it stopped at, across the parts and past empty ones."""
    written = bytearray()

    def writev(fd: int, buffers: list[memoryview]) -> int:
        assert fd == 99
        taken = b"".join(bytes(b) for b in buffers)[:step]
        written.extend(taken)
        return len(taken)

    monkeypatch.setattr(os, "writev", writev)
    parts = [b"", rendering._FRAME.pack(20_000), bytes(range(256)) * 78 + b"end", b"", b"!"]
    rendering._write_all(99, *parts)
    assert bytes(written) == b"".join(parts)
