"""SQLite runs a save's whole transaction in one hop to aiosqlite's thread (issue 36): the
same statements, in the same one transaction, as the statement-by-statement path; a failure
or a conflict inside it leaves nothing written and the connection out of any transaction."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

from bot.model import Attachment, Delivery
from bot.ratings import Result
from bot.storage import GameRow, LogEntry, SqlStorage, VersionConflict
from bot.storage.session import Session
from bot.storage.sqlite import SqliteStorage

BIG = 2**62  # ids beyond 32 bits, as Discord's are


async def _opened(path: str) -> SqliteStorage:
    storage = SqliteStorage(path)
    await storage.open()
    return storage


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    opened = await _opened(str(tmp_path / "plateau.db"))
    yield opened  # pytest runs what follows even after a failure
    await opened.close()


def _game(game_id: str = "g1") -> GameRow:
    return GameRow(
        id=game_id,
        kind="chess",
        guild_id=BIG,
        channel_id=BIG + 1,
        origin_channel_id=BIG + 1,
        host_id=BIG + 3,
        status="running",
        config={},
        state={"fen": "start"},
        meta={"seats": {"white": BIG + 3, "black": 12}},
    )


async def _created(storage: SqliteStorage, game_id: str = "g1") -> GameRow:
    """A new game, as stored and read back."""
    await storage.create(_game(game_id))
    game = await storage.load(game_id)
    assert game is not None
    return game


def _owed(text: str) -> Delivery:
    files = [Attachment("board.png", b"\x89PNG")]
    return Delivery(to="channel", text=text, channel_id=BIG + 1, files=files)


def _entry(action: str) -> LogEntry:
    return LogEntry(user_id=BIG + 3, seat="white", action=action, rolls=[])


class Hops:
    """Counts the calls queued to the connection's thread, and traces the statements it
    runs (their shapes: the values hold times and nonces)."""

    def __init__(self, storage: SqliteStorage) -> None:
        self.calls = 0
        self.statements: list[str] = []
        db = storage.db
        queue = db._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return await queue(fn, *args, **kwargs)

        db._execute = counted  # type: ignore[method-assign]

    def shapes(self) -> list[str]:
        return [re.sub(r"'[^']*'|\b\d+(\.\d+)?\b", "?", sql) for sql in self.statements]


async def _traced(path: str, steps: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """A rated end (a seat changed, two log rows, two owed posts) saved, then a stale save
    of the same game: each one's hops and statements. ``steps``: through the shared
    statement-by-statement path (a hop a statement, as before issue 36)."""
    storage = await _opened(path)
    if steps:
        monkeypatch.setattr(
            storage, "in_transaction", lambda body: SqlStorage.in_transaction(storage, body)
        )
    hops = Hops(storage)
    await storage.db.set_trace_callback(hops.statements.append)
    game = await _created(storage)
    stale = game.copy()
    game.meta["seats"]["black"] = 13
    game.status = "over"
    result = Result(BIG, "chess", ((BIG + 3,), (13,)), (1, 2), {BIG + 3: "me", 13: "ann"})
    traced: list[Any] = []
    for row, owed in ((game, [_owed("moved"), _owed("over")]), (stale, [])):
        hops.calls, hops.statements[:] = 0, []
        with pytest.raises(VersionConflict) if row is stale else nullcontext():
            await storage.save(row, [_entry("e4"), _entry("e5")], owed, result)
        traced.append((hops.calls, hops.shapes()))
    await storage.close()
    return traced


async def test_a_save_is_one_hop_with_the_statements_and_transaction_of_the_older_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hop = await _traced(str(tmp_path / "hop.db"), False, monkeypatch)
    steps = await _traced(str(tmp_path / "steps.db"), True, monkeypatch)
    assert [calls for calls, _ in hop] == [1, 1]  # the rated end, the conflict: one hop each
    assert steps[0][0] > 5  # the older path: a hop a statement at least
    assert [shapes for _, shapes in hop] == [shapes for _, shapes in steps]
    (_, saved), (_, refused) = hop
    assert saved[0] == "BEGIN IMMEDIATE" and saved[-1] == "COMMIT"  # one transaction
    assert not {"BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"} & set(saved[1:-1])
    heads = [" ".join(sql.split()[:3]) for sql in saved]
    for head in ("DELETE FROM seats", "INSERT INTO actions", "INSERT INTO outbox_files"):
        assert head in heads
    assert heads.count("INSERT INTO results") == 2  # the rating, inside the same transaction
    assert [" ".join(sql.split()[:2]) for sql in refused] == [
        "BEGIN IMMEDIATE",
        "UPDATE games",
        "ROLLBACK",
    ]


async def test_a_failure_mid_save_leaves_nothing_and_the_connection_usable(
    storage: SqliteStorage,
) -> None:
    game = await _created(storage)
    broken = _owed("half")
    broken.files = [Attachment("board.png", object())]  # type: ignore[arg-type]
    # The UPDATE, the log rows and the first outbox row are written; the file's row fails.
    with pytest.raises(Exception, match="type 'object' is not supported"):
        await storage.save(game, [_entry("e4")], [_owed("first"), broken])
    assert not storage.db.in_transaction
    assert game.version == 0
    assert await storage.load("g1") == game
    assert await storage.log("g1") == []
    assert await storage.unsent() == []
    # The next save goes through as if nothing had happened.
    (stored,) = await storage.save(game, [_entry("e4")], [_owed("first")])
    assert [u.outbox_id for u in await storage.unsent()] == [stored.outbox_id]
    assert [e.action for e in await storage.log("g1")] == ["e4"]


async def test_a_conflict_raises_version_conflict_and_leaves_no_transaction_open(
    storage: SqliteStorage,
) -> None:
    await storage.create(_game())
    stale = _game()
    fresh = await storage.load("g1")
    assert fresh is not None
    await storage.save(fresh, [_entry("e4")])
    with pytest.raises(VersionConflict):
        await storage.save(stale, [_entry("resign")], [_owed("lost")])
    assert not storage.db.in_transaction
    assert [e.action for e in await storage.log("g1")] == ["e4"]
    assert await storage.unsent() == []


async def test_saves_of_many_games_at_once_all_land_each_whole(storage: SqliteStorage) -> None:
    games = [_game(f"g{n}") for n in range(20)]
    for game in games:
        await storage.create(game)

    async def play(game: GameRow) -> None:
        for ply in range(3):
            await storage.save(game, [_entry(f"m{ply}")], [_owed(f"{game.id} {ply}")])
            assert (await storage.load(game.id)) == game

    await asyncio.gather(*(play(g) for g in games))
    for game in games:
        assert [e.n for e in await storage.log(game.id)] == [1, 2, 3]
    assert len(await storage.unsent()) == 3 * len(games)


async def test_a_body_awaiting_anything_but_the_session_is_refused_and_rolled_back(
    storage: SqliteStorage,
) -> None:
    await storage.create(_game())

    async def wanders(s: Session) -> None:
        await s.execute("UPDATE games SET status = 'over' WHERE id = ?", "g1")
        await asyncio.sleep(0)  # would hand the thread back to no event loop

    body: Callable[[Session], Awaitable[None]] = wanders
    with pytest.raises(RuntimeError, match="awaited something else"):
        await storage.in_transaction(body)
    assert not storage.db.in_transaction
    row = await storage.load("g1")
    assert row is not None and row.status == "running"


# Group commit: the transactions queued while the connection is busy share one hop and one
# commit (one fsync), each in a savepoint.


async def _queued_behind_a_busy_connection(
    storage: SqliteStorage, calls: list[Awaitable[Any]]
) -> list[Any]:
    """Start ``calls`` while the connection is held (as by a long statement), then let it go:
    they queue up, and form one group. Their outcomes, errors included."""
    async with storage._turn:
        tasks = [asyncio.ensure_future(call) for call in calls]
        await asyncio.sleep(0)  # each one queues its transaction
    return await asyncio.gather(*tasks, return_exceptions=True)


async def test_transactions_queued_together_share_one_commit_each_with_its_outcome(
    storage: SqliteStorage,
) -> None:
    games = [_game(f"g{n}") for n in range(6)]
    for game in games:
        await storage.create(game)
    stale = games[2].copy()
    await storage.save(games[2], [_entry("e4")])
    hops = Hops(storage)
    await storage.db.set_trace_callback(hops.statements.append)
    hops.calls = 0
    saves = [storage.save(g, [_entry("d4")], [_owed(g.id)]) for g in games if g.id != "g2"]
    outcomes = await _queued_behind_a_busy_connection(
        storage, [*saves[:2], storage.save(stale, [_entry("resign")], [_owed("lost")]), *saves[2:]]
    )
    assert hops.calls == 1  # six transactions, one hop
    shapes = hops.shapes()
    assert shapes.count("COMMIT") == 1 and shapes.count("BEGIN IMMEDIATE") == 1
    assert shapes.count("SAVEPOINT body") == 6 and shapes.count("ROLLBACK TO body") == 1
    assert isinstance(outcomes[2], VersionConflict)  # the stale save alone is refused
    assert all(len(stored) == 1 for n, stored in enumerate(outcomes) if n != 2)
    assert not storage.db.in_transaction
    for game in games:
        assert await storage.load(game.id) == game  # g2: as saved before the stale one
        actions = [e.action for e in await storage.log(game.id)]
        assert actions == (["e4"] if game.id == "g2" else ["d4"])
    assert sorted(u.text for u in await storage.unsent()) == sorted(
        g.id for g in games if g.id != "g2"
    )
    assert stale.version == 0 and games[2].version == 1


async def test_a_commit_that_fails_fails_every_transaction_of_its_group(
    storage: SqliteStorage,
) -> None:
    game = await _created(storage)

    async def orphan(s: Session) -> None:
        # Foreign keys checked at the commit: the seat of no game makes the COMMIT fail.
        await s.execute("PRAGMA defer_foreign_keys = ON")
        await s.execute("INSERT INTO seats (game_id, seat, user_id) VALUES ('none', 'w', 1)")

    body: Callable[[Session], Awaitable[None]] = orphan
    first, second = await _queued_behind_a_busy_connection(
        storage, [storage.in_transaction(body), storage.save(game, [_entry("e4")], [_owed("x")])]
    )
    assert "FOREIGN KEY" in str(first) and "FOREIGN KEY" in str(second)
    assert not storage.db.in_transaction  # rolled back, not left open
    assert game.version == 0
    assert await storage.load("g1") == game
    assert await storage.log("g1") == []
    assert await storage.unsent() == []
    await storage.save(game, [_entry("e4")])  # and the connection serves on
    assert [e.action for e in await storage.log("g1")] == ["e4"]


async def test_a_caller_cancelled_before_its_turn_writes_nothing_and_stops_no_other(
    storage: SqliteStorage,
) -> None:
    one, two = await _created(storage, "g1"), await _created(storage, "g2")
    async with storage._turn:
        cancelled = asyncio.ensure_future(storage.save(one, [_entry("e4")]))
        kept = asyncio.ensure_future(storage.save(two, [_entry("c4")]))
        await asyncio.sleep(0)
        cancelled.cancel()
        await asyncio.sleep(0)
    await kept
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    assert await storage.log("g1") == []
    assert [e.action for e in await storage.log("g2")] == ["c4"]


async def test_a_cancelled_leader_still_lets_its_group_finish(storage: SqliteStorage) -> None:
    games = [_game(f"g{n}") for n in range(3)]
    for game in games:
        await storage.create(game)
    async with storage._turn:
        tasks = [asyncio.ensure_future(storage.save(g, [_entry("e4")])) for g in games]
        await asyncio.sleep(0)
    await asyncio.sleep(0)  # the first one leads the group, and waits for its hop
    tasks[0].cancel()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(outcomes[0], asyncio.CancelledError)
    assert outcomes[1:] == [[], []]
    for game in games:  # the group's commit went through, the cancelled one's too
        assert [e.action for e in await storage.log(game.id)] == ["e4"]


async def test_a_read_is_not_queued_behind_the_group_commit_in_hand(
    storage: SqliteStorage,
) -> None:
    """A read goes straight to the connection's thread: it does not wait for the turn that
    group commits take (issue 36: every game's read waited behind every commit)."""
    game = await _created(storage)
    async with storage._turn:  # a group commit in hand
        read = asyncio.ensure_future(storage.load(game.id))
        # A generous bound: only a read that waits for the turn never ends here.
        done, _ = await asyncio.wait([read], timeout=60)
        assert done == {read}
    loaded = read.result()
    assert loaded is not None and loaded.id == game.id


async def test_statements_wait_for_another_sessions_open_transaction(
    storage: SqliteStorage,
) -> None:
    """A transaction of several hops holds the connection alone from BEGIN to COMMIT: another
    session's read neither sees its rows early nor runs inside it, and a group commit
    waits for it."""
    other = _game("g2")
    async with storage.session() as s, s.transaction():
        await s.execute("INSERT INTO users (user_id, locale) VALUES (?, ?)", BIG + 5, "fr")
        read = asyncio.ensure_future(storage.locale(BIG + 5))
        created = asyncio.ensure_future(storage.create(other))
        for _ in range(20):  # turns of the event loop: neither may go ahead meanwhile
            await asyncio.sleep(0)
        assert not read.done() and not created.done()
        rows = await s.fetch("SELECT locale FROM users WHERE user_id = ?", BIG + 5)
        assert [tuple(r) for r in rows] == [("fr",)]
    assert await read == "fr"
    await created
    assert await storage.has_game("g2")
