"""The computer players and ``/plateau games`` read a game's table through protocols
(``bot.tables.played.GameTable``, ``bot.tables.hooks.Table``), and the cogs the bot through
``bot.cogs.slash.Host``: each is checked at run time, so every real one must pass."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.cogs.slash import Host, host_of
from bot.discord.bot import PlateauBot
from bot.games import services
from bot.tables.hooks import Table
from bot.tables.played import GameTable


def test_every_games_table_is_a_game_table_and_plateau_is_not() -> None:
    tables = {table.kind: table for table in services()}
    games = {"loka", "loa", "echec", "inka", "alako", "chess"}
    assert {kind for kind, table in tables.items() if isinstance(table, Table)} == games
    assert {kind for kind, table in tables.items() if isinstance(table, GameTable)} == games
    assert set(tables) - games == {"plateau"}  # /plateau holds no game


def test_the_bot_is_the_host_the_cogs_ask_and_nothing_else_is() -> None:
    assert issubclass(PlateauBot, Host)
    interaction: Any = SimpleNamespace(client=object())
    with pytest.raises(TypeError, match="runs no Plateau commands"):
        host_of(interaction)
