"""A picture's description (its alt text) through ``python -m bot`` on the Discord
stand-in: it arrives as the attachment's ``description`` and the stand-in's page shows it as
the picture's ``alt``."""

from __future__ import annotations

import html

import aiohttp

from devtools.standin import StandIn
from tests.e2e.harness import BotProcess, Table


async def test_a_boards_description_arrives_with_it(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "chess", ("alice", "bob"))
    await table.open("alice", color="white")
    await table.press("bob", table.button("join:black"))
    await table.press("alice", table.button("start"))
    ex = await table.slash("alice", "move", {"move": "e4"})
    [picture] = [a for p in ex.posts for a in p.attachments]
    said = picture.description or ""
    assert "Last move: e4." in said and "To play: Black (Bob)" in said, said
    assert len(said) <= 1024
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{standin.base_url}/_standin/feed") as response,
    ):
        feed = await response.text()
    assert f'alt="{html.escape(said, quote=True)}"' in feed
    assert standin.violations == []
    assert bot.logged_errors() == []
