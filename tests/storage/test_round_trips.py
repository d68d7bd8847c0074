"""Storage round trips per move (issue 15), on both backends: a move reads its game once and
writes it in one transaction; the row a command read is reused under the game's lock (never
across a lost race with another process); a save writes the seats only when they changed."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import pytest

import bot.tables.loka as loka_table
from bench.load import KINDS, Game, request, script
from bot.model import Delivery
from bot.service import TableService
from bot.storage import GameRow, SqlStorage, VersionConflict, storage_for
from tests.bot.console_driver import FakeImages


@pytest.fixture(autouse=True)
def fast_loka_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loka_table, "images", FakeImages)


class Counted:
    """Counts the sessions (round trips) a storage opens, and the statements sent in them."""

    def __init__(self, storage: SqlStorage) -> None:
        self.sessions = 0
        self.statements: list[str] = []
        real = storage.session

        @asynccontextmanager
        async def session() -> AsyncIterator[Any]:
            self.sessions += 1
            async with real() as s:
                yield _Spy(s, self.statements)

        storage.session = session  # type: ignore[method-assign]
        if type(storage).in_transaction is not SqlStorage.in_transaction:
            # The backend's own (SQLite: the whole transaction in one hop to its thread),
            # which opens no session through ``storage.session``: one round trip too.
            hop = storage.in_transaction

            async def in_transaction(body: Callable[[Any], Awaitable[Any]]) -> Any:
                self.sessions += 1
                return await hop(lambda s: body(_Spy(s, self.statements)))

            storage.in_transaction = in_transaction  # type: ignore[method-assign]


class _Spy:
    def __init__(self, session: Any, statements: list[str]) -> None:
        self.session, self.statements = session, statements

    def __getattr__(self, name: str) -> Any:
        run = getattr(self.session, name)
        if name == "transaction":
            return run

        def spied(sql: str, *args: Any) -> Any:
            self.statements.append(sql)
            return run(sql, *args)

        return spied


@pytest.fixture
async def processes(db: str) -> AsyncIterator[list[SqlStorage]]:
    """Two storages on one database, as two bot processes hold them."""
    opened = [storage_for(db), storage_for(db)]
    for storage in opened:
        await storage.open()
    try:
        yield opened
    finally:
        for storage in opened:
            await storage.close()


async def _opened(service: TableService, kind: str, channel: int, moves: int) -> Game:
    """A started game of ``kind`` (as bench/load.py opens it) with ``moves`` legal moves."""
    game, rules = Game(channel), KINDS[kind]
    for user, command, options in rules.setup:
        (out, *_) = await service.handle(request(kind, user, command, channel, options))
        assert out.to != "private", out.text
    row = await _row(service, channel)
    game.script = script(rules, rules.rules.from_dict(row.state), row.seats, moves, 1)
    assert len(game.script) == moves
    return game


async def _playing(
    storage: SqlStorage, kind: str, channel: int, moves: int
) -> tuple[TableService, Game, Counted]:
    """A service over ``storage``, a started game in it, and the storage's counter."""
    service = TableService(storage, [KINDS[kind].table()])
    return service, await _opened(service, kind, channel, moves), Counted(storage)


async def _row(service: TableService, channel: int) -> GameRow:
    (row,) = await service.storage.games_in_channel(channel)
    return row


async def _move(service: TableService, kind: str, game: Game) -> list[Delivery]:
    user, options = game.next()
    answer = await service.handle(request(kind, user, "move", game.channel, options))
    assert answer and answer[0].to != "private", answer[0].text
    return answer


@pytest.mark.parametrize("kind", ["loka", "loa", "chess"])
async def test_a_move_reads_once_and_writes_once_without_touching_seats(
    processes: list[SqlStorage], kind: str
) -> None:
    storage = processes[0]
    service, game, counted = await _playing(storage, kind, 300, 5)
    before = await storage.log((await _row(service, game.channel)).id)
    for _ in range(5):
        counted.sessions, counted.statements[:] = 0, []
        await _move(service, kind, game)
        assert counted.sessions <= 2, "\n".join(counted.statements)
        assert not [sql for sql in counted.statements if "seats" in sql], counted.statements
        assert not [sql for sql in counted.statements if sql.startswith("SELECT COALESCE")]
    row = await _row(service, game.channel)
    log = await storage.log(row.id)
    assert [e.n for e in log] == list(range(1, len(before) + 6))  # numbered on, no gap


@pytest.mark.parametrize("kind", ["loka", "loa", "chess"])
async def test_a_load_after_this_process_saved_gives_the_saved_row_without_a_read(
    processes: list[SqlStorage], kind: str
) -> None:
    service, game, counted = await _playing(processes[0], kind, 301, 1)
    user, _ = game.script[0]

    async def command() -> GameRow:
        found = await service.find_game(request(kind, user, "move", game.channel, {}), kind)
        await _move(service, kind, game)  # another command of this process, meanwhile
        sessions = counted.sessions
        loaded = await service.load(found.id)
        assert counted.sessions == sessions  # no second read
        assert loaded.version == found.version + 1
        loaded.meta["names"]["1"] = "changed"  # a row of its own: the next load is not
        return await service.load(found.id)

    again = await service.retrying(command)
    stored = await processes[1].load(again.id)
    assert stored is not None and stored.meta["names"]["1"] != "changed"
    assert again == stored  # the row kept after the save is what a fresh read gives


async def test_a_change_by_another_process_is_seen_through_a_retry(
    processes: list[SqlStorage],
) -> None:
    a = TableService(processes[0], [KINDS["loka"].table()])
    b = TableService(processes[1], [KINDS["loka"].table()])
    game = await _opened(a, "loka", 302, 5)
    await _move(a, "loka", game)  # fire: the game is hot in process A
    for _ in range(3):
        await _move(b, "loka", game)  # earth, water and air, through process B
    row = await _row(a, game.channel)
    air = row.seats["air"]
    saves: list[str] = []
    real_read, real_save = processes[0].games_in_channel, processes[0].save

    async def read_then_b_changes_the_game(channel_id: int, **kw: Any) -> list[GameRow]:
        rows = await real_read(channel_id, **kw)
        if not saves:  # A's first read only: B's change lands between A's read and save
            (told, *_) = await b.handle(request("loka", air, "resign confirm", game.channel, {}))
            assert told.to != "private", told.text
        return rows

    async def counted_save(*args: Any, **kw: Any) -> Any:
        try:
            return await real_save(*args, **kw)
        except VersionConflict:
            saves.append("conflict")
            raise
        finally:
            saves.append("save")

    processes[0].games_in_channel = read_then_b_changes_the_game  # type: ignore[method-assign]
    processes[0].save = counted_save  # type: ignore[method-assign]
    await _move(a, "loka", game)  # fire again, first from the row read before B's change
    assert saves == ["conflict", "save", "save"]  # lost the race once, then saw B's change
    log = await processes[1].log(row.id)
    assert [e.n for e in log] == list(range(1, len(log) + 1))
    moves = [(e.seat, e.action) for e in log if e.action != "start"]
    assert [seat for seat, _ in moves[-6:]] == ["fire", "earth", "water", "air", "air", "fire"]
    assert "resign" in moves[-2][1] and len(set(moves)) == len(moves)  # each once
    after = await _row(b, game.channel)
    assert after.version == row.version + 2
    rules = KINDS["loka"].rules
    state = rules.from_dict(after.state)
    # Both landed, once each: the resignation and fire's move after it.
    assert state.armies[3].resigned and state.ply == rules.from_dict(row.state).ply + 2


async def test_seats_are_written_when_they_change_and_only_then(
    processes: list[SqlStorage],
) -> None:
    storage = processes[0]
    service = TableService(storage, [KINDS["chess"].table()])
    counted = Counted(storage)
    new, join, _ = KINDS["chess"].setup
    for user, command, options in (new, join):
        counted.statements[:] = []
        (out, *_) = await service.handle(request("chess", user, command, 303, options))
        assert out.to != "private", out.text
    assert any(sql.startswith("INSERT INTO seats") for sql in counted.statements)  # the join
    (row,) = await storage.games_of_user(join[0])  # read through the seats table
    assert row.seats == {"white": new[0], "black": join[0]}

    # A save that leaves the seats alone does not write them; one that swaps them does.
    unchanged = await processes[1].load(row.id)
    assert unchanged is not None
    unchanged.meta["note"] = "x"
    counted.statements[:] = []
    await storage.save(unchanged, [])
    assert not [sql for sql in counted.statements if "seats" in sql]
    swapped = await processes[1].load(row.id)
    assert swapped is not None
    swapped.meta["seats"] = {"white": join[0], "black": new[0]}
    await storage.save(swapped, [])
    assert [sql for sql in counted.statements if "seats" in sql]
    (mine,) = await processes[1].games_of_user(new[0])
    assert mine.seats == {"white": join[0], "black": new[0]}


@pytest.mark.parametrize("kind", ["loka", "chess"])
async def test_a_hot_game_is_neither_parsed_nor_built_again(
    processes: list[SqlStorage], kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hot game's state is not parsed from JSON nor built by the engine again (both are
    kept by game and version), while another process's change is parsed and built."""
    service, game, _ = await _playing(processes[0], kind, 304, 5)
    await _move(service, kind, game)  # the game is hot now
    rules = KINDS[kind].rules
    built: list[int] = []
    counting = replace(rules, from_dict=lambda d: built.append(1) or rules.from_dict(d))
    monkeypatch.setattr(KINDS[kind].table, "rules", counting)  # every table of the kind
    parsed: list[str] = []
    real_parse = json.loads
    monkeypatch.setattr(
        "bot.storage.base.json.loads", lambda text: parsed.append(text) or real_parse(text)
    )
    for _ in range(2):
        await _move(service, kind, game)
    assert built == []
    assert not [p for p in parsed if '"phase"' in p], "a hot state was parsed again"
    # Another process moves: its state is new here, so it is parsed and built.
    other = TableService(processes[1], [KINDS[kind].table()])
    await _move(other, kind, game)
    await _move(service, kind, game)
    assert len(built) == 2  # there (a cold table), then here (a version not seen here)
    assert len([p for p in parsed if '"phase"' in p]) >= 1
    row = await processes[1].load((await _row(other, game.channel)).id)
    assert row is not None and len(await processes[1].log(row.id)) >= 4
