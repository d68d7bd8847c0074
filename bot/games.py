"""The games the bot offers, found by module: every ``bot/tables/<game>.py`` that defines
``TABLE`` (its table class) and every ``bot/cogs/<game>.py`` that defines ``COG`` (its slash
commands). Adding a game adds its modules; nothing here changes."""

from __future__ import annotations

import importlib
import pkgutil

import bot.tables
from bot.service import Table


def _modules(package: str, path: list[str]) -> list[object]:
    return [
        importlib.import_module(f"{package}.{m.name}")
        for m in sorted(pkgutil.iter_modules(path), key=lambda m: m.name)
        if not m.ispkg
    ]


def tables() -> list[Table]:
    return [m.TABLE() for m in _modules("bot.tables", bot.tables.__path__) if hasattr(m, "TABLE")]


def cogs() -> tuple[type, ...]:
    import bot.cogs  # discord is only imported by the Discord side

    return tuple(m.COG for m in _modules("bot.cogs", bot.cogs.__path__) if hasattr(m, "COG"))
