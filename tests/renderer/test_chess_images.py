"""Chess board images: deterministic, small, flipped for Black, highlights visible."""

from __future__ import annotations

import io

from PIL import Image

from engine.standard_chess import apply, resolve, state_from_position, view
from renderer.chess import ChessImageOptions, render_chess, square_box

NAMES = {"white": "Alice", "black": "Bob"}


def _game(text: str = "startpos", *moves: str):  # type: ignore[no-untyped-def]
    state = state_from_position(text, seed=b"img", game_id="img")
    for move in moves:
        state, _ = apply(state, resolve(state, move))
    return state


def _image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _crop(data: bytes, square: str, options: ChessImageOptions) -> bytes:
    return _image(data).crop(square_box(square, options)).tobytes()


def test_deterministic_decodable_and_small() -> None:
    state = view(_game("startpos", "e4", "e5"), None)
    a = render_chess(state, options=ChessImageOptions(names=NAMES))
    assert a == render_chess(state, options=ChessImageOptions(names=NAMES))
    image = _image(a)
    assert 800 <= image.width <= 1000 and image.height <= 1100
    assert len(a) < 500_000


def test_flip_for_black_puts_a1_top_right() -> None:
    state = _game()
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
    quiet = _game("startpos", "e4", "d5")
    check = _game("startpos", "e4", "d5", "Bb5+")
    assert _crop(render_chess(check, options=options), "e8", options) != _crop(
        render_chess(quiet, options=options), "e8", options
    )  # the king in check is tinted
    before = render_chess(quiet, options=options)
    assert _crop(before, "e4", options) != _crop(
        render_chess(_game(), options=options), "e4", options
    )
    marked = ChessImageOptions(targets=("e5", "d5"), selected="e4")
    after = render_chess(quiet, options=marked)
    for square in ("e5", "d5", "e4"):
        assert _crop(after, square, marked) != _crop(before, square, options)
    assert _crop(after, "a3", marked) == _crop(before, "a3", options)


def test_the_banner_tells_the_result() -> None:
    mate = _game("startpos", "f3", "e5", "g4", "Qh4#")
    going = _game("startpos", "f3", "e5", "g4")
    options = ChessImageOptions(names=NAMES)
    top = (0, 0, 884, 70)
    assert _image(render_chess(mate, options=options)).crop(top).tobytes() != (
        _image(render_chess(going, options=options)).crop(top).tobytes()
    )
