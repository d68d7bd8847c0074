"""Operations through ``python -m bot`` on the stand-in: ``/metrics`` scraped during a chess
game (commands counted by game and result, pictures timed, Discord's 429s), and ``/healthz``
turning 503 while the gateway is down, then 200 again once the bot resumed."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest

from devtools.standin import StandIn
from tests.bot.test_operations import get, samples
from tests.e2e.harness import BotProcess, Table

SAFETY = 120.0  # seconds: a guard against a hang, not a timing


@pytest.fixture(autouse=True)
def metrics_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot process serves /metrics and /healthz on a free port (it logs which)."""
    monkeypatch.setenv("PLATEAU_METRICS_PORT", "0")
    monkeypatch.setenv("PLATEAU_METRICS_HOST", "127.0.0.1")


def sample(text: str, name: str, **labels: str) -> float:
    """The value of the sample ``name`` with exactly ``labels`` (0 if there is none)."""
    return samples(text).get((name, tuple(sorted(labels.items()))), 0.0)


async def health_until(port: int, wanted: Callable[[int], bool], what: str) -> str:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SAFETY
    while True:
        status, text = await get(port, "/healthz")
        if wanted(status):
            return text
        assert loop.time() < deadline, f"never: {what} (last: {status} {text!r})"
        await asyncio.sleep(0.05)


async def test_metrics_during_a_game_and_health_through_a_gateway_outage(
    standin: StandIn, bot: BotProcess
) -> None:
    # Logged before "starting" (the port is taken first): the run's log from its top.
    found = re.search(r"event=metrics_serving host=\S+ port=(\d+)", bot.log.read_text())
    assert found, bot.tail()
    port = int(found.group(1))
    assert await health_until(port, lambda s: s == 200, "ready after the start") == "ready\n"

    table = Table(standin, bot, "chess", ("alice", "bob"))
    await table.open("alice", color="white")
    await table.press("bob", table.button("join:black"))
    await table.press("alice", table.button("start"))
    await table.slash("alice", "move", {"move": "e4"})
    await table.slash("alice", "move", {"move": "d4"})  # not alice's turn: refused
    standin.storm("POST /channels/{channel_id}/messages", 2, retry_after=0.3)
    await table.slash("bob", "move", {"move": "e5"})  # its post waits out two 429s

    status, text = await get(port, "/metrics")
    assert status == 200
    assert sample(text, "plateau_commands_total", game="chess", result="ok") >= 4
    assert sample(text, "plateau_commands_total", game="chess", result="refused") >= 1
    assert sample(text, "plateau_commands_total", game="chess", result="error") == 0
    assert sample(text, "plateau_command_seconds_count", game="chess") >= 5
    assert sample(text, "plateau_render_seconds_count") > 0
    assert sample(text, "plateau_live_games") == 1
    assert sample(text, "plateau_discord_answers_total", status="429") >= 2
    assert sample(text, "plateau_outbox_depth") == 0

    await standin.gateway.go_down()
    try:
        text = await health_until(port, lambda s: s == 503, "503 while the gateway is down")
        assert "gateway" in text
    finally:
        standin.gateway.come_back()
    assert await health_until(port, lambda s: s == 200, "ready after resuming") == "ready\n"
    # The bot plays on after the outage.
    ex = await table.slash("alice", "move", {"move": "Nf3"})
    assert ex.posts
    # discord.py logs each refused try to reconnect as an error: the outage's, expected.
    outage = 'logger=discord.client msg="Attempting a reconnect'
    assert [line for line in bot.logged_errors() if outage not in line] == []
