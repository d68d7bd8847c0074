"""The first picture after start-up: the real ``python -m bot`` on the Discord stand-in.

Run: ``python bench/first_picture.py [--cache cold|warm|both] [--code DIR]``. Each run starts
a stand-in (``devtools.standin``) and ``python -m bot`` against it, waits until the bot has
synced its commands and its session is READY, then at once opens a chess game (new, a
second player joins, Start) and a two-player Loka game (the heaviest first picture), and
prints, per run:

- ``ready``: seconds from the bot's process start to commands synced and READY (what an
  end-to-end test waits for before its first command);
- ``warm``: seconds from the process start to the renderer's ``event=renderer_warm`` log
  line, when it came within the run (before issue 29 the tests waited for it too);
- ``chess`` and ``loka``: seconds from the Start press to the game's first picture posted
  (in its thread or a DM);
- ``again``: the same for a second chess game just after: what a Start costs with the
  renderer warm (saving the game, posting), for comparison.

``--cache cold`` starts with an empty ``PLATEAU_CACHE_DIR``; ``warm`` first runs the bot once
until its warm-up is done (the renderer's warm state written), then measures a second
start; ``both`` (the default) measures each. ``--code DIR`` runs the bot from another
checkout (``git archive HEAD | tar -x -C DIR``: the figures before a change), the stand-in
staying this one. Target (issue 29): a first picture within 1 s of the command, and the
bot up within 5 s, on an idle 2-core machine."""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from devtools.standin import StandIn

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 180.0


class Bot:
    """One ``python -m bot`` process on ``standin``, its log in ``folder``."""

    def __init__(self, standin: StandIn, folder: Path, code: Path, cache: Path) -> None:
        self.standin, self.folder, self.code, self.cache = standin, folder, code, cache
        folder.mkdir(parents=True, exist_ok=True)
        self.log = folder / "bot.log"
        self.proc: asyncio.subprocess.Process | None = None
        self.started = 0.0
        self.warm: float | None = None  # seconds to the renderer_warm line
        self._watch: asyncio.Task[None] | None = None

    async def start(self) -> float:
        """Start the bot; returns the seconds until commands synced and READY."""
        env = {
            **os.environ,
            "PYTHONPATH": str(self.code),
            "DISCORD_TOKEN": "standin-bot-token",
            "DISCORD_API_BASE": self.standin.api_base,
            "DISCORD_GATEWAY_URL": self.standin.gateway_url,
            "PLATEAU_DB": str(self.folder / "plateau.db"),
            "PLATEAU_LOG_LEVEL": "INFO",
            "PLATEAU_DEV_GUILD": "",
            "PLATEAU_CACHE_DIR": str(self.cache),
        }
        syncs = len(self.syncs())
        generation = self.standin.gateway.generation
        self.started = time.monotonic()
        with self.log.open("a") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.folder, env=env, stdout=out, stderr=out
            )
        self._watch = asyncio.create_task(self.watch())
        while len(self.syncs()) <= syncs or not self.standin.commands():
            if self.proc.returncode is not None:
                raise SystemExit(f"the bot exited:\n{self.log.read_text()[-3000:]}")
            await asyncio.sleep(0.01)
        await self.standin.wait_ready(TIMEOUT, after=generation)
        return time.monotonic() - self.started

    def syncs(self) -> list[Any]:
        return [r for r in self.standin.requests if r.method == "PUT" and "/commands" in r.path]

    async def watch(self) -> None:
        """Notes when the renderer's warm-up is logged as done."""
        while "event=renderer_warm" not in self.text():
            await asyncio.sleep(0.05)
        self.warm = time.monotonic() - self.started

    def text(self) -> str:
        return self.log.read_text() if self.log.exists() else ""

    async def finished(self, interaction: Any) -> None:
        """Until the bot logged the end of this interaction."""
        deadline = time.monotonic() + TIMEOUT
        while f"interaction={interaction.id} " not in self.text():
            if time.monotonic() > deadline:
                raise SystemExit(f"interaction {interaction.id} never ended")
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 60)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def first_picture(
    standin: StandIn, bot: Bot, kind: str, joins: list[str], people: str = ""
) -> float:
    """Open a ``kind`` game, seat everyone, press Start: seconds to its first picture."""
    members = [standin.member(f"{people or kind}-{i}") for i in range(len(joins))]
    channel = standin.text_channel(f"{kind}-games")
    options = {"color": "white"} if kind == "chess" else {"players": 2}
    ex = await standin.slash(members[0], channel, f"{kind} new", options, quiet=0.05)
    await bot.finished(ex.interaction)
    thread = standin.threads(channel)[-1]
    found = [re.search(r"`([0-9a-f]{8})`", m.content) for m in standin.messages(thread)]
    game = next(f.group(1) for f in found if f)
    for member, seat in zip(members, joins, strict=True):
        if seat:
            button = f"plateau:{kind}:{game}:join:{seat}"
            ex = await standin.press(member, standin.message_with(button), button, quiet=0.05)
            await bot.finished(ex.interaction)
    mark = len(standin.world.history)
    start = f"plateau:{kind}:{game}:start"
    ex = await standin.press(members[0], standin.message_with(start), start, quiet=0.05)
    sent = ex.interaction.dispatched_at
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        for event in standin.world.history[mark:]:
            if event.kind == "created" and event.message.attachments:
                await bot.finished(ex.interaction)
                return event.at - sent
        await asyncio.sleep(0.005)
    raise SystemExit(f"no {kind} picture after {TIMEOUT:.0f} s")


async def run(code: Path, cache: Path, folder: Path, label: str) -> dict[str, float | None]:
    async with StandIn(quiet=0.05, timeout=TIMEOUT) as standin:
        bot = Bot(standin, folder, code, cache)
        try:
            ready = await bot.start()
            chess = await first_picture(standin, bot, "chess", ["", "black"])
            loka = await first_picture(standin, bot, "loka", ["fire", "earth"])
            again = await first_picture(standin, bot, "chess", ["", "black"], "again")
        finally:
            await bot.stop()
    figures = {"ready": ready, "warm": bot.warm, "chess": chess, "loka": loka, "again": again}
    shown = "  ".join(
        f"{name} {'-' if value is None else f'{value:5.2f} s'}" for name, value in figures.items()
    )
    print(f"{label:<12} {shown}", flush=True)
    return figures


async def prime(code: Path, cache: Path, folder: Path) -> None:
    """A start that runs until the renderer's warm-up is done (its warm state written)."""
    async with StandIn(quiet=0.05, timeout=TIMEOUT) as standin:
        bot = Bot(standin, folder, code, cache)
        try:
            await bot.start()
            deadline = time.monotonic() + TIMEOUT
            while bot.warm is None and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
        finally:
            await bot.stop()


async def main_async(args: argparse.Namespace) -> None:
    code = Path(args.code).resolve()
    print(f"bot from {code}; {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="plateau-first-") as temp:
        base = Path(args.folder or temp)
        for mode in ("cold", "warm") if args.cache == "both" else (args.cache,):
            cache = base / f"cache-{mode}"
            if mode == "warm":
                await prime(code, cache, base / "prime")
            await run(code, cache, base / f"run-{mode}", f"{mode} cache")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", choices=("cold", "warm", "both"), default="both")
    parser.add_argument("--code", default=str(ROOT), help="the checkout the bot runs from")
    parser.add_argument("--folder", help="keep the bots' logs and databases here")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
