"""``/plateau``: a member's commands across every game (``bot.tables.plateau``). Not a
game's cog: it has none of the shared game commands; its buttons turn the pages of
``/plateau games`` and join or leave a tournament (``/plateau tournament ...``, the group
of ``bot.tables.tournament``'s commands)."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands

from ai.levels import LEVELS
from bot.cogs import TableButton, TableCog, add_table_cog, button_template
from bot.cogs.slash import CLOCK, LANGUAGE_CHOICES, Host, Option, Slash, choice
from bot.tables.plateau import AUTO, KINDS, QUOTA_OPTIONS
from bot.tables.quotas import LIMIT_MAX
from bot.tournaments.model import FORMATS
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


class TournamentButton(
    TableButton, template=button_template("plateau", r"tournament:(?:join|leave)")
):
    """Join and Leave under a tournament's sign-up post:
    ``plateau:plateau:<tournament id>:tournament:join``."""

    kind = "plateau"

    @classmethod
    def to_request(cls, game_id: str, action: str) -> tuple[str, dict[str, Any]] | None:
        match action.split(":"):
            case ["tournament", "join" | "leave" as command]:
                return f"tournament {command}", {"tournament": game_id}
        return None


# Which tournament a command means (the one of the channel when left out).
TOURNAMENT = Option("tournament", about="tournament")
TOURNAMENT_COMMANDS = (
    Slash(
        "tournament new",
        Option("game", about="tournament_game", choices=KIND_CHOICES, required=True),
        Option(
            "format",
            about="tournament_format",
            choices=[choice(f"tournament.format.{f}", f) for f in FORMATS],
        ),
        Option("rounds", app_commands.Range[int, 1, 1440], about="tournament_rounds"),
        CLOCK,
        Option("start", app_commands.Range[str, 1, 10], about="tournament_start"),
        Option("interval", app_commands.Range[int, 0, 10080], about="tournament_interval"),
        Option("options", app_commands.Range[str, 1, 500], about="tournament_options"),
        game=False,
    ),
    Slash(
        "tournament join",
        Option(
            "computer",
            about="tournament_computer",
            choices=[choice(f"ai.level.{level}", level) for level in LEVELS],
        ),
        TOURNAMENT,
        game=False,
    ),
    *(
        Slash(f"tournament {words}", TOURNAMENT, game=False)
        for words in ("leave", "start", "pause", "resume", "repair", "standings")
    ),
    Slash(
        "tournament remove",
        Option("member", discord.User, about="tournament_member"),
        Option("computer", app_commands.Range[int, 1, 999], about="tournament_computer_n"),
        TOURNAMENT,
        game=False,
    ),
    Slash(
        "tournament award",
        Option("table", app_commands.Range[int, 1, 10000], about="tournament_table", required=True),
        Option("member", discord.User, about="tournament_winner"),
        TOURNAMENT,
        game=False,
    ),
)


class PlateauCog(TableCog):
    kind = "plateau"
    shared: ClassVar[bool] = False
    buttons = (GamesPage, TournamentButton)
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
        *TOURNAMENT_COMMANDS,
    )


async def setup(bot: Host) -> None:
    """The extension's entry point: ``bot.load_extension("bot.cogs.plateau")``."""
    await add_table_cog(bot, PlateauCog)
