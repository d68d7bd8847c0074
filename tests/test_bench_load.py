"""bench/load.py measures moves, not refusals: every move it draws in advance is one the
real table service accepts and answers with the board, in both of its runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.load import options, run


@pytest.mark.parametrize("game", ["loka", "loa", "chess"])
async def test_every_move_is_answered_with_its_board(game: str, tmp_path: Path) -> None:
    small = "--games 3 --think 0.2 --seconds 1 --capacity-moves 6 --concurrency 2 --drain 60"
    args = options(["--game", game, *small.split()])
    runs = await run(args, str(tmp_path / "bench.db"))
    closed, opened = runs["capacity"], runs["open"]
    assert len(closed.latencies) == 6 and not closed.refused
    # Three games moving every 0.2 s for 1 s: some moves, all answered within the drain.
    assert len(opened.latencies) >= 3 and not opened.refused and not opened.waiting


def test_more_than_one_process_is_refused_plainly() -> None:
    with pytest.raises(SystemExit, match="only 1 for now"):
        options(["--processes", "2"])
