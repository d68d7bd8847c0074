"""The table service under load: many Loka games in flight through SQLite persistence.

Run: ``python bench/service.py [--games 200] [--moves 10] [--db PATH]``. Prints moves per
second and the median and 99th-percentile latency of one move (validate, apply, persist,
render the board). Target (issue 4): p99 < 100 ms with 200 games in flight."""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.model import Actor, Place, Request
from bot.service import Ids, TableService
from bot.storage import SqliteStorage
from bot.tables.loka import LokaTable
from engine.loka import Move, from_dict, legal_actions, to_act

POSITION = (
    "fire: Ke1 Qf4 Rd1 Bg1 Nh1 Pd2 Pe3 Pf2 Pg3; earth: Ka6 Qd7 Ra4 Ba5 Nc4 Pb4 Pc5 Pb6; "
    "water: Kf12 Qg9 Rd12 Be12 Ng12 Pd11 Pe10 Pf11; air: Kl7 Qi6 Rl4 Bl5 Nl6 Pk4 Pj5 Pk6; "
    "terrain: castle@f6 lake@e7 marsh@g6 pass@f5/n portal@d5 portal@i8; turn: fire"
)
USERS = {"fire": 1, "earth": 2, "water": 3, "air": 4}


def request(user: int, command: str, channel: int, **options: str) -> Request:
    return Request("loka", command, Actor(user, f"u{user}"), Place(channel, guild_id=1), options)


async def setup(service: TableService, channel: int) -> None:
    await service.handle(request(1, "new", channel, position=POSITION, combat="off"))
    for army, user in USERS.items():
        await service.handle(request(user, "join", channel, army=army))
    await service.handle(request(1, "start", channel))


async def play(
    service: TableService,
    storage: SqliteStorage,
    channel: int,
    moves: int,
    rng: random.Random,
    latencies: list[float],
    think: float,
) -> None:
    for _ in range(moves):
        # Players think between moves: "in flight" means open games, not one burst.
        await asyncio.sleep(rng.uniform(0, 2 * think))
        row = (await storage.games_in_channel(channel))[0]
        state = from_dict(row.state)
        if state.phase == "over":
            return
        army = to_act(state)[0]
        move = rng.choice([a for a in legal_actions(state, army) if isinstance(a, Move)])
        options = {"from": move.src, "to": move.dst}
        start = time.perf_counter()
        out = await service.handle(request(USERS[army], "move", channel, **options))
        latencies.append(time.perf_counter() - start)
        assert out and out[0].to == "channel", out[0].text


async def main_async(games: int, moves: int, db: str, think: float) -> None:
    storage = SqliteStorage(db)
    await storage.open()
    service = TableService(storage, [LokaTable()], ids=Ids(seed=1))
    channels = [1000 + i for i in range(games)]
    for channel in channels:
        await setup(service, channel)
    latencies: list[float] = []
    rng = random.Random(1)
    start = time.perf_counter()
    await asyncio.gather(
        *(
            play(service, storage, c, moves, random.Random(rng.random()), latencies, think)
            for c in channels
        )
    )
    took = time.perf_counter() - start
    await storage.close()
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"{games} games in flight (players think {think} s on average), "
        f"{len(latencies)} moves in {took:.2f} s: "
        f"{len(latencies) / took:.0f} moves/s"
    )
    print(
        f"latency of one move (validate, apply, persist, render): "
        f"median {statistics.median(latencies) * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms "
        f"(target p99 < 100 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--db", default=None)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds between moves")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or str(Path(folder) / "bench.db")
        asyncio.run(main_async(args.games, args.moves, db, args.think))


if __name__ == "__main__":
    main()
