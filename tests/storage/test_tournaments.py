"""Tournaments in storage (issue 35), on both backends (the ``db`` fixture: a SQLite file, and
a real PostgreSQL server): a tournament, its entrants and its games read back exactly as
written, upserts change them in place, a round is written whole or not at all, a restart
finds the live tournaments, and migration 013 applies to a database of version 12."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.model import Attachment, Delivery
from bot.storage import Owed, SqliteStorage, SqlStorage, migrations, storage_for
from bot.storage.tournaments import is_tournaments, outbox_key
from bot.tournaments.model import Entrant, Game, Tournament, bye

BIG = 2**62 + 7  # Discord ids are 64-bit
ALICE, BOB, CAROL, DAVE = BIG, BIG + 1, BIG + 2, BIG + 3
EASY = -1  # a computer player


def _tournament(tid: str = "t1", **changes: object) -> Tournament:
    t = Tournament(
        id=tid,
        guild_id=BIG,
        channel_id=BIG + 10,
        kind="loa",
        format="swiss",
        rounds=4,
        clock="10+5",
        options='variant:scrambled position:"b1 c1; a2 h2"',  # kept as typed, quotes and all
        starts_at=1_790_000_000.125,
        organizer_id=ALICE,
        status="signup",
        table_size=2,
        created_at=1_789_999_000.5,
    )
    return replace(t, **changes)  # type: ignore[arg-type]


@pytest.fixture
async def storage(db: str) -> AsyncIterator[SqlStorage]:
    async with _opened(db) as opened:
        yield opened


@asynccontextmanager
async def _opened(db: str | SqlStorage) -> AsyncIterator[SqlStorage]:
    """A storage (or one on the database ``db``) open for the block's length, as a
    process's life."""
    storage = storage_for(db) if isinstance(db, str) else db
    await storage.open()
    try:
        yield storage
    finally:
        await storage.close()


async def test_a_tournament_reads_back_as_saved_and_a_save_changes_it_in_place(
    storage: SqlStorage,
) -> None:
    assert await storage.tournament("t1") is None
    bare = _tournament(clock=None, starts_at=None)  # every optional field empty
    await storage.save_tournament(bare)
    assert await storage.tournament("t1") == bare
    running = replace(
        bare,
        status="running",
        round=2,
        clock="3+2",
        starts_at=1_790_000_000,  # a whole number of seconds, as an int
        arena_ends_at=1_790_003_600.75,
        message_id=BIG + 20,
        thread_id=BIG + 21,
    )
    await storage.save_tournament(running)
    assert await storage.tournament("t1") == running
    assert await storage.live_tournaments() == [running]  # still one tournament


async def test_a_restart_finds_the_live_tournaments_oldest_first(db: str) -> None:
    statuses = ("finished", "paused", "signup", "cancelled", "running")
    async with _opened(db) as first:
        for n, status in enumerate(statuses):
            # Made newest first: the live list follows created_at, not the order of saves.
            await first.save_tournament(_tournament(f"t{n}", status=status, created_at=100.0 - n))
    async with _opened(db) as again:  # a new process on the same database
        live = await again.live_tournaments()
    assert [(t.id, t.status) for t in live] == [
        ("t4", "running"),
        ("t2", "signup"),
        ("t1", "paused"),
    ]
    assert live[0] == _tournament("t4", status="running", created_at=96.0)


async def test_entrants_keep_their_order_of_sign_up_through_changes(storage: SqlStorage) -> None:
    for tid in ("t1", "t2"):
        await storage.save_tournament(_tournament(tid))
    alice, bob = Entrant("t1", ALICE, "Alice"), Entrant("t1", BOB, "Bob")
    computer = Entrant("t1", EASY, "Computer (easy)", joined_round=1, computer="easy")
    for entrant in (bob, alice, computer, Entrant("t2", ALICE, "Alice")):
        await storage.save_entrant(entrant)
    left = replace(bob, name="Bobby", withdrawn_round=2)
    await storage.save_entrant(left)  # a change: Bob keeps his place, first
    assert await storage.entrants("t1") == [left, alice, computer]
    assert await storage.entrants("t2") == [Entrant("t2", ALICE, "Alice")]
    assert await storage.entrants("t3") == []


def _round_one() -> list[Game]:
    """Round 1 of a 5-player Swiss: two games (the first one finished in a draw) and a bye."""
    return [
        Game("t1", 1, 1, (ALICE, BOB), "g-1", (0.5, 0.5), (1, 1)),
        Game("t1", 1, 2, (EASY, CAROL)),
        bye("t1", 1, 3, DAVE, 2),
    ]


async def test_a_round_and_its_results_read_back_exactly(storage: SqlStorage) -> None:
    t = _tournament(status="running", round=1)
    loka = _tournament("t2", kind="loka", table_size=4)
    # Saved out of order: the games come back by round, then table.
    await storage.save_round(t, list(reversed(_round_one())))
    assert await storage.games("t1") == _round_one()
    assert await storage.tournament("t1") == t
    played = Game("t1", 1, 2, (EASY, CAROL), "g-2", (0.0, 1.0), (2, 1))
    await storage.save_game(played)  # its table game's id and its result, in place
    awarded = Game("t1", 2, 1, (BOB, ALICE), None, (1.0, 0.0), (1, 2), awarded=True)
    await storage.save_game(awarded)  # a game saved alone is added (an arena's pairing)
    table = Game("t2", 1, 1, (ALICE, BOB, CAROL, EASY), "g-3", (3.0, 1.5, 1.5, 0.0), (1, 2, 2, 4))
    odd = Game("t2", 1, 2, (DAVE,), None, (0.1 + 0.2,), (1,))  # a float to the last bit
    await storage.save_round(loka, [table, odd])
    first, _, the_bye = _round_one()
    assert await storage.games("t1") == [first, played, the_bye, awarded]
    assert await storage.games("t2") == [table, odd]
    assert (await storage.games("t2"))[1].points == (0.30000000000000004,)
    assert await storage.tournament_game("g-2") == played
    assert await storage.tournament_game("g-3") == table
    assert await storage.tournament_game("g-404") is None


async def test_a_re_pairing_replaces_the_rounds_games_and_only_them(storage: SqlStorage) -> None:
    t = _tournament(status="running", round=2)
    earlier = Game("t1", 1, 1, (ALICE, BOB), "g-1", (1.0, 0.0), (1, 2))
    await storage.save_round(t, [earlier])
    await storage.save_round(t, [Game("t1", 2, n, (n, -n)) for n in (1, 2, 3)])
    again = [Game("t1", 2, 1, (ALICE, CAROL)), Game("t1", 2, 2, (BOB, DAVE))]
    await storage.save_round(t, again)  # round 2 paired again, with a table fewer
    assert await storage.games("t1") == [earlier, *again]


async def test_a_round_that_fails_midway_leaves_nothing_of_it(storage: SqlStorage) -> None:
    t = _tournament(status="running", round=1)
    await storage.save_round(t, _round_one())
    later = replace(t, round=2)
    paired = [Game("t1", 2, 1, (ALICE, CAROL)), Game("t1", 2, 2, (BOB, EASY))]
    taken = Game("t1", 2, 3, (DAVE, -2), "g-1")  # round 1's first table game, again
    with pytest.raises(Exception):  # noqa: B017 (each backend's own unique violation)
        await storage.save_round(later, [*paired, taken])  # fails at its last game
    assert await storage.tournament("t1") == t  # still in round 1
    assert await storage.games("t1") == _round_one()  # and no game of round 2
    await storage.save_round(later, paired)
    with pytest.raises(Exception):  # noqa: B017
        await storage.save_round(replace(later, status="paused"), [paired[1], taken])
    assert await storage.tournament("t1") == later  # a failed re-pairing of round 2:
    assert await storage.games("t1") == [*_round_one(), *paired]  # the round as it was


def _said(text: str, *files: Attachment) -> Delivery:
    return Delivery("channel", text, channel_id=BIG + 10, files=list(files))


async def test_a_tournaments_posts_are_owed_with_its_changes_until_sent(db: str) -> None:
    t = _tournament(status="running", round=1)
    picture = Attachment("standings-t1.png", b"\x89PNG picture", "1. Alice: Points 1")
    async with _opened(db) as first:
        owed = [
            *await first.save_tournament(t, [_said("started")]),
            *await first.save_round(t, _round_one(), [_said("round 1")]),
            *await first.save_game(replace(_round_one()[1], points=(1.0, 0.0)), [_said("won")]),
            *await first.save_tournament(replace(t, status="finished"), [_said("final", picture)]),
        ]
        await first.save_tournament(t)  # a change that owes nothing: no row
        assert [d.text for d in owed] == ["started", "round 1", "won", "final"]
        assert all(isinstance(d, Owed) and d.owner == outbox_key("t1") for d in owed)
        assert all(is_tournaments(d) for d in owed)
    async with _opened(db) as again:  # a restart: what was not sent is still owed
        unsent = await again.unsent()
        assert unsent == owed and unsent[3].files == [picture]
        # The tournament's guild owns its posts (a shard sends its own guilds' only).
        assert await again.unsent(lambda guild: guild == BIG) == owed
        assert await again.unsent(lambda guild: guild != BIG) == []
        assert [(g, n) for g, n, _ in await again.owed_by_guild()] == [(BIG, 4)]  # metrics
        for d in owed[:2]:
            await again.sent(d.outbox_id)
        assert await again.unsent() == owed[2:]
        for d in owed[2:]:
            await again.sent(d.outbox_id)
        assert await again.unsent() == []


async def test_a_round_that_fails_owes_nothing(storage: SqlStorage) -> None:
    t = _tournament(status="running", round=1)
    await storage.save_round(t, _round_one())
    taken = Game("t1", 2, 1, (DAVE, -2), "g-1")  # round 1's first table game, again
    with pytest.raises(Exception):  # noqa: B017 (each backend's own unique violation)
        await storage.save_round(replace(t, round=2), [taken], [_said("round 2")])
    with pytest.raises(Exception):  # noqa: B017
        await storage.save_game(replace(taken, round=1, table=9), [_said("a result")])
    assert await storage.unsent() == []


async def test_a_channels_latest_tournament_live_or_finished(storage: SqlStorage) -> None:
    here, thread, elsewhere = BIG + 10, BIG + 11, BIG + 12
    assert await storage.latest_tournament(BIG, [here]) is None
    older = _tournament("t1", status="running", created_at=100.0)
    newer = _tournament("t2", status="finished", created_at=200.0)
    other = _tournament("t3", channel_id=elsewhere, created_at=300.0)
    guild = _tournament("t4", guild_id=BIG + 1, created_at=400.0)  # another server's
    for t in (newer, older, other, guild):
        await storage.save_tournament(t)
    assert await storage.latest_tournament(BIG, [here]) == newer
    assert await storage.latest_tournament(BIG, [thread, here]) == newer  # a thread's parent
    assert await storage.latest_tournament(BIG, [elsewhere]) == other
    assert await storage.latest_tournament(BIG, [thread]) is None
    assert await storage.latest_tournament(BIG + 1, [here]) == guild


async def test_a_round_of_games_of_another_tournament_is_refused(storage: SqlStorage) -> None:
    with pytest.raises(ValueError, match="another tournament"):
        await storage.save_round(_tournament(), [Game("t2", 1, 1, (ALICE, BOB))])
    assert await storage.tournament("t1") is None


async def test_migration_13_applies_to_a_database_of_version_12(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.storage.postgres as postgres_module
    import bot.storage.sqlite as sqlite_module

    for module in (postgres_module, sqlite_module):
        monkeypatch.setattr(module, "migrations", lambda d: migrations(d)[:12])
    async with _opened(db) as old, old.session() as s:
        await s.execute("INSERT INTO users (user_id, locale) VALUES (?, 'fr')", ALICE)
        with pytest.raises(Exception):  # noqa: B017 (no such table yet)
            await s.fetch("SELECT * FROM tournaments")
    monkeypatch.undo()
    async with _opened(db) as storage:
        async with storage.session() as s:
            versions = sorted(r[0] for r in await s.fetch("SELECT version FROM schema_migrations"))
        assert 13 in versions and versions == [v for v, _ in migrations("sqlite")]
        assert await storage.locale(ALICE) == "fr"  # what was there stays
        await storage.save_round(_tournament(), _round_one())
        assert await storage.games("t1") == _round_one()


async def test_the_live_list_and_a_table_games_lookup_use_their_indexes(tmp_path: Path) -> None:
    storage = SqliteStorage(str(tmp_path / "plateau.db"))
    sent: list[tuple[str, tuple[object, ...]]] = []
    session = storage.session

    @asynccontextmanager
    async def seen() -> AsyncIterator[Any]:
        async with session() as s:
            fetch = s.fetch

            async def noted(sql: str, *args: object) -> list[Any]:
                sent.append((sql, args))
                return await fetch(sql, *args)

            s.fetch = noted  # type: ignore[method-assign]
            yield s

    async with _opened(storage):
        storage.session = seen  # type: ignore[method-assign]
        await storage.live_tournaments()
        await storage.tournament_game("g-1")
        storage.session = session  # type: ignore[method-assign]
        async with storage.session() as s:
            plans = [await s.fetch(f"EXPLAIN QUERY PLAN {sql}", *args) for sql, args in sent]
    used = [" ".join(str(row[-1]) for row in plan) for plan in plans]
    assert "INDEX tournaments_live" in used[0] and "INDEX tournament_games_game" in used[1], used
