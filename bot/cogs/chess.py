"""``/chess``: one slash command per table command, and the chess buttons.

Nothing here knows a rule: each command passes its options to the service; choices and the
move autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Range

from bot.cogs import TableButton, TableCog, button_template, choice, opening, tr

KIND = "chess"

COLOR_CHOICES = [choice("discord.choice." + c, c) for c in ("white", "black", "random")]
SEAT_CHOICES = [choice("chess.seat." + c, c) for c in ("white", "black")]
DRAW_CHOICES = [choice("discord.choice." + c, c) for c in ("offer", "accept", "decline", "claim")]

GAME = tr("discord.pdesc.game")


class ChessButton(TableButton, template=button_template(KIND)):
    """Join/Accept, Leave and Start in the lobby; Accept and Decline a draw offer."""

    kind: ClassVar[str] = KIND
    seats: ClassVar[tuple[str, ...]] = ("white", "black")

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["draw", "accept" | "decline" as answer]:
                return "draw", {"action": answer}
        return None


class ChessCog(TableCog, group_name="chess", group_description=tr("discord.desc.chess")):
    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Chess"
    buttons: ClassVar[tuple[type[TableButton], ...]] = (ChessButton,)
    completed: ClassVar[dict[str, tuple[str, ...]]] = {
        "move": ("move",),
    }

    @app_commands.command(name="new", description=tr("discord.desc.chess.new"))
    @app_commands.describe(opponent=tr("discord.pdesc.opponent"), color=tr("discord.pdesc.color"))
    @app_commands.choices(color=COLOR_CHOICES)
    @opening
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        color: str | None = None,
        language: str | None = None,
    ) -> None:
        options = {"opponent": opponent.id if opponent else None, "color": color}
        await self.open_game(interaction, {**options, "language": language})

    @app_commands.command(name="import", description=tr("discord.desc.chess.import"))
    @app_commands.describe(
        pgn=tr("discord.pdesc.pgn"),
        opponent=tr("discord.pdesc.opponent"),
        color=tr("discord.pdesc.color"),
    )
    @app_commands.choices(color=COLOR_CHOICES)
    @opening
    async def import_(
        self,
        interaction: discord.Interaction,
        pgn: Range[str, 1, 6000],
        opponent: discord.User | None = None,
        color: str | None = None,
        language: str | None = None,
    ) -> None:
        options = {"pgn": pgn, "opponent": opponent.id if opponent else None, "color": color}
        await self.open_game(interaction, {**options, "language": language}, "import")

    @app_commands.command(name="join", description=tr("discord.desc.chess.join"))
    @app_commands.describe(seat=tr("discord.pdesc.chess_seat"), game=GAME)
    @app_commands.choices(seat=SEAT_CHOICES)
    async def join(
        self, interaction: discord.Interaction, seat: str | None = None, game: str | None = None
    ) -> None:
        await self.run(interaction, "join", seat=seat, game=game)

    @app_commands.command(name="move", description=tr("discord.desc.chess.move"))
    @app_commands.describe(move=tr("discord.pdesc.chess_move"), game=GAME)
    async def move(
        self, interaction: discord.Interaction, move: Range[str, 1, 12], game: str | None = None
    ) -> None:
        await self.run(interaction, "move", move=move, game=game)

    @app_commands.command(name="draw", description=tr("discord.desc.chess.draw"))
    @app_commands.describe(action=tr("discord.pdesc.draw_action"), game=GAME)
    @app_commands.choices(action=DRAW_CHOICES)
    async def draw(
        self, interaction: discord.Interaction, action: str, game: str | None = None
    ) -> None:
        await self.run(interaction, "draw", action=action, game=game)


COG = ChessCog
