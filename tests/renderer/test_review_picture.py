"""A review's picture: every side's chance over the game, told apart by colour for every
eye (the colour-vision simulations of test_colour_vision) and by line style, with the turning
points marked."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from renderer.review import DASHES, HEIGHT, LINE_COLOURS, WIDTH, Curve, chances_png
from renderer.theme import DEFAULT_THEME
from tests.renderer.test_colour_vision import MIN_DELTA_E, SIMULATIONS, delta_e

CURVE = [0.5, 0.55, 0.6, 0.2, 0.25, 0.8, 1.0]


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def _count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    return sum(1 for pixel in image.get_flattened_data() if pixel == colour)  # type: ignore[attr-defined]


@pytest.mark.parametrize("eye", [None, *sorted(SIMULATIONS)])
def test_the_lines_stay_apart_for_every_eye(eye: str | None) -> None:
    matrix = SIMULATIONS[eye] if eye is not None else None
    for a, b in itertools.combinations(LINE_COLOURS, 2):
        assert delta_e(a, b, matrix) >= MIN_DELTA_E, (a, b, eye)
    for colour in LINE_COLOURS:
        assert delta_e(colour, DEFAULT_THEME.background, matrix) >= MIN_DELTA_E, (colour, eye)
    assert len(set(DASHES)) == len(DASHES)  # and apart without colour: each its own dash


def test_each_side_is_drawn_and_each_turning_point_marked() -> None:
    curves = [Curve("alice", CURVE), Curve("bob", [1 - c for c in CURVE])]
    plain = _image(chances_png("Review", curves))
    marked = _image(chances_png("Review", curves, marks=[3, 5]))
    assert plain.size == marked.size == (WIDTH, HEIGHT)
    for colour in LINE_COLOURS[:2]:
        assert _count(plain, colour) > 200
    assert _count(plain, LINE_COLOURS[2]) == 0  # no third side
    assert _count(plain, DEFAULT_THEME.strike) == 0 < _count(marked, DEFAULT_THEME.strike)


def test_a_mark_outside_the_game_is_left_out_and_an_empty_review_still_draws() -> None:
    curves = [Curve("alice", CURVE)]
    assert chances_png("t", curves, marks=[0, 99]) == chances_png("t", curves)
    assert _image(chances_png("t", [])).size == (WIDTH, HEIGHT)
