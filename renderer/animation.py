"""Replays: a finished game's pictures, one per action, as one animated GIF that fits a
Discord attachment. Pure: PNG bytes in, GIF bytes out."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

FRAME_MS = 700  # each position
LAST_MS = 4000  # the final position stays a while before the loop starts again


def gif_of(frames: Sequence[bytes], width: int) -> bytes:
    """The frames (PNG bytes, in order), scaled to ``width`` pixels, as a looping GIF.
    Each frame gets its own palette (boards share few colours), unchanged pixels are
    left out by Pillow's frame differencing, so a long game stays small."""
    images = []
    for data in frames:
        with Image.open(io.BytesIO(data)) as image:
            rgb = image.convert("RGB")
        if rgb.width > width:
            rgb = rgb.resize(
                (width, round(rgb.height * width / rgb.width)), Image.Resampling.LANCZOS
            )
        images.append(rgb.quantize(255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))
    size = max(i.width for i in images), max(i.height for i in images)
    images = [i if i.size == size else _padded(i, size) for i in images]
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(images) - 1) + [LAST_MS]
    images[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=images[1:],
        duration=durations,
        loop=0,
        optimize=False,
        disposal=1,
    )
    return out.getvalue()


def _padded(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """A frame of another size (a banner that grew) on a canvas of the replay's size."""
    canvas = Image.new("RGB", size, image.convert("RGB").getpixel((0, 0)))
    canvas.paste(image.convert("RGB"), (0, 0))
    return canvas.quantize(255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
