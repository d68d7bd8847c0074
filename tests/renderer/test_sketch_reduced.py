"""A sketch shrunk only where it has ink (``Sketch.reduced``) has the very pixels of Pillow's
``reduce`` of the whole canvas, one painted by numbers (``inks``) those of painting in RGBA,
and Loka's arrows drawn so are those drawn before."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PIL import Image

from renderer import loka, vector
from renderer.theme import DEFAULT_THEME, HIGH_CONTRAST
from renderer.vector import SUPERSAMPLE, Ellipse, Line, Poly, RoundBox, Shape, Sketch, circle


def sketches() -> list[tuple[str, Sketch]]:
    """Canvases with ink in a few places: diagonals, shapes on a band's edge, holes punched
    in transparent black, a canvas shorter than a band, an empty one, an RGB one."""
    diagonal = Sketch(300, 200)
    diagonal.paint(Line(((0.05, 0.05), (0.9, 0.6)), 0.03), (200, 40, 10, 255), grow=0.01)
    diagonal.paint(Poly(((0.9, 0.1), (0.95, 0.5), (0.7, 0.3))), (10, 200, 90, 255))
    ring = Sketch(64, 83)
    ring.paint(Ellipse((0.03, 0.03, 0.97, 0.97)), (250, 250, 0, 255))
    ring.paint(Ellipse((0.11, 0.11, 0.89, 0.89)), (0, 0, 0, 0))  # a hole
    ring.paint(circle(0.5, 0.5, 0.2), (9, 99, 199, 128))  # translucent ink
    edges = Sketch(50, 3 * vector.REDUCED_ROWS + 1)
    for row in range(4):  # a shape ending on each band's last row and one on its first
        y = (row * vector.REDUCED_ROWS - 0.25) / 50
        edges.paint(RoundBox((0.1 + row / 5, y - 0.1, 0.2 + row / 5, y), 0.02), (1, 2, 3, 255))
    short = Sketch(9, 5)
    short.paint(circle(0.5, 0.3, 0.2), (255, 0, 0, 255))
    rgb = Sketch(40, 30, background=(255, 255, 255))
    rgb.paint(circle(0.5, 0.5, 0.3), (0, 0, 0))
    return [
        ("diagonal", diagonal),
        ("ring", ring),
        ("band edges", edges),
        ("short", short),
        ("empty", Sketch(33, 47)),
        ("rgb", rgb),
    ]


@pytest.mark.parametrize("name,sketch", sketches(), ids=[n for n, _ in sketches()])
def test_reduced_is_the_reduce_of_the_whole_canvas(name: str, sketch: Sketch) -> None:
    whole = sketch.image.reduce(SUPERSAMPLE)
    mine = sketch.reduced()
    assert (mine.mode, mine.size) == (whole.mode, whole.size)
    assert mine.tobytes() == whole.tobytes()


FIRST, SECOND = (24, 40, 6, 255), (240, 200, 60, 255)  # an arrow's edge and fill


def painted(inks: tuple[tuple[int, ...], ...]) -> Sketch:
    """A few shapes (grown and not) painted in ``inks``' first and second colours, by
    number when ``inks`` is given to the sketch, else in RGBA."""
    sketch = Sketch(90, 70, inks=inks)
    first, second = (1, 2) if sketch.image.mode == "P" else (FIRST, SECOND)
    shapes: list[Shape] = [
        Line(((0.05, 0.1), (0.8, 0.7), (0.9, 0.2)), 0.04),
        Poly(((0.5, 0.05), (0.95, 0.3), (0.6, 0.5), (0.55, 0.2))),
        Ellipse((0.1, 0.4, 0.4, 0.75)),
        RoundBox((0.6, 0.55, 0.95, 0.75), 0.05),
    ]
    for shape in shapes:
        sketch.paint(shape, first, grow=0.013)
    for shape in shapes:
        sketch.paint(shape, second)
    return sketch


def test_a_sketch_painted_by_numbers_has_the_pixels_of_painting_in_rgba() -> None:
    by_number, in_rgba = painted((FIRST, SECOND)), painted(())
    assert by_number.image.mode == "P"
    assert in_rgba.image.mode == "RGBA"
    assert by_number.image.convert("RGBA").tobytes() == in_rgba.image.tobytes()
    assert by_number.reduced().tobytes() == in_rgba.image.reduce(SUPERSAMPLE).tobytes()
    assert by_number.finish().tobytes() == in_rgba.finish().tobytes()


class RgbaSketch(Sketch):
    """A sketch as every one was before: its inks painted in RGBA on a canvas of four bytes
    a pixel, and the whole canvas reduced."""

    def __init__(
        self,
        width: int,
        height: int | None = None,
        background: tuple[int, ...] = (0, 0, 0, 0),
        *,
        inks: tuple[tuple[int, ...], ...] = (),
    ) -> None:
        super().__init__(width, height, background)
        self.inks = inks

    def paint(self, shape: Shape, colour: tuple[int, ...] | int, **options: Any) -> None:
        if isinstance(colour, int) and self.inks:
            colour = self.inks[colour - 1]
        super().paint(shape, colour, **options)

    def reduced(self) -> Image.Image:
        return self.image.reduce(SUPERSAMPLE)


def test_loka_arrows_are_those_of_reducing_the_whole_canvas(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    draw = loka._arrow_art.__wrapped__  # uncached
    moves = [(0, 1), (1, 2), (-3, 3), (5, 5), (-2, -7), (11, -1), (-6, 0)]
    keys = [
        (theme, square, dcol, drow, portal, leaves)
        for theme, square, ((dcol, drow), portal, leaves) in zip(
            itertools.cycle([DEFAULT_THEME, HIGH_CONTRAST]),
            itertools.cycle([78, 48, 101]),
            itertools.product(moves, (False, True), (False, True)),
            strict=False,
        )
    ]
    mine = [draw(*key) for key in keys]
    monkeypatch.setattr(loka, "Sketch", RgbaSketch)
    for key, (art, origin) in zip(keys, mine, strict=True):
        before, before_origin = draw(*key)
        assert origin == before_origin, key
        assert [(p[0], p[1], p[2].tobytes(), p[3].tobytes()) for p in art.parts] == [
            (p[0], p[1], p[2].tobytes(), p[3].tobytes()) for p in before.parts
        ], key
