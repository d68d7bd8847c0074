"""The games the bot offers. Each is a table, found by module (every ``bot/tables/<game>.py``
that defines ``TABLE``), and a discord.py extension named after the table's kind,
``bot.cogs.<kind>``, whose ``setup`` adds the game's cog (its slash commands and buttons).
The bot loads the extension of each table its service answers (``bot.load_extension``);
adding a game adds its modules, and nothing here changes.

The console and ``/<game> help`` read the commands without a bot (:func:`cogs`,
:func:`guide`): importing an extension declares its cog class (``bot.cogs.DECLARED``). This
registry imports the cogs only when asked (discord is only imported by the Discord side and
the console's help), never the reverse: the cogs take the classes they work on as arguments."""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any

import bot.tables
from bot.model import CommandHelp
from bot.service import Table

if TYPE_CHECKING:
    from bot.cogs import TableCog


def _table_classes() -> list[Any]:
    modules = sorted(pkgutil.iter_modules(bot.tables.__path__), key=lambda m: m.name)
    found = [importlib.import_module(f"bot.tables.{m.name}") for m in modules if not m.ispkg]
    return [m.TABLE for m in found if hasattr(m, "TABLE")]


def tables() -> list[Table]:
    return [table() for table in _table_classes()]


def services() -> list[Table]:
    """What the service answers: every game's table, and ``/plateau`` across them."""
    return [table() for table in _service_classes()]


def _service_classes() -> list[Any]:
    from bot.tables.plateau import HUB

    return [*_table_classes(), HUB]


def extension(kind: str) -> str:
    """The discord.py extension of a table's kind: its cog's module."""
    return f"bot.cogs.{kind}"


def cog_of(kind: str) -> type[TableCog]:
    """The cog class that ``kind``'s extension adds, read without a bot."""
    from bot.cogs import DECLARED

    name = extension(kind)
    importlib.import_module(name)
    return DECLARED[name]


def cogs() -> tuple[type[TableCog], ...]:
    """Every game's cog."""
    return tuple(cog_of(table.kind) for table in _table_classes())


def all_cogs() -> tuple[type[TableCog], ...]:
    """Every game's cog, and ``/plateau``'s."""
    return tuple(cog_of(table.kind) for table in _service_classes())


def guide(kind: str, locale: str) -> list[CommandHelp]:
    """``/<kind> help`` as the console types it: the game's cog's commands."""
    from bot.cogs import command_guide

    return command_guide(kind, locale, cogs=cogs())


def read_button(custom_id: str) -> tuple[str, str, dict[str, Any]] | None:
    """A press of ``custom_id`` as the registered games read it (the console's ``!press``)."""
    from bot.cogs import read_button as read

    return read(custom_id, [button for cog in all_cogs() for button in cog.buttons])
