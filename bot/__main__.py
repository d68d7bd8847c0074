"""``python -m bot``: start the Discord bot (without a ``DISCORD_TOKEN``: the playground, the
bot on a local Discord stand-in, ``bot.playground``); ``python -m bot console``: the console
table."""

from __future__ import annotations

import asyncio
import sys

from bot import settings as settings_module
from bot.logs import setup as setup_logging

USAGE = """\
usage: python -m bot            start the Discord bot (settings: environment or .env);
                                without DISCORD_TOKEN: the playground (below)
       python -m bot --playground [--port N] [--host H --allow-remote]
                                the bot on a local Discord stand-in, played at a web page
                                (127.0.0.1:8800 by default; SQLite in memory)
       python -m bot console    play at the console table, without Discord (--help there)
       python -m bot check      check the settings, database, Stockfish, token; list the
                                intents and permissions the bot needs
"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["console"]:
        from bot.console import main as console_main

        return console_main(args[1:])
    if args[:1] == ["check"]:
        from bot.check import main as check_main

        return check_main(args[1:])
    if args[:1] in (["-h"], ["--help"]):
        print(USAGE, end="")
        return 0
    options = bool(args) and args[0].startswith("--")
    if args and not options:
        print(f"unknown argument {args[0]!r}\n{USAGE}", end="", file=sys.stderr)
        return 2
    try:
        settings = settings_module.load()
    except settings_module.SettingsError as exc:
        print(f"Bad setting: {exc} (see .env.example)", file=sys.stderr)
        return 2
    if settings.token and options and "--playground" not in args:
        print(
            f"{args[0]} is a playground option: add --playground (DISCORD_TOKEN is set, so "
            "python -m bot alone runs the real bot)",
            file=sys.stderr,
        )
        return 2
    if options or not settings.token:
        from bot.playground import main as playground_main

        return playground_main(args, settings)
    setup_logging(settings.log_level, secrets=[settings.token], form=settings.log_format)
    from bot.discord.lifecycle import serve

    return asyncio.run(serve(settings))


if __name__ == "__main__":
    raise SystemExit(main())
