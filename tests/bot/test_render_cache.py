"""The renderer's warm state kept on disk and the warm-up drawn in the pool's gaps: a worker
started from the kept state draws the very pictures a cold one draws, without fitting a
palette; a stale or damaged file is ignored; a live picture never waits for the warm-up."""

from __future__ import annotations

import asyncio
import functools
import pickle
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import rendering, settings
from renderer import png, warm
from tests.bot.test_rendering import nap

# Module-level, so that a worker imports them by name.


def samples_and_fitted(names: tuple[str, ...]) -> tuple[dict[str, dict[str, bytes]], int]:
    """Every sample picture of these demos, and how many palettes this worker had to fit."""
    from importlib import import_module

    drawn = {name: import_module(name).samples() for name in names}
    return drawn, len(png._fitted)


def record(path: str, line: str) -> int:
    """A warm-up chunk (or a live call) that notes when it ran, in order."""
    with open(path, "a") as out:
        out.write(line + "\n")
    return 1


def held(path: str, line: str) -> int:
    """A warm-up chunk that notes it began, then runs until the test lets it end."""
    record(path, line)
    for _ in range(1200):
        if Path(path + ".go").exists():
            break
        time.sleep(0.05)
    return 1


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


@pytest.fixture(autouse=True)
def no_pool_left() -> Iterator[None]:
    yield
    rendering.stop()


async def started(pool: rendering.Pool) -> rendering.Pool:
    await pool.up()
    return pool


async def test_a_worker_started_from_the_kept_state_draws_what_a_cold_one_draws(
    tmp_path: Path,
) -> None:
    names = ("renderer.demo_chess", "renderer.demo")  # the lightest and the heaviest
    cold_pool = rendering.Pool(1, warm_workers=False)
    try:
        cold, fitted = await cold_pool.run(functools.partial(samples_and_fitted, names))
        *_, state = await cold_pool.run(functools.partial(rendering._warm_step, (), None))
    finally:
        cold_pool.shutdown()
    assert fitted >= 2  # chess's palette and Loka's, fitted cold
    rendering.save_state(rendering.cache_file(tmp_path), state)

    rendering.start(1, warm_workers=False, cache_dir=tmp_path)
    again, fitted = await rendering.render(samples_and_fitted, names)
    assert fitted == 0  # every palette came from the file
    assert again == cold


def test_the_state_is_written_whole_and_read_back(tmp_path: Path) -> None:
    path = rendering.cache_file(tmp_path / "made")
    state = {"palettes": {("renderer.chess._palette", ("theme",)): [1, 2, 3]}}
    rendering.save_state(path, state)
    assert rendering.load_state(path) == state
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not a pickle at all",
        pickle.dumps({"key": "someone else's", "state": {"palettes": {}}}),
        pickle.dumps(["a", "list"]),
        pickle.dumps({"key": None, "state": None}),
    ],
    ids=["empty", "garbage", "another renderer", "not a dict", "no state"],
)
def test_a_damaged_or_stale_file_is_ignored(tmp_path: Path, content: bytes) -> None:
    path = rendering.cache_file(tmp_path)
    path.write_bytes(content)
    assert rendering.load_state(path) is None
    assert rendering.start(1, warm_workers=False, cache_dir=tmp_path) == 1
    pool = rendering.running()
    assert pool is not None and pool.state is None  # drawn cold, no worse


def test_a_file_cut_short_is_ignored(tmp_path: Path) -> None:
    path = rendering.cache_file(tmp_path)
    rendering.save_state(path, {"palettes": {("f", (1,)): list(range(768))}})
    path.write_bytes(path.read_bytes()[:-20])
    assert rendering.load_state(path) is None


def test_another_pillow_reads_another_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = rendering.cache_file(tmp_path)
    rendering.save_state(path, {"palettes": {}})
    monkeypatch.setattr("PIL.__version__", "0.0.1")
    rendering.cache_key.cache_clear()
    try:
        assert rendering.cache_file(tmp_path) != path
        assert rendering.load_state(path) is None  # even under the old name
    finally:
        monkeypatch.undo()
        rendering.cache_key.cache_clear()
    assert rendering.load_state(path) == {"palettes": {}}


async def test_a_live_picture_waits_for_one_warm_up_chunk_at_most(tmp_path: Path) -> None:
    """One worker (the worst case), six chunks: a live call submitted once the warm-up has
    begun runs before the warm-up's remaining chunks."""
    log = tmp_path / "order"
    chunks = [functools.partial(held, str(log), f"chunk {i}") for i in range(6)]
    pool = await started(rendering.Pool(1, chunks=chunks))
    try:
        warming = asyncio.create_task(pool.warm())
        while not lines(log):  # chunk 0 is being drawn
            await asyncio.sleep(0.01)
        live = asyncio.create_task(pool.run(functools.partial(record, str(log), "live")))
        await asyncio.sleep(0)  # handed to the pool while chunk 0 still runs
        (tmp_path / "order.go").touch()
        await live
        assert await warming == 6
    finally:
        pool.shutdown()
    assert lines(log) == ["chunk 0", "live", *(f"chunk {i}" for i in range(1, 6))]


async def test_the_warm_up_waits_while_a_live_call_is_in_flight(tmp_path: Path) -> None:
    log = tmp_path / "order"
    pool = await started(rendering.Pool(2, chunks=[functools.partial(record, str(log), "chunk")]))
    try:
        live = asyncio.create_task(pool.run(functools.partial(nap, 0.5)))
        await asyncio.sleep(0)  # the live call is handed to the pool first
        warming = asyncio.create_task(pool.warm())
        await live
        assert lines(log) == []  # nothing of the warm-up started beside it
        await warming
    finally:
        pool.shutdown()
    assert lines(log) == ["chunk", "chunk"]  # then each worker drew it


async def test_every_worker_draws_the_warm_up_and_the_file_gets_its_palettes(
    tmp_path: Path,
) -> None:
    path = rendering.cache_file(tmp_path)
    chunks = [functools.partial(warm.draw_demo, "renderer.demo_loa")]
    keep = functools.partial(rendering.save_state, path)
    pool = await started(rendering.Pool(2, chunks=chunks, keep=keep))
    try:
        drawn = await pool.warm()
    finally:
        pool.shutdown()
    assert drawn == 2 * 8  # Lines of Action's eight samples, in each worker
    kept = rendering.load_state(path)
    assert kept is not None and kept == pool.state
    assert [key for key, _ in kept["palettes"]] == ["renderer.loa._palette"]


def test_the_setting_names_the_cache_folder(tmp_path: Path) -> None:
    chosen = settings.load({"PLATEAU_CACHE_DIR": str(tmp_path)}, None)
    assert chosen.cache_dir == tmp_path
    xdg = settings.load({"XDG_CACHE_HOME": str(tmp_path)}, None)
    assert xdg.cache_dir == tmp_path / "plateau"
    assert settings.load({}, None).cache_dir == Path.home() / ".cache" / "plateau"
