"""The games the bot offers, found by module: every ``bot/tables/<game>.py`` that defines
``TABLE`` (its table class) and every ``bot/cogs/<game>.py`` that defines ``COG`` (its slash
commands). Adding a game adds its modules; nothing here changes.

This registry imports the cogs (only when asked: discord is only imported by the Discord
side), never the reverse: the cogs take the classes they work on as arguments."""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any

import bot.tables
from bot.model import CommandHelp
from bot.service import Table

if TYPE_CHECKING:
    from bot.cogs import TableCog


def _modules(package: str, path: list[str]) -> list[object]:
    return [
        importlib.import_module(f"{package}.{m.name}")
        for m in sorted(pkgutil.iter_modules(path), key=lambda m: m.name)
        if not m.ispkg
    ]


def tables() -> list[Table]:
    return [m.TABLE() for m in _modules("bot.tables", bot.tables.__path__) if hasattr(m, "TABLE")]


def services() -> list[Table]:
    """What the service answers: every game's table, and ``/plateau`` across them."""
    from bot.tables.plateau import HUB

    return [*tables(), HUB()]


def cogs() -> tuple[type[TableCog], ...]:
    import bot.cogs

    return tuple(m.COG for m in _modules("bot.cogs", bot.cogs.__path__) if hasattr(m, "COG"))


def all_cogs() -> tuple[type[TableCog], ...]:
    """Every game's cog, and ``/plateau``'s."""
    from bot.cogs.plateau import HUB_COG

    return (*cogs(), HUB_COG)


def guide(kind: str, locale: str) -> list[CommandHelp]:
    """``/<kind> help`` as the console types it: the registered cog's commands."""
    from bot.cogs import command_guide

    return command_guide(kind, locale, cogs=cogs())


def read_button(custom_id: str) -> tuple[str, str, dict[str, Any]] | None:
    """A press of ``custom_id`` as the registered games read it (the console's ``!press``)."""
    from bot.cogs import read_button as read

    return read(custom_id, [button for cog in all_cogs() for button in cog.buttons])
