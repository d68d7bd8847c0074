"""PNG output: palette images, one encoder setting for every image.

Board images are drawn in palette ("P") mode with a fixed palette per theme: a third of the
bytes of RGB, so zlib has less to do and the files stay small, and layers cached in P mode
can be pasted without converting anything per image."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterable
from typing import Any

from PIL import Image

# zlib level 3, by measurement (``python bench/render.py``, a crowded 1002x1162 Loka board
# in P mode): level 3 encodes in ~4.5 ms to ~93 KB; level 6 (the PNG default) ~9.9 ms to
# ~81 KB, level 9 ~60 ms to ~74 KB, levels 1-2 ~4.1 ms to ~101-105 KB. The level changes no
# pixel, so a picture reads the same at 400 px wide; encoding is most of a picture's time.
COMPRESS_LEVEL = 3


def encode_png(image: Image.Image) -> bytes:
    """The image as PNG bytes. True-colour images are reduced to an adaptive 256-colour
    palette first (every image here is flat colour and antialiased edges)."""
    if image.mode not in ("P", "L"):
        image = image.convert("RGB").quantize(
            256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def fit_palette(
    samples: Iterable[Image.Image], fixed: Iterable[tuple[int, int, int]] = ()
) -> Image.Image:
    """A palette (a 1x1 'P' image) fitted to sample images of everything a game draws.
    The ``fixed`` colours (flat areas, text) are kept exactly; the rest is fitted."""
    exact = list(dict.fromkeys(fixed))
    images = [s.convert("RGB") for s in samples]
    width = max(i.width for i in images)
    sheet = Image.new("RGB", (width, sum(i.height for i in images)))
    y = 0
    for i in images:
        sheet.paste(i, (0, y))
        y += i.height
    fitted = sheet.quantize(
        256 - len(exact), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    rgb = [c for colour in exact for c in colour] + (fitted.getpalette() or [])
    return palette_of(rgb[: 256 * 3])


def to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` in P mode with the given palette: each pixel takes its nearest colour (no
    dithering, so flat areas stay flat and the same pixels always map the same way)."""
    return image.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)


# Fitting a palette quantizes a sheet of samples: 0.1-0.8 s, most of a game's first picture.
# Every palette fitted here is recorded by its function and arguments (``fitted_palettes``),
# and one handed back (``restore_palettes``, from a cache the bot keeps on disk) is rebuilt
# from its colours instead of fitted again.
_fitted: dict[tuple[str, tuple[Any, ...]], list[int]] = {}
_restored: dict[tuple[str, tuple[Any, ...]], list[int]] = {}


def fitted(fn: Callable[..., Image.Image]) -> Callable[..., Image.Image]:
    """Decorates a game's palette function (under its ``lru_cache``): its palettes are
    recorded, and a restored one is used instead of fitting."""
    name = f"{fn.__module__}.{fn.__qualname__}"

    @functools.wraps(fn)
    def palette(*args: Any) -> Image.Image:
        rgb = _restored.get((name, args))
        if rgb is not None:
            return palette_of(rgb)
        image = fn(*args)
        _fitted[(name, args)] = image.getpalette() or []
        return image

    return palette


def palette_of(rgb: list[int]) -> Image.Image:
    """A palette image (1x1, 'P') holding these colours, as :func:`fit_palette` makes one."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(rgb)
    return palette


def fitted_palettes() -> dict[tuple[str, tuple[Any, ...]], list[int]]:
    """Every palette this process has fitted or been handed: picklable (the keys hold the
    palette functions' arguments, themes and sizes)."""
    return {**_restored, **_fitted}


def restore_palettes(palettes: dict[tuple[str, tuple[Any, ...]], list[int]]) -> None:
    _restored.update(palettes)
