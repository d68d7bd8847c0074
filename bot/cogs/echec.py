"""``/echec``: one slash command per table command, and the Échec au Roi buttons.

Nothing here knows a rule: each command passes its options to the service; choices, ranges
and autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.cogs import ON_OFF, TableButton, TableCog, button_template, choice, opening, tr

KIND = "echec"
SEATS = ("south", "north")

SEAT_CHOICES = [choice("discord.choice.echec_" + s, s) for s in SEATS]
LEVEL_CHOICES = [Choice(name="1", value=1), Choice(name="2", value=2)]
PLACEMENT_CHOICES = [choice("discord.choice.echec_" + p, p) for p in ("standard", "free", "secret")]
FACING_CHOICES = [choice("discord.choice.echec_" + f, f) for f in ("n", "e", "s", "w")]

GAME = tr("discord.pdesc.game")
Square = Range[str, 2, 3]


class EchecButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; Place the rest and Confirm while placing;
    Roll for the first move; End the turn."""

    kind: ClassVar[str] = KIND
    seats: ClassVar[tuple[str, ...]] = SEATS

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["autoplace" | "confirm" | "roll" | "end" as command]:
                return command, {}
        return None


class EchecCog(TableCog, group_name="echec", group_description=tr("discord.desc.echec")):
    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Échec au Roi"
    buttons: ClassVar[tuple[type[TableButton], ...]] = (EchecButton,)
    completed: ClassVar[dict[str, tuple[str, ...]]] = {
        "place": ("unit", "square"),
        "lift": ("square",),
        "advance": ("unit",),
        "turn": ("unit",),
        "attack": ("unit", "target"),
    }

    # ------------------------------------------------------------ lobby

    @app_commands.command(name="new", description=tr("discord.desc.echec.new"))
    @app_commands.describe(
        level=tr("discord.pdesc.echec_level"),
        placement=tr("discord.pdesc.echec_placement"),
        units=tr("discord.pdesc.echec_units"),
        south_units=tr("discord.pdesc.echec_army_units"),
        north_units=tr("discord.pdesc.echec_army_units"),
        massive=tr("discord.pdesc.echec_massive"),
        position=tr("discord.pdesc.echec_position"),
        turn_limit=tr("discord.pdesc.echec_turn_limit"),
    )
    @app_commands.choices(
        level=LEVEL_CHOICES,
        placement=PLACEMENT_CHOICES,
        massive=ON_OFF,
    )
    @opening
    async def new(
        self,
        interaction: discord.Interaction,
        level: int | None = None,
        placement: str | None = None,
        units: Range[str, 1, 200] | None = None,
        south_units: Range[str, 1, 200] | None = None,
        north_units: Range[str, 1, 200] | None = None,
        massive: str | None = None,
        position: Range[str, 1, 1000] | None = None,
        turn_limit: Range[int, 0, 10000] | None = None,
        language: str | None = None,
    ) -> None:
        options = {
            "level": level,
            "placement": placement,
            "units": units,
            "south_units": south_units,
            "north_units": north_units,
            "massive": massive,
            "position": position,
            "turn_limit": turn_limit,
            "language": language,
        }

        await self.open_game(interaction, options)

    @app_commands.command(name="join", description=tr("discord.desc.echec.join"))
    @app_commands.describe(seat=tr("discord.pdesc.echec_seat"), game=GAME)
    @app_commands.choices(seat=SEAT_CHOICES)
    async def join(
        self, interaction: discord.Interaction, seat: str, game: str | None = None
    ) -> None:
        await self.run(interaction, "join", seat=seat, game=game)

    # ------------------------------------------------------------ placement (level 2)

    @app_commands.command(name="place", description=tr("discord.desc.echec.place"))
    @app_commands.describe(
        unit=tr("discord.pdesc.echec_place_unit"),
        square=tr("discord.pdesc.echec_place_square"),
        facing=tr("discord.pdesc.echec_facing"),
        game=GAME,
    )
    @app_commands.choices(facing=FACING_CHOICES)
    async def place(
        self,
        interaction: discord.Interaction,
        unit: Range[str, 1, 40],
        square: Square,
        facing: str,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "place", unit=unit, square=square, facing=facing, game=game)

    @app_commands.command(name="lift", description=tr("discord.desc.echec.lift"))
    @app_commands.describe(square=tr("discord.pdesc.echec_lift_square"), game=GAME)
    async def lift(
        self, interaction: discord.Interaction, square: Square, game: str | None = None
    ) -> None:
        await self.run(interaction, "lift", square=square, game=game)

    @app_commands.command(name="autoplace", description=tr("discord.desc.echec.autoplace"))
    @app_commands.describe(game=GAME)
    async def autoplace(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "autoplace", game=game)

    @app_commands.command(name="confirm", description=tr("discord.desc.echec.confirm"))
    @app_commands.describe(game=GAME)
    async def confirm(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "confirm", game=game)

    # ------------------------------------------------------------ the opening and the battle

    @app_commands.command(name="roll", description=tr("discord.desc.echec.roll"))
    @app_commands.describe(game=GAME)
    async def roll(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "roll", game=game)

    @app_commands.command(name="advance", description=tr("discord.desc.echec.advance"))
    @app_commands.describe(
        unit=tr("discord.pdesc.echec_unit"), squares=tr("discord.pdesc.echec_squares"), game=GAME
    )
    async def advance(
        self,
        interaction: discord.Interaction,
        unit: Square,
        squares: Range[int, 1, 8] | None = None,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "advance", unit=unit, squares=squares, game=game)

    @app_commands.command(name="turn", description=tr("discord.desc.echec.turn"))
    @app_commands.describe(
        unit=tr("discord.pdesc.echec_unit"), facing=tr("discord.pdesc.echec_facing"), game=GAME
    )
    @app_commands.choices(facing=FACING_CHOICES)
    async def turn(
        self,
        interaction: discord.Interaction,
        unit: Square,
        facing: str,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "turn", unit=unit, facing=facing, game=game)

    @app_commands.command(name="attack", description=tr("discord.desc.echec.attack"))
    @app_commands.describe(
        unit=tr("discord.pdesc.echec_unit"), target=tr("discord.pdesc.echec_target"), game=GAME
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        unit: Square,
        target: Square,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "attack", unit=unit, target=target, game=game)

    @app_commands.command(name="end", description=tr("discord.desc.echec.end"))
    @app_commands.describe(game=GAME)
    async def end(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "end", game=game)

    # ------------------------------------------------------------ looking and leaving


COG = EchecCog
