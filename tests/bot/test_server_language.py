"""The language of a game's public posts: ``language:`` on ``/<game> new``, else the server's
as an admin set it (``/plateau settings language:``), else the guild's locale when it is a
Community guild, else the host's. Each person's private answers keep their own. Through the
console (``!guild fr community`` is what Discord reports of the server), then the Discord
adapter's reading of an interaction."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.discord.interactions import request_from
from bot.model import Actor, Place, Request
from bot.options import check_request
from tests.bot.console_driver import Table, refused_privately

FRENCH_LOBBY = "ouverte par"  # the lobby post: "Partie **d'Échecs** `id` ouverte par @bob"
ENGLISH_LOBBY = "opened by"


async def opened(table: Table, line: str) -> tuple[str, list[dict]]:
    """The public language of the game ``line`` opens (its meta's), and what it told."""
    out = await table.run(line)
    row, _ = await table.latest()
    return row.meta["locale"], out


def lobby_text(out: list[dict]) -> str:
    (post,) = [d["text"] for d in out if d["to"] == "channel"]
    return post


async def test_a_community_guilds_locale_speaks_for_an_english_host() -> None:
    async with Table() as table:
        await table.run("!guild fr community")
        locale, out = await opened(table, "@bob /chess new")
        assert locale == "fr" and FRENCH_LOBBY in lobby_text(out)
        (created,) = [d["text"] for d in out if d["to"] == "private"]
        assert created.startswith("Game `")  # bob's own answer stays in his English


async def test_a_guild_locale_without_the_community_feature_does_not_count() -> None:
    async with Table() as table:
        await table.run("!guild fr")  # not Community: Discord would say en-US anyway
        locale, out = await opened(table, "@bob /chess new")
        assert locale == "en" and ENGLISH_LOBBY in lobby_text(out)
        await table.run("!locale @carol fr")
        assert (await opened(table, "@carol /loa new"))[0] == "fr"  # the host's, then


async def test_a_community_locale_plateau_does_not_speak_leaves_it_to_the_host() -> None:
    async with Table() as table:
        await table.run("!guild de community\n!locale @carol fr")
        assert (await opened(table, "@carol /chess new"))[0] == "fr"
        assert (await opened(table, "@bob /loa new"))[0] == "en"


async def test_the_servers_setting_outranks_the_guild_locale_and_the_host() -> None:
    async with Table() as table:
        await table.run("!guild en-US community\n!manager @alice")
        out = await table.run("@alice /plateau settings language:fr")
        assert refused_privately(out, "Saved. New games on this server post in French")
        locale, out = await opened(table, "@bob /chess new")
        assert locale == "fr" and FRENCH_LOBBY in lobby_text(out)


async def test_the_language_option_outranks_the_servers_setting() -> None:
    async with Table() as table:
        await table.run("!guild fr community\n!manager @alice")
        await table.run("@alice /plateau settings language:fr")
        locale, out = await opened(table, "@bob /chess new language:en")
        assert locale == "en" and ENGLISH_LOBBY in lobby_text(out)


async def test_auto_clears_the_servers_setting_back_to_the_guild_and_the_host() -> None:
    async with Table() as table:
        await table.run("!manager @alice\n@alice /plateau settings language:fr")
        assert (await opened(table, "@bob /chess new"))[0] == "fr"
        out = await table.run("@alice /plateau settings language:auto")
        refused_privately(out, "Saved. New games on this server post in their host's language")
        assert (await opened(table, "@bob /loa new"))[0] == "en"
        await table.run("!guild fr community")
        assert (await opened(table, "@bob /inka new players:2"))[0] == "fr"


async def test_only_manage_server_changes_the_setting_and_anyone_reads_it() -> None:
    async with Table() as table:
        await table.run("!guild fr community")
        out = await table.run("@bob /plateau settings language:en")
        refused_privately(out, "Only a member with the Manage Server permission")
        await table.run("!locale @bob fr")
        out = await table.run("@bob /plateau settings language:auto")
        refused_privately(out, "permission Gérer le serveur")  # in the refused one's words
        assert (await opened(table, "@carol /chess new"))[0] == "fr"  # nothing changed
        out = await table.run("@carol /plateau settings")
        refused_privately(out, "New games on this server post in French, the server's language")
        await table.run("!manager @alice\n@alice /plateau settings language:en")
        out = await table.run("@bob /plateau settings")  # in bob's French
        refused_privately(out, "écrivent en anglais, comme l'a choisi un administrateur")


async def test_a_setting_that_is_no_language_is_refused_naming_the_choices() -> None:
    async with Table() as table:
        out = await table.run("!manager @alice\n@alice /plateau settings language:de")
        refused_privately(out, "language is one of: en, fr, auto")
        out = await table.run("@alice /plateau settings")
        refused_privately(out, "post in their host's language")


async def test_an_imported_finished_game_is_shown_in_the_servers_language() -> None:
    async with Table() as table:
        await table.run("!guild fr community")
        out = await table.run('@bob /chess import pgn:"1. f3 e5 2. g4 Qh4# 0-1"')
        (post,) = [d["text"] for d in out if d["to"] == "channel"]
        assert post.startswith("Partie importée, déjà terminée (0-1, 4 demi-coups)")


async def test_the_setting_is_a_servers_and_a_dm_has_none() -> None:
    async with Table() as table:
        assert table.console is not None
        alice = Actor(5, "alice", manager=True)
        for options in ({}, {"language": "fr"}):
            request = Request("plateau", "settings", alice, Place(9, is_dm=True), options)
            (told,) = await table.console.service.handle(request)
            assert told.to == "private" and "not in direct messages" in told.text


# ---------------------------------------------------------------- the Discord adapter


def interaction(features: list[str] | None, guild_locale: str = "fr") -> Any:
    """What ``request_from`` reads of a guild interaction; ``features`` None: no guild."""
    guild = None if features is None else SimpleNamespace(name="Ici", features=features)
    return SimpleNamespace(
        user=SimpleNamespace(id=11, display_name="bob"),
        guild_id=22,
        guild=guild,
        locale=SimpleNamespace(value="en-US"),
        guild_locale=SimpleNamespace(value=guild_locale),
        permissions=SimpleNamespace(manage_guild=False),
        channel=SimpleNamespace(parent_id=None),
        channel_id=33,
    )


@pytest.mark.parametrize(
    ("features", "community"),
    [(["COMMUNITY", "NEWS"], True), ([], False), (None, False)],
)
def test_the_adapter_says_whether_the_guild_is_a_community_guild(
    features: list[str] | None, community: bool
) -> None:
    request = request_from(interaction(features), "chess", "new", {})
    assert request.place.community is community and request.place.guild_locale == "fr"
    # The service's edge keeps it.
    checked = check_request(request, {})
    assert isinstance(checked, Request) and checked.place.community is community
