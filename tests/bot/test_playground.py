"""``python -m bot`` without a token: the playground (bot.playground). Its run in a real
browser is tests/browser/test_playground.py; here, what starts it and what it refuses."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import bot.__main__ as bot_main
from bot import playground
from bot.settings import Settings


def spy_on_runs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[argparse.Namespace, Settings]]:
    seen: list[tuple[argparse.Namespace, Settings]] = []

    async def run(args: argparse.Namespace, settings: Settings) -> int:
        seen.append((args, settings))
        return 0

    monkeypatch.setattr(playground, "run", run)
    monkeypatch.setattr(playground, "setup_logging", lambda *a, **k: None)
    return seen


def test_no_token_starts_the_playground_on_loopback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    seen = spy_on_runs(monkeypatch)
    assert bot_main.main([]) == 0
    [(args, _)] = seen
    assert (args.host, args.port) == ("127.0.0.1", playground.DEFAULT_PORT)


def test_playground_runs_even_with_a_token_when_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-real-looking-token")
    seen = spy_on_runs(monkeypatch)
    assert bot_main.main(["--playground", "--port", "9123"]) == 0
    assert seen[0][0].port == 9123


def test_a_playground_option_with_a_token_asks_for_playground(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-real-looking-token")
    seen = spy_on_runs(monkeypatch)
    assert bot_main.main(["--port", "9123"]) == 2
    assert seen == [] and "--playground" in capsys.readouterr().err


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.4", "example.org", "::"])
def test_an_address_other_than_loopback_is_refused_unless_allowed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], host: str
) -> None:
    seen = spy_on_runs(monkeypatch)
    assert playground.main(["--host", host], Settings()) == 2
    assert "--allow-remote" in capsys.readouterr().err and seen == []
    assert playground.main(["--host", host, "--allow-remote"], Settings()) == 0
    assert seen[0][0].host == host


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_loopback_addresses_are_served(host: str) -> None:
    assert playground.check_address(host, 8800, allow_remote=False) is None


def test_the_bot_in_the_playground_never_uses_the_configured_database() -> None:
    mine = Settings(token="real", db="postgresql://me:secret@db/plateau", dev_guild=5)
    used = playground.playground_settings(mine, "http://127.0.0.1:1/api/v10", "ws://127.0.0.1:1")
    assert used.db == ":memory:" and used.token == playground.TOKEN
    assert used.dev_guild is None and used.shards is None
    assert used.api_base == "http://127.0.0.1:1/api/v10"
    assert "memory" in playground.banner("http://127.0.0.1:1/_standin/", remote=False)


async def test_a_port_in_use_is_refused_with_a_hint(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from devtools.standin import StandIn

    async with StandIn() as taken:
        args = playground.parser().parse_args(["--port", str(taken.port)])
        assert await playground.run(args, Settings()) == 2
    assert "--port" in capsys.readouterr().err
