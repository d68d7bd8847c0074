"""Standard chess images, drawn from engine views only, with Loka's piece art and theme.

Drawing order: squares and coordinates (a cached static layer per theme, size and side),
then per square its highlight (last move, check, selection), piece and legal-move mark,
then the banner: one card per side with the player's name, whose turn it is, the result.

Everything is drawn in palette mode with one fixed palette per theme (fitted once to
samples of everything drawn): the static layer, each square's *cell* (its ground, marks and
piece) and the banner cards are cached as palette images, so a picture is one copy and a
few dozen pastes, ready to encode; no picture is reduced to a palette as a whole."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import chess
from PIL import Image, ImageDraw

from engine.standard_chess import OVER, SEATS, TOSS, ChessState
from renderer import board as squares
from renderer.banner import BannerCard, banner_card
from renderer.board import DOT, RING, TINT, Frame, Layout, board_layout, facing_frame, overlay
from renderer.fonts import draw_text
from renderer.options import ImageOptions
from renderer.png import encode_png, fit_palette, fitted, to_palette
from renderer.sprites import piece_sprite
from renderer.theme import Theme

DEFAULT_SQUARE = 100  # 8 squares and two margins: 884 px wide

KIND_NAME = {
    chess.KING: "king",
    chess.QUEEN: "queen",
    chess.ROOK: "rook",
    chess.BISHOP: "bishop",
    chess.KNIGHT: "knight",
    chess.PAWN: "pawn",
}

ENDINGS = {
    "checkmate": "checkmate",
    "stalemate": "stalemate",
    "insufficient_material": "dead position",
    "fivefold_repetition": "fivefold repetition",
    "seventyfive_moves": "75-move rule",
    "threefold_repetition": "threefold repetition",
    "fifty_moves": "fifty-move rule",
    "agreement": "agreed",
    "resignation": "resignation",
}


@dataclass(frozen=True)
class ChessImageOptions(ImageOptions):
    """How to draw: from whose side, how big, with which marks (and names, colours, words:
    :class:`renderer.options.ImageOptions`)."""

    bottom: str = "white"  # the side at the bottom of the picture (black: flipped)
    square: int = DEFAULT_SQUARE
    targets: tuple[str, ...] = ()  # squares to mark, e.g. a piece's legal moves
    selected: str | None = None  # the square whose moves ``targets`` shows
    banner: bool = True


def layout(square: int, banner: bool = True) -> Layout:
    return board_layout(8, square, banner=banner)


def frame(bottom: str) -> Frame:
    return facing_frame(8, SEATS, bottom)


def square_box(name: str, options: ChessImageOptions = ChessImageOptions()) -> tuple[int, ...]:
    """Where a square is drawn (left, top, right, bottom)."""
    sq = chess.parse_square(name)
    col, row = frame(options.bottom).screen(chess.square_file(sq), chess.square_rank(sq))
    return layout(options.square, options.banner).grid.box(col, row)


def _draw_static(theme: Theme, square: int, bottom: str, banner: bool) -> Image.Image:
    """The empty board with its coordinates, in RGB (the palette is fitted to it)."""
    lay, fr = layout(square, banner), frame(bottom)
    image = Image.new("RGB", (lay.width, lay.height), theme.background)
    draw = ImageDraw.Draw(image)
    size = round(square * 0.3)
    gap = lay.margin // 2
    for sq in chess.SQUARES:
        f, r = chess.square_file(sq), chess.square_rank(sq)
        col, row = fr.screen(f, r)
        box = lay.grid.box(col, row)
        colour = theme.dark_square if (f + r) % 2 == 0 else theme.light_square
        draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=colour)
    for i in range(8):
        f, _ = fr.board(i, 0)
        _, r = fr.board(0, i)
        top, bottom_box = lay.grid.box(i, 0), lay.grid.box(i, 7)
        cx = (top[0] + top[2]) / 2
        for y in (top[1] - gap, bottom_box[3] + gap):
            draw_text(draw, (cx, y), chess.FILE_NAMES[f], size, theme.coordinates, anchor="mm")
        left, right = lay.grid.box(0, i), lay.grid.box(7, i)
        cy = (left[1] + left[3]) / 2
        for x in (left[0] - gap, right[2] + gap):
            draw_text(draw, (x, cy), chess.RANK_NAMES[r], size, theme.coordinates, anchor="mm")
    return image


@lru_cache(maxsize=16)
def _static(theme: Theme, square: int, bottom: str, banner: bool) -> Image.Image:
    """The cached empty board, in the theme's palette."""
    return to_palette(_draw_static(theme, square, bottom, banner), _palette(theme))


# What a square carries beyond its ground, in drawing order: highlights as overlay
# arguments (kind, colour, edge), the piece as (army, kind) or None, the move mark or None.
Stack = tuple[
    tuple[tuple[str, tuple[int, ...], tuple[int, ...] | None], ...],
    tuple[str, str] | None,
    str | None,
]


def _layers(theme: Theme, square: int, stack: Stack) -> list[tuple[Image.Image, tuple[int, int]]]:
    """The RGBA layers (image, offset) of a square's stack, in drawing order."""
    marks, piece, target = stack
    layers = [(overlay(square, *mark), (0, 0)) for mark in marks]
    if piece is not None:
        size = round(square * 0.9)
        offset = (square - size) // 2
        layers.append((piece_sprite(theme, size, *piece), (offset, offset)))
    if target is not None:
        layers.append((overlay(square, target, theme.legal_target, None), (0, 0)))
    return layers


@lru_cache(maxsize=1024)
def _cell(theme: Theme, square: int, ground: tuple[int, int, int], stack: Stack) -> Image.Image:
    """One square with its stack, in the theme's palette (squares are flat, so a cell
    depends only on the square's colour, not where it is)."""
    base = Image.new("RGB", (square, square), ground)
    return squares.compose_cell(base, _layers(theme, square, stack), _palette(theme))


@lru_cache(maxsize=512)
def _card(theme: Theme, width: int, height: int, card: BannerCard) -> Image.Image:
    """A banner card in the theme's palette (a move changes one or two)."""
    return to_palette(banner_card(theme, width, height, card), _palette(theme))


def _cards(view: ChessState, options: ChessImageOptions) -> list[BannerCard]:
    board, say_ = view.board, options.say
    cards = []
    for seat in SEATS:
        to_move = view.phase not in (OVER, TOSS) and view.turn == seat
        winner = view.result == ("1-0" if seat == "white" else "0-1")
        if view.phase == OVER:
            termination = view.termination or ""
            ending = (
                say_("end_" + termination, ENDINGS[termination]) if termination in ENDINGS else ""
            )
            if view.result == "1/2-1/2":
                detail = say_("draw_ending", "draw · {ending}", ending=ending)
            elif winner:
                detail = ending
            else:
                detail = say_("lost", "lost")
        elif view.phase == TOSS:
            detail = say_("toss", "colours drawn at start")
        elif to_move:
            detail = say_("check", "check!") if board.is_check() else say_("to_move", "to move")
            if view.draw_offer is not None and view.draw_offer != seat:
                detail += say_("draw_offered_mark", " · draw offered")
        else:
            detail = say_("draw_offered", "draw offered") if view.draw_offer == seat else ""
        cards.append(
            BannerCard(
                seat,
                options.seat(seat),
                options.names.get(seat, ""),
                detail,
                active=to_move,
                winner=winner,
                wins=options.say("wins_mark", "wins · "),
            )
        )
    return cards


def _stacks(view: ChessState, options: ChessImageOptions) -> dict[int, Stack]:
    """What each square that is not bare carries."""
    theme, board = options.theme, view.board
    marks: dict[int, list[tuple[str, tuple[int, ...], tuple[int, ...] | None]]] = {}
    if board.move_stack:
        last = board.peek()
        for sq in (last.from_square, last.to_square):
            marks.setdefault(sq, []).append((TINT, theme.last_move, theme.last_move_edge))
    if board.is_check():
        king = board.king(board.turn)
        if king is not None:
            marks.setdefault(king, []).append((TINT, theme.combat, theme.combat_edge))
    if options.selected:
        marks.setdefault(chess.parse_square(options.selected), []).append(
            (TINT, theme.selected, None)
        )
    targets = {chess.parse_square(t) for t in options.targets}
    stacks: dict[int, Stack] = {}
    for sq in chess.SQUARES:
        piece = board.piece_at(sq)
        drawn = None
        if piece is not None:
            army = "white" if piece.color == chess.WHITE else "black"
            drawn = (army, KIND_NAME[piece.piece_type])
        target = (RING if piece is not None else DOT) if sq in targets else None
        if drawn is not None or target is not None or sq in marks:
            stacks[sq] = (tuple(marks.get(sq, ())), drawn, target)
    return stacks


def _ground(theme: Theme, sq: int) -> tuple[int, int, int]:
    dark = (chess.square_file(sq) + chess.square_rank(sq)) % 2 == 0
    return theme.dark_square if dark else theme.light_square


def chess_image(
    view: ChessState, *, options: ChessImageOptions = ChessImageOptions()
) -> Image.Image:
    """The image of :func:`render_chess`, as a Pillow image in the theme's palette."""
    theme, s = options.theme, options.square
    lay, fr = layout(s, options.banner), frame(options.bottom)
    image = _static(theme, s, options.bottom, options.banner).copy()
    for sq, stack in _stacks(view, options).items():
        col, row = fr.screen(chess.square_file(sq), chess.square_rank(sq))
        image.paste(_cell(theme, s, _ground(theme, sq), stack), lay.grid.box(col, row)[:2])
    if options.banner:
        pad = round(s * 0.12)
        width = (lay.width - 2 * pad) // 2
        height = lay.banner - pad
        cards = _cards(view, options)
        if options.bottom == "black":
            cards.reverse()  # the bottom player's card on the left, as they read it
        for i, card in enumerate(cards):
            image.paste(_card(theme, width, height, card), (pad + i * width, pad))
    return image


@lru_cache(maxsize=4)
@fitted
def _palette(theme: Theme) -> Image.Image:
    """One palette per theme, fitted to samples of everything these images draw: the board,
    every piece on both squares under each highlight and mark, and the banner cards."""
    s = DEFAULT_SQUARE
    last = (TINT, theme.last_move, theme.last_move_edge)
    check = (TINT, theme.combat, theme.combat_edge)
    chosen = (TINT, theme.selected, None)
    # Highlights stack (a selected king in check): each pair's blend gets its own colours.
    marks = ((), (last,), (check,), (chosen,), (last, chosen), (check, chosen), (last, check))
    pieces = [None, *((army, kind) for army in SEATS for kind in KIND_NAME.values())]
    stacks: list[Stack] = [(m, p, None) for m in marks for p in pieces]
    stacks += [((), None, DOT), *(((), p, RING) for p in pieces[1:])]
    grounds = (theme.light_square, theme.dark_square)
    sheet = Image.new("RGBA", (s * len(stacks), s * len(grounds)))
    for j, ground in enumerate(grounds):
        for i, stack in enumerate(stacks):
            x, y = i * s, j * s
            sheet.paste(ground, (x, y, x + s, y + s))
            for layer, (dx, dy) in _layers(theme, s, stack):
                sheet.alpha_composite(layer, (x + dx, y + dy))
    samples = [_draw_static(theme, s, "white", True), sheet]
    for seat in SEATS:
        for active, winner in ((True, False), (False, True), (False, False)):
            card = BannerCard(seat, "White", "Player", "to move", active=active, winner=winner)
            samples.append(banner_card(theme, 400, 70, card))
    fixed = [*theme.flat, theme.last_move_edge, theme.combat_edge]
    for army in SEATS:
        fixed += [theme.army(army).fill, theme.army(army).outline]
    return fit_palette(samples, fixed)


def render_chess(view: ChessState, *, options: ChessImageOptions = ChessImageOptions()) -> bytes:
    """The board as a PNG: banner, board from ``options.bottom``'s side, the last move and a
    king in check highlighted, and the legal targets the options ask for."""
    return encode_png(chess_image(view, options=options))


def clear_caches() -> None:
    """Forget the cached board layers, cells, cards and palettes (tests show caching never
    changes a picture)."""
    for cached in (_static, _cell, _card, _palette):
        cached.cache_clear()
