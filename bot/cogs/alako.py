"""``/alako``: one slash command per table command, and the Alako buttons.

Nothing here knows a rule: each command passes its options to the service; choices and the
segment autocomplete only help typing (the service checks every value again). After a spin,
the board post carries a button for each legal choice, so a turn is one or two clicks; a draw
offer carries Accept and Decline."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Range

from bot.cogs import TableButton, TableCog, button_template, choice, opening, tr

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

GAME = tr("discord.pdesc.game")
Segment = Range[str, 1, 12]


class AlakoButton(TableButton, template=button_template(KIND, r"[a-z0-9:_]{1,64}")):
    """Seats, Leave and Start in the lobby; Spin, then one button per legal choice
    (``do:<ply>:<action>``, the action text with ``_`` for spaces); Accept and Decline under
    a draw offer (``draw:accept``, ``draw:decline``)."""

    kind: ClassVar[str] = KIND
    seats: ClassVar[tuple[str, ...]] = SEATS

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["do", ply, text] if ply.isdigit():
                parsed = _action(text.split("_"))
                if parsed is None:
                    return None
                command, options = parsed
                return command, {**options, "ply": int(ply)}
            case ["draw", "accept" | "decline" as answer]:
                return "draw", {"action": answer}
        return None


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


class AlakoCog(TableCog, group_name="alako", group_description=tr("discord.desc.alako")):
    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Alako"
    buttons: ClassVar[tuple[type[TableButton], ...]] = (AlakoButton,)
    completed: ClassVar[dict[str, tuple[str, ...]]] = {
        "build": ("segment",),
        "climb": ("segment",),
    }

    # ------------------------------------------------------------ lobby

    @app_commands.command(name="new", description=tr("discord.desc.alako.new"))
    @app_commands.describe(
        first=tr("discord.pdesc.alako_first"),
        position=tr("discord.pdesc.alako_position"),
    )
    @app_commands.choices(first=FIRST_CHOICES)
    @opening
    async def new(
        self,
        interaction: discord.Interaction,
        first: str | None = None,
        position: Range[str, 1, 500] | None = None,
        language: str | None = None,
    ) -> None:
        options = {"first": first, "position": position, "language": language}
        await self.open_game(interaction, options)

    @app_commands.command(name="join", description=tr("discord.desc.alako.join"))
    @app_commands.describe(seat=tr("discord.pdesc.alako_seat"), game=GAME)
    @app_commands.choices(seat=SEAT_CHOICES)
    async def join(
        self, interaction: discord.Interaction, seat: str, game: str | None = None
    ) -> None:
        await self.run(interaction, "join", seat=seat, game=game)

    # ------------------------------------------------------------ a turn

    @app_commands.command(name="spin", description=tr("discord.desc.alako.spin"))
    @app_commands.describe(game=GAME)
    async def spin(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "spin", game=game)

    @app_commands.command(name="move", description=tr("discord.desc.alako.move"))
    @app_commands.describe(
        piece=tr("discord.pdesc.alako_piece"),
        direction=tr("discord.pdesc.alako_direction"),
        game=GAME,
    )
    @app_commands.choices(piece=PIECE_CHOICES, direction=DIRECTION_CHOICES)
    async def move(
        self,
        interaction: discord.Interaction,
        piece: str,
        direction: str,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "move", piece=piece, direction=direction, game=game)

    @app_commands.command(name="dismount", description=tr("discord.desc.alako.dismount"))
    @app_commands.describe(direction=tr("discord.pdesc.alako_direction"), game=GAME)
    @app_commands.choices(direction=DIRECTION_CHOICES)
    async def dismount(
        self, interaction: discord.Interaction, direction: str, game: str | None = None
    ) -> None:
        await self.run(interaction, "dismount", direction=direction, game=game)

    @app_commands.command(name="build", description=tr("discord.desc.alako.build"))
    @app_commands.describe(segment=tr("discord.pdesc.alako_segment"), game=GAME)
    async def build(
        self, interaction: discord.Interaction, segment: Segment, game: str | None = None
    ) -> None:
        await self.run(interaction, "build", segment=segment, game=game)

    @app_commands.command(name="climb", description=tr("discord.desc.alako.climb"))
    @app_commands.describe(segment=tr("discord.pdesc.alako_wall"), game=GAME)
    async def climb(
        self,
        interaction: discord.Interaction,
        segment: Segment | None = None,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "climb", segment=segment, game=game)

    @app_commands.command(name="pass", description=tr("discord.desc.alako.pass"))
    @app_commands.describe(game=GAME)
    async def pass_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "pass", game=game)

    @app_commands.command(name="draw", description=tr("discord.desc.alako.draw"))
    @app_commands.describe(action=tr("discord.pdesc.alako_draw"), game=GAME)
    @app_commands.choices(action=DRAW_CHOICES)
    async def draw(
        self, interaction: discord.Interaction, action: str | None = None, game: str | None = None
    ) -> None:
        await self.run(interaction, "draw", action=action, game=game)

    # ------------------------------------------------------------ looking and ending


COG = AlakoCog
