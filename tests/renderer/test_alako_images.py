"""Alako images: deterministic, decodable, about 1000 px wide and small, drawn from views,
with the legal marks and the spinner exactly where they belong."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from engine.alako import OVER, AlakoState, state_from_position, view
from engine.alako.board import parse
from renderer import demo_alako
from renderer.alako import (
    GOLD,
    SKIN,
    AlakoImageOptions,
    alako_image,
    fort_box,
    knight_sprite,
    layout,
    piece_box,
    princess_sprite,
    render_alako,
    square_box,
)
from renderer.sprites import piece_sprite
from tests.renderer.helpers import changed_box, decode, middle, near

OPTIONS = AlakoImageOptions(names=demo_alako.NAMES)


def test_views_hide_the_seed_and_the_picture_never_needs_it() -> None:
    state = demo_alako.moving_state()
    seen = view(state, "north")
    assert seen.dice.seed is None
    assert render_alako(seen, options=OPTIONS) == render_alako(
        view(replace(state, dice=state.dice.hidden()), "south"), options=OPTIONS
    )


def test_legal_destinations_are_marked_exactly_on_their_squares() -> None:
    state = view(demo_alako.moving_state(), "south")
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
    state = view(demo_alako.building_state(), "north")
    opts = replace(OPTIONS, bottom="north")
    marked = decode(render_alako(state, options=opts))
    plain = decode(render_alako(state, options=replace(opts, legal=False)))
    box = changed_box(marked, plain)
    assert box is not None
    lay = layout(opts.square)
    assert box[2] <= lay.left + lay.board_w + 2  # on the board, not in the panel


def test_the_spinner_shows_the_face_spun() -> None:
    state = view(demo_alako.moving_state(), "south")
    one = decode(render_alako(state, options=replace(OPTIONS, legal=False)))
    other = replace(state, last_spin=(0, "cannon"))
    two = decode(render_alako(other, options=replace(OPTIONS, legal=False)))
    box = changed_box(one, two)
    assert box is not None
    lay = layout(OPTIONS.square)
    assert box[0] >= lay.left + lay.board_w  # only the panel changes


def test_each_piece_changes_its_own_square() -> None:
    state = view(demo_alako.start_state(), "south")
    full = decode(render_alako(state, options=OPTIONS))
    south = state.sides[0]
    moved = replace(state, sides=(replace(south, horse=south.horse + 9 * 3), state.sides[1]))
    after = decode(render_alako(moved, options=OPTIONS))
    diff = changed_box(full, after)
    assert diff is not None
    top, bottom = square_box("f4", OPTIONS), square_box("f1", OPTIONS)
    assert top[0] <= diff[0] and diff[2] <= top[2]  # only the f file changed...
    assert top[1] <= diff[1] and diff[3] <= bottom[3]  # ...between f4 and f1
    for name in ("f1", "f4"):
        box = square_box(name, OPTIONS)
        assert changed_box(full.crop(box), after.crop(box)) is not None


@pytest.mark.parametrize("bottom", ["south", "north"])
def test_orientation_puts_the_chosen_camp_at_the_bottom(bottom: str) -> None:
    opts = replace(OPTIONS, bottom=bottom)
    box = square_box("e1", opts)
    lay = layout(opts.square)
    at_bottom = box[3] == lay.top + lay.board_h
    assert at_bottom == (bottom == "south")


def test_the_final_picture_names_the_winner() -> None:
    state = demo_alako.final_state()
    assert state.phase == OVER and state.winner == 0
    assert decode(render_alako(view(state, None), options=OPTIONS)).width > 900


def _far_away(state: AlakoState) -> AlakoState:
    """The same board with every piece on its back ranks, far from any fortification."""
    south, north = state.sides
    return replace(
        state,
        sides=(
            replace(south, knight=parse("a1"), horse=parse("c1"), princess=parse("e1")),
            replace(north, knight=parse("a11"), horse=parse("c11"), princess=parse("e11")),
        ),
    )


@pytest.mark.parametrize("bottom", ["south", "north"])
@pytest.mark.parametrize("position", demo_alako.FORTIFIED)
def test_no_piece_covers_a_tower_or_a_wall(position: str, bottom: str) -> None:
    """Where a piece stands beside a fortification, not one of its pixels falls inside the
    rectangle the tower or wall is drawn in; yet the pieces come right up to them."""
    state = replace(
        view(state_from_position(position, seed=b"f", game_id="f"), None), last_move=None
    )
    opts = replace(OPTIONS, bottom=bottom, legal=False)
    with_pieces = alako_image(state, options=opts).convert("RGB")
    without = alako_image(_far_away(state), options=opts).convert("RGB")
    pieces = ImageChops.difference(with_pieces, without).convert("L").point(lambda v: 255 * (v > 0))
    boxes = [fort_box(f.segment, f.kind, opts) for side in state.sides for f in side.line]
    assert len(boxes) >= 10
    near = 0
    for box in boxes:
        assert box[2] - box[0] >= 6 and box[3] - box[1] >= 6  # the marker is drawn there
        assert pieces.crop(box).getbbox() is None, box
        x0, y0, x1, y1 = box
        near += pieces.crop((x0 - 6, y0 - 6, x1 + 6, y1 + 6)).getbbox() is not None
    assert near >= 4  # and pieces come within 6 px of them


def test_a_piece_beside_a_tower_is_smaller_and_off_its_side() -> None:
    """A piece fills 0.9 of a free square; beside a tower it shrinks and moves away."""
    opts = OPTIONS
    state = view(state_from_position(demo_alako.FORTIFIED[0], seed=b"f", game_id="f"), None)
    forts = [fort_box(f.segment, f.kind, opts) for side in state.sides for f in side.line]
    free_x, free_y, free = piece_box(parse("e2"), forts, opts)
    e2 = middle(square_box(parse("e2"), opts))
    assert free == round(0.9 * opts.square) and (free_x, free_y) == e2
    cx, cy, size = piece_box(parse("c3"), forts, opts)  # the tower c3n is above it
    mx, my = middle(square_box(parse("c3"), opts))
    assert size < free and abs(cx - mx) < 0.1 * opts.square and cy > my


def test_the_princess_is_no_chess_queen_and_no_knight() -> None:
    """Her own figure: unlike the helm, the horse and the chess queen of the other games,
    at the size a 400 px wide picture draws her."""
    size = round(OPTIONS.square * 0.9 * 400 / layout(OPTIONS.square).width)
    theme = OPTIONS.theme
    princess = princess_sprite(theme, 64, "south")
    others = [
        piece_sprite(theme, 64, "fire", "queen"),
        knight_sprite(theme, 64, "south"),
        piece_sprite(theme, 64, "fire", "knight"),
    ]
    for other in others:  # at least a fifth of her differs clearly from each of them
        diff = ImageChops.difference(princess, other).convert("L")
        assert _count(diff, 60) > _count(princess.getchannel("A"), 128) / 5
    # Her crown is gold and her face skin-coloured, even when small.
    small = princess_sprite(theme, size, "north")
    colours = {c for _, c in small.getcolors(size * size) if c[3] > 200}
    assert any(near(c, GOLD, 24) for c in colours) and any(near(c, SKIN, 24) for c in colours)


def _count(image: Image.Image, above: int) -> int:
    return image.point(lambda v: 255 if v > above else 0).histogram()[255]
