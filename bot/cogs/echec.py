"""``/echec``: one slash command per table command, and the Échec au Roi buttons.

Nothing here knows a rule: each command passes its options to the service; choices, ranges
and autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

from typing import Any

from discord.app_commands import Range

from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import ON_OFF, Host, Option, Slash, choice, numbers, position_option

KIND = "echec"
SEATS = ("south", "north")

SEAT_CHOICES = [choice("discord.choice.echec_" + s, s) for s in SEATS]
PLACEMENT_CHOICES = [choice("discord.choice.echec_" + p, p) for p in ("standard", "free", "secret")]
FACING_CHOICES = [choice("discord.choice.echec_" + f, f) for f in ("n", "e", "s", "w")]

Square = Range[str, 2, 3]
Units = Range[str, 1, 200]
UNIT = Option("unit", Square, about="echec_unit", required=True, completes=True)
FACING = Option("facing", about="echec_facing", choices=FACING_CHOICES, required=True)


class EchecButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; Place the rest and Confirm while placing;
    Roll for the first move; End the turn."""

    kind = KIND
    seats = SEATS

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            # The buttons' ids stay as posted before /echec setup grouped these two.
            case ["autoplace" | "confirm" as command]:
                return f"setup {command}", {}
            case ["roll" | "end" as command]:
                return command, {}
        return None


class EchecCog(TableCog):
    kind = KIND
    buttons = (EchecButton,)
    slash = (
        # the lobby
        Slash(
            "new",
            Option("level", int, about="echec_level", choices=numbers(1, 2)),
            Option("placement", about="echec_placement", choices=PLACEMENT_CHOICES),
            Option("units", Units, about="echec_units"),
            *(Option(f"{seat}_units", Units, about="echec_army_units") for seat in SEATS),
            Option("massive", about="echec_massive", choices=ON_OFF),
            position_option("echec_position"),
            Option("turn_limit", Range[int, 0, 10000], about="echec_turn_limit"),
            opens=True,
        ),
        Slash("join", Option("seat", about="echec_seat", choices=SEAT_CHOICES, required=True)),
        # placement (level 2)
        Slash(
            "setup place",
            Option(
                "unit", Range[str, 1, 40], about="echec_place_unit", required=True, completes=True
            ),
            Option("square", Square, about="echec_place_square", required=True, completes=True),
            FACING,
        ),
        Slash(
            "setup lift",
            Option("square", Square, about="echec_lift_square", required=True, completes=True),
        ),
        Slash("setup autoplace"),
        Slash("setup confirm"),
        # the opening and the battle
        Slash("roll"),
        Slash("advance", UNIT, Option("squares", Range[int, 1, 8], about="echec_squares")),
        Slash("turn", UNIT, FACING),
        Slash(
            "attack",
            UNIT,
            Option("target", Square, about="echec_target", required=True, completes=True),
        ),
        Slash("end"),
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.echec")``."""
    await add_table_cog(bot, EchecCog)
