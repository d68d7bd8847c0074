"""``/loka``: one slash command per table command, declared, and the Loka buttons.

Nothing here knows a rule: each command passes its options to the service; choices, ranges
and autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

from typing import Any

from discord.app_commands import Choice, Range

from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import ON_OFF, Host, Option, Slash, choice, numbers, position_option
from engine.loka.config import BOX_SUPPLY

KIND = "loka"
ARMIES = ("fire", "earth", "water", "air")
BOUGHT = ("queen", "rook", "bishop", "knight", "pawn")
PIECES = ("king", *BOUGHT)

ARMY_CHOICES = [choice("army." + a, a) for a in ARMIES]
BUY_CHOICES = [choice("piece." + p, p) for p in BOUGHT]
PIECE_CHOICES = [choice("piece." + p, p) for p in PIECES]
PROMOTION_CHOICES = [choice("piece." + p, p) for p in ("queen", "rook", "bishop", "knight")]
SILENCE_CHOICES = [choice("discord.choice.players", "players"), ON_OFF[1]]
BOARD_CHOICES = [
    choice("discord.choice.cross", "cross"),
    choice("discord.choice.faceoff", "faceoff"),
]
SOLO_CHOICES = [choice("discord.choice.solo_" + team, team) for team in ("evil", "good")]
BOX_CHOICES = [choice("discord.choice.box_" + box, box) for box in BOX_SUPPLY]
# Face-off on one 8x8 board, or massive battles on several side by side.
SIZE_CHOICES = [
    Choice(name=size, value=size)
    for size in ("8x8", "16x8", "16x16", "24x8", "24x16", "24x24", "32x8", "32x16", "32x32")
]

Square = Range[str, 1, 8]
MY_ARMY = Option("army", about="my_army", choices=ARMY_CHOICES)
BUY = Option("piece", about="buy", choices=BUY_CHOICES, required=True)
COUNT = Option("count", Range[int, 1, 16], required=True)
FROM = Option("from", Square, required=True, completes=True)
TO = Option("to", Square, required=True, completes=True)


class LokaButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; the army builder in DMs; Re-roll and Keep."""

    kind = KIND
    seats = ARMIES
    seat_option = "army"

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            # The buttons' ids stay as posted before /loka d20 grouped these two.
            case ["reroll" | "keep" as command]:
                return f"d20 {command}", {}
            case ["army", army, "add" | "remove" as verb, piece]:
                return f"army {verb}", {"army": army, "piece": piece, "count": 1}
            case ["army", army, "confirm"]:
                return "army confirm", {"army": army}
        return None


class LokaCog(TableCog):
    kind = KIND
    buttons = (LokaButton,)
    slash = (
        # the lobby
        Slash(
            "new",
            Option("players", int, choices=numbers(4, 3, 2)),
            Option("points", Range[int, 10, 1000]),
            Option("terrain", choices=ON_OFF),
            Option("tiles", Range[int, 1, 9]),
            Option("combat", choices=ON_OFF),
            Option("silence", choices=SILENCE_CHOICES),
            position_option(),
            Option("reroll_minutes", Range[int, 1, 1440]),
            Option("board", choices=BOARD_CHOICES),
            Option("size", choices=SIZE_CHOICES),
            Option("south", choices=ARMY_CHOICES),
            Option("north", choices=ARMY_CHOICES),
            Option("solo", choices=SOLO_CHOICES),
            Option("solo_percent", Range[int, 1, 100]),
            Option("budgets", Range[str, 1, 100]),
            Option("box", choices=BOX_CHOICES),
            Option("max_pieces", Range[int, 1, 64]),
            Option("max_pawns", Range[int, 0, 64]),
            opens=True,
        ),
        Slash("join", Option("army", about="seat", choices=ARMY_CHOICES, required=True)),
        Slash("team", Option("message", Range[str, 1, 1500], required=True)),
        # the secret army
        *(Slash(f"army {verb}", BUY, COUNT, MY_ARMY) for verb in ("add", "remove")),
        *(Slash(f"army {verb}", MY_ARMY) for verb in ("show", "confirm")),
        # deployment and battle
        Slash(
            "deploy",
            Option("piece", about="deploy_piece", choices=PIECE_CHOICES, required=True),
            Option("square", Square, about="deploy_square", required=True, completes=True),
        ),
        Slash("autodeploy"),
        Slash("move", FROM, TO, Option("promote", choices=PROMOTION_CHOICES)),
        Slash("d20 reroll"),
        Slash("d20 keep"),
        # looking
        Slash("info odds", FROM, TO),
        Slash("info moves", Option("square", Square, completes="from")),
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.loka")``."""
    await add_table_cog(bot, LokaCog)
