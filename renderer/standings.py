"""A tournament's standings picture (issue 35) and its alt text.

Pure: a :class:`StandingsView` of strings in (the bot turns its rows into words in the
reader's language, so the renderer never sees ids nor the bot's records), PNG bytes out.

Made for a phone: Discord shows a picture about 400 px wide there, so the picture is only as
wide as its columns need (at least :data:`MIN_WIDTH`, at most :data:`MAX_WIDTH`) with text
large enough to stay readable once scaled down to that width. Nothing is said by colour
alone: rows alternate in lightness only, the points are in bold, and the rank is written.

Names are drawn as players wrote them ("Zoë Ørsted") and a computer player keeps its robot
("🤖 normal 2", the robot drawn from code): :mod:`renderer.glyphs`. The title takes two
lines before it is cut."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.glyphs import draw_text, fit, readable, wrap
from renderer.glyphs import width as text_width
from renderer.png import encode_png
from renderer.theme import Theme, current_theme

MIN_WIDTH, MAX_WIDTH = 400, 520
PAD = 14
GAP = 14  # between columns
ROW = 34
TITLE = 24
TITLE_LINES = 2  # a long title is wrapped, not cut
TEXT = 20
HEAD = 16
NAME_MIN, NAME_MAX = 110, 240  # the name column's width, before the picture's limits
HEAD_MAX = 96  # a long column head is cut to this: short heads read best
ALT_MAX = 1024  # Discord's limit for an attachment's description


@dataclass(frozen=True)
class StandingsView:
    """What the picture shows, all in words: the title, the column heads (rank, name,
    points, then any others) and one row of cells per player, best first."""

    title: str
    columns: Sequence[str]
    rows: Sequence[Sequence[str]]


def _head_lines(head: str) -> tuple[str, ...]:
    """A column head on one line, or on two when a break (after a space or a hyphen) makes
    it narrower: "Sonneborn-" over "Berger" leaves the width to the names."""
    text = readable(head)
    best: tuple[str, ...] = (text,)
    for i, char in enumerate(text):
        if char in " -" and 0 < i < len(text) - 1:
            split = (text[: i + 1].rstrip(), text[i + 1 :].lstrip())
            if max(text_width(x, HEAD) for x in split) < max(text_width(x, HEAD) for x in best):
                best = split
    return best


def _widths(view: StandingsView, heads: Sequence[tuple[str, ...]]) -> list[int]:
    """Each column's width in pixels: its widest cell or head line (the name column's
    between :data:`NAME_MIN` and :data:`NAME_MAX`), then widened or narrowed at the name
    column to fit the picture's limits."""
    widths = []
    for i, lines in enumerate(heads):
        cells = [readable(r[i]) for r in view.rows if i < len(r)]
        wide = max(
            [
                *(min(HEAD_MAX, text_width(line, HEAD)) for line in lines),
                *(text_width(c, TEXT, bold=i == 2) for c in cells),
            ]
        )
        if i == 0:  # room for two digits: the picture keeps its width as players join
            wide = max(wide, text_width("00", TEXT))
        widths.append(min(max(wide, NAME_MIN), NAME_MAX) if i == 1 else wide)
    if len(widths) > 1:
        total = 2 * PAD + sum(widths) + GAP * (len(widths) - 1)
        if total < MIN_WIDTH:
            widths[1] += MIN_WIDTH - total
        elif total > MAX_WIDTH:
            widths[1] = max(NAME_MIN // 2, widths[1] - (total - MAX_WIDTH))
    return widths


def standings_png(view: StandingsView, theme: Theme | None = None) -> bytes:
    """The standings as a table: the title, the column heads (on two lines where that
    saves width), then a row per player (the name left-aligned and cut with '...' when too
    long, the numbers right-aligned)."""
    theme = theme or current_theme()
    count = max([len(view.columns), *(len(r) for r in view.rows)], default=0)
    heads = [_head_lines(view.columns[i]) if i < len(view.columns) else ("",) for i in range(count)]
    widths = _widths(view, heads)
    width = max(MIN_WIDTH, 2 * PAD + sum(widths) + GAP * max(0, len(widths) - 1))
    title = wrap(readable(view.title), TITLE, width - 2 * PAD, TITLE_LINES, bold=True)
    top = PAD + (TITLE + 6) * len(title) + 6
    head_height = ROW + (HEAD + 2) * (max((len(h) for h in heads), default=1) - 1)
    height = top + head_height + ROW * len(view.rows) + PAD
    image = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(image)
    for n, line in enumerate(title):
        draw_text(draw, (PAD, PAD + (TITLE + 6) * n), line, TITLE, theme.text, bold=True)
    lefts = []
    x = PAD
    for w in widths:
        lefts.append(x)
        x += w + GAP

    def cell(
        col: int, y: int, text: str, size: int, fill: tuple[int, int, int], bold: bool
    ) -> None:
        shown = fit(readable(text), size, widths[col], bold=bold)
        if col == 1:  # the name
            draw_text(draw, (lefts[col], y), shown, size, fill, anchor="lm", bold=bold)
        else:
            right = lefts[col] + widths[col]
            draw_text(draw, (right, y), shown, size, fill, anchor="rm", bold=bold)

    draw.rectangle((0, top, width, top + head_height), fill=theme.banner)
    for col, lines in enumerate(heads):
        # The heads sit on the header's bottom line, a two-line one rising above it.
        for n, line in enumerate(reversed(lines)):
            cell(
                col,
                top + head_height - ROW // 2 - n * (HEAD + 2),
                line,
                HEAD,
                theme.muted_text,
                False,
            )
    body = top + head_height
    draw.line((0, body, width, body), fill=theme.banner_line, width=2)
    for index, row in enumerate(view.rows):
        y = body + ROW * index
        if index % 2:
            draw.rectangle((0, y + 1, width, y + ROW), fill=theme.badge)
        for col, text in enumerate(row[:count]):
            cell(col, y + ROW // 2 + 1, text, TEXT, theme.text, col == 2)
    return encode_png(image)


def standings_alt(view: StandingsView, limit: int = ALT_MAX) -> str:
    """The picture in words for screen readers, within Discord's 1,024 characters: the
    title, then each row as "rank. name: head value, ...", as many rows as fit (the rest
    counted as "+n")."""
    parts = [f"{view.title}."]
    heads = list(view.columns)
    for index, row in enumerate(view.rows):
        rank, name = (row[0] if row else ""), (row[1] if len(row) > 1 else "")
        values = ", ".join(
            f"{head} {value}" for head, value in zip(heads[2:], row[2:], strict=False)
        )
        line = f"{rank}. {name}: {values};" if values else f"{rank}. {name};"
        left = len(view.rows) - index - 1
        more = f" +{left}" if left else ""
        if len(" ".join([*parts, line])) + len(more) > limit:
            parts.append(f"+{len(view.rows) - index}")
            break
        parts.append(line)
    return " ".join(parts)[:limit]
