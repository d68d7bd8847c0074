"""The table service under hard stops: game ids that never collide, cancelled games, the
per-game locks, and the console's own edges (``!wait``, the log level). Two processes on one
database (simultaneous joins, a time-out race, taken ids) are storage contract tests, run on
both backends: tests/storage/test_contract.py."""

from __future__ import annotations

import asyncio
import gc
import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import console as console_module
from bot.model import Place, Request
from tests.bot.console_driver import console_over, resign_lines

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
        # The same commands in other channels: the first run's lobbies are still open there.
        second = await _console_run(db, ["#again", script[0], "#other2", script[2]])
        assert "went wrong" not in first + second
        runs.append((_ids(first), _ids(second)))
    (one, two), again = runs
    assert len(set(one + two)) == 4  # no id taken twice
    assert runs[0] == again  # the same script over the same file: the same ids


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
