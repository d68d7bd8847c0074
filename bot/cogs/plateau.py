"""``/plateau``: a member's commands across every game (``bot.tables.plateau``). Not a
game's cog: it has none of the shared game commands; its one button turns
the pages of ``/plateau games``."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import LANGUAGE_CHOICES, Host, Option, Slash, choice
from bot.tables.plateau import AUTO, KINDS, QUOTA_OPTIONS
from bot.tables.quotas import LIMIT_MAX
from renderer.theme import PALETTES

KIND_CHOICES = [choice(f"game.{kind}", kind) for kind in KINDS]
# A server's language: one Plateau speaks, or back to the server's locale or the host's.
SERVER_LANGUAGES = [*LANGUAGE_CHOICES, choice("discord.choice.language_auto", AUTO)]
# A member's palette for the pictures sent to them alone.
PALETTE_CHOICES = [choice(f"discord.choice.palette_{p.replace('-', '_')}", p) for p in PALETTES]


# A quota, as an admin sets it (0: back to the default).
QUOTA = app_commands.Range[int, 0, LIMIT_MAX]


class GamesPage(TableButton, template=button_template("plateau", r"page:[0-9]{1,6}")):
    """Previous and Next under ``/plateau games``: ``plateau:plateau:games:page:<n>``."""

    kind = "plateau"

    @classmethod
    def to_request(cls, game_id: str, action: str) -> tuple[str, dict[str, Any]] | None:
        match action.split(":"):
            case ["page", page] if game_id == "games":
                return "games", {"page": int(page)}
        return None


class PlateauCog(TableCog):
    kind = "plateau"
    shared: ClassVar[bool] = False
    buttons = (GamesPage,)
    slash = (
        Slash("games", game=False),
        Slash(
            "leaderboard",
            Option("game", about="plateau_game", choices=KIND_CHOICES, required=True),
            game=False,
        ),
        Slash("profile", Option("member", discord.User, about="member"), game=False),
        Slash(
            "settings",
            Option("language", about="settings_language", choices=SERVER_LANGUAGES),
            Option("palette", about="settings_palette", choices=PALETTE_CHOICES),
            *(Option(name, QUOTA, about=f"settings_{name}") for name in QUOTA_OPTIONS),
            game=False,
        ),
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.plateau")``."""
    await add_table_cog(bot, PlateauCog)
