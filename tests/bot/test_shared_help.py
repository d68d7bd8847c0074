"""``/<game> help`` in every game of the registry: private, within Discord's 2,000
characters, listing every command the game's cog declares with its purpose (in the
reader's language), and pointing to ``/<game> rules``; on Discord and in the console."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from discord import app_commands

from bot.console import Console
from bot.games import cogs, tables
from bot.i18n import has, t
from bot.model import Place, Request
from tests.bot import discord_harness as harness
from tests.bot.console_driver import console_over

KINDS = sorted(table.kind for table in tables())
COGS = {cog.kind: cog for cog in cogs()}
LOCALES = {"en": "en-US", "fr": "fr"}


def declared(kind: str) -> dict[str, str]:
    """What the cog's tree declares, read here on its own: command -> description key."""
    found = {}
    for command in COGS[kind](None).walk_app_commands():  # type: ignore[arg-type]
        if isinstance(command, app_commands.Command):
            name = command.qualified_name.split(" ", 1)[1]
            found[name] = command._locale_description.extras["key"]  # type: ignore[union-attr]
    return found


def discord_name(lang: str, word: str) -> str:
    """A command's word as a Discord user in ``lang`` sees it (untranslated words stay)."""
    key = f"discord.name.{word}"
    return t(lang, key) if has(key) else word


def help_request(console: Console, user: str, kind: str) -> Request:
    place = Place(console.world.channel_id("general"), guild_id=1)
    return Request(kind, "help", console.world.user(user), place, {})


def test_every_game_of_the_registry_has_a_cog_with_help() -> None:
    assert sorted(COGS) == KINDS and len(KINDS) == 6
    for kind in KINDS:
        assert {"help", "resign", "rules"} <= set(declared(kind)), kind


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", KINDS)
async def test_console_help_lists_every_declared_command(kind: str, lang: str) -> None:
    async with console_over() as console:
        await console.line(f"!locale @alice {lang}")
        deliveries = await console.service.handle(help_request(console, "alice", kind))
    assert deliveries and all(d.to == "private" for d in deliveries)
    assert all(len(d.text) <= 2000 for d in deliveries)
    text = "\n".join(d.text for d in deliveries)
    head = t(lang, "table.help_head", game=t(lang, f"game.{kind}"))
    assert text.startswith(head)
    table = console.service.tables[kind]
    for name, key in declared(kind).items():
        assert f"`/{kind} {name}`: {t(lang, key)}" in text, name
        assert name in table.commands, f"/{kind} help lists {name}, which the table refuses"
    assert text.endswith(t(lang, "table.help_rules", rules=f"/{kind} rules"))


async def test_console_prints_help_for_a_typed_line() -> None:
    async with console_over() as console:
        await console.line("@alice /loa help")
    (record,) = [line for line in console.out.getvalue().splitlines() if line]
    assert '"to": "private"' in record and "`/loa move`" in record


# ---------------------------------------------------------------- on Discord


@pytest.fixture(params=KINDS)
async def rig(request: pytest.FixtureRequest) -> AsyncIterator[harness.Rig]:
    kind = request.param

    class GameRig(harness.Rig):
        game = kind

    async with GameRig.running() as running:
        yield running


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_discord_help_is_private_and_names_commands_as_discord_shows_them(
    rig: harness.Rig, lang: str
) -> None:
    kind = rig.kind
    ex = await rig.slash("alice", f"{kind} help", locale=LOCALES[lang])
    assert ex.posts == [] and ex.dms == []
    assert ex.replies and all(r.ephemeral and len(r.content) <= 2000 for r in ex.replies)
    group = discord_name(lang, kind)
    for name, key in declared(kind).items():
        words = " ".join(discord_name(lang, w) for w in name.split())
        assert f"`/{group} {words}`: {t(lang, key)}" in ex.text, name
    rules = f"/{group} {discord_name(lang, 'rules')}"
    assert ex.text.endswith(t(lang, "table.help_rules", rules=rules))


async def test_help_is_answered_where_the_bot_may_not_post(rig: harness.Rig) -> None:
    # Without Attach Files the bot refuses what posts in the channel, not what answers privately.
    ex = await rig.slash("bob", f"{rig.kind} board", app_permissions=harness.MEMBER)
    assert ex.text.startswith(t("en", "discord.missing_permissions", missing="")[:20])
    ex = await rig.slash("bob", f"{rig.kind} help", app_permissions=harness.MEMBER)
    assert ex.posts == [] and f"`/{rig.kind} help`" in ex.text
