"""The bot as a guild meets it: ``python -m bot`` in its own process, logged in to the
project's Discord stand-in (devtools.standin) over real HTTP and a real websocket, with the
real renderer. Tests act as members through the stand-in and read the game's state from the
bot's database (its SQLite file, or PostgreSQL) as a player reads the board, to choose their
moves. Several processes may share one stand-in and one PostgreSQL database, one per shard.

Waits end as soon as what they wait for happens; their time limits only bound a failure. A
bot process never outlives its test: it runs in a process group of its own (with the render
pool's workers), killed whole by :meth:`BotProcess.stop`, by a failed start, by the fixture
whatever fails, and at the latest when the test run exits."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import os
import re
import signal
import sqlite3
import sys
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.settings import POSTGRES_SCHEMES
from devtools.standin import Exchange, Message, StandIn

TOKEN = "standin-bot-token"  # the stand-in accepts any token; never a real one
STARTUP_SECONDS = 90.0  # a bound on a failed start: a start ends as soon as the bot is READY
DELIVERY_SECONDS = 120.0  # a bound on what a game owes staying unsent (a channel's pace)

# The process groups of the bots still running: killed when the test run exits, whatever
# happened (the last resort; each is killed as its test ends).
_running: set[int] = set()


def kill_group(pgid: int) -> None:
    """SIGKILL to every process of the group ``pgid`` (the bot and its render workers)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
    _running.discard(pgid)


@atexit.register
def _kill_every_group() -> None:
    for pgid in list(_running):
        kill_group(pgid)


def group_members(pgid: int) -> list[int]:
    """The live processes of the group ``pgid`` (zombies left out: they are gone but not
    yet reaped)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
        if fields[0] != "Z" and int(fields[2]) == pgid:
            found.append(int(entry.name))
    return found


class BotProcess:
    """``python -m bot`` pointed at a stand-in; stoppable, killable, restartable.

    ``db``: a PostgreSQL URL (default: a SQLite file in ``folder``); ``shards``: the shard ids
    this process serves among ``shard_count`` (default: unsharded); ``expire_seconds``: how
    often it looks for deadlines due (default: the bot's); ``ai_pace``: seconds between two
    computer players' actions (default none: their games end quickly)."""

    def __init__(
        self,
        standin: StandIn,
        folder: Path,
        *,
        db: str | None = None,
        shards: tuple[int, ...] = (),
        shard_count: int = 1,
        expire_seconds: float | None = None,
        ai_pace: float = 0.0,
    ) -> None:
        self.standin = standin
        self.ai_pace = ai_pace
        self.expire_seconds = expire_seconds
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.db = db or str(folder / "plateau.db")
        self.shards = [[shard, shard_count] for shard in shards]
        self.log = folder / "bot.log"
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        env = {
            **os.environ,
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": self.standin.api_base,
            "DISCORD_GATEWAY_URL": self.standin.gateway_url,
            "PLATEAU_DB": self.db,
            "PLATEAU_AI_PACE": str(self.ai_pace),
            "PLATEAU_LOG_LEVEL": "INFO",
            "PLATEAU_DEV_GUILD": "",
            # Empty is unset: a sharded run here never leaks into a plain one.
            "PLATEAU_SHARD_COUNT": str(self.shards[0][1]) if self.shards else "",
            "PLATEAU_SHARD_IDS": ",".join(str(shard) for shard, _ in self.shards),
            "PLATEAU_EXPIRE_SECONDS": str(self.expire_seconds or ""),
            # The renderer's warm state, shared by the session's bots (never the user's).
            "PLATEAU_CACHE_DIR": os.environ.get("PLATEAU_CACHE_DIR")
            or str(self.folder.parent / "render-cache"),
        }
        synced_before = len(self._syncs())
        generation = self.standin.gateway.generation
        with self.log.open("a") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                cwd=self.folder,  # no developer's .env is read
                env=env,
                stdout=out,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,  # a process group of its own: killed whole
            )
        _running.add(self.proc.pid)
        self.starts += 1
        try:
            await self._started(synced_before, generation)
        except BaseException:
            # Not left running behind a test that never gets to stop it.
            await self.stop(kill=True)
            raise

    async def _started(self, synced_before: int, generation: int) -> None:
        """Until the bot has synced its commands and its shards are READY, then quiet. The
        renderer's warm-up is not waited for: it never delays a live picture."""
        assert self.proc is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STARTUP_SECONDS
        while len(self._syncs()) <= synced_before or not self.standin.commands():
            if self.proc.returncode is not None:
                raise AssertionError(f"the bot exited ({self.proc.returncode}):\n{self.tail()}")
            if loop.time() > deadline:
                raise AssertionError(f"the bot did not sync its commands:\n{self.tail()}")
            await asyncio.sleep(0.05)
        # Another process's session may be live already: wait for this one's shards.
        for shard in self.shards or [None]:
            await self.standin.wait_ready(STARTUP_SECONDS, shard=shard, after=generation)
        await self.standin.settle(quiet=0.5)

    async def wait_for_log(self, needle: str, *, since: int = 0, timeout: float = 60.0) -> str:
        """The first log line holding ``needle`` in the ``since``-th run's log or later."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            text = self.log.read_text() if self.log.exists() else ""
            runs = text.split("event=starting")
            for line in "event=starting".join(runs[since + 1 :]).splitlines():
                if needle in line:
                    return line
            if loop.time() > deadline:
                raise AssertionError(f"no log line with {needle!r}:\n{self.tail()}")
            await asyncio.sleep(0.02)

    async def finished(self, ex: Exchange) -> None:
        """Wait until the bot logged the end of this interaction, then until it is quiet
        (a slow picture must not let the next command overtake this one)."""
        assert ex.interaction is not None
        await self.wait_for_log(f"interaction={ex.interaction.id} ", since=self.starts - 1)
        await self.standin.settle()

    async def delivered(self, game_id: str) -> None:
        """Until the bot has sent everything it owes for the game: its outbox rows, deleted
        once sent. A channel's pace (5 messages in any 5 s) may hold a post for seconds after
        the command was answered, far longer than the stand-in's quiet. Not while an outage
        holds them back, nor once the bot is down: the test then waits for what it expects."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DELIVERY_SECONDS
        owed = "SELECT id FROM outbox WHERE game_id = $1"
        while await self.fetch(owed, game_id):
            if self.proc is None or self.proc.returncode is not None or self._outage():
                return
            if loop.time() > deadline:
                raise AssertionError(f"game {game_id} still owes posts:\n{self.tail()}")
            await asyncio.sleep(0.05)
        await self.standin.settle()

    def _outage(self) -> bool:
        now = time.monotonic()
        return any(outage.until > now for outage in self.standin.limits.outages)

    def _syncs(self) -> list[Any]:
        return [r for r in self.standin.requests if r.method == "PUT" and "/commands" in r.path]

    async def stop(self, *, kill: bool = False) -> int:
        """SIGTERM (a clean stop: commands in flight finish) or SIGKILL (a crash); then
        whatever is left of its process group is killed (even if this wait is cancelled)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return 0
        try:
            if proc.returncode is not None:
                return proc.returncode
            proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                return await asyncio.wait_for(proc.wait(), timeout=30)
            except TimeoutError:
                proc.kill()
                return await proc.wait()
        finally:
            kill_group(proc.pid)

    async def restart(self, *, kill: bool = False) -> None:
        await self.stop(kill=kill)
        await self.start()

    def tail(self, lines: int = 40) -> str:
        text = self.log.read_text() if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def logged_errors(self) -> list[str]:
        """Log lines at ERROR level or with a traceback (the bot logs one event per line)."""
        text = self.log.read_text() if self.log.exists() else ""
        return [line for line in text.splitlines() if " ERROR " in line or "Traceback" in line]

    # ------------------------------------------------------------ reading the game

    def query(self, sql: str, *args: Any) -> list[dict[str, Any]]:
        """The rows of ``sql`` (parameters written ``$1``, ``$2``...) in the bot's database."""
        if self.db.startswith(POSTGRES_SCHEMES):
            # asyncpg needs a loop of its own: the test's is busy serving the stand-in.
            with ThreadPoolExecutor(1) as pool:
                return pool.submit(asyncio.run, _postgres_rows(self.db, sql, args)).result()
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as db:
            db.row_factory = sqlite3.Row
            rows = db.execute(re.sub(r"\$(\d+)", r"?\1", sql), args).fetchall()
        return [dict(row) for row in rows]

    async def fetch(self, sql: str, *args: Any) -> list[dict[str, Any]]:
        """:meth:`query` without stopping the stand-in (it shares the test's loop)."""
        return await asyncio.to_thread(self.query, sql, *args)

    def actions(self, game_id: str) -> list[dict[str, Any]]:
        """The game's action log, in order."""
        return self.query(
            "SELECT n, user_id, seat, action FROM actions WHERE game_id = $1 ORDER BY id", game_id
        )

    def row(self, game_id: str) -> dict[str, Any]:
        rows = self.query("SELECT * FROM games WHERE id = $1", game_id)
        assert rows, f"no game {game_id}"
        out = rows[0]
        for key in ("config", "state", "meta"):
            out[key] = json.loads(out[key]) if out[key] else None
        return out

    def state(self, game_id: str, rules: Any) -> Any:
        return rules.from_dict(self.row(game_id)["state"])


async def _postgres_rows(url: str, sql: str, args: tuple[Any, ...]) -> list[dict[str, Any]]:
    import asyncpg  # only where a PostgreSQL database is used

    db = await asyncpg.connect(url)
    try:
        return [dict(row) for row in await db.fetch(sql, *args)]
    finally:
        await db.close()


def game_id_in(messages: list[Message]) -> str:
    for message in reversed(messages):
        found = re.search(r"`([0-9a-f]{8})`", message.content)
        if found:
            return found.group(1)
    raise AssertionError("no game id in " + repr([m.content for m in messages]))


def check_exchange(ex: Exchange) -> None:
    """Every interaction: one initial response, in time, and private when it is an answer."""
    inter = ex.interaction
    assert inter is not None and inter.initial is not None, f"unanswered: {ex!r}"
    assert inter.initial.elapsed < 3.0, f"answered after {inter.initial.elapsed:.2f} s"
    for reply in ex.followups:
        assert reply.ephemeral, f"a follow-up is public: {reply.content!r}"


class Table:
    """One game's members and thread on a stand-in, with a bot process behind it."""

    def __init__(
        self,
        standin: StandIn,
        bot: BotProcess,
        kind: str,
        names: tuple[str, ...],
        *,
        guild: int | None = None,
    ) -> None:
        self.standin = standin
        self.bot = bot
        self.kind = kind
        self.channel = standin.text_channel(f"{kind}-games", guild=guild)
        self.people = {name: standin.member(name) for name in names}
        self.thread: Any = None
        self.game_id = ""
        self.exchanges: list[Exchange] = []

    def __getitem__(self, name: str) -> Any:
        return self.people[name]

    async def slash(
        self, name: str, command: str, options: dict[str, Any] | None = None, **kw: Any
    ) -> Exchange:
        where = kw.pop("channel", None) or self.thread or self.channel
        mark = self._mark()
        ex = await self.standin.slash(self[name], where, f"{self.kind} {command}", options, **kw)
        return await self._complete(ex, mark)

    async def press(self, name: str, custom_id: str, message: Any = None) -> Exchange:
        message = message or self.standin.message_with(custom_id)
        mark = self._mark()
        ex = await self.standin.press(self[name], message, custom_id)
        return await self._complete(ex, mark)

    async def resign(self, name: str, **kw: Any) -> Exchange:
        """``/<game> resign`` as a player does it: the private question, then a press of its
        [Resign] button. Gives the press."""
        asked = await self.slash(name, "resign", **kw)
        (question,) = [m for m in asked.replies if m.component(self.button("resign"))]
        return await self.press(name, self.button("resign"), question)

    def _mark(self) -> tuple[int, int]:
        return len(self.standin.world.requests), len(self.standin.world.history)

    async def _complete(self, ex: Exchange, mark: tuple[int, int]) -> Exchange:
        """The exchange once the bot has finished with it and sent what the game owes
        (everything since ``mark``)."""
        await self.bot.finished(ex)
        if self.game_id:
            await self.bot.delivered(self.game_id)
        ex = self.standin._exchange(ex.interaction, None, *mark)
        check_exchange(ex)
        self.exchanges.append(ex)
        return ex

    async def open(self, host: str, **options: Any) -> Exchange:
        mark = self._mark()
        ex = await self.slash(host, "new", options, channel=self.channel)
        (thread,) = self.standin.threads(self.channel)[-1:]
        self.thread = thread
        self.game_id = game_id_in(self.standin.messages(thread))
        await self.bot.delivered(self.game_id)
        ex = self.exchanges[-1] = self.standin._exchange(ex.interaction, None, *mark)
        return ex

    def button(self, action: str) -> str:
        return f"plateau:{self.kind}:{self.game_id}:{action}"

    def thread_messages(self) -> list[Message]:
        return self.standin.messages(self.thread)

    def images_in_thread(self) -> int:
        return sum(len(m.attachments) for m in self.thread_messages())


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with StandIn(quiet=0.2, timeout=60.0) as running:
        yield running


@pytest.fixture
async def bot(standin: StandIn, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(standin, tmp_path)
    try:
        await process.start()
        yield process
    finally:
        code = await process.stop()  # whatever failed, start-up included
    assert code == 0, f"the bot stopped with {code}:\n{process.tail()}"
