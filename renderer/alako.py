"""Alako images, drawn from engine views only (``engine.alako.view``).

The board of RULINGS 5: camps tinted in their side's colour, the river with the bridge on
e6, the fortification network as thick lines with its red points, towers and walls on their
segments, the knight (a helmet), the horse (a horse's head), the knight riding (both), the
princess (a crowned lady in a gown); beside it the spinner showing the last face spun, and
whose turn it is. When the seat to move must move, every legal destination is marked; when
it must build or climb, the segments it may use glow.

The static layer (squares, camps, river, bridge, lines, red points, coordinates) is cached
per theme, size and orientation; so are the piece and fortification sprites and the spinner
faces.

Fortifications sit on grid lines and pieces in squares: a piece beside a wall or a tower is
shrunk and moved off it (:func:`piece_box`), so no piece ever covers one (:func:`fort_box`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.alako.board import (
    BRIDGE,
    HEIGHT,
    NETWORKS,
    RIVER_RANK,
    SEATS,
    WIDTH,
    Segment,
    in_camp,
    parse,
    red_points,
)
from engine.alako.game import build_segments, paths
from engine.alako.movement import climbable
from engine.alako.spinner import FACE_WORDS, FACES, LADDER, POINTS, TOWER, WALLS
from engine.alako.state import ACT, LOTS, OVER, SPIN, TOWER_PIECE, AlakoState
from renderer.fonts import draw_text, fit, printable
from renderer.options import ImageOptions
from renderer.png import encode_png, fit_palette, fitted, to_palette
from renderer.sprites import piece_sprite
from renderer.theme import RGB, Theme, mix
from renderer.vector import (
    Colour,
    Ellipse,
    Line,
    Poly,
    RoundBox,
    Shape,
    Sketch,
    arc_points,
    circle,
    side_lit,
)

DEFAULT_SQUARE = 70
# Each side borrows a theme army's paint: South red, North blue (also told apart by where
# they stand and, on the spinner panel, by name).
PAINT = {"south": "fire", "north": "water"}

Box = tuple[int, int, int, int]  # left, top, right, bottom

RIVER: RGB = (92, 156, 214)
RIVER_WAVE: RGB = (196, 226, 250)
BRIDGE_WOOD: RGB = (150, 104, 60)
BRIDGE_DARK: RGB = (92, 60, 32)
LINE_INK: RGB = (64, 56, 50)
RED_POINT: RGB = (222, 38, 30)
GLOW: tuple[int, int, int, int] = (255, 214, 40, 255)
SKIN: RGB = (246, 214, 186)
HAIR: RGB = (120, 76, 40)
GOLD: RGB = (246, 196, 52)
GOLD_INK: RGB = (120, 84, 10)

# Sizes in squares. A wall is a bar along its segment (running a little past its ends, so a
# chain's joints close); a tower a round keep on the segment's middle; a piece fills most
# of its square, less what the fortifications on its sides take.
WALL_HALF = 0.09  # a wall's half thickness
WALL_PAD = 0.06  # how far a wall runs past each end of its segment
TOWER_REACH = 0.21  # a tower's radius, battlements included
PIECE = 0.9  # a piece's size in a square with no fortification beside it
PIECE_GAP = 0.03  # between a piece and a fortification


@dataclass(frozen=True)
class AlakoImageOptions(ImageOptions):
    """How to draw: from whose side, how big, with which marks (and names, colours, words:
    :class:`renderer.options.ImageOptions`)."""

    bottom: str = "south"  # the seat whose camp is at the bottom of the picture
    square: int = DEFAULT_SQUARE
    targets: tuple[str, ...] = ()  # extra squares to mark
    legal: bool = True  # mark the legal destinations / segments of the seat to move


@dataclass(frozen=True)
class Layout:
    square: int
    margin: int
    left: int
    top: int
    board_w: int
    board_h: int
    panel: int
    width: int
    height: int


def layout(square: int) -> Layout:
    margin = round(square * 0.45)
    panel = round(square * 4.1)
    board_w, board_h = WIDTH * square, HEIGHT * square
    return Layout(
        square,
        margin,
        margin,
        margin,
        board_w,
        board_h,
        panel,
        board_w + 2 * margin + panel,
        board_h + 2 * margin,
    )


def _flip(bottom: str) -> bool:
    if bottom not in SEATS:
        raise ValueError(f"bottom must be south or north, not '{bottom}'")
    return bottom == "north"


def node_xy(lay: Layout, flip: bool, x: int, y: int) -> tuple[float, float]:
    """A grid point in pixels."""
    if flip:
        return lay.left + (WIDTH - x) * lay.square, lay.top + y * lay.square
    return lay.left + x * lay.square, lay.top + (HEIGHT - y) * lay.square


def square_box(sq: str | int, options: AlakoImageOptions = AlakoImageOptions()) -> Box:
    """Where a square is drawn (left, top, right, bottom)."""
    index = parse(sq) if isinstance(sq, str) else sq
    lay, flip = layout(options.square), _flip(options.bottom)
    f, r = index % WIDTH, index // WIDTH
    xa, ya = node_xy(lay, flip, f, r)
    xb, yb = node_xy(lay, flip, f + 1, r + 1)
    return (round(min(xa, xb)), round(min(ya, yb)), round(max(xa, xb)), round(max(ya, yb)))


# ---------------------------------------------------------------- static layer


@lru_cache(maxsize=8)
def _static(theme: Theme, square: int, bottom: str) -> Image.Image:
    lay, flip = layout(square), _flip(bottom)
    image = Image.new("RGB", (lay.width, lay.height), theme.background)
    draw = ImageDraw.Draw(image)
    for sq in range(WIDTH * HEIGHT):
        f, r = sq % WIDTH, sq // WIDTH
        x0, y0, x1, y1 = square_box(sq, AlakoImageOptions(bottom=bottom, square=square))
        colour = theme.dark_square if (f + r) % 2 == 0 else theme.light_square
        for seat, side in enumerate(SEATS):
            if in_camp(sq, seat):
                colour = mix(colour, theme.army(PAINT[side]).fill, 0.22)
        if r == RIVER_RANK:
            colour = RIVER
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)
        if r == RIVER_RANK and sq != BRIDGE:
            for k in (0.35, 0.68):  # two wavy lines
                pts = [
                    (x0 + i * square / 12, y0 + square * k + math.sin(i * 1.3) * square * 0.04)
                    for i in range(13)
                ]
                draw.line(pts, fill=RIVER_WAVE, width=max(1, square // 28))
    # The bridge: planks across the river, rails along the banks' direction.
    bx0, by0, bx1, by1 = square_box(BRIDGE, AlakoImageOptions(bottom=bottom, square=square))
    inset = round(square * 0.1)
    draw.rectangle((bx0 + inset, by0 - 2, bx1 - inset, by1 + 1), fill=BRIDGE_WOOD)
    for k in range(1, 6):
        y = by0 + k * square // 6
        draw.line((bx0 + inset, y, bx1 - inset, y), fill=BRIDGE_DARK, width=max(1, square // 30))
    for x in (bx0 + inset, bx1 - inset):
        draw.line((x, by0 - 2, x, by1 + 1), fill=BRIDGE_DARK, width=max(2, square // 14))
    # The fortification networks, then the red points on top.
    width = max(3, round(square * 0.085))
    for seat in (0, 1):
        for (ax, ay), (bx, by) in sorted(NETWORKS[seat]):
            draw.line((*node_xy(lay, flip, ax, ay), *node_xy(lay, flip, bx, by)), LINE_INK, width)
        for node in NETWORKS[seat] and {n for s in NETWORKS[seat] for n in s}:
            cx, cy = node_xy(lay, flip, *node)
            dot = width / 2
            draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=LINE_INK)
        for x, y in red_points(seat):
            cx, cy = node_xy(lay, flip, x, y)
            dot = square * 0.16
            draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=(40, 10, 8))
            dot = square * 0.12
            draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=RED_POINT)
    _coordinates(draw, lay, flip, theme)
    return image


def _coordinates(draw: ImageDraw.ImageDraw, lay: Layout, flip: bool, theme: Theme) -> None:
    size = round(lay.square * 0.28)
    gap = lay.margin / 2
    for f in range(WIDTH):
        x = (node_xy(lay, flip, f, 0)[0] + node_xy(lay, flip, f + 1, 0)[0]) / 2
        for y in (lay.top - gap, lay.top + lay.board_h + gap):
            draw_text(draw, (x, y), chr(ord("a") + f), size, theme.coordinates, anchor="mm")
    for r in range(HEIGHT):
        y = (node_xy(lay, flip, 0, r)[1] + node_xy(lay, flip, 0, r + 1)[1]) / 2
        for x in (lay.left - gap, lay.left + lay.board_w + gap):
            draw_text(draw, (x, y), str(r + 1), size, theme.coordinates, anchor="mm")


# ---------------------------------------------------------------- sprites


def _helmet_parts() -> tuple[Shape, ...]:
    """A great helm with a plume: the knight."""
    helm = Poly(
        (
            (0.27, 0.86), (0.26, 0.44), *[
                (0.5 + 0.24 * math.cos(math.radians(a)), 0.44 + 0.26 * math.sin(math.radians(a)))
                for a in range(180, 361, 15)
            ], (0.74, 0.86),
        )
    )  # fmt: skip
    foot = RoundBox((0.2, 0.82, 0.8, 0.94), 0.04)
    plume = Poly(((0.47, 0.2), (0.52, 0.04), (0.66, 0.02), (0.6, 0.12), (0.55, 0.2)))
    return (foot, plume, helm)


@lru_cache(maxsize=64)
def knight_sprite(theme: Theme, size: int, seat: str) -> Image.Image:
    colours = theme.army(PAINT[seat])
    s = Sketch(size)
    s.shadow(Ellipse((0.2, 0.86, 0.8, 0.99)), 90, 0.02)
    texture = side_lit(s.k, colours.fill, colours.light, colours.shade)
    s.outlined(_helmet_parts(), texture, colours.outline, 0.03)
    # The visor: an eye slit and breathing holes, a cross on the brow.
    s.paint(RoundBox((0.31, 0.45, 0.69, 0.52), 0.02), colours.outline)
    s.paint(Line(((0.5, 0.52), (0.5, 0.78)), 0.05), colours.outline)
    for x in (0.38, 0.62):
        for y in (0.62, 0.7):
            s.paint(circle(x, y, 0.022), colours.outline)
    return s.finish()


@lru_cache(maxsize=64)
def rider_sprite(theme: Theme, size: int, seat: str) -> Image.Image:
    """The horse's head with the knight's helm beside it: a knight riding."""
    image = piece_sprite(theme, size, PAINT[seat], "knight").copy()
    helm = knight_sprite(theme, round(size * 0.56), seat)
    image.alpha_composite(helm, (round(size * 0.46), 0))
    return image


@lru_cache(maxsize=64)
def princess_sprite(theme: Theme, size: int, seat: str) -> Image.Image:
    """A lady seen from the front: a wide bell gown in her side's colour, a face framed by
    long hair, a gold crown. Her silhouette (a triangle topped by a head) is unlike the
    helm, the horse's head and the chess queen."""
    colours = theme.army(PAINT[seat])
    s = Sketch(size)
    s.shadow(Ellipse((0.16, 0.86, 0.84, 0.99)), 90, 0.02)
    hair = Poly(((0.36, 0.2), (0.64, 0.2), (0.67, 0.46), (0.33, 0.46)))
    s.outlined((hair,), HAIR, colours.outline, 0.025)
    gown = Poly(
        ((0.42, 0.44), (0.58, 0.44), (0.62, 0.56), *arc_points(0.5, 0.9, 0.34, 0.05, 0, 180, 12),
         (0.38, 0.56))
    )  # fmt: skip
    sleeves = Line(((0.36, 0.5), (0.42, 0.66), (0.5, 0.68), (0.58, 0.66), (0.64, 0.5)), 0.09)
    texture = side_lit(s.k, colours.fill, colours.light, colours.shade)
    s.outlined((gown, sleeves), texture, colours.outline, 0.03)
    s.paint(Line(((0.42, 0.47), (0.5, 0.56), (0.58, 0.47)), 0.025), colours.light)  # neckline
    s.paint(circle(0.5, 0.67, 0.05), SKIN, grow=0.02)  # hands held together
    s.paint(circle(0.5, 0.67, 0.05), SKIN)
    s.paint(Ellipse((0.4, 0.2, 0.6, 0.44)), colours.outline, grow=0.025)
    s.paint(Ellipse((0.4, 0.2, 0.6, 0.44)), SKIN)
    s.paint(Poly(((0.38, 0.24), (0.62, 0.24), (0.6, 0.3), (0.4, 0.3))), HAIR)  # fringe
    crown = Poly(((0.38, 0.22), (0.37, 0.06), (0.44, 0.14), (0.5, 0.03), (0.56, 0.14),
                  (0.63, 0.06), (0.62, 0.22)))  # fmt: skip
    s.paint(crown, GOLD_INK, grow=0.025)
    s.paint(crown, GOLD)
    for x, y in ((0.37, 0.06), (0.5, 0.03), (0.63, 0.06)):
        s.paint(circle(x, y, 0.03), GOLD)
    return s.finish()


def _sprite(theme: Theme, size: int, seat: str, piece: str) -> Image.Image:
    if piece == "knight":
        return knight_sprite(theme, size, seat)
    if piece == "rider":
        return rider_sprite(theme, size, seat)
    if piece == "princess":
        return princess_sprite(theme, size, seat)
    return piece_sprite(theme, size, PAINT[seat], "knight")


@lru_cache(maxsize=64)
def fort_sprite(theme: Theme, length: int, seat: str, kind: str, vertical: bool) -> Image.Image:
    """A wall (a brick bar along the segment) or a tower (a keep with battlements standing
    on the segment's middle), in the owner's colour; drawn inside :func:`fort_box`."""
    colours = theme.army(PAINT[seat])
    if kind == TOWER_PIECE:
        # Upright as on the spinner's tower face, whatever the segment's direction; the
        # canvas is the keep's box: unit 1 = 2 * TOWER_REACH.
        s = Sketch(round(2 * TOWER_REACH * length))
        body = RoundBox((0.1, 0.3, 0.9, 0.96), 0.04)
        merlons = tuple(RoundBox((x, 0.04, x + 0.2, 0.34), 0.02) for x in (0.1, 0.4, 0.7))
        s.outlined((*merlons, body), colours.fill, colours.outline, 0.04)
        s.paint(Line(((0.1, 0.34), (0.9, 0.34)), 0.05), colours.outline)
        s.paint(RoundBox((0.17, 0.4, 0.29, 0.9), 0.03), colours.light)  # lit from the left
        s.paint(RoundBox((0.4, 0.6, 0.6, 0.96), 0.1), colours.outline)  # the door
        return s.finish()
    pad = WALL_PAD
    w = round(length * (1 + 2 * pad))
    s = Sketch(w)
    u = 1 / (1 + 2 * pad)  # one segment length in sketch units
    c = 0.5
    half, thick = 0.5 * u + pad * u, WALL_HALF * u
    s.paint(RoundBox((c - half, c - thick, c + half, c + thick), 0.02 * u), colours.outline)
    inner = (
        c - half + 0.025 * u,
        c - thick + 0.025 * u,
        c + half - 0.025 * u,
        c + thick - 0.025 * u,
    )
    s.paint(RoundBox(inner, 0.01 * u), colours.fill)
    for k in range(1, 4):  # brick joints
        x = c - 0.5 * u + k * u / 4
        s.paint(Line(((x, c - thick), (x, c + thick)), 0.02 * u), colours.outline)
    s.paint(Line(((c - half, c), (c + half, c)), 0.014 * u), colours.shade)
    image = s.finish()
    return image.rotate(90, expand=False) if vertical else image


def fort_box(seg: Segment, kind: str, options: AlakoImageOptions = AlakoImageOptions()) -> Box:
    """The rectangle (left, top, right, bottom; right and bottom excluded) that a wall or
    tower on ``seg`` is drawn in: no piece is drawn there."""
    lay, flip = layout(options.square), _flip(options.bottom)
    cx, cy, vertical = _seg_mid(lay, flip, seg)
    sprite = fort_sprite(options.theme, options.square, "south", kind, vertical)
    left, top = round(cx - sprite.width / 2), round(cy - sprite.height / 2)
    bbox = sprite.getchannel("A").getbbox() or (0, 0, 0, 0)
    return (left + bbox[0], top + bbox[1], left + bbox[2], top + bbox[3])


def _fort_boxes(view: AlakoState, options: AlakoImageOptions) -> list[Box]:
    return [fort_box(f.segment, f.kind, options) for side in view.sides for f in side.line]


def piece_box(sq: int, forts: list[Box], options: AlakoImageOptions) -> tuple[float, float, int]:
    """Where a piece on ``sq`` is drawn: its centre and size. It fills ``PIECE`` of the
    square, less a cut on each side where a fortification (``forts``: their boxes) reaches
    in, always the side that takes least (a wall's end in a corner costs a sliver)."""
    x0, y0, x1, y1 = square_box(sq, options)
    inset = (1 - PIECE) / 2 * options.square
    gap = PIECE_GAP * options.square
    box = [x0 + inset, y0 + inset, x1 - inset, y1 - inset]
    for fx0, fy0, fx1, fy1 in forts:
        if fx1 <= box[0] or fx0 >= box[2] or fy1 <= box[1] or fy0 >= box[3]:
            continue
        cuts = (  # (how much it takes, which side, where it goes)
            (fx1 + gap - box[0], 0, fx1 + gap),
            (fy1 + gap - box[1], 1, fy1 + gap),
            (box[2] - (fx0 - gap), 2, fx0 - gap),
            (box[3] - (fy0 - gap), 3, fy0 - gap),
        )
        _, side, edge = min(cuts)
        box[side] = edge
    size = max(1, math.floor(min(box[2] - box[0], box[3] - box[1])))
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, size


# ---------------------------------------------------------------- spinner

_SECTOR = 45


def _face_icon(s: Sketch, face: str, cx: float, cy: float, r: float, ink: Colour) -> None:
    if face in POINTS:
        n = POINTS[face]
        for i in range(n):
            dx = (i - (n - 1) / 2) * r * 0.9
            s.paint(circle(cx + dx, cy, r * 0.32), ink)
    elif face == TOWER:
        s.paint(RoundBox((cx - r * 0.45, cy - r * 0.4, cx + r * 0.45, cy + r * 0.75)), ink)
        for i in range(3):
            x = cx - r * 0.45 + i * r * 0.35
            s.paint(RoundBox((x, cy - r * 0.72, x + r * 0.2, cy - r * 0.3)), ink)
    elif face in ("wall", WALLS):
        rows = 2 if face == WALLS else 1
        for k in range(rows):
            y = cy - r * 0.35 + k * r * 0.6 - (0 if rows == 2 else -r * 0.3)
            s.paint(RoundBox((cx - r * 0.8, y, cx + r * 0.8, y + r * 0.42), r * 0.05), ink)
    elif face == LADDER:
        for x in (cx - r * 0.35, cx + r * 0.35):
            s.paint(Line(((x, cy - r * 0.85), (x, cy + r * 0.85)), r * 0.16), ink)
        for k in range(4):
            y = cy - r * 0.6 + k * r * 0.4
            s.paint(Line(((cx - r * 0.35, y), (cx + r * 0.35, y)), r * 0.12), ink)
    else:  # cannon: barrel, wheel, ball
        s.paint(
            Line(((cx - r * 0.7, cy + r * 0.25), (cx + r * 0.45, cy - r * 0.35)), r * 0.36), ink
        )
        s.paint(circle(cx - r * 0.2, cy + r * 0.4, r * 0.35), ink)
        s.paint(circle(cx + r * 0.8, cy - r * 0.7, r * 0.17), ink)


@lru_cache(maxsize=32)
def spinner_image(theme: Theme, size: int, index: int | None, seat: str | None) -> Image.Image:
    """The top seen from above, turned so that face ``index`` (0-7; ``None``: not spun yet)
    sits under the pointer at the top, lit in the spinner's colour; the others dimmed."""
    s = Sketch(size)
    c, R = 0.5, 0.44
    turn = 0 if index is None else -index * _SECTOR
    accent = theme.army(PAINT[seat]).fill if seat else (200, 200, 200)
    s.paint(circle(c, c + 0.02, R + 0.02), (0, 0, 0, 90))
    for i, face in enumerate(FACES):
        mid = -90 + i * _SECTOR + turn
        a0, a1 = math.radians(mid - _SECTOR / 2), math.radians(mid + _SECTOR / 2)
        lit = index is not None and i == index
        fill: Colour = (
            (*accent, 255) if lit else (236, 230, 214, 255) if i % 2 else (214, 206, 186, 255)
        )
        if index is not None and not lit:
            fill = (*(round(v * 0.8) for v in fill[:3]), 255)
        corners = ((c, c), (c + R * math.cos(a0), c + R * math.sin(a0)),
                   (c + R * math.cos(a1), c + R * math.sin(a1)))  # fmt: skip
        s.paint(Poly(corners), fill)
        s.paint(Line(corners[:2], 0.008), (60, 52, 44, 255))
        ir = 0.085
        ix, iy = (
            c + R * 0.66 * math.cos(math.radians(mid)),
            c + R * 0.66 * math.sin(math.radians(mid)),
        )
        ink = (255, 255, 255, 255) if lit else (44, 40, 36, 255)
        _face_icon(s, face, ix, iy, ir, ink)
    ring = tuple(
        (c + R * math.cos(math.radians(a)), c + R * math.sin(math.radians(a)))
        for a in range(0, 361, 6)
    )
    s.paint(Line(ring, 0.02), (60, 52, 44, 255))
    s.paint(circle(c, c, 0.075), (60, 52, 44, 255))  # the spindle
    s.paint(circle(c, c, 0.05), (170, 150, 120, 255))
    # The pointer (the finger that stops the top), at the top.
    s.paint(Poly(((c - 0.05, 0.0), (c + 0.05, 0.0), (c, 0.1))), (30, 30, 34, 255), grow=0.012)
    s.paint(Poly(((c - 0.05, 0.0), (c + 0.05, 0.0), (c, 0.1))), (250, 250, 250, 255))
    return s.finish()


# ---------------------------------------------------------------- the image


def _seg_mid(lay: Layout, flip: bool, seg: Segment) -> tuple[float, float, bool]:
    (ax, ay), (bx, by) = seg
    x0, y0 = node_xy(lay, flip, ax, ay)
    x1, y1 = node_xy(lay, flip, bx, by)
    return (x0 + x1) / 2, (y0 + y1) / 2, ax == bx


def _paste_center(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    image.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def alako_image(
    view: AlakoState, *, options: AlakoImageOptions = AlakoImageOptions()
) -> Image.Image:
    theme, square = options.theme, options.square
    lay, flip = layout(square), _flip(options.bottom)
    image = _static(theme, square, options.bottom).copy()
    draw = ImageDraw.Draw(image, "RGBA")
    opts = options

    # Last move: the squares the piece went through.
    for sq in view.last_move or ():
        x0, y0, x1, y1 = square_box(sq, opts)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=theme.last_move)
        draw.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=theme.last_move_edge, width=2)

    # Segments to build on or climb: a glow under the line.
    glow: list[Segment] = []
    if options.legal and view.phase == ACT and view.turn is not None:
        glow = list(build_segments(view))
        if view.face == LADDER:
            glow += [segment for segment, _ in climbable(view, view.turn)]
    for seg in glow:
        (ax, ay), (bx, by) = seg
        a, b = node_xy(lay, flip, ax, ay), node_xy(lay, flip, bx, by)
        draw.line((*a, *b), fill=GLOW, width=max(6, round(square * 0.22)))

    # Fortifications: walls first, towers over them.
    for seat, side in enumerate(view.sides):
        for kind in ("W", TOWER_PIECE):
            for fort in side.line:
                if fort.kind != kind:
                    continue
                cx, cy, vertical = _seg_mid(lay, flip, fort.segment)
                sprite = fort_sprite(theme, square, SEATS[seat], kind, vertical)
                _paste_center(image, sprite, cx, cy)

    # Pieces: princesses first, so a knight who reaches one is drawn over her; each off
    # the fortifications beside its square.
    forts = _fort_boxes(view, opts)

    def put(piece: str, seat: str, sq: int) -> None:
        cx, cy, size = piece_box(sq, forts, opts)
        _paste_center(image, _sprite(theme, size, seat, piece), cx, cy)

    for seat, side in enumerate(view.sides):
        put("princess", SEATS[seat], side.princess)
    for seat, side in enumerate(view.sides):
        s = SEATS[seat]
        if side.mounted:
            put("rider", s, side.horse)
            continue
        put("horse", s, side.horse)
        if side.knight is not None:
            put("knight", s, side.knight)
        elif side.climbing is not None and side.descent is not None:
            # His ladder across the wall, and he at its top on the far side, clear of it.
            cx, cy, vertical = _seg_mid(lay, flip, side.climbing)
            dx, dy = _center(side.descent, opts)
            _ladder(draw, cx, cy, vertical, square)
            hx, hy = cx + (dx - cx) * 0.42, cy + (dy - cy) * 0.42
            _paste_center(image, knight_sprite(theme, round(square * 0.5), s), hx, hy)

    # Legal destinations and asked-for targets.
    targets = {parse(t) for t in options.targets}
    if options.legal and view.phase == ACT and view.face in POINTS:
        targets |= {p.squares[-1] for p in paths(view)}
    occupied = _occupied(view)
    for sq in sorted(targets):
        cx, cy = _center(sq, opts)
        if sq in occupied:
            r = square * 0.47
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r),
                outline=theme.legal_target,
                width=max(3, square // 14),
            )
        else:
            r = square * 0.15
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.legal_target)

    _panel(image, view, options, lay)
    return image


def _ladder(draw: ImageDraw.ImageDraw, cx: float, cy: float, vertical: bool, square: int) -> None:
    """Two rails across the wall and their rungs."""
    half, gap = square * 0.42, square * 0.16
    ink, width = (120, 80, 40), max(2, square // 20)
    for k in (-1, 1):
        if vertical:
            draw.line((cx - half, cy + k * gap, cx + half, cy + k * gap), fill=ink, width=width)
        else:
            draw.line((cx + k * gap, cy - half, cx + k * gap, cy + half), fill=ink, width=width)
    for i in range(-2, 3):
        t = i * half / 2.5
        if vertical:
            draw.line((cx + t, cy - gap, cx + t, cy + gap), fill=ink, width=width)
        else:
            draw.line((cx - gap, cy + t, cx + gap, cy + t), fill=ink, width=width)


def _center(sq: int, options: AlakoImageOptions) -> tuple[float, float]:
    x0, y0, x1, y1 = square_box(sq, options)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _occupied(view: AlakoState) -> set[int]:
    out = set()
    for side in view.sides:
        out |= {side.horse, side.princess}
        if side.knight is not None:
            out.add(side.knight)
    return out


# How a game ends, as the panel says it (keys "end_<termination>").
ENDINGS = {
    "princess_reached": "reached the princess",
    "resignation": "by resignation",
    "agreement": "by agreement",
}


def _face_word(options: AlakoImageOptions, face: str) -> str:
    """A face of the top ("2 walls"), in the reader's language."""
    return options.say("face_" + face, FACE_WORDS[face])


def _status(view: AlakoState, options: AlakoImageOptions = AlakoImageOptions()) -> tuple[str, str]:
    """The panel's headline and what is expected now."""
    say_ = options.say
    if view.phase == OVER:
        how = view.termination or ""
        if how in ENDINGS:
            how = say_("end_" + how, ENDINGS[how])
        if view.winner is None:
            return say_("draw", "Draw"), how
        who = options.seat(SEATS[view.winner])
        return say_("wins", "{seat} wins", seat=who), how
    seat = options.seat(view.seat_to_move or "south")
    if view.phase == LOTS:
        return say_("lots", "Drawing lots"), say_("lots_sub", "who spins first?")
    if view.phase == SPIN:
        return say_("to_spin", "{seat} to spin", seat=seat), ""
    face = view.face or ""
    spun = say_("spun", "{seat} spun {face}", seat=seat, face=_face_word(options, face))
    if face in POINTS:
        return spun, say_("move_piece", "move a piece")
    if face == LADDER:
        return spun, say_("climb_or_pass", "climb or pass")
    if face == WALLS and view.builds_left == 1:
        return spun, say_("second_wall", "build the second wall")
    return spun, say_("build_it", "build it on your line")


def _panel(image: Image.Image, view: AlakoState, options: AlakoImageOptions, lay: Layout) -> None:
    theme, square = options.theme, options.square
    draw = ImageDraw.Draw(image)
    x0 = lay.left + lay.board_w + lay.margin
    w = lay.panel - round(square * 0.2)
    pad = round(square * 0.18)
    # Player cards: North on top, South below (as seen by default).
    order = SEATS[::-1] if options.bottom == "south" else SEATS
    card_h = round(square * 0.95)
    ys = (lay.top, lay.top + lay.board_h - card_h)
    for seat, y in zip(order, ys, strict=True):
        colours = theme.army(PAINT[seat])
        active = view.phase in (SPIN, ACT) and view.seat_to_move == seat
        winner = view.phase == OVER and view.winner is not None and SEATS[view.winner] == seat
        ground = colours.fill if active or winner else theme.banner
        draw.rounded_rectangle((x0, y, x0 + w, y + card_h), radius=card_h // 5, fill=ground)
        icon = knight_sprite(theme, round(card_h * 0.86), seat)
        image.paste(icon, (x0 + pad // 2, y + (card_h - icon.height) // 2), icon)
        tx = x0 + pad + icon.width
        big, small = round(square * 0.32), round(square * 0.24)
        ink = (255, 255, 255)
        draw_text(
            draw,
            (tx, y + card_h * 0.33),
            options.seat(seat),
            big,
            ink,
            anchor="lm",
            bold=True,
        )
        player = fit(printable(options.names.get(seat, "")), small, x0 + w - tx - pad)
        draw_text(
            draw,
            (tx, y + card_h * 0.72),
            player,
            small,
            ink if active else theme.muted_text,
            anchor="lm",
        )
        built = len(view.sides[SEATS.index(seat)].line)
        on_line = options.say("on_line", "line: {n} built", n=built)
        draw_text(draw, (x0 + w - pad, y + card_h * 0.33), on_line, small, ink, anchor="rm")
    # The spinner and what it says.
    size = min(w, round(square * 3.4))
    index = spinner = None
    if view.last_spin is not None:
        spinner = SEATS[view.last_spin[0]]
        index = FACES.index(view.last_spin[1])
    spin = spinner_image(theme, size, index, spinner)
    sy = lay.top + card_h + round(square * 0.9)
    image.paste(spin, (x0 + (w - size) // 2, sy), spin)
    head, sub = _status(view, options)
    mid = x0 + w / 2
    ty = sy + size + round(square * 0.35)
    big, small, tiny = round(square * 0.32), round(square * 0.26), round(square * 0.22)
    draw_text(draw, (mid, ty), fit(head, big, w), big, theme.text, anchor="mm", bold=True)
    if sub:
        draw_text(
            draw,
            (mid, ty + square * 0.45),
            fit(sub, small, w),
            small,
            theme.muted_text,
            anchor="mm",
        )
    if view.last_spin is not None:
        caption = options.say(
            "last_spin",
            "last spin: {seat}, {face}",
            seat=options.seat(SEATS[view.last_spin[0]]).lower(),
            face=_face_word(options, view.last_spin[1]),
        )
        where = (mid, sy - round(square * 0.3))
        draw_text(draw, where, fit(caption, tiny, w), tiny, theme.muted_text, anchor="mm")


@lru_cache(maxsize=4)
@fitted
def _palette(theme: Theme, square: int) -> Image.Image:
    """One palette per theme and size, fitted to everything these images draw, so the
    same colour always maps to the same index (pictures compare pixel by pixel)."""
    samples = [_static(theme, square, "south")]
    size = round(square * 0.9)
    for ground in (theme.light_square, theme.dark_square, RIVER, theme.banner):
        sheet = Image.new("RGBA", (size * 8, size), ground)
        for i, (seat, piece) in enumerate(
            (s, p) for s in SEATS for p in ("knight", "rider", "horse", "princess")
        ):
            sheet.alpha_composite(_sprite(theme, size, seat, piece), (i * size, 0))
        samples.append(sheet)
    for seat in SEATS:
        for kind in ("W", TOWER_PIECE):
            sheet = Image.new("RGBA", (square * 2, square * 2), theme.light_square)
            sprite = fort_sprite(theme, square, seat, kind, False)
            sheet.alpha_composite(sprite, (0, 0))
            samples.append(sheet)
    spin_size = round(square * 3.4)
    for index in (None, 0, 2):
        for seat in SEATS:
            sheet = Image.new("RGBA", (spin_size, spin_size), theme.background)
            sheet.alpha_composite(spinner_image(theme, spin_size, index, seat))
            samples.append(sheet)
    marks = Image.new("RGBA", (square * 4, square), theme.light_square)
    draw = ImageDraw.Draw(marks, "RGBA")
    draw.rectangle((0, 0, square, square), fill=theme.last_move)
    draw.ellipse((square, 0, 2 * square, square), fill=theme.legal_target)
    samples.append(marks)
    fixed = [
        *theme.flat, RIVER, RIVER_WAVE, BRIDGE_WOOD, BRIDGE_DARK, LINE_INK,
        RED_POINT, GLOW[:3], theme.last_move_edge, (255, 255, 255), SKIN, HAIR, GOLD, GOLD_INK,
    ]  # fmt: skip
    for seat in SEATS:
        colours = theme.army(PAINT[seat])
        fixed += [colours.fill, colours.outline, colours.light, colours.shade]
    return fit_palette(samples, fixed)


def render_alako(view: AlakoState, *, options: AlakoImageOptions = AlakoImageOptions()) -> bytes:
    """The board and the spinner as a PNG."""
    image = alako_image(view, options=options)
    return encode_png(to_palette(image, _palette(options.theme, options.square)))


def clear_caches() -> None:
    """Forget every cached layer and sprite (tests show caching never changes a picture)."""
    for cached in (
        _static,
        knight_sprite,
        rider_sprite,
        princess_sprite,
        fort_sprite,
        spinner_image,
        _palette,
    ):
        cached.cache_clear()
