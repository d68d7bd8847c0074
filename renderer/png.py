"""PNG output: palette images, one encoder setting for every image.

Board images are drawn in palette ("P") mode with a fixed palette per theme: a third of the
bytes of RGB, so zlib has less to do and the files stay small, and layers cached in P mode
can be pasted without converting anything per image."""

from __future__ import annotations

import functools
import io
import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from PIL import Image, ImageChops

# zlib level 3, by measurement (``python bench/render.py``, a crowded 1002x1162 Loka board
# in P mode): level 3 encodes in ~4.5 ms to ~93 KB; level 6 (the PNG default) ~9.9 ms to
# ~81 KB, level 9 ~60 ms to ~74 KB, levels 1-2 ~4.1 ms to ~101-105 KB. The level changes no
# pixel, so a picture reads the same at 400 px wide; encoding is most of a picture's time.
COMPRESS_LEVEL = 3


# A deflate: the zlib stream of the parts given, one after the other (each part is read
# where it lies: a piece of a larger buffer is not copied out to be joined first).
Deflate = Callable[[Sequence[bytes | memoryview]], bytes]


def streamed(compressobj: Callable[[int], Any], level: int) -> Deflate:
    """The :data:`Deflate` of a ``compressobj`` (zlib's or a module of its interface) at
    ``level``."""

    def deflate(parts: Sequence[bytes | memoryview]) -> bytes:
        stream = compressobj(level)
        return b"".join([*(stream.compress(part) for part in parts), stream.flush()])

    return deflate


# Every deflate this process can use, by name (``bench/png.py`` times each).
DEFLATES: dict[str, Deflate] = {
    f"zlib {level}": streamed(zlib.compressobj, level) for level in (1, 3)
}
# A chunk's CRC-32: ISA-L's when installed (the same checksum, ~10x faster: ~2 against 24 us
# for a Loka board's 100 KB IDAT).
crc32: Callable[[bytes, int], int] = zlib.crc32
try:  # ISA-L's deflate (issue 36): a dependency, yet without it Pillow encodes every picture
    from isal import isal_zlib
except ImportError:  # pragma: no cover
    pass
else:
    DEFLATES |= {f"isal {level}": streamed(isal_zlib.compressobj, level) for level in (0, 1, 2, 3)}
    crc32 = isal_zlib.crc32

FILTERS = ("none", "up")

# The deflate and the row filter every picture is written with, by measurement (issue 36,
# ``python bench/png.py``, two busy cores): ISA-L level 2 with no row filter encodes the
# crowded 1002x1162 Loka board in ~1.7 ms to ~101 KB where Pillow's level 3 takes ~4.7 ms to
# ~96 KB (every game's board 2.5-5x faster, -5 % to +8 % bytes). The "up" filter was larger
# and slower on every board but Alako's; zlib-ng (tried, not kept) larger at level 1, slower
# at level 3. Without isal, ``None``: Pillow encodes, as before.
DEFLATE: Deflate | None = DEFLATES.get("isal 2")
FILTER = "none"


def encode_png(image: Image.Image) -> bytes:
    """The image as PNG bytes. True-colour images are reduced to an adaptive 256-colour
    palette first (every image here is flat colour and antialiased edges)."""
    if image.mode not in ("P", "L"):
        image = image.convert("RGB").quantize(
            256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    if DEFLATE is not None:
        data = write_png(image, DEFLATE, FILTER)
        if data is not None:
            return data
    return pillow_png(image)


def pillow_png(image: Image.Image) -> bytes:
    """Pillow's own PNG encode at :data:`COMPRESS_LEVEL` (every picture before issue 36)."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def write_png(image: Image.Image, deflate: Deflate, row_filter: str = "up") -> bytes | None:
    """The PNG of an 8-bit palette ('P', RGB palette, no transparency) or grey ('L') image,
    its chunks written here: IHDR, PLTE, one IDAT deflated by ``deflate``, IEND. Every row
    takes the same filter: "none", or "up" (each byte less the one above, modulo 256,
    computed by Pillow in C). ``None`` for any other image, or one without pixels (Pillow
    writes those)."""
    if image.mode == "P":
        palette = image.palette
        if palette is None or palette.mode != "RGB" or "transparency" in image.info:
            return None
        rgb = bytes(image.getpalette("RGB") or [])
        if not rgb or (len(rgb) < 256 * 3 and _highest(image) >= len(rgb) // 3):
            return None  # a pixel past the palette's colours
        colour_type = 3
    elif image.mode == "L":
        rgb, colour_type = b"", 0
    else:
        return None
    width, height = image.size
    if not width or not height:
        return None  # no rows to write (Pillow's raw encoder writes none, not even padding)
    if row_filter == "up":
        plane = Image.frombytes("L", image.size, image.tobytes())
        above = Image.new("L", image.size)
        above.paste(plane.crop((0, 0, width, height - 1)), (0, 1))
        image = ImageChops.subtract_modulo(plane, above)
        # Each row after its filter's byte: the image pasted one column in from a first
        # column of that byte (a copy in C; joining the rows in Python cost twice as long).
        rows = Image.new(image.mode, (width + 1, height), 2)
        rows.paste(image, (1, 0))
        parts: Sequence[bytes | memoryview] = (rows.tobytes(),)
    else:
        # Filter "none" is a zero byte before each row. Pillow's raw encoder writes rows
        # one byte longer than the image, that byte a zero at each row's end: a zero, then
        # all of that but its last byte, are the rows after their filter bytes, with no
        # image pasted and no copy (~0.1 ms less for the 1002x1162 Loka board).
        padded = image.tobytes("raw", (image.mode, width + 1))
        parts = (b"\x00", memoryview(padded)[:-1])
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            *_chunk(b"IHDR", header),
            *(_chunk(b"PLTE", rgb) if rgb else ()),
            *_chunk(b"IDAT", deflate(parts)),
            *_chunk(b"IEND", b""),
        )
    )


def _highest(image: Image.Image) -> int:
    """The highest palette index a pixel of a one-band image uses (a pass over every pixel:
    only needed when the palette has fewer than 256 colours)."""
    return int(cast("float", image.getextrema()[1]))  # one band: (lowest, highest)


def _chunk(kind: bytes, data: bytes) -> tuple[bytes, bytes, bytes]:
    """A chunk in three parts (its length and kind, its data, its CRC), joined once with
    the whole file's."""
    crc = crc32(data, crc32(kind, 0))
    return struct.pack(">I", len(data)) + kind, data, struct.pack(">I", crc)


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
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


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
