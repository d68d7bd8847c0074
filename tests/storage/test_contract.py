"""The storage contract, on both backends (the ``db`` fixture: a SQLite file, and a real
PostgreSQL server): what a game, its log and its outbox look like after a write, a restart,
a crash inside a transaction, two processes writing one game at once; then the table
service over two processes sharing one database (simultaneous joins, lost races, time-outs,
version conflicts, taken game ids)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from typing import Any

import pytest

import bot.tables.loka as loka_table
from bot.console import Console, ConsoleWorld, build_service
from bot.games import tables
from bot.model import Actor, Attachment, Button, Delivery, Place, Request
from bot.ratings import Result, rate
from bot.service import TableService
from bot.storage import (
    DuplicateGame,
    GameRow,
    LogEntry,
    Owed,
    SqlStorage,
    VersionConflict,
    migrations,
    storage_for,
)
from bot.storage.base import Progress
from tests.bot.console_driver import FakeImages

BIG = 2**62 + 7  # Discord ids are 64-bit
ARMIES = ("fire", "earth", "water", "air")
TIMED = (
    '@alice /loka new reroll_minutes:1 position:"fire: Ke1 Qe5 Rd6 Rf6 Bd5 Nf4 Nd4; '
    'earth: Ka6 Pe6; water: Ke12; air: Kl7; turn: fire"\n'
    "@alice /loka join army:fire\n@bob /loka join army:earth\n"
    "@carol /loka join army:water\n@dave /loka join army:air\n@alice /loka start\n"
    "@alice /loka move from:e5 to:e6"
)


@pytest.fixture(autouse=True)
def fast_loka_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loka_table, "images", FakeImages)


@pytest.fixture
async def storage(db: str) -> AsyncIterator[SqlStorage]:
    opened = storage_for(db)
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def two_processes(db: str) -> AsyncIterator[tuple[SqlStorage, SqlStorage]]:
    """Two connections to one database, as two bot processes would hold."""
    first, second = storage_for(db), storage_for(db)
    await first.open()
    await second.open()
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


def _game(game_id: str = "g1", **changes: Any) -> GameRow:
    values: dict[str, Any] = {
        "id": game_id,
        "kind": "chess",
        "guild_id": BIG,
        "channel_id": BIG + 1,
        "origin_channel_id": BIG + 2,
        "host_id": BIG + 3,
        "status": "running",
        "config": {"color": "white"},
        "state": {"fen": "startpos", "moves": ["e4"]},
        "meta": {"seats": {"white": str(BIG + 3), "black": "12"}, "names": {"12": "bob"}},
        "created_at": 1_700_000_000.25,
        "updated_at": 1_700_000_000.25,
    }
    return GameRow(**{**values, **changes})


def _owed(text: str, png: bytes = b"\x89PNG\x00\xff") -> Delivery:
    return Delivery(
        "channel",
        text,
        channel_id=BIG + 1,
        files=[Attachment("board.png", png)],
        buttons=[Button("plateau:chess:g1:draw", "Draw", "primary")],
        slot="lobby:g1",
    )


def _entry(action: str, user: int = BIG + 3) -> LogEntry:
    return LogEntry(user, "white", action, [[1, 6, 4]])


# ---------------------------------------------------------------- one process


async def test_a_game_reads_back_as_written(storage: SqlStorage) -> None:
    await storage.create(_game())
    await storage.create(_game("g2", status="over", channel_id=5, origin_channel_id=5))
    loaded = await storage.load("g1")
    assert loaded == _game()
    assert loaded is not None and loaded.seats == {"white": BIG + 3, "black": 12}
    assert await storage.load("nope") is None
    assert await storage.has_game("g1") and not await storage.has_game("nope")
    assert await storage.count_games() == 2
    assert [g.id for g in await storage.games_in_channel(BIG + 2)] == ["g1"]  # its origin
    assert await storage.games_in_channel(5) == []
    assert [g.id for g in await storage.games_in_channel(5, ended=True)] == ["g2"]
    assert [g.id for g in await storage.games_of_user(12)] == ["g1"]
    assert [g.id for g in await storage.unfinished()] == ["g1"]
    # A lobby's host is in it before taking a seat (an Inka host chooses a colour after).
    await storage.create(_game("g3", status="lobby", host_id=77, meta={"seats": {}}))
    assert [g.id for g in await storage.games_of_user(77)] == ["g3"]


async def test_a_taken_id_is_refused_and_the_first_game_stays(storage: SqlStorage) -> None:
    await storage.create(_game())
    with pytest.raises(DuplicateGame):
        await storage.create(_game(kind="loka"), [_owed("never")])
    assert (await storage.load("g1")) == _game()
    assert await storage.unsent() == []  # the refused game's outbox went with it


async def test_a_save_bumps_the_version_appends_the_log_and_fills_the_outbox(
    storage: SqlStorage,
) -> None:
    game = _game()
    await storage.create(game, [_owed("lobby")])
    game.state = {"fen": "after", "moves": ["e4", "e5"]}
    game.meta["seats"].pop("black")
    stored = await storage.save(game, [_entry("e5"), _entry("Nf3")], [_owed("moved", b"\x01")])
    assert game.version == 1
    assert await storage.load("g1") == game
    assert await storage.games_of_user(12) == []  # the seat left with the save
    assert [(e.n, e.action, e.rolls) for e in await storage.log("g1")] == [
        (1, "e5", [[1, 6, 4]]),
        (2, "Nf3", [[1, 6, 4]]),
    ]
    await storage.save(game, [_entry("Nc6")])
    assert [e.n for e in await storage.log("g1")] == [1, 2, 3]
    unsent = await storage.unsent()
    assert [u.text for u in unsent] == ["lobby", "moved"]  # oldest first
    assert unsent[1] == stored[0] and unsent[1].files[0].data == b"\x01"
    assert unsent[1].buttons == [Button("plateau:chess:g1:draw", "Draw", "primary")]
    await storage.sent(unsent[0].outbox_id)
    assert [u.text for u in await storage.unsent()] == ["moved"]


async def test_a_stale_version_is_a_conflict_and_changes_nothing(storage: SqlStorage) -> None:
    await storage.create(_game())
    stale = _game()
    fresh = await storage.load("g1")
    assert fresh is not None
    await storage.save(fresh, [_entry("e5")])
    stale.status = "over"
    with pytest.raises(VersionConflict):
        await storage.save(stale, [_entry("resign")], [_owed("lost")])
    assert (await storage.load("g1")) == fresh
    assert [e.action for e in await storage.log("g1")] == ["e5"]
    assert await storage.unsent() == []


async def test_a_rated_end_moves_ratings_with_the_game_and_only_once(storage: SqlStorage) -> None:
    """Ratings are written by the save of the game's end: a conflicting save moves none;
    the leaderboard, a person's ratings and results read back as openskill computes them."""
    me, bob, carol = BIG + 3, 12, 13
    result = Result(BIG, "chess", ((me,), (bob,)), (1, 2), {me: "me", bob: "bob"})
    expected = rate(result, {})
    stale = _game()
    await storage.create(stale)
    fresh = await storage.load("g1")
    assert fresh is not None
    fresh.status = "over"
    await storage.save(fresh, [_entry("resign", bob)], [], result)
    with pytest.raises(VersionConflict):
        await storage.save(stale, [], [], result)  # the same end saved twice: refused whole
    board = await storage.leaderboard(BIG, "chess", 10)
    assert [(r.user_id, r.name, r.games, r.wins) for r in board] == [
        (me, "me", 1, 1),
        (bob, "bob", 1, 0),
    ]
    assert [x for r in board for x in (r.mu, r.sigma)] == pytest.approx(
        [*expected[me], *expected[bob]]
    )
    # A second game, a draw with a third player: from the stored ratings on.
    await storage.create(_game("g2"))
    second = await storage.load("g2")
    assert second is not None
    draw = Result(BIG, "chess", ((bob,), (carol,)), (1, 1), {bob: "bob", carol: "carol"})
    second.status = "over"
    await storage.save(second, [], [], draw)
    after = rate(draw, {bob: expected[bob]})
    (mine,) = await storage.ratings_of(BIG, bob)
    assert (mine.mu, mine.sigma) == pytest.approx(after[bob])
    assert (mine.games, mine.wins) == (2, 0)  # a draw is nobody's win
    played = await storage.results_of(BIG, bob, 10)
    assert [(p.game_id, p.place) for p in played] == [("g1", 2), ("g2", 1)]
    assert await storage.leaderboard(BIG, "loka", 10) == []
    assert await storage.ratings_of(BIG + 1, bob) == []  # another server: nothing


async def test_a_crash_inside_the_transaction_leaves_the_old_state(storage: SqlStorage) -> None:
    await storage.create(_game())
    game = _game()
    broken = _owed("half")
    broken.text = object()  # type: ignore[assignment]  # fails as the outbox row is written
    with pytest.raises(TypeError):
        await storage.save(game, [_entry("e5")], [_owed("first"), broken])
    assert game.version == 0
    assert (await storage.load("g1")) == _game()
    assert await storage.log("g1") == []
    assert await storage.unsent() == []


async def test_the_action_log_refuses_updates_and_deletes(storage: SqlStorage) -> None:
    game = _game()
    await storage.create(game)
    await storage.save(game, [_entry("e5")])
    for sql in ("UPDATE actions SET action = 'e6'", "DELETE FROM actions"):
        with pytest.raises(Exception, match="append-only"):
            async with storage.session() as s:
                await s.execute(sql)
    assert [e.action for e in await storage.log("g1")] == ["e5"]


async def test_the_action_log_refuses_every_rewriting_insert(storage: SqlStorage) -> None:
    """OR REPLACE, REPLACE and upserts on an existing row (by ``(game_id, n)`` or by id):
    SQLite's REPLACE would delete the row without a DELETE trigger (issue 31). PostgreSQL
    has no REPLACE (a syntax error there) and refuses the upserts' update."""
    game = _game()
    await storage.create(game)
    await storage.save(game, [_entry("e5")])
    async with storage.session() as s:
        ((row_id,),) = await s.fetch("SELECT id FROM actions")
    columns = "(game_id, n, user_id, seat, action, rolls, at)"
    again = "('g1', 1, NULL, NULL, 'e6', '[]', 0)"
    by_id = f"({row_id}, 'g1', 2, NULL, NULL, 'e6', '[]', 0)"
    sqlite_only = [
        f"INSERT OR REPLACE INTO actions {columns} VALUES {again}",
        f"REPLACE INTO actions {columns} VALUES {again}",
        f"INSERT OR REPLACE INTO actions (id, {columns[1:]} VALUES {by_id}",
    ]
    upserts = [
        f"INSERT INTO actions {columns} VALUES {again} "
        "ON CONFLICT (game_id, n) DO UPDATE SET action = excluded.action",
        f"INSERT INTO actions (id, {columns[1:]} VALUES {by_id} "
        "ON CONFLICT (id) DO UPDATE SET action = excluded.action",
    ]
    for sql in sqlite_only + upserts:
        refusal = "append-only" if storage.dialect == "sqlite" or sql in upserts else "syntax"
        with pytest.raises(Exception, match=refusal):
            async with storage.session() as s:
                await s.execute(sql)
    assert [(e.n, e.action) for e in await storage.log("g1")] == [(1, "e5")]
    await storage.save(game, [_entry("e6")])  # appending is as before
    assert [(e.n, e.action) for e in await storage.log("g1")] == [(1, "e5"), (2, "e6")]


async def test_locales_and_posts_are_replaced_in_place(storage: SqlStorage) -> None:
    assert await storage.locale(BIG) is None and await storage.post_of(BIG, "lobby") is None
    await storage.set_locale(BIG, "fr")
    await storage.set_locale(BIG, "de")
    await storage.set_post(BIG, "lobby", BIG + 1, BIG + 2)
    await storage.set_post(BIG, "lobby", BIG + 1, BIG + 3)
    assert await storage.locale(BIG) == "de"
    assert await storage.post_of(BIG, "lobby") == (BIG + 1, BIG + 3)


async def test_a_members_palette_is_kept_beside_their_locale(storage: SqlStorage) -> None:
    """Migration 011: a member's palette, per member; setting it keeps their locale, and a
    new locale keeps their palette."""
    assert await storage.palette(BIG) is None
    await storage.set_palette(BIG, "high-contrast", "fr")  # a member the bot never met
    assert (await storage.palette(BIG), await storage.locale(BIG)) == ("high-contrast", "fr")
    await storage.set_locale(BIG, "en")
    await storage.set_locale(BIG + 1, "en")
    assert await storage.palette(BIG) == "high-contrast" and await storage.palette(BIG + 1) is None
    await storage.set_palette(BIG, None, "de")  # back to the default; the locale stays
    assert (await storage.palette(BIG), await storage.locale(BIG)) == (None, "en")


async def test_a_guilds_language_is_set_replaced_and_cleared_per_guild(
    storage: SqlStorage,
) -> None:
    assert await storage.guild_language(BIG) is None
    await storage.set_guild_language(BIG, "fr")
    await storage.set_guild_language(BIG + 1, "en")
    assert await storage.guild_language(BIG) == "fr"
    await storage.set_guild_language(BIG, "en")
    assert await storage.guild_language(BIG) == "en"
    await storage.set_guild_language(BIG, None)  # back to automatic
    assert await storage.guild_language(BIG) is None
    assert await storage.guild_language(BIG + 1) == "en"  # another guild's stays


async def test_a_guilds_quotas_are_set_per_quota_and_per_guild_and_cleared(
    storage: SqlStorage,
) -> None:
    unset = {"member_lobbies": None, "member_games": None, "channel_lobbies": None}
    assert await storage.guild_quotas(BIG) == unset
    await storage.set_guild_language(BIG, "fr")  # a row without quotas: still all unset
    assert await storage.guild_quotas(BIG) == unset
    await storage.set_guild_quota(BIG, "member_lobbies", 5)
    await storage.set_guild_quota(BIG, "member_games", 1000)
    await storage.set_guild_quota(BIG + 1, "channel_lobbies", 2)
    assert await storage.guild_quotas(BIG) == {**unset, "member_lobbies": 5, "member_games": 1000}
    await storage.set_guild_quota(BIG, "member_lobbies", None)  # back to the default
    assert await storage.guild_quotas(BIG) == {**unset, "member_games": 1000}
    assert await storage.guild_quotas(BIG + 1) == {**unset, "channel_lobbies": 2}
    assert await storage.guild_language(BIG) == "fr"  # the language stays
    with pytest.raises(ValueError):
        await storage.set_guild_quota(BIG, "language; DROP TABLE games", 1)


async def test_a_members_load_counts_hosted_lobbies_and_running_games_of_one_guild(
    storage: SqlStorage,
) -> None:
    host, other = BIG + 3, 12
    assert await storage.member_load(BIG, host) == (0, 0)
    await storage.create(_game("r1"))  # running: host and other seated
    await storage.create(_game("r2", meta={"seats": {"white": str(host)}}))
    await storage.create(_game("l1", status="lobby", meta={"seats": {}}))  # hosted, unseated
    await storage.create(_game("l2", status="lobby", host_id=other))
    await storage.create(_game("x1", status="over"))
    await storage.create(_game("x2", status="cancelled", host_id=host))
    await storage.create(_game("e1", guild_id=BIG + 9))  # another guild's
    assert await storage.member_load(BIG, host) == (1, 2)
    assert await storage.member_load(BIG, other) == (1, 1)
    assert await storage.member_load(BIG + 9, host) == (0, 1)


async def test_due_games_are_the_unfinished_ones_whose_deadline_or_wake_has_come(
    storage: SqlStorage,
) -> None:
    seats = _game().meta
    await storage.create(_game("g1", meta={**seats, "deadline": 100.0}))
    await storage.create(_game("g2", meta={**seats, "deadline": 200.0, "wake": 50.0}))
    await storage.create(_game("g3"))  # nothing to wait for
    await storage.create(_game("g4", status="over", meta={**seats, "deadline": 10.0}))
    assert await storage.due(49.9) == []
    assert [g.id for g in await storage.due(50.0)] == ["g2"]
    due = await storage.due(150.0)
    assert [g.id for g in due] == ["g2", "g1"]  # the earliest first
    assert due[1] == await storage.load("g1")  # whole rows
    g1, g2 = due[1], due[0]
    g2.meta.pop("wake")  # its clock was answered: only the decision's deadline is left
    await storage.save(g2, [])
    assert [g.id for g in await storage.due(150.0)] == ["g1"]
    g1.status = "over"  # a game that ended has nothing left to do
    await storage.save(g1, [])
    assert [g.id for g in await storage.due(1e12)] == ["g2"]


async def test_the_due_migration_fills_in_the_games_saved_before_it(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.storage.postgres as postgres_module
    import bot.storage.sqlite as sqlite_module

    for module in (postgres_module, sqlite_module):
        monkeypatch.setattr(module, "migrations", lambda d: migrations(d)[:5])
    old = storage_for(db)
    await old.open()
    try:
        async with old.session() as s:
            for game_id, status, meta in (
                ("g1", "running", '{"deadline": 100.5}'),
                ("g2", "running", '{"deadline": 300, "wake": 200.25}'),
                ("g3", "lobby", '{"wake": 400}'),
                ("g4", "over", '{"deadline": 1}'),
                ("g5", "running", "{}"),
            ):
                await s.execute(
                    "INSERT INTO games VALUES (?,'chess',1,?,2,3,?,'{}',NULL,?,0,0.0,0.0)",
                    game_id,
                    len(game_id) + 10,
                    status,
                    meta,
                )
    finally:
        await old.close()
    monkeypatch.undo()
    storage = storage_for(db)
    await storage.open()
    try:
        due = [(g.id, g.meta.get("deadline"), g.meta.get("wake")) for g in await storage.due(1e9)]
        assert due == [("g1", 100.5, None), ("g2", 300, 200.25), ("g3", None, 400)]
        assert [g.id for g in await storage.due(250)] == ["g1", "g2"]
    finally:
        await storage.close()


# ---------------------------------------------------------------- restarts, two processes


async def test_a_restart_finds_every_game_log_and_owed_message(db: str) -> None:
    first = storage_for(db)
    await first.open()
    game = _game()
    await first.create(game, [_owed("lobby")])
    await first.save(game, [_entry("e5")], [_owed("moved")])
    unsent = await first.unsent()
    await first.close()  # the process stops; a new one starts on the same database

    for _ in range(2):  # and the migrations are not applied twice
        again = storage_for(db)
        await again.open()
        try:
            assert await again.load("g1") == game
            assert [e.action for e in await again.log("g1")] == ["e5"]
            assert await again.unsent() == unsent
        finally:
            await again.close()


async def test_two_processes_starting_at_once_migrate_once(db: str) -> None:
    # Two shards, or an overlapping restart: both dialects serialize their migrations.
    first, second = storage_for(db), storage_for(db)
    await asyncio.gather(first.open(), second.open())
    try:
        async with first.session() as s:
            versions = [row[0] for row in await s.fetch("SELECT version FROM schema_migrations")]
        assert sorted(versions) == [v for v, _ in migrations(first.dialect)]
    finally:
        await first.close()
        await second.close()


async def test_two_processes_saving_one_game_at_once_one_wins(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    await first.create(_game())
    for turn in range(10):
        copies = [await first.load("g1"), await second.load("g1")]
        saves = [
            store.save(copy, [_entry(f"{turn}-{i}")], [_owed(f"{turn}-{i}")])
            for i, (store, copy) in enumerate(zip((first, second), copies, strict=True))
            if copy is not None
        ]
        results = await asyncio.gather(*saves, return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["VersionConflict", "list"]
    log = await second.log("g1")
    assert [e.n for e in log] == list(range(1, 11))  # one entry per turn, numbered in order
    assert [u.text for u in await first.unsent()] == [e.action for e in log]
    loaded = await first.load("g1")
    assert loaded is not None and loaded.version == 10


# ---------------------------------------------------------------- the service, two processes


def _private_texts(answers: list[list[Delivery]]) -> list[str]:
    return [d.text for answer in answers for d in answer if d.to == "private"]


async def test_four_simultaneous_joins_from_two_processes_all_land(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    probes: list[tuple[int, int]] = []  # (trial, user)
    trial = 0

    async def probe(user_id: int, text: str) -> bool:
        probes.append((trial, user_id))
        return True

    a = TableService(first, tables(), dm_probe=probe)
    b = TableService(second, tables(), dm_probe=probe)
    seated_all = 0
    for trial in range(30):
        place = Place(1000 + trial, guild_id=1)
        host = Actor(100 + trial, f"host{trial}")  # each trial's lobby stays open: a host each
        await a.handle(Request("loka", "new", host, place, {"players": "4"}))
        await a.handle(Request("loka", "leave", host, place, {}))  # hosts, does not play
        joins = [
            (a if i % 2 == 0 else b).handle(
                Request("loka", "join", Actor(10 + i, f"p{i}"), place, {"army": army})
            )
            for i, army in enumerate(ARMIES)
        ]
        answers = await asyncio.gather(*joins)
        assert _private_texts(answers) == []  # nobody was told "the game changed"
        (row,) = await first.games_in_channel(place.channel_id)
        seated_all += len(row.seats) == 4
    assert seated_all == 30
    assert len(probes) == len(set(probes)) == 30 * 4  # one DM probe per user and command


async def test_a_join_no_longer_legal_after_the_lost_race_says_why(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    a, b = TableService(first, tables()), TableService(second, tables())
    place = Place(77, guild_id=1)
    await a.handle(Request("loka", "new", Actor(1, "alice"), place, {"players": "4"}))
    await a.handle(Request("loka", "leave", Actor(1, "alice"), place, {}))  # hosts only
    same_seat = [
        service.handle(Request("loka", "join", Actor(user, f"p{user}"), place, {"army": "fire"}))
        for service, user in ((a, 10), (b, 11))
    ]
    answers = await asyncio.gather(*same_seat)
    (refusal,) = _private_texts(answers)
    assert "is taken" in refusal or "already" in refusal, refusal
    (row,) = await first.games_in_channel(77)
    assert list(row.seats) == ["fire"]


async def test_a_version_conflict_that_never_ends_is_refused_after_a_few_tries(
    storage: SqlStorage,
) -> None:
    service = TableService(storage, tables())
    place = Place(5, guild_id=1)
    await service.handle(Request("loka", "new", Actor(1, "alice"), place, {"players": "4"}))
    tries: list[str] = []

    async def always_late(game: GameRow, log: list[LogEntry], *_: Any) -> list[Owed]:
        tries.append(game.id)
        raise VersionConflict(game.id)

    storage.save = always_late  # type: ignore[method-assign]
    (answer,) = await service.handle(
        Request("loka", "join", Actor(2, "bob"), place, {"army": "fire"})
    )
    assert answer.to == "private" and "changed while your command" in answer.text
    assert 1 < len(tries) <= 4  # bounded


async def test_expire_handles_a_lost_race_per_game_and_goes_on(
    two_processes: tuple[SqlStorage, SqlStorage],
) -> None:
    first, second = two_processes
    world = ConsoleWorld()
    a = build_service(first, world, 3)
    b = build_service(second, world, 3)
    console = Console(a, world, io.StringIO(), as_json=True)
    for channel in ("one", "two", "three"):
        await console.run([f"#{channel}", *TIMED.splitlines()])
    games = sorted(await first.unfinished(), key=lambda g: g.created_at)
    assert all(g.meta["deadline"] for g in games)
    world.offset += 61
    raced, stuck, free = games
    save = first.save

    async def racing_save(
        game: GameRow, log: list[LogEntry], owed: Any = (), result: Any = None
    ) -> list[Owed]:
        if game.id == raced.id and not raced_done:
            # The other process applies this game's time-out first.
            row = await second.load(raced.id)
            assert row is not None
            raced_done.append(await b.tables["loka"].expire(b, row, world.clock()))
        if game.id == stuck.id:
            raise VersionConflict(game.id)  # and this one it keeps winning
        return await save(game, log, owed, result)

    raced_done: list[list[Delivery]] = []
    first.save = racing_save  # type: ignore[method-assign]
    told = await a.expire()  # no exception: each game on its own
    channels = {d.channel_id for d in told if d.to == "channel"}
    assert channels == {free.channel_id}  # the raced one was done by b, the stuck one waits
    assert any("Time is up" in d.text for d in told)
    (by_b,) = raced_done
    assert {d.channel_id for d in by_b if d.to == "channel"} >= {raced.channel_id}
    after = {g.id: g for g in await first.unfinished()}
    assert not after[raced.id].meta["deadline"] and not after[free.id].meta["deadline"]
    assert after[stuck.id].meta["deadline"]  # applied on a later pass


async def test_a_taken_random_id_is_skipped(storage: SqlStorage) -> None:
    service = TableService(storage, tables())
    place = Place(5, guild_id=1)
    await service.handle(Request("chess", "new", Actor(1, "alice"), place, {}))
    (taken,) = await storage.unfinished()
    fresh = iter([(taken.id, bytes(32)), (taken.id, bytes(32)), ("0a0b0c0d", bytes(32))])
    service.ids.next = lambda: next(fresh)  # type: ignore[method-assign]
    told = await service.handle(Request("chess", "new", Actor(2, "bob"), Place(6, 1), {}))
    assert any("`0a0b0c0d`" in d.text for d in told if d.to == "channel")

    # Another process inserts the same id between the check and the insert.
    race = iter([("0e0e0e0e", bytes(32)), ("0f0f0f0f", bytes(32))])
    service.ids.next = lambda: next(race)  # type: ignore[method-assign]
    has_game = storage.has_game

    async def not_yet(game_id: str) -> bool:
        if game_id == "0e0e0e0e":
            other = GameRow(**{**taken.__dict__, "id": game_id, "version": 0})
            await storage.create(other)  # the other process wins
            return False
        return await has_game(game_id)

    storage.has_game = not_yet  # type: ignore[method-assign]
    told = await service.handle(Request("chess", "new", Actor(3, "carol"), Place(7, 1), {}))
    assert any("`0f0f0f0f`" in d.text for d in told if d.to == "channel")


def test_both_dialects_have_every_migration_number() -> None:
    numbers = {dialect: [v for v, _ in migrations(dialect)] for dialect in ("sqlite", "postgresql")}
    assert numbers["sqlite"] == numbers["postgresql"] == list(range(1, len(numbers["sqlite"]) + 1))
    (pg_init,) = [sql for v, sql in migrations("postgresql") if v == 1]
    assert "channel_id BIGINT NOT NULL" in pg_init and "AUTOINCREMENT" not in pg_init


async def test_a_members_course_progress_reads_back_per_game(storage: SqlStorage) -> None:
    assert await storage.lessons(BIG) == {}
    await storage.set_lesson(BIG, "loa", Progress("winning", 1, ("moving",)))
    await storage.set_lesson(BIG, "chess", Progress(None, 0, ("castling", "check")))
    await storage.set_lesson(BIG + 1, "loa", Progress("moving"))
    assert await storage.lessons(BIG) == {
        "loa": Progress("winning", 1, ("moving",)),
        "chess": Progress(None, 0, ("castling", "check")),
    }
    await storage.set_lesson(BIG, "loa", Progress(None, 0, ("moving", "winning")))
    assert (await storage.lessons(BIG))["loa"].done == ("moving", "winning")
    assert await storage.lessons(BIG + 1) == {"loa": Progress("moving")}
