"""``/loa``: one slash command per table command, and the Lines of Action buttons.

Nothing here knows a rule: each command passes its options to the service; choices, ranges
and autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

from discord.app_commands import Range

from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import ON_OFF, Host, Option, Slash, choice, position_option

KIND = "loa"
VARIANTS = ("standard", "scrambled", "parachute", "teams", "ambidextrous", "unbounded")
PLAYERS = ("player1", "player2", "player3", "player4")  # the lobby's seats: colours are drawn
# Lobby buttons of games opened before the draw existed still name colours.
SEATS = (*PLAYERS, "white", "black", "white1", "black1", "white2", "black2")

VARIANT_CHOICES = [choice("loa.variant." + v, v) for v in VARIANTS]
FIRST_CHOICES = [choice("loa.colour." + c, c) for c in ("white", "black")]
SEAT_CHOICES = [choice("loa.seat." + s, s) for s in PLAYERS]
DRAW_CHOICES = [choice("discord.choice.loa_" + a, a) for a in ("offer", "accept", "decline")]
SILENCE_CHOICES = [choice("discord.choice.players", "players"), ON_OFF[1]]

# a1-h8, or signed coordinates beyond the edges such as (-12,103)
Square = Range[str, 1, 16]


class LoaButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; Accept and Decline under a draw offer."""

    kind = KIND
    seats = SEATS
    draws = True


class LoaCog(TableCog):
    kind = KIND
    buttons = (LoaButton,)
    slash = (
        # the lobby
        Slash(
            "new",
            Option("variant", about="loa_variant", choices=VARIANT_CHOICES),
            Option("first", about="loa_first", choices=FIRST_CHOICES),
            Option("silence", about="loa_silence", choices=SILENCE_CHOICES),
            position_option("loa_position"),
            opens=True,
        ),
        Slash("join", Option("seat", about="loa_seat", choices=SEAT_CHOICES)),
        # playing: move:a2-c4 as the rules page writes moves, or the two squares
        Slash(
            "move",
            Option("move", Range[str, 1, 40], about="loa_move"),
            Option("from", Square, about="loa_from", completes=True),
            Option("to", Square, about="loa_to", completes=True),
        ),
        Slash("place", Option("square", Square, about="loa_place", required=True, completes=True)),
        Slash("draw", Option("action", about="loa_draw", choices=DRAW_CHOICES)),
        # looking
        Slash("moves", Option("square", Square, about="loa_square", completes=True)),
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.loa")``."""
    await add_table_cog(bot, LoaCog)
