"""Laying a drawing over a palette picture blends only where the drawing has ink, with the
very pixels of converting the whole region, compositing it and mapping it back."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.loka import LokaState, view
from renderer import loka
from renderer.board import inked, lay_over, settled
from renderer.demo import crowded_state
from renderer.png import to_palette
from renderer.theme import DEFAULT_THEME, HIGH_CONTRAST, Theme


def round_trip(
    image: Image.Image, art: Image.Image, xy: tuple[int, int], palette: Image.Image
) -> None:
    """What every arrow and badge was drawn with before: the whole region blended."""
    box = (xy[0], xy[1], xy[0] + art.width, xy[1] + art.height)
    region = image.crop(box).convert("RGBA")
    region.alpha_composite(art)
    image.paste(to_palette(region, palette), box[:2])


@pytest.mark.parametrize("theme", [DEFAULT_THEME, HIGH_CONTRAST], ids=lambda t: t.name)
def test_laying_over_gives_the_pixels_of_the_whole_round_trip(theme: Theme) -> None:
    options = loka.LokaImageOptions(theme=theme)
    board = loka.loka_image(loka_view(), options=options)
    palette = loka._palette(theme)
    table = settled(palette)
    assert table != list(range(256))  # some colours do move: the region must map them
    moves = [(0, 1), (1, 0), (-2, -2), (3, -1), (-1, 5), (7, 7), (0, -9)]
    spots = [(300, 400), (-30, 500), (900, -20), (950, 1100)]  # partly off the picture too
    for (dcol, drow), xy in zip(moves, spots * 2, strict=False):
        for portal in (False, True):
            art, _ = loka._arrow_art(theme, 78, dcol, drow, portal)
            for band in (art.height, 40, 7):
                mine, theirs = board.copy(), board.copy()
                lay_over(mine, inked(art.image(), band), xy, palette, table)
                round_trip(theirs, art.image(), xy, palette)
                assert mine.tobytes() == theirs.tobytes(), (dcol, drow, portal, band, xy)


def test_a_drawing_with_no_ink_still_maps_its_region() -> None:
    palette = loka._palette(DEFAULT_THEME)
    board = loka.loka_image(loka_view())
    blank = Image.new("RGBA", (120, 90))
    mine, theirs = board.copy(), board.copy()
    lay_over(mine, inked(blank, 30), (200, 300), palette, settled(palette))
    round_trip(theirs, blank, (200, 300), palette)
    assert inked(blank, 30).parts == ()
    assert mine.tobytes() == theirs.tobytes()


def test_a_paste_through_the_alpha_blends_as_alpha_composite_over_opaque_pixels() -> None:
    """What lay_over relies on: for every alpha and every pair of values (the drawing's,
    the picture's), pasting through the alpha gives alpha_composite's pixels."""
    down = Image.linear_gradient("L")  # each row one value, 0 to 255
    across = down.transpose(Image.Transpose.TRANSPOSE)
    picture = Image.merge("RGB", (across, down, across))
    for alpha in range(256):
        drawing = Image.merge("RGBA", (down, across, down, Image.new("L", down.size, alpha)))
        composited = picture.convert("RGBA")
        composited.alpha_composite(drawing)
        pasted = picture.copy()
        pasted.paste(drawing.convert("RGB"), (0, 0), drawing.getchannel("A"))
        assert composited.convert("RGB").tobytes() == pasted.tobytes(), alpha


def loka_view() -> LokaState:
    return view(crowded_state(plies=6), None)
