"""Square-grid boards for any game: orientation, square boxes, highlight overlays, cells.

A board image is a cached static layer (squares, terrain, coordinates) plus, per image, a
few *cells*: one square's static pixels with its highlight, piece and marks composited in
that order. Cells are cached too, so a typical image is one copy and a few dozen pastes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from renderer.png import to_palette
from renderer.vector import Ellipse, Line, Poly, RoundBox, Sketch, circle


@dataclass(frozen=True)
class Frame:
    """Board (file, rank) to screen (column, row from the top) for a viewer sitting on the
    edge that ``right`` and ``forward`` (the viewer's vectors in board coordinates) describe:
    that edge comes out at the bottom of the picture."""

    width: int
    height: int
    right: tuple[int, int]
    forward: tuple[int, int]

    @property
    def columns(self) -> int:
        return self.width if self.right[0] else self.height

    @property
    def rows(self) -> int:
        return self.height if self.right[0] else self.width

    def screen(self, file: int, rank: int) -> tuple[int, int]:
        dx2, dy2 = 2 * file - (self.width - 1), 2 * rank - (self.height - 1)  # doubled: exact
        col = dx2 * self.right[0] + dy2 * self.right[1] + (self.columns - 1)
        row = -(dx2 * self.forward[0] + dy2 * self.forward[1]) + (self.rows - 1)
        return col // 2, row // 2

    def board(self, col: int, row: int) -> tuple[int, int]:
        """The inverse of :meth:`screen`."""
        sx2, sy2 = 2 * col - (self.columns - 1), -(2 * row - (self.rows - 1))
        # right and forward are orthonormal, so the inverse is the transpose.
        dx2 = sx2 * self.right[0] + sy2 * self.forward[0]
        dy2 = sx2 * self.right[1] + sy2 * self.forward[1]
        return (dx2 + self.width - 1) // 2, (dy2 + self.height - 1) // 2

    def on_screen(self, vector: tuple[int, int]) -> str:
        """'h' if a board direction runs across the picture, 'v' if up and down."""
        return "h" if vector[0] * self.right[0] + vector[1] * self.right[1] else "v"


@dataclass(frozen=True)
class Grid:
    """Where the squares sit in the picture."""

    left: int
    top: int
    square: int

    def box(self, col: int, row: int) -> tuple[int, int, int, int]:
        x, y = self.left + col * self.square, self.top + row * self.square
        return (x, y, x + self.square, y + self.square)


def facing_frame(size: int, seats: tuple[str, str], bottom: str) -> Frame:
    """A square board between two seats, seen from ``bottom``'s edge: the first seat's as
    the board is written, the second's turned half round."""
    if bottom not in seats:
        raise ValueError(f"bottom must be {seats[0]} or {seats[1]}, not '{bottom}'")
    if bottom == seats[0]:
        return Frame(size, size, (1, 0), (0, 1))
    return Frame(size, size, (-1, 0), (0, -1))


@dataclass(frozen=True)
class Layout:
    """A picture of a square board: the players' banner on top, the board in a margin that
    holds its coordinates, and a strip below it (a summary; 0 high when there is none)."""

    square: int
    margin: int
    banner: int
    below: int
    grid: Grid
    width: int
    height: int


def board_layout(size: int, square: int, *, banner: bool = True, below: float = 0) -> Layout:
    """The layout of a ``size`` x ``size`` board of ``square`` px squares, with a banner if
    asked and a strip ``below`` squares high under the board."""
    margin = round(square * 0.42)
    top = round(square * 0.8) if banner else 0
    under = round(square * below)
    grid = Grid(margin, top + margin, square)
    width = size * square + 2 * margin
    height = grid.top + size * square + margin + under
    return Layout(square, margin, top, under, grid, width, height)


# ---------------------------------------------------------------- overlays

TINT, DOT, RING, CORNERS = "tint", "dot", "ring", "corners"


@lru_cache(maxsize=256)
def overlay(
    size: int, kind: str, colour: tuple[int, ...], edge: tuple[int, ...] | None = None
) -> Image.Image:
    """A square-sized RGBA mark: a translucent ``tint`` (with an inner ``edge`` line if
    given), a ``dot`` for a move to an empty square, a ``ring`` for a capture, or
    ``corners`` (small triangles) for a zone."""
    s = Sketch(size)
    if kind == TINT:
        s.paint(RoundBox((0, 0, 1, 1)), colour)
        if edge is not None:
            _frame(s, edge, 0.055)
    elif kind == DOT:
        s.paint(circle(0.5, 0.5, 0.15), colour)
    elif kind == RING:
        s.paint(Ellipse((0.03, 0.03, 0.97, 0.97)), colour)
        s.paint(Ellipse((0.11, 0.11, 0.89, 0.89)), (0, 0, 0, 0))
    elif kind == CORNERS:
        t = 0.24
        for poly in (
            ((0, 0), (t, 0), (0, t)),
            ((1, 0), (1, t), (1 - t, 0)),
            ((0, 1), (0, 1 - t), (t, 1)),
            ((1, 1), (1 - t, 1), (1, 1 - t)),
        ):
            s.paint(Poly(poly), colour)
    else:
        raise ValueError(f"unknown overlay '{kind}'")
    return s.finish()


def _frame(s: Sketch, colour: tuple[int, ...], width: float) -> None:
    h = width / 2
    s.paint(Line(((h, h), (1 - h, h), (1 - h, 1 - h), (h, 1 - h), (h, h)), width), colour)


@dataclass(frozen=True, eq=False)
class Inked:
    """An RGBA drawing cut where it has ink: bands of rows, each cropped to the bounding box
    of its alpha, kept as (left, top, colours in RGB, alpha)."""

    width: int
    height: int
    parts: tuple[tuple[int, int, Image.Image, Image.Image], ...]

    def image(self) -> Image.Image:
        """The drawing again (transparent where it has no ink)."""
        whole = Image.new("RGBA", (self.width, self.height))
        for left, top, colours, alpha in self.parts:
            part = colours.convert("RGBA")
            part.putalpha(alpha)
            whole.paste(part, (left, top))
        return whole


def inked(art: Image.Image, band: int) -> Inked:
    """``art`` (RGBA) cut into its inked parts, ``band`` rows at a time."""
    parts = []
    for top in range(0, art.height, band):
        strip = art.crop((0, top, art.width, min(top + band, art.height)))
        box = strip.getbbox()  # of the alpha: the pixels the drawing covers at all
        if box is not None:
            ink = strip.crop(box)
            parts.append((box[0], top + box[1], ink.convert("RGB"), ink.getchannel("A")))
    return Inked(art.width, art.height, tuple(parts))


def settled(palette: Image.Image) -> list[int]:
    """Where :func:`~renderer.png.to_palette` takes each index's own colour: not always to
    itself (Pillow looks colours up on a coarser grid), so a region mapped back to the
    palette changes even where nothing was drawn on it. A table for ``Image.point``."""
    rgb = palette.getpalette("RGB") or []
    colours = Image.frombytes("RGB", (len(rgb) // 3, 1), bytes(rgb))
    return [*to_palette(colours, palette).tobytes(), *range(len(rgb) // 3, 256)]


def lay_over(
    image: Image.Image,
    art: Inked,
    xy: tuple[int, int],
    palette: Image.Image,
    table: list[int],
) -> None:
    """Lay an RGBA drawing over the palette image at ``xy``, exactly as converting that
    region to RGBA, compositing it and mapping it back to the palette would (``table`` is
    :func:`settled` of the palette), yet blending only where the drawing has ink."""
    x, y = xy
    region = image.crop((x, y, x + art.width, y + art.height)).point(table)
    for left, top, colours, alpha in art.parts:
        box = (x + left, y + top, x + left + alpha.width, y + top + alpha.height)
        # Over opaque pixels, a paste through the alpha blends exactly as alpha_composite
        # (every alpha, every pair of values: tests/renderer/test_lay_over.py), in RGB.
        under = image.crop(box).convert("RGB")
        under.paste(colours, (0, 0), alpha)
        region.paste(to_palette(under, palette), (left, top))
    image.paste(region, xy)


def compose_cell(
    base: Image.Image, layers: Sequence[tuple[Image.Image, tuple[int, int]]], palette: Image.Image
) -> Image.Image:
    """A square's static pixels with RGBA layers (image, offset) composited in order, in the
    palette's P mode."""
    cell = base.convert("RGBA")
    for layer, offset in layers:
        cell.alpha_composite(layer, offset)
    return to_palette(cell, palette)
