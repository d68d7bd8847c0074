"""Helpers every game's image tests share: decoding, comparing and measuring pictures (what
every game's pictures do is checked once, in ``test_every_game.py``)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

Box = tuple[int, int, int, int]
MOST_BYTES = 500_000  # a picture a player downloads


def decode(data: bytes) -> Image.Image:
    """A PNG's pixels, in RGB."""
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def changed_box(a: Image.Image, b: Image.Image) -> Box | None:
    """The box of the pixels that differ between two pictures (``None``: none do)."""
    return ImageChops.difference(a, b).getbbox()


def middle(box: tuple[float, float, float, float]) -> tuple[float, float]:
    """The centre of a box, such as a square's."""
    x0, y0, x1, y1 = box
    return (x0 + x1) / 2, (y0 + y1) / 2


def near(colour: tuple[int, ...], wanted: tuple[int, ...], tolerance: int = 30) -> bool:
    """Every channel of ``wanted`` within ``tolerance`` of ``colour``'s (whose alpha, if
    ``wanted`` has none, is not compared)."""
    assert len(colour) >= len(wanted), (colour, wanted)
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted, strict=False))
