"""Lines of Action images: deterministic, decodable, small, about 1000 px wide or less,
drawing what the view holds (marks, held pieces, the unbounded area) and highlights exactly
where asked."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.loa import LoaConfig, new_game, view
from renderer.demo_loa import NAMES, played, samples, unbounded_state
from renderer.loa import LoaImageOptions, clear_caches, layout_for, render_loa, square_box

OPTIONS = LoaImageOptions(names=NAMES)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def diff_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).getbbox()


@pytest.fixture(scope="module")
def all_samples() -> dict[str, bytes]:
    return samples()


def test_same_view_gives_the_same_bytes() -> None:
    state = view(played("standard", 12), "white")
    first = render_loa(state, options=OPTIONS)
    clear_caches()
    assert render_loa(state, options=OPTIONS) == first
    assert render_loa(view(played("standard", 13), "white"), options=OPTIONS) != first


def test_samples_decode_small_and_at_most_about_1000_px(all_samples: dict[str, bytes]) -> None:
    assert len(all_samples) == 8
    for name, data in all_samples.items():
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG", name
        assert len(data) < 500 * 1024, name
        assert 600 <= image.width <= 1100 and image.height <= 1100, (name, image.size)


def test_image_size_matches_the_layout() -> None:
    state = view(new_game(seed=b"s", game_id="g"), None)
    lay = layout_for(state, OPTIONS)
    assert decode(render_loa(state, options=OPTIONS)).size == (lay.width, lay.height)


def test_each_piece_is_drawn_on_its_square_only() -> None:
    state = view(new_game(seed=b"s", game_id="g"), None)
    full = decode(render_loa(state, options=OPTIONS))
    pieces = tuple(p for p in state.pieces if (p[0], p[1]) != (0, 1))  # without a2
    minus = decode(render_loa(replace(state, pieces=pieces), options=OPTIONS))
    box = diff_box(full, minus)
    x0, y0, x1, y1 = square_box(state, "a2", OPTIONS)
    lay = layout_for(state, OPTIONS)
    # The banner's piece count changes too; below it only a2's square differs.
    board = diff_box(full.crop((0, lay.banner, full.width, full.height)),
                     minus.crop((0, lay.banner, full.width, full.height)))  # fmt: skip
    assert box is not None and board is not None
    assert x0 <= board[0] and board[2] <= x1
    assert y0 - lay.banner <= board[1] and board[3] <= y1 - lay.banner


def test_marked_pieces_look_different_from_plain_ones() -> None:
    teams = view(new_game(LoaConfig("teams"), seed=b"s", game_id="g"), None)
    standard = view(new_game(seed=b"s", game_id="g"), None)
    a = decode(render_loa(teams, options=OPTIONS))
    b = decode(render_loa(replace(teams, pieces=standard.pieces), options=OPTIONS))
    for name, changed in (("h2", True), ("a2", False), ("b8", True), ("b1", False)):
        box = square_box(teams, name, OPTIONS)
        assert (diff_box(a.crop(box), b.crop(box)) is not None) == changed, name


def test_highlights_change_only_their_squares() -> None:
    state = view(new_game(seed=b"s", game_id="g"), "white")
    plain = decode(render_loa(state, options=OPTIONS))
    lit = decode(
        render_loa(state, options=replace(OPTIONS, selected="a2", targets=("c2", "a8", "c4")))
    )
    for name in ("a2", "c2", "a8", "c4"):
        box = square_box(state, name, OPTIONS)
        assert diff_box(plain.crop(box), lit.crop(box)) is not None, name
    box = square_box(state, "e4", OPTIONS)
    assert diff_box(plain.crop(box), lit.crop(box)) is None


def test_last_move_is_tinted() -> None:
    state = new_game(seed=b"s", game_id="g")
    from engine.loa import Move, apply

    moved, _ = apply(state, Move("a2", "c2"))
    a = decode(render_loa(view(moved, None), options=OPTIONS))
    b = decode(render_loa(view(replace(moved, last_move=None), None), options=OPTIONS))
    for name in ("a2", "c2"):
        box = square_box(moved, name, OPTIONS)
        assert diff_box(a.crop(box), b.crop(box)) is not None


def test_parachute_shows_held_pieces_beside_the_board() -> None:
    state = view(new_game(LoaConfig("parachute"), seed=b"s", game_id="g"), None)
    lay = layout_for(state, OPTIONS)
    assert lay.panel > 0
    a = decode(render_loa(state, options=OPTIONS))
    b = decode(render_loa(replace(state, held=(2, 6)), options=OPTIONS))
    box = diff_box(a, b)
    assert box is not None and box[0] >= lay.width - lay.panel


def test_unbounded_board_covers_every_piece_and_the_printed_board() -> None:
    state = view(unbounded_state(), None)
    lay = layout_for(state, OPTIONS)
    assert lay.files == (-3, 10) and lay.ranks == (-3, 10)
    assert lay.width <= 1000
    image = decode(render_loa(state, options=OPTIONS))
    for name in ("(-1,2)", "(10,6)", "(3,-1)", "a4"):
        x0, y0, x1, y1 = square_box(state, name, OPTIONS)
        assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height


def test_black_at_the_bottom_turns_the_board() -> None:
    state = view(new_game(seed=b"s", game_id="g"), "black")
    black = replace(OPTIONS, bottom="black")
    assert square_box(state, "h8", black) == square_box(state, "a1", OPTIONS)
    assert render_loa(state, options=black) != render_loa(state, options=OPTIONS)


def test_the_view_hides_the_seed_and_the_image_needs_nothing_else() -> None:
    state = played("standard", 6)
    seen = view(state, "white")
    assert seen.dice.seed is None
    assert render_loa(seen, options=OPTIONS) == render_loa(
        view(replace(state, dice=replace(state.dice, seed=b"other")), "white"), options=OPTIONS
    )
