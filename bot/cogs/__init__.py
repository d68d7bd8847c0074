"""What every game's cog shares: a slash command group that hands each command to the bot
(defer, ask the service, deliver), and persistent buttons whose custom id carries the game id.

A game's cog declares its commands as data (:class:`~bot.cogs.slash.Slash`, from which
discord.py's commands are made, descriptions from the catalog), and a
:class:`TableButton` subclass whose template matches ``plateau:<game>:<game id>:<action>``
and whose :meth:`TableButton.to_request` turns the action back into a command.

``/<game> help`` lists the commands this tree declares (:func:`command_guide`), so the help
cannot drift from the real commands; the console reads buttons through :func:`read_button`
as a press on Discord does."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from ai.levels import LEVELS
from bot.cogs.slash import Host, Option, Slash, build, choice, host_of, tr
from bot.i18n import SOURCE, has, language, t
from bot.model import CommandHelp
from bot.tables.pages import rules_topics

# What every game has, before its own commands: leaving, looking back, the rules and help.
SHARED_WORDS = ("leave", "start", "cancel", "resign", "export", "pause", "replay")
# /<game> board at:<n>: a past position (0: the start).
BOARD = Slash("board", Option("at", app_commands.Range[int, 0, 100_000], about="board_at"))


def shared_commands(kind: str) -> tuple[Slash, ...]:
    """The commands every game's group has; ``rules`` offers the rules page's topics."""
    topics = [
        app_commands.Choice(name=title[:100], value=title.lower()[:100])
        for title in rules_topics(kind)[:25]
    ]
    return (
        BOARD,
        *(Slash(words) for words in SHARED_WORDS),
        Slash("hint"),
        Slash("review", Option("record", app_commands.Range[str, 1, 6000], about="review_record")),
        Slash("learn", Option("lesson", app_commands.Range[int, 1, 200]), game=False),
        Slash("rules", Option("topic", choices=topics), game=False),
        Slash("help", game=False),
    )


# A computer player's level, or away from the seat (in the lobby).
LEVEL = Option(
    "level",
    about="ai_level",
    choices=[
        *(choice(f"ai.level.{level}", level) for level in LEVELS),
        choice("discord.choice.ai_remove", "remove"),
    ],
)


def ai_command(slash: Iterable[Slash]) -> tuple[Slash, ...]:
    """``/<game> ai``: a computer player to a seat, named as the game's ``join`` names it
    (Loka: ``army``); none for a game without ``join``. The table completes the seat: a
    running game's seats may differ from its lobby's (colours drawn by lot)."""
    join = next((s for s in slash if s.words == "join"), None)
    if join is None or not join.options or join.options[0].name == "game":
        return ()
    seat = dataclasses.replace(join.options[0], required=True, choices=(), completes=True)
    return (Slash("ai", seat, LEVEL),)


def declared_commands(
    kind: str, slash: Iterable[Slash], qualname: str, module: str, *, shared: bool = True
) -> dict[str, app_commands.Command[Any, ..., None] | app_commands.Group]:
    """The cog class's attributes for its commands: the shared ones first (unless not
    ``shared``: ``/plateau`` is no game), then the group's own; the words ``army add`` make
    ``add`` in the group ``army``."""
    found: dict[str, app_commands.Command[Any, ..., None] | app_commands.Group] = {}
    groups: dict[str, app_commands.Group] = {}
    declared = [
        *((s, "table") for s in (shared_commands(kind) if shared else ())),
        *((s, kind) for s in slash),
        *((s, "table") for s in (ai_command(slash) if shared else ())),
    ]
    for command, scope in declared:
        group = None
        if " " in command.words:
            head = command.words.split()[0]
            if head not in groups:
                description = tr(f"discord.desc.{kind}.{head}")
                groups[head] = found[command.attribute] = app_commands.Group(
                    name=head, description=description
                )
            group = groups[head]
        made = build(command, kind, scope, f"{qualname}.{command.attribute}", module, group)
        if group is None:
            found[command.attribute] = made
    return found


class TableCogMeta(commands.CogMeta):
    """Makes a game's cog class from what it declares (``kind`` and ``slash``) before
    discord.py's ``CogMeta`` collects its commands: the group ``/<kind>``, described by
    ``discord.desc.<kind>``, and its commands as class attributes."""

    def __new__(mcs, *args: Any, **kwargs: Any) -> TableCogMeta:
        name, bases, attrs = args
        kind = attrs.get("kind")
        if kind:
            kwargs.setdefault("group_name", kind)
            kwargs.setdefault("group_description", tr(f"discord.desc.{kind}"))
            made = declared_commands(
                kind,
                attrs.get("slash", ()),
                attrs["__qualname__"],
                attrs["__module__"],
                shared=attrs.get("shared", True),
            )
            attrs = {**attrs, **made}
        cls = super().__new__(mcs, name, bases, attrs, **kwargs)
        assert isinstance(cls, TableCogMeta)  # discord.py's CogMeta.__new__ says CogMeta
        return cls


# Each extension's cog class by its module (``bot.cogs.loka``: ``LokaCog``), noted as the
# class is made (a class that states its ``kind``): what ``bot.games.cog_of`` reads,
# without a bot.
DECLARED: dict[str, type[TableCog]] = {}


class TableCog(commands.GroupCog, metaclass=TableCogMeta):
    """A game's ``/<game>`` group. Subclasses give ``kind``, their buttons and ``slash``,
    their own commands as :class:`Slash` declarations; the shared commands come first
    (:func:`shared_commands`). Each command hands its options to the bot."""

    kind: ClassVar[str] = ""
    buttons: ClassVar[tuple[type[TableButton], ...]] = ()
    slash: ClassVar[tuple[Slash, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in vars(cls):
            DECLARED[cls.__module__] = cls

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()


async def add_table_cog(bot: Host, cog_class: type[TableCog]) -> None:
    """What each cog's extension does in its ``setup``: add the cog (its ``/<game>`` group)
    and its buttons, as dynamic items: a press is understood after a restart too."""
    await bot.add_cog(cog_class(bot))
    bot.add_dynamic_items(*cog_class.buttons)


# ---------------------------------------------------------------- /<game> help

# Where a command stands in the help: the lobby first, then the game's own commands in the
# order its cog declares them, then looking back, leaving and help.
_BEFORE = {"new": 0, "import": 1, "join": 2, "ai": 3, "leave": 4, "start": 5, "cancel": 6}
_AFTER = {
    "hint": 8,
    "board": 9,
    "replay": 10,
    "review": 11,
    "export": 12,
    "pause": 13,
    "learn": 14,
    "rules": 15,
    "resign": 16,
    "help": 17,
}


@cache
def _declared(cog_class: type[TableCog]) -> tuple[tuple[tuple[str, ...], Any], ...]:
    """The leaf commands of a cog's tree: their names (group first) and descriptions."""
    # discord.py's Cog.__new__ builds the instance's command tree; __init__ (the bot) is
    # left out: the help reads the tree and runs nothing.
    cog = cog_class.__new__(cog_class)
    found = [
        (tuple(command.qualified_name.split()), command._locale_description or command.description)
        for command in cog.walk_app_commands()
        if isinstance(command, app_commands.Command)
    ]
    rank = {**_BEFORE, **_AFTER}
    return tuple(sorted(found, key=lambda item: rank.get(" ".join(item[0][1:]), 7)))


def _shown_name(word: str, locale: str, localized: bool) -> str:
    """A command's word as the user types it: Discord shows French names to French users
    (the translator's ``discord.name.<word>``); the console only reads English."""
    key = "discord.name." + word
    return t(locale, key) if localized and language(locale) != SOURCE and has(key) else word


def _purpose(description: Any, locale: str) -> str:
    key = getattr(description, "extras", {}).get("key")
    if isinstance(key, str) and has(key):
        return t(locale, key)
    return str(getattr(description, "message", description))


def command_guide(
    kind: str,
    locale: str,
    *,
    cogs: Iterable[type[TableCog]],
    localized: bool = False,
) -> list[CommandHelp]:
    """Every command ``/<kind>`` declares (among ``cogs``), with its description in
    ``locale``; ``localized``: names as Discord shows them there."""
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
    by the table base), Resign, and Accept and Decline under a draw offer (``draws``: the
    game has draws by agreement) are read here, and :meth:`game_request` maps the game's own."""

    kind: ClassVar[str] = ""
    seats: ClassVar[tuple[str, ...]] = ()
    seat_option: ClassVar[str] = "seat"
    draws: ClassVar[bool] = False

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
        if not isinstance(item, discord.ui.Button):  # the template matches buttons' ids only
            raise TypeError(f"{cls.__name__} is a button, not a {type(item).__name__}")
        return cls(item)

    @classmethod
    def to_request(cls, game_id: str, action: str) -> tuple[str, dict[str, Any]] | None:
        """The command and options this press stands for (None: not understood)."""
        match action.split(":"):
            case ["join", seat] if seat in cls.seats:
                return "join", {cls.seat_option: seat, "game": game_id}
            case ["join", *_]:
                return None
            case ["ai", seat, level] if seat in cls.seats:
                return "ai", {cls.seat_option: seat, "level": level, "game": game_id}
            case ["leave" | "start" as command]:
                return command, {"game": game_id}
            case ["resign"]:  # the button under "Resign game X?": the answer is yes
                return "resign confirm", {"game": game_id}
            case ["draw", "accept" | "decline" as answer] if cls.draws:
                return "draw", {"action": answer, "game": game_id}
        parsed = cls.game_request(action.split(":"))
        if parsed is None:
            return None
        own, options = parsed
        return own, {**options, "game": game_id}

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
        bot = host_of(interaction)
        parsed = self.read(self.custom_id)
        if parsed is None:
            await bot.refuse(interaction, "discord.stale_button")
            return
        command, options = parsed
        await bot.run_command(interaction, self.kind, command, options)


def read_button(
    custom_id: str, buttons: Iterable[type[TableButton]]
) -> tuple[str, str, dict[str, Any]] | None:
    """A press of ``custom_id`` as the game, command and options it stands for (None: none
    of ``buttons`` reads it): what the console does for ``!press``."""
    for factory in buttons:
        parsed = factory.read(custom_id)
        if parsed is not None:
            return factory.kind, *parsed
    return None
