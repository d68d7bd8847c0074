"""The ratings' pictures: a server's leaderboard (a table per game family) and one person's
rating over their rated games (a small line plot). Pure: the rows in, PNG bytes out; the
words (titles, column heads) come in already in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.fonts import draw_text, draw_title, fit, printable
from renderer.png import encode_png
from renderer.theme import DEFAULT_THEME, Theme

WIDTH = 640
PAD = 20
ROW = 30
TITLE = 26
TEXT = 18


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard."""

    rank: int
    name: str
    rating: int
    games: int
    wins: int


@dataclass(frozen=True)
class Board:
    """One family's table: its title and its lines, best first."""

    title: str
    lines: Sequence[Standing]


def leaderboard_png(
    title: str,
    boards: Sequence[Board],
    heads: tuple[str, str, str, str],
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """A leaderboard: ``title``, then each board with the column heads ``heads`` (name,
    rating, games, wins) over its lines."""
    rows = sum(2 + len(b.lines) for b in boards)
    height = PAD * 2 + TITLE + 14 + rows * ROW
    image = Image.new("RGB", (WIDTH, height), theme.background)
    draw = ImageDraw.Draw(image)
    draw_text(
        draw,
        (PAD, PAD),
        fit(printable(title), TITLE, WIDTH - 2 * PAD),
        TITLE,
        theme.text,
        bold=True,
    )
    y = PAD + TITLE + 14
    columns = (PAD + 40, WIDTH - 250, WIDTH - 140, WIDTH - PAD)
    for board in boards:
        draw.rectangle((PAD, y, WIDTH - PAD, y + ROW - 4), fill=theme.banner)
        draw_text(
            draw,
            (PAD + 8, y + 4),
            fit(printable(board.title), TEXT, WIDTH - 3 * PAD),
            TEXT,
            theme.text,
            bold=True,
        )
        y += ROW
        for x, head, anchor in zip(columns, heads, ("la", "ra", "ra", "ra"), strict=True):
            draw_text(draw, (x, y + 4), printable(head), TEXT - 2, theme.muted_text, anchor=anchor)
        y += ROW
        for line in board.lines:
            if line.rank % 2:
                draw.rectangle((PAD, y - 2, WIDTH - PAD, y + ROW - 6), fill=theme.badge)
            draw_text(draw, (PAD + 4, y + 2), f"{line.rank}.", TEXT, theme.muted_text)
            name = fit(printable(line.name) or "?", TEXT, columns[1] - columns[0] - 90)
            draw_text(draw, (columns[0], y + 2), name, TEXT, theme.text)
            for x, value in zip(columns[1:], (line.rating, line.games, line.wins), strict=True):
                draw_text(
                    draw,
                    (x, y + 2),
                    str(value),
                    TEXT,
                    theme.text,
                    anchor="ra",
                    bold=x == columns[1],
                )
            y += ROW
    return encode_png(image)


def history_png(title: str, values: Sequence[int], theme: Theme = DEFAULT_THEME) -> bytes:
    """A person's shown rating after each of their rated games, oldest first, as a line
    over a zero line (a newcomer's rating)."""
    height = 220
    image = Image.new("RGB", (WIDTH, height), theme.background)
    draw = ImageDraw.Draw(image)
    draw_title(draw, (PAD, PAD - 6), title, TEXT, WIDTH - 2 * PAD, theme.text)
    top, bottom, left, right = PAD + 28, height - PAD - 16, PAD + 56, WIDTH - PAD
    points = [0, *values]  # everyone starts from a newcomer's rating
    low, high = min(points), max(points)
    if high - low < 10:
        low, high = low - 5, high + 5

    def at(i: int, v: int) -> tuple[float, float]:
        x = left + (right - left) * i / max(1, len(points) - 1)
        return x, bottom - (bottom - top) * (v - low) / (high - low)

    for value in (low, high):
        draw_text(
            draw, (left - 8, at(0, value)[1]), str(value), TEXT - 4, theme.muted_text, anchor="rm"
        )
    zero = at(0, 0)[1]
    draw.line((left, zero, right, zero), fill=theme.banner_line, width=2)
    draw.line([at(i, v) for i, v in enumerate(points)], fill=theme.last_move_edge, width=3)
    for i, v in enumerate(points[1:], start=1):
        x, y = at(i, v)
        draw.ellipse((x - 4, y - 4, x + 4, y + 4), fill=theme.last_move_edge)
    return encode_png(image)
