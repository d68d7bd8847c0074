"""``python -m bot``: start the Discord bot; ``python -m bot console``: the console table."""

from __future__ import annotations

import asyncio
import sys

from bot import settings as settings_module
from bot.logs import setup as setup_logging

USAGE = """\
usage: python -m bot            start the Discord bot (settings: environment or .env)
       python -m bot console    play at the console table, without Discord (--help there)
       python -m bot check      check the settings, database, Stockfish, token; list the
                                intents and permissions the bot needs
"""

NO_TOKEN = """\
No DISCORD_TOKEN: the bot cannot log in to Discord.
  Copy .env.example to .env and set DISCORD_TOKEN (every setting is listed there),
  or export DISCORD_TOKEN in the environment.
To play without Discord, use the console table:
  python -m bot console
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
    if args:
        print(f"unknown argument {args[0]!r}\n{USAGE}", end="", file=sys.stderr)
        return 2
    try:
        settings = settings_module.load()
    except settings_module.SettingsError as exc:
        print(f"Bad setting: {exc} (see .env.example)", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, end="", file=sys.stderr)
        return 2
    setup_logging(settings.log_level, secrets=[settings.token], form=settings.log_format)
    from bot.discord.lifecycle import serve

    return asyncio.run(serve(settings))


if __name__ == "__main__":
    raise SystemExit(main())
