"""The playground: ``python -m bot`` without a ``DISCORD_TOKEN`` (or ``python -m bot
--playground``) runs the bot logged in to a local Discord stand-in (``devtools.standin``),
both in this one process and event loop, and prints the address of the stand-in's page,
where a person acts as several members of a guild: channels, threads, DMs, private answers,
pictures and buttons, as Discord shows them.

It serves 127.0.0.1 only, unless told otherwise (``--host 0.0.0.0 --allow-remote``: the page
lets anyone who reaches it act as any member). Its storage is SQLite in memory: a playground
never touches a real database, and nothing is kept once it stops (its guild is new at every
start). Ctrl-C stops the bot cleanly, then the stand-in."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import ipaddress
import sys
from typing import Any, TextIO

from bot.logs import setup as setup_logging
from bot.settings import Settings

DEFAULT_PORT = 8800
MEMBERS = ("alice", "bob", "carol")
CHANNEL = "games"
TOKEN = "playground"  # the stand-in takes any token: never a real one
DB = ":memory:"
READY_SECONDS = 300.0  # how long the banner waits for the bot's first READY before it gives up


def parser() -> argparse.ArgumentParser:
    out = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the bot on a local Discord stand-in and play at its page.",
    )
    out.add_argument(
        "--playground",
        action="store_true",
        help="the playground even when DISCORD_TOKEN is set (without one it is the default)",
    )
    out.add_argument("--port", type=int, default=DEFAULT_PORT, help="the page's port (0: any)")
    out.add_argument("--host", default="127.0.0.1", help="the address served (default loopback)")
    out.add_argument(
        "--allow-remote",
        action="store_true",
        help="serve an address other than loopback: anyone reaching it acts as any member",
    )
    return out


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_address(host: str, port: int, allow_remote: bool) -> str | None:
    """Why this address is refused, or None."""
    if not 0 <= port <= 65535:
        return f"--port is a port number from 0 to 65535, not {port}"
    if not is_loopback(host) and not allow_remote:
        return (
            f"the playground serves 127.0.0.1 only: on {host} anyone who reaches the page "
            "acts as any member. Add --allow-remote to serve it anyway."
        )
    return None


def playground_settings(settings: Settings, api_base: str, gateway_url: str) -> Settings:
    """The bot's settings in the playground: the stand-in's endpoints, SQLite in memory,
    unsharded, commands synced globally (the stand-in's guild is new at every start)."""
    local: dict[str, Any] = {"token": TOKEN, "db": DB, "dev_guild": None, "shards": None}
    return dataclasses.replace(settings, api_base=api_base, gateway_url=gateway_url, **local)


def banner(page: str, *, remote: bool) -> str:
    lines = [
        "Plateau playground: the bot on a local Discord stand-in (no Discord account needed).",
        f"  Open {page} to act as {', '.join(MEMBERS)} (or a member you add) in #{CHANNEL}:",
        "  type /chess new, press the buttons, see threads, DMs and private answers.",
        "  Storage: SQLite in memory (nothing is kept when it stops; never your PLATEAU_DB).",
        "  Ctrl-C stops it. To run the real bot, set DISCORD_TOKEN (see .env.example);",
        "  to play at the console instead: python -m bot console",
    ]
    if remote:
        lines.insert(2, "  Served beyond this machine (--allow-remote): anyone reaching it plays.")
    return "\n".join(lines) + "\n"


async def run(args: argparse.Namespace, settings: Settings, out: TextIO = sys.stdout) -> int:
    """The stand-in, then the bot on it until Ctrl-C (or SIGTERM); then both stop."""
    from bot.discord.lifecycle import serve
    from devtools.standin import StandIn

    standin = StandIn(host=args.host, port=args.port, quiet=0.3, timeout=60.0)
    try:
        await standin.start()
    except OSError as error:
        print(
            f"Cannot serve the playground on {args.host}:{args.port}: {error.strerror or error}"
            " (another program uses the port? choose one with --port N)",
            file=sys.stderr,
        )
        await standin.close()
        return 2
    announcer: asyncio.Task[None] | None = None
    try:
        standin.text_channel(CHANNEL)
        for name in MEMBERS:
            standin.member(name)
        shown_host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
        page = f"http://{shown_host}:{standin.port}/_standin/"
        print(banner(page, remote=not is_loopback(args.host)), end="", file=out, flush=True)

        async def announce() -> None:
            with contextlib.suppress(AssertionError, TimeoutError):
                await standin.wait_ready(READY_SECONDS)
                print(f"Ready: open {page}", file=out, flush=True)

        announcer = asyncio.create_task(announce(), name="plateau-playground-ready")
        local = f"http://127.0.0.1:{standin.port}"
        bot_settings = playground_settings(
            settings, f"{local}/api/v10", f"ws://127.0.0.1:{standin.port}/gateway"
        )
        return await serve(bot_settings)
    finally:
        if announcer is not None:
            announcer.cancel()
            await asyncio.gather(announcer, return_exceptions=True)
        await standin.close()


def main(argv: list[str], settings: Settings) -> int:
    """``python -m bot [--playground] [--port N] [--host H --allow-remote]``."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    refused = check_address(args.host, args.port, args.allow_remote)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    setup_logging(settings.log_level, secrets=[TOKEN])
    try:
        return asyncio.run(run(args, settings))
    except KeyboardInterrupt:  # before the bot's own Ctrl-C handling is in place
        return 130
