"""A game review's picture: each side's chance of winning after every action, as lines over
the game, with the turning points numbered where they fell. Pure: the curves in, PNG bytes
out; the words (title, side names) come in already in the reader's language.

Sides are told apart by line style and a letter at each line's end as well as by colour
(chosen to stay apart under every colour-vision deficiency), so the
picture reads without colour too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.fonts import draw_text, draw_title, fit, printable
from renderer.png import encode_png
from renderer.theme import DEFAULT_THEME, Theme
from renderer.vector import dashed

WIDTH, HEIGHT = 640, 380
PAD = 24
TEXT = 24
# Orange and sky blue (Okabe & Ito, 2008), then near-white and grey: the four stay apart,
# and off the background, under every colour-vision simulation (a test measures it).
LINE_COLOURS = ((230, 159, 0), (86, 180, 233), (240, 240, 240), (150, 150, 150))
DASHES = (0, 12, 4, 7)  # each side's dash (0: solid), so the lines part without colour too


@dataclass(frozen=True)
class Curve:
    """One side's chance of winning (0 to 1) at the start and after each action."""

    name: str
    chances: Sequence[float]


def chances_png(
    title: str,
    curves: Sequence[Curve],
    marks: Sequence[int] = (),
    theme: Theme = DEFAULT_THEME,
) -> bytes:
    """The review's picture: ``curves`` over the game (x: actions, y: chance of winning),
    with a 50 % line, and ``marks`` (action numbers, the worst first) as lines down the
    plot numbered 1, 2, 3... at their top."""
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    draw = ImageDraw.Draw(image)
    draw_title(draw, (PAD, PAD - 8), title, TEXT, WIDTH - 2 * PAD, theme.text)
    top, bottom = PAD + 30, HEIGHT - PAD - 44
    left, right = PAD + 52, WIDTH - PAD - 24
    length = max((len(c.chances) for c in curves), default=1)

    def at(i: int, chance: float) -> tuple[float, float]:
        x = left + (right - left) * i / max(1, length - 1)
        return x, bottom - (bottom - top) * max(0.0, min(1.0, chance))

    for chance, label in ((0.0, "0%"), (0.5, "50%"), (1.0, "100%")):
        y = at(0, chance)[1]
        draw.line((left, y, right, y), fill=theme.banner_line, width=1 if chance != 0.5 else 2)
        draw_text(draw, (left - 8, y), label, TEXT - 4, theme.muted_text, anchor="rm")
    draw_text(draw, (left, bottom + 8), "0", TEXT - 4, theme.muted_text, anchor="lt")
    draw_text(draw, (right, bottom + 8), str(length - 1), TEXT - 4, theme.muted_text, anchor="rt")

    for n, curve in enumerate(curves):
        colour = LINE_COLOURS[n % len(LINE_COLOURS)]
        points = [at(i, c) for i, c in enumerate(curve.chances)]
        if len(points) > 1:
            dashed(draw, points, colour, 4, DASHES[n % len(DASHES)])
        # The side's name in the legend, under the plot, with a sample of its line.
        x = left + n * (right - left) / max(1, len(curves))
        dashed(draw, [(x, bottom + 36), (x + 36, bottom + 36)], colour, 4, DASHES[n % len(DASHES)])
        room = (right - left) / max(1, len(curves)) - 48
        name = fit(printable(curve.name), TEXT - 4, int(room))
        draw_text(draw, (x + 44, bottom + 36), name, TEXT - 4, theme.text, anchor="lm")

    for rank, action in enumerate(marks, start=1):
        if not 0 < action < length:
            continue
        x = at(action, 0)[0]
        draw.line((x, top, x, bottom), fill=theme.strike, width=2)
        draw.ellipse((x - 13, top - 13, x + 13, top + 13), fill=theme.strike)
        draw_text(draw, (x, top), str(rank), TEXT - 4, theme.badge_text, anchor="mm", bold=True)
    return encode_png(image)
