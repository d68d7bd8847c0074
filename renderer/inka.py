"""Inka images, drawn from engine views only.

The temple is a hexagon of triangular cells seen from above, north up (the engine's cell
names read the same way: row ``a`` at the bottom, columns left to right). Drawing order:
the static temple (ground, chasm, printed snakes, passages, symbols, exits, start cells,
cell labels; cached per theme and size), then the rhombi (path rhombi numbered, with their
walls; destination rhombi lettered, with the statues still on them), the last pawn move,
the legal destinations of the pawn with their AP cost, blockers, pawns, and the banner
(one card per seat: statues carried, blocker, AP left for the seat to move).

Everything is drawn at twice the size and scaled down, which smooths the slanted edges.
Seats are told apart by shape as well as colour: red circle, blue square, green triangle,
yellow diamond, on pawns, blockers and statues alike."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.inka.geometry import cartesian, cell_vertices
from engine.inka.layout import Layout
from engine.inka.state import BUILD, OVER, PLAY, START, InkaState
from engine.inka.temple import TEMPLE
from renderer.banner import readable_on
from renderer.fonts import draw_text, fit, printable
from renderer.png import encode_png
from renderer.theme import DEFAULT_THEME, RGB, Theme
from renderer.words import Words, say

SCALE = 2  # drawn at twice the size, then scaled down (antialiasing)
DEFAULT_SIDE = 70  # pixels per cell edge: 12 edges across, 840 px of temple
BOARD = TEMPLE.board
SHAPES = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond"}
THEME_ARMY = {"red": "fire", "blue": "water", "green": "earth", "yellow": "air"}

GROUND: RGB = (214, 190, 146)
GROUND_EDGE: RGB = (176, 150, 108)
CHASM: RGB = (28, 24, 30)
CHASM_EDGE: RGB = (48, 42, 50)
CENTRE: RGB = (190, 160, 100)
SNAKE: RGB = (64, 138, 54)
SNAKE_EDGE: RGB = (20, 52, 18)
PASSAGE: RGB = (92, 62, 120)
SYMBOL: RGB = (40, 96, 150)
EXIT: RGB = (226, 120, 30)
PATH_TILE: RGB = (156, 110, 70)
PATH_TILE_EDGE: RGB = (92, 60, 34)
DEST_TILE: RGB = (232, 186, 60)
DEST_TILE_EDGE: RGB = (140, 96, 20)
WALL: RGB = (34, 22, 14)
LABEL: RGB = (112, 92, 64)
LABEL_DARK: RGB = (110, 104, 118)
TARGET: RGB = (255, 255, 255)
TRAIL: RGB = (250, 236, 120)


@dataclass(frozen=True)
class InkaImageOptions:
    """How to draw: how big, with which names and highlights."""

    side: int = DEFAULT_SIDE  # pixels per cell edge
    names: Mapping[str, str] = field(default_factory=dict)  # seat -> player name
    targets: bool = True  # mark the pawn's legal destinations (with AP cost) when it may move
    labels: bool = True  # print every cell's name
    theme: Theme = DEFAULT_THEME
    words: Words = ()  # the reader's language (renderer.words); English when empty

    def say(self, key: str, english: str, **values: object) -> str:
        return say(self.words, key, english, **values)


def _seat_word(words: Words, seat: str) -> str:
    """A seat's name as drawn ("Red"), in the reader's language."""
    return say(words, "seat_" + seat, seat.capitalize())


@dataclass(frozen=True)
class Frame:
    side: int  # at the drawing scale
    margin: int
    banner: int
    width: int
    height: int

    def xy(self, v: tuple[int, int]) -> tuple[float, float]:
        x, y = cartesian(v)
        cx = self.margin + 6 * self.side
        cy = self.banner + self.margin + 6 * self.side * math.sqrt(3) / 2
        return (cx + x * self.side, cy - y * self.side)

    def cell_points(self, i: int) -> list[tuple[float, float]]:
        return [self.xy(v) for v in cell_vertices(BOARD.cells[i])]

    def centre(self, i: int) -> tuple[float, float]:
        pts = self.cell_points(i)
        return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)


def frame(side: int, seats: int = 4) -> Frame:
    s = side * SCALE
    margin = round(s * 0.45)
    banner = round(s * 0.62) * ((seats + 1) // 2) + round(s * 0.5)
    width = 12 * s + 2 * margin
    height = banner + round(12 * s * math.sqrt(3) / 2) + 2 * margin
    return Frame(s, margin, banner, width, height)


def image_size(options: InkaImageOptions = InkaImageOptions(), seats: int = 4) -> tuple[int, int]:
    f = frame(options.side, seats)
    return (f.width // SCALE, f.height // SCALE)


def cell_centre(
    name: str, options: InkaImageOptions = InkaImageOptions(), seats: int = 4
) -> tuple[int, int]:
    """Where a cell's centre is in :func:`render_inka`'s image (for tests and overlays)."""
    x, y = frame(options.side, seats).centre(BOARD.parse(name))
    return (round(x / SCALE), round(y / SCALE))


# ---------------------------------------------------------------- static temple


def _shrink(pts: list[tuple[float, float]], k: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]


def _snake(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    pts = [
        (cx - 0.2 * s + 0.4 * s * t / 20, cy + 0.05 * s * math.sin(t / 20 * 2.6 * math.pi))
        for t in range(21)
    ]
    w = max(2, round(s * 0.07))
    draw.line(pts, fill=SNAKE_EDGE, width=w + max(2, round(s * 0.03)), joint="curve")
    draw.line(pts, fill=SNAKE, width=w, joint="curve")
    hx, hy = pts[-1]
    r = s * 0.055
    draw.ellipse((hx - r, hy - r, hx + r, hy + r), fill=SNAKE, outline=SNAKE_EDGE)


def _passage(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    w, h = s * 0.13, s * 0.17
    box = (cx - w, cy - h, cx + w, cy + h)
    draw.rounded_rectangle(box, radius=w, fill=PASSAGE, outline=(240, 230, 250), width=2)
    draw.rectangle((cx - w * 0.45, cy, cx + w * 0.45, cy + h), fill=(24, 12, 36))


def _symbol(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    a, b = s * 0.26, s * 0.17
    pts = [(cx - a, cy), (cx - a / 3, cy - b), (cx + a, cy - b), (cx + a / 3, cy)]
    pts = [(x, y + b / 2) for x, y in pts]
    draw.polygon(pts, fill=SYMBOL, outline=(230, 240, 255))
    draw.line([*pts, pts[0]], fill=(230, 240, 255), width=2)


def _exit(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, out: float) -> None:
    """An orange disc with an arrow pointing out of the temple (``out``: its angle)."""
    r = s * 0.2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=EXIT, outline=(90, 40, 0), width=2)
    dx, dy = math.cos(out), -math.sin(out)
    tail = (cx - dx * r * 0.6, cy - dy * r * 0.6)
    tip = (cx + dx * r * 0.65, cy + dy * r * 0.65)
    w = max(3, round(s * 0.045))
    draw.line([tail, tip], fill=(255, 255, 255), width=w)
    for turn in (2.5, -2.5):
        ax = tip[0] + r * 0.45 * math.cos(out + turn)
        ay = tip[1] - r * 0.45 * math.sin(out + turn)
        draw.line([tip, (ax, ay)], fill=(255, 255, 255), width=w)


def _start(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    r = s * 0.19
    w = max(3, s // 24)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(120, 60, 20), width=w)
    k = r * 0.45
    draw.line((cx - k, cy, cx + k, cy), fill=(120, 60, 20), width=w)
    draw.line((cx, cy - k, cx, cy + k), fill=(120, 60, 20), width=w)


@lru_cache(maxsize=8)
def _static(theme: Theme, side: int, seats: int, labels: bool) -> Image.Image:
    f = frame(side, seats)
    s = f.side
    image = Image.new("RGB", (f.width, f.height), theme.background)
    draw = ImageDraw.Draw(image)
    glyph = TEMPLE.glyph
    for i in range(BOARD.size):
        pts = f.cell_points(i)
        chasm = i in TEMPLE.chasm
        fill = CHASM if chasm else CENTRE if i in TEMPLE.centre else GROUND
        draw.polygon(pts, fill=fill, outline=CHASM_EDGE if chasm else GROUND_EDGE)
    for i in range(BOARD.size):
        cx, cy = f.centre(i)
        mark = glyph[i]
        up = BOARD.cells[i][2] == 0
        # The feature sits in the wide part of the triangle, the label in the narrow part.
        fy = cy + (s * 0.05 if up else -s * 0.05)
        if mark == "s":
            _snake(draw, cx, fy, s)
        elif mark == "p":
            _passage(draw, cx, fy, s)
        elif mark == "r":
            _symbol(draw, cx, fy, s)
        elif mark == "x":
            ox, oy = f.xy((0, 0))
            _exit(draw, cx, fy, s, math.atan2(oy - cy, cx - ox))
        elif mark in "1234":
            _start(draw, cx, fy, s)
        if labels:
            ly = cy - s * 0.2 if up else cy + s * 0.2
            if mark in "spx1234r":
                ly = cy - s * 0.29 if up else cy + s * 0.29
            colour = LABEL_DARK if i in TEMPLE.chasm else LABEL
            draw_text(draw, (cx, ly), BOARD.names[i], round(s * 0.15), colour, anchor="mm")
    # The temple's outline.
    rim = [f.xy(v) for v in ((6, 0), (0, 6), (-6, 6), (-6, 0), (0, -6), (6, -6))]
    draw.line([*rim, rim[0]], fill=(120, 96, 60), width=max(3, s // 20), joint="curve")
    return image


# ---------------------------------------------------------------- pieces


def _seat_colour(theme: Theme, seat: str) -> tuple[RGB, RGB]:
    c = theme.army(THEME_ARMY[seat])
    return c.fill, c.outline


def _token(
    draw: ImageDraw.ImageDraw,
    theme: Theme,
    seat: str,
    cx: float,
    cy: float,
    r: float,
    *,
    letter: bool = True,
    hollow: bool = False,
    words: Words = (),
) -> None:
    fill, outline = _seat_colour(theme, seat)
    w = max(2, round(r * 0.16))
    shape = SHAPES[seat]
    if shape == "circle":
        pts = None
        box = (cx - r, cy - r, cx + r, cy + r)
        draw.ellipse(box, fill=None if hollow else fill, outline=outline, width=w)
        if hollow:
            draw.ellipse(_grow(box, -w), outline=fill, width=w)
    else:
        if shape == "square":
            k = r * 0.88
            pts = [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
        elif shape == "triangle":
            pts = [
                (cx, cy - r * 1.1),
                (cx + r * 1.05, cy + r * 0.75),
                (cx - r * 1.05, cy + r * 0.75),
            ]
        else:
            pts = [(cx, cy - r * 1.15), (cx + r, cy), (cx, cy + r * 1.15), (cx - r, cy)]
        draw.polygon(pts, fill=None if hollow else fill)
        draw.line([*pts, pts[0]], fill=outline, width=w, joint="curve")
        if hollow:
            draw.line([*_shrink(pts, 0.8), _shrink(pts, 0.8)[0]], fill=fill, width=w)
    if letter:
        ty = cy + (r * 0.18 if shape == "triangle" else 0)
        draw_text(
            draw,
            (cx, ty),
            _seat_word(words, seat)[:1].upper(),
            round(r * 0.95),
            outline if hollow else readable_on(fill),
            anchor="mm",
            bold=True,
        )


def _grow(box: tuple[float, float, float, float], g: float) -> tuple[float, ...]:
    return (box[0] - g, box[1] - g, box[2] + g, box[3] + g)


def _draw_rhombi(draw: ImageDraw.ImageDraw, f: Frame, state: InkaState, theme: Theme) -> None:
    s = f.side
    lay = Layout.of(state)
    for r in state.rhombi:
        cells = BOARD.rhombus_cells(r.placement)
        if cells is None:
            continue
        corners = r.placement.corners
        pts = [f.xy(corners[c]) for c in "ABCD"]
        inner = _shrink(pts, 0.93)
        dest = r.is_destination
        draw.polygon(
            inner,
            fill=DEST_TILE if dest else PATH_TILE,
            outline=DEST_TILE_EDGE if dest else PATH_TILE_EDGE,
        )
        draw.line([*inner, inner[0]], fill=DEST_TILE_EDGE if dest else PATH_TILE_EDGE, width=3)
        cx = sum(p[0] for p in pts) / 4
        cy = sum(p[1] for p in pts) / 4
        if dest:
            k = "ABC".index(r.name)
            draw_text(draw, (cx, cy), r.name, round(s * 0.26), (110, 70, 0), anchor="mm", bold=True)
            # The statues still standing: small hollow tokens around the letter.
            there = state.statues[k]
            spots = _statue_spots(pts, len(state.seats))
            for seat, (sx, sy) in zip(state.seats, spots, strict=True):
                if seat in there:
                    _token(draw, theme, seat, sx, sy, s * 0.1, letter=False)
        else:
            draw_text(
                draw, (cx, cy), r.name, round(s * 0.3), (255, 240, 214), anchor="mm", bold=True
            )
        for e in lay.walls_of(r):
            a, b = f.xy(e[0]), f.xy(e[1])
            a2 = (a[0] + (cx - a[0]) * 0.08, a[1] + (cy - a[1]) * 0.08)
            b2 = (b[0] + (cx - b[0]) * 0.08, b[1] + (cy - b[1]) * 0.08)
            draw.line([a2, b2], fill=WALL, width=max(5, round(s * 0.09)))


def _statue_spots(pts: list[tuple[float, float]], n: int) -> list[tuple[float, float]]:
    """Where the statues stand on a destination rhombus: along its long diagonal."""
    a, c = pts[0], pts[2]  # the sharp corners
    spots = []
    for t in (0.17, 0.32, 0.68, 0.83) if n == 4 else (0.2, 0.35, 0.72)[:n]:
        spots.append((a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t))
    return spots


def _targets(state: InkaState) -> dict[int, int]:
    """The cells the seat to move can walk to now, with their AP cost."""
    if state.phase != PLAY or state.turn is None:
        return {}
    here = state.pawns[state.turn]
    if here is None:
        return {}
    lay = Layout.of(state)
    best, _ = lay.costs(here, state.ap)
    return {c: v for c, v in best.items() if c != here and lay.free_to_stop(c)}


def _draw_banner(image: Image.Image, f: Frame, state: InkaState, options: InkaImageOptions) -> None:
    draw = ImageDraw.Draw(image)
    theme = options.theme
    s = f.side
    pad = round(s * 0.12)
    card_h = round(s * 0.62)
    cols = 2
    card_w = (f.width - 2 * pad) // cols
    title = _status(state, options)
    draw_text(draw, (f.width / 2, pad + s * 0.2), title, round(s * 0.22), theme.text, anchor="mm")
    top = pad + round(s * 0.45)
    for k, seat in enumerate(state.seats):
        x0 = pad + (k % cols) * card_w
        y0 = top + (k // cols) * card_h
        active = state.turn == k and state.phase != OVER
        won = state.winner == seat
        fill, _ = _seat_colour(theme, seat)
        ground = fill if active or won else theme.banner
        box = (x0 + 4, y0 + 4, x0 + card_w - 4, y0 + card_h - 4)
        draw.rounded_rectangle(box, radius=card_h // 5, fill=ground)
        text = readable_on(ground) if active or won else theme.text
        if state.out[k]:
            text = theme.muted_text
        r = card_h * 0.26
        _token(draw, theme, seat, x0 + card_h * 0.5, y0 + card_h / 2, r, words=options.words)
        who = printable(options.names.get(seat, ""))
        label = _seat_word(options.words, seat) + (f"  {who}" if who else "")
        size = round(card_h * 0.34)
        detail = _detail(state, k, options)
        right = x0 + card_w - round(card_h * 0.3)
        draw_text(draw, (right, y0 + card_h / 2), detail, size, text, anchor="rm", bold=active)
        room = card_w - card_h - len(detail) * size * 0.55 - card_h * 0.4
        draw_text(
            draw,
            (x0 + card_h * 0.95, y0 + card_h / 2),
            fit(label, size, int(room)),
            size,
            text,
            anchor="lm",
            bold=True,
        )
        if state.out[k]:
            y = y0 + card_h / 2
            draw.line((x0 + card_h * 0.9, y, x0 + card_w * 0.5, y), fill=theme.strike, width=4)


def _detail(state: InkaState, k: int, options: InkaImageOptions) -> str:
    say_ = options.say
    seat = state.seats[k]
    parts = [say_("statues", "statues {n}/3", n=state.carried(seat))]
    if state.blockers[k] is not None:
        parts.append(say_("blocker", "blocker {cell}", cell=BOARD.names[state.blockers[k]]))
    if state.winner == seat:
        parts.insert(0, say_("wins", "wins"))
    elif state.turn == k and state.phase == PLAY:
        parts.append(say_("ap_left", "AP {ap} left", ap=state.ap))
    return " · ".join(parts)


def _status(state: InkaState, options: InkaImageOptions) -> str:
    say_ = options.say
    seat = state.seat_to_move
    who = _seat_word(options.words, seat) if seat else str(seat)
    named = who.lower() if seat else who  # mid-sentence: "red chooses"
    if state.phase == START:
        return say_("status_start", "Set-up: {seat} chooses a start cell", seat=named)
    if state.phase == BUILD:
        return say_(
            "status_build",
            "Building the temple: {seat} lays path rhombus {rhombus}",
            seat=named,
            rhombus=state.drawn,
        )
    if state.phase == OVER:
        winner = (
            _seat_word(options.words, state.winner) if state.winner else say_("nobody", "Nobody")
        )
        how = say_("end_" + str(state.termination), str(state.termination))
        return say_("status_over", "{seat} wins ({how})", seat=winner, how=how)
    stage = (
        say_("stage_rhombi", "move rhombi or the pawn")
        if state.stage == "rhombi"
        else say_("stage_pawn", "pawn phase")
    )
    return say_(
        "status_play", "{seat} to play: {ap} AP left, {stage}", seat=who, ap=state.ap, stage=stage
    )


# ---------------------------------------------------------------- the image


def render_inka_image(
    view: InkaState, options: InkaImageOptions = InkaImageOptions()
) -> Image.Image:
    """The picture as a Pillow image (RGB, final size)."""
    seats = len(view.seats)
    f = frame(options.side, seats)
    s = f.side
    theme = options.theme
    image = _static(theme, options.side, seats, options.labels).copy()
    draw = ImageDraw.Draw(image)
    _draw_rhombi(draw, f, view, theme)
    if len(view.trail) > 1 and view.phase in (PLAY, OVER):
        pts = [f.centre(c) for c in view.trail]
        draw.line(pts, fill=TRAIL, width=max(3, round(s * 0.05)), joint="curve")
    if options.targets:
        # Free destinations get a dot; those behind snakes a badge with their AP cost.
        for c, cost in sorted(_targets(view).items()):
            cx, cy = f.centre(c)
            r = s * (0.11 if cost else 0.05)
            box = (cx - r, cy - r, cx + r, cy + r)
            draw.ellipse(box, fill=(24, 32, 56), outline=TARGET, width=2)
            if cost:
                draw_text(
                    draw, (cx, cy), str(cost), round(s * 0.16), TARGET, anchor="mm", bold=True
                )
    for k, cell in enumerate(view.blockers):
        if cell is not None:
            cx, cy = f.centre(cell)
            fill, _ = _seat_colour(theme, view.seats[k])
            r = s * 0.2
            # A blocker is a barred square plaque in the seat's colour, with its shape inside.
            draw.rectangle(
                (cx - r, cy - r, cx + r, cy + r), fill=(40, 40, 44), outline=fill, width=5
            )
            draw.line((cx - r, cy - r, cx + r, cy + r), fill=fill, width=4)
            draw.line((cx - r, cy + r, cx + r, cy - r), fill=fill, width=4)
            _token(draw, theme, view.seats[k], cx, cy, r * 0.45, letter=False)
    for k, cell in enumerate(view.pawns):
        if cell is not None and not view.out[k]:
            cx, cy = f.centre(cell)
            _token(draw, theme, view.seats[k], cx, cy, s * 0.19, words=options.words)
    _draw_banner(image, f, view, options)
    return image.resize((f.width // SCALE, f.height // SCALE), Image.Resampling.LANCZOS)


def render_inka(view: InkaState, *, options: InkaImageOptions = InkaImageOptions()) -> bytes:
    """The temple as PNG bytes, from a view (``engine.inka.view``)."""
    return encode_png(render_inka_image(view, options))


def clear_caches() -> None:
    _static.cache_clear()


__all__ = [
    "InkaImageOptions",
    "cell_centre",
    "clear_caches",
    "image_size",
    "render_inka",
    "render_inka_image",
]
