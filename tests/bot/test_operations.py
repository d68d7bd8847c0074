"""Operations without Discord: the metrics (``bot.metrics``, each test its own registry),
``/healthz`` and ``/metrics`` served by ``bot.health``, JSON logs (masked as key=value logs
are), and ``python -m bot check``."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import check, metrics
from bot.health import PLAIN, Gateway, Monitor
from bot.logs import JsonFormatter, KeyValueFormatter, event
from bot.logs import setup as setup_logging
from bot.storage import SqliteStorage

TOKEN = "MTIz.secret-token.xyz"


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of an exposition text: (name, sorted labels) -> value."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


@pytest.fixture
def measured() -> Iterator[metrics.Metrics]:
    taken = metrics.enable()
    try:
        yield taken
    finally:
        metrics.disable()


# ---------------------------------------------------------------- metrics


def test_each_metrics_has_a_registry_of_its_own() -> None:
    one, two = metrics.Metrics(), metrics.Metrics()
    one.count_command("loka", "ok", 0.1)
    assert one.registry is not two.registry
    assert one.commands.labels("loka", "ok")._value.get() == 1
    assert two.commands.labels("loka", "ok")._value.get() == 0


def test_a_command_is_counted_by_game_and_result(measured: metrics.Metrics) -> None:
    with metrics.command("loka"):
        pass
    with metrics.command("loka"):
        metrics.refused()
    with metrics.command("chess"):
        metrics.failed()
    with pytest.raises(RuntimeError), metrics.command("chess"):
        raise RuntimeError("a bug")
    text = metrics.generate_latest(measured.registry).decode()
    found = samples(text)
    total = "plateau_commands_total"
    assert found[(total, (("game", "loka"), ("result", "ok")))] == 1
    assert found[(total, (("game", "loka"), ("result", "refused")))] == 1
    assert found[(total, (("game", "chess"), ("result", "error")))] == 2
    assert found[("plateau_command_seconds_count", (("game", "loka"),))] == 2


def test_a_render_inside_thinking_is_a_think(measured: metrics.Metrics) -> None:
    metrics.rendered(0.02)
    with metrics.thinking("inka"):
        metrics.rendered(0.5)  # the computer's choice runs in the render pool too
    found = samples(metrics.generate_latest(measured.registry).decode())
    assert found[("plateau_render_seconds_count", ())] == 1
    assert found[("plateau_think_seconds_count", (("game", "inka"),))] == 1


def test_only_429_and_5xx_answers_are_counted(measured: metrics.Metrics) -> None:
    for status in (200, 204, 404, 429, 429, 502, 503):
        metrics.discord_answer(status)
    found = samples(metrics.generate_latest(measured.registry).decode())
    assert found[("plateau_discord_answers_total", (("status", "429"),))] == 2
    assert found[("plateau_discord_answers_total", (("status", "5xx"),))] == 2


def test_nothing_is_measured_while_disabled() -> None:
    metrics.disable()
    kept = metrics.Metrics()
    with metrics.command("loka"):
        metrics.refused()
    metrics.rendered(1.0)
    metrics.discord_answer(500)
    with metrics.thinking("loka"):
        pass
    assert metrics.active() is None
    assert kept.commands.labels("loka", "refused")._value.get() == 0


async def test_the_gauges_are_read_from_storage_for_the_guilds_owned() -> None:
    taken = metrics.Metrics()

    async def owed() -> metrics.OwedRows:
        return [(1, 3, 100.0), (2, 5, 50.0), (None, 1, 90.0)]

    async def live() -> metrics.LiveRows:
        return [(1, 4), (2, 7)]

    text = (await taken.scrape(owed, live, lambda guild: guild != 2, now=130.0)).decode()
    found = samples(text)
    assert found[("plateau_outbox_depth", ())] == 4
    assert found[("plateau_outbox_oldest_seconds", ())] == 40.0
    assert found[("plateau_live_games", ())] == 4


# ---------------------------------------------------------------- /healthz and /metrics


class FakeBot:
    def __init__(self) -> None:
        self.listeners: dict[str, Any] = {}
        self.closed = False

    def add_listener(self, func: Any, name: str) -> None:
        self.listeners[name] = func

    def is_closed(self) -> bool:
        return self.closed


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    opened = SqliteStorage(str(tmp_path / "plateau.db"))
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()


async def get(port: int, path: str) -> tuple[int, str]:
    timeout = aiohttp.ClientTimeout(total=30)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.get(f"http://127.0.0.1:{port}{path}") as answer,
    ):
        return answer.status, await answer.text()


async def test_healthz_follows_the_gateway_and_the_database(storage: SqliteStorage) -> None:
    bot = FakeBot()
    gateway = Gateway((PLAIN,))
    gateway.watch(bot)
    monitor = Monitor(storage, gateway, metrics=metrics.Metrics(), db_seconds=10.0)
    port = await monitor.start("127.0.0.1", 0)
    try:
        status, text = await get(port, "/healthz")
        assert (status, text) == (503, "not ready: the gateway is not connected\n")
        await bot.listeners["on_ready"]()
        assert await get(port, "/healthz") == (200, "ready\n")
        await bot.listeners["on_disconnect"]()
        assert (await get(port, "/healthz"))[0] == 503
        await bot.listeners["on_resumed"]()
        assert await get(port, "/healthz") == (200, "ready\n")
        await storage.close()  # the database no longer answers
        status, text = await get(port, "/healthz")
        assert status == 503 and "database" in text
        await storage.open()
        bot.closed = True
        assert await get(port, "/healthz") == (503, "not ready: the client is closed\n")
    finally:
        await monitor.stop()


async def test_healthz_waits_for_every_shard_of_the_process(storage: SqliteStorage) -> None:
    gateway = Gateway((2, 3))
    gateway.up(2)
    assert gateway.problem() == "gateway shards not connected: 3"
    gateway.up(3)
    assert gateway.problem() is None
    gateway.down(2)
    assert gateway.problem() == "gateway shards not connected: 2"


async def test_metrics_are_served_with_the_gauges_of_storage(storage: SqliteStorage) -> None:
    taken = metrics.Metrics()
    taken.count_command("loa", "ok", 0.01)
    monitor = Monitor(storage, Gateway(), metrics=taken)
    port = await monitor.start("127.0.0.1", 0)
    try:
        status, text = await get(port, "/metrics")
    finally:
        await monitor.stop()
    assert status == 200
    found = samples(text)
    assert found[("plateau_commands_total", (("game", "loa"), ("result", "ok")))] == 1
    assert found[("plateau_outbox_depth", ())] == 0
    assert found[("plateau_live_games", ())] == 0


# ---------------------------------------------------------------- JSON logs


def record_of(formatter: logging.Formatter, emit: Any) -> str:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    log = logging.getLogger("plateau.test.operations")
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    try:
        emit(log)
    finally:
        log.removeHandler(handler)
    return stream.getvalue()


def test_a_json_line_is_one_object_with_its_fields() -> None:
    text = record_of(
        JsonFormatter([TOKEN]),
        lambda log: event(log, "command", game="loka", deliveries=2, ms=1.5, gone=None),
    )
    (line,) = text.splitlines()
    data = json.loads(line)
    assert data["level"] == "info" and data["logger"] == "plateau.test.operations"
    assert data["event"] == "command"
    assert data["fields"] == {"game": "loka", "deliveries": 2, "ms": 1.5}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", data["time"])


def test_json_logs_mask_the_token_as_key_value_logs_do() -> None:
    def leak(log: logging.Logger) -> None:
        event(log, "oops", url=f"https://x/{TOKEN}/y", note=f'he said "{TOKEN}"')
        log.info("library line with %s", TOKEN)
        try:
            raise ValueError(f"token {TOKEN}")
        except ValueError:
            log.exception("failed")

    for formatter in (JsonFormatter([TOKEN]), KeyValueFormatter([TOKEN])):
        text = record_of(formatter, leak)
        assert TOKEN not in text
        assert text.count("[redacted]") >= 4
    lines = [json.loads(line) for line in record_of(JsonFormatter([TOKEN]), leak).splitlines()]
    assert [line.get("event") or line.get("msg") for line in lines] == [
        "oops",
        "library line with [redacted]",
        "failed",
    ]
    assert "ValueError: token [redacted]" in lines[2]["exc"]


def test_setup_picks_the_json_formatter() -> None:
    root = logging.getLogger()
    kept = list(root.handlers), root.level
    try:
        handler = setup_logging("INFO", secrets=[TOKEN], stream=io.StringIO(), form="json")
        assert isinstance(handler.formatter, JsonFormatter)
    finally:
        for extra in list(root.handlers):
            root.removeHandler(extra)
        for old in kept[0]:
            root.addHandler(old)
        root.setLevel(kept[1])


# ---------------------------------------------------------------- python -m bot check


def run_check(environ: dict[str, str]) -> tuple[int, str]:
    out = io.StringIO()
    code = check.report(asyncio.run(check.run_checks(environ, dotenv=None)), out)
    return code, out.getvalue()


def test_check_passes_on_a_new_sqlite_database(tmp_path: Path) -> None:
    db = tmp_path / "plateau.db"
    code, text = run_check({"PLATEAU_DB": str(db)})
    assert code == 0, text
    assert "applied" in text and "pending now" in text and text.endswith("check passed\n")
    assert f"= {check.PERMISSIONS.value};" in text and "Create Public Threads" in text
    assert "privileged: none" in text
    code, text = run_check({"PLATEAU_DB": str(db)})  # a second time: nothing left to apply
    assert code == 0 and "none pending" in text


def test_check_fails_on_a_bad_setting_and_says_why(tmp_path: Path) -> None:
    code, text = run_check({"PLATEAU_DB": str(tmp_path / "p.db"), "PLATEAU_SHARD_COUNT": "two"})
    assert code == 1
    assert text.startswith("FAIL  settings  PLATEAU_SHARD_COUNT must be the number of shards")
    assert text.endswith("check failed: settings\n")


def test_check_fails_on_a_database_it_cannot_open(tmp_path: Path) -> None:
    code, text = run_check({"PLATEAU_DB": str(tmp_path / "no-such-folder" / "plateau.db")})
    assert code == 1 and "FAIL  database" in text


def test_check_never_prints_the_token(tmp_path: Path) -> None:
    # Nothing listens on this address: the login check warns at once, the check passes.
    environ = {
        "PLATEAU_DB": str(tmp_path / "p.db"),
        "DISCORD_TOKEN": TOKEN,
        "DISCORD_API_BASE": "http://127.0.0.1:9",
    }
    code, text = run_check(environ)
    assert code == 0, text
    assert TOKEN not in text and "warn  token" in text


async def test_check_reads_the_application_of_a_token_over_http(tmp_path: Path) -> None:
    from devtools.standin import StandIn

    async with StandIn(quiet=0.2, timeout=60.0, token=TOKEN) as standin:
        environ = {
            "PLATEAU_DB": str(tmp_path / "p.db"),
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": standin.api_base,
        }
        lines = {line.what: line for line in await check.run_checks(environ, dotenv=None)}
        app_id = standin.rest.application_payload()["id"]
        environ["DISCORD_TOKEN"] = "another-token"
        refused = {line.what: line for line in await check.run_checks(environ, dotenv=None)}
    assert lines["token"].status == check.OK, lines["token"]
    assert "privileged intents needed: none" in lines["token"].detail
    assert f"client_id={app_id}&" in lines["permissions"].detail
    assert refused["token"].status == check.FAIL
    assert refused["token"].detail == "Discord refused the token (401)"
    assert TOKEN not in "".join(line.detail for line in [*lines.values(), *refused.values()])


def test_python_m_bot_check_exits_0_then_1_on_a_bad_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import main

    monkeypatch.chdir(tmp_path)  # no developer's .env is read
    for name in ("DISCORD_TOKEN", "PLATEAU_SHARD_COUNT", "PLATEAU_SHARD_IDS", "PLATEAU_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PLATEAU_DB", str(tmp_path / "plateau.db"))
    assert main(["check"]) == 0
    assert capsys.readouterr().out.endswith("check passed\n")
    monkeypatch.setenv("PLATEAU_LOG_FORMAT", "xml")
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "FAIL  settings  PLATEAU_LOG_FORMAT is one of keyvalue, json, not 'xml'" in out


async def test_the_service_counts_each_command_by_its_game_and_result(
    measured: metrics.Metrics,
) -> None:
    from bot.model import Place, Request
    from tests.bot.console_driver import console_over

    async with console_over(seed=3) as console:
        world, service = console.world, console.service
        await console.run(["@alice /chess new color:white", "@bob /chess join"])
        await console.run(["@alice /chess start", "@alice /chess move move:e5"])  # refused
        place = Place(world.channel_id("general"), guild_id=1)
        await service.handle(Request("nosuchgame", "move", world.user("alice"), place, {}))
    found = samples(metrics.generate_latest(measured.registry).decode())
    total = "plateau_commands_total"
    assert found[(total, (("game", "chess"), ("result", "ok")))] == 3
    assert found[(total, (("game", "chess"), ("result", "refused")))] == 1
    # An unknown game's name is never a label: labels stay the tables' kinds.
    assert found[(total, (("game", "other"), ("result", "refused")))] == 1
    assert found[("plateau_render_seconds_count", ())] > 0  # the lobby's and board's pictures
