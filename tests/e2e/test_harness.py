"""The harness itself: a bot that fails to start is not left running behind the test."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from devtools.standin import StandIn
from tests.e2e import harness


async def test_a_bot_that_does_not_start_is_stopped(
    standin: StandIn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[asyncio.subprocess.Process] = []
    spawn = asyncio.create_subprocess_exec

    async def spied(*args: Any, **kwargs: Any) -> asyncio.subprocess.Process:
        started.append(await spawn(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(harness.asyncio, "create_subprocess_exec", spied)
    monkeypatch.setattr(harness, "STARTUP_SECONDS", 0.0)  # it cannot be up in no time
    bot = harness.BotProcess(standin, tmp_path)
    with pytest.raises(AssertionError, match="did not sync"):
        await bot.start()
    (process,) = started
    assert process.returncode is not None and bot.proc is None  # stopped, and waited for
