"""bench/load.py measures moves, not refusals: every move it draws in advance is one the
real table service accepts and answers with the board, in both of its runs; with several
bench processes on one database, each move is played and counted once."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bench.load import PILLOW_LEVEL, against_pillow, options, pillow_encode, run
from bot.storage import storage_for

LOAD = Path(__file__).resolve().parent.parent / "bench" / "load.py"
SMALL = "--games 3 --think 0.2 --seconds 1 --capacity-moves 6 --concurrency 2 --drain 60"


@pytest.mark.parametrize("game", ["loka", "loa", "chess"])
async def test_every_move_is_answered_with_its_board(game: str, tmp_path: Path) -> None:
    args = options(["--game", game, *SMALL.split()])
    runs = await run(args, str(tmp_path / "bench.db"))
    closed, opened = runs["capacity"], runs["open"]
    assert len(closed.latencies) == 6 and not closed.refused
    # Three games moving every 0.2 s for 1 s: some moves, all answered within the drain.
    assert len(opened.latencies) >= 3 and not opened.refused and not opened.waiting


async def test_stages_time_each_moves_lookup_picture_and_save_then_let_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--stages``: one lookup, one picture and one save timed for every move of each run,
    printed; afterwards the storage and the renderer are the real ones again."""
    from bench import load
    from bot import rendering

    render = rendering.render
    args = options(["--game", "loa", *SMALL.split(), "--stages"])
    runs = await run(args, str(tmp_path / "bench.db"))
    for recorder in runs.values():
        answered = len(recorder.latencies)
        assert answered and sorted(recorder.stages) == ["find", "render", "save"]
        assert all(len(times) == answered for times in recorder.stages.values())
        assert all(t >= 0 for times in recorder.stages.values() for t in times)
    assert capsys.readouterr().out.count("a move's waits, mean / p90: finding its game") == 2
    assert rendering.render is render and load.rendering.render is render


async def _moves_stored(db: str) -> int:
    storage = storage_for(db)
    await storage.open()
    try:
        async with storage.session() as session:
            return int((await session.fetch("SELECT count(*) FROM actions"))[0][0])
    finally:
        await storage.close()


async def test_two_processes_on_one_database_count_every_move_once(db: str) -> None:
    """``db``: a SQLite file, then a PostgreSQL database (skipped, saying why, without a
    server). Two bench processes, each with a render worker, share four games."""
    argv = ["--processes", "2", "--render-processes", "1", "--db", db, *SMALL.split()]
    done = subprocess.run(
        [sys.executable, str(LOAD), *argv, "--games", "4", "--capacity-moves", "8"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    backend = "PostgreSQL" if db.startswith("postgresql://") else "SQLite"
    opened = re.search(rf"4 games opened and (\d+) moves drawn .*storage {backend}, 2 proc", out)
    closed = re.search(
        r"capacity \(closed loop, 2 at once\): (\d+) moves in ([\d.]+) s = ([\d.]+) moves/s; "
        r"p50 (\d+) ms, p99 (\d+) ms, max (\d+) ms\n",
        out,
    )
    loop = re.search(r"open loop: 4 games, .* (\d+) moves over 1 s, (\d+) answered: p50", out)
    assert opened and closed and loop, out
    assert "REFUSED" not in out and "unanswered" not in out, out
    assert re.search(r"CPU a move: [\d.]+ ms in the bench process", out), out
    assert re.search(r"moves/s / encodes/s = [\d.]+x \(target >= 2x\)", out), out
    assert re.search(r"on 2 idle cores, from CPU times: at most \d+ moves/s", out), out
    drawn, offered, answered = int(opened[1]), int(loop[1]), int(loop[2])
    # Two capacity moves per game, in both processes together.
    assert int(closed[1]) == 8 and float(closed[3]) > 0
    assert int(closed[4]) <= int(closed[5]) <= int(closed[6])
    # Every drawn move was sent once and stored once: none lost, none played twice.
    assert answered == offered > 0 and drawn == 8 + offered
    assert await _moves_stored(db) == drawn


async def test_the_ratio_is_taken_against_pillows_encode_of_the_board_served(
    tmp_path: Path,
) -> None:
    """The capacity run keeps the last board it was sent; Pillow encodes that very image in
    a process of its own, and the ratio is moves/s times its encode's seconds."""
    args = options(["--game", "loka", *SMALL.split(), "--only", "capacity"])
    closed = (await run(args, str(tmp_path / "bench.db")))["capacity"]
    with Image.open(io.BytesIO(closed.picture)) as board:
        size = f"{board.width}x{board.height} {board.mode}"
    seconds, cpu, image = pillow_encode(closed.picture, 3)
    assert image == size and seconds > 0 and cpu > 0
    line = against_pillow(closed.picture, 100.0, 3, (0.004, 0.002))
    assert f"({size}, zlib level {PILLOW_LEVEL}, one core, a clean process" in line
    ratio = re.search(r"([\d.]+) ms = \d+ encodes/s; moves/s / encodes/s = ([\d.]+)x", line)
    assert ratio is not None
    assert float(ratio[2]) == pytest.approx(float(ratio[1]) / 10, abs=0.01)
    # 6 ms of CPU a move on two cores, but 4 of them in the one bench process: 250 moves/s
    bound = re.search(r"at most (\d+) moves/s .* \(([\d.]+) ms of CPU\): ([\d.]+)x", line)
    assert bound is not None and bound[1] == "250"
    assert float(bound[3]) == pytest.approx(250 * float(bound[2]) / 1000, abs=0.01)
