"""What every game's cog shares: a slash command group that hands each command to the bot
(defer, ask the service, deliver), and persistent buttons whose custom id carries the game id.

A game's cog declares its commands with descriptions from the catalog (:func:`tr`), and a
:class:`TableButton` subclass whose template matches ``plateau:<game>:<game id>:<action>``
and whose :meth:`TableButton.to_request` turns the action back into a command.

``/<game> help`` lists the commands this tree declares (:func:`command_guide`), so the help
cannot drift from the real commands; the console reads buttons through :func:`read_button`
as a press on Discord does."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import CATALOG, language, t
from bot.model import CommandHelp
from bot.tables.base import rules_topics

if TYPE_CHECKING:
    from bot.discord_app import PlateauBot


Completer = Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


def tr(key: str) -> app_commands.locale_str:
    """A catalog text for a command declaration: English, keyed for the translator."""
    return app_commands.locale_str(t("en", key), key=key)


def choice(key: str, value: str) -> app_commands.Choice[str]:
    """A choice whose shown name comes from the catalog."""
    return app_commands.Choice(name=tr(key), value=value)


ON_OFF = [choice("discord.choice.on", "on"), choice("discord.choice.off", "off")]
# The language of a game's public posts (each person's private answers stay in their own).
LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Français", value="fr"),
]
LANGUAGE = tr("discord.pdesc.language")


def opening(func: Any) -> Any:
    """What every game's ``new`` offers besides its own options: the posts' ``language``."""
    described = app_commands.describe(language=LANGUAGE)(func)
    return app_commands.choices(language=LANGUAGE_CHOICES)(described)


class TableCog(commands.GroupCog):
    """A game's ``/<game>`` group. Subclasses give ``kind``, their buttons and commands, and
    declare which options the table completes (``completed``: command -> option names, as
    Discord shows them; ``completion_aliases`` where the table calls an option otherwise).
    Every ``game`` option completes with the user's games; ``rules`` offers the rules
    page's topics as choices."""

    kind: ClassVar[str] = ""
    title: ClassVar[str] = ""
    buttons: ClassVar[tuple[type[TableButton], ...]] = ()
    completed: ClassVar[dict[str, tuple[str, ...]]] = {}
    completion_aliases: ClassVar[dict[tuple[str, str], str]] = {}

    def __init__(self, bot: PlateauBot) -> None:
        self.bot = bot
        super().__init__()
        for command in self.walk_app_commands():
            if isinstance(command, app_commands.Command):
                self._wire(command)

    def _wire(self, command: app_commands.Command[Any, ..., Any]) -> None:
        """Give the parameters of ``command`` their autocomplete and choices. Parameters of
        the shared commands are shared objects between games: replace, never mutate."""
        name = command.qualified_name.split(" ", 1)[1]  # "loka army add" -> "army add"
        params = command._params
        for key, param in list(params.items()):
            shown = param.display_name
            if shown == "game":
                params[key] = dataclasses.replace(param, autocomplete=self._game_completer())
            elif shown in self.completed.get(name, ()):
                option = self.completion_aliases.get((name, shown), shown)
                completer = self._completer(name, option)
                params[key] = dataclasses.replace(param, autocomplete=completer)
            elif name == "rules" and shown == "topic":
                choices = [
                    app_commands.Choice(name=title[:100], value=title.lower()[:100])
                    for title in rules_topics(self.kind)[:25]
                ]
                params[key] = dataclasses.replace(param, choices=choices)

    def _completer(self, command: str, option: str) -> Completer:
        async def complete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return await self.bot.complete(interaction, self.kind, command, option, current)

        return complete

    def _game_completer(self) -> Completer:
        async def complete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return await self.bot.complete_game(interaction, self.kind, current)

        return complete

    async def run(self, interaction: discord.Interaction, command: str, **options: Any) -> None:
        await self.bot.run_command(interaction, self.kind, command, options)

    async def open_game(
        self, interaction: discord.Interaction, options: dict[str, Any], command: str = "new"
    ) -> None:
        """``/<game> new``: the game gets its own thread when the bot may open one."""
        await self.bot.run_command(interaction, self.kind, command, options, opens_game=True)

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

    @app_commands.command(name="help", description=tr("discord.desc.table.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "help")


# ---------------------------------------------------------------- /<game> help

# Where a command stands in the help: the lobby first, then the game's own commands in the
# order its cog declares them, then looking back, leaving and help.
_BEFORE = {"new": 0, "import": 1, "join": 2, "leave": 3, "start": 4, "cancel": 5}
_AFTER = {"board": 7, "export": 8, "rules": 9, "resign": 10, "help": 11}


@cache
def _declared(cog_class: type[TableCog]) -> tuple[tuple[tuple[str, ...], Any], ...]:
    """The leaf commands of a cog's tree: their names (group first) and descriptions."""
    cog = cog_class(None)  # type: ignore[arg-type]  # the tree is built without a bot
    found = [
        (tuple(command.qualified_name.split()), command._locale_description or command.description)
        for command in cog.walk_app_commands()
        if isinstance(command, app_commands.Command)
    ]
    rank = {**_BEFORE, **_AFTER}
    return tuple(sorted(found, key=lambda item: rank.get(" ".join(item[0][1:]), 6)))


def _shown_name(word: str, locale: str, localized: bool) -> str:
    """A command's word as the user types it: Discord shows French names to French users
    (the translator's ``discord.name.<word>``); the console only reads English."""
    key = "discord.name." + word
    return t(locale, key) if localized and language(locale) == "fr" and key in CATALOG else word


def _purpose(description: Any, locale: str) -> str:
    key = getattr(description, "extras", {}).get("key")
    return t(locale, key) if key in CATALOG else str(getattr(description, "message", description))


def command_guide(
    kind: str,
    locale: str,
    *,
    cogs: Iterable[type[TableCog]] | None = None,
    localized: bool = False,
) -> list[CommandHelp]:
    """Every command ``/<kind>`` declares (among ``cogs``, by default the registered ones),
    with its description in ``locale``; ``localized``: names as Discord shows them there."""
    if cogs is None:
        from bot.games import cogs as registered

        cogs = registered()
    for cog_class in cogs:
        if cog_class.kind != kind:
            continue
        return [
            CommandHelp(
                " ".join(words[1:]),
                "/" + " ".join(_shown_name(w, locale, localized) for w in words),
                _purpose(description, locale),
            )
            for words, description in _declared(cog_class)
        ]
    return []


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
            case ["resign"]:  # the button under "Resign game X?": the answer is yes
                return "resign confirm", {"game": game_id}
        parsed = cls.game_request(action.split(":"))
        if parsed is None:
            return None
        command, options = parsed
        return command, {**options, "game": game_id}

    @classmethod
    def game_request(cls, parts: list[str]) -> tuple[str, dict[str, Any]] | None:
        """The game's own buttons: ``action`` split at ``:`` to a command and its options."""
        return None

    @classmethod
    def read(cls, custom_id: str) -> tuple[str, dict[str, Any]] | None:
        """The command and options a press of ``custom_id`` stands for, if this class
        reads it."""
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        return cls.to_request(match["game"], match["action"]) if match else None

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: PlateauBot = interaction.client  # type: ignore[assignment]
        parsed = self.read(self.custom_id)
        if parsed is None:
            await bot.refuse(interaction, "discord.stale_button")
            return
        command, options = parsed
        await bot.run_command(interaction, self.kind, command, options)


def read_button(
    custom_id: str, buttons: Iterable[type[TableButton]] | None = None
) -> tuple[str, str, dict[str, Any]] | None:
    """A press of ``custom_id`` as the game, command and options it stands for (None: no
    game's buttons read it): what the console does for ``!press``."""
    if buttons is None:
        from bot.games import cogs as registered

        buttons = [b for cog_class in registered() for b in cog_class.buttons]
    for factory in buttons:
        parsed = factory.read(custom_id)
        if parsed is not None:
            return factory.kind, *parsed
    return None
