"""The PNG encoder (issue 36): every game's pictures, written by the renderer's own chunk
writer (ISA-L's deflate), decode to exactly the pixels Pillow's encode gives; each is a valid
PNG; and without isal (or for an image the writer does not take) Pillow encodes."""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable

import pytest
from PIL import Image

from renderer import demo, demo_alako, demo_chess, demo_echec, demo_inka, demo_loa, png
from tests.renderer.helpers import changed_box, decode

DEMOS: dict[str, Callable[[], dict[str, bytes]]] = {
    "loka": demo.samples,
    "alako": demo_alako.samples,
    "chess": demo_chess.samples,
    "echec": demo_echec.samples,
    "inka": demo_inka.samples,
    "loa": demo_loa.samples,
}


def valid(data: bytes) -> Image.Image:
    """The PNG opened, checked by Pillow's ``verify()``, and opened again to be decoded."""
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.verify()
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    return decoded


def test_isal_writes_the_pictures_when_installed() -> None:
    pytest.importorskip("isal")
    assert png.DEFLATE is png.DEFLATES["isal 2"]
    assert png.FILTER == "none"


@pytest.mark.parametrize("game", DEMOS)
def test_every_picture_has_the_pixels_of_pillows_encode(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = png.DEFLATE
    ours = DEMOS[game]()
    monkeypatch.setattr(png, "DEFLATE", None)
    pillows = DEMOS[game]()
    assert ours.keys() == pillows.keys()
    for name, data in ours.items():
        image, reference = valid(data), valid(pillows[name])
        assert image.mode == reference.mode == "P", name
        assert image.size == reference.size, name
        assert changed_box(decode(data), decode(pillows[name])) is None, name
        # other bytes when the chunk writer wrote ours; Pillow's own when isal is missing
        assert (data == pillows[name]) == (fast is None), name


def crowded_loka() -> Image.Image:
    return valid(demo.samples()["midgame.png"])


def test_every_deflate_and_filter_keeps_the_pixels() -> None:
    image = crowded_loka()
    expected = image.convert("RGB")
    for name, deflate in png.DEFLATES.items():
        for row_filter in png.FILTERS:
            data = png.write_png(image, deflate, row_filter)
            assert data is not None
            assert changed_box(decode(data), expected) is None, (name, row_filter)
            assert valid(data).getpalette() == image.getpalette()


def test_grey_images_are_written_too() -> None:
    grey = Image.linear_gradient("L").resize((300, 200))
    data = png.write_png(grey, png.DEFLATES["zlib 1"], "up")
    assert data is not None
    decoded = valid(data)
    assert decoded.mode == "L"
    assert decoded.tobytes() == grey.tobytes()


def test_without_a_fast_deflate_pillow_encodes(monkeypatch: pytest.MonkeyPatch) -> None:
    image = crowded_loka()
    monkeypatch.setattr(png, "DEFLATE", None)
    data = png.encode_png(image)
    assert data == png.pillow_png(image)
    assert changed_box(decode(data), image.convert("RGB")) is None


def test_images_the_writer_does_not_take_go_to_pillow() -> None:
    transparent = Image.new("P", (40, 30))
    transparent.putpalette([0, 0, 0, 255, 0, 0])
    transparent.info["transparency"] = 0
    rgba_palette = Image.new("RGBA", (40, 30), (10, 20, 30, 128)).convert("P")
    past_the_palette = Image.new("P", (40, 30), 9)
    past_the_palette.putpalette([0, 0, 0, 255, 255, 255])  # two colours, pixels use the 10th
    for image in (transparent, Image.new("RGB", (40, 30)), past_the_palette):
        assert png.write_png(image, png.DEFLATES["zlib 1"]) is None
    if rgba_palette.palette is not None and rgba_palette.palette.mode == "RGBA":
        assert png.write_png(rgba_palette, png.DEFLATES["zlib 1"]) is None
    data = png.encode_png(transparent)
    assert data == png.pillow_png(transparent)
    assert valid(data).info.get("transparency") == 0
    # a true-colour image is reduced to a palette first, then written as any other
    valid(png.encode_png(Image.new("RGB", (40, 30), (200, 100, 50))))


def idat(data: bytes) -> bytes:
    """The inflated image data of a PNG written with one IDAT chunk."""
    start = data.index(b"IDAT")
    length = int.from_bytes(data[start - 4 : start], "big")
    return zlib.decompress(data[start + 4 : start + 4 + length])


def test_each_row_follows_its_filter_byte() -> None:
    image = crowded_loka()
    width, height = image.size
    raw = image.tobytes()
    rows = [raw[y : y + width] for y in range(0, width * height, width)]
    data = png.write_png(image, png.DEFLATES["zlib 1"], "none")
    assert data is not None
    assert idat(data) == b"".join(b"\x00" + row for row in rows)
    up = png.write_png(image, png.DEFLATES["zlib 1"], "up")
    assert up is not None
    above = [bytes(width), *rows[:-1]]
    expected = [
        bytes((a - b) % 256 for a, b in zip(row, last, strict=True))
        for row, last in zip(rows, above, strict=True)
    ]
    assert idat(up) == b"".join(b"\x02" + row for row in expected)


def test_a_small_palette_is_written_when_every_pixel_is_in_it() -> None:
    image = Image.new("P", (40, 30), 1)
    image.putpalette([0, 0, 0, 255, 255, 255])  # two colours, every pixel the second
    image.paste(0, (0, 0, 10, 10))
    data = png.write_png(image, png.DEFLATES["zlib 1"], "none")
    assert data is not None
    assert valid(data).tobytes() == image.tobytes()
    assert valid(data).getpalette() == [0, 0, 0, 255, 255, 255]


@pytest.mark.parametrize("mode", ["P", "L"])
@pytest.mark.parametrize("size", [(1, 1), (3, 2), (2, 5), (1001, 7), (7, 1001)])
def test_any_width_reads_back_as_pillows_encode(mode: str, size: tuple[int, int]) -> None:
    """Rows written straight from Pillow's raw encoder (a zero byte before each): odd and
    even widths, one pixel, one row or column of rows, P and L, every deflate."""
    width, height = size
    image = Image.frombytes(
        mode, size, bytes((x * 7 + x // 3) % 251 for x in range(width * height))
    )
    if mode == "P":
        image.putpalette([(c * 5) % 256 for c in range(256 * 3)])
    reference = valid(png.pillow_png(image))
    for name, deflate in png.DEFLATES.items():
        for row_filter in png.FILTERS:
            data = png.write_png(image, deflate, row_filter)
            assert data is not None
            decoded = valid(data)
            assert (decoded.mode, decoded.size) == (mode, size), (name, row_filter)
            assert decoded.tobytes() == reference.tobytes() == image.tobytes(), (name, row_filter)
            assert decoded.getpalette() == reference.getpalette(), (name, row_filter)
        raw = image.tobytes()
        rows = (raw[y : y + width] for y in range(0, width * height, width))
        assert idat(png.write_png(image, deflate, "none") or b"") == b"".join(
            b"\x00" + row for row in rows
        ), name


def test_a_deflate_reads_its_parts_in_order() -> None:
    parts: list[bytes | memoryview] = [b"\x00", memoryview(b"abcdefgh" * 999)[3:-2], b"", b"xyz"]
    for name, deflate in png.DEFLATES.items():
        assert zlib.decompress(deflate(parts)) == b"".join(bytes(p) for p in parts), name


def test_every_chunk_carries_zlibs_crc() -> None:
    data = png.write_png(crowded_loka(), png.DEFLATES["zlib 1"], "none")
    assert data is not None
    at, kinds = 8, []
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        crc = int.from_bytes(data[at + 8 + length : at + 12 + length], "big")
        assert crc == zlib.crc32(kind + body), kind
        kinds.append(kind)
        at += 12 + length
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


def test_an_image_without_pixels_is_left_to_pillow() -> None:
    for size in ((0, 5), (5, 0), (0, 0)):
        for mode in ("P", "L"):
            assert png.write_png(Image.new(mode, size), png.DEFLATES["zlib 1"], "none") is None
