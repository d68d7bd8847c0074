"""Terrain tiles: a coloured panel inset in its square and a bold icon that reads at phone
size. Each icon keeps something visible in the panel's corners and edges, so a tile stays
recognisable with a piece standing on it (the pass's axis arrows, the portal's link mark,
the tile colour itself)."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from renderer.theme import RGB, Theme, TileColours, mix
from renderer.vector import Ellipse, Line, Poly, RoundBox, Shape, Sketch, circle

TILE_KINDS = ("castle", "forest", "lake", "eyrie", "marsh", "stone", "pass", "portal")

_PANEL = RoundBox((0.045, 0.045, 0.955, 0.955), 0.1)
_RIM = 0.022


def _darker(c: RGB, t: float) -> RGB:
    r, g, b = (round(v * (1 - t)) for v in c)
    return r, g, b


def _castle(s: Sketch, c: TileColours) -> None:
    def tower(x0: float, x1: float, top: float) -> Poly:
        w = (x1 - x0) / 5
        return Poly(
            (
                (x0, 0.82),
                (x0, top),
                (x0 + w, top),
                (x0 + w, top + 0.06),
                (x0 + 2 * w, top + 0.06),
                (x0 + 2 * w, top),
                (x0 + 3 * w, top),
                (x0 + 3 * w, top + 0.06),
                (x0 + 4 * w, top + 0.06),
                (x0 + 4 * w, top),
                (x1, top),
                (x1, 0.82),
            )
        )

    wall = tower(0.28, 0.72, 0.42)
    parts: tuple[Shape, ...] = (wall, tower(0.13, 0.37, 0.27), tower(0.63, 0.87, 0.27))
    s.outlined(parts, c.ink, c.accent, 0.03)
    gate = Poly(((0.42, 0.82), (0.42, 0.67), *_arch(0.5, 0.67, 0.08), (0.58, 0.82)))
    s.paint(gate, c.accent)
    s.paint(Line(((0.5, 0.42), (0.5, 0.13)), 0.025), c.accent)
    s.paint(Poly(((0.51, 0.12), (0.68, 0.17), (0.51, 0.23))), (214, 52, 40))
    for x in (0.25, 0.75):
        s.paint(RoundBox((x - 0.025, 0.4, x + 0.025, 0.5), 0.02), c.accent)


def _arch(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    return tuple(
        (cx - r * math.cos(math.radians(a)), cy - r * math.sin(math.radians(a)))
        for a in range(0, 181, 15)
    )


def _forest(s: Sketch, c: TileColours) -> None:
    def tree(cx: float, base: float, h: float) -> None:
        w = h * 0.4
        s.paint(RoundBox((cx - 0.03, base - 0.2 * h, cx + 0.03, base), 0.01), c.accent)
        # Three tiers, the widest at the bottom, each drawn with its own dark edge.
        tiers = tuple(
            Poly(
                (
                    (cx - w * (1 - 0.22 * i), base - h * (0.16 + 0.25 * i)),
                    (cx, base - h * (0.52 + 0.24 * i)),
                    (cx + w * (1 - 0.22 * i), base - h * (0.16 + 0.25 * i)),
                )
            )
            for i in range(3)
        )
        s.outlined(tiers, c.ink, _darker(c.ink, 0.5), 0.018)
        glint = ((cx - 0.015, base - h * 0.97), (cx - w * 0.45, base - h * 0.62))
        s.paint(Line(glint, 0.02), mix(c.ink, (255, 255, 255), 0.3))

    tree(0.29, 0.66, 0.5)
    tree(0.71, 0.68, 0.5)
    tree(0.5, 0.9, 0.6)


def _lake(s: Sketch, c: TileColours) -> None:
    s.paint(Ellipse((0.12, 0.2, 0.88, 0.82)), c.accent)
    s.paint(Ellipse((0.16, 0.24, 0.84, 0.78)), mix(c.ground, c.accent, 0.35))
    for y in (0.38, 0.52, 0.66):
        wave = tuple((x / 20, y + 0.035 * math.sin((x / 20) * math.pi * 6)) for x in range(5, 16))
        s.paint(Line(wave, 0.045), c.ink)


def _eyrie(s: Sketch, c: TileColours) -> None:
    crag = Poly(
        (
            (0.2, 0.95),
            (0.3, 0.62),
            (0.42, 0.56),
            (0.5, 0.44),
            (0.7, 0.45),
            (0.76, 0.58),
            (0.86, 0.95),
        )
    )
    s.paint(crag, c.ink)
    s.paint(Line(((0.42, 0.62), (0.55, 0.72), (0.5, 0.85)), 0.02), c.accent)
    nest = Ellipse((0.46, 0.37, 0.76, 0.49))
    s.paint(nest, c.accent, grow=0.015)
    s.paint(nest, mix(c.ink, c.ground, 0.45))
    for x0 in (0.5, 0.58, 0.66):
        s.paint(Line(((x0, 0.41), (x0 + 0.06, 0.45)), 0.012), c.accent)
    # A bird in flight, its wings a bold "M".
    wings = (
        (0.12, 0.26),
        (0.2, 0.16),
        (0.28, 0.2),
        (0.34, 0.27),
        (0.4, 0.2),
        (0.48, 0.16),
        (0.56, 0.26),
    )
    s.paint(Line(wings, 0.055), c.accent)


def _marsh(s: Sketch, c: TileColours) -> None:
    water = mix(c.ground, (120, 170, 190), 0.45)
    for y, x0, x1 in ((0.62, 0.12, 0.5), (0.74, 0.4, 0.88), (0.86, 0.16, 0.62)):
        s.paint(Line(((x0, y), (x1, y)), 0.04), water)
    for x, top, lean in (
        (0.3, 0.22, -0.04),
        (0.45, 0.14, 0.0),
        (0.6, 0.2, 0.03),
        (0.74, 0.3, 0.06),
    ):
        s.paint(Line(((x, 0.8), (x + lean, top)), 0.03), c.ink)
        hx, hy = x + lean * 0.7, top + 0.12
        s.paint(RoundBox((hx - 0.035, hy - 0.08, hx + 0.035, hy + 0.08), 0.035), c.accent)
    s.paint(Line(((0.2, 0.8), (0.1, 0.5)), 0.025), c.ink)
    s.paint(Line(((0.82, 0.8), (0.9, 0.55)), 0.025), c.ink)


def _stone(s: Sketch, c: TileColours) -> None:
    cx, cy, rx, ry = 0.5, 0.56, 0.33, 0.2
    s.paint(Ellipse((cx - rx, cy - ry, cx + rx, cy + ry)), _darker(c.ground, 0.15))
    stones = []
    for i in range(8):
        a = math.radians(90 + i * 45)
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        h = 0.2 + 0.08 * math.sin(a)  # near stones (lower on the tile) stand taller
        stones.append((y, RoundBox((x - 0.05, y - h, x + 0.05, y + 0.02), 0.02)))
    for _, stone in sorted(stones, key=lambda t: t[0]):
        s.outlined((stone,), c.accent, c.ink, 0.022)


def _pass(s: Sketch, c: TileColours, axis: str) -> None:
    """A road between two ranges of peaks, with double arrows at both ends: the axis."""
    snow = (250, 250, 252)

    def peak(x0: float, x1: float, base: float, top: float) -> None:
        apex, t = (x0 + x1) / 2, 0.32
        rock = Poly(((x0, base), (apex, top), (x1, base)))
        s.outlined((rock,), c.ink, _darker(c.ink, 0.4), 0.02)
        cap = ((apex - (apex - x0) * t, top + (base - top) * t), (apex, top))
        s.paint(Poly((*cap, (apex + (x1 - apex) * t, top + (base - top) * t))), snow)

    def chevrons(x: float, y: float, dx: float, dy: float) -> None:
        """Two chevrons at (x, y) pointing along (dx, dy), away from the centre."""
        for back in (0.0, 0.09):
            bx, by = x - dx * back, y - dy * back
            wing = ((bx - dx * 0.05 - dy * 0.08, by - dy * 0.05 - dx * 0.08),)
            tip = ((bx + dx * 0.05, by + dy * 0.05),)
            other = ((bx - dx * 0.05 + dy * 0.08, by - dy * 0.05 + dx * 0.08),)
            s.paint(Line((*wing, *tip, *other), 0.04), _darker(c.ink, 0.35))

    if axis == "v":
        s.paint(RoundBox((0.37, 0.045, 0.63, 0.955)), c.accent)
        peak(0.045, 0.36, 0.86, 0.2)
        peak(0.64, 0.955, 0.86, 0.2)
        chevrons(0.5, 0.2, 0, -1)
        chevrons(0.5, 0.8, 0, 1)
    else:
        s.paint(RoundBox((0.045, 0.43, 0.955, 0.69)), c.accent)
        peak(0.1, 0.5, 0.43, 0.07)
        peak(0.45, 0.9, 0.43, 0.1)
        peak(0.15, 0.55, 0.955, 0.7)
        peak(0.5, 0.9, 0.955, 0.72)
        chevrons(0.2, 0.56, -1, 0)
        chevrons(0.8, 0.56, 1, 0)


def _portal(s: Sketch, c: TileColours) -> None:
    cx, cy = 0.5, 0.52
    s.paint(circle(cx, cy, 0.36), mix(c.ground, c.ink, 0.25))
    s.paint(circle(cx, cy, 0.31), c.ground)
    spiral = tuple(
        (
            cx + (0.02 + 0.27 * t) * math.cos(t * 4.2 * math.pi),
            cy + (0.02 + 0.27 * t) * math.sin(t * 4.2 * math.pi),
        )
        for t in (i / 80 for i in range(81))
    )
    s.paint(Line(spiral, 0.055), c.ink)
    s.paint(circle(cx, cy, 0.045), c.accent)
    # The pair's link: two interlocked rings in the corner, the same on both portals.
    for dx in (0.0, 0.1):
        s.paint(Ellipse((0.66 + dx, 0.075, 0.8 + dx, 0.215)), c.accent)
        s.paint(Ellipse((0.69 + dx, 0.105, 0.77 + dx, 0.185)), c.ground)


@lru_cache(maxsize=256)
def tile_image(theme: Theme, size: int, kind: str, axis: str | None, square: RGB) -> Image.Image:
    """An opaque ``size`` x ``size`` RGB tile over a square of colour ``square``.
    ``axis`` is the mountain pass's direction on screen: 'v' (up-down) or 'h'."""
    c = theme.tile(kind)
    s = Sketch(size, background=square)
    s.paint(_PANEL, _darker(c.ground, 0.35), grow=_RIM)
    s.paint(_PANEL, c.ground)
    if kind == "pass":
        _pass(s, c, axis or "v")
    else:
        _ICONS[kind](s, c)
    return s.finish()


_ICONS = {
    "castle": _castle,
    "forest": _forest,
    "lake": _lake,
    "eyrie": _eyrie,
    "marsh": _marsh,
    "stone": _stone,
    "portal": _portal,
}
