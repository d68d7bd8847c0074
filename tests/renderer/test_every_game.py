"""What every game's pictures do (Loka's: ``test_loka_images.py``): drawn again, a demo's
samples come out as the same bytes, from the caches or drawn afresh, and no two alike; each
is a small PNG about 1000 px wide. Each game declares only its renderer, its demo and the
sizes it keeps to."""

from __future__ import annotations

import io
from dataclasses import dataclass
from types import ModuleType

import pytest
from PIL import Image

from renderer import (
    alako,
    chess,
    demo_alako,
    demo_chess,
    demo_echec,
    demo_inka,
    demo_loa,
    echec,
    inka,
    loa,
)
from tests.renderer.helpers import MOST_BYTES


@dataclass(frozen=True)
class Pictures:
    """One game's pictures: its renderer module (with ``clear_caches``), its demo (with
    ``samples()``) and how many samples that draws, the widths they keep to and, when the
    game fixes them, their exact size or greatest height."""

    art: ModuleType
    demo: ModuleType
    count: int
    widths: tuple[int, int]
    size: tuple[int, int] | None = None
    most_height: int | None = None


def _size(art: ModuleType) -> tuple[int, int]:
    """The size of a board picture at the renderer's default square."""
    layout = art.layout(art.DEFAULT_SQUARE)
    return layout.width, layout.height


GAMES = {
    "alako": Pictures(alako, demo_alako, 9, (900, 1050), size=_size(alako)),
    "chess": Pictures(chess, demo_chess, 6, (800, 1000), most_height=1100),
    "echec": Pictures(echec, demo_echec, 9, (0, 1000), size=_size(echec)),
    "inka": Pictures(inka, demo_inka, 5, (0, 1000)),
    "loa": Pictures(loa, demo_loa, 8, (600, 1100), most_height=1100),
}


@pytest.mark.parametrize("game", GAMES)
def test_same_views_same_bytes_whatever_the_caches(game: str) -> None:
    pictures = GAMES[game]
    first = pictures.demo.samples()
    assert pictures.demo.samples() == first
    pictures.art.clear_caches()  # a picture never depends on what happened to be cached
    assert pictures.demo.samples() == first
    assert len(set(first.values())) == len(first) == pictures.count  # other views, other bytes


@pytest.mark.parametrize("game", GAMES)
def test_every_sample_is_a_small_png_about_1000_px_wide(game: str) -> None:
    pictures = GAMES[game]
    low, high = pictures.widths
    for name, data in pictures.demo.samples().items():
        image = Image.open(io.BytesIO(data))
        image.load()
        assert image.format == "PNG", name
        assert len(data) < MOST_BYTES, name
        assert low <= image.width <= high, (name, image.size)
        if pictures.size is not None:
            assert image.size == pictures.size, (name, image.size)
        if pictures.most_height is not None:
            assert image.height <= pictures.most_height, (name, image.size)
