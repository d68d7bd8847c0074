"""Standard chess images, drawn from engine views only, with Loka's piece art and theme.

Drawing order: squares and coordinates (a cached static layer per theme, size and side),
then per square its highlight (last move, check, selection), piece and legal-move mark,
then the banner: one card per side with the player's name, whose turn it is, the result."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import chess
from PIL import Image, ImageDraw

from engine.standard_chess import OVER, TOSS, ChessState
from renderer.banner import BannerCard, banner_card
from renderer.board import DOT, RING, TINT, Frame, Layout, board_layout, facing_frame, overlay
from renderer.fonts import draw_text
from renderer.options import ImageOptions
from renderer.png import encode_png
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
    return facing_frame(8, ("white", "black"), bottom)


def square_box(name: str, options: ChessImageOptions = ChessImageOptions()) -> tuple[int, ...]:
    """Where a square is drawn (left, top, right, bottom)."""
    sq = chess.parse_square(name)
    col, row = frame(options.bottom).screen(chess.square_file(sq), chess.square_rank(sq))
    return layout(options.square, options.banner).grid.box(col, row)


@lru_cache(maxsize=16)
def _static(theme: Theme, square: int, bottom: str, banner: bool) -> Image.Image:
    """The empty board with its coordinates, in RGB."""
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


def _cards(view: ChessState, options: ChessImageOptions) -> list[BannerCard]:
    board, say_ = view.board, options.say
    cards = []
    for seat in ("white", "black"):
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


def chess_image(
    view: ChessState, *, options: ChessImageOptions = ChessImageOptions()
) -> Image.Image:
    """The image of :func:`render_chess`, as an RGB Pillow image."""
    theme, s = options.theme, options.square
    lay, fr = layout(s, options.banner), frame(options.bottom)
    image = _static(theme, s, options.bottom, options.banner).copy().convert("RGBA")
    board = view.board
    marks: dict[int, list[Image.Image]] = {}
    if board.move_stack:
        last = board.peek()
        for sq in (last.from_square, last.to_square):
            marks.setdefault(sq, []).append(overlay(s, TINT, theme.last_move, theme.last_move_edge))
    if board.is_check():
        king = board.king(board.turn)
        if king is not None:
            marks.setdefault(king, []).append(overlay(s, TINT, theme.combat, theme.combat_edge))
    if options.selected:
        marks.setdefault(chess.parse_square(options.selected), []).append(
            overlay(s, TINT, theme.selected)
        )
    size = round(s * 0.9)
    offset = (s - size) // 2
    targets = {chess.parse_square(t) for t in options.targets}
    for sq in chess.SQUARES:
        col, row = fr.screen(chess.square_file(sq), chess.square_rank(sq))
        x, y = lay.grid.box(col, row)[:2]
        for mark in marks.get(sq, []):
            image.alpha_composite(mark, (x, y))
        piece = board.piece_at(sq)
        if piece is not None:
            army = "white" if piece.color == chess.WHITE else "black"
            sprite = piece_sprite(theme, size, army, KIND_NAME[piece.piece_type])
            image.alpha_composite(sprite, (x + offset, y + offset))
        if sq in targets:
            kind = RING if piece is not None else DOT
            image.alpha_composite(overlay(s, kind, theme.legal_target, None), (x, y))
    if options.banner:
        pad = round(s * 0.12)
        width = (lay.width - 2 * pad) // 2
        height = lay.banner - pad
        cards = _cards(view, options)
        if options.bottom == "black":
            cards.reverse()  # the bottom player's card on the left, as they read it
        for i, card in enumerate(cards):
            image.paste(banner_card(theme, width, height, card), (pad + i * width, pad))
    return image.convert("RGB")


def render_chess(view: ChessState, *, options: ChessImageOptions = ChessImageOptions()) -> bytes:
    """The board as a PNG: banner, board from ``options.bottom``'s side, the last move and a
    king in check highlighted, and the legal targets the options ask for."""
    return encode_png(chess_image(view, options=options))


def clear_caches() -> None:
    """Forget the cached board layers (tests show caching never changes a picture)."""
    _static.cache_clear()
