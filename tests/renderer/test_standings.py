"""The tournament standings picture (issue 35): a PNG a phone shows readably, and its alt
text within Discord's limit, naming the players."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageChops

from renderer.glyphs import fit, known, readable, width, wrap
from renderer.standings import (
    ALT_MAX,
    MAX_WIDTH,
    MIN_WIDTH,
    NAME_MIN,
    PAD,
    ROW,
    TITLE,
    TITLE_LINES,
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
    assert_grey(image)


def assert_grey(image: Image.Image) -> None:
    colours = [colour for _, colour in image.getcolors(1 << 16) or []]
    assert all(isinstance(c, tuple) and max(c) - min(c) <= 40 for c in colours), colours[:5]


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


def name_cells(names: list[str]) -> Image.Image:
    """The first row's name, the rest of the row left out (the name column starts after
    the rank's two digits and a gap)."""
    image = decode(standings_png(view(names)))
    top = image.height - ROW * len(names) - PAD
    left = PAD + width("00", 20) + 4
    return image.crop((left, top, left + NAME_MIN + 12, top + ROW))


def ink(image: Image.Image) -> tuple[int, int, int, int]:
    """Where the text is drawn in ``image``: what differs from its background."""
    background = Image.new("RGB", image.size, image.getpixel((0, 0)))
    box = ImageChops.difference(image, background).point(lambda v: 255 if v > 60 else 0).getbbox()
    assert box is not None
    return box


def test_names_keep_their_letters() -> None:
    assert readable("Zoë Ørsted") == "Zoë Ørsted"
    assert readable("Łukasz Żółć, Ана, Ἀθηνᾶ") == "Łukasz Żółć, Ана, Ἀθηνᾶ"
    assert all(known(c) for c in "ëØøéàçñŁßÆœ")
    # The letters are drawn, not their plain forms: "Zoë Ørsted" is not "Zoe Orsted".
    accented, plain = name_cells(["Zoë Ørsted"]), name_cells(["Zoe Orsted"])
    assert ImageChops.difference(accented, plain).getbbox() is not None


def test_a_computer_player_keeps_its_robot() -> None:
    assert readable("🤖 normal 1") == "🤖 normal 1"
    robot, person = ink(name_cells(["🤖 normal 1"])), ink(name_cells(["normal 1"]))
    # The robot's pixels are there: both start where the column does, and the computer's
    # name is longer by the drawn mark.
    assert abs(robot[0] - person[0]) <= 2 and robot[2] > person[2] + 15
    assert width("🤖 normal 1", 20) > width("normal 1", 20) + 15
    # Two computers of one level stay apart, and a name never reads as another's.
    assert name_cells(["🤖 normal 1"]).tobytes() != name_cells(["🤖 normal 2"]).tobytes()


def test_emoji_and_symbols_the_face_lacks_are_left_out_letters_it_lacks_are_marked() -> None:
    assert readable("Zoë 🎲") == "Zoë"
    assert readable("名人") == "??"
    assert fit("🤖 normal 1", 20, 1000) == "🤖 normal 1"
    assert fit("A" * 80, 20, 200).endswith("…") and width(fit("A" * 80, 20, 200), 20) <= 200


def test_a_long_title_is_wrapped_whole_on_two_lines() -> None:
    title = "Lines of Action tournament 6ce31251, after round 2"
    lines = wrap(title, TITLE, MIN_WIDTH - 2 * PAD, TITLE_LINES, bold=True)
    assert " ".join(lines) == title and len(lines) == 2
    assert all(width(line, TITLE, bold=True) <= MIN_WIDTH - 2 * PAD for line in lines)
    short = decode(standings_png(replace(view(["Ann", "Bob"]), title="T7")))
    long = decode(standings_png(replace(view(["Ann", "Bob"]), title=title)))
    assert long.height == short.height + TITLE + 6 and long.width == short.width
    # The second line's pixels are drawn (the title area is not blank below the first).
    second = long.crop((PAD, PAD + TITLE + 6, long.width - PAD, PAD + 2 * TITLE + 6))
    assert len(second.getcolors(1 << 16) or []) > 2
    assert standings_alt(replace(view(["Ann"]), title=title)).startswith(title + ".")
    # A title longer than two lines is cut on its second line, never widens the picture.
    longest = decode(standings_png(replace(view(["Ann"]), title="word " * 60)))
    assert longest.width <= MAX_WIDTH and longest.height == long.height - ROW


def test_the_alt_text_keeps_the_robot_and_the_letters() -> None:
    text = standings_alt(view(["🤖 normal 1", "Zoë Ørsted"]))
    assert "1. 🤖 normal 1: Pts 10" in text and "2. Zoë Ørsted:" in text


def test_names_and_robots_stay_grey() -> None:
    assert_grey(decode(standings_png(view(["🤖 normal 1", "Zoë Ørsted", "Ана"]), DEFAULT_THEME)))
