"""The server's language through ``python -m bot`` on the Discord stand-in: a host whose
client is English opens games on a server that speaks French. A Community server's locale
makes the public posts French; the same locale on a server without the Community feature
does not (Discord reports en-US for those); an admin's ``/plateau settings language:fr``
does, Community or not."""

from __future__ import annotations

from devtools.standin import StandIn
from devtools.standin import limits as L
from tests.e2e.harness import BotProcess, Table

FRENCH = "ouverte par"  # the lobby: "Partie **d'Échecs** `id` ouverte par @alice"
ENGLISH = "opened by"


async def lobby_of(standin: StandIn, bot: BotProcess, kind: str) -> str:
    """alice (an English client) opens a ``kind`` game in a channel of its own: its lobby
    as first posted (she cancels it then)."""
    table = Table(standin, bot, kind, ("alice",))
    ex = await table.open("alice")
    assert "created" in ex.text  # her own answer stays in her English
    (lobby,) = [m for m in table.thread_messages() if table.game_id in m.content]
    text = lobby.content
    await table.slash("alice", "cancel")  # a member hosts 3 open lobbies at most
    return text


async def test_public_posts_follow_the_servers_language(standin: StandIn, bot: BotProcess) -> None:
    standin.member("alice", locale="en-US")
    standin.member("dana", locale="en-US", permissions=L.MEMBER_PERMISSIONS | L.MANAGE_GUILD)

    standin.configure_guild(locale="fr", community=False)
    await standin.settle()
    assert ENGLISH in await lobby_of(standin, bot, "chess")

    standin.configure_guild(community=True)  # the bot's cached guild learns it (GUILD_UPDATE)
    await standin.settle()
    assert FRENCH in await lobby_of(standin, bot, "loa")

    standin.configure_guild(community=False)
    await standin.settle()
    assert ENGLISH in await lobby_of(standin, bot, "inka")
    settings = Table(standin, bot, "plateau", ("alice", "dana"))
    refused = await settings.slash("alice", "settings", {"language": "fr"})
    assert refused.posts == [] and "Manage Server permission" in refused.text
    saved = await settings.slash("dana", "settings", {"language": "fr"})
    assert saved.posts == [] and "post in French" in saved.text
    assert FRENCH in await lobby_of(standin, bot, "alako")

    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []
