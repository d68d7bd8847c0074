"""Lines of Action images: deterministic, decodable, small, about 1000 px wide or less,
drawing what the view holds (marks, held pieces, the unbounded area, the placing step, the
winning group) and highlights exactly where asked; the winner's card readable shrunk."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from PIL import Image

from engine.loa import LoaConfig, LoaState, Move, apply, new_game, state_from_position, view
from renderer.demo_loa import NAMES, played, unbounded_state
from renderer.loa import EDGE, WON, LoaImageOptions, _detail, layout_for, render_loa, square_box
from tests.renderer.helpers import changed_box, decode, near

OPTIONS = LoaImageOptions(names=NAMES)


def test_image_size_matches_the_layout() -> None:
    state = view(new_game(seed=b"s", game_id="g"), None)
    lay = layout_for(state, OPTIONS)
    assert decode(render_loa(state, options=OPTIONS)).size == (lay.width, lay.height)


def test_each_piece_is_drawn_on_its_square_only() -> None:
    state = view(new_game(seed=b"s", game_id="g"), None)
    full = decode(render_loa(state, options=OPTIONS))
    pieces = tuple(p for p in state.pieces if (p[0], p[1]) != (0, 1))  # without a2
    minus = decode(render_loa(replace(state, pieces=pieces), options=OPTIONS))
    box = changed_box(full, minus)
    x0, y0, x1, y1 = square_box(state, "a2", OPTIONS)
    lay = layout_for(state, OPTIONS)
    # The banner's piece count changes too; below it only a2's square differs.
    board = changed_box(full.crop((0, lay.banner, full.width, full.height)),
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
        assert (changed_box(a.crop(box), b.crop(box)) is not None) == changed, name


def test_highlights_change_only_their_squares() -> None:
    state = view(new_game(seed=b"s", game_id="g"), "white")
    plain = decode(render_loa(state, options=OPTIONS))
    lit = decode(
        render_loa(state, options=replace(OPTIONS, selected="a2", targets=("c2", "a8", "c4")))
    )
    for name in ("a2", "c2", "a8", "c4"):
        box = square_box(state, name, OPTIONS)
        assert changed_box(plain.crop(box), lit.crop(box)) is not None, name
    box = square_box(state, "e4", OPTIONS)
    assert changed_box(plain.crop(box), lit.crop(box)) is None


def test_last_move_is_tinted() -> None:
    state = new_game(seed=b"s", game_id="g")
    moved, _ = apply(state, Move("a2", "c2"))
    a = decode(render_loa(view(moved, None), options=OPTIONS))
    b = decode(render_loa(view(replace(moved, last_move=None), None), options=OPTIONS))
    for name in ("a2", "c2"):
        box = square_box(moved, name, OPTIONS)
        assert changed_box(a.crop(box), b.crop(box)) is not None


def test_parachute_shows_held_pieces_beside_the_board() -> None:
    state = view(new_game(LoaConfig("parachute"), seed=b"s", game_id="g"), None)
    lay = layout_for(state, OPTIONS)
    assert lay.panel > 0
    a = decode(render_loa(state, options=OPTIONS))
    b = decode(render_loa(replace(state, held=(2, 6)), options=OPTIONS))
    box = changed_box(a, b)
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


# ---------------------------------------------------------------- the end and the turn


def _luminance(colour: tuple[int, ...]) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def white_connects() -> LoaState:
    """White wins by b2-c2: its pieces c2 and d3 touch diagonally."""
    start = state_from_position("white: b2 d3; black: e6 g8; turn: white", seed=b"s", game_id="g")
    won, _ = apply(start, Move("b2", "c2"))
    assert won.winners == ("white",) and won.termination == "connected"
    return won


def _centre(state: LoaState, name: str) -> tuple[int, int]:
    x0, y0, x1, y1 = square_box(state, name, OPTIONS)
    return (x0 + x1) // 2, (y0 + y1) // 2


def test_the_winning_group_is_haloed_and_linked() -> None:
    won = view(white_connects(), None)
    image = decode(render_loa(won, options=OPTIONS))
    edge = round(layout_for(won, OPTIONS).square * 0.45)  # past the disc, inside the square
    for name in ("c2", "d3"):  # the winners' pieces: a halo round each
        x, y = _centre(won, name)
        assert image.getpixel((x + edge, y)) == WON, name
    for name in ("e6", "g8"):  # the losers' pieces: none
        x, y = _centre(won, name)
        assert image.getpixel((x + edge, y)) != WON, name
    # The bar between the two touching pieces crosses the corner their squares share.
    (cx, cy), (dx, dy) = _centre(won, "c2"), _centre(won, "d3")
    assert image.getpixel(((cx + dx) // 2, (cy + dy) // 2)) == WON
    # A resignation connects nothing: no halo.
    resigned = replace(won, termination="resigned")
    plain = decode(render_loa(resigned, options=OPTIONS))
    x, y = _centre(won, "c2")
    assert plain.getpixel((x + edge, y)) != WON


@pytest.mark.parametrize("width", [None, 400])
def test_the_winners_card_is_readable_at_full_size_and_shrunk(width: int | None) -> None:
    """White text on the winner's deep green card: its name and 'wins' keep a contrast of at
    least 4.5:1 (3:1 once shrunk to 400 px with LANCZOS, as Discord's preview does)."""
    won = view(white_connects(), None)
    image = decode(render_loa(won, options=OPTIONS))
    lay = layout_for(won, OPTIONS)
    scale = 1.0
    if width is not None:
        scale = width / image.width
        image = image.resize((width, round(image.height * scale)), Image.Resampling.LANCZOS)
    card = image.crop((0, 0, round(lay.width * scale / 2), round(lay.banner * scale)))
    ground = Counter(card.get_flattened_data()).most_common(1)[0][0]
    assert contrast(ground, WON) < 1.1  # the card is the winner's green
    need = 4.5 if width is None else 3.0
    # The title (left) and the 'wins' detail (right) each have legible ink.
    for part in ((0.12, 0.3), (0.3, 0.5)):
        x0, x1 = (round(lay.width * scale * f) for f in part)
        ink = [
            p
            for p in image.crop((x0, 0, x1, card.height)).get_flattened_data()
            if contrast(p, WON) >= need
        ]
        assert len(ink) >= (60 if width is None else 15), (part, len(ink))


def test_the_banner_says_place_during_a_parachute_placement() -> None:
    state = new_game(LoaConfig("parachute"), seed=b"s", game_id="g")
    moved, _ = apply(state, Move("a2", "c2"))
    assert moved.step == "place"
    seen = view(moved, None)
    assert _detail(seen, 0, OPTIONS) == "to place · 6 held"
    assert _detail(seen, 1, OPTIONS) == "6 pieces"
    french = replace(OPTIONS, words=(("places", "pose · {n} tenues"),))
    assert _detail(seen, 0, french) == "pose · 6 tenues"  # the reader's language
    # Only the banner changes between the placement and the move before it.
    lay = layout_for(seen, OPTIONS)
    placing = decode(render_loa(seen, options=OPTIONS))
    moving = decode(render_loa(replace(seen, step="move"), options=OPTIONS))
    box = changed_box(placing, moving)
    assert box is not None and box[3] <= lay.banner


def test_the_printed_boards_frame_stays_under_pieces_on_its_edge() -> None:
    """The unbounded board's frame crosses the edge squares' pixels: a piece drawn there
    (a cached cell) keeps it, as an empty edge square does."""
    state = view(unbounded_state(), None)
    image = decode(render_loa(state, options=OPTIONS))
    for name in ("a5", "a3"):  # a white piece on a5, nothing on a3
        x0, y0, _, y1 = square_box(state, name, OPTIONS)
        assert near(image.getpixel((x0, (y0 + y1) // 2)), EDGE, 12), name
