"""Dice faces and the combat badge: which dice were thrown, what they showed, the result.

Each die has its own outline (D4 triangle, D6 square, D8 diamond, D12 pentagon, D20
hexagon), so the size of the die reads without the label."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.fonts import draw_text, fit
from renderer.theme import Theme
from renderer.vector import Line, Poly, RoundBox, Sketch, arc_points, circle, regular_polygon
from renderer.words import Words, say


def _die_outline(faces: int) -> Poly:
    if faces == 4:
        return Poly(regular_polygon(0.5, 0.6, 0.5, 3))
    if faces == 6:
        return Poly(regular_polygon(0.5, 0.5, 0.58, 4, rotation=45))
    if faces == 8:
        return Poly(regular_polygon(0.5, 0.5, 0.5, 4))
    if faces == 12:
        return Poly(regular_polygon(0.5, 0.53, 0.5, 5))
    return Poly(regular_polygon(0.5, 0.5, 0.5, 6, rotation=-90))


@lru_cache(maxsize=512)  # 5 dice x their faces x won or not (and re-rolled): ~12 KB each
def die_face(
    theme: Theme, size: int, faces: int, roll: int, *, won: bool, rerolled: bool = False
) -> Image.Image:
    """An RGBA die of ``faces`` faces showing ``roll``; the winning die is drawn bright, a
    re-rolled one carries a circular arrow."""
    s = Sketch(size)
    ink = theme.die_ink
    fill = theme.die_fill if won else tuple(round(v * 0.72) for v in theme.die_fill)
    s.paint(_die_outline(faces), ink, grow=0.05)
    s.paint(_die_outline(faces), fill)
    if faces == 20:  # the icosahedron's front triangle, faintly
        tri = regular_polygon(0.5, 0.5, 0.5, 3)
        s.paint(Line((*tri, tri[0]), 0.02), tuple(round(v * 0.8) for v in fill))
    if rerolled:
        s.paint(circle(0.86, 0.14, 0.14), theme.strike)
        s.paint(Line(arc_points(0.86, 0.14, 0.075, 0.075, -60, 200, 16), 0.035), theme.die_fill)
        s.paint(Poly(((0.93, 0.02), (0.95, 0.14), (0.83, 0.1))), theme.die_fill)
    image = s.finish()
    text_size = round(size * (0.36 if faces == 4 else 0.42))
    y = size * (0.64 if faces == 4 else 0.52)
    draw_text(
        ImageDraw.Draw(image), (size / 2, y), str(roll), text_size, ink, anchor="mm", bold=True
    )
    return image


RESULT_WORDS = {
    "defender_removed": "defender taken",
    "repelled": "attack repelled",
    "attacker_removed": "attacker lost",
    "both_removed": "both lost",
    "royal_win": "duel won",
    "royal_loss": "duel lost",
    "pending": "re-roll?",
}


@lru_cache(maxsize=64)
def badge_size(square: int) -> tuple[int, int]:
    """The width and height of :func:`combat_badge`'s image for ``square``."""
    return round(square * 2.25), round(square * 1.32)


@lru_cache(maxsize=16)
def _badge_ground(theme: Theme, width: int, height: int) -> Image.Image:
    """The badge's rounded card, before its dice and words (supersampled: drawn once)."""
    s = Sketch(width, height)
    h = height / width  # the sketch's unit is the badge width
    s.paint(RoundBox((0, 0, 1, h), 0.06), (*theme.combat_edge, 255))
    s.paint(RoundBox((0.012, 0.012, 0.988, h - 0.012), 0.05), (*theme.badge, 245))
    return s.finish()


def combat_badge(
    theme: Theme,
    square: int,
    attack_die: int,
    defence_die: int,
    attack_roll: int,
    defence_roll: int,
    result: str,
    rerolled: str | None = None,
    words: Words = (),
) -> Image.Image:
    """An RGBA badge about 2.2 x 1.3 squares: both dice with their rolls, their sizes, and
    the result in words."""
    width, height = badge_size(square)
    image = _badge_ground(theme, width, height).copy()
    draw = ImageDraw.Draw(image)
    die = round(square * 0.66)
    attack_won = result in ("defender_removed", "royal_win")
    defence_won = result in ("repelled", "attacker_removed", "royal_loss")
    small = max(9, round(square * 0.17))
    for cx, faces, roll, won, who in (
        (width * 0.25, attack_die, attack_roll, attack_won, "attack"),
        (width * 0.75, defence_die, defence_roll, defence_won, "defence"),
    ):
        won = won or result == "both_removed"
        face = die_face(theme, die, faces, roll, won=won, rerolled=rerolled == who)
        image.alpha_composite(face, (round(cx - die / 2), round(square * 0.07)))
        label = say(words, who, who) + f" d{faces}"
        draw_text(draw, (cx, square * 0.82), label, small, theme.muted_text, anchor="mm")
    versus = say(words, "vs", "vs")
    draw_text(draw, (width / 2, square * 0.42), versus, small, theme.muted_text, anchor="mm")
    told = say(words, "result_" + result, RESULT_WORDS.get(result, result))
    told = fit(told, round(square * 0.21), width - 8, bold=True)
    draw_text(
        draw,
        (width / 2, square * 1.1),
        told,
        round(square * 0.21),
        theme.badge_text,
        anchor="mm",
        bold=True,
    )
    return image
