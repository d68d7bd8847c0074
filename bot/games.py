"""The games the bot offers: each one's table (rules at the table) and cog (its slash
commands). Adding a game is one line in each list."""

from __future__ import annotations

from bot.service import Table
from bot.tables.loka import LokaTable


def tables() -> list[Table]:
    return [LokaTable()]


def cogs() -> tuple[type, ...]:
    from bot.cogs.loka import LokaCog  # discord is only imported by the Discord side

    return (LokaCog,)
