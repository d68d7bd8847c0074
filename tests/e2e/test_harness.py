"""The harness itself: a bot that fails to start is not left running behind the test, nor
is any process it started (the render pool's workers), whenever its start-up fails."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from devtools.standin import StandIn
from tests.e2e import harness

GONE_WITHIN = 30.0  # seconds: a bound on a failure, the wait ends as soon as they are gone


def spy_on_spawns(monkeypatch: pytest.MonkeyPatch) -> list[asyncio.subprocess.Process]:
    """The bot processes the harness starts from now on."""
    started: list[asyncio.subprocess.Process] = []
    spawn = asyncio.create_subprocess_exec

    async def spied(*args: Any, **kwargs: Any) -> asyncio.subprocess.Process:
        started.append(await spawn(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(harness.asyncio, "create_subprocess_exec", spied)
    return started


async def nothing_left_of(process: asyncio.subprocess.Process) -> None:
    """The bot has exited and been waited for, and nothing of its process group lives on."""
    assert process.returncode is not None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + GONE_WITHIN
    while left := harness.group_members(process.pid):
        assert loop.time() < deadline, f"still running: {left}"
        await asyncio.sleep(0.05)
    assert process.pid not in harness._running


async def start_fails_leaving_nothing(
    standin: StandIn, tmp_path: Path, started: list[asyncio.subprocess.Process], match: str
) -> None:
    """A bot's start raises (its message matching ``match``) and nothing of it is left."""
    bot = harness.BotProcess(standin, tmp_path)
    with pytest.raises(AssertionError, match=match):
        await bot.start()
    (process,) = started
    assert bot.proc is None
    await nothing_left_of(process)


async def test_a_bot_that_does_not_start_is_stopped(
    standin: StandIn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = spy_on_spawns(monkeypatch)
    monkeypatch.setattr(harness, "STARTUP_SECONDS", 0.0)  # it cannot be up in no time
    await start_fails_leaving_nothing(standin, tmp_path, started, "did not sync")


async def test_a_start_that_fails_once_the_bot_is_up_leaves_no_process(
    standin: StandIn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up fails on purpose after the bot is READY, its render workers running: the
    bot and every process it started are gone."""
    started = spy_on_spawns(monkeypatch)
    up = harness.BotProcess._started

    async def up_then_fail(self: harness.BotProcess, *args: Any) -> None:
        await up(self, *args)
        assert self.proc is not None
        assert len(harness.group_members(self.proc.pid)) > 1  # the bot and its workers
        raise AssertionError("start-up fails on purpose")

    monkeypatch.setattr(harness.BotProcess, "_started", up_then_fail)
    await start_fails_leaving_nothing(standin, tmp_path, started, "on purpose")
