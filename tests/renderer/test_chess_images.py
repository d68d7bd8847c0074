"""Chess board images: deterministic, small, flipped for Black, highlights visible."""

from __future__ import annotations

from renderer.chess import ChessImageOptions, render_chess, square_box
from renderer.demo_chess import game
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
