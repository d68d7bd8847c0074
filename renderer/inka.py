"""Inka images, drawn from engine views only.

The temple is a hexagon of triangular cells seen from above, north up (the engine's cell
names read the same way: row ``a`` at the bottom, columns left to right). Drawing order:
the static temple (ground, chasm, printed snakes, passages, symbols, exits, start cells;
cached per temple, theme and size), the old place of a rhombus that just moved, the rhombi
(path rhombi numbered, with their walls as dark bars; destination rhombi lettered, with the
statues still on them), the moved rhombus outlined, the last pawn move, every cell's name,
the legal destinations of the pawn with their AP cost, blockers, pawns, and the banner (one
card per seat: its pawn's cell, statues carried, blocker, AP left for the seat to move).

The picture must read at 400 px wide (issues 13 and 30), so every mark is sized for that.
Every Inka command names a cell, so every cell's name is printed in it (:func:`cell_labels`),
in the middle of the triangle, dark on light ground and light on the dark chasm; the
printed feature and an AP badge sit in the triangle's wide part below it. A cell under a
pawn or a blocker is named in its seat's banner card instead.

Everything is drawn at twice the size and each 2x2 block of pixels averaged, which smooths
the slanted edges; the picture is mapped to one fixed palette per theme (:func:`_palette`).
The temple with every cell's name is cached at its final size, and each picture draws
again, at twice the size, only the regions around what it changes (rhombi, highlights, the
trail, targets, blockers, pawns, the names those move or cover, the banner): since the
blocks never straddle a region's edge, the pixels are those of drawing the whole picture
(``tests/renderer/test_inka_images.py`` checks it).

Seats are told apart by shape as well as colour: red circle, blue square, green triangle,
yellow diamond, on pawns, blockers and statues alike."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from engine.inka.board import Board
from engine.inka.game import view as inka_view
from engine.inka.geometry import Edge, Placement, cartesian, cell_vertices
from engine.inka.layout import Layout
from engine.inka.state import BUILD, DESTINATION_NAMES, OVER, PLAY, START, InkaState, Rhombus
from engine.inka.temple import TEMPLE, Temple
from renderer.banner import readable_on
from renderer.fonts import _stroke, fit, font, printable, text_width
from renderer.options import ImageOptions
from renderer.png import encode_png, fit_palette, fitted, to_palette
from renderer.theme import RGB, Theme
from renderer.vector import dashed
from renderer.words import Words, seat_name

SCALE = 2  # drawn at twice the size, then scaled down (antialiasing)
DEFAULT_SIDE = 70  # pixels per cell edge: 12 edges across, 840 px of temple
SHAPES = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "diamond"}
THEME_ARMY = {"red": "fire", "blue": "water", "green": "earth", "yellow": "air"}

GROUND: RGB = (214, 190, 146)
GROUND_EDGE: RGB = (176, 150, 108)
CHASM: RGB = (28, 24, 30)
CHASM_EDGE: RGB = (48, 42, 50)
CENTRE: RGB = (190, 160, 100)
SNAKE: RGB = (64, 138, 54)
SNAKE_EDGE: RGB = (20, 52, 18)
PASSAGE: RGB = (136, 80, 190)
SYMBOL: RGB = (40, 96, 150)
EXIT: RGB = (226, 120, 30)
START_MARK: RGB = (120, 60, 20)
PATH_TILE: RGB = (156, 110, 70)
PATH_TILE_EDGE: RGB = (92, 60, 34)
DEST_TILE: RGB = (232, 186, 60)
DEST_TILE_EDGE: RGB = (140, 96, 20)
WALL: RGB = (24, 14, 8)
WALL_CASING: RGB = (250, 232, 190)  # a light rim keeps a wall visible over the black chasm
LABEL: RGB = (62, 42, 18)  # a cell's name on ground or a rhombus
LABEL_DARK: RGB = (206, 200, 214)  # on the chasm and on a path rhombus
RHOMBUS_NUMBER: RGB = (255, 240, 214)
DEST_LETTER: RGB = (110, 70, 0)
TARGET: RGB = (255, 255, 255)
TRAIL: RGB = (250, 236, 120)
TRAIL_EDGE: RGB = (120, 84, 20)
FEATURES = frozenset("sprx1234")  # the temple map's marks drawn inside a cell
MOVED: RGB = (236, 64, 200)  # the rhombus that just moved, and its old place: no seat's colour
BADGE: RGB = (24, 32, 56)  # a legal destination's dot or AP badge
BLOCKER: RGB = (40, 40, 44)  # a blocker's plaque
RIM: RGB = (120, 96, 60)  # the temple's outline
PASSAGE_RIM: RGB = (240, 230, 250)
PASSAGE_DOOR: RGB = (24, 12, 36)
SYMBOL_RIM: RGB = (230, 240, 255)
EXIT_RIM: RGB = (90, 40, 0)
WHITE: RGB = (255, 255, 255)

STATUE_RADIUS = 0.16  # of a cell edge (it was 0.1 before issue 13)
STATUE_CORNER = 0.38  # a statue's distance from its blunt corner of the rhombus (cell edges)
PAWN_RADIUS = 0.27
WALL_WIDTH = 0.18  # 0.13 before issue 30
LABEL_SIZE = 0.25  # a cell name's height, of a cell edge (0.15 before issue 30)
LABEL_RISE = 0.06  # how far a name sits from the centre towards the triangle's tip
RHOMBUS_LABEL = 0.52  # a name on a rhombus: this far from its middle to its sharp corner
LOW = 0.2  # where a feature or an AP badge sits from the centre, towards the wide side

# Every flat colour drawn, kept exactly in the palette (:func:`_palette`).
FLAT = (
    GROUND, GROUND_EDGE, CHASM, CHASM_EDGE, CENTRE, SNAKE, SNAKE_EDGE, PASSAGE, PASSAGE_RIM,
    PASSAGE_DOOR, SYMBOL, SYMBOL_RIM, EXIT, EXIT_RIM, WHITE, START_MARK, PATH_TILE,
    PATH_TILE_EDGE, DEST_TILE, DEST_TILE_EDGE, WALL, WALL_CASING, LABEL, LABEL_DARK,
    RHOMBUS_NUMBER, DEST_LETTER, TARGET, TRAIL, TRAIL_EDGE, MOVED, BADGE, BLOCKER, RIM,
)  # fmt: skip


@dataclass(frozen=True)
class RhombusMove:
    """A rhombus that just moved (or was just laid: ``before`` is None), for the highlight."""

    name: str
    before: Placement | None
    after: Placement


def rhombus_moves(
    before: InkaState | Mapping[str, Placement], after: InkaState
) -> tuple[RhombusMove, ...]:
    """The rhombi that lie elsewhere in ``after`` than in ``before`` (a state, or where each
    rhombus lay by name): slid, turned or laid. What a table passes as
    :attr:`InkaImageOptions.moved`."""
    old = before if isinstance(before, Mapping) else {r.name: r.placement for r in before.rhombi}
    return tuple(
        RhombusMove(r.name, old.get(r.name), r.placement)
        for r in after.rhombi
        if old.get(r.name) != r.placement
    )


@dataclass(frozen=True)
class InkaImageOptions(ImageOptions):
    """How to draw: how big, with which highlights (and names, colours, words:
    :class:`renderer.options.ImageOptions`)."""

    side: int = DEFAULT_SIDE  # pixels per cell edge
    targets: bool = True  # mark the pawn's legal destinations (with AP cost) when it may move
    labels: bool = True  # print every cell's name (False: the bare temple)
    moved: tuple[RhombusMove, ...] = ()  # highlight these rhombi and their old places


Point = tuple[float, float]


@dataclass(frozen=True)
class Frame:
    board: Board
    side: int  # at the drawing scale
    margin: int
    banner: int
    width: int
    height: int

    def xy(self, v: tuple[int, int]) -> Point:
        x, y = cartesian(v)
        n = self.board.side
        cx = self.margin + n * self.side
        cy = self.banner + self.margin + n * self.side * math.sqrt(3) / 2
        return (cx + x * self.side, cy - y * self.side)

    def cell_points(self, i: int) -> list[Point]:
        return [self.xy(v) for v in cell_vertices(self.board.cells[i])]

    def centre(self, i: int) -> Point:
        return _middle(self.cell_points(i))

    def rhombus_points(self, placement: Placement) -> list[Point]:
        corners = placement.corners
        return [self.xy(corners[c]) for c in "ABCD"]


def _middle(pts: list[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


class Draw(ImageDraw.ImageDraw):
    """A drawing context that knows its image (to stamp cached text into it)."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.picture = image


@lru_cache(maxsize=4096)
def _glyphs(
    text: str, size: int, bold: bool, anchor: str, fx: float, fy: float
) -> tuple[Image.Image, int, int]:
    """The coverage mask of ``text`` drawn with its anchor at (``fx``, ``fy``) past a whole
    pixel, and where that whole pixel is in the mask: drawn once, stamped every time."""
    stroke = _stroke(size) if bold else 0
    left, top, right, bottom = font(size).getbbox(text, stroke_width=stroke, anchor=anchor)
    ox, oy = 2 - math.floor(left), 2 - math.floor(top)
    mask = Image.new("L", (ox + math.ceil(right) + 3, oy + math.ceil(bottom) + 3))
    ImageDraw.Draw(mask).text(
        (ox + fx, oy + fy), text, font=font(size), fill=255, anchor=anchor, stroke_width=stroke
    )
    return mask, ox, oy


def draw_text(
    draw: Draw,
    xy: Point,
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """:func:`renderer.fonts.draw_text`'s pixels, from a cached mask (the cell names and
    the rhombi's numbers are the same text at the same places in every picture)."""
    mask, corner = _stamp(xy, text, size, bold, anchor)
    draw.picture.paste(fill, corner, mask)


def _stamp(
    xy: Point, text: str, size: int, bold: bool, anchor: str
) -> tuple[Image.Image, tuple[int, int]]:
    """The mask of ``text`` anchored at ``xy`` and where its top left corner goes."""
    x, y = xy
    ix, iy = math.floor(x), math.floor(y)
    mask, ox, oy = _glyphs(text, size, bold, anchor, x - ix, y - iy)
    return mask, (ix - ox, iy - oy)


def frame(side: int, seats: int = 4, board: Board | None = None) -> Frame:
    board = board or TEMPLE.board
    n = board.side
    s = side * SCALE
    margin = round(s * 0.45)
    banner = _card_height(s) * ((seats + 1) // 2) + round(s * 0.62)
    width = 2 * n * s + 2 * margin
    height = banner + round(2 * n * s * math.sqrt(3) / 2) + 2 * margin
    return Frame(board, s, margin, banner, width, height)


def _card_height(s: int) -> int:
    return round(s * 0.8)


def image_size(options: InkaImageOptions = InkaImageOptions(), seats: int = 4) -> tuple[int, int]:
    f = frame(options.side, seats)
    return (f.width // SCALE, f.height // SCALE)


def cell_centre(
    name: str, options: InkaImageOptions = InkaImageOptions(), seats: int = 4
) -> tuple[int, int]:
    """Where a cell's centre is in :func:`render_inka`'s image (for tests and overlays)."""
    f = frame(options.side, seats)
    x, y = f.centre(f.board.parse(name))
    return (round(x / SCALE), round(y / SCALE))


def image_point(
    v: tuple[int, int], options: InkaImageOptions = InkaImageOptions(), seats: int = 4
) -> tuple[float, float]:
    """Where a board vertex is in the final image (for tests: rhombus corners, wall edges)."""
    x, y = frame(options.side, seats).xy(v)
    return (x / SCALE, y / SCALE)


# ---------------------------------------------------------------- static temple


def _shrink(pts: list[Point], k: float) -> list[Point]:
    cx, cy = _middle(pts)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]


def _snake(draw: Draw, cx: float, cy: float, s: float) -> None:
    pts = [
        (cx - 0.25 * s + 0.5 * s * t / 20, cy + 0.07 * s * math.sin(t / 20 * 2.6 * math.pi))
        for t in range(21)
    ]
    w = max(2, round(s * 0.09))
    draw.line(pts, fill=SNAKE_EDGE, width=w + max(3, round(s * 0.04)), joint="curve")
    draw.line(pts, fill=SNAKE, width=w, joint="curve")
    hx, hy = pts[-1]
    r = s * 0.075
    draw.ellipse((hx - r, hy - r, hx + r, hy + r), fill=SNAKE, outline=SNAKE_EDGE, width=2)


def _passage(draw: Draw, cx: float, cy: float, s: float) -> None:
    w, h = s * 0.15, s * 0.2
    box = (cx - w, cy - h, cx + w, cy + h)
    draw.rounded_rectangle(box, radius=w, fill=PASSAGE, outline=PASSAGE_RIM, width=3)
    draw.rectangle((cx - w * 0.45, cy, cx + w * 0.45, cy + h - 3), fill=PASSAGE_DOOR)


def _symbol(draw: Draw, cx: float, cy: float, s: float) -> None:
    a, b = s * 0.3, s * 0.2
    pts = [(cx - a, cy), (cx - a / 3, cy - b), (cx + a, cy - b), (cx + a / 3, cy)]
    pts = [(x, y + b / 2) for x, y in pts]
    draw.polygon(pts, fill=SYMBOL)
    draw.line([*pts, pts[0]], fill=SYMBOL_RIM, width=3)


def _exit(draw: Draw, cx: float, cy: float, s: float, out: float) -> None:
    """An orange disc with an arrow pointing out of the temple (``out``: its angle)."""
    r = s * 0.22
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=EXIT, outline=EXIT_RIM, width=3)
    dx, dy = math.cos(out), -math.sin(out)
    tail = (cx - dx * r * 0.6, cy - dy * r * 0.6)
    tip = (cx + dx * r * 0.65, cy + dy * r * 0.65)
    w = max(3, round(s * 0.055))
    draw.line([tail, tip], fill=WHITE, width=w)
    for turn in (2.5, -2.5):
        ax = tip[0] + r * 0.5 * math.cos(out + turn)
        ay = tip[1] - r * 0.5 * math.sin(out + turn)
        draw.line([tip, (ax, ay)], fill=WHITE, width=w)


def _start(draw: Draw, cx: float, cy: float, s: float) -> None:
    r = s * 0.22
    w = max(3, round(s * 0.06))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=START_MARK, width=w)
    k = r * 0.5
    draw.line((cx - k, cy, cx + k, cy), fill=START_MARK, width=w)
    draw.line((cx, cy - k, cx, cy + k), fill=START_MARK, width=w)


@lru_cache(maxsize=8)
def _static(theme: Theme, side: int, seats: int, labels: bool, temple: Temple) -> Image.Image:
    board = temple.board
    f = frame(side, seats, board)
    s = f.side
    image = Image.new("RGB", (f.width, f.height), theme.background)
    draw = Draw(image)
    glyph = temple.glyph
    for i in range(board.size):
        pts = f.cell_points(i)
        chasm = i in temple.chasm
        fill = CHASM if chasm else CENTRE if i in temple.centre else GROUND
        draw.polygon(pts, fill=fill, outline=CHASM_EDGE if chasm else GROUND_EDGE)
    # With labels the feature shrinks into the wide part of the triangle, under the name
    # (drawn later, over the rhombi); without them the feature fills the cell.
    k = 0.62 if labels else 1.0
    middle = f.xy((0, 0))
    for i in range(board.size):
        cx, cy = f.centre(i)
        mark = glyph[i]
        up = board.cells[i][2] == 0
        # The wide part of the triangle (below the name, if any).
        low = LOW if labels else 0.05
        fy = cy + (s * low if up else -s * low)
        if mark == "s":
            _snake(draw, cx, fy, s * k)
        elif mark == "p":
            _passage(draw, cx, fy, s * k)
        elif mark == "r":
            _symbol(draw, cx, fy, s * k)
        elif mark == "x":
            _exit(draw, cx, fy, s * k, math.atan2(middle[1] - cy, cx - middle[0]))
        elif mark in "1234":
            _start(draw, cx, fy, s * k)
    # The temple's outline.
    n = board.side
    rim = [f.xy(v) for v in ((n, 0), (0, n), (-n, n), (-n, 0), (0, -n), (n, -n))]
    draw.line([*rim, rim[0]], fill=RIM, width=max(3, s // 20), joint="curve")
    return image


# ---------------------------------------------------------------- pieces


def _seat_colour(theme: Theme, seat: str) -> tuple[RGB, RGB]:
    c = theme.army(THEME_ARMY[seat])
    return c.fill, c.outline


def _token(
    draw: Draw,
    theme: Theme,
    seat: str,
    cx: float,
    cy: float,
    r: float,
    *,
    letter: str | bool = True,
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
            letter if isinstance(letter, str) else seat_name(words, seat)[:1].upper(),
            round(r * 0.95),
            outline if hollow else readable_on(fill),
            anchor="mm",
            bold=True,
        )


def _grow(box: tuple[float, float, float, float], g: float) -> tuple[float, ...]:
    return (box[0] - g, box[1] - g, box[2] + g, box[3] + g)


def _draw_rhombus(
    draw: Draw, f: Frame, state: InkaState, lay: Layout, r: Rhombus, theme: Theme, words: Words
) -> None:
    s = f.side
    pts = f.rhombus_points(r.placement)
    inner = _shrink(pts, 0.93)
    dest = r.is_destination
    edge = DEST_TILE_EDGE if dest else PATH_TILE_EDGE
    draw.polygon(inner, fill=DEST_TILE if dest else PATH_TILE, outline=edge)
    draw.line([*inner, inner[0]], fill=edge, width=3)
    cx, cy = _middle(pts)
    if dest:
        draw_text(draw, (cx, cy), r.name, round(s * 0.2), DEST_LETTER, anchor="mm", bold=True)
        _draw_statues(draw, f, state, r.name, pts, theme, words)
    else:
        draw_text(draw, (cx, cy), r.name, round(s * 0.3), RHOMBUS_NUMBER, anchor="mm", bold=True)
    for e in lay.walls_of(r):
        _wall(draw, f, e, (cx, cy))


def _wall(draw: Draw, f: Frame, e: Edge, middle: Point) -> None:
    """A wall: a dark bar with a light rim along the edge, just inside its rhombus (so it
    reads over ground and over chasm alike)."""
    s = f.side
    w = max(5, round(s * WALL_WIDTH))
    rim = max(2, round(s * 0.03))
    a, b = f.xy(e[0]), f.xy(e[1])
    # Shift the bar inwards by half its width, and keep its ends off the corners.
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    d = math.hypot(middle[0] - mx, middle[1] - my) or 1.0
    ux, uy = (middle[0] - mx) / d, (middle[1] - my) / d
    off = w / 2 + rim
    ends = [
        (p[0] + ux * off + (mx - p[0]) * 0.06, p[1] + uy * off + (my - p[1]) * 0.06) for p in (a, b)
    ]
    draw.line(ends, fill=WALL_CASING, width=w + 2 * rim)
    draw.line(ends, fill=WALL, width=w)


def _statue_spots(pts: list[Point], n: int) -> list[Point]:
    """Where each seat's statue stands on a destination rhombus, in seat order: in the
    corners of its two triangles at the blunt corners, around the letter in the middle
    (the cells' names stand towards the sharp corners)."""
    a, b, c, d = pts  # A and C are the sharp corners
    halves = ((a, b, d), (c, b, d))
    mids = [_middle(list(half)) for half in halves]
    spots = []
    for corner in (b, d):
        for mx, my in mids:
            k = STATUE_CORNER / math.hypot(mx - corner[0], my - corner[1])
            spots.append((corner[0] + (mx - corner[0]) * k, corner[1] + (my - corner[1]) * k))
    return spots[:n]


def _draw_statues(
    draw: Draw,
    f: Frame,
    state: InkaState,
    name: str,
    pts: list[Point],
    theme: Theme,
    words: Words,
) -> None:
    """The statues still standing on destination rhombus ``name``; a taken one leaves a
    faint ring on its spot, so one sees who has it. Each statue carries its seat's initial
    as well as its shape and colour (four of them stand close together at 400 px)."""
    there = state.statues[DESTINATION_NAMES.index(name)]
    r = f.side * STATUE_RADIUS
    spots = [
        (x * f.side, y * f.side)
        for x, y in _statue_spots([(x / f.side, y / f.side) for x, y in pts], len(state.seats))
    ]
    for seat, (sx, sy) in zip(state.seats, spots, strict=True):
        if seat in there:
            _token(draw, theme, seat, sx, sy, r, letter=False)
        else:
            box = (sx - r * 0.6, sy - r * 0.6, sx + r * 0.6, sy + r * 0.6)
            draw.ellipse(box, outline=DEST_TILE_EDGE, width=2)


def _covered(state: InkaState) -> set[int]:
    """The cells under a pawn or a blocker (named in the banner, not on the board)."""
    pawns = {c for k, c in enumerate(state.pawns) if c is not None and not state.out[k]}
    return pawns | {c for c in state.blockers if c is not None}


@lru_cache(maxsize=8)
def _plain_spots(side: int, seats: int, temple: Temple) -> dict[int, Point]:
    """Where each cell's name is printed when nothing lies on the cell (drawing scale): a
    little towards the triangle's tip from its centre."""
    f = frame(side, seats, temple.board)
    rise = f.side * LABEL_RISE
    return {
        i: (x, y - rise if f.board.cells[i][2] == 0 else y + rise)
        for i in range(f.board.size)
        for x, y in (f.centre(i),)
    }


def _label_spots(f: Frame, state: InkaState, lay: Layout) -> dict[int, Point]:
    """Where each cell's name is printed (drawing scale): a little towards the triangle's
    tip from its centre, for every cell no pawn or blocker covers; on a rhombus, out towards
    the rhombus's sharp corner in that cell (its number, or letter and statues, stand in the
    middle)."""
    covered = _covered(state)
    plain = _plain_spots(f.side // SCALE, len(state.seats), lay.temple)
    spots = {i: xy for i, xy in plain.items() if i not in covered}
    for r in state.rhombi:
        cells = lay.cells_of(r.placement)
        if cells is None:
            continue
        pts = f.rhombus_points(r.placement)
        cx, cy = _middle(pts)
        for i in cells:
            if i in spots:
                x, y = f.centre(i)
                ax, ay = min((pts[0], pts[2]), key=lambda p: math.hypot(p[0] - x, p[1] - y))
                spots[i] = (cx + (ax - cx) * RHOMBUS_LABEL, cy + (ay - cy) * RHOMBUS_LABEL)
    return spots


@lru_cache(maxsize=8)
def _plain_stamps(
    side: int, seats: int, temple: Temple
) -> dict[int, tuple[Image.Image, tuple[int, int]]]:
    """Each cell's name where :func:`_plain_spots` prints it: its mask and top left corner."""
    size = round(side * SCALE * LABEL_SIZE)
    names = temple.board.names
    return {
        i: _stamp(xy, names[i], size, True, "mm")
        for i, xy in _plain_spots(side, seats, temple).items()
    }


def cell_labels(
    view: InkaState, options: InkaImageOptions = InkaImageOptions()
) -> dict[str, tuple[int, int]]:
    """Where each cell's name is printed in :func:`render_inka`'s picture of ``view`` (the
    centre of the name, in its pixels): every cell but those under a pawn or a blocker,
    whose seat's banner card names them. Empty when ``options.labels`` is off."""
    if not options.labels:
        return {}
    lay = Layout.of(view)
    f = frame(options.side, len(view.seats), lay.temple.board)
    return {
        f.board.names[i]: (round(x / SCALE), round(y / SCALE))
        for i, (x, y) in _label_spots(f, view, lay).items()
    }


def _tint(image: Image.Image, pts: list[Point], colour: RGB, alpha: int) -> None:
    """Blend ``colour`` over the polygon ``pts`` (alpha 0-255), in place."""
    x0, y0 = int(min(p[0] for p in pts)), int(min(p[1] for p in pts))
    x1, y1 = int(max(p[0] for p in pts)) + 2, int(max(p[1] for p in pts)) + 2
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in pts], fill=alpha)
    region = image.crop((x0, y0, x1, y1))
    image.paste(Image.composite(Image.new("RGB", region.size, colour), region, mask), (x0, y0))


def _old_place(draw: Draw, f: Frame, before: Placement) -> None:
    """Where a moved rhombus lay: tinted with a dashed rim (drawn under the rhombi, so the
    part the rhombus still covers is hidden by it)."""
    pts = _shrink(f.rhombus_points(before), 0.95)
    _tint(draw.picture, pts, MOVED, 110)
    dashed(draw, pts, MOVED, max(4, round(f.side * 0.06)), f.side * 0.16, closed=True)


def _new_place(draw: Draw, f: Frame, after: Placement) -> None:
    """A moved rhombus itself: a bright rim just outside the tile."""
    pts = _shrink(f.rhombus_points(after), 1.02)
    draw.line([*pts, pts[0]], fill=MOVED, width=max(5, round(f.side * 0.1)), joint="curve")


def _targets(state: InkaState, lay: Layout) -> dict[int, int]:
    """The cells the seat to move can walk to now, with their AP cost."""
    if state.phase != PLAY or state.turn is None:
        return {}
    here = state.pawns[state.turn]
    if here is None:
        return {}
    best, _ = lay.costs(here, state.ap)
    return {c: v for c, v in best.items() if c != here and lay.free_to_stop(c)}


def _draw_banner(image: Image.Image, f: Frame, state: InkaState, options: InkaImageOptions) -> None:
    draw = Draw(image)
    theme = options.theme
    s = f.side
    pad = round(s * 0.12)
    card_h = _card_height(s)
    cols = 2
    card_w = (f.width - 2 * pad) // cols
    title = _status(state, options)
    draw_text(draw, (f.width / 2, pad + s * 0.24), title, round(s * 0.3), theme.text, anchor="mm")
    top = pad + round(s * 0.5)
    for k, seat in enumerate(state.seats):
        who = printable(options.names.get(seat, ""))
        card = _card(
            theme,
            (card_w, card_h),
            seat,
            seat_name(options.words, seat)[:1].upper(),
            options.seat(seat) + (f"  {who}" if who else ""),
            seat_detail(state, k, options, f.board),
            (state.turn == k and state.phase != OVER, state.winner == seat, state.out[k]),
        )
        image.paste(card, (pad + (k % cols) * card_w, top + (k // cols) * card_h))


@lru_cache(maxsize=64)
def _card(
    theme: Theme,
    size: tuple[int, int],
    seat: str,
    letter: str,
    label: str,
    detail: str,
    lit: tuple[bool, bool, bool],
) -> Image.Image:
    """One seat's banner card (drawing scale): its token (``letter`` on it), its name and
    player (``label``) and ``detail``; ``lit``: whether it is to move, has won, is out."""
    card_w, card_h = size
    active, won, out = lit
    image = Image.new("RGB", size, theme.background)
    draw = Draw(image)
    fill, _ = _seat_colour(theme, seat)
    ground = fill if active or won else theme.banner
    draw.rounded_rectangle((4, 4, card_w - 4, card_h - 4), radius=card_h // 5, fill=ground)
    text = readable_on(ground) if active or won else theme.text
    if out:
        text = theme.muted_text
    r = card_h * 0.26
    _token(draw, theme, seat, card_h * 0.5, card_h / 2, r, letter=letter)
    type_size = round(card_h * 0.34)
    right = card_w - round(card_h * 0.3)
    draw_text(draw, (right, card_h / 2), detail, type_size, text, anchor="rm", bold=active)
    room = card_w - card_h - text_width(detail, type_size, bold=active) - card_h * 0.3
    draw_text(
        draw,
        (card_h * 0.95, card_h / 2),
        fit(label, type_size, int(room)),
        type_size,
        text,
        anchor="lm",
        bold=True,
    )
    if out:
        y = card_h / 2
        draw.line((card_h * 0.9, y, card_w * 0.5, y), fill=theme.strike, width=4)
    return image


def seat_detail(state: InkaState, k: int, options: InkaImageOptions, board: Board) -> str:
    """What seat ``k``'s banner card says after its name: its pawn's cell (named here, as
    the pawn covers it on the board), statues carried, blocker, AP left or a win."""
    say_ = options.say
    seat = state.seats[k]
    parts = [say_("statues", "statues {n}/3", n=state.carried(seat))]
    pawn = state.pawns[k]
    if options.labels and pawn is not None and not state.out[k]:
        parts.insert(0, say_("pawn_at", "pawn {cell}", cell=board.names[pawn]))
    if (blocker := state.blockers[k]) is not None:
        parts.append(say_("blocker", "blocker {cell}", cell=board.names[blocker]))
    if state.winner == seat:
        parts.insert(0, say_("wins", "wins"))
    elif state.turn == k and state.phase == PLAY:
        parts.append(say_("ap_left", "AP {ap} left", ap=state.ap))
    return " · ".join(parts)


def _status(state: InkaState, options: InkaImageOptions) -> str:
    say_ = options.say
    seat = state.seat_to_move
    who = options.seat(seat) if seat else str(seat)
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
        winner = options.seat(state.winner) if state.winner else say_("nobody", "Nobody")
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
    """The picture as a Pillow image (RGB, final size), in the theme's palette's colours."""
    return _picture(view, options).convert("RGB")


def render_inka(view: InkaState, *, options: InkaImageOptions = InkaImageOptions()) -> bytes:
    """The temple as PNG bytes, from a view (``engine.inka.view``)."""
    return encode_png(_picture(view, options))


def _picture(view: InkaState, options: InkaImageOptions) -> Image.Image:
    """The picture in the theme's fixed palette (P mode)."""
    return to_palette(_drawn(view, options), _palette(options.theme))


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class _Mark:
    """Something drawn on the temple for this picture: the box its pixels stay within
    (drawing scale), and how to draw it on a canvas (the frame says where the canvas
    starts). A region is drawn afresh around each mark that ``seeds`` one."""

    box: Box
    draw: Callable[[Draw, Frame], None]
    seeds: bool = True


def _drawn(view: InkaState, options: InkaImageOptions, whole: bool = False) -> Image.Image:
    """The picture in RGB at its final size. Drawn at twice the size, each 2x2 block of
    pixels averaged (the supersampling's antialiasing): the temple with every cell's name
    is cached so (:func:`_base`), and only the regions around what this picture draws on
    it are drawn again at twice the size and averaged into it. Blocks never straddle a
    region's edge, so the pixels are those of drawing everything on the whole temple
    (``whole``: do that)."""
    seats = len(view.seats)
    lay = Layout.of(view)  # the temple the engine plays on, whatever its design
    f = frame(options.side, seats, lay.temple.board)
    static = _static(options.theme, options.side, seats, options.labels, lay.temple)
    marks = _marks(view, options, f, lay)
    size = (f.width // SCALE, f.height // SCALE)
    top = min(size[1], (f.banner + 1) // SCALE) * SCALE  # the banner's strip
    if whole:
        image = _base(options.theme, options.side, seats, False, lay.temple).copy()
        regions = [(0, 0, size[0] * SCALE, size[1] * SCALE)]
    else:
        image = _base(options.theme, options.side, seats, options.labels, lay.temple).copy()
        seeds = [_even(m.box, f, top) for m in marks if m.seeds]
        regions = [(0, 0, size[0] * SCALE, top), *_regions(seeds)]
    regions = [r for r in regions if r[0] < r[2] and r[1] < r[3]]
    canvas = static.copy()
    draw = Draw(canvas)
    for m in marks:
        if m.seeds or _meets(m.box, regions):
            m.draw(draw, f)
    _draw_banner(canvas, f, view, options)
    for box in regions:
        image.paste(canvas.reduce(SCALE, box), (box[0] // SCALE, box[1] // SCALE))
    return image.crop((0, 0, *size)) if image.size != size else image


def _meets(b: Box, regions: list[tuple[int, int, int, int]]) -> bool:
    return any(b[0] < r[2] and b[2] > r[0] and b[1] < r[3] and b[3] > r[1] for r in regions)


def _regions(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The boxes, less those inside another (the names on a rhombus, under a pawn), and two
    that overlap as one where that adds little area (each region costs a pass)."""
    out: list[tuple[int, int, int, int]] = []
    for b in sorted(boxes, key=_area, reverse=True):
        for k, a in enumerate(out):
            if a[0] <= b[0] and a[1] <= b[1] and b[2] <= a[2] and b[3] <= a[3]:
                break
            if b[0] < a[2] and a[0] < b[2] and b[1] < a[3] and a[1] < b[3]:
                u = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                if _area(u) <= 1.2 * (_area(a) + _area(b)):
                    out[k] = u
                    break
        else:
            out.append(b)
    return out


def _area(b: tuple[int, int, int, int]) -> int:
    return (b[2] - b[0]) * (b[3] - b[1])


def _even(box: Box, f: Frame, top: int) -> tuple[int, int, int, int]:
    """``box`` grown to whole 2x2 blocks, within the temple (below the banner's strip)."""
    x0, y0 = (
        max(0, math.floor(box[0] / SCALE) * SCALE),
        max(top, math.floor(box[1] / SCALE) * SCALE),
    )
    x1 = min(f.width // SCALE * SCALE, math.ceil(box[2] / SCALE) * SCALE)
    y1 = min(f.height // SCALE * SCALE, math.ceil(box[3] / SCALE) * SCALE)
    return (x0, y0, x1, y1)


def _around(pts: list[Point], grow: float) -> Box:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)


def _marks(view: InkaState, options: InkaImageOptions, f: Frame, lay: Layout) -> list[_Mark]:
    """What this picture draws on the temple, in drawing order, each with a box (with room
    to spare: a region cut through a mark would lose its pixels)."""
    s = f.side
    spare = s * 0.12
    theme, words = options.theme, options.words
    marks: list[_Mark] = []
    for move in options.moved:
        before = move.before
        if before is not None and f.board.rhombus_cells(before) is not None:
            box = _around(f.rhombus_points(before), spare)
            marks.append(_Mark(box, partial(_old_place, before=before)))
    for move in options.moved:
        if f.board.rhombus_cells(move.after) is not None:
            box = _around(f.rhombus_points(move.after), spare + s * 0.1)
            marks.append(_Mark(box, partial(_new_place, after=move.after)))
    for r in view.rhombi:
        if lay.cells_of(r.placement) is not None:
            grow = s * STATUE_RADIUS * 1.5 if r.is_destination else 6
            box = _around(f.rhombus_points(r.placement), grow)
            paint = partial(_draw_rhombus, state=view, lay=lay, r=r, theme=theme, words=words)
            marks.append(_Mark(box, paint))
    if len(view.trail) > 1 and view.phase in (PLAY, OVER):
        w = max(3, round(s * 0.06))
        box = _around([f.centre(c) for c in view.trail], w + 4 + spare)
        marks.append(_Mark(box, partial(_draw_trail, trail=view.trail, w=w)))
    if options.labels:
        marks += _label_marks(f, view, lay)

    def near(cell: int) -> Box:
        x, y = f.centre(cell)
        return (x - s * 0.5, y - s * 0.5, x + s * 0.5, y + s * 0.5)

    if options.targets:
        for c, cost in sorted(_targets(view, lay).items()):
            printed = lay.temple.glyph[c]
            paint = partial(_target, c=c, cost=cost, labels=options.labels, printed=printed)
            marks.append(_Mark(near(c), paint))
    for k, cell in enumerate(view.blockers):
        if cell is not None:
            paint = partial(_blocker, view=view, k=k, cell=cell, theme=theme)
            marks.append(_Mark(near(cell), paint))
    for k, cell in enumerate(view.pawns):
        if cell is not None and not view.out[k]:
            paint = partial(_pawn, seat=view.seats[k], cell=cell, theme=theme, words=words)
            marks.append(_Mark(near(cell), paint))
    return marks


def _label_marks(f: Frame, view: InkaState, lay: Layout) -> list[_Mark]:
    """Every cell's name as a mark, over the ground, the chasm and the rhombi alike. The
    cached temple has each name where nothing lies on its cell: those seed no region, but
    a name under a pawn or a blocker (named in the banner instead) or moved onto a rhombus
    does, to wipe it."""
    ink = {i: LABEL_DARK for i in lay.temple.chasm}
    for r in view.rhombi:
        for i in lay.cells_of(r.placement) or ():
            ink[i] = LABEL if r.is_destination else LABEL_DARK
    size = round(f.side * LABEL_SIZE)
    seats = len(view.seats)
    plain = _plain_spots(f.side // SCALE, seats, lay.temple)
    spots = _label_spots(f, view, lay)
    marks = []
    for i, (paint, wipe) in enumerate(_plain_marks(f.side // SCALE, seats, lay.temple)):
        xy = spots.get(i)
        if xy is plain[i]:
            marks.append(paint)
            continue
        marks.append(wipe)  # the cached name goes
        if xy is not None:
            mask, corner = _stamp(xy, f.board.names[i], size, True, "mm")
            stamp = partial(_paste, mask=mask, corner=corner, ink=ink.get(i, LABEL))
            marks.append(_Mark(_stamp_box(mask, corner), stamp))
    return marks


@lru_cache(maxsize=8)
def _plain_marks(side: int, seats: int, temple: Temple) -> tuple[tuple[_Mark, _Mark], ...]:
    """Each cell's name where nothing lies on its cell, as a mark (seeding no region: the
    cached temple has it), and the mark that wipes it (seeding one)."""
    out = []
    for i, (mask, corner) in _plain_stamps(side, seats, temple).items():
        ink = LABEL_DARK if i in temple.chasm else LABEL
        box = _stamp_box(mask, corner)
        paint = partial(_paste, mask=mask, corner=corner, ink=ink)
        out.append((_Mark(box, paint, seeds=False), _Mark(box, _nothing)))
    return tuple(out)


def _stamp_box(mask: Image.Image, corner: tuple[int, int]) -> Box:
    return (corner[0], corner[1], corner[0] + mask.width, corner[1] + mask.height)


def _paste(draw: Draw, f: Frame, *, mask: Image.Image, corner: tuple[int, int], ink: RGB) -> None:
    draw.picture.paste(ink, corner, mask)


def _nothing(draw: Draw, f: Frame) -> None:
    """A mark that only seeds a region (the cached temple's pixels there change)."""


def _draw_trail(draw: Draw, f: Frame, trail: tuple[int, ...], w: int) -> None:
    pts = [f.centre(c) for c in trail]
    draw.line(pts, fill=TRAIL_EDGE, width=w + 4, joint="curve")
    draw.line(pts, fill=TRAIL, width=w, joint="curve")


def _pawn(draw: Draw, f: Frame, seat: str, cell: int, theme: Theme, words: Words) -> None:
    cx, cy = f.centre(cell)
    _token(draw, theme, seat, cx, cy, f.side * PAWN_RADIUS, words=words)


def _blocker(draw: Draw, f: Frame, view: InkaState, k: int, cell: int, theme: Theme) -> None:
    """A blocker: a barred square plaque in the seat's colour, with its shape inside."""
    cx, cy = f.centre(cell)
    fill, _ = _seat_colour(theme, view.seats[k])
    r = f.side * 0.22
    draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=BLOCKER, outline=fill, width=5)
    draw.line((cx - r, cy - r, cx + r, cy + r), fill=fill, width=4)
    draw.line((cx - r, cy + r, cx + r, cy - r), fill=fill, width=4)
    _token(draw, theme, view.seats[k], cx, cy, r * 0.45, letter=False)


@lru_cache(maxsize=8)  # as many as the static layers it is made from
def _base(theme: Theme, side: int, seats: int, labels: bool, temple: Temple) -> Image.Image:
    """The temple at its final size (the banner's strip empty), with every cell's name
    where nothing lies on its cell when ``labels``."""
    image = _static(theme, side, seats, labels, temple).copy()
    if labels:
        paste = image.paste
        chasm = temple.chasm
        for i, (mask, corner) in _plain_stamps(side, seats, temple).items():
            paste(LABEL_DARK if i in chasm else LABEL, corner, mask)
    f = frame(side, seats, temple.board)
    return image.reduce(SCALE, (0, 0, f.width // SCALE * SCALE, f.height // SCALE * SCALE))


def _target(draw: Draw, f: Frame, c: int, cost: int, labels: bool, printed: str) -> None:
    """A legal destination: a dot, or behind snakes a badge with its AP cost."""
    s = f.side
    cx, cy = f.centre(c)
    up = f.board.cells[c][2] == 0
    if labels:
        # Under the cell's name, in the wide part of the triangle.
        cy += s * LOW if up else -s * LOW
    elif printed in FEATURES:
        # Off the snake, exit or passage: in the narrow part of the triangle.
        cy += -s * 0.33 if up else s * 0.33
    r = s * (0.14 if cost else 0.06)
    box = (cx - r, cy - r, cx + r, cy + r)
    draw.ellipse(box, fill=BADGE, outline=TARGET, width=max(2, round(s * 0.03)))
    if cost:
        draw_text(draw, (cx, cy), str(cost), round(s * 0.22), TARGET, anchor="mm", bold=True)


@lru_cache(maxsize=4)
@fitted
def _palette(theme: Theme) -> Image.Image:
    """One fixed palette per theme, fitted to the demo's pictures (every phase, every seat,
    a moved rhombus): the same pixels always get the same colours whatever else is in the
    picture, and mapping to it is a table look-up (an adaptive palette cost ~150 ms a
    picture). Every flat colour drawn is kept exactly."""
    from renderer import inka_positions as demo

    opts = InkaImageOptions(names=demo.NAMES, theme=theme)
    moved = replace(opts, moved=rhombus_moves(demo.moved_before(), demo.moved_state()))
    samples = [
        _drawn(inka_view(demo.opening_state(), "red"), opts),
        _drawn(inka_view(demo.building_state(), "red"), opts),
        _drawn(inka_view(demo.midgame_state(), "red"), opts),
        _drawn(inka_view(demo.moved_state(), "red"), moved),
        _drawn(inka_view(demo.final_state(), None), opts),
    ]
    armies = [theme.army(a) for a in THEME_ARMY.values()]
    fixed = (
        theme.background,
        theme.banner,
        theme.text,
        theme.muted_text,
        theme.strike,
        *(c for a in armies for c in (a.fill, a.outline, readable_on(a.fill))),
        *FLAT,
    )
    return fit_palette(samples, fixed)


def clear_caches() -> None:
    for cached in (
        _static,
        _base,
        _palette,
        _glyphs,
        _card,
        _plain_spots,
        _plain_stamps,
        _plain_marks,
    ):
        cached.cache_clear()


__all__ = [
    "InkaImageOptions",
    "RhombusMove",
    "cell_centre",
    "cell_labels",
    "clear_caches",
    "image_point",
    "image_size",
    "render_inka",
    "render_inka_image",
    "rhombus_moves",
    "seat_detail",
]
