"""Échec au Roi's bases in a picture shrunk to a phone's 400 px: each kind is told apart by
the silhouette of its emblem (not by colour), and the figure count's disc stays inside its
plate and its square, covering neither the plate's edge nor a coordinate label."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image, ImageChops

from engine.echec import EchecState, state_from_position, view
from engine.echec.units import KINDS
from renderer.echec import (
    PLATE_EDGE,
    EchecImageOptions,
    _plate,
    badge_circle,
    base_sprite,
    emblem_box,
    layout,
    render_echec,
)
from renderer.theme import DEFAULT_THEME
from tests.renderer.helpers import decode

OPTIONS = EchecImageOptions(names={"south": "Ada", "north": "Bjorn"})
PHONE = 400 / layout(OPTIONS.square).width  # a picture shrunk to 400 px wide
DIRECTIONS = ("u", "r", "d", "l")


def inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    """Whether ``point`` lies inside the convex ``polygon`` (either winding)."""
    signs = set()
    for (x0, y0), (x1, y1) in itertools.pairwise((*polygon, polygon[0])):
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        signs.add(cross > 0)
    return len(signs) == 1


def emblem_mask(kind: str, seat: str = "south") -> Image.Image:
    """The white silhouette of a kind's emblem, on a plate drawn as a 400 px picture draws
    it (the count's disc left out)."""
    full = round(OPTIONS.square * 0.94)
    sprite = base_sprite(DEFAULT_THEME, full, seat, kind, 4, "u")
    small = sprite.resize((round(full * PHONE),) * 2, Image.Resampling.LANCZOS)
    box = tuple(round(v * small.width) for v in emblem_box("u"))
    white = Image.new("RGBA", small.size, (255, 255, 255, 255))
    difference = ImageChops.difference(small, white).convert("L")
    near_white = difference.point(lambda v: 255 if v < 60 else 0)
    return near_white.crop(box)


def test_every_kind_has_its_own_silhouette_at_400_px() -> None:
    """Two kinds' emblems, shrunk to a phone's picture and taken as black and white shapes
    (no colour), differ in at least 45% of the pixels either covers."""
    masks = {kind: emblem_mask(kind) for kind in KINDS}
    for kind, mask in masks.items():
        assert mask.getbbox() is not None, f"{kind}: no emblem to see"
    for a, b in itertools.combinations(KINDS, 2):
        union = ImageChops.logical_or(masks[a].convert("1"), masks[b].convert("1"))
        differ = ImageChops.logical_xor(masks[a].convert("1"), masks[b].convert("1"))
        covered, apart = union.histogram()[255], differ.histogram()[255]
        assert apart >= 0.45 * covered, f"{a} and {b} look alike at 400 px ({apart}/{covered})"


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_the_count_disc_lies_inside_its_plate_away_from_its_edge(direction: str) -> None:
    plate = _plate(direction).points
    cx, cy, r = badge_circle(direction)
    for step in range(72):
        angle = math.radians(step * 5)
        point = (cx + r * math.cos(angle), cy + r * math.sin(angle))
        assert inside(point, plate), (direction, point)
        assert 0 < point[0] < 1 and 0 < point[1] < 1
    # Off the plate's outline too: the disc does not reach the plate's border line.
    for (x0, y0), (x1, y1) in itertools.pairwise((*plate, plate[0])):
        length = math.hypot(x1 - x0, y1 - y0)
        distance = abs((x1 - x0) * (y0 - cy) - (x0 - cx) * (y1 - y0)) / length
        assert distance >= r - PLATE_EDGE / 2, (direction, distance, r)


def _edge_army() -> EchecState:
    """A base on every square of the board's edge, facing every way."""
    facings = "nesw"
    squares = [f"{f}{r}" for f in "abcdefghi" for r in "19"]
    squares += [f"{f}{r}" for f in "ai" for r in "2345678"]
    south = [f"I4{sq}{facings[i % 4]}" for i, sq in enumerate(squares) if sq not in ("a1", "i9")]
    text = f"south: K1a1w {' '.join(south)}; north: K1i9e; turn: south"
    return state_from_position(text, seed=b"e", game_id="e")


def test_no_base_or_count_covers_a_coordinate_label() -> None:
    """Bases on every edge square, facing every way, change nothing outside the grid: the
    coordinates in the margin read as on an empty board."""
    full = decode(render_echec(view(_edge_army(), None), options=OPTIONS))
    empty_state = state_from_position(
        "south: K1e5n; north: K1e6s; turn: south", seed=b"e", game_id="e"
    )
    empty = decode(render_echec(view(empty_state, None), options=OPTIONS))
    lay = layout(OPTIONS.square)
    grid = (
        lay.grid.left,
        lay.grid.top,
        lay.grid.left + 9 * lay.square,
        lay.grid.top + 9 * lay.square,
    )
    margin = (
        grid[0] - lay.margin,
        grid[1] - lay.margin,
        grid[2] + lay.margin,
        grid[3] + lay.margin,
    )
    diff = ImageChops.difference(full, empty)
    # Blank the grid itself: only the frame of coordinates around it is compared.
    diff.paste((0, 0, 0), grid)
    assert diff.crop(margin).getbbox() is None
