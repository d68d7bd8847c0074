"""Chess board images: deterministic, small, flipped for Black, highlights visible."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from renderer.board import TINT, overlay
from renderer.chess import ChessImageOptions, render_chess, square_box
from renderer.demo_chess import game
from renderer.sprites import piece_sprite
from tests.renderer.helpers import decode

NAMES = {"white": "Alice", "black": "Bob"}


def _crop(data: bytes, square: str, options: ChessImageOptions) -> bytes:
    return decode(data).crop(square_box(square, options)).tobytes()


def test_flip_for_black_puts_a1_top_right() -> None:
    state = game()
    white, black = ChessImageOptions(), ChessImageOptions(bottom="black")
    assert square_box("a1", white)[1] > square_box("a8", white)[1]
    assert square_box("a1", black)[1] < square_box("a8", black)[1]
    assert square_box("a1", black)[0] > square_box("h1", black)[0]
    assert render_chess(state, options=white) != render_chess(state, options=black)
    # The same square shows the same piece either way.
    rook_w = _crop(render_chess(state, options=white), "a1", white)
    rook_b = _crop(render_chess(state, options=black), "a1", black)
    assert rook_w == rook_b


def test_last_move_check_and_targets_change_pixels() -> None:
    options = ChessImageOptions()
    quiet = game("startpos", "e4", "d5")
    check = game("startpos", "e4", "d5", "Bb5+")
    assert _crop(render_chess(check, options=options), "e8", options) != _crop(
        render_chess(quiet, options=options), "e8", options
    )  # the king in check is tinted
    before = render_chess(quiet, options=options)
    assert _crop(before, "e4", options) != _crop(
        render_chess(game(), options=options), "e4", options
    )
    marked = ChessImageOptions(targets=("e5", "d5"), selected="e4")
    after = render_chess(quiet, options=marked)
    for square in ("e5", "d5", "e4"):
        assert _crop(after, square, marked) != _crop(before, square, options)
    assert _crop(after, "a3", marked) == _crop(before, "a3", options)


def test_the_banner_tells_the_result() -> None:
    mate = game("startpos", "f3", "e5", "g4", "Qh4#")
    going = game("startpos", "f3", "e5", "g4")
    options = ChessImageOptions(names=NAMES)
    top = (0, 0, 884, 70)
    assert decode(render_chess(mate, options=options)).crop(top).tobytes() != (
        decode(render_chess(going, options=options)).crop(top).tobytes()
    )


def test_every_picture_has_the_themes_one_palette() -> None:
    """Pictures are drawn in one fixed palette per theme, not reduced each to its own."""
    pictures = [
        render_chess(game(), options=ChessImageOptions()),
        render_chess(
            game("startpos", "e4", "d5", "Bb5+"), options=ChessImageOptions(bottom="black")
        ),
        render_chess(
            game("startpos", "e4"), options=ChessImageOptions(targets=("e5",), selected="e4")
        ),
    ]
    opened = [Image.open(io.BytesIO(data)) for data in pictures]
    assert {image.mode for image in opened} == {"P"}
    assert all(image.getpalette() == opened[0].getpalette() for image in opened)


def test_stacked_highlights_keep_their_colours() -> None:
    """A selected king in check: the square shows both tints blended over the piece, as if
    drawn in true colour (no far-off palette entry stands in for the blend)."""
    options = ChessImageOptions(selected="e8")
    theme, s = options.theme, options.square
    drawn = decode(render_chess(game("startpos", "e4", "d5", "Bb5+"), options=options))
    cell = drawn.crop(square_box("e8", options))
    wanted = Image.new("RGBA", (s, s), (*theme.light_square, 255))  # e8 is a light square
    wanted.alpha_composite(overlay(s, TINT, theme.combat, theme.combat_edge))
    wanted.alpha_composite(overlay(s, TINT, theme.selected))
    size = round(s * 0.9)
    wanted.alpha_composite(piece_sprite(theme, size, "black", "king"), ((s - size) // 2,) * 2)
    difference = ImageChops.difference(cell, wanted.convert("RGB")).convert("L")
    assert ImageStat.Stat(difference).mean[0] < 2.5
    assert sum(difference.histogram()[13:]) < s * s // 100  # edges may round a little
