"""Loka image speed: a full crowded board, against the bare PNG encode of the same image.

Run: ``python bench/render.py [--repeats N]``. Targets (issue 3): the median render is at
most 1.5x the time Pillow needs just to encode that same final image to PNG with the same
settings, and under 40 ms. Also printed: the first render (empty caches), and renders of a
game moving on (a new position every time, so the cells of the moved pieces are new)."""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.loka import view
from renderer.demo import NAMES, crowded_state
from renderer.loka import LokaImageOptions, loka_image, render_loka
from renderer.png import COMPRESS_LEVEL, encode_png


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()

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
    assert data == first and out.getvalue() == encode_png(image)

    # A game going on: every render is a position the caches have not seen as a whole.
    views = [view(crowded_state(plies=6 + i), "fire") for i in range(40)]
    moving = []
    for v in views:
        t0 = time.perf_counter()
        render_loka(v, options=options)
        moving.append(time.perf_counter() - t0)

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


if __name__ == "__main__":
    main()
