"""``/alako``: one slash command per table command, and the Alako buttons.

Nothing here knows a rule: each command passes its options to the service; choices and the
segment autocomplete only help typing (the service checks every value again). After a spin,
the board post carries a button for each legal choice, so a turn is one or two clicks; a draw
offer carries Accept and Decline."""

from __future__ import annotations

from typing import Any

from discord.app_commands import Range

from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import Host, Option, Slash, choice, position_option

KIND = "alako"
SEATS = ("south", "north")

FIRST_CHOICES = [
    choice("discord.choice.alako_roll", "roll"),
    *(choice(f"discord.choice.alako_{s}", s) for s in SEATS),
]
SEAT_CHOICES = [choice(f"discord.choice.alako_{s}", s) for s in SEATS]
PIECE_CHOICES = [choice(f"discord.choice.alako_{p}", p) for p in ("knight", "horse", "princess")]
DIRECTION_CHOICES = [choice(f"discord.choice.alako_{d}", d) for d in "nesw"]
DRAW_CHOICES = [choice(f"discord.choice.alako_{a}", a) for a in ("offer", "accept", "decline")]

Segment = Range[str, 1, 12]
FIRST = Option("first", about="alako_first", choices=FIRST_CHOICES)
DIRECTION = Option("direction", about="alako_direction", choices=DIRECTION_CHOICES, required=True)


def _action(words: list[str]) -> tuple[str, dict[str, Any]] | None:
    """The command an action text stands for (``knight n`` -> move, ``build d3n`` -> build)."""
    match words:
        case ["spin" | "pass" as command]:
            return command, {}
        case ["knight" | "horse" | "princess" as piece, "n" | "e" | "s" | "w" as direction]:
            return "move", {"piece": piece, "direction": direction}
        case ["dismount", "n" | "e" | "s" | "w" as direction]:
            return "dismount", {"direction": direction}
        case ["build", segment]:
            return "build", {"segment": segment}
        case ["climb"]:
            return "climb", {}
        case ["climb", segment]:
            return "climb", {"segment": segment}
    return None


class AlakoButton(TableButton, template=button_template(KIND, r"[a-z0-9:_]{1,64}")):
    """Seats, Leave and Start in the lobby; Spin, then one button per legal choice
    (``do:<ply>:<action>``, the action text with ``_`` for spaces); Accept and Decline under
    a draw offer (``draw:accept``, ``draw:decline``)."""

    kind = KIND
    seats = SEATS
    draws = True

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["do", ply, text] if ply.isdigit():
                parsed = _action(text.split("_"))
                if parsed is None:
                    return None
                command, options = parsed
                return command, {**options, "ply": int(ply)}
        return None


class AlakoCog(TableCog):
    kind = KIND
    buttons = (AlakoButton,)
    slash = (
        # the lobby
        Slash("new", FIRST, position_option("alako_position", 500), opens=True),
        Slash("join", Option("seat", about="alako_seat", choices=SEAT_CHOICES, required=True)),
        # a turn
        Slash("spin"),
        Slash(
            "move",
            Option("piece", about="alako_piece", choices=PIECE_CHOICES, required=True),
            DIRECTION,
        ),
        Slash("dismount", DIRECTION),
        Slash(
            "build",
            Option("segment", Segment, about="alako_segment", required=True, completes=True),
        ),
        Slash("climb", Option("segment", Segment, about="alako_wall", completes=True)),
        Slash("pass"),
        Slash("draw", Option("action", about="alako_draw", choices=DRAW_CHOICES)),
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.alako")``."""
    await add_table_cog(bot, AlakoCog)
