"""Lines of Action images, drawn from engine views only (``engine.loa.view``).

One picture: a banner (one card per seat, the seat to act lit), the board with coordinates
on every side, the pieces as discs (white light, black dark: told apart by brightness, not
hue), marked pieces carrying a star, the last move and placement tinted, a selected piece's
legal targets dotted (ringed when they capture), and in Parachute a side panel with the
pieces each player still holds. Once a side has connected its pieces, that group is drawn
linked and haloed, and the winner's card speaks in bold white on deep green. The unbounded
variant draws the bounding box of the pieces and the printed 8x8 area with a margin of one
square; squares outside the printed board are greyer, and its edge is drawn as a frame.

Everything is drawn in palette mode with one fixed palette per theme: the static layer
(background, squares, coordinates) is cached per theme, area and size, and so are each
square's *cell* (its ground, tints, piece and move mark) and each banner card; the
Parachute panel is drawn in RGB over its own strip and only that strip is mapped back.
So an image is one copy and a few pastes, and no picture is mapped to a palette whole."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.loa.config import COLOURS, MARK, PARACHUTE, seat_colour
from engine.loa.notation import Coord, parse_square
from engine.loa.rules import PLACE
from engine.loa.state import LoaState
from renderer.board import DOT, RING, TINT, compose_cell, overlay
from renderer.fonts import draw_text, fit, printable, text_width
from renderer.options import ImageOptions
from renderer.png import encode_png, fit_palette, fitted, to_palette
from renderer.theme import RGB, Theme
from renderer.vector import Ellipse, Poly, Sketch, circle

DEFAULT_SQUARE = 96  # 8 squares and two margins: about 870 px wide
MAX_BOARD = 900  # the unbounded board shrinks its squares to stay within this
PANEL = 180  # the Parachute side panel's width at the default square size

# Pieces: fill, outline, light side, shade, and the star's ink (a contrasting tone).
PIECE_INKS: dict[str, tuple[RGB, RGB, RGB, RGB, RGB]] = {
    "white": ((238, 234, 222), (40, 38, 36), (255, 255, 250), (196, 188, 170), (40, 38, 36)),
    "black": ((44, 44, 50), (228, 226, 218), (92, 92, 102), (20, 20, 24), (240, 206, 96)),
}
OUTSIDE = ((150, 152, 156), (124, 126, 132))  # light, dark squares beyond the printed board
EDGE = (214, 96, 40)  # the frame of the printed board in the unbounded variant
LIT = (96, 128, 200)  # the banner card of a seat that must act
# The winners' cards and their connected group: deep enough that white text on it stays
# readable when the picture is shrunk (contrast about 6:1), and unlike the last-move tint.
WON = (28, 110, 56)


@dataclass(frozen=True)
class LoaImageOptions(ImageOptions):
    """How to draw: from whose side, how big, with which highlights (and names, colours,
    words: :class:`renderer.options.ImageOptions`)."""

    bottom: str = "white"  # "black" turns the board so that rank 8 is at the bottom
    square: int | None = None  # pixels per square (default: 96, less for a wide board)
    targets: tuple[str, ...] = ()  # squares to mark, e.g. a piece's legal moves
    selected: str | None = None  # the square whose moves ``targets`` shows


@dataclass(frozen=True)
class Layout:
    """Where everything is: the board's area in zero-based board coordinates, the square
    size, and the pixel origin of the grid."""

    files: tuple[int, int]  # first and last file drawn
    ranks: tuple[int, int]
    square: int
    margin: int
    banner: int
    panel: int
    flipped: bool
    width: int
    height: int

    def box(self, coord: Coord) -> tuple[int, int, int, int]:
        f, r = coord
        col = (self.files[1] - f) if self.flipped else (f - self.files[0])
        row = (r - self.ranks[0]) if self.flipped else (self.ranks[1] - r)
        x = self.margin + col * self.square
        y = self.banner + self.margin + row * self.square
        return (x, y, x + self.square, y + self.square)


def layout_for(view: LoaState, options: LoaImageOptions = LoaImageOptions()) -> Layout:
    files, ranks = (0, 7), (0, 7)
    if not view.config.bounded:
        fs = [f for f, _, _ in view.pieces] + [0, 7]
        rs = [r for _, r, _ in view.pieces] + [0, 7]
        for name in (*options.targets, *([options.selected] if options.selected else [])):
            f, r = parse_square(name, bounded=False)
            fs.append(f)
            rs.append(r)
        files, ranks = (min(fs) - 1, max(fs) + 1), (min(rs) - 1, max(rs) + 1)
    cols, rows = files[1] - files[0] + 1, ranks[1] - ranks[0] + 1
    square = options.square or min(DEFAULT_SQUARE, max(24, MAX_BOARD // max(cols, rows)))
    margin = round(square * 0.42)
    seats = len(view.seats)
    card = round(min(square, DEFAULT_SQUARE) * 0.5)
    banner = card * (seats // 2) + round(card * 0.3)
    panel = round(PANEL * square / DEFAULT_SQUARE) if view.config.variant == PARACHUTE else 0
    width = cols * square + 2 * margin + panel
    height = banner + rows * square + 2 * margin
    flipped = options.bottom == "black"
    return Layout(files, ranks, square, margin, banner, panel, flipped, width, height)


def square_box(
    view: LoaState, name: str, options: LoaImageOptions = LoaImageOptions()
) -> tuple[int, int, int, int]:
    """Where a square is drawn in :func:`render_loa`'s image (left, top, right, bottom)."""
    return layout_for(view, options).box(parse_square(name, bounded=False))


# ---------------------------------------------------------------- static layer


def _coord_label(value: int, file: bool) -> str:
    if file:
        return chr(ord("a") + value) if 0 <= value < 8 else str(value + 1)
    return str(value + 1)


def _ground(coord: Coord, theme: Theme) -> RGB:
    """A square's colour: the theme's inside the printed board, greyer beyond it."""
    f, r = coord
    dark = (f + r) % 2 == 0
    if 0 <= f < 8 and 0 <= r < 8:
        return theme.dark_square if dark else theme.light_square
    return OUTSIDE[1] if dark else OUTSIDE[0]


@lru_cache(maxsize=16)
def _static(theme: Theme, lay: Layout) -> Image.Image:
    """The cached empty board, in the theme's palette."""
    return to_palette(_draw_static(theme, lay), _palette(theme))


def _draw_static(theme: Theme, lay: Layout) -> Image.Image:
    image = Image.new("RGB", (lay.width, lay.height), theme.background)
    draw = ImageDraw.Draw(image)
    for f in range(lay.files[0], lay.files[1] + 1):
        for r in range(lay.ranks[0], lay.ranks[1] + 1):
            x0, y0, x1, y1 = lay.box((f, r))
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=_ground((f, r), theme))
    if lay.files != (0, 7) or lay.ranks != (0, 7):
        a, b = lay.box((0, 0)), lay.box((7, 7))
        left, top = min(a[0], b[0]), min(a[1], b[1])
        right, bottom = max(a[2], b[2]), max(a[3], b[3])
        w = max(2, lay.square // 24)
        draw.rectangle(
            (left - w // 2, top - w // 2, right + w // 2, bottom + w // 2), outline=EDGE, width=w
        )
    size = max(10, round(lay.square * 0.28))
    gap = lay.margin // 2
    signed = lay.files != (0, 7) or lay.ranks != (0, 7)
    if signed:
        size = max(9, round(lay.square * 0.24))
    first, last = lay.box((lay.files[0], lay.ranks[0])), lay.box((lay.files[1], lay.ranks[1]))
    top = min(first[1], last[1]) - gap
    bottom = max(first[3], last[3]) + gap
    left = min(first[0], last[0]) - gap
    right = max(first[2], last[2]) + gap
    for f in range(lay.files[0], lay.files[1] + 1):
        x0, _, x1, _ = lay.box((f, 0))
        text = _coord_label(f, True)
        for y in (top, bottom):
            draw_text(draw, ((x0 + x1) / 2, y), text, size, theme.coordinates, anchor="mm")
    for r in range(lay.ranks[0], lay.ranks[1] + 1):
        _, y0, _, y1 = lay.box((0, r))
        text = _coord_label(r, False)
        for x in (left, right):
            draw_text(draw, (x, (y0 + y1) / 2), text, size, theme.coordinates, anchor="mm")
    return image


# ---------------------------------------------------------------- pieces


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 4) -> Poly:
    import math

    pts = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + 180 * i / points)
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return Poly(tuple(pts))


@lru_cache(maxsize=64)
def piece_sprite(size: int, colour: str, marked: bool) -> Image.Image:
    """An RGBA disc: the colour's body lit from the left, a contrasting rim, and for a
    marked piece a four-pointed star in the middle."""
    fill, outline, light, shade, ink = PIECE_INKS[colour]
    s = Sketch(size)
    s.shadow(Ellipse((0.12, 0.16, 0.92, 0.96)), 110, 0.03)
    s.paint(circle(0.5, 0.5, 0.4), outline, grow=0.035)
    s.paint(circle(0.5, 0.5, 0.4), shade)
    s.paint(circle(0.47, 0.47, 0.35), fill)
    s.paint(circle(0.4, 0.4, 0.12), light)
    s.paint(circle(0.47, 0.47, 0.3), fill)
    s.paint(Ellipse((0.2, 0.2, 0.8, 0.8)), outline, grow=0.0)
    s.paint(circle(0.5, 0.5, 0.285), fill)
    if marked:
        s.paint(_star(0.5, 0.5, 0.24, 0.085), ink, grow=0.01)
    return s.finish()


# ---------------------------------------------------------------- banner and panel


def _seat_title(seat: str) -> str:
    return seat[0].upper() + seat[1:-1] + " " + seat[-1] if seat[-1].isdigit() else seat.title()


def _seat_detail(view: LoaState, index: int, options: LoaImageOptions) -> str:
    colour = index % 2
    if len(view.seats) == 4:
        mine = [p for p in view.pieces if p[2] & 1 == colour and bool(p[2] & MARK) == (index >= 2)]
        if index >= 2:
            return options.say("marked_count", "marked · {n}", n=len(mine))
        return options.say("plain_count", "plain · {n}", n=len(mine))
    mine = [p for p in view.pieces if p[2] & 1 == colour]
    detail = options.say("pieces", "{n} pieces", n=len(mine))
    if view.config.variant == "ambidextrous" and not view.over:
        if view.parts[colour]:
            detail += options.say("next_marked", " · next marked")
        else:
            detail += options.say("next_plain", " · next plain")
    return detail


def _detail(view: LoaState, index: int, options: LoaImageOptions) -> str:
    """What a seat's card says after its name: its pieces, and what it is doing now."""
    seat = view.seats[index]
    detail = _seat_detail(view, index, options)
    if seat in (view.winners or ()):
        return options.say("wins", "wins · {detail}", detail=detail)
    if view.offer is not None and view.seats[view.offer] == seat:
        return options.say("offers_draw", "offers a draw · {detail}", detail=detail)
    if not view.over and view.step == PLACE and seat == view.seat_to_move:
        held = view.held[seat_colour(index)]
        return options.say("places", "to place · {n} held", n=held)
    return detail


@dataclass(frozen=True)
class _Card:
    """What one seat's banner card shows."""

    ground: RGB
    colour: str  # of the icon's piece
    marked: bool
    title: str
    detail: str
    strong: bool  # bold white: the seat that acts, or that won


def _draw_banner(image: Image.Image, view: LoaState, lay: Layout, options: LoaImageOptions) -> None:
    theme = options.theme
    seats = view.seats
    per_row = 2
    card_h = (lay.banner - round(lay.banner * 0.1)) // (len(seats) // 2)
    width = (lay.width - 2 * 6) // per_row
    active = () if view.over else tuple(_to_act(view))
    winners = set(view.winners or ())
    for i, seat in enumerate(seats):
        row, col = (i // 2, i % 2) if len(seats) == 4 else (0, i)
        lit = seat in active
        ground = LIT if lit else theme.banner
        if seat in winners:
            ground = WON
        title = options.say("seat_" + seat, _seat_title(seat))
        name = printable(options.names.get(seat, ""))
        card = _Card(
            ground,
            COLOURS[i % 2],
            len(seats) == 4 and i >= 2,
            f"{title}  {name}".strip(),
            _detail(view, i, options),
            lit or seat in winners,
        )
        image.paste(_card(theme, width, card_h, card), (6 + col * width, 4 + row * card_h))


@lru_cache(maxsize=512)
def _card(theme: Theme, width: int, card_h: int, card: _Card) -> Image.Image:
    """One seat's card in the theme's palette (cached: a move changes a card or two)."""
    image = Image.new("RGB", (width, card_h), theme.background)
    draw = ImageDraw.Draw(image)
    box = (3, 3, width - 3, card_h - 3)
    draw.rounded_rectangle(box, radius=card_h // 5, fill=card.ground)
    icon = round(card_h * 0.8)
    sprite = piece_sprite(icon, card.colour, card.marked)
    image.paste(sprite, (box[0] + 6, (box[1] + box[3] - icon) // 2), sprite)
    tx = box[0] + 12 + icon
    size = max(10, round(card_h * 0.36))
    cy = (box[1] + box[3]) / 2
    strong = card.strong
    room = box[2] - tx - 10
    text = fit(card.title, size, room // 2, bold=True)
    draw_text(draw, (tx, cy), text, size, theme.text, anchor="lm", bold=strong)
    small = max(9, round(size * (0.9 if strong else 0.8)))
    rest = room - text_width(text, size, bold=True) - 16
    ink = theme.text if strong else theme.muted_text
    said = fit(card.detail, small, rest, bold=strong)
    draw_text(draw, (box[2] - 10, cy), said, small, ink, anchor="rm", bold=strong)
    return to_palette(image, _palette(theme))


def _to_act(view: LoaState) -> list[str]:
    if view.offer is not None:
        side = view.offer % 2
        return [s for i, s in enumerate(view.seats) if i % 2 != side]
    return [view.seat_to_move]


def _draw_panel(image: Image.Image, view: LoaState, lay: Layout, options: LoaImageOptions) -> None:
    """Parachute: the pieces each player still holds, stacked beside the board."""
    theme = options.theme
    draw = ImageDraw.Draw(image)
    x0 = image.width - lay.panel  # the panel's strip, or the whole picture
    top = lay.banner + lay.margin
    size = max(10, round(lay.square * 0.22))
    icon = round(lay.square * 0.46)
    for colour, holder in enumerate(COLOURS):
        count = view.held[colour]
        y = top + colour * (lay.height - top) // 2
        held_colour = COLOURS[colour ^ 1]
        holds = options.say("holds_" + holder, f"{holder.title()} holds")
        draw_text(draw, (x0 + 8, y), holds, size, theme.text, anchor="la")
        draw_text(
            draw,
            (x0 + 8, y + size + 4),
            options.say("held_" + held_colour, "{n} " + held_colour, n=count),
            size,
            theme.muted_text,
            anchor="la",
        )
        sprite = piece_sprite(icon, held_colour, False)
        per_row = max(1, (lay.panel - 16) // (icon * 3 // 4))
        for k in range(count):
            px = x0 + 8 + (k % per_row) * (icon * 3 // 4)
            py = y + 2 * size + 12 + (k // per_row) * (icon + 4)
            image.paste(sprite, (px, py), sprite)


# ---------------------------------------------------------------- the image


# What a square carries beyond its ground, in drawing order: tints as overlay arguments
# (colour, edge), the piece as (colour, marked) or None, the move mark (DOT, RING) or None.
Stack = tuple[
    tuple[tuple[tuple[int, ...], tuple[int, ...] | None], ...], tuple[str, bool] | None, str | None
]


def _layers(theme: Theme, square: int, stack: Stack) -> list[tuple[Image.Image, tuple[int, int]]]:
    """The RGBA layers (image, offset) of a square's stack, in drawing order."""
    tints, piece, target = stack
    layers = [(overlay(square, TINT, *tint), (0, 0)) for tint in tints]
    if piece is not None:
        size = round(square * 0.94)
        offset = (square - size) // 2
        layers.append((piece_sprite(size, *piece), (offset, offset)))
    if target is not None:
        layers.append((overlay(square, target, theme.legal_target), (0, 0)))
    return layers


@lru_cache(maxsize=4096)
def _cell(theme: Theme, lay: Layout, coord: Coord, stack: Stack) -> Image.Image:
    """One square with its stack, in the theme's palette (on the static layer's pixels:
    the unbounded board's frame crosses some squares)."""
    base = _static(theme, lay).crop(lay.box(coord))
    return compose_cell(base, _layers(theme, lay.square, stack), _palette(theme))


def _stacks(view: LoaState, options: LoaImageOptions) -> dict[Coord, Stack]:
    """What each square that is not bare carries."""
    theme = options.theme
    tints: dict[Coord, list[tuple[tuple[int, ...], tuple[int, ...] | None]]] = {}
    last = (theme.last_move, theme.last_move_edge)
    for coord in (*(view.last_move or ()), *([view.last_place] if view.last_place else [])):
        tints.setdefault(coord, []).append(last)
    if options.selected is not None:
        coord = parse_square(options.selected, bounded=False)
        tints.setdefault(coord, []).append((theme.selected, None))
    pieces = {(f, r): (COLOURS[code & 1], bool(code & MARK)) for f, r, code in view.pieces}
    targets = {parse_square(name, bounded=False) for name in options.targets}
    return {
        coord: (
            tuple(tints.get(coord, ())),
            pieces.get(coord),
            (RING if coord in pieces else DOT) if coord in targets else None,
        )
        for coord in {*tints, *pieces, *targets}
    }


def loa_image(view: LoaState, *, options: LoaImageOptions = LoaImageOptions()) -> Image.Image:
    """The image of :func:`render_loa`, as a Pillow image in the theme's palette."""
    lay = layout_for(view, options)
    theme = options.theme
    palette = _palette(theme)
    image = _static(theme, lay).copy()
    stacks = _stacks(view, options)
    won = view.termination == "connected" and bool(view.winners)
    for coord, stack in stacks.items():
        if won:  # the group goes between the tints and the pieces
            stack = (stack[0], None, None)
        if stack != ((), None, None):
            image.paste(_cell(theme, lay, coord, stack), lay.box(coord)[:2])
    if won:
        _draw_winning_group(image, view, lay)
        for coord, (_, piece, target) in stacks.items():
            box = lay.box(coord)
            layers = _layers(theme, lay.square, ((), piece, target))
            image.paste(compose_cell(image.crop(box), layers, palette), box[:2])
    _draw_banner(image, view, lay, options)
    if lay.panel:
        box = (lay.width - lay.panel, 0, lay.width, lay.height)
        strip = image.crop(box).convert("RGB")  # drawn in RGB; only this strip mapped back
        _draw_panel(strip, view, lay, options)
        image.paste(to_palette(strip, palette), box[:2])
    return image


def _draw_winning_group(image: Image.Image, view: LoaState, lay: Layout) -> None:
    """Under the winners' pieces: a halo round each, and a bar to each touching neighbour,
    so the connected group reads at a glance (drawn only when a side connected: a
    resignation or a draw shows none)."""
    if not view.winners:
        return
    colour = COLOURS.index("black" if view.winners[0].startswith("black") else "white")
    group = {(f, r) for f, r, code in view.pieces if code & 1 == colour}
    draw = ImageDraw.Draw(image)

    def centre(coord: Coord) -> tuple[float, float]:
        x0, y0, x1, y1 = lay.box(coord)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    width = max(4, round(lay.square * 0.3))
    for f, r in group:
        for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):  # each touching pair once
            if (f + df, r + dr) in group:
                draw.line((centre((f, r)), centre((f + df, r + dr))), fill=WON, width=width)
    halo = lay.square * 0.5
    for coord in group:
        cx, cy = centre(coord)
        draw.ellipse((cx - halo, cy - halo, cx + halo, cy + halo), fill=WON)


@lru_cache(maxsize=4)
@fitted
def _palette(theme: Theme) -> Image.Image:
    """One fixed palette per theme, fitted to a sample of everything drawn, so the same
    pixels always get the same colours whatever else is in the picture."""
    sample = Image.new("RGB", (8 * 64, 4 * 64), theme.background)
    draw = ImageDraw.Draw(sample)
    for i, colour in enumerate((theme.light_square, theme.dark_square, *OUTSIDE)):
        draw.rectangle((i * 128, 0, i * 128 + 127, 255), fill=colour)
    for i, (side, marked) in enumerate((c, m) for c in COLOURS for m in (False, True)):
        for j in range(4):
            sprite = piece_sprite(64, side, marked)
            sample.paste(sprite, (i * 128 + (j % 2) * 64, (j // 2) * 64), sprite)
    for i, layer in enumerate(
        (
            overlay(64, TINT, theme.last_move, theme.last_move_edge),
            overlay(64, TINT, theme.selected),
            overlay(64, DOT, theme.legal_target),
            overlay(64, RING, theme.legal_target),
        )
    ):
        for j, ground in enumerate((theme.light_square, theme.dark_square)):
            cell = Image.new("RGBA", (64, 64), (*ground, 255))
            cell.alpha_composite(layer)
            sample.paste(cell.convert("RGB"), (i * 128 + j * 64, 128))
    fixed = (
        theme.background,
        theme.light_square,
        theme.dark_square,
        *OUTSIDE,
        EDGE,
        theme.text,
        theme.muted_text,
        theme.coordinates,
        theme.banner,
        LIT,
        WON,
        *(ink for inks in PIECE_INKS.values() for ink in inks),
    )
    return fit_palette([sample], fixed)


def render_loa(view: LoaState, *, options: LoaImageOptions = LoaImageOptions()) -> bytes:
    """The PNG of a view (from ``engine.loa.view``), in the theme's fixed palette."""
    return encode_png(loa_image(view, options=options))


def clear_caches() -> None:
    for cached in (_static, _cell, _card, _palette, piece_sprite):
        cached.cache_clear()
