"""Inka images: deterministic, decodable, the right size, small, drawn from views only,
and the highlights (legal destinations, trail, blockers, statues) change the right pixels."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.inka import view
from renderer.demo_inka import (
    NAMES,
    building_state,
    final_state,
    midgame_state,
    moved_state,
    opening_state,
    samples,
)
from renderer.inka import (
    InkaImageOptions,
    cell_centre,
    clear_caches,
    image_size,
    render_inka,
    render_inka_image,
)

OPTIONS = InkaImageOptions(names=NAMES)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def pixel_changed(a: Image.Image, b: Image.Image, xy: tuple[int, int], radius: int = 4) -> bool:
    box = (xy[0] - radius, xy[1] - radius, xy[0] + radius, xy[1] + radius)
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def test_same_view_same_bytes_and_caches_do_not_matter() -> None:
    v = view(midgame_state(), "red")
    first = render_inka(v, options=OPTIONS)
    assert render_inka(v, options=OPTIONS) == first
    clear_caches()
    assert render_inka(v, options=OPTIONS) == first
    assert render_inka(view(moved_state(), "red"), options=OPTIONS) != first


@pytest.mark.parametrize("side", [70, 40])
def test_images_decode_at_the_expected_size_and_stay_small(side: int) -> None:
    v = view(midgame_state(), "red")
    data = render_inka(v, options=replace(OPTIONS, side=side))
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert image.size == image_size(replace(OPTIONS, side=side), seats=4)
    assert image.size[0] <= 1000 and len(data) < 500_000


def test_every_sample_renders() -> None:
    out = samples()
    assert set(out) == {"opening.png", "building.png", "midgame.png", "moved.png", "final.png"}
    for data in out.values():
        assert decode(data).size[0] <= 1000 and len(data) < 500_000


def test_legal_destinations_are_marked_only_when_a_move_is_due() -> None:
    v = view(midgame_state(), "red")
    marked = render_inka_image(v, OPTIONS)
    plain = render_inka_image(v, replace(OPTIONS, targets=False))
    # k12 is free ground within reach of red's pawn; a chasm cell like h6 is not.
    assert pixel_changed(marked, plain, cell_centre("k12"))
    assert not pixel_changed(marked, plain, cell_centre("h6"))
    # During set-up there is no pawn move to show.
    b = view(building_state(), "red")
    assert render_inka(b, options=OPTIONS) == render_inka(
        b, options=replace(OPTIONS, targets=False)
    )


def test_pawns_blockers_and_statues_show_where_the_view_says() -> None:
    state = midgame_state()
    base = render_inka_image(view(state, "red"), replace(OPTIONS, targets=False))
    no_blocker = replace(state, blockers=(None, None, None, None))
    image = render_inka_image(view(no_blocker, "red"), replace(OPTIONS, targets=False))
    assert pixel_changed(base, image, cell_centre("h4"))  # blue's blocker
    gone = replace(state, statues=((), (), ()))
    image = render_inka_image(view(gone, "red"), replace(OPTIONS, targets=False))
    diff = ImageChops.difference(base, image).getbbox()
    assert diff is not None
    centre = cell_centre("g12")
    assert diff[0] < centre[0] < diff[2] and diff[1] < centre[1] < diff[3]


def test_the_seed_never_reaches_a_picture_and_views_are_what_is_drawn() -> None:
    state = opening_state()
    seen = view(state, "red")
    assert seen.dice.seed is None
    # The picture depends on the board, not on the hidden seed.
    other = replace(state, dice=replace(state.dice, seed=b"another"))
    assert render_inka(view(other, "red"), options=OPTIONS) == render_inka(seen, options=OPTIONS)


def test_the_banner_tells_the_winner_and_the_ap_left() -> None:
    over = final_state()
    before = replace(over, phase="play", turn=0, winner=None, termination=None, ap=3)
    won = render_inka_image(view(over, None), OPTIONS)
    playing = render_inka_image(view(before, None), OPTIONS)
    spent = render_inka_image(view(replace(before, ap=1), None), OPTIONS)
    top = (0, 0, won.size[0], cell_centre("l12", seats=2)[1] - 40)
    assert ImageChops.difference(won.crop(top), playing.crop(top)).getbbox() is not None
    assert ImageChops.difference(spent.crop(top), playing.crop(top)).getbbox() is not None
