"""Échec au Roi images, drawn from engine views only.

:func:`render_echec` takes what ``engine.echec.view(state, seat)`` returns, so a picture can
never show what its viewer may not see (during secret placement the other army's ranks are
drawn behind a screen). Every base is a plate in its owner's colour, pointed on the side it
faces, with its kind's emblem towards the point (crown, horse's head, drawn bow, shield,
pitchfork, flag, great helm: white silhouettes told apart by shape, not colour, in a picture
shrunk to 400 px too) and its figure count in a disc at the back, inside the plate. Royal
squares carry a crown mark; the turn's actions (``options.actions``) are tinted, with arrows
for moves, attacks and panic retreats (else the view's last action is tinted); the archers'
target block shows on request; the summary under the board draws an attack's dice as they
fell (axe, arrow, panic, blank), or tells the last move in a sentence and who acts next."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.echec.board import INDEX, ROYAL, SEATS, SIZE, VECTOR
from engine.echec.combat import reach
from engine.echec.setup import home_squares
from engine.echec.state import BATTLE, OPENING, OVER, PLACEMENT, AttackReport, EchecState
from engine.echec.units import KIND
from renderer.banner import BannerCard, banner_card
from renderer.board import (
    CORNERS,
    DOT,
    RING,
    TINT,
    Frame,
    Layout,
    board_layout,
    facing_frame,
    overlay,
)
from renderer.fonts import draw_text, fit, text_width
from renderer.options import ImageOptions
from renderer.png import encode_png, fit_palette, fitted, to_palette
from renderer.theme import Theme
from renderer.vector import Ellipse, Line, Poly, RoundBox, Shape, Sketch, arc_points, circle

DEFAULT_SQUARE = 80  # 9 squares and two margins: 788 px wide
ARMY_COLOUR = {"south": "water", "north": "fire"}  # theme colour keys: blue and red
ROYAL_GOLD = (212, 170, 40)
SCREEN, SCREEN_LINE = (92, 74, 58), (112, 92, 72)  # the wooden screen of secret placement


ADVANCE, TURN, ATTACK, FLEE = "advance", "turn", "attack", "flee"
STROKE_KINDS = (ADVANCE, TURN, ATTACK, FLEE)
MOVE_ARROW = (122, 168, 24)  # the theme's last-move green, drawn solid
ATTACK_ARROW = (214, 46, 28)  # the theme's combat red
FLEE_ARROW = (150, 60, 200)  # a panic retreat: violet, unlike any army or mark
ARROW_EDGE = (24, 20, 28)


@dataclass(frozen=True)
class Stroke:
    """One thing a turn did on the board: a base advanced, turned or attacked from ``src``
    (to ``dst``), or fled in panic from ``src`` to ``dst``."""

    kind: str  # advance, turn, attack or flee
    src: str
    dst: str

    def __post_init__(self) -> None:
        if self.kind not in STROKE_KINDS or self.src not in INDEX or self.dst not in INDEX:
            raise ValueError(f"not a stroke: {self.kind} {self.src} {self.dst}")


@dataclass(frozen=True)
class EchecImageOptions(ImageOptions):
    """How to draw: from whose side, how big, with which marks (and names, colours, words:
    :class:`renderer.options.ImageOptions`)."""

    bottom: str = "south"  # the seat whose edge is at the bottom of the picture
    square: int = DEFAULT_SQUARE
    targets: tuple[str, ...] = ()  # squares to mark, e.g. a base's legal targets
    selected: str | None = None  # the square of the base ``targets`` belongs to
    volley: str | None = None  # archers whose 3x3 target block to show
    # The turn's actions to show (highlights and arrows), built by the table from its events;
    # ``None``: only the view's last action is tinted.
    actions: tuple[Stroke, ...] | None = None

    def the(self, kind: str) -> str:
        """A kind of base with its article, as a sentence names it: "the archers"."""
        name = KIND[kind].name
        return self.say("the_" + name, "the " + ("heavy infantry" if name == "heavy" else name))


def layout(square: int) -> Layout:
    """The board under its banner, with the summary below it."""
    return board_layout(SIZE, square, below=1.45)


def frame_for(bottom: str) -> Frame:
    return facing_frame(SIZE, SEATS, bottom)


def square_box(name: str, options: EchecImageOptions = EchecImageOptions()) -> tuple[int, ...]:
    """Where a square is drawn in :func:`render_echec`'s image (left, top, right, bottom)."""
    sq = INDEX[name]
    col, row = frame_for(options.bottom).screen(sq % SIZE, sq // SIZE)
    return layout(options.square).grid.box(col, row)


# ---------------------------------------------------------------- the static board


@lru_cache(maxsize=16)
def _static(theme: Theme, square: int, bottom: str) -> Image.Image:
    """Squares, royal squares and coordinates (RGB)."""
    lay = layout(square)
    frame = frame_for(bottom)
    image = Image.new("RGB", (lay.width, lay.height), theme.background)
    draw = ImageDraw.Draw(image)
    for sq in range(SIZE * SIZE):
        f, r = sq % SIZE, sq // SIZE
        box = lay.grid.box(*frame.screen(f, r))
        colour = theme.dark_square if (f + r) % 2 == 0 else theme.light_square
        draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=colour)
    for sq in ROYAL.values():
        box = lay.grid.box(*frame.screen(sq % SIZE, sq // SIZE))
        mark = _royal_mark(square)
        image.paste(mark, box[:2], mark)
    size = round(square * 0.3)
    gap = lay.margin // 2
    for i in range(SIZE):
        col_box = lay.grid.box(i, 0)
        f, _ = frame.board(i, 0)
        cx = (col_box[0] + col_box[2]) / 2
        for y in (lay.grid.top - gap, lay.grid.top + SIZE * square + gap):
            draw_text(draw, (cx, y), "abcdefghi"[f], size, theme.coordinates, anchor="mm")
        row_box = lay.grid.box(0, i)
        _, r = frame.board(0, i)
        cy = (row_box[1] + row_box[3]) / 2
        for x in (lay.grid.left - gap, lay.grid.left + SIZE * square + gap):
            draw_text(draw, (x, cy), str(r + 1), size, theme.coordinates, anchor="mm")
    return image


@lru_cache(maxsize=8)
def _royal_mark(square: int) -> Image.Image:
    """A gold frame and a small crown in the corner: the royal square."""
    s = Sketch(square)
    s.paint(
        Line(((0.05, 0.05), (0.95, 0.05), (0.95, 0.95), (0.05, 0.95), (0.05, 0.05)), 0.06),
        (*ROYAL_GOLD, 255),
    )
    s.paint(_crown(0.08, 0.08, 0.22), (*ROYAL_GOLD, 255))
    return s.finish()


def _crown(x: float, y: float, w: float) -> Poly:
    h = w * 0.75
    return Poly(
        (
            (x, y + h),
            (x, y + h * 0.2),
            (x + w * 0.25, y + h * 0.55),
            (x + w * 0.5, y),
            (x + w * 0.75, y + h * 0.55),
            (x + w, y + h * 0.2),
            (x + w, y + h),
        )
    )


# ---------------------------------------------------------------- bases


# The plate, pointing up (screen directions u, r, d, l turn it): wide enough that, in a
# picture shrunk to 400 px wide, the emblem at its point and the figure count at its back
# both read. The emblem sits towards the point, the count at the back, both well inside
# the plate: neither covers its outline, and nothing leaves the square (a neighbour's
# square, a coordinate label).
PLATE = ((0.08, 0.92), (0.08, 0.3), (0.5, 0.07), (0.92, 0.3), (0.92, 0.92))
PLATE_EDGE = 0.035  # the outline, outside the plate
EMBLEM_AT, EMBLEM_SIZE = (0.5, 0.34), 0.36  # the emblem's box: its centre and its side
BADGE_AT, BADGE_RADIUS, BADGE_RING = (0.5, 0.715), 0.175, 0.02  # the count's disc
SPENT_AT, SPENT_RADIUS = (0.19, 0.81), 0.055  # attacked this turn: a dark dot


def _turned(point: tuple[float, float], direction: str) -> tuple[float, float]:
    """A point of the upward plate, turned with it to ``direction`` (quarter turns
    clockwise about the centre)."""
    x, y = point
    for _ in range({"u": 0, "r": 1, "d": 2, "l": 3}[direction]):
        x, y = 1 - y, x
    return x, y


def _plate(direction: str) -> Poly:
    """The base's plate, pointed towards its facing (screen directions u, r, d, l)."""
    return Poly(tuple(_turned(p, direction) for p in PLATE))


def badge_circle(direction: str) -> tuple[float, float, float]:
    """The figure count's disc on a plate facing ``direction``: centre and radius (with its
    ring), in the sprite's unit box."""
    return (*_turned(BADGE_AT, direction), BADGE_RADIUS + BADGE_RING)


def emblem_box(direction: str) -> tuple[float, float, float, float]:
    """Where the emblem is drawn on a plate facing ``direction`` (left, top, right, bottom)."""
    cx, cy = _turned(EMBLEM_AT, direction)
    half = EMBLEM_SIZE / 2
    return (cx - half, cy - half, cx + half, cy + half)


def _scaled(shape: Shape, box: tuple[float, float, float, float]) -> Shape:
    """An emblem's shape, drawn in its own unit box, moved into ``box``."""
    left, top, right, _ = box
    k = right - left

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return (left + p[0] * k, top + p[1] * k)

    if isinstance(shape, Poly):
        return Poly(tuple(at(p) for p in shape.points))
    if isinstance(shape, Line):
        return Line(tuple(at(p) for p in shape.points), shape.width * k)
    assert isinstance(shape, Ellipse)
    (x0, y0), (x1, y1) = at(shape.box[:2]), at(shape.box[2:])
    return Ellipse((x0, y0, x1, y1))


def _emblem(kind: str) -> tuple[tuple[Shape, str], ...]:
    """The kind's emblem in its own unit box, as (shape, role) pairs: 'light' shapes are
    the silhouette (drawn pale, outlined dark, on the plate), 'ink' details are cut into it.
    Each kind has a silhouette of its own, so the kinds stay apart when the picture is
    small, whatever the colours: a crown, a horse's head, a bow with its arrow, a shield,
    a pitchfork, a flag, a crested helmet."""
    if kind == "K":  # a crown of three points on a band
        return (
            (
                Poly(
                    (
                        (0.04, 0.9),
                        (0.04, 0.12),
                        (0.3, 0.5),
                        (0.5, 0.04),
                        (0.7, 0.5),
                        (0.96, 0.12),
                        (0.96, 0.9),
                    )
                ),
                "light",
            ),
            (Line(((0.16, 0.72), (0.84, 0.72)), 0.09), "ink"),
        )
    if kind == "C":  # a horse's head, as the chess knight
        return (
            (
                Poly(
                    (
                        (0.3, 1.0),
                        (0.92, 1.0),
                        (0.9, 0.62),
                        (0.8, 0.3),
                        (0.62, 0.1),
                        (0.58, 0.0),
                        (0.48, 0.1),
                        (0.3, 0.2),
                        (0.06, 0.56),
                        (0.1, 0.7),
                        (0.3, 0.66),
                        (0.46, 0.6),
                    )
                ),
                "light",
            ),
            (circle(0.44, 0.3, 0.06), "ink"),
        )
    if kind == "A":  # a bow drawn back: its arc, the string pulled to a V, the arrow
        return (
            (Line(arc_points(0.5, 0.5, 0.46, 0.4, 180, 360, 16), 0.13), "light"),
            (Line(((0.05, 0.5), (0.5, 0.84), (0.95, 0.5)), 0.06), "light"),
            (Line(((0.5, 0.98), (0.5, 0.2)), 0.09), "light"),
            (Poly(((0.5, -0.04), (0.72, 0.26), (0.28, 0.26))), "light"),
        )
    if kind == "I":  # a shield
        return (
            (Poly(((0.1, 0.04), (0.9, 0.04), (0.9, 0.5), (0.5, 0.98), (0.1, 0.5))), "light"),
            (Line(((0.5, 0.18), (0.5, 0.7)), 0.1), "ink"),
        )
    if kind == "P":  # a pitchfork: three tines on a long handle
        return (
            (Line(((0.5, 0.42), (0.5, 1.0)), 0.14), "light"),
            (Line(((0.14, 0.0), (0.14, 0.44), (0.86, 0.44), (0.86, 0.0)), 0.12), "light"),
            (Line(((0.5, 0.0), (0.5, 0.44)), 0.12), "light"),
        )
    if kind == "M":  # a flag on its pole
        return (
            (Line(((0.16, 0.02), (0.16, 1.0)), 0.12), "light"),
            (Poly(((0.2, 0.04), (0.98, 0.28), (0.2, 0.56))), "light"),
        )
    # heavy infantry: a great helm, its eye slit and breath line a dark T
    return (
        (
            Poly(
                (
                    (0.12, 1.0),
                    (0.12, 0.3),
                    *arc_points(0.5, 0.3, 0.38, 0.28, 180, 360, 12)[1:-1],
                    (0.88, 0.3),
                    (0.88, 1.0),
                )
            ),
            "light",
        ),
        (Line(((0.2, 0.44), (0.8, 0.44)), 0.12), "ink"),
        (Line(((0.5, 0.5), (0.5, 0.86)), 0.09), "ink"),
    )


EMBLEM_EDGE = 0.025  # the dark line round an emblem's silhouette


@lru_cache(maxsize=1024)
def base_sprite(
    theme: Theme, size: int, seat: str, kind: str, figures: int, direction: str, spent: bool = False
) -> Image.Image:
    """An RGBA base: the pointed plate, the emblem towards the point and the figure count
    in a disc at the back, both inside the plate."""
    colours = theme.army(ARMY_COLOUR[seat])
    s = Sketch(size)
    plate = _plate(direction)
    s.shadow(plate, 90, 0.03)
    ink = (*colours.outline, 255)
    s.paint(plate, ink, grow=PLATE_EDGE)
    s.paint(plate, (*colours.fill, 255))
    box = emblem_box(direction)
    shapes = [(_scaled(shape, box), role) for shape, role in _emblem(kind)]
    for shape, role in shapes:
        if role == "light":
            s.paint(shape, ink, grow=EMBLEM_EDGE)
    for shape, role in shapes:
        s.paint(shape, (255, 255, 255, 255) if role == "light" else ink)
    # The figure count: a white disc ringed dark, large enough to read in a picture shrunk
    # to 400 px wide (a square is then about 40 px).
    bx, by, _ = badge_circle(direction)
    s.paint(circle(bx, by, BADGE_RADIUS), ink, grow=BADGE_RING)
    s.paint(circle(bx, by, BADGE_RADIUS), (255, 255, 255, 255))
    if spent:  # attacked this turn: a small dark dot in a back corner
        s.paint(circle(*_turned(SPENT_AT, direction), SPENT_RADIUS), ink)
    image = s.finish()
    draw = ImageDraw.Draw(image)
    text = str(figures)
    draw_text(
        draw,
        (size * bx, size * (by + 0.005)),
        text,
        round(size * (0.27 if len(text) == 1 else 0.2)),
        (20, 20, 24),
        anchor="mm",
        bold=True,
    )
    return image


def _direction(frame: Frame, facing: str) -> str:
    dx, dy = VECTOR[facing]
    c0, r0 = frame.screen(4, 4)
    c1, r1 = frame.screen(4 + dx, 4 + dy)
    return {(0, -1): "u", (1, 0): "r", (0, 1): "d", (-1, 0): "l"}[(c1 - c0, r1 - r0)]


# ---------------------------------------------------------------- dice faces

FACE_NAMES = ("axe", "arrow", "panic", "blank")


@lru_cache(maxsize=64)
def die_face(theme: Theme, size: int, face: str, dim: bool = False) -> Image.Image:
    """An RGBA special die showing ``face``: an axe, an arrow, a panic burst or nothing."""
    s = Sketch(size)
    fill = theme.die_fill if not dim else tuple(round(v * 0.75) for v in theme.die_fill)
    s.paint(RoundBox((0.06, 0.06, 0.94, 0.94), 0.16), (*theme.die_ink, 255), grow=0.03)
    s.paint(RoundBox((0.06, 0.06, 0.94, 0.94), 0.16), (*fill, 255))
    ink = (*theme.die_ink, 255)
    if face == "axe":
        s.paint(Line(((0.3, 0.82), (0.62, 0.22)), 0.07), (120, 78, 40, 255))
        s.paint(
            Poly(
                (
                    (0.5, 0.2),
                    (0.8, 0.2),
                    *arc_points(0.78, 0.36, 0.12, 0.2, -70, 90, 10),
                    (0.58, 0.5),
                    (0.5, 0.4),
                )
            ),
            ink,
        )
    elif face == "arrow":
        s.paint(Line(((0.24, 0.76), (0.7, 0.3)), 0.055), ink)
        s.paint(Poly(((0.8, 0.2), (0.56, 0.28), (0.72, 0.44))), ink)
        s.paint(Line(((0.2, 0.64), (0.3, 0.7)), 0.04), ink)
        s.paint(Line(((0.36, 0.8), (0.3, 0.7)), 0.04), ink)
    elif face == "panic":
        red = (*theme.strike, 255)
        spikes = []
        for i in range(16):
            r = 0.36 if i % 2 == 0 else 0.2
            a = math.radians(-90 + i * 22.5)
            spikes.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
        s.paint(Poly(tuple(spikes)), red)
        s.paint(Line(((0.5, 0.34), (0.5, 0.52)), 0.07), (255, 255, 255, 255))
        s.paint(circle(0.5, 0.64, 0.045), (255, 255, 255, 255))
    return s.finish()


# ---------------------------------------------------------------- the picture


def _stack_marks(view: EchecState, options: EchecImageOptions) -> dict[int, list[Image.Image]]:
    theme, square = options.theme, options.square
    marks: dict[int, list[Image.Image]] = {}

    def add(sq: int, image: Image.Image) -> None:
        marks.setdefault(sq, []).append(image)

    acted = overlay(square, TINT, theme.last_move, theme.last_move_edge)
    if options.actions is None:
        for name in view.last.squares if view.last is not None else ():
            add(INDEX[name], acted)
    else:  # every action of the turn: where each base stood and where it went or struck
        tinted: set[int] = set()
        for stroke in options.actions:
            if stroke.kind == FLEE:
                continue  # a retreat is told by its arrow
            ends = (stroke.src,) if stroke.kind == ATTACK else (stroke.src, stroke.dst)
            for sq in {INDEX[name] for name in ends} - tinted:
                tinted.add(sq)
                add(sq, acted)
            if stroke.kind == ATTACK and not (view.report and view.report.dst == stroke.dst):
                add(INDEX[stroke.dst], overlay(square, TINT, theme.combat, theme.combat_edge))
    if view.report is not None and view.report.dst in INDEX:
        add(INDEX[view.report.dst], overlay(square, TINT, theme.combat, theme.combat_edge))
    if options.volley is not None:
        sq = INDEX[options.volley]
        base = view.board[sq]
        if base is not None:
            for t in reach(sq, base):
                add(t, overlay(square, TINT, (255, 160, 30, 90), None))
                add(t, overlay(square, CORNERS, (214, 110, 10, 230), None))
    if options.selected is not None:
        add(INDEX[options.selected], overlay(square, TINT, theme.selected, None))
    return marks


def echec_image(
    view: EchecState, *, options: EchecImageOptions = EchecImageOptions()
) -> Image.Image:
    """The picture of :func:`render_echec` as an RGB Pillow image."""
    theme, square = options.theme, options.square
    lay = layout(square)
    frame = frame_for(options.bottom)
    image = _static(theme, square, options.bottom).copy()
    marks = _stack_marks(view, options)
    for sq, layers in marks.items():
        box = lay.grid.box(*frame.screen(sq % SIZE, sq // SIZE))
        for layer in layers:
            image.paste(layer, box[:2], layer)
    # A screen over the ranks of an army whose secret placement this viewer may not see.
    if view.phase == PLACEMENT:
        for seat in SEATS:
            if view.side(seat).hidden:
                _screen(image, lay, frame, seat, options, view.side(seat).confirmed)
    size = round(square * 0.94)
    pad = (square - size) // 2
    for sq, base in enumerate(view.board):
        if base is None:
            continue
        box = lay.grid.box(*frame.screen(sq % SIZE, sq // SIZE))
        sprite = base_sprite(
            theme,
            size,
            base.seat,
            base.kind,
            base.figures,
            _direction(frame, base.facing),
            base.attacked,
        )
        image.paste(sprite, (box[0] + pad, box[1] + pad), sprite)
    for stroke in options.actions or ():
        if stroke.src != stroke.dst:
            _draw_arrow(image, lay, frame, stroke, view)
    for name in options.targets:
        sq = INDEX[name]
        box = lay.grid.box(*frame.screen(sq % SIZE, sq // SIZE))
        mark = overlay(square, RING if view.board[sq] else DOT, theme.legal_target, None)
        image.paste(mark, box[:2], mark)
    _banner(image, view, options, lay)
    _summary(image, view, options, lay)
    return image


ARROW_COLOUR = {ADVANCE: MOVE_ARROW, ATTACK: ATTACK_ARROW, FLEE: FLEE_ARROW}


def _draw_arrow(
    image: Image.Image, lay: Layout, frame: Frame, stroke: Stroke, view: EchecState
) -> None:
    """An arrow from ``stroke.src`` towards ``stroke.dst``, over the bases. An attacker
    still on its square shoots from the square's edge, so its figure count stays in view."""
    a, b = INDEX[stroke.src], INDEX[stroke.dst]
    (c0, r0), (c1, r1) = frame.screen(a % SIZE, a // SIZE), frame.screen(b % SIZE, b // SIZE)
    stays = stroke.kind == ATTACK and view.board[a] is not None
    art, (ox, oy) = _arrow_art(lay.square, c1 - c0, r1 - r0, ARROW_COLOUR[stroke.kind], stays)
    box = lay.grid.box(c0, r0)
    centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    image.paste(art, (centre[0] - ox, centre[1] - oy), art)


@lru_cache(maxsize=128)
def _arrow_art(
    square: int, dcol: int, drow: int, colour: tuple[int, int, int], from_edge: bool
) -> tuple[Image.Image, tuple[int, int]]:
    """An RGBA arrow across ``dcol`` x ``drow`` squares and the pixel of its tail square's
    centre in it; the head stops before the far centre, leaving the base there readable."""
    span = math.hypot(dcol, drow) * square
    ux, uy = dcol * square / span, drow * square / span
    margin = square // 2
    width, height = abs(dcol) * square + 2 * margin, abs(drow) * square + 2 * margin
    cx, cy = margin - min(0, dcol) * square, margin - min(0, drow) * square

    def point(along: float, across: float = 0.0) -> tuple[float, float]:
        return ((cx + ux * along - uy * across) / width, (cy + uy * along + ux * across) / width)

    tail = 0.36 * square if from_edge else 0.1 * square
    tip = span - 0.2 * square
    neck = tip - 0.34 * square
    shaft = Line((point(tail), point(neck)), 0.12 * square / width)
    head = Poly((point(tip), point(neck, 0.22 * square), point(neck, -0.22 * square)))
    s = Sketch(width, height)
    for shape in (shaft, head):
        s.paint(shape, (*ARROW_EDGE, 255), grow=0.03 * square / width)
    for shape in (shaft, head):
        s.paint(shape, (*colour, 255))
    return s.finish(), (cx, cy)


def render_echec(view: EchecState, *, options: EchecImageOptions = EchecImageOptions()) -> bytes:
    """The board as a PNG: banner, board from ``options.bottom``'s side, the last action,
    the marks the options ask for, and the last attack's dice under the board."""
    image = echec_image(view, options=options)
    return encode_png(to_palette(image, _palette(options.theme, options.square)))


@lru_cache(maxsize=8)
@fitted
def _palette(theme: Theme, square: int) -> Image.Image:
    """One fixed palette per theme and size, fitted to samples of everything drawn, so a
    mark on one square never shifts the colours of the rest of the picture."""
    from engine.echec.position import state_from_position

    sample = state_from_position(
        "south: K1e1n C2d1e A4c1n I4c2n P3b2w M2g4s H2e2n; "
        "north: K1e9s C2d9w A4c9s I4c8s P3b8e M2g5n H2e8s*; turn: south",
        seed=b"palette",
        game_id="palette",
    )
    strokes = (Stroke(ADVANCE, "c2", "c3"), Stroke(ATTACK, "g4", "g5"), Stroke(FLEE, "b2", "a2"))
    options = EchecImageOptions(
        square=square,
        theme=theme,
        volley="c1",
        selected="a5",
        targets=("c8", "a6"),
        actions=strokes,
    )
    samples = [echec_image(sample, options=options)]
    dice = Image.new("RGB", (square * 4, square), theme.banner)
    for i, face in enumerate(FACE_NAMES):
        tile = die_face(theme, square, face)
        dice.paste(tile, (i * square, 0), tile)
    samples.append(dice)
    fixed = [
        *theme.flat,
        *theme.flat_fight,
        ROYAL_GOLD,
        MOVE_ARROW,
        ATTACK_ARROW,
        FLEE_ARROW,
        ARROW_EDGE,
        SCREEN,
        SCREEN_LINE,
        (255, 255, 255),
        (20, 20, 24),
    ]
    for seat in SEATS:
        colours = theme.army(ARMY_COLOUR[seat])
        fixed += [colours.fill, colours.outline, colours.light]
    return fit_palette(samples, fixed)


def _screen(
    image: Image.Image,
    lay: Layout,
    frame: Frame,
    seat: str,
    options: EchecImageOptions,
    ready: bool,
) -> None:
    theme = options.theme
    boxes = [lay.grid.box(*frame.screen(sq % SIZE, sq // SIZE)) for sq in home_squares(seat)]
    box = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    w, h = box[2] - box[0], box[3] - box[1]
    screen = Image.new("RGB", (w, h), SCREEN)
    hatch = ImageDraw.Draw(screen)
    for x in range(-h, w, 14):  # hatching: a wooden screen
        hatch.line((x, h, x + h, 0), fill=SCREEN_LINE, width=4)
    image.paste(screen, box[:2])
    draw = ImageDraw.Draw(image)
    words = (
        options.say("secret_ready", "{seat} places in secret - ready", seat=options.seat(seat))
        if ready
        else options.say("secret", "{seat} places in secret", seat=options.seat(seat))
    )
    size = round(lay.square * 0.3)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.rounded_rectangle(
        (cx - 4.2 * lay.square / 2 - 40, cy - size, cx + 4.2 * lay.square / 2 + 40, cy + size),
        radius=8,
        fill=theme.badge,
    )
    draw_text(draw, (cx, cy), words, size, theme.badge_text, anchor="mm", bold=True)


def _detail(view: EchecState, seat: str, options: EchecImageOptions) -> str:
    """A banner card's right-hand words. Kept short enough for the card never to cut them
    (the actions left are told under the board, with who is to act)."""
    side = view.side(seat)
    if side.resigned:
        return options.say("resigned", "resigned")
    if view.phase == OVER and seat in (view.winners or ()):
        return ""  # the card's own mark says "wins"
    if view.phase == PLACEMENT:
        if side.confirmed:
            return options.say("ready", "ready")
        if side.hidden:
            return options.say("placing_hidden", "placing (hidden)")
        return options.say("to_place", "{n} to place", n=len(side.reserve))
    if view.phase == OPENING and side.opening_axes is not None:
        n = side.opening_axes
        return options.say_counted("rolled_axes", "rolled {n} axes", "rolled {n} axe", n)
    bases = [b for b in view.board if b is not None and b.seat == seat]
    figures = sum(b.figures for b in bases)
    return options.say(
        "bases_figures", "{bases} bases · {figures} fig.", bases=len(bases), figures=figures
    )


def _banner(image: Image.Image, view: EchecState, options: EchecImageOptions, lay: Layout) -> None:
    half = lay.width // 2
    height = lay.banner - round(lay.square * 0.08)
    top = round(lay.square * 0.06)
    for i, seat in enumerate((options.bottom, "north" if options.bottom == "south" else "south")):
        card = BannerCard(
            army=ARMY_COLOUR[seat],
            title=options.seat(seat),
            player=options.names.get(seat, ""),
            detail=_detail(view, seat, options),
            active=(view.phase == BATTLE and view.turn == seat)
            or (view.phase in (PLACEMENT, OPENING) and seat in _waiting(view)),
            out=view.phase == OVER and seat not in (view.winners or ()) and bool(view.winners),
            winner=view.phase == OVER and seat in (view.winners or ()),
            wins=options.say("wins_mark", "wins"),
        )
        image.paste(banner_card(options.theme, half, height, card), (i * half, top))


def _waiting(view: EchecState) -> tuple[str, ...]:
    if view.phase == PLACEMENT:
        return tuple(s for s in SEATS if not view.side(s).confirmed)
    return tuple(s for s in SEATS if view.side(s).opening_axes is None)


def _summary(image: Image.Image, view: EchecState, options: EchecImageOptions, lay: Layout) -> None:
    """Under the board: the last attack with its dice, or what the game waits for."""
    theme, sq = options.theme, lay.square
    top = lay.height - lay.below
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (lay.margin, top, lay.width - lay.margin, lay.height - round(sq * 0.15)),
        radius=round(sq * 0.12),
        fill=theme.banner,
    )
    big, small = round(sq * 0.25), round(sq * 0.21)
    x0, width = lay.margin + round(sq * 0.2), lay.width - 2 * lay.margin - round(sq * 0.4)
    report = view.report
    if report is not None:
        head = options.say(
            "attacked",
            "{seat} attacked {target} on {dst} with {unit} on {src}:",
            seat=options.seat(report.seat),
            unit=options.the(report.kind),
            src=report.src,
            target=options.the(report.target_kind),
            dst=report.dst,
        )
        draw_text(
            draw,
            (x0, top + sq * 0.28),
            fit(head, big, width, bold=True),
            big,
            theme.text,
            anchor="lm",
            bold=True,
        )
        faces = list(report.faces) + ([report.bonus] if report.bonus else [])
        die = round(sq * 0.56)
        x = x0
        for i, face in enumerate(faces):
            tile = die_face(theme, die, face)
            image.paste(tile, (x, round(top + sq * 0.52)), tile)
            x += die + round(sq * 0.1) + (round(sq * 0.12) if i == len(report.faces) - 1 else 0)
        room = x0 + width - x - round(sq * 0.1)
        wrapped = _wrapped(_result_words(report, options), small, room)
        for i, line in enumerate(wrapped):
            y = top + sq * (0.8 + 0.25 * (i - (len(wrapped) - 1) / 2))
            draw_text(
                draw,
                (x + round(sq * 0.1), y),
                fit(line, small, room),
                small,
                theme.text,
                anchor="lm",
            )
        return
    say_ = options.say
    if view.phase == PLACEMENT:
        lines = (
            say_(
                "placement_rule",
                "Placement: king on the royal square, the rest on the first two ranks.",
            ),
            say_(
                "placement_send",
                # Short enough for the panel's one line at any width.
                "/echec setup place unit:… square:… facing:…, then /echec setup confirm.",
            ),
        )
    elif view.phase == OPENING:
        lines = (
            say_("opening_rule", "Both sides roll four dice: most axes moves first."),
            say_("opening_send", "/echec roll (or the button)."),
        )
    elif view.phase == OVER:
        end = view.termination or ""
        how = say_("end_" + end, end.replace("_", " ")) if end else ""
        who = ", ".join(options.seat(s) for s in view.winners or ())
        over = (
            say_("game_over", "Game over: {who} wins ({how}).", who=who, how=how)
            if who
            else say_("game_over_nobody", "Game over: nobody wins ({how}).", how=how)
        )
        lines = (over, "")
    else:
        last = _last_words(view, options) or say_("battle_begins", "The battle begins.")
        n, turn = view.actions_left, options.seat(view.turn) if view.turn else ""
        to_act = options.say_counted(
            "to_act",
            "{seat} to act: {n} actions left.",
            "{seat} to act: {n} action left.",
            n,
            seat=turn,
        )
        lines = (last, to_act)
    for i, text in enumerate(lines):
        draw_text(
            draw,
            (x0, top + sq * (0.38 + 0.42 * i)),
            fit(text, big if i == 0 else small, width),
            big if i == 0 else small,
            theme.text if i == 0 else theme.muted_text,
            anchor="lm",
            bold=i == 0,
        )


def _last_words(view: EchecState, options: EchecImageOptions) -> str | None:
    """The last advance or turn as a sentence ("South advanced the infantry from c2 to c3."),
    naming the base that did it; ``None`` when there is none to tell."""
    last = view.last
    if last is None:
        return None
    verb, *args = last.text.split()
    base = view.board[INDEX[last.squares[-1]]]
    if verb not in ACTION_VERBS or base is None:
        return None
    seat, unit = options.seat(last.seat), options.the(base.kind)
    if verb == "advance":
        src, dst = last.squares
        return options.say(
            "did_advance",
            "{seat} advanced {unit} from {src} to {dst}.",
            seat=seat,
            unit=unit,
            src=src,
            dst=dst,
        )
    facing = options.say("toward_" + args[1], FACING_WORDS[args[1]])
    return options.say(
        "did_turn",
        "{seat} turned {unit} on {square} to face {facing}.",
        seat=seat,
        unit=unit,
        square=args[0],
        facing=facing,
    )


ACTION_VERBS = ("advance", "turn")  # the last actions told in a sentence (attacks: the dice)
FACING_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _wrapped(parts: list[str], size: int, width: int, most: int = 3) -> list[str]:
    """``parts`` joined by " · " into at most ``most`` lines of ``width`` px, breaking only
    between parts (the last line takes what is left)."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and (text_width(joined, size) <= width or len(lines) == most):
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


def _result_words(report: AttackReport, options: EchecImageOptions) -> list[str]:
    say_ = options.say
    if report.switched:
        return [say_("switched", "the mercenaries change sides (no roll)")]
    hits = report.hits
    parts = [options.say_counted("hit", "{n} hits", "{n} hit", hits)]
    if report.destroyed:
        parts.append(say_("destroyed", "base destroyed"))
    elif report.removed:
        n = report.removed
        parts.append(options.say_counted("lost", "{n} figures lost", "{n} figure lost", n))
    if report.bonus:
        parts.append(say_("bonus", "last figure rolled again"))
    if report.panic == "attacker":
        parts.append(say_("panic_attacker", "PANIC: the attackers flee"))
    elif report.panic == "target":
        parts.append(say_("panic_target", "the target panics"))
    if report.eliminated:
        squares = " ".join(report.eliminated)
        parts.append(say_("panic_lost", "lost in panic: {squares}", squares=squares))
    return parts


def clear_caches() -> None:
    for cached in (_static, _royal_mark, base_sprite, die_face, _palette, _arrow_art):
        cached.cache_clear()
