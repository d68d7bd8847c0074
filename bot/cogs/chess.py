"""``/chess``: one slash command per table command, and the chess buttons.

Nothing here knows a rule: each command passes its options to the service; choices and the
move autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

import discord
from discord.app_commands import Range

from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import Host, Option, Slash, choice

KIND = "chess"

COLOR_CHOICES = [choice("discord.choice." + c, c) for c in ("white", "black", "random")]
SEAT_CHOICES = [choice("chess.seat." + c, c) for c in ("white", "black")]
DRAW_CHOICES = [choice("discord.choice." + c, c) for c in ("offer", "accept", "decline", "claim")]

OPPONENT = Option("opponent", discord.User)
COLOR = Option("color", choices=COLOR_CHOICES)


class ChessButton(TableButton, template=button_template(KIND)):
    """Join/Accept, Leave and Start in the lobby; Accept and Decline a draw offer."""

    kind = KIND
    seats = ("white", "black")
    draws = True


class ChessCog(TableCog):
    kind = KIND
    buttons = (ChessButton,)
    slash = (
        Slash("new", OPPONENT, COLOR, opens=True),
        Slash(
            "import", Option("pgn", Range[str, 1, 6000], required=True), OPPONENT, COLOR, opens=True
        ),
        Slash("join", Option("seat", about="chess_seat", choices=SEAT_CHOICES)),
        Slash(
            "move",
            Option("move", Range[str, 1, 12], about="chess_move", required=True, completes=True),
        ),
        Slash("draw", Option("action", about="draw_action", choices=DRAW_CHOICES, required=True)),
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.chess")``."""
    await add_table_cog(bot, ChessCog)
