"""Run the stand-in by hand: ``python -m devtools.standin --port 8800 [--guild-locale fr]``.

A guild with a ``#games`` channel and members alice, bob, carol and dave; point the bot at
the two printed URLs and watch (and play) at the printed page."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging

from .server import StandIn


async def serve(args: argparse.Namespace) -> None:
    standin = StandIn(
        host=args.host,
        port=args.port,
        guild_locale=args.guild_locale,
        community=args.community or args.guild_locale != "en-US",
        quiet=0.3,
        timeout=60.0,
    )
    async with standin:
        standin.text_channel("games")
        for name in ("alice", "bob", "carol", "dave"):
            standin.member(name, locale=args.member_locale)
        print(f"DISCORD_API_BASE={standin.api_base}")
        print(f"DISCORD_GATEWAY_URL={standin.gateway_url}")
        print(f"watch and play at {standin.base_url}/_standin/  (Ctrl-C stops)", flush=True)
        await asyncio.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m devtools.standin", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8800)
    parser.add_argument("--guild-locale", default="en-US")
    parser.add_argument("--member-locale", default="en-US")
    parser.add_argument("--community", action="store_true", help="a Community guild")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(args))


if __name__ == "__main__":
    main()
