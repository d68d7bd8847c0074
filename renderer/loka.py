"""Loka images, drawn from engine views only.

Every function takes what ``engine.loka.view(state, seat)`` returns (or, for the army card,
just the numbers it draws), so a picture can never show what its viewer may not see.

Drawing order: squares, terrain, highlights, pieces, marks, coordinates, banner. The
static layer (squares and coordinates: they sit in the margins and the cut corners, where
nothing else is drawn) is built once per theme, size and orientation, and shared by every
game. Per image, each tile and each square that carries something is pasted as a cached
*cell*: its ground (the plain square or its tile) + highlight + piece + marks, in that
order (a piece on a tile gets a light halo), keyed by what it shows, not where, so every
game shares them. The last board drawn on a layer is kept: the next one repastes only the
squares that changed. Then the arrows (the last move, a portal jump; blended only where
they have ink), the combat badge (on free squares only when there are any), the banner.
All of it happens in palette mode, so the image is ready to encode as soon as it is drawn."""

from __future__ import annotations

import math
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from engine.loka.geometry import GEOMETRIES, Geometry
from engine.loka.pieces import BISHOP, BOUGHT, KINDS, KING, LOKA_COSTS, NOBLES
from engine.loka.pieces import NAME as KIND_NAME
from engine.loka.setup import deploy_squares
from engine.loka.state import BATTLE, DEPLOYMENT, OVER, SELECTION, Army, LokaState
from engine.loka.terrain import Tile
from engine.squares import file_name
from renderer.banner import BannerCard, banner_card
from renderer.board import (
    CORNERS,
    DOT,
    RING,
    TINT,
    Frame,
    Grid,
    Inked,
    compose_cell,
    inked,
    lay_over,
    overlay,
    settled,
)
from renderer.dice import badge_size, combat_badge
from renderer.fonts import draw_text, fit, font, printable, text_width
from renderer.png import encode_png, fit_palette, fitted, to_palette
from renderer.sprites import ghost_sprite, haloed_sprite, piece_sprite
from renderer.theme import RGB, Theme, current_theme
from renderer.tiles import tile_image
from renderer.vector import Ellipse, Line, Poly, Shape, Sketch, circle
from renderer.words import Words, say, say_counted

DEFAULT_SQUARE = 78  # 12 squares and two margins: 1002 px wide
# Face-off and massive boards are scaled to about the cross's width (12 squares), and to at
# most 16 squares' height, so an 8x8 board gets bigger squares and a 32x32 one smaller.
FIT_COLUMNS, FIT_ROWS = 12, 16


@dataclass(frozen=True)
class LokaImageOptions:
    """How to draw: from whose side, how big, with which names and highlights."""

    bottom: str = "fire"  # the seat whose edge is at the bottom of the picture
    square: int = DEFAULT_SQUARE  # pixels per square
    names: Mapping[str, str] = field(default_factory=dict)  # army -> player name
    targets: tuple[str, ...] = ()  # squares to mark, e.g. a piece's legal moves
    selected: str | None = None  # the square whose moves ``targets`` shows
    promotion: bool = False  # mark the promotion squares of the seat to move
    theme: Theme = field(default_factory=current_theme)  # the member's palette (theme.using)
    words: Words = ()  # the reader's language (renderer.words); English when empty
    # The squares the last move went through when it used a portal, e.g. ("d5", "i8",
    # "k10"). None: read from the view's last move (a bishop's move through a portal is
    # recognised when it could not have gone there straight).
    last_path: tuple[str, ...] | None = None
    # The army that must decide a Super D20 re-roll; None: read from the view's pending combat.
    deciding: str | None = None

    def say(self, key: str, english: str, **values: object) -> str:
        return say(self.words, key, english, **values)


def _points(words: Words, n: int) -> str:
    return say_counted(words, "points", "{n} pts", "{n} pt", n)


@dataclass(frozen=True)
class Layout:
    square: int
    margin: int  # room for the coordinates around the board
    banner: int  # height of the banner above the board (0: none)
    grid: Grid
    width: int
    height: int


def layout(
    square: int,
    *,
    banner: bool = True,
    columns: int = 12,
    rows: int = 12,
    unit: int | None = None,
    cards: int = 4,
) -> Layout:
    """Where everything goes. ``unit`` sizes the banner (the cross's square; default
    ``square``), which holds one row of two cards per two armies."""
    margin = max(16, round(square * 0.42))  # room for the coordinates even on tiny squares
    unit = unit or square
    card_rows = (cards + 1) // 2
    banner_height = card_rows * round(unit * 0.92) + round(unit * 0.2) if banner else 0
    grid = Grid(margin, banner_height + margin, square)
    return Layout(
        square,
        margin,
        banner_height,
        grid,
        columns * square + 2 * margin,
        banner_height + rows * square + 2 * margin,
    )


def frame_for(geo: Geometry, bottom: str) -> Frame:
    if bottom not in geo.seat_index:
        raise ValueError(f"bottom must be one of {', '.join(geo.seat_names)}, not '{bottom}'")
    seat = geo.seats[geo.seat_index[bottom]]
    return Frame(geo.width, geo.height, seat.right, seat.forward)


def bottom_seat(geo: Geometry, bottom: str) -> str:
    """The seat drawn at the bottom: ``bottom`` if it plays on this board, else the first
    seat (South in Face-off, whose armies are not always Fire)."""
    return bottom if bottom in geo.seat_index else geo.seat_names[0]


def board_square(geo: Geometry, unit: int) -> int:
    """Pixels per square for a board drawn where the cross would use ``unit``: the cross
    keeps ``unit``; other boards are scaled to about the same size."""
    if geo is GEOMETRIES["cross"]:
        return unit
    return max(8, min(unit * FIT_COLUMNS // geo.width, unit * FIT_ROWS // geo.height))


def square_box(
    name: str, options: LokaImageOptions = LokaImageOptions(), board: str | Geometry = "cross"
) -> tuple[int, int, int, int]:
    """Where a square is drawn in :func:`render_loka`'s image (left, top, right, bottom)."""
    geo = GEOMETRIES[board] if isinstance(board, str) else board
    sq = geo.parse(name)
    frame = frame_for(geo, bottom_seat(geo, options.bottom))
    col, row = frame.screen(sq % geo.width, sq // geo.width)
    square = board_square(geo, options.square)
    lay = layout(
        square,
        columns=frame.columns,
        rows=frame.rows,
        unit=options.square,
        cards=len(geo.seats),
    )
    return lay.grid.box(col, row)


# ---------------------------------------------------------------- static layer


@dataclass(frozen=True)
class Static:
    """The empty board of one layout (a palette image) and where things are on it."""

    image: Image.Image
    layout: Layout
    frame: Frame
    cells: tuple[tuple[int, int] | None, ...]  # screen (col, row) of each square index
    labels: tuple[tuple[int, int, int, int], ...]  # boxes of the coordinate labels

    def cell(self, sq: int) -> tuple[int, int]:
        """The screen (col, row) of square ``sq``, which is on the board."""
        where = self.cells[sq]
        if where is None:
            raise ValueError(f"square {sq} is not on this board")
        return where


# theme, board, square size, bottom seat, banner unit (0: no banner). No tiles: every game
# lays its own, and the board without them is shared by all (a tile is a square's ground).
StaticKey = tuple[Theme, Geometry, int, str, int]
# What a square shows under its stack: its colour, and its tile's kind and axis on screen
# (None, None: a plain square). Where it stands on the board does not matter.
Ground = tuple[RGB, str | None, str | None]


def _draw_static(
    theme: Theme, geo: Geometry, square: int, bottom: str, tiles: tuple[Tile, ...], unit: int
) -> Static:
    """The empty board in RGB (the palette is fitted to it, so it cannot be P yet)."""
    frame = frame_for(geo, bottom)
    lay = layout(
        square,
        banner=unit > 0,
        columns=frame.columns,
        rows=frame.rows,
        unit=unit or None,
        cards=len(geo.seats),
    )
    image = Image.new("RGB", (lay.width, lay.height), theme.background)
    draw = ImageDraw.Draw(image)
    tile_at = {t.square: t for t in tiles}
    cells: list[tuple[int, int] | None] = [None] * geo.size
    for sq in geo.squares:
        f, r = sq % geo.width, sq // geo.width
        col, row = frame.screen(f, r)
        cells[sq] = (col, row)
        box = lay.grid.box(col, row)
        colour = theme.dark_square if (f + r) % 2 == 0 else theme.light_square
        tile = tile_at.get(sq)
        if tile is None:
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=colour)
        else:
            axis = None
            if tile.axis is not None:
                axis = frame.on_screen((0, 1) if tile.axis == "n" else (1, 0))
            image.paste(tile_image(theme, square, tile.kind, axis, colour), box[:2])
    labels = _coordinates(draw, geo, frame, lay, theme)
    return Static(image, lay, frame, tuple(cells), labels)


def _coordinates(
    draw: ImageDraw.ImageDraw, geo: Geometry, frame: Frame, lay: Layout, theme: Theme
) -> tuple[tuple[int, int, int, int], ...]:
    """File letters and rank numbers on all four sides, each next to the outermost square of
    its line (so the labels follow the cut corners instead of floating in the margin)."""
    size = max(11, round(lay.square * 0.3))
    gap = lay.margin // 2
    boxes: list[tuple[int, int, int, int]] = []

    def put(xy: tuple[float, float], text: str) -> None:
        draw_text(draw, xy, text, size, theme.coordinates, anchor="mm")
        left, top, right, bottom = draw.textbbox(xy, text, font=font(size), anchor="mm")
        boxes.append((round(left), round(top), round(right), round(bottom)))

    ranks_run_down = frame.on_screen((0, 1)) == "v"  # then each column is one file

    def label(col: int, row: int, file: bool) -> str:
        f, r = frame.board(col, row)
        return file_name(f) if file else str(r + 1)

    def exists(col: int, row: int) -> bool:
        f, r = frame.board(col, row)
        return geo.index(f, r) >= 0

    for col in range(frame.columns):
        rows = [row for row in range(frame.rows) if exists(col, row)]
        text = label(col, 0, ranks_run_down)
        top, bottom = lay.grid.box(col, rows[0]), lay.grid.box(col, rows[-1])
        cx = (top[0] + top[2]) / 2
        put((cx, top[1] - gap), text)
        put((cx, bottom[3] + gap), text)
    for row in range(frame.rows):
        cols = [col for col in range(frame.columns) if exists(col, row)]
        text = label(0, row, not ranks_run_down)
        left, right = lay.grid.box(cols[0], row), lay.grid.box(cols[-1], row)
        cy = (left[1] + left[3]) / 2
        put((left[0] - gap, cy), text)
        put((right[2] + gap, cy), text)
    return tuple(boxes)


@lru_cache(maxsize=24)
def _static(key: StaticKey) -> Static:
    """The cached static layer, without tiles; only the palette image is kept (a third of
    RGB's memory). Mapping to the palette is pixel by pixel, so a tile drawn into the RGB
    layer or its square pasted on this one (:func:`_ground`) gives the same pixels."""
    theme, geo, square, bottom, unit = key
    drawn = _draw_static(theme, geo, square, bottom, (), unit)
    return replace(drawn, image=to_palette(drawn.image, _palette(theme)))


@lru_cache(maxsize=64)
def _ground(theme: Theme, square: int, ground: Ground) -> Image.Image:
    """A square's static pixels, in the palette: a plain square or a tile."""
    colour, kind, axis = ground
    if kind is None:
        image = Image.new("RGB", (square, square), colour)
    else:
        image = tile_image(theme, square, kind, axis, colour)
    return to_palette(image, _palette(theme))


def _square_ground(geo: Geometry, frame: Frame, theme: Theme, sq: int, tile: Tile | None) -> Ground:
    f, r = sq % geo.width, sq // geo.width
    colour = theme.dark_square if (f + r) % 2 == 0 else theme.light_square
    if tile is None:
        return colour, None, None
    axis = None
    if tile.axis is not None:
        axis = frame.on_screen((0, 1) if tile.axis == "n" else (1, 0))
    return colour, tile.kind, axis


# ---------------------------------------------------------------- cells

Token = tuple[
    Any, ...
]  # ("overlay", kind, colour, edge), ("piece", army, kind, on_tile), ("mark", kind)

# The light band around a piece standing on a tile, and the light body of a move target on
# a tile: tiles are busy and often dark (a portal's purple eats a dark outline or dot).
HALO = (250, 250, 250)


@lru_cache(maxsize=16)
def _tile_target(theme: Theme, square: int, kind: str) -> Image.Image:
    """A move target on a tile: the dot (or capture ring) in light paint with a dark rim,
    which reads on every tile where the usual translucent dark mark disappears."""
    rim = (*theme.legal_target[:3], 255)
    s = Sketch(square)
    if kind == DOT:
        s.paint(circle(0.5, 0.5, 0.15), rim, grow=0.035)
        s.paint(circle(0.5, 0.5, 0.15), (*HALO, 255))
    else:
        for box, colour in ((0.02, rim), (0.05, (*HALO, 255)), (0.1, rim), (0.125, (0, 0, 0, 0))):
            s.paint(Ellipse((box, box, 1 - box, 1 - box)), colour)
    return s.finish()


def _piece_size(square: int) -> int:
    return round(square * 0.9)


@lru_cache(maxsize=4096)
def _cell(theme: Theme, square: int, ground: Ground, stack: tuple[Token, ...]) -> Image.Image:
    """A square with what it carries: the same wherever it stands, in every game."""
    base = _ground(theme, square, ground)
    layers = []
    for token in stack:
        if token[0] == "piece":
            size = _piece_size(square)
            offset = (square - size) // 2
            army, kind, on_tile = token[1:]
            art = (
                haloed_sprite(theme, size, army, kind, HALO)
                if on_tile
                else piece_sprite(theme, size, army, kind)
            )
            layers.append((art, (offset, offset)))
        elif token[0] == "mark":
            layers.append((_tile_target(theme, square, token[1]), (0, 0)))
        else:
            layers.append((overlay(square, token[1], token[2], token[3]), (0, 0)))
    return compose_cell(base, layers, _palette(theme))


def _tint(colour: tuple[int, ...], edge: tuple[int, ...] | None = None) -> Token:
    return ("overlay", TINT, colour, edge)


def _stacks(view: LokaState, options: LokaImageOptions) -> dict[int, list[Token]]:
    """What each square carries beyond the static layer, in drawing order."""
    geo, theme = view.geometry, options.theme
    highlight: dict[int, Token] = {}
    if view.last_move is not None:
        for sq in view.last_move:
            highlight[sq] = _tint(theme.last_move, theme.last_move_edge)
    combat = _combat(view)
    if combat is not None:
        highlight[combat.dst] = _tint(theme.combat, theme.combat_edge)
    if options.selected is not None:
        highlight[geo.parse(options.selected)] = _tint(theme.selected)
    promotion: set[int] = set()
    if options.promotion and view.turn is not None and view.phase == BATTLE:
        promotion = set(geo.promotion[view.turn])
        promo_colour = theme.promotion or (*theme.army(geo.seat_names[view.turn]).fill, 230)
    targets = {geo.parse(name) for name in options.targets}
    tiled = {t.square for t in view.tiles}

    stacks: dict[int, list[Token]] = {}
    for sq in geo.squares:
        stack: list[Token] = []
        if sq in highlight:
            stack.append(highlight[sq])
        if sq in promotion:
            stack.append(("overlay", CORNERS, promo_colour, None))
        piece = view.board[sq]
        if piece:
            stack.append(("piece", geo.seat_names[piece >> 3], KIND_NAME[piece & 7], sq in tiled))
        if sq in targets:
            mark = RING if piece else DOT
            stack.append(
                ("mark", mark) if sq in tiled else ("overlay", mark, theme.legal_target, None)
            )
        if stack:
            stacks[sq] = stack
    return stacks


@dataclass(frozen=True)
class Fight:
    """A combat to show: the last one, or one waiting for a Super D20 decision."""

    src: int
    dst: int
    dice: tuple[int, int, int, int]  # attack die, defence die, attack roll, defence roll
    result: str  # a CombatReport result, or "pending"
    rerolled: str | None = None


def _combat(view: LokaState) -> Fight | None:
    p, c = view.pending, view.last_combat
    if p is not None:
        dice = (p.attack_die, p.defence_die, p.attack_roll, p.defence_roll)
        return Fight(p.src, p.dst, dice, "pending")
    if c is not None:
        dice = (c.attack_die, c.defence_die, c.attack_roll, c.defence_roll)
        return Fight(c.src, c.dst, dice, c.result, c.rerolled)
    return None


# ---------------------------------------------------------------- the board image


def _static_key(view: LokaState, options: LokaImageOptions, unit: int, banner: bool) -> StaticKey:
    geo = view.geometry
    square = board_square(geo, unit)
    bottom = bottom_seat(geo, options.bottom)
    return (options.theme, geo, square, bottom, unit if banner else 0)


def _board_image(
    view: LokaState,
    options: LokaImageOptions,
    *,
    square: int,
    banner: bool,
    stacks: Mapping[int, Sequence[Token]],
    badge: bool = True,
) -> Image.Image:
    """The board with its cells (and the dice badge of a combat unless ``badge`` is off);
    ``square`` is the cross's square size (the unit), which other boards scale to their
    own."""
    key = _static_key(view, options, square, banner)
    static = _static(key)
    image = _with_cells(key, static, view.tiles, stacks)
    arrows = _arrows(view, options)
    for arrow in arrows:
        _draw_arrow(image, static, arrow, options.theme)
    if badge:
        image = _draw_badge(image, view, options, square, banner)
    if banner:
        _draw_banner(image, view, options, square)
    return image


# The last board drawn on each static layer (its squares only) and what its squares show:
# the next picture on that layer repastes only the squares that changed, a few when a game
# moves on, instead of every tile and occupied square. Taken out of the dict while in use
# (under the lock), so two threads never draw on one.
_boards: dict[StaticKey, tuple[Image.Image, dict[int, tuple[Ground, tuple[Token, ...]]]]] = {}
_boards_lock = threading.Lock()
BOARDS_KEPT = 8  # ~1.2 MB each for the cross


def _with_cells(
    key: StaticKey, static: Static, tiles: Sequence[Tile], stacks: Mapping[int, Sequence[Token]]
) -> Image.Image:
    """A new image of the static layer with the tiles and the cells of ``stacks`` on it."""
    theme, geo, square = key[0], key[1], key[2]
    tile_at = {t.square: t for t in tiles}
    now = {
        sq: (
            _square_ground(geo, static.frame, theme, sq, tile_at.get(sq)),
            tuple(stacks.get(sq, ())),
        )
        for sq in tile_at.keys() | stacks.keys()
    }
    with _boards_lock:
        kept = _boards.pop(key, None)
    image, before = kept if kept is not None else (static.image.copy(), {})
    grid = static.layout.grid
    for sq in before.keys() | now.keys():
        shown = now.get(sq)
        if shown != before.get(sq):
            box = grid.box(*static.cell(sq))
            # A square is its cell, its ground or the plain square of the static layer:
            # every paste covers it whole.
            if shown is None:
                part = static.image.crop(box)
            elif shown[1]:
                part = _cell(theme, square, *shown)
            else:
                part = _ground(theme, square, shown[0])
            image.paste(part, box[:2])
    with _boards_lock:
        while len(_boards) >= BOARDS_KEPT:
            del _boards[next(iter(_boards))]  # the least recently drawn on
        _boards[key] = (image, now)
    return image.copy()


def loka_image(view: LokaState, *, options: LokaImageOptions = LokaImageOptions()) -> Image.Image:
    """The board image of :func:`render_loka`, as a Pillow image (palette mode)."""
    return _board_image(
        view, options, square=options.square, banner=True, stacks=_stacks(view, options)
    )


def render_loka(view: LokaState, *, options: LokaImageOptions = LokaImageOptions()) -> bytes:
    """The board as a PNG: banner, board from ``options.bottom``'s side, highlights of the
    last move and combat, and the marks the options ask for."""
    return encode_png(loka_image(view, options=options))


# ---------------------------------------------------------------- arrows


@dataclass(frozen=True)
class Arrow:
    """An arrow from one square's centre towards another's: a move (the last one), or a
    jump between the two portals (dashed, in the portal's colours)."""

    start: int
    end: int
    portal: bool = False
    leaves: bool = False  # start at the square's edge: a piece still stands there


def _bishop_went_straight(view: LokaState, src: int, dst: int) -> bool:
    """Whether a bishop could have gone from ``src`` to ``dst`` along its own diagonal (the
    squares between empty and open to bishops), rather than through the portals."""
    geo, enter = view.geometry, view.terrain.enter[BISHOP]
    (f0, r0), (f1, r1) = divmod(src, geo.width)[::-1], divmod(dst, geo.width)[::-1]
    if abs(f1 - f0) != abs(r1 - r0):
        return False
    step = (1 if f1 > f0 else -1) + (1 if r1 > r0 else -1) * geo.width
    between = range(src + step, dst, step)
    return all(geo.exists[t] and not view.board[t] and enter[t] for t in between)


def last_path(view: LokaState, options: LokaImageOptions = LokaImageOptions()) -> tuple[int, ...]:
    """The squares the last move went through: ``options.last_path`` when given, else the
    view's last move, through the portals when it could not have gone there straight (a
    bishop going on from the other portal). Empty when there is no move to show."""
    geo = view.geometry
    if options.last_path is not None:
        return tuple(geo.parse(name) for name in options.last_path)
    if view.last_move is None or view.phase not in (BATTLE, OVER):
        return ()
    src, dst = view.last_move
    if src == dst:  # a deployment
        return ()
    exit_ = view.terrain.portal_exit.get(src)
    # Only a bishop goes on from the other portal. The mover is still on src when its
    # attack was repelled, else on dst (unless it lost: then the move is drawn straight).
    piece = view.board[src] or view.board[dst]
    if (
        exit_ is not None
        and dst != exit_
        and piece & 7 == BISHOP
        and not _bishop_went_straight(view, src, dst)
    ):
        return (src, exit_, dst)
    return (src, dst)


def _arrows(view: LokaState, options: LokaImageOptions) -> list[Arrow]:
    """The last move (one arrow per leg, the portal leg dashed) and, when the selected piece
    stands on a portal and may jump, the jump to the other portal."""
    exits = view.terrain.portal_exit
    path = last_path(view, options)
    # A repelled attacker is still on its square: its arrow leaves it from the edge.
    arrows = [Arrow(a, b, exits.get(a) == b, bool(view.board[a])) for a, b in pairwise(path)]
    if options.selected is not None:
        geo = view.geometry
        src = geo.parse(options.selected)
        exit_ = exits.get(src)
        if exit_ is not None and geo.names[exit_] in options.targets:
            arrows.append(Arrow(src, exit_, portal=True, leaves=True))
    return arrows


@lru_cache(maxsize=256)
def _arrow_art(
    theme: Theme, square: int, dcol: int, drow: int, portal: bool, leaves: bool = False
) -> tuple[Inked, tuple[int, int]]:
    """An RGBA arrow ``dcol`` x ``drow`` squares long, and where its start square's centre
    falls in it. The tip stops short of the far centre so the piece there stays in view."""
    length = math.hypot(dcol, drow) * square
    ux, uy = dcol * square / length, drow * square / length
    start = 0.32 * square if leaves else 0.0
    tip = length - 0.26 * square
    head, half = 0.4 * square, 0.25 * square
    m = round(0.4 * square)
    ox, oy = m - min(0, dcol * square), m - min(0, drow * square)
    width, height = abs(dcol) * square + 2 * m, abs(drow) * square + 2 * m

    def at(t: float, side: float = 0.0) -> tuple[float, float]:
        """The point ``t`` pixels along the arrow and ``side`` pixels to its left, in the
        sketch's units (its width)."""
        return ((ox + ux * t + uy * side) / width, (oy + uy * t - ux * side) / width)

    shaft = 0.13 * square / width
    base = tip - head
    if portal:
        fill, edge = theme.tile("portal").ink, theme.tile("portal").ground
        dash, gap = 0.26 * square, 0.16 * square
        pieces = []
        t = start
        while t < base:
            pieces.append(Line((at(t), at(min(t + dash, base))), shaft))
            t += dash + gap
    else:
        fill, edge = theme.last_move_edge, (24, 40, 6)
        pieces = [Line((at(start), at(base)), shaft)]
    arrowhead = Poly((at(tip), at(base, half), at(base - 0.05 * square), at(base, -half)))
    shapes: list[Shape] = [*pieces, arrowhead]
    s = Sketch(width, height, inks=((*edge, 255), (*fill, 255)))  # painted as 1 and 2
    for shape in shapes:
        s.paint(shape, 1, grow=0.025 * square / width)
    for shape in shapes:
        s.paint(shape, 2)
    # A box filter for the antialiasing: as smooth on flat shapes as finish()'s LANCZOS and
    # ten times faster on a canvas this big (each new arrow length is drawn once).
    art = s.reduced()
    # Translucent, so the squares and pieces it crosses still show through.
    art.putalpha(art.getchannel("A").point(lambda v: v * 215 // 255))
    # Cut in bands two squares high: a diagonal arrow inks a narrow strip of its box, and
    # only its ink is blended (bands of one square or less cost more calls than they save).
    return inked(art, 2 * square), (ox, oy)


def _draw_arrow(image: Image.Image, static: Static, arrow: Arrow, theme: Theme) -> None:
    grid = static.layout.grid
    (c0, r0), (c1, r1) = static.cell(arrow.start), static.cell(arrow.end)
    art, (ox, oy) = _arrow_art(theme, grid.square, c1 - c0, r1 - r0, arrow.portal, arrow.leaves)
    x0, y0, x1, y1 = grid.box(c0, r0)
    _composite(image, art, ((x0 + x1) // 2 - ox, (y0 + y1) // 2 - oy), theme)


def _composite(image: Image.Image, art: Inked, xy: tuple[int, int], theme: Theme) -> None:
    """Lay an RGBA drawing over the palette image at ``xy``: as if that region were
    converted, blended and mapped back to the palette (renderer.board.lay_over)."""
    lay_over(image, art, xy, _palette(theme), _settled(theme))


@lru_cache(maxsize=4)
def _settled(theme: Theme) -> list[int]:
    return settled(_palette(theme))


# ---------------------------------------------------------------- the dice badge


# Badge sizes tried, largest first, as a share of the square the badge is drawn for: the
# largest that fits where it covers nothing is the one drawn (a cut corner of the cross
# holds one about 2.9 squares wide, readable at 400 px).
BADGE_SCALES = (1.3, 1.15, 1.0)
BADGE_PAD = 6  # pixels kept clear between the badge and the squares, labels and edges
Box = tuple[int, int, int, int]  # left, top, right, bottom


def _badge_unit(square: int) -> int:
    """The badge's base size: readable on the small squares of a massive board, and no
    bigger than the cross's on the big squares of an 8x8 board."""
    return min(max(square, 44), 84)


def badge_box(view: LokaState, options: LokaImageOptions = LokaImageOptions()) -> Box | None:
    """Where :func:`render_loka` draws the dice badge (left, top, right, bottom), or
    ``None`` without a combat to show: off every square and every coordinate label, in a
    cut corner of the cross, else in a strip added under the board (issue 30)."""
    return _badge_place(view, options, options.square, True)[0]


def board_boxes(
    view: LokaState, options: LokaImageOptions = LokaImageOptions()
) -> tuple[tuple[Box, ...], tuple[Box, ...]]:
    """The boxes of :func:`render_loka`'s squares and of its coordinate labels."""
    static = _static(_static_key(view, options, options.square, True))
    grid = static.layout.grid
    return tuple(grid.box(*c) for c in static.cells if c is not None), static.labels


def _badge_place(
    view: LokaState, options: LokaImageOptions, square: int, banner: bool
) -> tuple[Box | None, int]:
    """The badge's box and its unit (``None``, 0 without a combat). Below the static
    image's height, the box lies in a strip to add to the board."""
    fight = _combat(view)
    if fight is None:
        return None, 0
    key = _static_key(view, options, square, banner)
    static = _static(key)
    unit = _badge_unit(static.layout.square)
    near = static.cells[fight.dst]
    assert near is not None
    for scale in BADGE_SCALES:
        size = badge_size(round(unit * scale))
        spot = _badge_spot(key, near, size)
        if spot is not None:
            return (*spot, spot[0] + size[0], spot[1] + size[1]), round(unit * scale)
    # A full board (Face-off, massive battles): a strip under it, the badge below the
    # combat square's column as far as it fits.
    unit = round(unit * BADGE_SCALES[0])
    bw, bh = badge_size(unit)
    x0, _, x1, _ = static.layout.grid.box(*near)
    x = min(max(BADGE_PAD, (x0 + x1 - bw) // 2), static.image.width - bw - BADGE_PAD)
    y = static.image.height + BADGE_PAD
    return (x, y, x + bw, y + bh), unit


def _draw_badge(
    image: Image.Image, view: LokaState, options: LokaImageOptions, square: int, banner: bool
) -> Image.Image:
    """The image with the dice badge of its combat drawn where :func:`_badge_place` says:
    the image grows a strip at the bottom when the badge goes under the board."""
    box, unit = _badge_place(view, options, square, banner)
    fight = _combat(view)
    if box is None or fight is None:
        return image
    theme = options.theme
    if box[3] > image.height:
        grown = Image.new("P", (image.width, box[3] + BADGE_PAD))
        palette, corner = image.getpalette(), image.getpixel((0, image.height - 1))
        assert palette is not None and corner is not None  # a palette image, a pixel in it
        grown.putpalette(palette)
        grown.paste(corner, (0, 0, *grown.size))
        grown.paste(image, (0, 0))
        image = grown
    badge = combat_badge(theme, unit, *fight.dice, fight.result, fight.rerolled, options.words)
    _composite(image, inked(badge, badge.height), box[:2], theme)
    return image


@lru_cache(maxsize=512)
def _badge_spot(
    key: StaticKey, near: tuple[int, int], size: tuple[int, int]
) -> tuple[int, int] | None:
    """The top-left corner of the spot nearest ``near`` where a box of ``size`` covers no
    square and no coordinate label (with ``BADGE_PAD`` around it) and stays under the
    banner, on the board's image; ``None`` when there is none (a full board). The first
    such spot in :func:`_badge_room`'s order when several are as near."""
    free = _badge_room(key, size)
    if not free:
        return None
    x0, y0, x1, y1 = _static(key).layout.grid.box(*near)
    cx, cy = (x0 + x1 - size[0]) / 2, (y0 + y1 - size[1]) / 2
    return min(free, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)


@lru_cache(maxsize=32)
def _badge_room(key: StaticKey, size: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """Every spot (top-left corner, on a grid of a sixth of a square, x then y) where a box
    of ``size`` covers no square and no coordinate label (with ``BADGE_PAD`` around it)
    and stays under the banner: tested once per layer and size (~6,000 spots, a few ms),
    not once per combat."""
    static = _static(key)
    lay, s = static.layout, static.layout.square
    grid = lay.grid
    bw, bh = size
    pad = BADGE_PAD
    top = lay.banner + pad
    right, bottom = static.image.width - bw - pad, static.image.height - bh - pad
    if right < pad or bottom < top:
        return ()
    cells = {c for c in static.cells if c is not None}
    step = max(4, s // 6)
    xs = sorted({*range(pad, right + 1, step), right})
    ys = sorted({*range(top, bottom + 1, step), bottom})

    def clear(x: int, y: int) -> bool:
        a, b, c, d = x - pad, y - pad, x + bw + pad, y + bh + pad
        cols = range(math.floor((a - grid.left) / s), math.floor((c - 1 - grid.left) / s) + 1)
        rows = range(math.floor((b - grid.top) / s), math.floor((d - 1 - grid.top) / s) + 1)
        if any((col, row) in cells for col in cols for row in rows):
            return False
        return not any(p < c and q > a and r < d and t > b for p, r, q, t in static.labels)

    return tuple((x, y) for x in xs for y in ys if clear(x, y))


# ---------------------------------------------------------------- banner


def _army_points(view: LokaState) -> list[tuple[int, int]]:
    """Each army's pieces on the board and their points, in seat order."""
    costs, totals = view.config.costs, [(0, 0)] * len(view.armies)
    for piece, n in Counter(view.board).items():  # counted in C: a few kinds, not 144 squares
        if piece:
            count, points = totals[piece >> 3]
            totals[piece >> 3] = (count + n, points + n * costs[piece & 7])
    return totals


def deciding_army(view: LokaState, options: LokaImageOptions = LokaImageOptions()) -> str | None:
    """The army that must decide a Super D20 re-roll now: ``options.deciding``, else the
    holder of the view's pending combat (the attacker's or the defender's army)."""
    geo = view.geometry
    if options.deciding is not None:
        if options.deciding not in geo.seat_index:
            raise ValueError(
                f"deciding must be one of {', '.join(geo.seat_names)}, not '{options.deciding}'"
            )
        return options.deciding
    p = view.pending
    if p is None:
        return None
    piece = view.board[p.src if p.holder == "attack" else p.dst]
    return geo.seat_names[piece >> 3] if piece else None


def _cards(view: LokaState, options: LokaImageOptions) -> list[BannerCard]:
    geo = view.geometry
    deciding = deciding_army(view, options)
    cards = []
    totals = _army_points(view)
    for i, army in enumerate(view.armies):
        name = geo.seat_names[i]
        count, points = totals[i]
        if view.phase == SELECTION:
            say_ = options.say
            if army.hidden:
                detail = (
                    say_("ready_hidden", "ready (hidden)")
                    if army.confirmed
                    else say_("choosing_hidden", "choosing (hidden)")
                )
            elif army.draft is None:
                budget = _points(options.words, army.budget)
                detail = say_("choosing", "choosing · {points}", points=budget)
            else:
                cost = sum(
                    view.config.costs[k] * n for k, n in zip(BOUGHT, army.draft, strict=True)
                )
                detail = say_("spent", "{cost}/{budget} pts", cost=cost, budget=army.budget)
                if army.confirmed:
                    detail += say_("ready_mark", " · ready")
        elif view.phase == DEPLOYMENT and army.alive:
            left = sum(army.reserve)
            detail = (
                options.say("to_place", "{n} to place", n=left)
                if left
                else say_counted(options.words, "placed", "{n} placed", "{n} placed", count)
            )
        elif not army.alive:
            detail = _fallen(options, army)
        else:
            detail = say_counted(
                options.words,
                "pieces_points",
                "{n} pcs · {points}",
                "{n} pc · {points}",
                count,
                points=_points(options.words, points),
            )
        if name == deciding:
            detail = options.say("deciding", "re-roll?")
        # While a Super D20 waits, the army that must decide is the one to act.
        acts = name == deciding if deciding else view.seat_to_move == name
        cards.append(
            BannerCard(
                army=name,
                title=options.say("army_" + name, name.capitalize()),
                player=options.names.get(name, ""),
                detail=detail,
                active=view.phase != SELECTION and acts,
                deciding=name == deciding,
                out=not army.alive,
                winner=view.phase == OVER and name in (view.winners or ()),
                wins=options.say("wins_mark", "wins · "),
            )
        )
    return cards


@lru_cache(maxsize=512)
def _card_p(theme: Theme, width: int, height: int, card: BannerCard) -> Image.Image:
    return to_palette(banner_card(theme, width, height, card), _palette(theme))


def _draw_banner(
    image: Image.Image, view: LokaState, options: LokaImageOptions, square: int
) -> None:
    """Two cards a row across the top, in turn order: Fire, Earth / Water, Air (Face-off:
    South, North)."""
    cards = _cards(view, options)
    pad = round(square * 0.15)
    width = (image.width - 2 * pad) // 2
    height = round(square * 0.92)
    for i, card in enumerate(cards):
        x, y = pad + (i % 2) * width, pad + (i // 2) * height
        if image.mode == "P":
            image.paste(_card_p(options.theme, width, height, card), (x, y))
        else:
            image.paste(banner_card(options.theme, width, height, card), (x, y))


# ---------------------------------------------------------------- palette


@lru_cache(maxsize=4)
@fitted
def _palette(theme: Theme) -> Image.Image:
    """One palette per theme, fitted to samples of everything these images draw."""
    from engine.loka.terrain import TILE_SET

    square = DEFAULT_SQUARE
    tiles = tuple(
        Tile(sq, kind, "n" if kind == "pass" else None)
        for sq, kind in zip((63, 66, 55, 80, 75, 91, 53, 52, 104), TILE_SET, strict=True)
    )
    samples = [_draw_static(theme, GEOMETRIES["cross"], square, "fire", tiles, square).image]
    size = _piece_size(square)
    tile_grounds = tuple(tile.ground for _, tile in theme.terrain)
    for ground in (theme.light_square, theme.dark_square, theme.banner, theme.background):
        sheet = Image.new("RGBA", (size * len(KINDS), size * 4), ground)
        for j, army in enumerate(("fire", "earth", "water", "air")):
            for i, kind in enumerate(KINDS):
                sheet.alpha_composite(
                    piece_sprite(theme, size, army, KIND_NAME[kind]), (i * size, j * size)
                )
        samples.append(sheet)
    # Pieces with their halo on every tile's ground; marks, targets on tiles and arrows.
    sheet = Image.new("RGBA", (size * len(tile_grounds), size * 4))
    for i, ground in enumerate(tile_grounds):
        for j, army in enumerate(("fire", "earth", "water", "air")):
            sheet.paste(ground, (i * size, j * size, (i + 1) * size, (j + 1) * size))
            sheet.alpha_composite(
                haloed_sprite(theme, size, army, "pawn", HALO), (i * size, j * size)
            )
    samples.append(sheet)
    marks = Image.new("RGBA", (square * 8, square * 2), theme.light_square)
    for i, colour in enumerate((theme.last_move, theme.combat, theme.selected, theme.legal_target)):
        marks.alpha_composite(overlay(square, TINT, colour, None), (i * square, 0))
    marks.paste(theme.tile("portal").ground, (4 * square, 0, 6 * square, square))
    marks.alpha_composite(_tile_target(theme, square, DOT), (4 * square, 0))
    marks.alpha_composite(_tile_target(theme, square, RING), (5 * square, 0))
    for i, portal in enumerate((False, True)):
        arrow = _arrow_art(theme, square, 2, 0, portal)[0].image()
        marks.alpha_composite(arrow, (i * 4 * square, square))
    samples.append(marks)
    samples.append(combat_badge(theme, square, 12, 8, 9, 3, "defender_removed"))
    for army, _ in theme.armies:
        card = BannerCard(army, army.capitalize(), "Player", "16 pieces · 160 pts", active=True)
        samples.append(banner_card(theme, 480, 72, card))
        samples.append(banner_card(theme, 480, 72, replace(card, deciding=True)))
    fixed = [*theme.flat, *theme.flat_fight, HALO]
    for _, colours in theme.armies:
        fixed += [colours.fill, colours.outline]
    for _, tile in theme.terrain:
        fixed += [tile.ground, tile.ink, tile.accent]
    return fit_palette(samples, fixed)


# ---------------------------------------------------------------- deployment


def _piece_counts(
    image: Image.Image,
    theme: Theme,
    army: str,
    counts: Sequence[tuple[int, int]],
    xy: tuple[int, int],
    width: int,
    sprite: int,
) -> None:
    """Sprites of the kinds in ``counts`` (kind, number), each with its number, in rows
    filling ``width``."""
    draw = ImageDraw.Draw(image)
    step = sprite + round(sprite * 0.42)
    per_row = max(1, width // step)
    for i, (kind, n) in enumerate(counts):
        x, y = xy[0] + (i % per_row) * step, xy[1] + (i // per_row) * sprite
        art = piece_sprite(theme, sprite, army, KIND_NAME[kind])
        image.paste(art, (x, y), art)
        label = (x + sprite, y + round(sprite * 0.62))
        draw_text(draw, label, str(n), round(sprite * 0.42), theme.text, anchor="lm", bold=True)


def _deploy_hint(view: LokaState, army: int, squares: set[int], options: LokaImageOptions) -> str:
    """Which pieces go down now and on which row ('nobles · row 1')."""
    reserve = view.armies[army].reserve
    if reserve[KING]:
        what = options.say("king_first", "king first")
    elif any(reserve[k] for k in NOBLES):
        what = options.say("nobles", "nobles")
    else:
        what = options.say("pawns", "pawns")
    row = min(view.geometry.row_of[army][sq] for sq in squares)
    return options.say("deploy_row", "{what} · row {row}", what=what, row=row)


def deployment_image(
    view: LokaState, *, options: LokaImageOptions = LokaImageOptions()
) -> Image.Image:
    """The board with the open squares of the army deploying now, and beside it what each
    army still has to place."""
    return _deployment(view, options, whole=True)[0]


def _deployment(
    view: LokaState, options: LokaImageOptions, *, whole: bool
) -> tuple[Image.Image, Image.Image, int, int]:
    """:func:`deployment_image` in RGB, its board (in the palette), the board's top and the
    column where what is drawn beside the board starts. Not ``whole``: the board is left
    out of the RGB image left of that column (:func:`render_deployment` maps it alone)."""
    theme, geo = options.theme, view.geometry
    square = round(options.square * 0.8)
    stacks = _stacks(view, options)
    hint = ""
    if view.phase == DEPLOYMENT and view.turn is not None:
        colours = theme.army(geo.seat_names[view.turn])
        open_squares: set[int] = set()
        for kind in KINDS:
            open_squares.update(deploy_squares(view, view.turn, kind))
        for sq in open_squares:
            stacks.setdefault(sq, []).insert(0, _tint((*colours.fill, 90), colours.fill))
            stacks[sq].append(("overlay", DOT, (*colours.outline, 150), None))
        if open_squares:
            hint = _deploy_hint(view, view.turn, open_squares, options)

    board = _board_image(view, options, square=square, banner=False, stacks=stacks)
    head = layout(square, cards=len(geo.seats)).banner
    # The cross's cut corners leave room for the coordinates; a full board needs a gap.
    gap = 0 if geo is GEOMETRIES["cross"] else round(square * 0.15)
    panel = round(options.square * 2.65) + gap
    image = Image.new("RGB", (board.width + panel, head + board.height), theme.background)
    x0, top = board.width + gap, head + layout(square, banner=False).margin // 2
    title, small, pad = round(square * 0.36), round(square * 0.29), round(square * 0.12)
    beside = min(board.width, x0 - pad)  # the active army's card reaches into the board
    start = 0 if whole else beside
    image.paste(board.crop((start, 0, board.width, board.height)).convert("RGB"), (start, head))
    _draw_banner(image, view, options, square)
    draw = ImageDraw.Draw(image)
    section = (image.height - top) // len(view.armies)
    for i, army in enumerate(view.armies):
        name, y = geo.seat_names[i], top + i * section
        left = [(k, army.reserve[k]) for k in KINDS if army.reserve[k]]
        active = view.phase == DEPLOYMENT and view.turn == i
        if active:
            box = (x0 - pad, y, image.width - pad, y + section - pad)
            draw.rounded_rectangle(box, radius=pad * 2, fill=theme.banner)
        stripe = (x0, y + pad, x0 + pad // 2, y + pad + title)
        draw.rounded_rectangle(stripe, radius=pad // 4, fill=theme.army(name).fill)
        draw_text(
            draw,
            (x0 + 3 * pad // 2, y + pad),
            options.say("army_" + name, name.capitalize()),
            title,
            theme.text,
            bold=True,
        )
        if not army.alive:
            status = options.say("out", "out")
        elif active:
            status = hint
        elif left:
            status = options.say("to_place", "{n} to place", n=sum(n for _, n in left))
        else:
            status = options.say("all_placed", "all placed")
        draw_text(draw, (x0 + 3 * pad // 2, y + 2 * pad + title), status, small, theme.muted_text)
        where = (x0 + pad // 2, y + 3 * pad + title + small)
        _piece_counts(image, theme, name, left, where, panel - pad, round(square * 0.7))
    return image, board, head, beside


def render_deployment(view: LokaState, *, options: LokaImageOptions = LokaImageOptions()) -> bytes:
    """Deployment in progress: the open rows of the army to deploy, every army's reserve."""
    image, board, head, beside = _deployment(view, options, whole=False)
    return encode_png(_mapped(image, board, head, beside, options.theme))


def _mapped(
    image: Image.Image, board: Image.Image, head: int, beside: int, theme: Theme
) -> Image.Image:
    """An RGB picture in the palette, where ``board`` (in the palette already, left out of
    ``image``) fills the part left of column ``beside`` below row ``head``. Mapping goes
    pixel by pixel, so only what is drawn in RGB (above, beside) is mapped; the board goes
    through the table of where mapping takes each of its colours: the pixels of mapping the
    whole picture with the board in it, for a fraction of the work."""
    palette = _palette(theme)
    out = Image.new("P", image.size)
    out.putpalette(palette.getpalette() or [])
    out.paste(to_palette(image.crop((0, 0, image.width, head)), palette), (0, 0))
    drawn = image.crop((beside, head, image.width, image.height))
    out.paste(to_palette(drawn, palette), (beside, head))
    out.paste(board.crop((0, 0, beside, board.height)).point(_settled(theme)), (0, head))
    return out


def _fallen(options: LokaImageOptions, army: Army) -> str:
    """How an army that is out of the game went: it resigned, or its king was lost."""
    return (
        options.say("resigned", "resigned")
        if army.resigned
        else options.say("king_lost", "king lost")
    )


# ---------------------------------------------------------------- army card


def render_army_card(
    army_name: str,
    counts: Sequence[int],
    budget: int,
    costs: Mapping[int, int] = LOKA_COSTS,
    *,
    theme: Theme | None = None,  # None: the current theme (renderer.theme.using)
    player: str = "",
    words: Words = (),
) -> bytes:
    """One army's pieces and points as a PNG (for the secret DM during selection): each kind
    with its count and cost, total against the budget. ``counts`` are queens, rooks,
    bishops, knights and pawns (a draft); the king is always there. Drawn only from these
    numbers, so it shows exactly what it is given."""
    width, height = 1000, 400
    theme = theme or current_theme()
    colours = theme.army(army_name)
    image = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(image)
    full = {KING: 1, **dict(zip(BOUGHT, counts, strict=True))}
    total = sum(costs[k] * n for k, n in full.items())
    over = total > budget

    draw.rounded_rectangle((16, 16, width - 16, 104), radius=18, fill=theme.banner)
    draw.rounded_rectangle((16, 16, 30, 104), radius=7, fill=colours.fill)
    army_word = say(words, "army_" + army_name, army_name.capitalize())
    title = say(words, "army_title", "{army} army", army=army_word)
    draw_text(draw, (48, 44), title, 40, theme.text, anchor="lm", bold=True)
    if player:
        name = fit(printable(player), 26, 420)
        draw_text(draw, (48, 82), name, 26, theme.muted_text, anchor="lm")
    points = say(words, "points_of", "{total} / {budget} pts", total=total, budget=budget)
    ink = theme.strike if over else theme.text
    draw_text(draw, (width - 40, 44), points, 40, ink, anchor="rm", bold=True)
    pieces = sum(full.values())
    left = (
        say(words, "over_budget", "{n} over budget", n=total - budget)
        if over
        else say_counted(
            words,
            "points_left",
            "{n} left · {pieces}",
            "{n} left · {pieces}",
            budget - total,
            pieces=say_counted(words, "pieces", "{n} pieces", "{n} piece", pieces),
        )
    )
    draw_text(draw, (width - 40, 82), left, 26, theme.muted_text, anchor="rm")

    # The budget bar: the points spent, in the army's colour (red when over).
    bar = (32, 124, width - 32, 140)
    draw.rounded_rectangle(bar, radius=8, fill=theme.banner)
    if total:
        share = min(1.0, total / budget) if budget else 1.0
        end = bar[0] + max(16, round((bar[2] - bar[0]) * share))
        spent = (bar[0], bar[1], end, bar[3])
        draw.rounded_rectangle(spent, radius=8, fill=theme.strike if over else colours.fill)

    column, sprite = (width - 32) // len(KINDS), 120
    for i, kind in enumerate(KINDS):
        n, cost = full[kind], costs[kind]
        cx = 16 + i * column + column // 2
        art = (piece_sprite if n else ghost_sprite)(theme, sprite, army_name, KIND_NAME[kind])
        image.paste(art, (cx - sprite // 2, 160), art)
        ink = theme.text if n else theme.muted_text
        draw_text(draw, (cx, 306), f"x{n}", 38, ink, anchor="mm", bold=True)
        kind_word = say(words, "piece_" + KIND_NAME[kind], KIND_NAME[kind])
        draw_text(draw, (cx, 344), kind_word, 24, theme.muted_text, anchor="mm")
        price = _points(words, cost) if cost else say(words, "free", "free")
        draw_text(draw, (cx, 374), price, 22, theme.muted_text, anchor="mm")
    return encode_png(to_palette(image, _palette(theme)))


# ---------------------------------------------------------------- end of game

TERMINATIONS = {
    "kings_taken": "both enemy kings taken",
    "resignation": "the last enemy army resigned",
    "mutual_destruction": "the last kings fell together: a draw",
    "no_moves": "no army could move: a draw",
}


def _survivors(view: LokaState, army: int) -> list[tuple[int, int]]:
    count = dict.fromkeys(KINDS, 0)
    for p in view.board:
        if p and p >> 3 == army:
            count[p & 7] += 1
    return [(k, n) for k, n in count.items() if n]


def summary_sizes(unit: int) -> tuple[int, int]:
    """The end picture's square and header height for the cross's ``unit``."""
    return round(unit * 0.62), round(unit * 1.35)


def badge_unit(head: int) -> int:
    """The badge size for the end picture's header of height ``head``: as tall as fits."""
    return math.floor((head - 2 * BADGE_PAD) / (badge_size(100)[1] / 100))


def summary_badge_box(
    view: LokaState, options: LokaImageOptions = LokaImageOptions()
) -> Box | None:
    """Where :func:`summary_image` draws the dice badge of the last combat: at the right of
    its header, above the board (readable at 400 px, where the board's squares are small)."""
    if _combat(view) is None:
        return None
    _, head = summary_sizes(options.square)
    bw, bh = badge_size(badge_unit(head))
    x = layout(options.square).width - bw - BADGE_PAD
    y = (head - bh) // 2
    return x, y, x + bw, y + bh


def summary_image(
    view: LokaState, *, options: LokaImageOptions = LokaImageOptions()
) -> Image.Image:
    """The end of a game: who won and how, the final board, what survived of each army."""
    return _summary(view, options, whole=True)[0]


def _summary(
    view: LokaState, options: LokaImageOptions, *, whole: bool
) -> tuple[Image.Image, Image.Image, int]:
    """:func:`summary_image` in RGB, its board (in the palette) and the board's top. Not
    ``whole``: the board is left out of the RGB image (nothing else is drawn over it)."""
    theme, geo, unit = options.theme, view.geometry, options.square
    square, head = summary_sizes(unit)
    stacks = _stacks(view, options)
    board = _board_image(view, options, square=square, banner=False, stacks=stacks, badge=False)
    image = Image.new("RGB", (layout(unit).width, head + board.height), theme.background)
    if whole:
        image.paste(board.convert("RGB"), (0, head))
    fight, box = _combat(view), summary_badge_box(view, options)
    if fight is not None and box is not None:
        badge = combat_badge(
            theme, badge_unit(head), *fight.dice, fight.result, fight.rerolled, options.words
        )
        image.paste(badge, box[:2], badge)  # the header is RGB: the badge's alpha as mask
    draw = ImageDraw.Draw(image)

    winners = list(view.winners or ())
    names = [options.say("army_" + w, w.capitalize()) for w in winners]
    title = (
        say_counted(
            options.words,
            "winners",
            "{armies} win",
            "{armies} wins",
            len(names),
            armies=options.say("and", " and ").join(names),
        )
        if winners
        else options.say("draw", "Draw")
    )
    x = round(unit * 0.3)
    for w in winners:  # the winners' colours before the title
        draw.rounded_rectangle((x, 22, x + 14, head - 30), radius=6, fill=theme.army(w).fill)
        x += 22
    big = round(unit * 0.5)
    draw_text(draw, (x + 10, head * 0.36), title, big, theme.text, anchor="lm", bold=True)
    termination = view.termination or ""
    how = options.say("end_" + termination, TERMINATIONS.get(termination, termination))
    if view.termination == "kings_taken" and len(geo.seats) == 2:
        how = options.say("end_king_taken", "the enemy king taken")
    if view.phase != OVER:
        how = options.say("not_over", "the game is not over")
    draw_text(draw, (x + 10, head * 0.74), how, round(big * 0.6), theme.muted_text, anchor="lm")

    gap = 0 if geo is GEOMETRIES["cross"] else round(square * 0.2)  # clear of the coordinates
    x0 = board.width + gap
    panel = image.width - x0 - round(unit * 0.15)
    section = board.height // len(view.armies)
    title_size, text_size, pad = round(unit * 0.38), round(unit * 0.3), round(unit * 0.18)
    for i, army in enumerate(view.armies):
        name, y = geo.seat_names[i], head + i * section
        won = name in winners
        card = (x0, y + 4, x0 + panel, y + section - 4)
        draw.rounded_rectangle(card, radius=pad, fill=theme.banner)
        stripe = (x0, y + 4, x0 + pad // 2, y + section - 4)
        draw.rounded_rectangle(stripe, radius=pad // 4, fill=theme.army(name).fill)
        line = y + round(unit * 0.4)
        title = options.say("army_" + name, name.capitalize())
        draw_text(draw, (x0 + pad, line), title, title_size, theme.text, anchor="lm", bold=True)
        if won:
            status = options.say("winner", "winner")
        elif not army.alive:
            status = _fallen(options, army)
        else:
            status = options.say("survived", "survived")
        ink = theme.text if won else theme.muted_text
        right = x0 + panel - pad
        draw_text(draw, (right, line), status, text_size, ink, anchor="rm", bold=won)
        px = x0 + pad + text_width(title, title_size, bold=True) + pad
        room = right - px - text_width(status, text_size, bold=won) - pad
        player = fit(printable(options.names.get(name, "")), text_size, room)
        draw_text(draw, (px, line), player, text_size, theme.muted_text, anchor="lm")
        survivors = _survivors(view, i)
        where = (x0 + pad, y + round(unit * 0.68))
        if survivors:
            _piece_counts(image, theme, name, survivors, where, panel - pad, round(square * 0.95))
        else:
            below = (where[0], where[1] + round(unit * 0.3))
            nobody = options.say("no_survivors", "no survivors")
            draw_text(draw, below, nobody, text_size, theme.muted_text, anchor="lm")
    return image, board, head


def render_summary(view: LokaState, *, options: LokaImageOptions = LokaImageOptions()) -> bytes:
    """The end-of-game image as a PNG."""
    image, board, head = _summary(view, options, whole=False)
    return encode_png(_mapped(image, board, head, board.width, options.theme))


def clear_caches() -> None:
    """Forget every cached layer, cell and palette (tests use it to show that caching never
    changes a picture)."""
    for cached in (
        _static,
        _ground,
        _cell,
        _card_p,
        _palette,
        _settled,
        _arrow_art,
        _tile_target,
        _badge_spot,
        _badge_room,
    ):
        cached.cache_clear()
    with _boards_lock:
        _boards.clear()
