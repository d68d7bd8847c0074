"""A game's slash commands as data: each :class:`Slash` states a command's words and its
:class:`Option`s; :func:`build` makes the discord.py command (through the public
``app_commands`` decorators, as if written by hand) whose callback hands the options to the
bot, named as Discord shows them.

One mechanism completes every option: an option that ``completes`` asks the table
(``complete(service, request, option, current)``) for its legal values, and the ``game``
option every game command ends with offers the user's games. Descriptions come from the
catalog: ``discord.desc.<game>.<words>`` for a command, ``discord.pdesc.<about>`` for an
option."""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LANGUAGES, language_name, t

Choices = list[app_commands.Choice[str]]
Completer = Callable[[discord.Interaction, str], Awaitable[Choices]]


@runtime_checkable
class Host(Protocol):
    """What the cogs ask of the bot that runs them (``bot.discord.bot.PlateauBot``): the
    commands' work, and (in each extension's ``setup``) room for a cog and its buttons."""

    async def add_cog(self, cog: commands.Cog, /) -> None: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...

    async def run_command(
        self,
        interaction: discord.Interaction,
        kind: str,
        command: str,
        options: dict[str, Any],
        *,
        opens_game: bool = False,
    ) -> None: ...

    async def complete(
        self, interaction: discord.Interaction, kind: str, command: str, option: str, current: str
    ) -> Choices: ...

    async def complete_game(
        self, interaction: discord.Interaction, kind: str, current: str
    ) -> Choices: ...

    async def refuse(self, interaction: discord.Interaction, key: str, **values: Any) -> None: ...


class Cog(Protocol):
    """What a command's callback reads of its cog (``bot.cogs.TableCog``)."""

    bot: Host
    kind: str


def host_of(interaction: discord.Interaction) -> Host:
    """The bot an interaction reached (discord.py says any ``Client``; ours is a Host)."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"{type(client).__name__} runs no Plateau commands")
    return client


def tr(key: str) -> app_commands.locale_str:
    """A catalog text for a command declaration: English, keyed for the translator."""
    return app_commands.locale_str(t("en", key), key=key)


def choice(key: str, value: str) -> app_commands.Choice[str]:
    """A choice whose shown name comes from the catalog."""
    return app_commands.Choice(name=tr(key), value=value)


ON_OFF = [choice("discord.choice.on", "on"), choice("discord.choice.off", "off")]
# The language of a game's public posts (each person's private answers stay in their own).
LANGUAGE_CHOICES = [app_commands.Choice(name=language_name(lang), value=lang) for lang in LANGUAGES]


def python_name(word: str) -> str:
    """``word`` as a Python name: a keyword (``from``, ``pass``) gets a trailing ``_``."""
    return word + "_" if keyword.iskeyword(word) else word


@dataclass(frozen=True)
class Option:
    """One option as Discord shows it: ``name``; ``type`` (``str``, ``int``, a ``Range``, or
    ``discord.User``: the service gets the member's id); ``about``, its description's key
    ``discord.pdesc.<about>`` (by default its name); ``choices``; ``required``; ``completes``:
    the table offers its legal values (True, or the option's name at the table)."""

    name: str
    type: Any = str
    about: str = ""
    choices: Sequence[app_commands.Choice[Any]] = ()
    required: bool = False
    completes: bool | str = False

    @property
    def parameter(self) -> str:
        """The callback's parameter for it (``from_`` for ``from``)."""
        return python_name(self.name)

    def sent(self, value: Any) -> Any:
        """The value the service gets: a member as its id (as the console sends it)."""
        return value.id if self.type is discord.User and value is not None else value


def numbers(*values: int) -> list[app_commands.Choice[int]]:
    """Whole numbers to pick from (a count of players, a level), each shown as itself."""
    return [app_commands.Choice(name=str(n), value=n) for n in values]


def position_option(about: str = "", limit: int = 1000) -> Option:
    """``new``'s ``position``: a position to start from, in the game's own notation, at
    most ``limit`` characters; ``about`` as for :class:`Option`."""
    return Option("position", app_commands.Range[str, 1, limit], about=about)


# Every game command ends with ``game``: which of the user's games (they complete it).
GAME = Option("game")
# A command that opens a game ends with its clock and ``language`` instead.
LANGUAGE = Option("language", choices=LANGUAGE_CHOICES)
CLOCK = Option("clock", app_commands.Range[str, 1, 20])
TIMEOUT = Option(
    "timeout",
    choices=[choice(f"discord.choice.timeout_{v}", v) for v in ("ai", "skip", "forfeit")],
)
RATED = Option(
    "rated", choices=[choice("discord.choice.yes", "yes"), choice("discord.choice.no", "no")]
)
# ``/<game> hint`` in this game (unrated).
HINTS = Option(
    "hints", choices=[choice("discord.choice.on", "on"), choice("discord.choice.off", "off")]
)


class Slash:
    """A command: its words after ``/<game>`` (``army add``: ``add`` in the ``army`` group)
    and its options. ``opens``: it opens a game (ends with ``clock``, ``timeout``, ``rated``,
    ``hints`` and ``language``, may get its own thread); ``game``: it acts on one of the
    user's games (ends with ``game``)."""

    def __init__(
        self, words: str, *options: Option, opens: bool = False, game: bool = True
    ) -> None:
        self.words = words
        tail = (CLOCK, TIMEOUT, RATED, HINTS, LANGUAGE) if opens else (GAME,) if game else ()
        self.options: tuple[Option, ...] = (*options, *tail)
        self.opens = opens

    @property
    def attribute(self) -> str:
        """The cog's attribute holding the command (or its group)."""
        return python_name(self.words.split()[0])


def typed_options(interaction: discord.Interaction) -> dict[str, Any]:
    """The options the user gave, by name, as Discord sent them (below the subcommand and
    its group), whether or not the command declares them."""
    data: Any = interaction.data or {}
    entries = data.get("options") or []
    # A subcommand (type 1) or a group (type 2) holds the options one level down.
    while len(entries) == 1 and entries[0].get("type") in (1, 2):
        entries = entries[0].get("options") or []
    return {e["name"]: e.get("value") for e in entries if "name" in e}


def _completer(kind: str, command: str, option: Option) -> Completer | None:
    """How ``option`` completes: ``game`` with the user's games of ``kind``, an option that
    ``completes`` with what the table offers, any other not at all."""
    if option.choices or (option.name != "game" and not option.completes):
        return None  # choices are offered as such (/plateau leaderboard's game: a kind)
    at_table = option.completes if isinstance(option.completes, str) else option.name

    async def complete(interaction: discord.Interaction, current: str) -> Choices:
        host = host_of(interaction)
        if option.name == "game":
            return await host.complete_game(interaction, kind, current)
        return await host.complete(interaction, kind, command, at_table, current)

    return complete


def build(
    slash: Slash,
    kind: str,
    scope: str,
    qualname: str,
    module: str,
    parent: app_commands.Group | None = None,
) -> app_commands.Command[Any, ..., None]:
    """The discord.py command ``slash`` declares for the game ``kind``: its description is
    ``discord.desc.<scope>.<words>``; ``qualname`` and ``module`` name it as the cog's."""
    options = {option.parameter: option for option in slash.options}

    async def callback(cog: Cog, interaction: discord.Interaction, **values: Any) -> None:
        # Options in their declared order, named as Discord shows them.
        sent = {option.name: option.sent(values.get(name)) for name, option in options.items()}
        # An option this version does not declare (Discord still offers an older command
        # until the sync lands) reaches the service, which refuses it by name: discord.py
        # would drop it silently.
        sent.update(
            (name, value) for name, value in typed_options(interaction).items() if name not in sent
        )
        await cog.bot.run_command(interaction, cog.kind, slash.words, sent, opens_game=slash.opens)

    leaf = slash.words.split()[-1]
    callback.__name__ = slash.attribute
    # A method of the cog to discord.py: the first parameter is the cog, not an option.
    callback.__qualname__ = qualname
    callback.__module__ = module
    self_and_interaction = [
        inspect.Parameter("cog", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
    ]
    # What inspect.signature (so discord.py) reads; typeshed's functions have no such
    # attribute, hence the ignore.
    callback.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            *self_and_interaction,
            *(
                inspect.Parameter(
                    name,
                    inspect.Parameter.KEYWORD_ONLY,
                    annotation=option.type,
                    default=inspect.Parameter.empty if option.required else None,
                )
                for name, option in options.items()
            ),
        ]
    )
    described = {n: tr("discord.pdesc." + (o.about or o.name)) for n, o in options.items()}
    app_commands.describe(**described)(callback)
    renamed = {n: o.name for n, o in options.items() if n != o.name}
    choices = {n: list(o.choices) for n, o in options.items() if o.choices}
    completers = {n: _completer(kind, slash.words, o) for n, o in options.items()}
    for decorate, values in (
        (app_commands.rename, renamed),
        (app_commands.choices, choices),
        (app_commands.autocomplete, {n: c for n, c in completers.items() if c is not None}),
    ):
        if values:
            decorate(**values)(callback)
    description = tr(f"discord.desc.{scope}.{slash.words.replace(' ', '.')}")
    command = app_commands.Command[Any, ..., None](
        name=leaf, description=description, callback=callback, parent=parent
    )
    if parent is not None:
        parent.add_command(command)
    return command
