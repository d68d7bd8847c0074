"""Tournaments in storage (issue 35, migration 013): a tournament's row, its entrants in the
order they signed up, and its games round by round, so that a restart resumes each live
tournament where it stood.

:class:`Tournaments` is the storage protocol's part; :class:`TournamentSql` its SQL, the
same for both backends (``SqlStorage`` takes it in). A tournament's columns are named as
:class:`Tournament`'s fields; a game's seats, points and places are JSON lists (a float
goes through JSON to the bit, so half points come back exact).

What a tournament's change says in its channel (a round's pairings, a result, the standings,
the final table) goes to the outbox in the same transaction as the change, as a game's posts
do: ``save_tournament``, ``save_round`` and ``save_game`` take it (``owed``) and give it back
as outbox rows, kept under :func:`outbox_key` until the adapter has sent them, and sent by a
restart if it never did."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import fields
from typing import Any, Protocol

from bot.model import Delivery
from bot.storage import outbox
from bot.storage.outbox import Owed
from bot.storage.session import Session, fetchrow
from bot.tournaments.model import LIVE, Entrant, Game, Tournament

# What a restart resumes: the condition of the partial index ``tournaments_live``, word for
# word (SQLite uses the index only then).
_LIVE_SQL = f"status IN ({', '.join(repr(status) for status in LIVE)})"

# A tournament's and an entrant's columns are named as their fields; a game's too, but for
# its table (a word SQL keeps).
_TOURNAMENT = tuple(f.name for f in fields(Tournament))
_ENTRANT = tuple(f.name for f in fields(Entrant))
_GAME = ("tournament_id", "round", "table_no", "seats", "game_id", "points", "places", "awarded")


def _upsert(
    table: str, columns: Sequence[str], key: Sequence[str], first: tuple[str, str] | None = None
) -> str:
    """An INSERT of ``columns`` (each a ``?``) into ``table`` that, where a row with the same
    ``key`` is there already, sets its other columns instead; ``first`` is one more
    column and the SQL of its value, written by the INSERT only."""
    names, values = list(columns), ["?"] * len(columns)
    if first is not None:
        names.insert(0, first[0])
        values.insert(0, first[1])
    changed = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    return (
        f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join(values)}) "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {changed}"
    )


_UPSERT_TOURNAMENT = _upsert("tournaments", _TOURNAMENT, ("id",))
# A new entrant comes last in the order of sign-up (n); one signed up already keeps their place.
_UPSERT_ENTRANT = _upsert(
    "tournament_entrants",
    _ENTRANT,
    ("tournament_id", "user_id"),
    ("n", "(SELECT COALESCE(MAX(n) + 1, 0) FROM tournament_entrants WHERE tournament_id = ?)"),
)
_UPSERT_GAME = _upsert("tournament_games", _GAME, _GAME[:3])
_SELECT_GAMES = f"SELECT {', '.join(_GAME)} FROM tournament_games"
OUTBOX_PREFIX = "tournament:"


def outbox_key(tid: str) -> str:
    """The outbox's key (its ``game_id`` column) for the tournament ``tid``'s own posts."""
    return OUTBOX_PREFIX + tid


def is_tournaments(owed: Delivery) -> bool:
    """Whether ``owed`` (an outbox row) is a tournament's own post, not a game's."""
    return isinstance(owed, Owed) and owed.owner.startswith(OUTBOX_PREFIX)


class Tournaments(Protocol):
    """The storage protocol's tournament operations."""

    async def save_tournament(self, t: Tournament, owed: Sequence[Delivery] = ()) -> list[Owed]:
        """Write a tournament's row, new or changed, and ``owed`` (what the change says)
        to the outbox in the same transaction; gives ``owed`` as outbox rows."""
        ...

    async def tournament(self, tid: str) -> Tournament | None: ...

    async def live_tournaments(self) -> list[Tournament]:
        """The tournaments a restart resumes (:data:`LIVE`), oldest first."""
        ...

    async def latest_tournament(
        self, guild_id: int, channel_ids: Sequence[int]
    ) -> Tournament | None:
        """The newest tournament (live or over) of the guild ``guild_id`` that was opened
        in one of ``channel_ids`` (None: none)."""
        ...

    async def save_entrant(self, e: Entrant) -> None:
        """Write an entrant, new (last in the order of sign-up) or changed (in their place)."""
        ...

    async def entrants(self, tid: str) -> list[Entrant]:
        """A tournament's entrants, withdrawn ones too, in the order they signed up."""
        ...

    async def save_round(
        self, t: Tournament, games: Sequence[Game], owed: Sequence[Delivery] = ()
    ) -> list[Owed]:
        """Write ``t``'s row, ``games`` and ``owed`` in one transaction: the games of each
        of their rounds as given, in place of any saved before for that round (a
        re-pairing); gives ``owed`` as outbox rows."""
        ...

    async def save_game(self, g: Game, owed: Sequence[Delivery] = ()) -> list[Owed]:
        """Write one game, new or changed (its table game's id, its result, an award), and
        ``owed`` in the same transaction; gives ``owed`` as outbox rows."""
        ...

    async def games(self, tid: str) -> list[Game]:
        """A tournament's games, by round then table."""
        ...

    async def tournament_game(self, game_id: str) -> Game | None:
        """The tournament game that the table game ``game_id`` plays (None: none)."""
        ...


class TournamentSql:
    """:class:`Tournaments` in the SQL both backends share, over the backend's sessions."""

    def session(self) -> AbstractAsyncContextManager[Session]:
        raise NotImplementedError

    async def save_tournament(self, t: Tournament, owed: Sequence[Delivery] = ()) -> list[Owed]:
        async with self.session() as s, s.transaction():
            await s.execute(_UPSERT_TOURNAMENT, *_values(t, _TOURNAMENT))
            return await outbox.write(s, outbox_key(t.id), owed, time.time())

    async def tournament(self, tid: str) -> Tournament | None:
        async with self.session() as s:
            row = await fetchrow(s, "SELECT * FROM tournaments WHERE id = ?", tid)
        return None if row is None else _tournament(row)

    async def live_tournaments(self) -> list[Tournament]:
        async with self.session() as s:
            rows = await s.fetch(
                f"SELECT * FROM tournaments WHERE {_LIVE_SQL} ORDER BY created_at, id"
            )
        return [_tournament(r) for r in rows]

    async def latest_tournament(
        self, guild_id: int, channel_ids: Sequence[int]
    ) -> Tournament | None:
        if not channel_ids:
            return None
        marks = ", ".join("?" for _ in channel_ids)
        async with self.session() as s:
            row = await fetchrow(
                s,
                f"SELECT * FROM tournaments WHERE guild_id = ? AND channel_id IN ({marks}) "
                "ORDER BY created_at DESC, id DESC LIMIT 1",
                guild_id,
                *channel_ids,
            )
        return None if row is None else _tournament(row)

    async def save_entrant(self, e: Entrant) -> None:
        async with self.session() as s:
            await s.execute(_UPSERT_ENTRANT, e.tournament_id, *_values(e, _ENTRANT))

    async def entrants(self, tid: str) -> list[Entrant]:
        async with self.session() as s:
            rows = await s.fetch(
                f"SELECT {', '.join(_ENTRANT)} FROM tournament_entrants WHERE tournament_id = ? "
                "ORDER BY n, user_id",
                tid,
            )
        return [Entrant(**{name: r[name] for name in _ENTRANT}) for r in rows]

    async def save_round(
        self, t: Tournament, games: Sequence[Game], owed: Sequence[Delivery] = ()
    ) -> list[Owed]:
        if any(g.tournament_id != t.id for g in games):
            raise ValueError(f"a game of another tournament in a round of {t.id}")
        rounds = sorted({g.round for g in games})
        async with self.session() as s, s.transaction():
            await s.execute(_UPSERT_TOURNAMENT, *_values(t, _TOURNAMENT))
            await s.executemany(
                "DELETE FROM tournament_games WHERE tournament_id = ? AND round = ?",
                [(t.id, n) for n in rounds],
            )
            await s.executemany(_UPSERT_GAME, [_game_values(g) for g in games])
            return await outbox.write(s, outbox_key(t.id), owed, time.time())

    async def save_game(self, g: Game, owed: Sequence[Delivery] = ()) -> list[Owed]:
        async with self.session() as s, s.transaction():
            await s.execute(_UPSERT_GAME, *_game_values(g))
            return await outbox.write(s, outbox_key(g.tournament_id), owed, time.time())

    async def games(self, tid: str) -> list[Game]:
        async with self.session() as s:
            rows = await s.fetch(
                f"{_SELECT_GAMES} WHERE tournament_id = ? ORDER BY round, table_no",
                tid,
            )
        return [_game(r) for r in rows]

    async def tournament_game(self, game_id: str) -> Game | None:
        async with self.session() as s:
            row = await fetchrow(s, f"{_SELECT_GAMES} WHERE game_id = ?", game_id)
        return None if row is None else _game(row)


def _values(item: Tournament | Entrant, columns: Sequence[str]) -> list[Any]:
    return [getattr(item, name) for name in columns]


def _tournament(row: Any) -> Tournament:
    return Tournament(**{name: row[name] for name in _TOURNAMENT})


def _game_values(g: Game) -> tuple[Any, ...]:
    return (
        g.tournament_id,
        g.round,
        g.table,
        json.dumps(list(g.seats)),
        g.game_id,
        None if g.points is None else json.dumps([float(p) for p in g.points]),
        None if g.places is None else json.dumps(list(g.places)),
        int(g.awarded),
    )


def _game(row: Any) -> Game:
    tid, round_, table, seats, game_id, points, places, awarded = row
    return Game(
        tournament_id=tid,
        round=round_,
        table=table,
        seats=tuple(json.loads(seats)),
        game_id=game_id,
        points=None if points is None else tuple(float(p) for p in json.loads(points)),
        places=None if places is None else tuple(json.loads(places)),
        awarded=bool(awarded),
    )
