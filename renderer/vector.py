"""Vector shapes in unit coordinates, drawn supersampled and scaled down for smooth edges.

Art is described once in a 1x1 box (y grows downwards) and drawn at any pixel size:
:class:`Sketch` paints at ``SUPERSAMPLE`` times the size and :meth:`Sketch.finish` shrinks
with LANCZOS, which is Pillow's antialiasing for shapes it draws with hard edges."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

SUPERSAMPLE = 4

Point = tuple[float, float]
Colour = tuple[int, ...]


@dataclass(frozen=True)
class Poly:
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Ellipse:
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class RoundBox:
    box: tuple[float, float, float, float]
    radius: float = 0.0


@dataclass(frozen=True)
class Line:
    """An open polyline of a given width with round ends and joints."""

    points: tuple[Point, ...]
    width: float


Shape = Poly | Ellipse | RoundBox | Line


def circle(cx: float, cy: float, r: float) -> Ellipse:
    return Ellipse((cx - r, cy - r, cx + r, cy + r))


def arc_points(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 24
) -> tuple[Point, ...]:
    """Points along an elliptic arc, angles in degrees (0 = right, 90 = down)."""
    return tuple(
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    )


def regular_polygon(
    cx: float, cy: float, r: float, sides: int, rotation: float = -90
) -> tuple[Point, ...]:
    return tuple(
        (
            cx + r * math.cos(math.radians(rotation + 360 * i / sides)),
            cy + r * math.sin(math.radians(rotation + 360 * i / sides)),
        )
        for i in range(sides)
    )


class Sketch:
    """A supersampled canvas addressed in unit coordinates."""

    def __init__(
        self,
        width: int,
        height: int | None = None,
        background: Colour = (0, 0, 0, 0),
        *,
        inks: tuple[Colour, ...] = (),
    ) -> None:
        """``inks``: the RGBA colours this sketch paints, if few: it then paints them by
        their number (1 for the first...) on a canvas of one byte a pixel, transparent where
        0 (a quarter of the memory to fill, crop and scan; the colours are put in by
        :meth:`reduced` and :meth:`finish`, the very pixels of painting them in RGBA)."""
        self.width = width
        self.height = height or width
        self.k = width * SUPERSAMPLE  # pixels per unit, on both axes
        size = (self.k, self.height * SUPERSAMPLE)
        if inks:
            self.image = Image.new("P", size, 0)
            colours = [(0, 0, 0, 0), *inks]
            self.image.putpalette(b"".join(bytes(c) for c in colours), "RGBA")
        else:
            mode = "RGBA" if len(background) == 4 else "RGB"
            self.image = Image.new(mode, size, background)
        self.draw = ImageDraw.Draw(self.image)

    def _xy(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.k, p[1] * self.k)

    def _box(self, box: tuple[float, float, float, float], grow: float) -> list[float]:
        g = grow * self.k
        return [box[0] * self.k - g, box[1] * self.k - g, box[2] * self.k + g, box[3] * self.k + g]

    def paint(
        self,
        shape: Shape,
        colour: Colour | int,  # an int: a grey level, on a mask
        *,
        grow: float = 0.0,
        draw: ImageDraw.ImageDraw | None = None,
    ) -> None:
        """Fill ``shape``, grown outwards by ``grow`` units (a grown copy drawn first in a
        dark colour becomes the outline)."""
        d = draw or self.draw
        g = grow * self.k
        if isinstance(shape, Poly):
            pts = [self._xy(p) for p in shape.points]
            d.polygon(pts, fill=colour)
            if g > 0:
                d.line([*pts, pts[0], pts[1]], fill=colour, width=round(2 * g), joint="curve")
                for x, y in pts:
                    d.ellipse([x - g, y - g, x + g, y + g], fill=colour)
        elif isinstance(shape, Ellipse):
            d.ellipse(self._box(shape.box, grow), fill=colour)
        elif isinstance(shape, RoundBox):
            radius = (shape.radius + grow) * self.k
            d.rounded_rectangle(self._box(shape.box, grow), radius=radius, fill=colour)
        else:
            pts = [self._xy(p) for p in shape.points]
            w = shape.width * self.k / 2 + g
            d.line(pts, fill=colour, width=round(2 * w), joint="curve")
            for x, y in (pts[0], pts[-1]):
                d.ellipse([x - w, y - w, x + w, y + w], fill=colour)

    def mask(self, shapes: tuple[Shape, ...], *, grow: float = 0.0) -> Image.Image:
        m = Image.new("L", self.image.size, 0)
        d = ImageDraw.Draw(m)
        for shape in shapes:
            self.paint(shape, 255, grow=grow, draw=d)
        return m

    def outlined(
        self,
        parts: tuple[Shape, ...],
        fill: Colour | Image.Image,
        outline: Colour,
        width: float,
    ) -> None:
        """Paint parts in order, each with its own outline, so a later part overlapping an
        earlier one shows a line where they meet (as a carved piece does). ``fill`` may be
        a texture the size of the canvas (a shaded body)."""
        for part in parts:
            self.paint(part, outline, grow=width)
            if isinstance(fill, Image.Image):
                self.image.paste(fill, (0, 0), self.mask((part,)))
            else:
                self.paint(part, fill)

    def shadow(self, shape: Shape, opacity: int, blur: float) -> None:
        """A soft shadow under what is painted next."""
        m = self.mask((shape,)).filter(ImageFilter.GaussianBlur(blur * self.k))
        m = m.point(lambda v: v * opacity // 255)
        self.image.paste((0, 0, 0, 255) if self.image.mode == "RGBA" else (0, 0, 0), (0, 0), m)

    def finish(self) -> Image.Image:
        image = self.image.convert("RGBA") if self.image.mode == "P" else self.image
        return image.resize((self.width, self.height), Image.Resampling.LANCZOS)

    def reduced(self) -> Image.Image:
        """The canvas shrunk by a box filter: ``self.image.reduce(SUPERSAMPLE)``, the same
        pixels, reducing only where it has ink. Each final pixel is the average of its own
        block of the canvas, and a block without ink (alpha 0 throughout: premultiplied,
        nothing) is transparent black, so only the inked blocks of each band of
        :data:`REDUCED_ROWS` rows are reduced (an arrow's box is mostly empty: its
        RGBA-premultiplied-RGBA round trip was most of its cost, ~15 ms for a long
        diagonal, ~3 ms now). A sketch painted by ``inks`` is reduced as if painted in
        RGBA: each inked block in those colours."""
        image, k = self.image, SUPERSAMPLE
        if image.mode not in ("RGBA", "P"):
            return image.reduce(k)
        out = Image.new("RGBA", (self.width, self.height))
        step = REDUCED_ROWS * k
        for top in range(0, image.height, step):
            band = image.crop((0, top, image.width, min(top + step, image.height)))
            box = band.getbbox()  # of the alpha
            if box is None:
                continue
            left, upper = box[0] - box[0] % k, box[1] - box[1] % k
            right, lower = -(-box[2] // k) * k, -(-box[3] // k) * k
            part = band.crop((left, upper, right, lower)).convert("RGBA").reduce(k)
            out.paste(part, (left // k, (top + upper) // k))
        return out


# Rows of the final picture in each band :meth:`Sketch.reduced` bounds the ink of (measured
# on a 5x5-square arrow: 8 rows 3.1 ms, 16 rows 2.8 ms, 48 rows 3.2 ms; the whole 14.9 ms).
REDUCED_ROWS = 16


def side_lit(
    k: int, base: Colour, light: Colour, shade: Colour, *, mode: str = "RGB"
) -> Image.Image:
    """A k x k texture lit from the left: ``light`` on the left third, ``base`` in the
    middle, ``shade`` on the right edge (gives round bodies some volume)."""

    def mix(a: Colour, b: Colour, t: float) -> tuple[int, ...]:
        return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=False))

    row = Image.new(mode, (k, 1))
    for x in range(k):
        t = x / max(1, k - 1)
        if t < 0.3:
            c = mix(light, base, t / 0.3)
        elif t < 0.62:
            c = tuple(base)
        else:
            c = mix(base, shade, min(1.0, (t - 0.62) / 0.3))
        row.putpixel((x, 0), c[: len(mode)])
    return row.resize((k, k), Image.Resampling.NEAREST)


def dashed(
    draw: ImageDraw.ImageDraw,
    pts: list[Point],
    colour: Colour,
    width: int,
    dash: float,
    *,
    closed: bool = False,
) -> None:
    """The polyline ``pts`` (a polygon's outline when ``closed``) in dashes of about
    ``dash`` pixels, as long as the gaps between them (``dash`` 0: a solid line)."""
    ends = [*pts[1:], pts[0]] if closed else pts[1:]
    for (ax, ay), (bx, by) in zip(pts, ends, strict=False):
        length = math.hypot(bx - ax, by - ay)
        steps = max(1, round(length / dash)) if dash else 1
        for k in range(0, steps, 2 if dash else 1):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            draw.line(
                (
                    ax + (bx - ax) * t0,
                    ay + (by - ay) * t0,
                    ax + (bx - ax) * t1,
                    ay + (by - ay) * t1,
                ),
                fill=colour,
                width=width,
            )
