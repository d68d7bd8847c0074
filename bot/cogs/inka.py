"""``/inka``: one slash command per table command, and the Inka buttons.

Nothing here knows a rule: each command passes its options to the service; choices and the
autocomplete (legal start cells, placements, rhombi, directions, corners, reachable cells
with their AP cost) only help typing (the service checks every value again)."""

from __future__ import annotations

import dataclasses
from typing import Any

from discord.app_commands import Choice, Range

from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import Host, Option, Slash, choice, numbers, position_option

KIND = "inka"
SEATS = ("red", "blue", "green", "yellow")

SEAT_CHOICES = [choice("inka.seat." + s, s) for s in SEATS]
ANGLE_CHOICES = [
    choice("discord.choice.inka_" + a, a) for a in ("cw60", "ccw60", "cw120", "ccw120")
]
DESTINATION_CHOICES = [Choice(name=n, value=n) for n in ("A", "B", "C")]

RHOMBUS = Option("rhombus", Range[str, 1, 3], about="inka_rhombus", required=True, completes=True)
DIRECTION = Option(
    "direction", Range[str, 1, 12], about="inka_direction", required=True, completes=True
)
DISTANCE = Option("distance", Range[int, 1, 12], about="inka_distance")
CORNER = Option("corner", Range[str, 1, 8], about="inka_corner", required=True, completes=True)
ANGLE = Option("angle", about="inka_angle", choices=ANGLE_CHOICES, required=True)


class InkaButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; start cells; Take, secret passages, End."""

    kind = KIND
    seats = SEATS

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["take"]:
                return "pawn take", {}
            case ["end"]:
                return "end", {}
            case ["choose", cell]:
                return "choose", {"cell": cell}
            case ["passage", cell]:
                return "pawn passage", {"to": cell}
        return None


def cell(name: str, about: str) -> Option:
    """A cell the table completes (a start cell, a step, a passage's end, a block)."""
    return Option(name, Range[str, 1, 8], about=about, required=True, completes=True)


class InkaCog(TableCog):
    kind = KIND
    buttons = (InkaButton,)
    slash = (
        # the lobby
        Slash(
            "new",
            Option("players", int, about="inka_players", choices=numbers(2, 3, 4)),
            position_option("inka_position"),
            opens=True,
        ),
        Slash("join", Option("seat", about="inka_seat", choices=SEAT_CHOICES, required=True)),
        # set-up
        Slash("choose", cell("cell", "inka_start_cell")),
        Slash(
            "place",
            Option("cells", Range[str, 3, 20], about="inka_cells", required=True, completes=True),
        ),
        # phase 2: path rhombi; and, from a rhombus symbol in phase 3, a destination rhombus
        # (grouped: Discord allows 25 subcommands, and /inka keeps room under 20)
        Slash("rhombus slide", RHOMBUS, DIRECTION, DISTANCE),
        Slash("rhombus rotate", RHOMBUS, CORNER, ANGLE),
        Slash(
            "rhombus shift",
            Option("rhombus", about="inka_destination", choices=DESTINATION_CHOICES, required=True),
            dataclasses.replace(DIRECTION, required=False),
            DISTANCE,
            dataclasses.replace(CORNER, required=False),
            dataclasses.replace(ANGLE, required=False),
        ),
        # phase 3: the pawn
        Slash("pawn go", cell("cell", "inka_go")),
        Slash("pawn take"),
        Slash("pawn passage", cell("to", "inka_passage")),
        # phase 4 and the end
        Slash("block", cell("cell", "inka_block")),
        Slash("end"),
        Slash(
            "preview",
            Option("action", Range[str, 1, 40], about="inka_action", required=True, completes=True),
        ),
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.inka")``."""
    await add_table_cog(bot, InkaCog)
