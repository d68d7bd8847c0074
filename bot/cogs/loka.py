"""``/loka``: one slash command per table command, and the Loka buttons.

Nothing here knows a rule: each command passes its options to the service; choices, ranges
and autocomplete only help typing (the service checks every value again)."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import Choice, Range

from bot.cogs import ON_OFF, TableButton, TableCog, button_template, choice, opening, tr
from engine.loka.config import BOX_SUPPLY

KIND = "loka"
ARMIES = ("fire", "earth", "water", "air")
BOUGHT = ("queen", "rook", "bishop", "knight", "pawn")
PIECES = ("king", *BOUGHT)

ARMY_CHOICES = [choice("army." + a, a) for a in ARMIES]
BUY_CHOICES = [choice("piece." + p, p) for p in BOUGHT]
PIECE_CHOICES = [choice("piece." + p, p) for p in PIECES]
PROMOTION_CHOICES = [choice("piece." + p, p) for p in ("queen", "rook", "bishop", "knight")]
PLAYER_CHOICES = [Choice(name=str(n), value=n) for n in (4, 3, 2)]
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

GAME = tr("discord.pdesc.game")
MY_ARMY = tr("discord.pdesc.my_army")
Square = Range[str, 1, 8]


class LokaButton(TableButton, template=button_template(KIND)):
    """Seats, Leave and Start in the lobby; the army builder in DMs; Re-roll and Keep."""

    kind: ClassVar[str] = KIND
    seats: ClassVar[tuple[str, ...]] = ARMIES
    seat_option: ClassVar[str] = "army"

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        match parts:
            case ["reroll" | "keep" as command]:
                return command, {}
            case ["army", army, "add" | "remove" as verb, piece]:
                return f"army {verb}", {"army": army, "piece": piece, "count": 1}
            case ["army", army, "confirm"]:
                return "army confirm", {"army": army}
        return None


class LokaCog(TableCog, group_name="loka", group_description=tr("discord.desc.loka")):
    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Loka"
    buttons: ClassVar[tuple[type[TableButton], ...]] = (LokaButton,)
    completed: ClassVar[dict[str, tuple[str, ...]]] = {
        "deploy": ("square",),
        "move": ("from", "to"),
        "odds": ("from", "to"),
        "moves": ("square",),
    }
    completion_aliases: ClassVar[dict[tuple[str, str], str]] = {
        ("moves", "square"): "from",
    }

    # ------------------------------------------------------------ lobby

    @app_commands.command(name="new", description=tr("discord.desc.loka.new"))
    @app_commands.describe(
        players=tr("discord.pdesc.players"),
        points=tr("discord.pdesc.points"),
        terrain=tr("discord.pdesc.terrain"),
        tiles=tr("discord.pdesc.tiles"),
        combat=tr("discord.pdesc.combat"),
        silence=tr("discord.pdesc.silence"),
        position=tr("discord.pdesc.position"),
        reroll_minutes=tr("discord.pdesc.reroll_minutes"),
        board=tr("discord.pdesc.board"),
        size=tr("discord.pdesc.size"),
        south=tr("discord.pdesc.south"),
        north=tr("discord.pdesc.north"),
        solo=tr("discord.pdesc.solo"),
        solo_percent=tr("discord.pdesc.solo_percent"),
        budgets=tr("discord.pdesc.budgets"),
        box=tr("discord.pdesc.box"),
        max_pieces=tr("discord.pdesc.max_pieces"),
        max_pawns=tr("discord.pdesc.max_pawns"),
    )
    @app_commands.choices(
        players=PLAYER_CHOICES,
        terrain=ON_OFF,
        combat=ON_OFF,
        silence=SILENCE_CHOICES,
        board=BOARD_CHOICES,
        size=SIZE_CHOICES,
        south=ARMY_CHOICES,
        north=ARMY_CHOICES,
        solo=SOLO_CHOICES,
        box=BOX_CHOICES,
    )
    @opening
    async def new(
        self,
        interaction: discord.Interaction,
        players: int | None = None,
        points: Range[int, 10, 1000] | None = None,
        terrain: str | None = None,
        tiles: Range[int, 1, 9] | None = None,
        combat: str | None = None,
        silence: str | None = None,
        position: Range[str, 1, 1000] | None = None,
        reroll_minutes: Range[int, 1, 1440] | None = None,
        board: str | None = None,
        size: str | None = None,
        south: str | None = None,
        north: str | None = None,
        solo: str | None = None,
        solo_percent: Range[int, 1, 100] | None = None,
        budgets: Range[str, 1, 100] | None = None,
        box: str | None = None,
        max_pieces: Range[int, 1, 64] | None = None,
        max_pawns: Range[int, 0, 64] | None = None,
        language: str | None = None,
    ) -> None:
        options = {
            "board": board,
            "size": size,
            "south": south,
            "north": north,
            "reroll_minutes": reroll_minutes,
            "players": players,
            "points": points,
            "terrain": terrain,
            "tiles": tiles,
            "combat": combat,
            "silence": silence,
            "position": position,
            "solo": solo,
            "solo_percent": solo_percent,
            "budgets": budgets,
            "box": box,
            "max_pieces": max_pieces,
            "max_pawns": max_pawns,
            "language": language,
        }

        await self.open_game(interaction, options)

    @app_commands.command(name="join", description=tr("discord.desc.loka.join"))
    @app_commands.describe(army=tr("discord.pdesc.seat"), game=GAME)
    @app_commands.choices(army=ARMY_CHOICES)
    async def join(
        self, interaction: discord.Interaction, army: str, game: str | None = None
    ) -> None:
        await self.run(interaction, "join", army=army, game=game)

    @app_commands.command(name="team", description=tr("discord.desc.loka.team"))
    @app_commands.describe(message=tr("discord.pdesc.message"), game=GAME)
    async def team(
        self,
        interaction: discord.Interaction,
        message: Range[str, 1, 1500],
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "team", message=message, game=game)

    # ------------------------------------------------------------ the secret army

    army = app_commands.Group(name="army", description=tr("discord.desc.loka.army"))

    @army.command(name="add", description=tr("discord.desc.loka.army.add"))
    @app_commands.describe(
        piece=tr("discord.pdesc.buy"), count=tr("discord.pdesc.count"), army=MY_ARMY, game=GAME
    )
    @app_commands.choices(piece=BUY_CHOICES, army=ARMY_CHOICES)
    async def army_add(
        self,
        interaction: discord.Interaction,
        piece: str,
        count: Range[int, 1, 16],
        army: str | None = None,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "army add", piece=piece, count=count, army=army, game=game)

    @army.command(name="remove", description=tr("discord.desc.loka.army.remove"))
    @app_commands.describe(
        piece=tr("discord.pdesc.buy"), count=tr("discord.pdesc.count"), army=MY_ARMY, game=GAME
    )
    @app_commands.choices(piece=BUY_CHOICES, army=ARMY_CHOICES)
    async def army_remove(
        self,
        interaction: discord.Interaction,
        piece: str,
        count: Range[int, 1, 16],
        army: str | None = None,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "army remove", piece=piece, count=count, army=army, game=game)

    @army.command(name="show", description=tr("discord.desc.loka.army.show"))
    @app_commands.describe(army=MY_ARMY, game=GAME)
    @app_commands.choices(army=ARMY_CHOICES)
    async def army_show(
        self, interaction: discord.Interaction, army: str | None = None, game: str | None = None
    ) -> None:
        await self.run(interaction, "army show", army=army, game=game)

    @army.command(name="confirm", description=tr("discord.desc.loka.army.confirm"))
    @app_commands.describe(army=MY_ARMY, game=GAME)
    @app_commands.choices(army=ARMY_CHOICES)
    async def army_confirm(
        self, interaction: discord.Interaction, army: str | None = None, game: str | None = None
    ) -> None:
        await self.run(interaction, "army confirm", army=army, game=game)

    # ------------------------------------------------------------ deployment and battle

    @app_commands.command(name="deploy", description=tr("discord.desc.loka.deploy"))
    @app_commands.describe(
        piece=tr("discord.pdesc.deploy_piece"),
        square=tr("discord.pdesc.deploy_square"),
        game=GAME,
    )
    @app_commands.choices(piece=PIECE_CHOICES)
    async def deploy(
        self,
        interaction: discord.Interaction,
        piece: str,
        square: Square,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "deploy", piece=piece, square=square, game=game)

    @app_commands.command(name="autodeploy", description=tr("discord.desc.loka.autodeploy"))
    @app_commands.describe(game=GAME)
    async def autodeploy(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "autodeploy", game=game)

    @app_commands.command(name="move", description=tr("discord.desc.loka.move"))
    @app_commands.rename(src="from", dst="to")
    @app_commands.describe(
        src=tr("discord.pdesc.from"),
        dst=tr("discord.pdesc.to"),
        promote=tr("discord.pdesc.promote"),
        game=GAME,
    )
    @app_commands.choices(promote=PROMOTION_CHOICES)
    async def move(
        self,
        interaction: discord.Interaction,
        src: Square,
        dst: Square,
        promote: str | None = None,
        game: str | None = None,
    ) -> None:
        options = {"from": src, "to": dst, "promote": promote, "game": game}
        await self.bot.run_command(interaction, KIND, "move", options)

    @app_commands.command(name="reroll", description=tr("discord.desc.loka.reroll"))
    @app_commands.describe(game=GAME)
    async def reroll(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "reroll", game=game)

    @app_commands.command(name="keep", description=tr("discord.desc.loka.keep"))
    @app_commands.describe(game=GAME)
    async def keep(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "keep", game=game)

    # ------------------------------------------------------------ looking

    @app_commands.command(name="odds", description=tr("discord.desc.loka.odds"))
    @app_commands.rename(src="from", dst="to")
    @app_commands.describe(src=tr("discord.pdesc.from"), dst=tr("discord.pdesc.to"), game=GAME)
    async def odds(
        self,
        interaction: discord.Interaction,
        src: Square,
        dst: Square,
        game: str | None = None,
    ) -> None:
        options = {"from": src, "to": dst, "game": game}
        await self.bot.run_command(interaction, KIND, "odds", options)

    @app_commands.command(name="moves", description=tr("discord.desc.loka.moves"))
    @app_commands.describe(square=tr("discord.pdesc.square"), game=GAME)
    async def moves(
        self,
        interaction: discord.Interaction,
        square: Square | None = None,
        game: str | None = None,
    ) -> None:
        await self.run(interaction, "moves", square=square, game=game)


COG = LokaCog
