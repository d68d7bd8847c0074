"""Does asking for replays slow another game's moves? (issue 31: at most 1.5x)

Run: ``python bench/replay_spam.py [--finished 10] [--actions 150] [--moves 80] [--think 0.1]``.
Plays ``--finished`` Lines of Action games of ``--actions`` moves each to their end (a
resignation), through the real table and the render pool (one worker per core). Then plays
``--moves`` moves of another game, ``--think`` seconds apart: first alone, then while members of
other servers ask for the finished games' replays, twenty a second, over and over (each
replay is a GIF of every position: seconds of drawing; with more finished games than a process
keeps, each is built again and again). Prints the moves' p50 and p95 in milliseconds, both
ways, and their ratio; and how many replays were built and answered."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from load import KINDS, Options, database, open_storage, request, script

from bot import rendering
from bot.service import Ids, TableService
from bot.tables.loa import LoaTable

try:  # where replays are kept (since issue 31); a checkout before it builds every time
    from bot.tables.replays import shelf
except ImportError:
    shelf = None

LOA = KINDS["loa"]
SPAM_EVERY = 0.05  # seconds between two replays asked
Moves = list[tuple[int, Options]]


async def opened(service: TableService, channel: int) -> tuple[str, Moves]:
    """A Lines of Action game opened and started in ``channel``: its id and the moves that
    can follow (random, legal)."""
    for user, command, options in LOA.setup:
        out = await service.handle(request("loa", user, command, channel, options))
        assert out and out[0].to != "private", out[0].text
    (row,) = await service.storage.games_in_channel(channel)
    return row.id, script(LOA, LOA.rules.from_dict(row.state), row.seats, 400, channel)


async def play(
    service: TableService, channel: int, moves: Moves, think: float = 0.0
) -> list[float]:
    """Each move's time in milliseconds, sent one after the other, ``think`` seconds apart."""
    times = []
    for user, options in moves:
        await asyncio.sleep(think)
        started = time.perf_counter()
        out = await service.handle(request("loa", user, "move", channel, options))
        times.append((time.perf_counter() - started) * 1000)
        assert out and out[0].to == "channel", out[0].text
    return times


async def spam(service: TableService, channels: list[int], stop: asyncio.Event) -> int:
    """A replay asked every ``SPAM_EVERY`` seconds, of each finished game in turn, each by a new
    member of a new server (no cooldown holds them back), none waiting for another, until
    ``stop``; returns how many were answered. With more finished games than are kept, every
    ask of a game is a new build."""
    asking: list[asyncio.Task[object]] = []
    member = 1_000
    while not stop.is_set():
        member += 1
        channel = channels[member % len(channels)]
        asking.append(
            asyncio.create_task(service.handle(request("loa", member, "replay", channel, {})))
        )
        await asyncio.sleep(SPAM_EVERY)
    answered = await asyncio.gather(*asking, return_exceptions=True)
    return sum(1 for answer in answered if not isinstance(answer, BaseException))


def summary(label: str, times: list[float]) -> tuple[float, float]:
    p50 = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"{label}: {len(times)} moves, p50 {p50:.0f} ms, p95 {p95:.0f} ms")
    return p50, p95


async def run(args: argparse.Namespace, db: str) -> None:
    workers = rendering.start(None)
    await rendering.up()
    print(f"rendering: {workers} worker processes")
    storage = await open_storage(db)
    service = TableService(storage, [LoaTable()], ids=Ids(seed=7))
    finished = []
    t0 = time.perf_counter()
    for n in range(args.finished):
        channel = 20_000 + n
        _, moves = await opened(service, channel)
        await play(service, channel, moves[: args.actions])
        for command in ("resign", "resign confirm"):
            await service.handle(request("loa", 1, command, channel, {}))
        finished.append(channel)
    took = time.perf_counter() - t0
    print(f"{args.finished} finished games of {args.actions} moves in {took:.1f} s")

    _, live = await opened(service, 30_000)
    alone = await play(service, 30_000, live[: args.moves], args.think)
    stop = asyncio.Event()
    spammer = asyncio.create_task(spam(service, finished, stop))
    await asyncio.sleep(0.5)  # the first builds are under way
    during = await play(service, 30_000, live[args.moves : 2 * args.moves], args.think)
    stop.set()
    asked = await spammer
    a50, a95 = summary("alone", alone)
    d50, d95 = summary("during replays", during)
    built = shelf(service).builds if shelf is not None else asked
    print(f"replays: {asked} asked, {built} built")
    print(f"slowdown: p50 {d50 / a50:.2f}x, p95 {d95 / a95:.2f}x (target: at most 1.5x)")
    await storage.close()
    await asyncio.to_thread(rendering.stop)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--finished", type=int, default=10)
    parser.add_argument("--actions", type=int, default=150)
    parser.add_argument("--moves", type=int, default=80)
    parser.add_argument("--think", type=float, default=0.1, help="seconds between two moves")
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    with database(args.db) as db:
        asyncio.run(run(args, db))


if __name__ == "__main__":
    main()
