"""Original chess-piece art, drawn from code: no image files, no font glyphs.

Each kind has its own silhouette (king: dome and cross; queen: spiked crown with balls;
rook: battlements; bishop: mitre with a slit; knight: horse head; pawn: ball on a cone) so
pieces are told apart by shape first and by army colour second (colour-blind safe). Bodies
take the army colour lit from the left, with a dark contrasting outline and a soft shadow."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageFilter

from renderer.theme import Theme
from renderer.vector import (
    Ellipse,
    Line,
    Poly,
    RoundBox,
    Shape,
    Sketch,
    arc_points,
    circle,
    side_lit,
)

KINDS = ("king", "queen", "rook", "bishop", "knight", "pawn")

OUTLINE = 0.026  # outline width, as a share of the sprite size

# The plinth shared by the nobles: a wide foot and a step above it.
_FOOT = RoundBox((0.19, 0.83, 0.81, 0.94), 0.035)
_STEP = Poly(((0.25, 0.84), (0.29, 0.765), (0.71, 0.765), (0.75, 0.84)))


def _king() -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
    body = Poly(((0.29, 0.78), (0.37, 0.55), (0.63, 0.55), (0.71, 0.78)))
    dome = Poly(((0.24, 0.53), *arc_points(0.5, 0.53, 0.26, 0.21, 180, 360, 28), (0.76, 0.53)))
    band = RoundBox((0.23, 0.49, 0.77, 0.58), 0.03)
    # The cross in one outline, so no seam shows where its arms meet.
    v0, v1, h0, h1 = 0.445, 0.555, 0.095, 0.2
    cross = Poly(
        (
            (v0, 0.03), (v1, 0.03), (v1, h0), (0.65, h0), (0.65, h1), (v1, h1),
            (v1, 0.33), (v0, 0.33), (v0, h1), (0.35, h1), (0.35, h0), (v0, h0),
        )
    )  # fmt: skip
    parts = (_FOOT, _STEP, body, dome, cross, band)
    return parts, (Line(((0.5, 0.35), (0.5, 0.47)), 0.024),)


def _queen() -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
    body = Poly(((0.29, 0.78), (0.385, 0.55), (0.615, 0.55), (0.71, 0.78)))
    tips = ((0.16, 0.25), (0.32, 0.17), (0.5, 0.12), (0.68, 0.17), (0.84, 0.25))
    crown = Poly(
        (
            (0.27, 0.53),
            tips[0],
            (0.35, 0.40),
            tips[1],
            (0.43, 0.37),
            tips[2],
            (0.57, 0.37),
            tips[3],
            (0.65, 0.40),
            tips[4],
            (0.73, 0.53),
        )
    )
    band = RoundBox((0.26, 0.495, 0.74, 0.58), 0.03)
    balls = tuple(circle(x, y, 0.052 if i == 2 else 0.046) for i, (x, y) in enumerate(tips))
    return (_FOOT, _STEP, body, crown, *balls, band), ()


def _rook() -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
    body = Poly(((0.30, 0.78), (0.335, 0.44), (0.665, 0.44), (0.70, 0.78)))
    top = Poly(
        (
            (0.26, 0.46),
            (0.25, 0.15),
            (0.365, 0.15),
            (0.365, 0.235),
            (0.445, 0.235),
            (0.445, 0.15),
            (0.555, 0.15),
            (0.555, 0.235),
            (0.635, 0.235),
            (0.635, 0.15),
            (0.75, 0.15),
            (0.74, 0.46),
        )
    )
    ledge = RoundBox((0.27, 0.40, 0.73, 0.475), 0.015)
    details = (
        Line(((0.34, 0.60), (0.66, 0.60)), 0.018),  # masonry courses
        Line(((0.5, 0.60), (0.5, 0.69)), 0.018),
        Line(((0.415, 0.475), (0.415, 0.60)), 0.018),
        Line(((0.585, 0.475), (0.585, 0.60)), 0.018),
    )
    return (_FOOT, _STEP, body, top, ledge), details


def _bishop() -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
    body = Poly(((0.32, 0.78), (0.425, 0.60), (0.575, 0.60), (0.68, 0.78)))
    # The mitre: a round belly drawn to a point at the top.
    belly = arc_points(0.5, 0.42, 0.195, 0.2, -30, 210, 30)
    mitre = Poly(((0.5, 0.105), *belly))
    collar = RoundBox((0.31, 0.57, 0.69, 0.645), 0.03)
    ball = circle(0.5, 0.09, 0.05)
    slit = Line(((0.585, 0.25), (0.47, 0.40)), 0.05)
    return (_FOOT, _STEP, body, mitre, ball, collar), (slit,)


def _knight() -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
    head = Poly(
        (
            (0.72, 0.78),
            (0.755, 0.60),
            (0.745, 0.45),
            (0.70, 0.32),
            (0.62, 0.21),
            (0.585, 0.085),  # ear
            (0.525, 0.175),
            (0.45, 0.185),
            (0.34, 0.245),
            (0.25, 0.35),
            (0.175, 0.46),  # muzzle
            (0.17, 0.535),
            (0.22, 0.585),
            (0.30, 0.585),
            (0.37, 0.545),  # jaw
            (0.455, 0.495),
            (0.40, 0.60),
            (0.335, 0.70),
            (0.30, 0.78),
        )
    )
    details = (
        Ellipse((0.41, 0.285, 0.475, 0.34)),  # eye
        Line(((0.205, 0.475), (0.235, 0.47)), 0.03),  # nostril
        Line(((0.63, 0.24), (0.695, 0.40), (0.71, 0.58)), 0.022),  # mane
        Line(((0.22, 0.545), (0.28, 0.55)), 0.018),  # mouth
    )
    return (_FOOT, _STEP, head), details


def _pawn() -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
    foot = RoundBox((0.25, 0.84, 0.75, 0.94), 0.035)
    body = Poly(((0.30, 0.855), (0.40, 0.60), (0.60, 0.60), (0.70, 0.855)))
    collar = RoundBox((0.33, 0.55, 0.67, 0.625), 0.03)
    head = circle(0.5, 0.405, 0.155)
    return (foot, body, collar, head), ()


_ART = {
    "king": _king,
    "queen": _queen,
    "rook": _rook,
    "bishop": _bishop,
    "knight": _knight,
    "pawn": _pawn,
}


@lru_cache(maxsize=512)
def piece_sprite(theme: Theme, size: int, army: str, kind: str) -> Image.Image:
    """An RGBA ``size`` x ``size`` sprite of a piece in an army's colours."""
    colours = theme.army(army)
    parts, details = _ART[kind]()
    sketch = Sketch(size)
    left, right = (0.26, 0.79) if kind == "pawn" else (0.2, 0.84)
    sketch.shadow(Ellipse((left, 0.86, right, 0.99)), 90, 0.02)
    texture = side_lit(sketch.k, colours.fill, colours.light, colours.shade)
    sketch.outlined(parts, texture, colours.outline, OUTLINE)
    for detail in details:
        sketch.paint(detail, colours.outline)
    return sketch.finish()


@lru_cache(maxsize=64)
def ghost_sprite(theme: Theme, size: int, army: str, kind: str) -> Image.Image:
    """A grey, faded sprite: a piece an army does not have, or an army that is out."""
    sprite = piece_sprite(theme, size, army, kind)
    ghost = sprite.convert("LA").convert("RGBA")
    ghost.putalpha(sprite.getchannel("A").point(lambda v: v * 40 // 100))
    return ghost


@lru_cache(maxsize=256)
def haloed_sprite(
    theme: Theme, size: int, army: str, kind: str, halo: tuple[int, int, int]
) -> Image.Image:
    """The piece ringed by a band of ``halo`` outside its dark outline, so its edge still
    reads on a ground of its own colour (an Earth pawn in a forest, a Water piece on a
    portal). The band is a few pixels wide: still there at 400 px wide."""
    sprite = piece_sprite(theme, size, army, kind)
    alpha = sprite.getchannel("A").point(lambda v: 255 if v > 96 else 0)
    width = max(2, round(size * 0.045))
    grown = alpha.filter(ImageFilter.MaxFilter(2 * width + 1))
    # Soften the band's edge a little: the grown mask has hard steps.
    grown = grown.filter(ImageFilter.BoxBlur(0.6))
    band = Image.new("RGBA", sprite.size, (*halo, 255))
    band.putalpha(grown)
    band.alpha_composite(sprite)
    return band
