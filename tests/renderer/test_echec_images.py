"""Échec au Roi images: deterministic, the right size, small, decodable, hiding the other
army during secret placement, and changing exactly where a highlight is asked for."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.echec import view
from renderer.demo_echec import (
    NAMES,
    attack_state,
    midgame_state,
    placement_state,
    samples,
)
from renderer.echec import (
    EchecImageOptions,
    clear_caches,
    die_face,
    layout,
    render_echec,
    square_box,
)
from renderer.theme import DEFAULT_THEME

OPTIONS = EchecImageOptions(names=NAMES)


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


@pytest.fixture(scope="module")
def all_samples() -> dict[str, bytes]:
    return samples()


def test_same_view_same_bytes() -> None:
    seen = view(attack_state(), "south")
    first = render_echec(seen, options=OPTIONS)
    clear_caches()
    assert render_echec(seen, options=OPTIONS) == first
    assert render_echec(view(midgame_state(), "south"), options=OPTIONS) != first


def test_every_sample_decodes_small_and_at_most_1000_px(all_samples: dict[str, bytes]) -> None:
    expected = layout(OPTIONS.square)
    for name, data in all_samples.items():
        image = Image.open(io.BytesIO(data))
        image.load()
        assert image.format == "PNG", name
        assert image.size == (expected.width, expected.height), name
        assert image.width <= 1000 and len(data) < 500_000, name


def test_secret_placement_shows_nothing_of_the_other_army() -> None:
    state = placement_state()
    south_view = view(state, "south")
    image = decode(render_echec(south_view, options=OPTIONS))
    # Moving North's hidden bases around in the real state changes nothing South sees.
    board = list(state.board)
    for i, base in enumerate(board):
        if base is not None and base.seat == "north":
            board[i] = replace(base, figures=1, facing="e")
    changed = replace(state, board=tuple(board))
    again = decode(render_echec(view(changed, "south"), options=OPTIONS))
    assert ImageChops.difference(image, again).getbbox() is None
    # North's ranks are behind the screen in South's picture: no North red there.
    left, top, _, _ = square_box("a9", OPTIONS)
    _, _, right, bottom = square_box("i8", OPTIONS)
    region = image.crop((left, top, right, bottom))
    red = DEFAULT_THEME.army("fire").fill
    assert red not in {c for _, c in region.getcolors(1 << 16)}


def test_a_highlight_changes_only_its_squares() -> None:
    seen = view(midgame_state(), "south")
    plain = decode(render_echec(seen, options=OPTIONS))
    marked = decode(render_echec(seen, options=replace(OPTIONS, selected="a5")))
    box = ImageChops.difference(plain, marked).getbbox()
    a5 = square_box("a5", OPTIONS)
    assert box is not None
    assert a5[0] <= box[0] and a5[1] <= box[1] and box[2] <= a5[2] and box[3] <= a5[3]


def test_the_archers_block_is_drawn_when_asked() -> None:
    seen = view(midgame_state(), "south")
    plain = decode(render_echec(seen, options=OPTIONS))
    volley = decode(render_echec(seen, options=replace(OPTIONS, volley="c1")))
    box = ImageChops.difference(plain, volley).getbbox()
    assert box is not None
    b4, d2 = square_box("b4", OPTIONS), square_box("d2", OPTIONS)
    assert box == (b4[0], b4[1], d2[2], d2[3])  # b2-d4: the 3x3 block ahead of c1


def test_the_view_from_north_is_turned_round() -> None:
    north = replace(OPTIONS, bottom="north")
    assert square_box("e9", north)[3] == square_box("e1", OPTIONS)[3]
    seen = view(attack_state(), "north")
    assert decode(render_echec(seen, options=north)) != decode(render_echec(seen, options=OPTIONS))


def test_each_die_face_looks_different() -> None:
    faces = [die_face(DEFAULT_THEME, 40, f).tobytes() for f in ("axe", "arrow", "panic", "blank")]
    assert len(set(faces)) == 4


def test_the_attack_summary_draws_the_dice() -> None:
    seen = view(attack_state(), "south")
    with_report = decode(render_echec(seen, options=OPTIONS))
    without = decode(render_echec(replace(seen, report=None), options=OPTIONS))
    box = ImageChops.difference(with_report, without).getbbox()
    lay = layout(OPTIONS.square)
    assert box is not None
    # The summary strip under the board changes (the target's tint too).
    assert box[3] > lay.height - lay.summary
