"""``/inka``: one slash command per table command, and the Inka buttons.

Nothing here knows a rule: each command passes its options to the service; choices and the
autocomplete (legal start cells, placements, rhombi, directions, corners, reachable cells
with their AP cost) only help typing (the service checks every value again)."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.cogs import TableButton, TableCog, button_template, choice, opening, tr

KIND = "inka"
SEATS = ("red", "blue", "green", "yellow")

SEAT_CHOICES = [choice("inka.seat." + s, s) for s in SEATS]
PLAYER_CHOICES = [Choice(name=str(n), value=n) for n in (2, 3, 4)]
ANGLE_CHOICES = [
    choice("discord.choice.inka_" + a, a) for a in ("cw60", "ccw60", "cw120", "ccw120")
]
DESTINATION_CHOICES = [Choice(name=n, value=n) for n in ("A", "B", "C")]

GAME = tr("discord.pdesc.game")
Cell = Range[str, 1, 8]
Rhombus = Range[str, 1, 3]
Distance = Range[int, 1, 12]
Corner = Range[str, 1, 8]


class InkaButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; start cells; Take, secret passages, End."""

    kind: ClassVar[str] = KIND
    seats: ClassVar[tuple[str, ...]] = SEATS

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["take" | "end" as command]:
                return command, {}
            case ["choose", cell]:
                return "choose", {"cell": cell}
            case ["passage", cell]:
                return "passage", {"to": cell}
        return None


class InkaCog(TableCog, group_name="inka", group_description=tr("discord.desc.inka")):
    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Inka"
    buttons: ClassVar[tuple[type[TableButton], ...]] = (InkaButton,)
    completed: ClassVar[dict[str, tuple[str, ...]]] = {
        "choose": ("cell",),
        "place": ("cells",),
        "slide": ("rhombus", "direction"),
        "rotate": ("rhombus", "corner"),
        "go": ("cell",),
        "passage": ("to",),
        "shift": ("direction", "corner"),
        "block": ("cell",),
        "preview": ("action",),
    }

    # ------------------------------------------------------------ lobby

    @app_commands.command(name="new", description=tr("discord.desc.inka.new"))
    @app_commands.describe(
        players=tr("discord.pdesc.inka_players"),
        position=tr("discord.pdesc.inka_position"),
    )
    @app_commands.choices(players=PLAYER_CHOICES)
    @opening
    async def new(
        self,
        interaction: discord.Interaction,
        players: int | None = None,
        position: Range[str, 1, 1000] | None = None,
        language: str | None = None,
    ) -> None:
        options = {"players": players, "position": position, "language": language}
        await self.open_game(interaction, options)

    @app_commands.command(name="join", description=tr("discord.desc.inka.join"))
    @app_commands.describe(seat=tr("discord.pdesc.inka_seat"), game=GAME)
    @app_commands.choices(seat=SEAT_CHOICES)
    async def join(
        self, interaction: discord.Interaction, seat: str, game: str | None = None
    ) -> None:
        await self.run(interaction, "join", seat=seat, game=game)

    # ------------------------------------------------------------ set-up

    @app_commands.command(name="choose", description=tr("discord.desc.inka.choose"))
    @app_commands.describe(cell=tr("discord.pdesc.inka_start_cell"), game=GAME)
    async def choose(
        self, interaction: discord.Interaction, cell: Cell, game: str | None = None
    ) -> None:
        await self.run(interaction, "choose", cell=cell, game=game)

    @app_commands.command(name="place", description=tr("discord.desc.inka.place"))
    @app_commands.describe(cells=tr("discord.pdesc.inka_cells"), game=GAME)
    async def place(
        self, interaction: discord.Interaction, cells: Range[str, 3, 20], game: str | None = None
    ) -> None:
        await self.run(interaction, "place", cells=cells, game=game)

    # ------------------------------------------------------------ phase 2: rhombi

    @app_commands.command(name="slide", description=tr("discord.desc.inka.slide"))
    @app_commands.describe(
        rhombus=tr("discord.pdesc.inka_rhombus"),
        direction=tr("discord.pdesc.inka_direction"),
        distance=tr("discord.pdesc.inka_distance"),
        game=GAME,
    )
    async def slide(
        self,
        interaction: discord.Interaction,
        rhombus: Rhombus,
        direction: Range[str, 1, 12],
        distance: Distance | None = None,
        game: str | None = None,
    ) -> None:
        options = {"rhombus": rhombus, "direction": direction, "distance": distance}
        await self.run(interaction, "slide", **options, game=game)

    @app_commands.command(name="rotate", description=tr("discord.desc.inka.rotate"))
    @app_commands.describe(
        rhombus=tr("discord.pdesc.inka_rhombus"),
        corner=tr("discord.pdesc.inka_corner"),
        angle=tr("discord.pdesc.inka_angle"),
        game=GAME,
    )
    @app_commands.choices(angle=ANGLE_CHOICES)
    async def rotate(
        self,
        interaction: discord.Interaction,
        rhombus: Rhombus,
        corner: Corner,
        angle: str,
        game: str | None = None,
    ) -> None:
        options = {"rhombus": rhombus, "corner": corner, "angle": angle}
        await self.run(interaction, "rotate", **options, game=game)

    # ------------------------------------------------------------ phase 3: the pawn

    @app_commands.command(name="go", description=tr("discord.desc.inka.go"))
    @app_commands.describe(cell=tr("discord.pdesc.inka_go"), game=GAME)
    async def go(
        self, interaction: discord.Interaction, cell: Cell, game: str | None = None
    ) -> None:
        await self.run(interaction, "go", cell=cell, game=game)

    @app_commands.command(name="take", description=tr("discord.desc.inka.take"))
    @app_commands.describe(game=GAME)
    async def take(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "take", game=game)

    @app_commands.command(name="passage", description=tr("discord.desc.inka.passage"))
    @app_commands.describe(to=tr("discord.pdesc.inka_passage"), game=GAME)
    async def passage(
        self, interaction: discord.Interaction, to: Cell, game: str | None = None
    ) -> None:
        await self.run(interaction, "passage", to=to, game=game)

    @app_commands.command(name="shift", description=tr("discord.desc.inka.shift"))
    @app_commands.describe(
        rhombus=tr("discord.pdesc.inka_destination"),
        direction=tr("discord.pdesc.inka_direction"),
        distance=tr("discord.pdesc.inka_distance"),
        corner=tr("discord.pdesc.inka_corner"),
        angle=tr("discord.pdesc.inka_angle"),
        game=GAME,
    )
    @app_commands.choices(rhombus=DESTINATION_CHOICES, angle=ANGLE_CHOICES)
    async def shift(
        self,
        interaction: discord.Interaction,
        rhombus: str,
        direction: Range[str, 1, 12] | None = None,
        distance: Distance | None = None,
        corner: Corner | None = None,
        angle: str | None = None,
        game: str | None = None,
    ) -> None:
        options = {
            "rhombus": rhombus,
            "direction": direction,
            "distance": distance,
            "corner": corner,
            "angle": angle,
        }
        await self.run(interaction, "shift", **options, game=game)

    # ------------------------------------------------------------ phase 4 and the end

    @app_commands.command(name="block", description=tr("discord.desc.inka.block"))
    @app_commands.describe(cell=tr("discord.pdesc.inka_block"), game=GAME)
    async def block(
        self, interaction: discord.Interaction, cell: Cell, game: str | None = None
    ) -> None:
        await self.run(interaction, "block", cell=cell, game=game)

    @app_commands.command(name="end", description=tr("discord.desc.inka.end"))
    @app_commands.describe(game=GAME)
    async def end(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "end", game=game)

    @app_commands.command(name="preview", description=tr("discord.desc.inka.preview"))
    @app_commands.describe(action=tr("discord.pdesc.inka_action"), game=GAME)
    async def preview(
        self, interaction: discord.Interaction, action: Range[str, 1, 40], game: str | None = None
    ) -> None:
        await self.run(interaction, "preview", action=action, game=game)

    # ------------------------------------------------------------ looking


COG = InkaCog
