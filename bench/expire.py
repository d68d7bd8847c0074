"""The time-out tick: what one ``TableService.expire()`` costs with many games open.

Run: ``python bench/expire.py [--games 2000] [--clocked 0.1] [--ticks 50] [--db ...]``.
Opens ``--games`` Lines of Action games through the real table (new, join, start), a
``--clocked`` share of them with a 24-hour clock (nothing falls due while timed), then times
``--ticks`` calls of ``expire()``, which the bot makes every ``PLATEAU_EXPIRE_SECONDS``
(default 30). Prints the tick's mean, p50 and p95 in milliseconds, and how many games each
tick looked at. ``--db`` as in ``bench/load.py`` (default: SQLite in a temporary file;
``postgres-temp``: a throw-away PostgreSQL server)."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from load import POSTGRES_TEMP, database, open_storage, request

from bot import rendering
from bot.service import Ids, TableService
from bot.tables.loa import LoaTable


async def run(args: argparse.Namespace, db: str) -> None:
    storage = await open_storage(db)
    try:
        service = TableService(storage, [LoaTable()], ids=Ids(seed=args.seed))
        every = max(1, round(1 / args.clocked)) if args.clocked else 0
        t0 = time.perf_counter()
        for i in range(args.games):
            channel = 10_000 + i
            clock = {"clock": "24h"} if every and i % every == 0 else {}
            for user, command, options in ((1, "new", clock), (2, "join", {}), (1, "start", {})):
                out = await service.handle(request("loa", user, command, channel, options))
                assert out and out[0].to != "private", out[0].text
        print(f"opened {args.games} games in {time.perf_counter() - t0:.1f} s")
        looked = len(await service.own_unfinished())
        ticks = []
        for _ in range(args.ticks):
            start = time.perf_counter()
            told = await service.expire()
            ticks.append(time.perf_counter() - start)
            assert told == [], "nothing is due: no tick should act"
        ms = sorted(t * 1e3 for t in ticks)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        print(
            f"expire tick over {looked} unfinished games: mean {statistics.mean(ms):.2f} ms, "
            f"p50 {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms ({args.ticks} ticks)"
        )
    finally:
        await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games open at once")
    parser.add_argument("--clocked", type=float, default=0.1, help="share with a clock")
    parser.add_argument("--ticks", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help=f"as bench/load.py, or {POSTGRES_TEMP}")
    args = parser.parse_args()
    with database(args.db) as db:
        rendering.start(0)
        try:
            asyncio.run(rendering.warm())
            asyncio.run(run(args, db))
        finally:
            rendering.stop()


if __name__ == "__main__":
    main()
