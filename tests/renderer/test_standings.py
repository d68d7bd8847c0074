"""The tournament standings picture (issue 35): a PNG a phone shows readably, and its alt
text within Discord's limit, naming the players."""

from __future__ import annotations

from renderer.standings import (
    ALT_MAX,
    MAX_WIDTH,
    MIN_WIDTH,
    StandingsView,
    standings_alt,
    standings_png,
)
from renderer.theme import DEFAULT_THEME
from tests.renderer.helpers import MOST_BYTES, decode

HEADS = ("#", "Name", "Pts", "Games", "Buch.", "SB")


def view(names: list[str]) -> StandingsView:
    rows = [
        (str(i + 1), name, f"{10 - i / 2:g}", "5", "14.5", "9.25") for i, name in enumerate(names)
    ]
    return StandingsView("Lines of Action - T7 - round 5", HEADS, rows)


def test_the_picture_is_a_png_sized_for_a_phone() -> None:
    data = standings_png(view(["Ann", "Bob", "Cid", "Dee"]))
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) < MOST_BYTES
    image = decode(data)
    assert MIN_WIDTH <= image.width <= MAX_WIDTH
    # Taller for more players, the same width.
    more = decode(standings_png(view([f"Player {i}" for i in range(16)])))
    assert more.width == image.width and more.height > image.height


def test_long_and_unusual_names_do_not_widen_the_picture() -> None:
    names = ["A" * 80, "Zoë Ørsted 🎲", "名人", ""]
    image = decode(standings_png(view(names)))
    assert image.width <= MAX_WIDTH


def test_rows_are_told_apart_by_lightness_not_by_hue() -> None:
    image = decode(standings_png(view(["Ann", "Bob", "Cid", "Dee"]), DEFAULT_THEME))
    # Every pixel is a grey or close to one: meaning is never carried by red against green.
    colours = {colour for _, colour in image.getcolors(1 << 16) or []}
    assert all(max(c) - min(c) <= 40 for c in colours), sorted(colours)[:5]


def test_the_alt_text_names_the_players_in_order() -> None:
    text = standings_alt(view(["Ann", "Bob", "Cid"]))
    assert text.startswith("Lines of Action - T7 - round 5.")
    assert text.index("1. Ann: Pts 10") < text.index("2. Bob: Pts 9.5") < text.index("3. Cid")
    assert "Buch. 14.5, SB 9.25" in text


def test_the_alt_text_keeps_within_discords_limit_and_counts_the_rest() -> None:
    names = [f"Player number {i}" for i in range(200)]
    text = standings_alt(view(names))
    assert len(text) <= ALT_MAX == 1024
    assert "1. Player number 0:" in text
    shown = sum(f". Player number {i}:" in text for i in range(200))
    assert text.endswith(f"+{200 - shown}")
