"""devtools.contact_sheet: every game's demo on one sheet of 400 px cells, under 5 MB, and
a failing demo shown as a red cell instead of stopping the sheet."""

from __future__ import annotations

import io

from PIL import Image

from bot.games import tables
from devtools import contact_sheet as cs


def png(size: tuple[int, int], colour: str = "navy") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def test_every_game_of_the_registry_has_a_demo_on_the_sheet() -> None:
    assert sorted(kind for kind, _ in cs.demos()) == sorted(t.kind for t in tables())


def test_pictures_are_scaled_to_400_px_and_laid_out_in_a_grid() -> None:
    def samples() -> dict[str, bytes]:
        return {"wide.png": png((1200, 600)), "tall.png": png((300, 900)), "x.png": png((8, 8))}

    part = cs.section("chess", samples)
    assert part.title == "Chess"
    assert [p.image.size for p in part.pictures if p.image] == [(400, 200), (400, 1200), (400, 400)]
    assert part.pictures[0].caption == "wide  1200x600"
    image = cs.sheet([part], columns=2)
    assert image.width == cs.GAP + 2 * (cs.CELL + cs.GAP)
    # two rows: the tall picture sets the first row's height
    rows = (1200 + cs.CAPTION + cs.GAP) + (400 + cs.CAPTION + cs.GAP)
    assert image.height == cs.GAP + cs.TITLE + rows
    assert image.getpixel((cs.GAP + 10, cs.GAP + cs.TITLE + 10)) == (0, 0, 128)  # navy pasted


def test_a_failing_demo_is_a_red_cell_and_the_others_still_show() -> None:
    def broken() -> dict[str, bytes]:
        raise ValueError("the yellow pawn would fall")

    failed = cs.section("inka", broken)
    (cell,) = failed.pictures
    assert cell.image is None and "ValueError: the yellow pawn would fall" in cell.caption
    fine = cs.section("loa", lambda: {"board.png": png((400, 400))})
    image = cs.sheet([failed, fine])
    assert image.getpixel((cs.GAP + 1, cs.GAP + cs.TITLE + 1)) == cs.FAILED


def test_the_sheet_is_kept_under_the_size_limit() -> None:
    noise = Image.effect_noise((600, 600), 120).convert("RGB")
    full = io.BytesIO()
    noise.save(full, "PNG")
    limit = len(full.getvalue()) // 3
    data = cs.encoded(noise, limit)
    assert len(data) <= limit
    assert Image.open(io.BytesIO(data)).width <= 600
