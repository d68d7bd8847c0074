"""Where a member is awaited: their lobbies and running games on a server, and in which of
them a seat of theirs must act now (``/plateau games``, and the count under a turn's ping)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import TableService
from bot.storage import GameRow
from bot.tables.game import TableGame
from bot.tables.hooks import Table


@dataclass(frozen=True)
class Seated:
    """One of a member's games: its table, the game (``table.game(row)``), the member's
    seats in it, and those of them the game waits for now."""

    table: Table
    game: TableGame
    seats: tuple[str, ...]
    awaited: tuple[str, ...]


async def games_of(
    service: TableService, user_id: int, guild_id: int | None, rows: list[GameRow] | None = None
) -> list[Seated]:
    """The member's unfinished games on ``guild_id`` (every server's from a DM: None), the
    ones awaiting them first, then by age (from ``rows`` if the caller read them already)."""
    found: list[Seated] = []
    for row in rows if rows is not None else await service.storage.games_of_user(user_id):
        table = service.tables.get(row.kind)
        if not isinstance(table, Table) or (guild_id is not None and row.guild_id != guild_id):
            continue
        game = table.game(row)
        seats = tuple(game.seats_of(user_id))
        awaited: tuple[str, ...] = ()
        state = game.state
        if row.status == "running" and state is not None and state.phase != table.over_phase:
            awaited = tuple(s for s in table.rules.to_act(state) if s in seats)
        found.append(Seated(table, game, seats, awaited))
    return sorted(found, key=lambda s: (not s.awaited, s.game.row.created_at))


async def others_awaiting(
    service: TableService, user_id: int, guild_id: int | None, game_id: str
) -> int:
    """How many of the member's other games on the server wait for them now."""
    rows = await service.storage.games_of_user(user_id)
    if all(row.id == game_id for row in rows):
        return 0  # the common case: this game alone, nothing to read
    mine = await games_of(service, user_id, guild_id, rows)
    return sum(1 for s in mine if s.awaited and s.game.row.id != game_id)
