"""Loka's dice badge (issue 30): it covers no square and no coordinate label, on the cross
(a cut corner), on full boards (a strip added under the board) and on the end image, and
it stays readable at 400 px wide."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops

from engine.loka import LokaState, view
from engine.loka.geometry import CROSS
from renderer.demo import (
    NAMES,
    combat_state,
    crowded_state,
    decision_state,
    faceoff_combat_state,
)
from renderer.loka import (
    LokaImageOptions,
    badge_box,
    board_boxes,
    render_loka,
    render_summary,
    summary_badge_box,
    summary_sizes,
)
from tests.renderer.helpers import decode

OPTIONS = LokaImageOptions(names=NAMES)
Box = tuple[int, int, int, int]


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def combats() -> list[tuple[str, LokaState, str]]:
    cases = [(f"from {b}", view(combat_state(), b), b) for b in CROSS.seat_names]
    cases += [(f"crowded +{p}", view(crowded_state(plies=p), "fire"), "fire") for p in (15, 37)]
    cases += [("decision", view(decision_state(), "water"), "water")]
    cases += [("face-off", view(faceoff_combat_state(), "air"), "air")]
    return cases


@pytest.mark.parametrize(("label", "state", "bottom"), combats(), ids=lambda v: str(v)[:20])
def test_the_badge_covers_no_square_and_no_label(label: str, state: LokaState, bottom: str) -> None:
    options = replace(OPTIONS, bottom=bottom)
    box = badge_box(state, options)
    assert box is not None, label
    squares, labels = board_boxes(state, options)
    assert not any(overlaps(box, sq) for sq in squares), label
    assert not any(overlaps(box, lb) for lb in labels), label
    image = decode(render_loka(state, options=options))
    x0, y0, x1, y1 = box
    assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height, label
    # It is drawn there: the picture without the combat differs inside the box, and
    # nowhere outside it but the combat's own squares.
    hidden = render_loka(replace(state, last_combat=None, pending=None), options=options)
    plain = decode(hidden)
    if plain.size != image.size:  # the strip under a full board comes with the badge
        assert image.height > plain.height and y0 >= plain.height, label
        return
    diff = ImageChops.difference(image, plain).convert("L")
    assert diff.crop(box).getbbox() is not None, label


def test_the_badge_sits_in_a_cut_corner_of_the_cross_and_reads_at_400_px() -> None:
    state = view(combat_state(), "fire")
    box = badge_box(state, OPTIONS)
    assert box is not None
    image = decode(render_loka(state, options=OPTIONS))
    # At 400 px wide the badge is still about 90 px wide: its dice faces and words read.
    assert (box[2] - box[0]) * 400 / image.width >= 85
    squares, _ = board_boxes(state, OPTIONS)
    left, top = min(s[0] for s in squares), min(s[1] for s in squares)
    s = squares[0][2] - squares[0][0]
    assert box[2] <= left + 3 * s or box[0] >= left + 9 * s
    assert box[3] <= top + 3 * s or box[1] >= top + 9 * s


def test_no_badge_without_a_combat() -> None:
    state = view(combat_state(), "fire")
    assert badge_box(replace(state, last_combat=None, pending=None), OPTIONS) is None


def test_the_end_picture_shows_the_badge_in_its_header_off_the_board() -> None:
    """The end picture's board has small squares: the badge goes to the header, above the
    board, where it is drawn larger than a cut corner would allow."""
    state = view(combat_state(), "fire")
    box = summary_badge_box(state, OPTIONS)
    assert box is not None
    _, head = summary_sizes(OPTIONS.square)
    assert box[1] >= 0 and box[3] <= head  # the board (its squares, its labels) starts at head
    image = decode(render_summary(state, options=OPTIONS))
    plain = decode(render_summary(replace(state, last_combat=None, pending=None), options=OPTIONS))
    assert image.size == plain.size and box[2] <= image.width
    changed = ImageChops.difference(image, plain).convert("L").crop((0, 0, image.width, head))
    x0, y0, x1, y1 = changed.getbbox()  # type: ignore[misc]
    assert box[0] <= x0 and box[1] <= y0 and x1 <= box[2] and y1 <= box[3]
    assert (box[2] - box[0]) * 400 / image.width >= 60  # still readable at 400 px wide
    assert summary_badge_box(replace(state, last_combat=None, pending=None), OPTIONS) is None
