"""PNG encode alone (issue 36): Pillow's encode against ``renderer.png.encode_png``, time and
bytes, for the crowded 1002x1162 Loka board and one board per game (each game's largest demo
sample, decoded back to its palette image), and, per deflate and row filter, the chunk writer
that ``encode_png`` uses.

Run: ``python bench/png.py [--repeats N]``. Every encoder is timed on the same image in
rounds taken in turn, so that a busy machine weighs on each alike; the figures are medians.
Each output is decoded and compared with the image: the pixels are the same, or the run
fails."""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageChops

from engine.loka import view
from renderer import demo_alako, demo_chess, demo_echec, demo_inka, demo_loa, png
from renderer.demo import NAMES, crowded_state
from renderer.loka import LokaImageOptions, loka_image

Encoder = Callable[[Image.Image], bytes]

# Each encoder runs a round of repeats in turn, after one untimed call: right after ISA-L's
# deflate, Pillow's next encode was ~1.7x slower (measured: 4.6 ms alone, 7.9 ms each
# following an isal call), so interleaving encode by encode would slow Pillow's figure.
ROUNDS = 5

# Each game's largest demo board (by Pillow's encode before issue 36).
BOARDS = {
    "alako": "alako_move.png",
    "chess": "targets.png",
    "echec": "turn_arrows.png",
    "inka": "midgame.png",
    "loa": "teams.png",
}


def pillow(image: Image.Image) -> bytes:
    """Pillow's own PNG encode at the renderer's zlib level (the encode before issue 36)."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=png.COMPRESS_LEVEL)
    return out.getvalue()


def boards() -> dict[str, Image.Image]:
    """The crowded Loka board as drawn, and each other game's largest demo picture."""
    crowded = view(crowded_state(plies=6), "fire")
    out = {"loka crowded": loka_image(crowded, options=LokaImageOptions(names=NAMES))}
    demos = {
        "alako": demo_alako,
        "chess": demo_chess,
        "echec": demo_echec,
        "inka": demo_inka,
        "loa": demo_loa,
    }
    for game, demo in demos.items():
        name = BOARDS[game]
        image = Image.open(io.BytesIO(demo.samples()[name]))
        image.load()
        out[f"{game} {name}"] = image
    return out


def same_pixels(image: Image.Image, data: bytes) -> bool:
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    return ImageChops.difference(image.convert("RGB"), decoded.convert("RGB")).getbbox() is None


def encoders() -> dict[str, Encoder]:
    """Pillow's encode and the renderer's, and (once it exists) the renderer's chunk writer
    with each deflate it can use."""
    out: dict[str, Encoder] = {"pillow": pillow, "encode_png": png.encode_png}
    for name, deflate in getattr(png, "DEFLATES", {}).items():
        for row_filter in png.FILTERS:
            out[f"{name} {row_filter}"] = partial(chunks, deflate=deflate, row_filter=row_filter)
    return out


def chunks(image: Image.Image, deflate: png.Deflate, row_filter: str) -> bytes:
    data = png.write_png(image, deflate, row_filter)
    assert data is not None
    return data


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args()
    ways = encoders()
    print(f"PNG encode, median of {args.repeats} (ms, KB):")
    for board, image in boards().items():
        times: dict[str, list[float]] = {name: [] for name in ways}
        sizes: dict[str, int] = {}
        for _ in range(ROUNDS):
            for name, encode in ways.items():
                sizes[name] = len(encode(image))  # not timed: after another encoder
                for _ in range(args.repeats // ROUNDS):
                    t0 = time.perf_counter()
                    encode(image)
                    times[name].append(time.perf_counter() - t0)
        for name, encode in ways.items():
            assert same_pixels(image, encode(image)), (board, name)
        base = statistics.median(times["pillow"])
        print(f"{board}: {image.width}x{image.height} {image.mode}")
        for name, spent in times.items():
            ms = statistics.median(spent)
            print(
                f"  {name:<22} {ms * 1e3:6.2f} ms  {sizes[name] / 1024:6.1f} KB"
                f"  x{base / ms:4.2f} speed  {sizes[name] / sizes['pillow']:5.2f} size"
            )


if __name__ == "__main__":
    main()
