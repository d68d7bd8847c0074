"""What every game's cog shares: a slash command group that hands each command to the bot
(defer, ask the service, deliver), and persistent buttons whose custom id carries the game id.

A game's cog declares its commands with descriptions from the catalog (:func:`tr`), and a
:class:`TableButton` subclass whose template matches ``plateau:<game>:<game id>:<action>``
and whose :meth:`TableButton.to_request` turns the action back into a command."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t

if TYPE_CHECKING:
    from bot.discord_app import PlateauBot


def tr(key: str) -> app_commands.locale_str:
    """A catalog text for a command declaration: English, keyed for the translator."""
    return app_commands.locale_str(t("en", key), key=key)


def choice(key: str, value: str) -> app_commands.Choice[str]:
    """A choice whose shown name comes from the catalog."""
    return app_commands.Choice(name=tr(key), value=value)


ON_OFF = [choice("discord.choice.on", "on"), choice("discord.choice.off", "off")]


class TableCog(commands.GroupCog):
    """A game's ``/<game>`` group. Subclasses give ``kind``, their buttons and commands."""

    kind: ClassVar[str] = ""
    title: ClassVar[str] = ""
    buttons: ClassVar[tuple[type[TableButton], ...]] = ()

    def __init__(self, bot: PlateauBot) -> None:
        self.bot = bot
        super().__init__()

    async def run(self, interaction: discord.Interaction, command: str, **options: Any) -> None:
        await self.bot.run_command(interaction, self.kind, command, options)

    async def complete(
        self, interaction: discord.Interaction, command: str, option: str, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.bot.complete(interaction, self.kind, command, option, current)

    async def open_game(
        self, interaction: discord.Interaction, options: dict[str, Any], command: str = "new"
    ) -> None:
        """``/<game> new``: the game gets its own thread when the bot may open one."""

        async def prepare(i: discord.Interaction, o: dict[str, Any]) -> dict[str, Any]:
            return await self.bot.open_thread(i, o, title=self.title)

        await self.bot.run_command(
            interaction, self.kind, command, options, prepare=prepare, finish=self.bot.settle_thread
        )

    # ------------------------------------------------------------ what every game has
    # (discord.py collects app commands from base classes too: each game's group gets them)

    @app_commands.command(name="leave", description=tr("discord.desc.table.leave"))
    @app_commands.describe(game=tr("discord.pdesc.game"))
    async def leave(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "leave", game=game)

    @app_commands.command(name="start", description=tr("discord.desc.table.start"))
    @app_commands.describe(game=tr("discord.pdesc.game"))
    async def start(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "start", game=game)

    @app_commands.command(name="cancel", description=tr("discord.desc.table.cancel"))
    @app_commands.describe(game=tr("discord.pdesc.game"))
    async def cancel(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "cancel", game=game)

    @app_commands.command(name="board", description=tr("discord.desc.table.board"))
    @app_commands.describe(game=tr("discord.pdesc.game"))
    async def board(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "board", game=game)

    @app_commands.command(name="resign", description=tr("discord.desc.table.resign"))
    @app_commands.describe(game=tr("discord.pdesc.game"))
    async def resign(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "resign", game=game)

    @app_commands.command(name="export", description=tr("discord.desc.table.export"))
    @app_commands.describe(game=tr("discord.pdesc.game"))
    async def export(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self.run(interaction, "export", game=game)

    @app_commands.command(name="rules", description=tr("discord.desc.table.rules"))
    @app_commands.describe(topic=tr("discord.pdesc.topic"))
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        await self.run(interaction, "rules", topic=topic)


def button_template(kind: str, action: str = r"[a-z0-9:]{1,64}") -> str:
    """The custom id pattern of a game's buttons: ``plateau:<game>:<game id>:<action>``."""
    return rf"plateau:{kind}:(?P<game>[0-9A-Za-z_-]{{1,32}}):(?P<action>{action})"


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A persistent button: rebuilt from its custom id on every press, so it keeps working
    after a restart. Subclasses set ``kind``, ``seats`` and a template from
    :func:`button_template`; the lobby's buttons (``join:<seat>``, ``leave``, ``start``, made
    by the table base) are read here, and :meth:`game_request` maps the game's own."""

    kind: ClassVar[str] = ""
    seats: ClassVar[tuple[str, ...]] = ()
    seat_option: ClassVar[str] = "seat"

    def __init__(self, item: discord.ui.Button) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> TableButton:
        return cls(item)  # type: ignore[arg-type]

    @classmethod
    def to_request(cls, game_id: str, action: str) -> tuple[str, dict[str, Any]] | None:
        """The command and options this press stands for (None: not understood)."""
        match action.split(":"):
            case ["join", seat] if seat in cls.seats:
                return "join", {cls.seat_option: seat, "game": game_id}
            case ["join", *_]:
                return None
            case ["leave" | "start" as command]:
                return command, {"game": game_id}
        parsed = cls.game_request(action.split(":"))
        if parsed is None:
            return None
        command, options = parsed
        return command, {**options, "game": game_id}

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        """The game's own buttons: ``action`` split at ``:`` to a command and its options."""
        return None

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PlateauBot = interaction.client  # type: ignore[assignment]
        match = self.template.fullmatch(self.custom_id)
        parsed = self.to_request(match["game"], match["action"]) if match else None
        if parsed is None:
            await bot.refuse(interaction, "discord.stale_button")
            return
        command, options = parsed
        await bot.run_command(interaction, self.kind, command, options)
