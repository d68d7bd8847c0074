"""Loka images: deterministic, the right size, small, showing what the view holds and
nothing else, oriented as asked, highlights exactly where asked, and matching the golden
references (regenerate those with ``python -m tests.renderer.regenerate_golden``)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.loka import Confirm, Draft, LokaConfig, LokaState, apply, new_game, view
from engine.loka.geometry import CROSS
from renderer.demo import (
    DRAFTS,
    FACEOFF,
    FACEOFF_DRAFTS,
    NAMES,
    combat_state,
    crowded_state,
    faceoff_combat_state,
    faceoff_final_state,
    faceoff_game,
    final_state,
    massive_state,
    opening_state,
    samples,
)
from renderer.loka import (
    LokaImageOptions,
    board_square,
    clear_caches,
    layout,
    render_army_card,
    render_deployment,
    render_loka,
    render_summary,
    square_box,
)
from tests.renderer.regenerate_golden import CASES, GOLDEN

OPTIONS = LokaImageOptions(names=NAMES)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def changed_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).getbbox()


def without(state: LokaState, *squares: str) -> LokaState:
    board = list(state.board)
    for name in squares:
        board[CROSS.parse(name)] = 0
    return replace(state, board=tuple(board))


@pytest.fixture(scope="module")
def crowded() -> LokaState:
    return view(crowded_state(), "fire")


@pytest.fixture(scope="module")
def all_samples() -> dict[str, bytes]:
    return samples()


def test_same_view_and_options_give_the_same_bytes(crowded: LokaState) -> None:
    first = render_loka(crowded, options=OPTIONS)
    assert render_loka(crowded, options=OPTIONS) == first
    clear_caches()  # a picture never depends on what happened to be cached
    assert render_loka(crowded, options=OPTIONS) == first
    assert render_loka(view(combat_state(), "fire"), options=OPTIONS) != first


@pytest.mark.parametrize("square", [78, 40])
def test_the_image_decodes_with_the_expected_size(crowded: LokaState, square: int) -> None:
    data = render_loka(crowded, options=replace(OPTIONS, square=square))
    image = Image.open(io.BytesIO(data))
    image.load()
    expected = layout(square)
    assert image.format == "PNG"
    assert image.size == (expected.width, expected.height)
    if square == 78:
        assert 950 <= image.width <= 1050  # about 1000 px wide by default


def test_every_image_is_small_and_about_1000_px_wide(all_samples: dict[str, bytes]) -> None:
    for name, data in all_samples.items():
        assert len(data) < 500 * 1024, name
        width = decode(data).width
        assert 900 <= width <= 1100, (name, width)


def test_each_occupied_square_differs_from_the_same_square_empty(crowded: LokaState) -> None:
    full = decode(render_loka(crowded, options=OPTIONS))
    occupied = [CROSS.names[sq] for sq in CROSS.squares if crowded.board[sq]]
    empty = decode(render_loka(without(crowded, *occupied), options=OPTIONS))
    assert len(occupied) == 64
    for name in occupied:
        box = square_box(name, OPTIONS)
        assert changed_box(full.crop(box), empty.crop(box)) is not None, name


def test_a_piece_appears_only_on_its_own_square(crowded: LokaState) -> None:
    full = decode(render_loka(crowded, options=OPTIONS))
    minus = decode(render_loka(without(crowded, "f4"), options=OPTIONS))
    board_area = (0, layout(78).banner, full.width, full.height)  # the banner counts pieces
    diff = changed_box(full.crop(board_area), minus.crop(board_area))
    assert diff is not None
    x0, y0, x1, y1 = square_box("f4", OPTIONS)
    top = board_area[1]
    assert x0 <= diff[0] and y0 - top <= diff[1] and diff[2] <= x1 and diff[3] <= y1 - top


def _selection(earth_draft: tuple[int, ...]) -> LokaState:
    state = new_game(LokaConfig(), seed=b"hidden", game_id="hidden")
    state = apply(state, Draft(DRAFTS["fire"]), "fire")[0]  # type: ignore[arg-type]
    state = apply(state, Draft(earth_draft), "earth")[0]  # type: ignore[arg-type]
    return apply(state, Confirm(), "earth")[0]


def test_an_enemy_draft_leaves_no_trace_in_the_picture() -> None:
    big, small = _selection((1, 0, 0, 1, 4)), _selection((0, 1, 0, 0, 2))  # 160 and 70 pts
    # Fire may not see Earth's draft: the two pictures are the same, byte for byte...
    assert view(big, "fire").armies[1].draft is None
    assert render_loka(view(big, "fire"), options=OPTIONS) == render_loka(
        view(small, "fire"), options=OPTIONS
    )
    # ...while Earth's ally, who may, sees the difference.
    assert render_loka(view(big, "air"), options=OPTIONS) != render_loka(
        view(small, "air"), options=OPTIONS
    )


def test_an_army_card_is_drawn_from_the_numbers_given_only() -> None:
    card = render_army_card("water", DRAFTS["water"], 160, LokaConfig().costs)
    assert card == render_army_card("water", DRAFTS["water"], 160, LokaConfig().costs)
    assert card != render_army_card("water", (0, 0, 0, 0, 0), 160, LokaConfig().costs)
    assert decode(card).width == 1000


@pytest.mark.parametrize("bottom", CROSS.seat_names)
def test_orientation_puts_the_chosen_seat_at_the_bottom(crowded: LokaState, bottom: str) -> None:
    """The bottom seat's king is drawn in the bottom three rows, and the next army in turn
    order (clockwise) on the left."""
    options = replace(OPTIONS, bottom=bottom)
    lay = layout(options.square)
    full = decode(render_loka(crowded, options=options))
    board_area = (0, lay.banner, full.width, full.height)
    kings = {
        CROSS.seat_names[p >> 3]: CROSS.names[sq]
        for sq in CROSS.squares
        if (p := crowded.board[sq]) and p & 7 == 1
    }
    left_seat = CROSS.seat_names[(CROSS.seat_index[bottom] + 1) % 4]
    for seat, check in ((bottom, "bottom"), (left_seat, "left")):
        minus = decode(render_loka(without(crowded, kings[seat]), options=options))
        box = changed_box(full.crop(board_area), minus.crop(board_area))
        assert box is not None
        if check == "bottom":
            assert box[1] + lay.banner >= lay.grid.top + 9 * lay.square, seat
        else:
            assert box[2] <= lay.grid.left + 3 * lay.square, seat


def test_highlights_change_exactly_the_highlighted_squares(crowded: LokaState) -> None:
    plain = decode(render_loka(crowded, options=OPTIONS))
    marked_squares = ("f4", "f5", "e4", "h6", "d2")  # empty and occupied squares, a tile
    marked = decode(
        render_loka(crowded, options=replace(OPTIONS, targets=marked_squares[1:], selected="f4"))
    )
    diff = ImageChops.difference(plain, marked).convert("L").point(lambda v: 255 if v else 0)
    for name in marked_squares:
        box = square_box(name, OPTIONS)
        assert diff.crop(box).getbbox() is not None, name  # something changed there...
        diff.paste(0, box)
    assert diff.getbbox() is None  # ...and nowhere else


def test_promotion_squares_are_marked_for_the_seat_to_move(crowded: LokaState) -> None:
    plain = decode(render_loka(crowded, options=OPTIONS))
    marked = decode(render_loka(crowded, options=replace(OPTIONS, promotion=True)))
    diff = ImageChops.difference(plain, marked).convert("L").point(lambda v: 255 if v else 0)
    turn = crowded.turn
    assert turn is not None
    for sq in CROSS.promotion[turn]:
        box = square_box(CROSS.names[sq], OPTIONS)
        assert diff.crop(box).getbbox() is not None
        diff.paste(0, box)
    assert diff.getbbox() is None


def test_the_last_combat_shows_a_badge_beside_its_square() -> None:
    state = view(combat_state(), "fire")
    assert state.last_combat is not None
    shown = decode(render_loka(state, options=OPTIONS))
    hidden = decode(render_loka(replace(state, last_combat=None), options=OPTIONS))
    x0, y0, x1, y1 = changed_box(shown, hidden)  # type: ignore[misc]
    s = OPTIONS.square
    assert (x1 - x0) * (y1 - y0) > 2 * s * s  # the square's highlight and the badge


def test_the_summary_and_the_opening_come_from_views() -> None:
    # Views hide the dice seed during play; the renderer never needs it.
    opening = view(opening_state(), "fire")
    assert opening.dice.seed is None
    assert decode(render_loka(opening, options=OPTIONS)).width > 900
    assert final_state().winners == ("fire", "water")


def test_player_names_are_drawn_with_the_bundled_font_only(crowded: LokaState) -> None:
    """No system font: accents fall back to plain letters and emoji are left out."""
    plain = render_loka(crowded, options=replace(OPTIONS, names={"fire": "Chloe Strasse"}))
    fancy = replace(OPTIONS, names={"fire": "\U0001f409 Chloé  Straße"})
    assert render_loka(crowded, options=fancy) == plain
    assert render_loka(crowded, options=replace(OPTIONS, names={})) != plain


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_images(name: str) -> None:
    reference = GOLDEN / name
    assert reference.exists(), "run: python -m tests.renderer.regenerate_golden"
    expected = decode(reference.read_bytes())
    actual = decode(CASES[name]())
    assert actual.size == expected.size
    diff = ImageChops.difference(actual, expected).convert("L")
    histogram = diff.histogram()
    pixels = actual.width * actual.height
    # A small per-pixel tolerance: a colour may move by 24 levels, and at most 0.05 % of
    # the pixels (a few hundred: less than a piece) may move by more.
    off = sum(histogram[25:])
    assert off <= pixels * 0.0005, f"{name}: {off} pixels differ (regenerate if on purpose)"


# ---------------------------------------------------------------- Face-off and massive battles


@pytest.fixture(scope="module")
def faceoff_view() -> LokaState:
    return view(faceoff_combat_state(), "fire")


def test_faceoff_boards_are_scaled_to_about_the_cross_width(faceoff_view: LokaState) -> None:
    for state in (faceoff_view, view(massive_state(), "fire")):
        data = render_loka(state, options=OPTIONS)
        image = decode(data)
        assert len(data) < 500 * 1024
        assert 900 <= image.width <= 1100 and image.height <= 1200
        lay = layout(board_square(state.geometry, OPTIONS.square), unit=OPTIONS.square, cards=2)
        assert lay.banner < layout(OPTIONS.square).banner  # one row of two cards


def test_a_faceoff_piece_appears_only_on_its_own_square(faceoff_view: LokaState) -> None:
    geo = faceoff_view.geometry
    full = decode(render_loka(faceoff_view, options=OPTIONS))
    board = list(faceoff_view.board)
    board[geo.parse("b2")] = 0
    minus = decode(render_loka(replace(faceoff_view, board=tuple(board)), options=OPTIONS))
    top = layout(OPTIONS.square, cards=2).banner  # the banner counts the pieces
    area = (0, top, full.width, full.height)
    diff = changed_box(full.crop(area), minus.crop(area))
    assert diff is not None
    x0, y0, x1, y1 = square_box("b2", OPTIONS, geo)
    assert x0 <= diff[0] and y0 - top <= diff[1] and diff[2] <= x1 and diff[3] <= y1 - top


@pytest.mark.parametrize(("bottom", "king_rank"), [("fire", "1"), ("air", "8"), ("water", "1")])
def test_faceoff_orientation(faceoff_view: LokaState, bottom: str, king_rank: str) -> None:
    """The chosen seat's edge is at the bottom; a seat not in this game means South."""
    options = replace(OPTIONS, bottom=bottom)
    geo = faceoff_view.geometry
    box = square_box("a" + king_rank, options, geo)
    image = decode(render_loka(faceoff_view, options=options))
    assert box[3] > image.height - 2 * box[3] + box[1]  # in the bottom row
    assert box[0] < image.width // 8 or box[2] > image.width * 7 // 8  # a corner square


def test_massive_files_past_z_are_labelled() -> None:
    state = view(massive_state(), "fire")
    geo = state.geometry
    assert geo.width == 32 and geo.names[geo.parse("af32")] == "af32"
    box = square_box("af1", OPTIONS, geo)
    image = decode(render_loka(state, options=OPTIONS))
    below = image.crop((box[0], box[3], box[2], image.height))  # the "af" label
    assert len(set(below.get_flattened_data())) > 2


def test_faceoff_deployment_and_summary_images(faceoff_view: LokaState) -> None:
    for data in (
        render_deployment(view(faceoff_game(FACEOFF, FACEOFF_DRAFTS, placed=5), "air")),
        render_summary(view(faceoff_final_state(), None)),
    ):
        image = decode(data)
        assert len(data) < 500 * 1024 and 900 <= image.width <= 1100
