"""``/loa``: one slash command per table command, and the Lines of Action buttons.

Nothing here knows a rule: each command passes its options to the service; choices, ranges
and autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Range

from bot.cogs import ON_OFF, TableButton, TableCog, button_template, choice, opening, tr

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

GAME = tr("discord.pdesc.game")
# a1-h8, or signed coordinates beyond the edges such as (-12,103)
Square = Range[str, 1, 16]


class LoaButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; Accept and Decline under a draw offer."""

    kind: ClassVar[str] = KIND
    seats: ClassVar[tuple[str, ...]] = SEATS

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["draw", "accept" | "decline" as answer]:
                return "draw", {"action": answer}
        return None


class LoaCog(TableCog, group_name="loa", group_description=tr("discord.desc.loa")):
    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Lines of Action"
    buttons: ClassVar[tuple[type[TableButton], ...]] = (LoaButton,)
    completed: ClassVar[dict[str, tuple[str, ...]]] = {
        "move": ("from", "to"),
        "place": ("square",),
        "moves": ("square",),
    }

    # ------------------------------------------------------------ lobby

    @app_commands.command(name="new", description=tr("discord.desc.loa.new"))
    @app_commands.describe(
        variant=tr("discord.pdesc.loa_variant"),
        first=tr("discord.pdesc.loa_first"),
        silence=tr("discord.pdesc.loa_silence"),
        position=tr("discord.pdesc.loa_position"),
    )
    @app_commands.choices(
        variant=VARIANT_CHOICES,
        first=FIRST_CHOICES,
        silence=SILENCE_CHOICES,
    )
    @opening
    async def new(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        first: str | None = None,
        silence: str | None = None,
        position: Range[str, 1, 1000] | None = None,
        language: str | None = None,
    ) -> None:
        options = {
            "variant": variant,
            "first": first,
            "silence": silence,
            "position": position,
            "language": language,
        }

        await self.open_game(interaction, options)

    @app_commands.command(name="join", description=tr("discord.desc.loa.join"))
    @app_commands.describe(seat=tr("discord.pdesc.loa_seat"), game=GAME)
    @app_commands.choices(seat=SEAT_CHOICES)
    async def join(
        self, interaction: discord.Interaction, seat: str | None = None, game: str | None = None
    ) -> None:
        await self.run(interaction, "join", seat=seat, game=game)

    # ------------------------------------------------------------ playing

    @app_commands.command(name="move", description=tr("discord.desc.loa.move"))
    @app_commands.rename(src="from", dst="to")
    @app_commands.describe(
        move=tr("discord.pdesc.loa_move"),
        src=tr("discord.pdesc.loa_from"),
        dst=tr("discord.pdesc.loa_to"),
        game=GAME,
    )
    async def move(
        self,
        interaction: discord.Interaction,
        move: Range[str, 1, 40] | None = None,
        src: Square | None = None,
        dst: Square | None = None,
        game: str | None = None,
    ) -> None:
        # move:a2-c4 as the rules page writes moves, or the two squares (autocompleted).
        options = {"move": move, "from": src, "to": dst, "game": game}
        await self.bot.run_command(interaction, KIND, "move", options)

    @app_commands.command(name="place", description=tr("discord.desc.loa.place"))
    @app_commands.describe(square=tr("discord.pdesc.loa_place"), game=GAME)
    async def place(
        self, interaction: discord.Interaction, square: Square, game: str | None = None
    ) -> None:
        await self.run(interaction, "place", square=square, game=game)

    @app_commands.command(name="draw", description=tr("discord.desc.loa.draw"))
    @app_commands.describe(action=tr("discord.pdesc.loa_draw"), game=GAME)
    @app_commands.choices(action=DRAW_CHOICES)
    async def draw(
        self, interaction: discord.Interaction, action: str | None = None, game: str | None = None
    ) -> None:
        await self.run(interaction, "draw", action=action, game=game)

    # ------------------------------------------------------------ looking

    @app_commands.command(name="moves", description=tr("discord.desc.loa.moves"))
    @app_commands.describe(square=tr("discord.pdesc.loa_square"), game=GAME)
    async def moves(
        self,
        interaction: discord.Interaction,
        square: Square | None = None,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "moves", square=square, game=game)


COG = LoaCog
