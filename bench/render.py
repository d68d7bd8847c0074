"""Loka image speed: a full crowded board, against the bare PNG encode of the same image.

Run: ``python bench/render.py [--repeats N] [--game loka|chess|loa]``. Targets (issue 3):
the median Loka render is at most 1.5x the time Pillow needs just to encode that same final
image to PNG with the same settings, and under 40 ms. Also printed: the first render (empty
caches), and renders of a game moving on (a new position every time, so the cells of the
moved pieces are new).

Then (issue 15) the PNG settings: encode time and size of the same board at several zlib
levels, palette and RGB, which chose ``renderer.png.COMPRESS_LEVEL`` (a level changes no
pixel: the picture reads the same at 400 px wide); and pictures per second drawn through
``bot.rendering`` in threads and in a process pool (``--pool 0`` skips that part).

``--game chess`` or ``--game loa`` (issue 15) measures that game's board the same way: the
median render of one position against the bare PNG encode of its image, the first render
with empty caches (the palette is fitted then), and a game moving on (a new position each
render)."""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from bench.cpu import LINUX, render_workers, scheduled, shares
from bot import rendering
from bot.tables import loka_images
from engine import loa
from engine.loka import LokaState, view
from engine.standard_chess import apply as chess_apply
from engine.standard_chess import legal_actions as chess_moves
from renderer import chess as chess_art
from renderer import demo_chess, demo_loa
from renderer import loa as loa_art
from renderer.demo import NAMES, crowded_state
from renderer.loka import LokaImageOptions, loka_image, render_loka
from renderer.png import COMPRESS_LEVEL, encode_png

LEVELS = (1, 2, 3, 6, 9)


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1e3


def png_settings(image: Image.Image, repeats: int) -> None:
    """Median encode time and size per zlib level, palette (as drawn) and RGB, interleaved
    so that a busy machine weighs on every setting alike."""
    modes = {"P": image, "RGB": image.convert("RGB")}
    times: dict[tuple[str, int], list[float]] = {}
    sizes: dict[tuple[str, int], int] = {}
    for _ in range(repeats):
        for mode, picture in modes.items():
            for level in LEVELS:
                out = io.BytesIO()
                t0 = time.perf_counter()
                picture.save(out, "PNG", compress_level=level)
                times.setdefault((mode, level), []).append(time.perf_counter() - t0)
                sizes[mode, level] = len(out.getvalue())
    print(f"PNG settings (median of {repeats}; * the one in use):")
    for (mode, level), spent in times.items():
        mark = "*" if mode == "P" and level == COMPRESS_LEVEL else " "
        kb = sizes[mode, level] / 1024
        print(f" {mark} {mode:<3} level {level}: {median_ms(spent):6.2f} ms {kb:6.0f} KB")


@dataclass
class Throughput:
    """Pictures per second through ``bot.rendering``, and where the CPU went: ms of CPU a
    picture in this process and in the workers, and each worker's share of the wall time
    running, ready to run but waiting for a core (other work on the machine), and asleep
    (waiting for the pool: a next picture, or this process to read its answer)."""

    rate: float
    here_ms: float
    workers: str = ""

    def line(self) -> str:
        out = f"{self.rate:.0f} pictures/s; CPU a picture: {self.here_ms:.2f} ms in the bot"
        return f"{out}, {self.workers}" if self.workers else out


async def throughput(processes: int, pictures: int, widen: bool = True) -> Throughput:
    """Board pictures per second through ``bot.rendering`` (0 processes: threads), eight in
    flight at a time as a busy bot would have, over 40 positions of a game. One untimed
    round first (as many pictures), so that every worker's caches know the positions as
    this process's do (threads draw here, where the positions were drawn already).
    ``widen``: False keeps the workers' answer pipe at the system's default size (the pool
    before issue 36)."""
    widened = getattr(rendering, "widen_results", None)  # None: before issue 36
    if not widen and widened is not None:
        rendering.widen_results = lambda executor: None
    rendering.start(processes)
    try:
        await rendering.warm()
        views = [view(crowded_state(plies=6 + i % 40), None) for i in range(pictures)]
        names = dict(NAMES)
        gate = asyncio.Semaphore(8)

        async def one(seen: object) -> bytes:
            async with gate:
                return await rendering.render(loka_images.board, seen, names, [], "fire")

        await asyncio.gather(*(one(v) for v in views))  # untimed: every worker's caches
        pids = render_workers()
        before = scheduled(pids)
        here, t0 = time.process_time(), time.perf_counter()
        await asyncio.gather(*(one(v) for v in views))
        wall = time.perf_counter() - t0
        here = time.process_time() - here
        out = Throughput(pictures / wall, here / pictures * 1e3)
        if pids and LINUX:
            spent = scheduled(pids) - before
            out.workers = (
                f"{spent.cpu / pictures * 1e3:.2f} ms in the workers; each worker "
                + shares(spent, len(pids), wall)
            )
        return out
    finally:
        rendering.stop()
        if widened is not None:
            rendering.widen_results = widened


def chess_game(plies: int) -> list[Any]:
    """The positions of a chess game of ``plies`` moves, each the first legal one after a
    fixed stride (varied, deterministic)."""
    state, seen = demo_chess.game(), list[Any]()
    for ply in range(plies):
        moves = chess_moves(state)
        state, _ = chess_apply(state, moves[(ply * 7 + 3) % len(moves)])
        seen.append(state)
    return seen


def two_colour_game(game: str, repeats: int) -> None:
    """Chess or Lines of Action: one position's render against its bare encode, the first
    render with empty caches, and a game moving on."""
    image_of: Callable[[Any], Image.Image]
    render: Callable[[Any], bytes]
    art: ModuleType
    if game == "chess":
        art, positions = chess_art, chess_game(40)
        chess_options = chess_art.ChessImageOptions(names=demo_chess.NAMES)
        image_of = partial(chess_art.chess_image, options=chess_options)
        render = partial(chess_art.render_chess, options=chess_options)
    else:
        art = loa_art
        positions = [loa.view(demo_loa.played("standard", n), None) for n in range(1, 41)]
        loa_options = loa_art.LoaImageOptions(names=demo_loa.NAMES)
        image_of = partial(loa_art.loa_image, options=loa_options)
        render = partial(loa_art.render_loa, options=loa_options)
    board = positions[len(positions) // 2]
    art.clear_caches()
    t0 = time.perf_counter()
    first = render(board)
    cold = time.perf_counter() - t0
    renders, encodes = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        data = render(board)
        renders.append(time.perf_counter() - t0)
        image = image_of(board)
        t0 = time.perf_counter()
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=COMPRESS_LEVEL)
        encodes.append(time.perf_counter() - t0)
    assert data == first
    moving = []
    for seen in positions:
        t0 = time.perf_counter()
        render(seen)
        moving.append(time.perf_counter() - t0)
    print(f"{game}: {image.width}x{image.height} px, {image.mode} mode, {len(data) // 1024} KB")
    print(f"render (median of {repeats}): {median_ms(renders):.2f} ms")
    print(f"bare PNG encode of the same image: {median_ms(encodes):.2f} ms")
    print(f"first render, empty caches: {cold * 1e3:.0f} ms")
    print(f"a game moving on ({len(positions)} new positions): median {median_ms(moving):.2f} ms")


def own_terrains(games: int, seed: int = 36) -> list[LokaState]:
    """Views of ``games`` games of the crowded position a few plies on, each with its own
    terrain (its tiles moved to empty squares at random), in the order the pictures of live
    games come: every game lays its own terrain, so a picture rarely shares the last one's."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        state = crowded_state(plies=6 + i % 40)
        empty = [sq for sq in state.geometry.squares if not state.board[sq]]
        places = rng.sample(empty, len(state.tiles))
        tiles = tuple(replace(t, square=sq) for t, sq in zip(state.tiles, places, strict=True))
        out.append(view(replace(state, tiles=tiles), None))
    return out


def cpu_ms(render: Callable[[Any], object], boards: list[Any], rounds: int = 3) -> float:
    """The least CPU (this process's, ms) a picture took over ``rounds`` runs of ``boards``."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        for board in boards:
            render(board)
        best = min(best, (time.process_time() - t0) / len(boards))
    return best * 1e3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--pool", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--pictures", type=int, default=200, help="for the throughput")
    parser.add_argument("--rounds", type=int, default=1, help="throughput runs of each kind")
    parser.add_argument("--game", choices=("loka", "chess", "loa"), default="loka")
    args = parser.parse_args()
    if args.game != "loka":
        two_colour_game(args.game, args.repeats)
        return

    state = crowded_state(plies=6)
    board = view(state, "fire")
    options = LokaImageOptions(names=NAMES)
    pieces = sum(1 for p in board.board if p)

    t0 = time.perf_counter()
    first = render_loka(board, options=options)
    cold = time.perf_counter() - t0

    renders, encodes = [], []
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        data = render_loka(board, options=options)
        renders.append(time.perf_counter() - t0)
        image = loka_image(board, options=options)
        t0 = time.perf_counter()
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=COMPRESS_LEVEL)
        encodes.append(time.perf_counter() - t0)
    assert data == first and len(encode_png(image)) == len(data)  # the renderer's encode

    # A game going on: every render is a position the caches have not seen as a whole.
    views = [view(crowded_state(plies=6 + i), "fire") for i in range(40)]
    moving = []
    for v in views:
        t0 = time.perf_counter()
        render_loka(v, options=options)
        moving.append(time.perf_counter() - t0)

    # CPU, not wall time (other work on the machine does not count): the positions above,
    # drawn again (their cells are known), then 200 games each with its own terrain.
    drawn = partial(render_loka, options=options)
    moving_cpu = cpu_ms(drawn, views)
    terrains = own_terrains(200)
    for v in terrains[:20]:  # the palette and the first sprites
        drawn(v)
    terrains_cpu = cpu_ms(drawn, terrains)

    render, encode = median_ms(renders), median_ms(encodes)
    print(
        f"crowded board: {pieces} pieces, {len(board.tiles)} tiles, "
        f"{image.width}x{image.height} px, {len(data) // 1024} KB"
    )
    print(f"render (median of {args.repeats}): {render:.2f} ms (target < 40 ms)")
    print(f"bare PNG encode of the same image: {encode:.2f} ms")
    print(f"render / encode: {render / encode:.2f}x (target <= 1.5x)")
    print(f"first render, empty caches: {cold * 1e3:.0f} ms")
    print(f"a game moving on (40 new positions): median {median_ms(moving):.2f} ms")
    print(f"CPU a picture: {moving_cpu:.2f} ms those 40 positions drawn again (least of 3 runs)")
    print(
        f"CPU a picture: {terrains_cpu:.2f} ms, 200 games each with its own terrain, one "
        "picture each (least of 3 runs)"
    )
    png_settings(image, max(args.repeats // 5, 10))
    if args.pool:
        runs = [(0, True), (args.pool, False), (args.pool, True)]
        if not hasattr(rendering, "widen_results"):  # before issue 36: one kind of pool
            runs = [(0, True), (args.pool, False)]
        for processes, widen in runs * args.rounds:
            measured = asyncio.run(throughput(processes, args.pictures, widen))
            where = "threads (no pool)"
            if processes:
                pipe = "answer pipe widened" if widen else "answer pipe of 64 KB"
                where = f"{processes} processes, {pipe}"
            print(f"board pictures, {where}: {measured.line()}")


if __name__ == "__main__":
    main()
