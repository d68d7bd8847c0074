"""The banner over a board: one card per army or player, the one to move lit in its colour,
the eliminated struck through, one that must decide now ringed with a die. Cards are cached
one by one: a move usually changes two."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.dice import die_face
from renderer.fonts import draw_text, fit, printable, text_width
from renderer.sprites import ghost_sprite, piece_sprite
from renderer.theme import RGB, Theme


@dataclass(frozen=True)
class BannerCard:
    army: str  # the theme's colour key
    title: str  # "Fire"
    player: str  # a player's name, as typed (made printable here)
    detail: str  # "12 pieces · 140 pts"
    active: bool = False  # whose turn it is
    out: bool = False  # eliminated: struck through
    winner: bool = False
    icon: str = "king"
    wins: str = "wins · "  # put before the detail of a winner, in the reader's language
    deciding: bool = False  # must decide now (Loka's Super D20): ringed, with a D20


def readable_on(colour: RGB) -> RGB:
    """Black or white text, whichever reads better on ``colour``."""
    r, g, b = colour
    return (20, 20, 24) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


@lru_cache(maxsize=256)
def banner_card(theme: Theme, width: int, height: int, card: BannerCard) -> Image.Image:
    """One RGB card of ``width`` x ``height`` on the theme's background, in one line:
    icon, army, player, then the detail on the right."""
    colours = theme.army(card.army)
    image = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(image)
    pad = max(2, height // 20)
    ground = colours.fill if card.active else theme.banner
    if card.deciding:
        # A ring in the dice's colour around the whole card, wide enough to see at 400 px:
        # this army holds the game up until it decides.
        ring = (0, 0, width - 1, height - 1)
        draw.rounded_rectangle(ring, radius=height // 4, fill=theme.die_fill)
        pad = max(4, height // 9)
    draw.rounded_rectangle(
        (pad, pad, width - pad - 1, height - pad - 1), radius=height // 5, fill=ground
    )
    text = readable_on(ground) if card.active else theme.text
    muted = text if card.active else theme.muted_text
    if card.out:
        text = muted = theme.muted_text

    icon_size = round(height * 0.86)
    sprite = (ghost_sprite if card.out else piece_sprite)(theme, icon_size, card.army, card.icon)
    x = pad + round(height * 0.08)
    if card.active:  # a "play" mark: this army moves now
        t, cy = height * 0.13, height / 2
        draw.polygon([(x, cy - t), (x + 1.6 * t, cy), (x, cy + t)], fill=text)
        x += round(1.6 * t + height * 0.02)
    image.paste(sprite, (x, (height - icon_size) // 2), sprite)
    x += icon_size + round(height * 0.06)
    right = width - pad - round(height * 0.22)
    cy = height // 2
    if card.deciding:
        die = round(height * 0.62)
        face = die_face(theme, die, 20, 20, won=True)
        image.paste(face, (right - die, (height - die) // 2), face)
        right -= die + round(height * 0.12)
    big, small = round(height * 0.4), round(height * 0.34)

    detail = (card.wins if card.winner else "") + card.detail
    detail = fit(detail, small, (right - x) * 5 // 9)
    draw_text(draw, (right, cy), detail, small, muted, anchor="rm", bold=card.active or card.winner)
    room = right - x - text_width(detail, small) - round(height * 0.3)

    title = fit(card.title, big, room, bold=True)
    draw_text(draw, (x, cy), title, big, text, anchor="lm", bold=True)
    title_w = text_width(title, big, bold=True)
    player = fit(printable(card.player), small, room - title_w - round(height * 0.2))
    px = x + title_w + round(height * 0.2)
    if player:
        draw_text(draw, (px, cy), player, small, text, anchor="lm")
    if card.out:
        # Struck through: one line across the army's name and the player's.
        end = px + text_width(player, small) if player else x + title_w
        draw.line((x - 4, cy, end + 4, cy), fill=theme.strike, width=max(2, height // 16))
    return image
