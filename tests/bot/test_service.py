"""The table service under hard stops: two processes on one SQLite file (simultaneous joins,
a time-out race), game ids that never collide, cancelled games, the per-game locks, and the
console's own edges (``!wait``, the log level)."""

from __future__ import annotations

import asyncio
import gc
import io
import json
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

import bot.tables.loka as loka_table
from bot import console as console_module
from bot.console import Console, ConsoleWorld, build_service
from bot.games import tables
from bot.model import Actor, Delivery, Place, Request
from bot.service import TableService
from bot.storage import GameRow, LogEntry, Owed, SqliteStorage, VersionConflict
from tests.bot.console_driver import FakeImages, console_over, resign_lines

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
async def two_processes(tmp_path: Path) -> AsyncIterator[tuple[SqliteStorage, SqliteStorage]]:
    """Two connections to one SQLite file, as two bot processes would hold."""
    path = str(tmp_path / "p.db")
    first, second = SqliteStorage(path), SqliteStorage(path)
    await first.open()
    await second.open()
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


def _private_texts(answers: list[list[Delivery]]) -> list[str]:
    return [d.text for answer in answers for d in answer if d.to == "private"]


# ---------------------------------------------------------------- two processes, one file


async def test_four_simultaneous_joins_from_two_processes_all_land(
    two_processes: tuple[SqliteStorage, SqliteStorage],
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
        await a.handle(Request("loka", "new", Actor(1, "alice"), place, {"players": "4"}))
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
    two_processes: tuple[SqliteStorage, SqliteStorage],
) -> None:
    first, second = two_processes
    a, b = TableService(first, tables()), TableService(second, tables())
    place = Place(77, guild_id=1)
    await a.handle(Request("loka", "new", Actor(1, "alice"), place, {"players": "4"}))
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
    tmp_path: Path,
) -> None:
    storage = SqliteStorage(str(tmp_path / "p.db"))
    await storage.open()
    try:
        service = TableService(storage, tables())
        place = Place(5, guild_id=1)
        await service.handle(Request("loka", "new", Actor(1, "alice"), place, {"players": "4"}))
        tries: list[str] = []

        async def always_late(game: GameRow, log: list[LogEntry], owed: Any = ()) -> list[Owed]:
            tries.append(game.id)
            raise VersionConflict(game.id)

        storage.save = always_late  # type: ignore[method-assign]
        (answer,) = await service.handle(
            Request("loka", "join", Actor(2, "bob"), place, {"army": "fire"})
        )
        assert answer.to == "private" and "changed while your command" in answer.text
        assert 1 < len(tries) <= 4  # bounded
    finally:
        await storage.close()


async def test_expire_handles_a_lost_race_per_game_and_goes_on(
    two_processes: tuple[SqliteStorage, SqliteStorage],
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

    async def racing_save(game: GameRow, log: list[LogEntry], owed: Any = ()) -> list[Owed]:
        if game.id == raced.id and not raced_done:
            # The other process applies this game's time-out first.
            row = await second.load(raced.id)
            assert row is not None
            raced_done.append(await b.tables["loka"].expire(b, row, world.clock()))
        if game.id == stuck.id:
            raise VersionConflict(game.id)  # and this one it keeps winning
        return await save(game, log, owed)

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


# ---------------------------------------------------------------- game ids


def _ids(out: str) -> list[str]:
    return [
        json.loads(line)["text"].split("`")[1]
        for line in out.splitlines()
        if "opened by" in line and '"to": "channel"' in line
    ]


async def _console_run(db: str, lines: list[str], seed: int | None = 1) -> str:
    out = io.StringIO()
    await console_module.run(lines, out, db=db, seed=seed, as_json=True)
    return out.getvalue()


async def test_two_seeded_console_runs_on_one_database_never_reuse_an_id(tmp_path: Path) -> None:
    script = ["@alice /chess new", "#other", "@bob /loa new"]
    runs = []
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        db = str(tmp_path / folder / "p.db")
        first = await _console_run(db, script)
        second = await _console_run(db, script)
        assert "went wrong" not in first + second
        runs.append((_ids(first), _ids(second)))
    (one, two), again = runs
    assert len(set(one + two)) == 4  # no id taken twice
    assert runs[0] == again  # the same script over the same file: the same ids


async def test_a_taken_random_id_is_skipped(tmp_path: Path) -> None:
    storage = SqliteStorage(str(tmp_path / "p.db"))
    await storage.open()
    try:
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
    finally:
        await storage.close()


# ---------------------------------------------------------------- cancelled games, locks


async def test_moves_and_resigns_on_a_cancelled_game_say_it_was_cancelled() -> None:
    async with console_over(seed=2) as console:
        storage, world, service = console.service.storage, console.world, console.service
        await console.run(
            ["@alice /chess new color:white", "@bob /chess join", "@alice /chess start"]
        )
        (running,) = await storage.unfinished()
        await console.run(["@alice /chess new", "#elsewhere"])
        (lobby,) = [g for g in await storage.unfinished() if g.status == "lobby"]
        await console.run(["#general", "@alice /chess cancel game:" + running.id])
        await console.run(["@alice /chess cancel game:" + lobby.id])
        place = Place(world.channel_id("general"), guild_id=1)
        for game in (running, lobby):
            for command, options in (("move", {"move": "e4"}), ("resign", {})):
                request = Request(
                    "chess", command, world.user("alice"), place, {**options, "game": game.id}
                )
                (answer,) = await service.handle(request)
                assert answer.to == "private"
                assert f"`{game.id}` was cancelled" in answer.text, (command, answer.text)
        again = Request("chess", "cancel", world.user("alice"), place, {"game": running.id})
        (answer,) = await service.handle(again)
        assert "was cancelled" in answer.text


async def test_the_lock_of_a_game_goes_away_when_nobody_uses_it() -> None:
    async with console_over(seed=4) as console:
        service = console.service
        for n in range(20):  # twenty games played a little, then left
            await console.run(
                [
                    f"#t{n}",
                    *("@alice /chess new color:white", "@bob /chess join", "@alice /chess start"),
                    *("@alice /chess move move:e4", *resign_lines("bob", "chess")),
                ]
            )
        gc.collect()
        assert len(service._locks) == 0
        async with service.locked("x"):
            assert service.lock("x") is service.lock("x")  # one lock while it is held
            assert len(service._locks) == 1
        gc.collect()
        assert len(service._locks) == 0


async def test_commands_on_one_game_still_apply_one_at_a_time() -> None:
    """The weakly held locks still serialize: many presses at once, one applies."""
    async with console_over(seed=4) as console:
        world, service = console.world, console.service
        await console.run(["@alice /chess new color:white", "@bob /chess join"])
        await console.run(["@alice /chess start"])
        place = Place(world.channel_id("general"), guild_id=1)
        move = Request("chess", "move", world.user("alice"), place, {"move": "e4"})
        gc.collect()
        answers = await asyncio.gather(*(service.handle(move) for _ in range(6)))
        assert sorted(a[0].to for a in answers) == ["channel"] + ["private"] * 5


# ---------------------------------------------------------------- the console's edges


@pytest.fixture
def root_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)


async def test_wait_without_a_duration_is_a_usage_note() -> None:
    out = io.StringIO()
    await console_module.run(["!wait soon", "!wait 11x", "!wait 2m", "!wait 1.5h"], out)
    notes = [line for line in out.getvalue().splitlines() if line.startswith("[console]")]
    assert len(notes) == 2 and all("!wait takes a duration" in n for n in notes)


def test_the_console_logs_at_plateau_log_level(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, root_logging: None
) -> None:
    monkeypatch.chdir(tmp_path)  # no developer's .env
    monkeypatch.setenv("PLATEAU_LOG_LEVEL", "WARNING")
    monkeypatch.setattr("sys.stdin", io.StringIO("@alice /chess new\n"))
    assert console_module.main(["--seed", "1"]) == 0
    root = logging.getLogger()
    assert root.level == logging.WARNING
    assert any(type(h.formatter).__name__ == "KeyValueFormatter" for h in root.handlers)
    monkeypatch.setenv("PLATEAU_LOG_LEVEL", "LOUD")
    assert console_module.main([]) == 2
