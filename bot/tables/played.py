"""What is read of a game's table from outside the tables: its kind, its rules and facts,
its game from a row, and its computer players. The computer players (``bot.autoplay``,
which the service imports) read a table through :class:`GameTable`; the table's own parts
read the whole of it (``bot.tables.hooks.Table``, which adds the hooks). This module
imports neither the service nor a table, so no import runs around a loop.

The service holds the game tables and ``/plateau`` (which holds no game) alike: who reads
a game's table from there checks ``isinstance(table, GameTable)``."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from bot.model import Delivery
from bot.storage import GameRow
from engine.protocol import Game


class PlayedGame(Protocol):
    """A game row as its table loads it (``bot.tables.game.TableGame``)."""

    row: GameRow
    state: Any  # the engine's state (None in the lobby)

    @property
    def locale(self) -> str: ...
    @property
    def seats(self) -> dict[str, int]: ...
    def seats_of(self, user_id: int) -> list[str]: ...
    def who(self, user_id: int) -> str: ...


class ComputerSeats(Protocol):
    """A table's computer players (``bot.tables.computers.Computers``). ``game`` is the
    table's own kind of game (what its ``game`` made), ``service`` the table service: the
    table's part names them by classes this module cannot import."""

    def pending(self, game: Any) -> list[tuple[str, str]]: ...
    async def act(
        self, service: Any, game_id: str, seat: str, text: str
    ) -> list[Delivery] | None: ...


@runtime_checkable
class GameTable(Protocol):
    """One game's table (``bot.tables.base.SeatedTable``), as the computer players read it."""

    kind: str
    rules: Game[Any, Any]

    @property
    def over_phase(self) -> str: ...
    @property
    def computers(self) -> ComputerSeats: ...
    def game(self, row: GameRow) -> PlayedGame: ...
