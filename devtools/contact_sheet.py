"""Every game's pictures on one sheet, to judge them at a glance:
``python -m devtools.contact_sheet``.

Each ``renderer/demo*.py`` that has ``samples()`` (file name -> PNG: the demo positions and
the images a player sees, such as the board, the army card, the deployment, the summary)
becomes one section, titled with the game's name; each picture is scaled to 400 px wide
(LANCZOS) and captioned with its name. A demo that fails gets a red cell naming the error,
so one game's work in progress does not hide the others (the command then exits 1).
Writes docs/contact-sheet.png, kept under 5 MB (fewer colours when needed)."""

from __future__ import annotations

import argparse
import importlib
import io
import pkgutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

import renderer
from bot.i18n import has, t
from renderer.fonts import draw_text, fit, printable

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "contact-sheet.png"
CELL = 400  # px: each picture's width on the sheet
COLUMNS = 5
GAP = 16
CAPTION = 26  # px under each picture
TITLE = 44  # px above each game's section
MAX_BYTES = 5 * 1024 * 1024
BACKGROUND = (236, 232, 224)
INK = (40, 36, 32)
FAILED = (170, 40, 40)


@dataclass(frozen=True)
class Picture:
    caption: str
    image: Image.Image | None  # None: the demo failed; the caption says why


@dataclass(frozen=True)
class Section:
    title: str
    pictures: list[Picture]


def demos() -> list[tuple[str, Callable[[], dict[str, bytes]]]]:
    """``(game kind, samples)`` of every ``renderer/demo*.py``: ``demo`` is Loka's."""
    found = []
    for module in sorted(pkgutil.iter_modules(renderer.__path__), key=lambda m: m.name):
        if not module.name.startswith("demo"):
            continue
        loaded = importlib.import_module(f"renderer.{module.name}")
        if callable(getattr(loaded, "samples", None)):
            kind = module.name.removeprefix("demo").lstrip("_") or "loka"
            found.append((kind, loaded.samples))
    return found


def title_of(kind: str) -> str:
    key = f"game.{kind}"
    return t("en", key) if has(key) else kind


def scaled(name: str, data: bytes, width: int = CELL) -> Picture:
    """The picture at ``width`` px wide, its proportions kept (LANCZOS), captioned with its
    name and the size a player gets."""
    with Image.open(io.BytesIO(data)) as image:
        picture = image.convert("RGB")
    height = max(1, round(picture.height * width / picture.width))
    caption = f"{Path(name).stem}  {picture.width}x{picture.height}"
    return Picture(caption, picture.resize((width, height), Image.Resampling.LANCZOS))


def section(kind: str, samples: Callable[[], dict[str, bytes]]) -> Section:
    """One game's pictures, or one failed cell naming why they could not be drawn."""
    try:
        drawn = samples()
    except Exception as exc:  # a game's demo in progress: show it failed, go on
        return Section(title_of(kind), [Picture(f"FAILED: {type(exc).__name__}: {exc}", None)])
    return Section(title_of(kind), [scaled(name, data) for name, data in drawn.items()])


def _rows(pictures: list[Picture], columns: int) -> list[list[Picture]]:
    return [pictures[i : i + columns] for i in range(0, len(pictures), columns)]


def _height(picture: Picture) -> int:
    return picture.image.height if picture.image is not None else CELL // 2


def sheet(sections: list[Section], columns: int = COLUMNS) -> Image.Image:
    """The sections one under the other, each a grid of captioned 400 px cells."""
    width = GAP + columns * (CELL + GAP)
    height = GAP
    for part in sections:
        height += TITLE + sum(
            max(_height(p) for p in row) + CAPTION + GAP for row in _rows(part.pictures, columns)
        )
    out = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(out)
    y = GAP
    for part in sections:
        draw_text(draw, (GAP, y + 8), printable(part.title), 28, INK, bold=True)
        draw.line((GAP, y + TITLE - 6, width - GAP, y + TITLE - 6), fill=INK, width=2)
        y += TITLE
        for row in _rows(part.pictures, columns):
            for index, picture in enumerate(row):
                x = GAP + index * (CELL + GAP)
                _cell(out, draw, picture, x, y)
            y += max(_height(p) for p in row) + CAPTION + GAP
    return out


def _cell(out: Image.Image, draw: ImageDraw.ImageDraw, picture: Picture, x: int, y: int) -> None:
    if picture.image is None:
        draw.rectangle((x, y, x + CELL - 1, y + CELL // 2 - 1), outline=FAILED, width=4)
        words, lines = printable(picture.caption).split(), [""]
        for word in words:  # wrapped to the cell, at most a few lines
            if len(lines[-1]) + len(word) > 34:
                lines.append("")
            lines[-1] = f"{lines[-1]} {word}".strip()
        for n, line in enumerate(lines[:8]):
            draw_text(draw, (x + 12, y + 12 + n * 22), line, 18, FAILED)
        return
    out.paste(picture.image, (x, y))
    caption = fit(printable(picture.caption), 18, CELL)
    draw_text(draw, (x, y + picture.image.height + 4), caption, 18, INK)


def encoded(image: Image.Image, limit: int = MAX_BYTES) -> bytes:
    """PNG bytes under ``limit``: full colour if it fits, else 256 colours, else smaller."""
    attempts = [image, image.quantize(256, method=Image.Quantize.MEDIANCUT)]
    data = b""
    for attempt in attempts:
        buffer = io.BytesIO()
        attempt.save(buffer, "PNG", optimize=True)
        data = buffer.getvalue()
        if len(data) <= limit:
            return data
    half = image.resize((image.width // 2, image.height // 2), Image.Resampling.LANCZOS)
    return encoded(half, limit)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m devtools.contact_sheet", description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    parser.add_argument("--columns", type=int, default=COLUMNS, help="pictures per row")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    sections = [section(kind, samples) for kind, samples in demos()]
    image = sheet(sections, max(1, args.columns))
    data = encoded(image)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    failed = [s.title for s in sections if any(p.image is None for p in s.pictures)]
    count = sum(len(s.pictures) for s in sections)
    print(
        f"{args.out}: {count} pictures of {len(sections)} games, {image.width}x{image.height} px, "
        f"{len(data) / 1024 / 1024:.1f} MB, {time.perf_counter() - started:.1f} s"
    )
    for title in failed:
        print(f"  {title}: its demo failed (see its red cell)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
