"""Loka images: deterministic, the right size, small, showing what the view holds and
nothing else, oriented as asked, highlights exactly where asked, and matching the golden
references (regenerate those with ``python -m tests.renderer.regenerate_golden``)."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.loka import (
    Confirm,
    Draft,
    LokaConfig,
    LokaState,
    Move,
    apply,
    new_game,
    state_from_position,
    view,
)
from engine.loka.geometry import CROSS
from engine.loka.pieces import PAWN
from renderer.demo import (
    DRAFTS,
    FACEOFF,
    FACEOFF_DRAFTS,
    NAMES,
    PORTAL,
    SEED,
    combat_state,
    crowded_state,
    decision_state,
    faceoff_combat_state,
    faceoff_final_state,
    faceoff_game,
    final_state,
    massive_state,
    opening_state,
    portal_move_state,
    portal_state,
    samples,
    targets_of,
)
from renderer.loka import (
    BADGE_PAD,
    HALO,
    LokaImageOptions,
    board_square,
    clear_caches,
    deciding_army,
    last_path,
    layout,
    render_army_card,
    render_deployment,
    render_loka,
    render_summary,
    square_box,
)
from renderer.loka import badge_box as drawn_badge_box
from tests.renderer.helpers import changed_box, decode
from tests.renderer.regenerate_golden import CASES, GOLDEN

OPTIONS = LokaImageOptions(names=NAMES)


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
        # A combat's dice badge comes in a strip of its own under a full board.
        badge = drawn_badge_box(state, OPTIONS)
        strip = 0 if badge is None else badge[3] - badge[1] + 2 * BADGE_PAD
        assert 900 <= image.width <= 1100 and image.height <= 1200 + strip
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


# ---------------------------------------------------------------- issue 13: badge, halo, arrows


def shrink(image: Image.Image) -> Image.Image:
    """The picture as a phone shows it: 400 px wide."""
    return image.resize((400, round(image.height * 400 / image.width)), Image.Resampling.LANCZOS)


def luminance(rgb: tuple[int, ...]) -> float:
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def overlaps(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def badge_box(state: LokaState, options: LokaImageOptions) -> tuple[int, int, int, int]:
    """Where the dice badge was drawn: what changes on the board when the combat is
    forgotten, apart from the combat square's own highlight."""
    geo = state.geometry
    fight = state.pending or state.last_combat
    assert fight is not None
    shown = decode(render_loka(state, options=options))
    hidden = decode(render_loka(replace(state, last_combat=None, pending=None), options=options))
    if shown.size != hidden.size:  # a full board: the badge in a strip added under it
        strip = shown.crop((0, hidden.height, shown.width, shown.height))
        ground = Image.new(strip.mode, strip.size, strip.getpixel((0, 0)))
        x0, y0, x1, y1 = ImageChops.difference(strip, ground).getbbox()  # type: ignore[misc]
        return x0, y0 + hidden.height, x1, y1 + hidden.height
    top = layout(board_square(geo, options.square), unit=options.square, cards=len(geo.seats))
    diff = ImageChops.difference(shown, hidden).convert("L").point(lambda v: 255 if v else 0)
    diff.paste(0, (0, 0, diff.width, top.banner))  # the banner may change too
    diff.paste(0, square_box(geo.names[fight.dst], options, geo))
    box = diff.getbbox()
    assert box is not None
    return box


def combats() -> list[tuple[str, LokaState, str]]:
    cases = [(f"combat from {b}", view(combat_state(), b), b) for b in CROSS.seat_names]
    cases += [(f"crowded +{p}", view(crowded_state(plies=p), "fire"), "fire") for p in (15, 26, 37)]
    cases += [("decision", view(decision_state(), "water"), "water")]
    cases += [("face-off", view(faceoff_combat_state(), "air"), "air")]
    return cases


@pytest.mark.parametrize(("label", "state", "bottom"), combats(), ids=lambda v: str(v)[:20])
def test_the_dice_badge_covers_no_piece_and_no_tile(
    label: str, state: LokaState, bottom: str
) -> None:
    options = replace(OPTIONS, bottom=bottom)
    geo = state.geometry
    box = badge_box(state, options)
    s = board_square(geo, options.square)
    assert box[2] - box[0] >= 1.5 * min(s, 84), label  # it is the badge, not a speck
    tiles = {t.square for t in state.tiles}
    for sq in geo.squares:
        if state.board[sq] or sq in tiles:
            assert not overlaps(box, square_box(geo.names[sq], options, geo)), (label, sq)


def test_a_piece_on_a_tile_of_its_own_colour_keeps_a_light_outline() -> None:
    """The Earth pawn in the forest (green on green) and the Air knight on the eyrie: on
    each row across the piece, its outermost pixels (just inside the changed run) are the
    light halo, far from the tile's colour."""
    state = view(portal_state(), "fire")
    for name, tile in (("g7", "forest"), ("h7", "eyrie")):
        box = square_box(name, OPTIONS)
        full = decode(render_loka(state, options=OPTIONS)).crop(box)
        empty = decode(render_loka(without(state, name), options=OPTIONS)).crop(box)
        diff = ImageChops.difference(full, empty).convert("L")
        edge = []
        for y in range(diff.height):
            xs = [x for x in range(diff.width) if diff.getpixel((x, y)) > 40]
            if len(xs) > 4:
                edge += [full.getpixel((xs[0] + 1, y)), full.getpixel((xs[-1] - 1, y))]
        ground = luminance(OPTIONS.theme.tile(tile).ground)
        light = [c for c in edge if luminance(c) > max(160, ground + 40)]
        assert len(edge) > 80 and len(light) > 0.7 * len(edge), (name, len(light), len(edge))
        assert luminance(HALO) - ground > 60  # the halo itself stands far from the tile


def test_a_move_target_on_a_portal_is_visible_even_at_400_px() -> None:
    state = view(portal_state(), "fire")
    targets = targets_of(portal_state(), "d5")
    assert "i8" in targets  # the jump to the other portal
    plain = replace(OPTIONS, selected="d5")
    marked = decode(render_loka(state, options=replace(plain, targets=targets)))
    unmarked = decode(render_loka(state, options=plain))
    x0, y0, x1, y1 = square_box("i8", OPTIONS)
    cx, cy, s = (x0 + x1) // 2, (y0 + y1) // 2, x1 - x0
    portal = OPTIONS.theme.tile("portal").ground
    # A light dot in a dark rim, on the dark portal.
    assert luminance(marked.getpixel((cx, cy))) > 220
    assert luminance(marked.getpixel((cx + round(s * 0.17), cy))) < 90
    assert luminance(marked.getpixel((cx, cy))) - luminance(portal) > 150
    assert luminance(unmarked.getpixel((cx, cy))) < 200
    # At 400 px the light dot is a disc a few pixels wide; the portal's own light centre
    # is a speck.
    k = 400 / marked.width

    def light_disc(image: Image.Image) -> int:
        small, x, y = shrink(image), round(cx * k), round(cy * k)
        around = [(x + dx, y + dy) for dx in range(-3, 4) for dy in range(-3, 4)]
        return sum(1 for xy in around if luminance(small.getpixel(xy)) > 220)

    assert light_disc(marked) >= 20 and light_disc(unmarked) <= 5


def _along(a: str, b: str, options: LokaImageOptions, stops: int = 12) -> list[tuple[int, int]]:
    """Points between the centres of two squares, from 15 % to 70 % of the way."""
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = square_box(a, options), square_box(b, options)
    ax, ay, bx, by = (ax0 + ax1) / 2, (ay0 + ay1) / 2, (bx0 + bx1) / 2, (by0 + by1) / 2
    return [
        (round(ax + (bx - ax) * t), round(ay + (by - ay) * t))
        for t in (0.15 + 0.55 * i / (stops - 1) for i in range(stops))
    ]


def test_the_last_move_is_an_arrow_along_its_path() -> None:
    state = view(combat_state(), "fire")
    assert state.last_move == (CROSS.parse("f4"), CROSS.parse("c4"))
    with_arrow = decode(render_loka(state, options=OPTIONS))
    no_move = decode(render_loka(replace(state, last_move=None), options=OPTIONS))
    green = OPTIONS.theme.last_move_edge
    for xy in _along("f4", "c4", OPTIONS):
        c = with_arrow.getpixel(xy)
        assert c != no_move.getpixel(xy), xy
        assert sum(abs(u - v) for u, v in zip(c, green, strict=True)) < 90, (xy, c)
    # Nowhere near the squares off the path.
    assert (
        changed_box(
            with_arrow.crop(square_box("f5", OPTIONS)), no_move.crop(square_box("f5", OPTIONS))
        )
        is None
    )


def test_a_move_through_the_portals_is_drawn_leg_by_leg() -> None:
    """The bishop went d5 (portal), i8 (the other portal), then on to g10: a dashed
    portal-coloured arrow for the jump, the last move's arrow from i8 to g10."""
    state = view(portal_move_state(), "earth")
    geo = state.geometry
    assert last_path(state) == tuple(geo.parse(n) for n in ("d5", "i8", "g10"))
    shown = decode(render_loka(state, options=OPTIONS))
    bare = decode(render_loka(replace(state, last_move=None), options=OPTIONS))
    ink = OPTIONS.theme.tile("portal").ink
    jump = [shown.getpixel(xy) for xy in _along("d5", "i8", OPTIONS, stops=30)]
    near_ink = [c for c in jump if sum(abs(u - v) for u, v in zip(c, ink, strict=True)) < 110]
    assert 0.35 * len(jump) < len(near_ink) < len(jump)  # dashed: ink and gaps
    for xy in _along("i8", "g10", OPTIONS):
        c = shown.getpixel(xy)
        assert c != bare.getpixel(xy) and c[1] > c[0] and c[1] > c[2], (xy, c)
    # A table that knows the path passes it; a straight move is one arrow.
    straight = replace(OPTIONS, last_path=("d5", "g8"))
    assert last_path(state, straight) == (geo.parse("d5"), geo.parse("g8"))
    other = decode(render_loka(state, options=straight))
    assert all(other.getpixel(xy) == bare.getpixel(xy) for xy in _along("i8", "g10", OPTIONS))


def test_a_piece_on_a_portal_shows_its_jump_as_an_arrow() -> None:
    state = view(portal_state(), "fire")
    targets = targets_of(portal_state(), "d5")
    selected = replace(OPTIONS, selected="d5")
    jump = decode(render_loka(state, options=replace(selected, targets=targets)))
    # The same dots without the other portal among them: no jump, no arrow.
    dots = decode(
        render_loka(
            state, options=replace(selected, targets=tuple(t for t in targets if t != "i8"))
        )
    )
    changed = [
        xy for xy in _along("d5", "i8", OPTIONS, stops=30) if jump.getpixel(xy) != dots.getpixel(xy)
    ]
    assert len(changed) > 10


def _card_ring(image: Image.Image, index: int, square: int = 78) -> tuple[int, int, int]:
    """A pixel of the banner card's outer ring (the cards' layout in renderer.loka)."""
    pad, height = round(square * 0.15), round(square * 0.92)
    width = (image.width - 2 * pad) // 2
    x, y = pad + (index % 2) * width, pad + (index // 2) * height
    return image.getpixel((x + 1, y + height // 2))


def test_the_army_deciding_a_super_d20_has_its_banner_card_highlighted() -> None:
    state = view(decision_state(), "fire")
    assert state.seat_to_move == "fire" and deciding_army(state) == "earth"  # the defender
    theme = OPTIONS.theme
    image = decode(render_loka(state, options=OPTIONS))
    earth = CROSS.seat_index["earth"]
    assert _card_ring(image, earth) == theme.die_fill
    for other in range(4):
        if other != earth:
            assert _card_ring(image, other) == theme.background
    # The earth card is the lit one (its army's colour), not Fire's, whose turn it is.
    pad, height = round(78 * 0.15), round(78 * 0.92)
    x = pad + (image.width - 2 * pad) // 2
    lit, unlit = (
        image.getpixel((x + height * 2, pad + 10)),
        image.getpixel((pad + height * 2, pad + 10)),
    )
    assert sum(abs(a - b) for a, b in zip(lit, theme.army("earth").fill, strict=True)) < 8
    assert sum(abs(a - b) for a, b in zip(unlit, theme.banner, strict=True)) < 8
    # Visible at phone size: the ring is light against the dark background.
    small = shrink(image)
    k = 400 / image.width
    assert luminance(small.getpixel((round((x + 4) * k), round((pad + height // 2) * k)))) > 150
    # A table may name the deciding army itself; nobody decides once the combat is over.
    named = decode(render_loka(state, options=replace(OPTIONS, deciding="air")))
    assert _card_ring(named, CROSS.seat_index["air"]) == theme.die_fill
    assert _card_ring(named, earth) == theme.background
    done = decode(render_loka(replace(state, pending=None), options=OPTIONS))
    assert all(_card_ring(done, i) == theme.background for i in range(4))
    with pytest.raises(ValueError, match="deciding must be one of"):
        render_loka(state, options=replace(OPTIONS, deciding="wind"))


def test_a_bishop_move_is_read_as_through_the_portals_only_when_it_must_be() -> None:
    """d5 to h9 runs along d5's own diagonal: straight while e6 is empty, through the
    portals (d5, i8, h9) once a piece on e6 blocks the way."""

    def path_after(position: str) -> list[str]:
        state = state_from_position(position, seed=SEED, game_id="path")
        moved = view(apply(state, Move("d5", "h9"), "fire")[0], "fire")
        return [CROSS.names[sq] for sq in last_path(moved)]

    assert path_after(PORTAL) == ["d5", "h9"]
    assert path_after(PORTAL.replace("fire: Ke1", "fire: Ke1 Pe6")) == ["d5", "i8", "h9"]


def _drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the Loka pictures draw from now on (a spy on ``draw_text``)."""
    import renderer.banner
    import renderer.loka

    drawn: list[str] = []

    def spy(real: Callable[..., None]) -> Callable[..., None]:
        def draw_text(draw: object, xy: object, text: str, *args: object, **kw: object) -> None:
            drawn.append(text)
            real(draw, xy, text, *args, **kw)

        return draw_text

    for module in (renderer.banner, renderer.loka):
        monkeypatch.setattr(module, "draw_text", spy(module.draw_text))
    renderer.banner.banner_card.cache_clear()  # a cached card would not be drawn again
    clear_caches()
    return drawn


# Texts as drawn: the bundled font has no accents ("pièce" is drawn "piece").
COUNTED = {
    "en": (("1 pc · 0 pts", "1 left · 1 piece", "1 pt", "Fire wins"),
           ("2 pcs · 90 pts", "2 left · 2 pieces", "2 pts", "Fire and Water win")),
    "fr": (("1 piece · 0 pt", "1 restant · 1 piece", "1 pt", "Feu gagne"),  # 0 is singular
           ("2 pieces · 90 pts", "2 restants · 2 pieces", "2 pts", "Feu et Eau gagnent")),
}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "fr"])
def test_counts_of_one_are_drawn_in_the_singular(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A banner card, the army card and the summary pick the form of a counted text by the
    reader's plural rule: the singular for one (and in French for zero), else the plural."""
    from bot.i18n import picture_words

    options = replace(OPTIONS, words=picture_words(language, "loka"))
    drawn = _drawn_texts(monkeypatch)
    one, two = COUNTED[language]
    # Earth keeps its king alone (one piece), Fire a king and a queen (two).
    position = "fire: Ke1 Qd1; earth: Ka6; water: Ke12; air: Kl7; turn: fire"
    render_loka(view(state_from_position(position, seed=SEED, game_id="n"), None), options=options)
    assert one[0] in drawn and two[0] in drawn
    # The army card: points left and pieces, and a pawn's price of 1 then 2 points.
    for counts, budget, pawn, texts in (((0,) * 5, 1, 1, one), ((0, 0, 0, 0, 1), 4, 2, two)):
        drawn.clear()
        costs = {**LokaConfig().costs, PAWN: pawn}
        render_army_card("fire", counts, budget, costs, words=options.words)
        assert texts[1] in drawn and texts[2] in drawn
    # The summary's title: one winner (Face-off) then two.
    for state, texts in ((faceoff_final_state(), one), (final_state(), two)):
        drawn.clear()
        render_summary(view(state, None), options=options)
        assert texts[3] in drawn
