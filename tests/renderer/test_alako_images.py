"""Alako images: deterministic, decodable, about 1000 px wide and small, drawn from views,
with the legal marks and the spinner exactly where they belong."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.alako import OVER, view
from renderer.alako import AlakoImageOptions, clear_caches, layout, render_alako, square_box
from renderer.demo_alako import (
    NAMES,
    building_state,
    final_state,
    moving_state,
    samples,
    start_state,
)

OPTIONS = AlakoImageOptions(names=NAMES)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def test_same_view_same_bytes_whatever_the_cache() -> None:
    state = view(moving_state(), "south")
    first = render_alako(state, options=OPTIONS)
    assert render_alako(state, options=OPTIONS) == first
    clear_caches()
    assert render_alako(state, options=OPTIONS) == first


def test_every_sample_decodes_is_small_and_about_1000_px_wide() -> None:
    for name, data in samples().items():
        image = Image.open(io.BytesIO(data))
        image.load()
        assert image.format == "PNG", name
        assert len(data) < 500 * 1024, name
        assert 900 <= image.width <= 1050, (name, image.width)
        assert image.size == (layout(OPTIONS.square).width, layout(OPTIONS.square).height)


def test_views_hide_the_seed_and_the_picture_never_needs_it() -> None:
    state = moving_state()
    seen = view(state, "north")
    assert seen.dice.seed is None
    assert render_alako(seen, options=OPTIONS) == render_alako(
        view(replace(state, dice=state.dice.hidden()), "south"), options=OPTIONS
    )


def test_legal_destinations_are_marked_exactly_on_their_squares() -> None:
    state = view(moving_state(), "south")
    marked = decode(render_alako(state, options=OPTIONS))
    plain = decode(render_alako(state, options=replace(OPTIONS, legal=False)))
    diff = ImageChops.difference(marked, plain).convert("L").point(lambda v: 255 if v else 0)
    from engine.alako import paths

    destinations = {p.squares[-1] for p in paths(state)}
    assert destinations
    for sq in destinations:
        box = square_box(sq, OPTIONS)
        assert diff.crop(box).getbbox() is not None
        diff.paste(0, box)
    assert diff.getbbox() is None


def test_segments_to_build_on_glow() -> None:
    state = view(building_state(), "north")
    opts = replace(OPTIONS, bottom="north")
    marked = decode(render_alako(state, options=opts))
    plain = decode(render_alako(state, options=replace(opts, legal=False)))
    box = ImageChops.difference(marked, plain).getbbox()
    assert box is not None
    lay = layout(opts.square)
    assert box[2] <= lay.left + lay.board_w + 2  # on the board, not in the panel


def test_the_spinner_shows_the_face_spun() -> None:
    state = view(moving_state(), "south")
    one = decode(render_alako(state, options=replace(OPTIONS, legal=False)))
    other = replace(state, last_spin=(0, "cannon"))
    two = decode(render_alako(other, options=replace(OPTIONS, legal=False)))
    box = ImageChops.difference(one, two).getbbox()
    assert box is not None
    lay = layout(OPTIONS.square)
    assert box[0] >= lay.left + lay.board_w  # only the panel changes


def test_each_piece_changes_its_own_square() -> None:
    state = view(start_state(), "south")
    full = decode(render_alako(state, options=OPTIONS))
    south = state.sides[0]
    moved = replace(state, sides=(replace(south, horse=south.horse + 9 * 3), state.sides[1]))
    after = decode(render_alako(moved, options=OPTIONS))
    diff = ImageChops.difference(full, after).getbbox()
    assert diff is not None
    top, bottom = square_box("f4", OPTIONS), square_box("f1", OPTIONS)
    assert top[0] <= diff[0] and diff[2] <= top[2]  # only the f file changed...
    assert top[1] <= diff[1] and diff[3] <= bottom[3]  # ...between f4 and f1
    for name in ("f1", "f4"):
        box = square_box(name, OPTIONS)
        assert ImageChops.difference(full.crop(box), after.crop(box)).getbbox() is not None


@pytest.mark.parametrize("bottom", ["south", "north"])
def test_orientation_puts_the_chosen_camp_at_the_bottom(bottom: str) -> None:
    opts = replace(OPTIONS, bottom=bottom)
    box = square_box("e1", opts)
    lay = layout(opts.square)
    at_bottom = box[3] == lay.top + lay.board_h
    assert at_bottom == (bottom == "south")


def test_the_final_picture_names_the_winner() -> None:
    state = final_state()
    assert state.phase == OVER and state.winner == 0
    assert decode(render_alako(view(state, None), options=OPTIONS)).width > 900
