"""Text with Pillow's bundled font only: the same pixels on every machine, no system fonts.

The bundled face covers printable ASCII and a few signs, so text from players (names) goes
through :func:`printable` first: accents are dropped, emoji and other symbols too, and any
other character the face lacks becomes '?'."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """Pillow's bundled FreeType face at ``size`` pixels, shared by every image."""
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return _glyph_bytes("\U0010fffd")


def _glyph_bytes(char: str) -> bytes:
    image = Image.new("L", (48, 48))
    ImageDraw.Draw(image).text((8, 8), char, font=font(24), fill=255)
    return image.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    return char == " " or _glyph_bytes(char) != _missing_glyph()


# Latin letters that do not decompose into a base letter and an accent.
_PLAIN = str.maketrans(
    {"Ø": "O", "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "ß": "ss", "Æ": "AE",
     "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th", "ı": "i"}
)  # fmt: skip


def printable(text: str) -> str:
    """``text`` as the bundled font can draw it."""
    plain = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    out = "".join(
        c if has_glyph(c) else "?"
        for c in plain
        if not unicodedata.combining(c) and (has_glyph(c) or unicodedata.category(c)[0] not in "CS")
    )
    return " ".join(out.split())


def text_width(text: str, size: int, *, bold: bool = False) -> int:
    left, _, right, _ = font(size).getbbox(text, stroke_width=_stroke(size) if bold else 0)
    return int(right - left)


def fit(text: str, size: int, width: int, *, bold: bool = False) -> str:
    """``text`` shortened with '...' until it fits ``width`` pixels."""
    return shorten(text, width, lambda s: text_width(s, size, bold=bold), "...")


def shorten(text: str, room: int, measure: Callable[[str], int], mark: str) -> str:
    """``text`` whole if ``measure`` says it fits ``room`` pixels, else its longest start
    that fits with ``mark`` after it (any face: this one, or :mod:`renderer.glyphs`')."""
    if measure(text) <= room:
        return text
    while text and measure(text + mark) > room:
        text = text[:-1]
    return text.rstrip() + mark if text else ""


def _stroke(size: int) -> int:
    # The bundled face has one weight; a thin stroke of the same colour stands in for bold.
    return max(1, size // 22)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, ...],
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw ``text`` at ``xy`` with a Pillow anchor ('mm' = centred on the point)."""
    stroke = _stroke(size) if bold else 0
    draw.text(
        xy, text, font=font(size), fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill
    )


def draw_title(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    width: int,
    fill: tuple[int, ...],
) -> None:
    """A picture's title at ``xy``, in bold, cut to ``width`` pixels (glyphs the font lacks
    left out)."""
    draw_text(draw, xy, fit(printable(text), size, width), size, fill, bold=True)
