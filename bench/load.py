"""The table service under load: live games through the real tables, renderers and storage.

Run: ``python bench/load.py [--game loka|loa|chess] [--games 300] [--think 10] [--seconds 60]``
(``--help`` lists the rest). Two measures, each of one move from its arrival to the end of
its reply, board image included (validate, apply, persist, render, encode):

- **capacity** (closed loop): ``--concurrency`` players each send a move as soon as their
  last one is answered, for ``--capacity-moves`` moves in all; moves per second is what the
  service can take.
- **open loop**: ``--games`` live games; each game's next move arrives after an exponential
  pause of mean ``--think`` seconds whether or not its last one was answered (it waits its
  turn behind it, as a player's move waits for the board), for ``--seconds``. Latency counts
  from the arrival, so a queue shows. Moves still unanswered ``--drain`` seconds after the
  last arrival count at the age they reached (their figures are then lower bounds).

Both print moves per second and the p50, p99 and max latency. The moves are legal ones drawn
at random in advance (no game ends on purpose), so choosing them costs nothing while timed.
Storage: SQLite in a temporary file, or ``--db`` as ``PLATEAU_DB`` takes it (a path,
``sqlite:///...``, or ``postgresql://...`` where :mod:`bot.storage` has PostgreSQL), or
``postgres-temp``: a throw-away PostgreSQL server (:mod:`devtools.pgserver`) for the run.

``--processes N``: N bench processes on the one database, as N shard processes would be,
each with its own table service and render pool, serving its own share of the games (game
``i`` is process ``i % N``'s) and of the ``--concurrency`` players. Each opens its games
before the clock starts; the runs start together. Capacity is the moves of all over the
common wall time, the latencies are those of all."""

from __future__ import annotations

import argparse
import asyncio
import math
import multiprocessing
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.cpu import LINUX, render_workers, scheduled
from bot import rendering
from bot import storage as storage_module
from bot.model import Actor, Place, Request
from bot.service import Ids, Table, TableService
from bot.storage import SqliteStorage, Storage
from bot.tables.chess import ChessTable
from bot.tables.loa import LoaTable
from bot.tables.loka import LokaTable
from devtools.pgserver import temporary_server
from engine import loa, loka, standard_chess

Options = dict[str, str]

# Four full armies and terrain, combat off (no dice): a busy board from the first move.
LOKA_POSITION = (
    "fire: Ke1 Qf4 Rd1 Bg1 Nh1 Pd2 Pe3 Pf2 Pg3; earth: Ka6 Qd7 Ra4 Ba5 Nc4 Pb4 Pc5 Pb6; "
    "water: Kf12 Qg9 Rd12 Be12 Ng12 Pd11 Pe10 Pf11; air: Kl7 Qi6 Rl4 Bl5 Nl6 Pk4 Pj5 Pk6; "
    "terrain: castle@f6 lake@e7 marsh@g6 pass@f5/n portal@d5 portal@i8; turn: fire"
)
LOKA_ARMIES = ("fire", "earth", "water", "air")


@dataclass(frozen=True)
class Kind:
    """One game as the bench plays it: its table, the commands that open and start a game
    (user, command, options), and how a legal engine move is typed (None: not a move)."""

    name: str
    table: Callable[[], Table]
    rules: Any
    legal: Callable[[Any, str], list[Any]]
    setup: tuple[tuple[int, str, Options], ...]
    typed: Callable[[Any], Options | None]


def _squares(action: Any, move: type) -> Options | None:
    return {"from": action.src, "to": action.dst} if isinstance(action, move) else None


KINDS = {
    "loka": Kind(
        "loka",
        LokaTable,
        loka.RULES,
        loka.legal_actions,
        (
            (1, "new", {"position": LOKA_POSITION, "combat": "off"}),
            *((n, "join", {"army": army}) for n, army in enumerate(LOKA_ARMIES, 1)),
            (1, "start", {}),
        ),
        lambda a: _squares(a, loka.Move),
    ),
    "loa": Kind(
        "loa",
        LoaTable,
        loa.RULES,
        loa.legal_actions,
        ((1, "new", {}), (2, "join", {}), (1, "start", {})),
        lambda a: _squares(a, loa.Move),
    ),
    "chess": Kind(
        "chess",
        ChessTable,
        standard_chess.RULES,
        standard_chess.legal_actions,
        ((1, "new", {"color": "white"}), (2, "join", {}), (1, "start", {})),
        lambda a: {"move": a.text} if isinstance(a, standard_chess.Move) else None,
    ),
}


def request(kind: str, user: int, command: str, channel: int, options: Options) -> Request:
    # Each game on a server of its own: the same few players hold every game, and a server's
    # quotas (20 running games a member) are not what this measures.
    place = Place(channel, guild_id=channel)
    return Request(kind, command, Actor(user, f"u{user}"), place, options)


@dataclass
class Game:
    """One live game and the moves it will be sent, in order: (user, options)."""

    channel: int
    script: list[tuple[int, Options]] = field(default_factory=list)
    sent: int = 0

    def next(self) -> tuple[int, Options]:
        move = self.script[self.sent]
        self.sent += 1
        return move

    @property
    def left(self) -> int:
        return len(self.script) - self.sent


def script(
    kind: Kind, state: Any, users: dict[str, int], moves: int, seed: int
) -> list[tuple[int, Options]]:
    """``moves`` random legal moves from ``state``, avoiding one that ends the game."""
    rng = random.Random(seed)
    out: list[tuple[int, Options]] = []
    for _ in range(moves):
        if kind.rules.outcome(state) is not None:
            break
        seat = kind.rules.to_act(state)[0]
        actions = [a for a in kind.legal(state, seat) if kind.typed(a) is not None]
        if not actions:  # only a pass or a placement is left: the bench types moves only
            break
        rng.shuffle(actions)
        for action in actions[:4]:  # a few tries at a move that does not end the game
            after, _ = kind.rules.apply(state, action, seat)
            if kind.rules.outcome(after) is None:
                break
        out.append((users[seat], kind.typed(action)))  # type: ignore[arg-type]
        state = after
    return out


async def open_storage(db: str) -> Storage:
    """The backend ``bot.storage.storage_for`` picks for ``db`` (as ``PLATEAU_DB``); before
    it existed (at the "before" commit), SQLite at a path, and no PostgreSQL."""
    chosen = getattr(storage_module, "storage_for", None)
    if chosen is not None:
        storage: Storage = chosen(db)
    elif _storage_name(db) == "PostgreSQL":
        raise SystemExit("PostgreSQL: not available yet (bot.storage has no such backend)")
    else:
        storage = SqliteStorage(db.removeprefix("sqlite:///"))
    await storage.open()
    return storage


@dataclass
class Recorder:
    """Latencies in seconds, and the refusals (a scripted move the service turned down), of
    one run between ``start`` and ``end`` (``time.perf_counter``, which every process of
    the machine shares)."""

    latencies: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    waiting: list[float] = field(default_factory=list)  # open loop: unanswered at the end
    offered: int = 0  # open loop: the moves that arrived
    start: float = 0.0
    end: float = 0.0
    picture: bytes = b""  # the last board a reply posted (PNG)
    cpu: float = 0.0  # capacity: CPU seconds of the bench process meanwhile
    render_cpu: float = 0.0  # and of its render workers
    # ``--stages``: how long each move waited for each step (see :func:`staged`)
    stages: dict[str, list[float]] = field(default_factory=dict)

    @classmethod
    def merged(cls, parts: Sequence[Recorder]) -> Recorder:
        """The runs of several processes as one: their moves, over their common time."""
        return cls(
            [x for part in parts for x in part.latencies],
            [x for part in parts for x in part.refused],
            [x for part in parts for x in part.waiting],
            sum(part.offered for part in parts),
            min(part.start for part in parts),
            max(part.end for part in parts),
            next((part.picture for part in parts if part.picture), b""),
            sum(part.cpu for part in parts),
            sum(part.render_cpu for part in parts),
            {
                name: [x for part in parts for x in part.stages.get(name, [])]
                for name in dict.fromkeys(n for part in parts for n in part.stages)
            },
        )

    async def send(self, service: TableService, kind: str, game: Game, arrival: float) -> None:
        user, options = game.next()
        out = await service.handle(request(kind, user, "move", game.channel, options))
        self.latencies.append(time.perf_counter() - arrival)
        if not out or out[0].to != "channel" or not out[0].files:
            self.refused.append(out[0].text if out else "no reply")
        else:
            self.picture = out[0].files[0].data


def figures(latencies: list[float]) -> str:
    if not latencies:
        return "no moves"
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"p50 {statistics.median(ordered) * 1e3:.0f} ms, p99 {p99 * 1e3:.0f} ms, "
        f"max {ordered[-1] * 1e3:.0f} ms"
    )


# The steps of a move that wait on something else than the service's own code (``--stages``).
STAGES = {"find": "finding its game", "render": "its picture", "save": "its save"}


@contextmanager
def staged(storage: Storage, into: dict[str, list[float]]) -> Iterator[None]:
    """Inside, each move's waits for its game's lookup (``games_in_channel``), its picture
    (:func:`bot.rendering.render`) and its save are timed into ``into``, by step: where a
    closed loop's moves pile up is its bottleneck (issue 36: behind SQLite's turn)."""

    def timed(name: str, step: Callable[..., Any]) -> Callable[..., Any]:
        async def waited(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await step(*args, **kwargs)
            finally:
                into.setdefault(name, []).append(time.perf_counter() - started)

        return waited

    steps = {"find": "games_in_channel", "save": "save"}
    kept = rendering.render
    rendering.render = timed("render", kept)  # the tables call it through the module
    for name, method in steps.items():
        setattr(storage, method, timed(name, getattr(storage, method)))
    try:
        yield
    finally:
        rendering.render = kept
        for method in steps.values():
            delattr(storage, method)  # the class's own again


def waits(stages: dict[str, list[float]]) -> str:
    """ "finding its game 7 / 14 ms, ...": each step's mean and p90 wait."""
    told = []
    for name, said in STAGES.items():
        ordered = sorted(stages.get(name, []))
        if ordered:
            p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
            told.append(f"{said} {statistics.fmean(ordered) * 1e3:.1f} / {p90 * 1e3:.1f} ms")
    return "  a move's waits, mean / p90: " + ", ".join(told)


async def capacity(
    service: TableService, kind: str, games: list[Game], share: int, concurrency: int
) -> Recorder:
    """Closed loop: ``concurrency`` players, each sending the next move of a game nobody
    else is playing as soon as their last move is answered; ``share`` moves per game (the
    rest of its moves are the open loop's)."""
    ready: asyncio.Queue[Game] = asyncio.Queue()
    for game in games:
        ready.put_nowait(game)
    recorder = Recorder()

    async def player() -> None:
        while not ready.empty():
            game = ready.get_nowait()
            await recorder.send(service, kind, game, time.perf_counter())
            if game.sent < share and game.left:
                ready.put_nowait(game)

    workers = render_workers()
    render_cpu, cpu = scheduled(workers), time.process_time()
    recorder.start = time.perf_counter()
    await asyncio.gather(*(player() for _ in range(concurrency)))
    recorder.end = time.perf_counter()
    recorder.cpu = time.process_time() - cpu
    recorder.render_cpu = (scheduled(workers) - render_cpu).cpu
    return recorder


async def open_loop(
    service: TableService,
    kind: str,
    games: list[Game],
    arrivals: list[list[float]],
    drain: float,
) -> Recorder:
    """Each game's moves at their arrival times (seconds from now), one after another.
    Unanswered ``drain`` seconds after the last arrival, a move counts as waiting."""
    recorder = Recorder(offered=sum(map(len, arrivals)))
    recorder.start = start = time.perf_counter()
    done = [0] * len(games)

    async def play(i: int) -> None:
        for at in arrivals[i]:
            arrival = start + at
            await asyncio.sleep(max(0.0, arrival - time.perf_counter()))
            await recorder.send(service, kind, games[i], arrival)
            done[i] += 1

    tasks = [asyncio.create_task(play(i)) for i in range(len(games))]
    last = max((a[-1] for a in arrivals if a), default=0.0)
    await asyncio.wait(tasks, timeout=max(0.0, start + last + drain - time.perf_counter()))
    recorder.end = cut = time.perf_counter()
    recorder.waiting = [cut - (start + a) for i, at in enumerate(arrivals) for a in at[done[i] :]]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return recorder


async def profile(service: TableService, kind: str, games: list[Game], moves: int) -> None:
    """``moves`` moves one at a time under pyinstrument (the ``bench`` extra), the renderer
    called in line (its threads would hide it from the profiler), and the call tree."""
    from pyinstrument import Profiler

    async def in_line(run: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        return run(*args, **kwargs)

    to_thread, asyncio.to_thread = asyncio.to_thread, in_line  # type: ignore[assignment]
    recorder = Recorder()
    profiler = Profiler(interval=0.0005)
    try:
        with profiler:
            for i in range(moves):
                await recorder.send(service, kind, games[i % len(games)], time.perf_counter())
    finally:
        asyncio.to_thread = to_thread
    print(f"{moves} moves one at a time: mean {statistics.mean(recorder.latencies) * 1e3:.1f} ms")
    print(profiler.output_text(unicode=True, show_all=False))


# Pillow's PNG encode of a board, timed in a process of its own that imports nothing else:
# in a process where ISA-L's deflate has run, Pillow's encode runs ~1.7x slower (bench/png.py).
PILLOW_ENCODE = """
import io, statistics, sys, time
from PIL import Image
level, repeats = int(sys.argv[1]), int(sys.argv[2])
image = Image.open(io.BytesIO(sys.stdin.buffer.read()))
image.load()
times, cpu = [], []
for _ in range(repeats + 1):
    out = io.BytesIO()
    t0, c0 = time.perf_counter(), time.process_time()
    image.save(out, "PNG", compress_level=level)
    times.append(time.perf_counter() - t0)
    cpu.append(time.process_time() - c0)
print(statistics.median(times[1:]), statistics.median(cpu[1:]), *image.size, image.mode)
"""

# The zlib level of Pillow's encode that the ratio is taken against: the renderer's before
# issue 36 (renderer.png.COMPRESS_LEVEL).
PILLOW_LEVEL = 3


def pillow_encode(picture: bytes, repeats: int) -> tuple[float, float, str]:
    """Seconds Pillow takes to encode ``picture`` (decoded: the very image the renderer
    drew) as PNG at :data:`PILLOW_LEVEL`, one core, median of ``repeats`` after an untimed
    one, in a clean subprocess: wall time and CPU time; and the image's size and mode."""
    done = subprocess.run(
        [sys.executable, "-c", PILLOW_ENCODE, str(PILLOW_LEVEL), str(repeats)],
        input=picture,
        capture_output=True,
        check=True,
    )
    seconds, cpu, width, height, mode = done.stdout.decode().split()
    return float(seconds), float(cpu), f"{width}x{height} {mode}"


def against_pillow(
    picture: bytes,
    moves_per_second: float,
    repeats: int,
    cpu_a_move: tuple[float, float],
    processes: int = 1,
) -> str:
    """The issue's ratio (issue 36): moves served per second with pictures, against the
    rate at which Pillow alone encodes the same board on one core (target: 2x). Then the
    same ratio as two idle cores would give it, from CPU times, which other work on the
    machine changes much less: a move's CPU (``cpu_a_move``: seconds in the bench
    processes, in their render workers) bounds the moves/s by two cores for the whole, one
    core for each of the ``processes`` bench processes (an event loop holds the GIL),
    against 1 / the encode's CPU time."""
    seconds, cpu, image = pillow_encode(picture, repeats)
    here, workers = cpu_a_move
    line = (
        f"  against Pillow's bare PNG encode of the same board ({image}, zlib level "
        f"{PILLOW_LEVEL}, one core, a clean process, median of {repeats}): "
        f"{seconds * 1e3:.2f} ms = {1 / seconds:.0f} encodes/s; moves/s / encodes/s = "
        f"{moves_per_second * seconds:.2f}x (target >= 2x)"
    )
    if here <= 0:
        return line
    bound = min(2 / (here + workers), processes / here)
    return (
        f"{line}\n  on 2 idle cores, from CPU times: at most {bound:.0f} moves/s "
        f"(min of 2 / {(here + workers) * 1e3:.2f} ms, {processes} / {here * 1e3:.2f} ms) "
        f"against "
        f"{1 / cpu:.0f} encodes/s ({cpu * 1e3:.2f} ms of CPU): {bound * cpu:.2f}x"
    )


def poisson_arrivals(rng: random.Random, think: float, seconds: float) -> list[float]:
    out, at = [], rng.expovariate(1 / think)
    while at < seconds:
        out.append(at)
        at += rng.expovariate(1 / think)
    return out


@dataclass(frozen=True)
class Opened:
    """What one bench process opened before its clock started."""

    games: int
    moves: int
    seconds: float
    renderers: int  # its render worker processes (0: threads)


class Report:
    """The figures as printed: of one process, or of several put together."""

    def __init__(self, args: argparse.Namespace, db: str) -> None:
        self.args = args
        self.db = db

    def opened(self, parts: Sequence[Opened]) -> None:
        args, processes = self.args, len(parts)
        where = f"storage {_storage_name(self.db)}, {processes} process"
        if processes > 1:
            workers = max(part.renderers for part in parts)
            plural = "es" if workers > 1 else ""
            rendering = f"{workers} render worker process{plural}" if workers else "render threads"
            where += f"es on one database, each with its own service and {rendering}"
        print(
            f"{args.game}: {sum(p.games for p in parts)} games opened and "
            f"{sum(p.moves for p in parts)} moves drawn in "
            f"{max(p.seconds for p in parts):.1f} s; {where}"
        )

    def measured(self, name: str, parts: Sequence[Recorder]) -> Recorder:
        """Prints the ``capacity`` or ``open`` run of ``parts`` put together; returns it."""
        args, recorder = self.args, Recorder.merged(parts)
        answered = len(recorder.latencies)
        if name == "capacity":
            took = recorder.end - recorder.start
            print(
                f"capacity (closed loop, {args.concurrency} at once): {answered} moves in "
                f"{took:.1f} s = {answered / took:.1f} moves/s; {figures(recorder.latencies)}"
                + _refusals(recorder)
            )
            if answered:
                where = f"{recorder.cpu / answered * 1e3:.2f} ms in the bench process"
                if LINUX and recorder.render_cpu:
                    where += (
                        f", {recorder.render_cpu / answered * 1e3:.2f} ms in its render workers"
                    )
                print(f"  CPU a move: {where}")
            if recorder.stages:
                print(waits(recorder.stages))
            if recorder.picture and args.encode_repeats:
                cpu_a_move = (recorder.cpu / answered, recorder.render_cpu / answered)
                print(
                    against_pillow(
                        recorder.picture,
                        answered / took,
                        args.encode_repeats,
                        cpu_a_move,
                        args.processes,
                    )
                )
            return recorder
        waiting = recorder.waiting
        print(
            f"open loop: {args.games} games, a move every {args.think:g} s each "
            f"({args.games / args.think:.1f} moves/s offered), {recorder.offered} moves over "
            f"{args.seconds:g} s, {answered} answered: {figures(recorder.latencies + waiting)}"
            + _refusals(recorder)
        )
        if recorder.stages:
            print(waits(recorder.stages))
        if waiting:
            print(
                f"  {len(waiting)} moves still unanswered {args.drain:g} s after the last "
                "arrival, counted at their age then: the figures are lower bounds"
            )
        return recorder


class Alone:
    """The pace of a lone bench process: nobody to wait for, figures printed at once."""

    def __init__(self, report: Report) -> None:
        self.report = report

    async def opened(self, opened: Opened) -> None:
        self.report.opened([opened])

    async def measured(self, name: str, recorder: Recorder) -> None:
        self.report.measured(name, [recorder])


class Crew:
    """The pace of one of several bench processes: what it measured goes to the coordinator
    (:func:`coordinate`), and each run starts once every process is ready for it."""

    def __init__(self, messages: Any, barrier: Any) -> None:
        self.messages = messages
        self.barrier = barrier

    async def opened(self, opened: Opened) -> None:
        self.messages.put(("opened", opened))
        await asyncio.to_thread(self.barrier.wait)

    async def measured(self, name: str, recorder: Recorder) -> None:
        self.messages.put((name, recorder))
        await asyncio.to_thread(self.barrier.wait)


async def run(args: argparse.Namespace, db: str) -> dict[str, Recorder]:
    """One bench process (this one): open the games, then the runs ``args`` asks for;
    prints their figures and gives them by name (``capacity``, ``open``)."""
    storage = await open_storage(db)
    try:
        return await serve(args, storage, Alone(Report(args, db)))
    finally:
        await storage.close()


async def serve(
    args: argparse.Namespace,
    storage: Storage,
    pace: Alone | Crew,
    worker: int = 0,
    renderers: int = 0,
) -> dict[str, Recorder]:
    """Bench process ``worker`` of ``args.processes``: opens its share of the games (game
    ``i`` is process ``i % processes``'s), then runs what ``args`` asks for at ``pace``.
    Gives this process's runs by name (``capacity``, ``open``)."""
    kind = KINDS[args.game]
    # Distinct game ids in every process; process 0's are those of a lone process.
    service = TableService(storage, [kind.table()], ids=Ids(seed=args.seed + 1_000_003 * worker))
    rng = random.Random(args.seed)
    arrivals = [poisson_arrivals(rng, args.think, args.seconds) for _ in range(args.games)]
    if args.only == "capacity":
        arrivals = [[] for _ in range(args.games)]
    share = 0 if args.only == "open" else math.ceil(args.capacity_moves / args.games)
    if args.profile:
        share = math.ceil(args.profile / args.games)
    mine = range(worker, args.games, args.processes)
    arrivals = [arrivals[i] for i in mine]

    t0 = time.perf_counter()
    games = []
    for i, arrived in zip(mine, arrivals, strict=True):
        game = Game(10_000 + i)
        for user, command, options in kind.setup:
            out = await service.handle(request(kind.name, user, command, game.channel, options))
            assert out and out[0].to != "private", out[0].text
        row = (await storage.games_in_channel(game.channel))[0]
        state = kind.rules.from_dict(row.state)
        game.script = script(kind, state, row.seats, share + len(arrived), args.seed + i)
        games.append(game)
    moves = sum(len(g.script) for g in games)
    await pace.opened(Opened(len(games), moves, time.perf_counter() - t0, renderers))

    runs: dict[str, Recorder] = {}
    if args.profile:
        await profile(service, kind.name, games, args.profile)
        return runs
    if args.only != "open":
        # The players too are shared out: as many moves in flight in all as one process has.
        players = len(range(worker, args.concurrency, args.processes))
        stages: dict[str, list[float]] = {}
        with staged(storage, stages) if args.stages else nullcontext():
            runs["capacity"] = await capacity(service, kind.name, games, share, players)
        runs["capacity"].stages = stages
        await pace.measured("capacity", runs["capacity"])
    if args.only != "capacity":
        # A game its random moves brought to an end early sends only the moves it has.
        arrivals = [a[: g.left] for a, g in zip(arrivals, games, strict=True)]
        stages = {}
        with staged(storage, stages) if args.stages else nullcontext():
            runs["open"] = await open_loop(service, kind.name, games, arrivals, args.drain)
        runs["open"].stages = stages
        await pace.measured("open", runs["open"])
    return runs


def worker(args: argparse.Namespace, db: str, index: int, messages: Any, barrier: Any) -> None:
    """Bench process ``index`` of ``args.processes`` (spawned by :func:`coordinate`): its
    own render pool (``--render-processes``, or the cores shared out, at least one each)
    and table service on the shared database ``db``."""
    cores = os.cpu_count() or 1
    chosen = args.render_processes
    renderers = rendering.start(max(1, cores // args.processes) if chosen is None else chosen)

    async def work() -> None:
        await rendering.warm()
        storage = await open_storage(db)
        try:
            await serve(args, storage, Crew(messages, barrier), index, renderers)
        finally:
            await storage.close()

    try:
        asyncio.run(work())
    except BaseException:
        barrier.abort()  # the other processes stop waiting for this one
        raise
    finally:
        rendering.stop()


def coordinate(args: argparse.Namespace, db: str) -> dict[str, Recorder]:
    """Runs ``args.processes`` bench processes on ``db`` and prints their figures put
    together (:class:`Report`); gives the runs put together by name."""
    asyncio.run(_migrated(db))  # once, before the processes share the database
    context = multiprocessing.get_context("spawn")
    messages = context.Queue()
    barrier = context.Barrier(args.processes)
    processes = [
        context.Process(target=worker, args=(args, db, i, messages, barrier), name=f"bench-{i}")
        for i in range(args.processes)
    ]
    for process in processes:
        process.start()
    report = Report(args, db)
    expected = ["opened", *(name for name in ("capacity", "open") if args.only in (None, name))]
    parts: dict[str, list[Any]] = defaultdict(list)
    runs: dict[str, Recorder] = {}
    try:
        while expected:
            try:
                name, part = messages.get(timeout=1)
            except queue.Empty:
                if any(p.exitcode is not None for p in processes):
                    raise SystemExit("a bench process ended early (its error is above)") from None
                continue
            parts[name].append(part)
            if len(parts[name]) < args.processes:
                continue
            expected.remove(name)
            if name == "opened":
                report.opened(parts[name])
            else:
                runs[name] = report.measured(name, parts[name])
        for process in processes:
            process.join()
    finally:
        barrier.abort()
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join()
    return runs


async def _migrated(db: str) -> None:
    storage = await open_storage(db)
    await storage.close()


def _refusals(recorder: Recorder) -> str:
    if not recorder.refused:
        return ""
    return f"; {len(recorder.refused)} REFUSED, first: {recorder.refused[0][:200]!r}"


def _storage_name(db: str) -> str:
    return "PostgreSQL" if db.startswith(("postgresql://", "postgres://")) else "SQLite"


@contextmanager
def database(db: str | None) -> Iterator[str]:
    """The database of the run, as ``PLATEAU_DB`` names it: ``db`` itself; a SQLite file in
    a temporary folder for None; a throw-away PostgreSQL server for ``postgres-temp``."""
    if db == POSTGRES_TEMP:
        with temporary_server() as server:
            if server.url is None:
                raise SystemExit(f"{POSTGRES_TEMP}: no server: {server.skip_reason}")
            yield server.url
        return
    if db is not None:
        yield db
        return
    with tempfile.TemporaryDirectory() as folder:
        yield str(Path(folder) / "bench.db")


POSTGRES_TEMP = "postgres-temp"


def options(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(KINDS), default="loka")
    parser.add_argument("--games", type=int, default=300, help="live games (open loop)")
    parser.add_argument("--think", type=float, default=10.0, help="mean seconds between moves")
    parser.add_argument("--seconds", type=float, default=60.0, help="open loop: arrivals for")
    parser.add_argument("--drain", type=float, default=20.0, help="open loop: wait at the end")
    parser.add_argument("--capacity-moves", type=int, default=1200)
    parser.add_argument("--concurrency", type=int, default=32, help="capacity: moves at once")
    parser.add_argument("--only", choices=("capacity", "open"), default=None)
    parser.add_argument(
        "--db",
        default=None,
        help=f"SQLite path or postgresql:// URL (an empty database), or {POSTGRES_TEMP}: a "
        "throw-away PostgreSQL server",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="bench processes sharing the database"
    )
    parser.add_argument(
        "--encode-repeats",
        type=int,
        default=50,
        help="capacity: Pillow's encode of the last board, timed this many times (0: not)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=int, default=0, help="profile this many moves")
    parser.add_argument(
        "--stages",
        action="store_true",
        help="also print how long a move waited for its game's lookup, its picture and its save",
    )
    parser.add_argument(
        "--render-processes",
        type=int,
        default=None,
        help="render workers of each bench process, as the bot's PLATEAU_RENDER_PROCESSES "
        "(default: the cores shared out among the bench processes, at least one each; "
        "0: threads)",
    )
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes: at least 1")
    if args.profile and args.processes != 1:
        parser.error("--profile: one process only")
    return args


def main() -> None:
    args = options()
    with database(args.db) as db:
        if args.processes > 1:
            coordinate(args, db)
            return
        # Pictures are drawn where the bot draws them (bot.rendering), warmed before timing.
        workers = rendering.start(0 if args.profile else args.render_processes)
        try:
            asyncio.run(rendering.warm())
            print(f"rendering: {f'{workers} worker processes' if workers else 'threads'}")
            asyncio.run(run(args, db))
        finally:
            rendering.stop()


if __name__ == "__main__":
    main()
