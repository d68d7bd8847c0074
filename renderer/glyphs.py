"""Players' names as they wrote them: a face with the letters of Latin, Greek and Cyrillic
scripts, and the computer players' robot drawn from code.

Pillow's bundled face (:mod:`renderer.fonts`) has ASCII only, so "Zoë Ørsted" would be
drawn "Zoe Orsted". A picture that shows names (the standings) draws its text with the face
bundled here instead: a subset of DejaVu Sans (``typefaces/``, its licence beside it), still
the same pixels on every machine and no system font. The robot that names a computer player
("🤖 normal 2") is in no such face: it is drawn as a small robot's head in the text's colour,
so that a computer player never reads as a person. Any other emoji or symbol the face lacks
is left out, and any other character it lacks becomes '?'."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from renderer.fonts import shorten

FACE = Path(__file__).with_name("typefaces") / "DejaVuSans.ttf"
ROBOT = "\U0001f916"
ELLIPSIS = "\u2026"
_RUNS = re.compile(f"({ROBOT})")


@lru_cache(maxsize=64)
def face(size: int) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans subset at ``size`` pixels."""
    return ImageFont.truetype(str(FACE), size)


@lru_cache(maxsize=4096)
def known(char: str) -> bool:
    """Whether the face has ``char`` (else it would draw its box for a missing glyph, as
    it does for a code point no face has)."""
    if char.isspace():
        return True
    drawn = [Image.new("L", (40, 40)) for _ in range(2)]
    for canvas, shown in zip(drawn, (char, "\U0010fffd"), strict=True):
        ImageDraw.Draw(canvas).text((4, 4), shown, font=face(24), fill=255)
    return drawn[0].tobytes() != drawn[1].tobytes()


def readable(text: str) -> str:
    """``text`` as this module draws it: letters kept, the robot kept, an emoji or symbol
    the face lacks left out, a letter it lacks as its plain letter when the face has that
    (else '?'), spaces made single."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        if char == ROBOT or known(char):
            kept.append(char)
        elif unicodedata.category(char)[0] not in "CSM":
            plain = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            kept.append(plain if plain and all(known(c) for c in plain) else "?")
    return " ".join("".join(kept).split())


def _stroke(size: int, bold: bool) -> int:
    # One weight bundled: a thin stroke of the text's colour stands in for bold.
    return max(1, size // 22) if bold else 0


def _robot_width(size: int) -> int:
    return round(size * 1.1)


def width(text: str, size: int, *, bold: bool = False) -> int:
    """``text``'s width in pixels (run through :func:`readable` first)."""
    total = 0.0
    for run in _RUNS.split(text):
        total += _robot_width(size) if run == ROBOT else face(size).getlength(run)
    return round(total) + 2 * _stroke(size, bold) if text else 0


def fit(text: str, size: int, room: int, *, bold: bool = False) -> str:
    """``text`` within ``room`` pixels: whole, or the longest start of it that fits with
    '…' after it (the robot counts as one character)."""
    return shorten(text, room, lambda s: width(s, size, bold=bold), ELLIPSIS)


def wrap(text: str, size: int, room: int, lines: int, *, bold: bool = False) -> list[str]:
    """``text`` on at most ``lines`` lines of ``room`` pixels, broken between words; the
    last line cut with '…' only if the text still does not fit."""
    words = text.split()
    out: list[str] = []
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and width(f"{line} {words[0]}", size, bold=bold) <= room:
            line = f"{line} {words.pop(0)}"
        out.append(fit(line, size, room, bold=bold))
    if words:
        out.append(fit(" ".join(words), size, room, bold=bold))
    return out or [""]


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw ``text`` (already :func:`readable`) at ``xy``. ``anchor``: 'l', 'm' or 'r'
    across, then 'a' (top) or 'm' (middle) down, as Pillow's anchors."""
    font = face(size)
    ascent, descent = font.getmetrics()
    x = (
        xy[0]
        - {"l": 0.0, "m": width(text, size, bold=bold) / 2, "r": width(text, size, bold=bold)}[
            anchor[0]
        ]
    )
    baseline = xy[1] + ((ascent - descent) / 2 if anchor[1] == "m" else ascent)
    stroke = _stroke(size, bold)
    x += stroke
    for run in _RUNS.split(text):
        if run == ROBOT:
            robot(draw, x, baseline, size, fill)
            x += _robot_width(size)
        elif run:
            draw.text(
                (x, baseline),
                run,
                font=font,
                fill=fill,
                anchor="ls",
                stroke_width=stroke,
                stroke_fill=fill,
            )
            x += font.getlength(run)


def robot(
    draw: ImageDraw.ImageDraw, x: float, baseline: float, size: int, fill: tuple[int, int, int]
) -> None:
    """A robot's head standing on ``baseline`` from ``x``, a little taller than a capital
    letter: an antenna, a square head drawn in outline, two eyes and a mouth."""
    line = max(1, round(size / 11))
    left, right = x + size * 0.06, x + size * 0.94
    top, bottom = baseline - size * 0.9, baseline + size * 0.04
    head = top + size * 0.2
    middle = (left + right) / 2
    dot = max(1.0, size * 0.07)
    draw.line((middle, top + dot, middle, head), fill=fill, width=line)
    draw.ellipse((middle - dot, top, middle + dot, top + 2 * dot), fill=fill)
    draw.rounded_rectangle((left, head, right, bottom), radius=size * 0.1, outline=fill, width=line)
    eye = size * 0.085
    eyes = head + (bottom - head) * 0.38
    for centre in (left + (right - left) * 0.3, left + (right - left) * 0.7):
        draw.ellipse((centre - eye, eyes - eye, centre + eye, eyes + eye), fill=fill)
    mouth = head + (bottom - head) * 0.74
    draw.line(
        (left + (right - left) * 0.3, mouth, left + (right - left) * 0.7, mouth),
        fill=fill,
        width=line,
    )
