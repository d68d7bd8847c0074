"""Loka pictures put together from parts mapped to the palette on their own give the pixels
of drawing and mapping the whole. The static layer is drawn once without tiles and shared by
every game: each square is pasted from its ground (a plain square or a tile) and its stack.
That holds only if each square of the layer drawn with its tiles shows exactly the ground
drawn alone, on every board, side, size and theme. A deployment picture maps only what it
draws in RGB beside its board."""

from __future__ import annotations

import io
import random
from dataclasses import replace

import pytest
from PIL import Image

from engine.loka import view
from engine.loka.geometry import CROSS, geometry_for
from engine.loka.terrain import TILE_SET, Tile
from renderer import loka
from renderer.demo import (
    FACEOFF,
    FACEOFF_DRAFTS,
    NAMES,
    combat_state,
    deployment_state,
    faceoff_final_state,
    faceoff_game,
    final_state,
)
from renderer.png import to_palette
from renderer.theme import DEFAULT_THEME, HIGH_CONTRAST, Theme

BOARDS = [
    (CROSS, 78, 78),
    (CROSS, 62, 62),  # deployment's
    (CROSS, 48, 0),  # the end picture's, without a banner
    (geometry_for("faceoff", (8, 8), ("fire", "air")), 78, 78),
    (geometry_for("faceoff", (16, 8), ("water", "earth")), 78, 0),
]


@pytest.mark.parametrize("theme", [DEFAULT_THEME, HIGH_CONTRAST], ids=lambda t: t.name)
@pytest.mark.parametrize("board", range(len(BOARDS)))
def test_every_square_of_a_tiled_layer_is_its_ground(theme: Theme, board: int) -> None:
    geo, unit, banner = BOARDS[board]
    rng = random.Random(board)
    square = loka.board_square(geo, unit)
    palette = loka._palette(theme)
    for bottom in geo.seat_names:
        places = rng.sample(list(geo.squares), len(TILE_SET))
        tiles = tuple(
            Tile(sq, kind, rng.choice(("n", "e")) if kind == "pass" else None)
            for sq, kind in zip(places, TILE_SET, strict=True)
        )
        drawn = loka._draw_static(theme, geo, square, bottom, tiles, banner)
        tiled = to_palette(drawn.image, palette)
        shared = loka._static((theme, geo, square, bottom, banner))
        assert shared.layout == drawn.layout and shared.cells == drawn.cells
        tile_at = {t.square: t for t in tiles}
        for sq in geo.squares:
            box = drawn.layout.grid.box(*drawn.cell(sq))
            ground = loka._square_ground(geo, drawn.frame, theme, sq, tile_at.get(sq))
            assert tiled.crop(box).tobytes() == loka._ground(theme, square, ground).tobytes()
            if sq not in tile_at:
                assert shared.image.crop(box).tobytes() == tiled.crop(box).tobytes()
        outside = tiled.copy()  # and nothing else differs: margins, labels, banner room
        for sq in tile_at:
            outside.paste(shared.image.crop(box := drawn.layout.grid.box(*drawn.cell(sq))), box)
        assert outside.tobytes() == shared.image.tobytes()


@pytest.mark.parametrize("theme", [DEFAULT_THEME, HIGH_CONTRAST], ids=lambda t: t.name)
def test_a_deployment_picture_is_its_whole_image_mapped_to_the_palette(theme: Theme) -> None:
    """render_deployment maps only what it draws in RGB and takes the board through the
    palette's table: the same pixels as mapping the whole RGB image, on the cross (each
    army deploying in turn, from every side) and face to face (a gap beside the board)."""
    options = loka.LokaImageOptions(names=NAMES, theme=theme)
    seen = [view(deployment_state(placed=n), None) for n in (0, 1, 2, 3, 9, 30)]
    seen.append(view(faceoff_game(FACEOFF, FACEOFF_DRAFTS, placed=5), "air"))
    for i, v in enumerate(seen):
        side = replace(options, bottom=v.geometry.seat_names[i % len(v.geometry.seat_names)])
        whole = to_palette(loka.deployment_image(v, options=side), loka._palette(theme))
        drawn = Image.open(io.BytesIO(loka.render_deployment(v, options=side)))
        assert drawn.mode == "P" and drawn.tobytes() == whole.tobytes()
        assert drawn.getpalette() == whole.getpalette()


@pytest.mark.parametrize("theme", [DEFAULT_THEME, HIGH_CONTRAST], ids=lambda t: t.name)
def test_an_end_picture_is_its_whole_image_mapped_to_the_palette(theme: Theme) -> None:
    """render_summary, the same way: the cross and face to face, with the last combat's
    badge in the header."""
    options = loka.LokaImageOptions(names=NAMES, theme=theme)
    for state in (final_state(), faceoff_final_state(), combat_state()):
        v = view(state, None)
        whole = to_palette(loka.summary_image(v, options=options), loka._palette(theme))
        drawn = Image.open(io.BytesIO(loka.render_summary(v, options=options)))
        assert drawn.tobytes() == whole.tobytes() and drawn.getpalette() == whole.getpalette()
