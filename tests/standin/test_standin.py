"""The Discord stand-in against the real, unpatched discord.py client: a small bot defined
here logs in over HTTP and a websocket on 127.0.0.1, syncs its commands and plays."""

from __future__ import annotations

import asyncio
import io
import zlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from devtools.standin import BOT_PERMISSIONS, ClientRefusal, DiscordError, StandIn
from devtools.standin import limits as L
from devtools.standin.ratelimits import RateLimits


def png(width: int = 4, height: int = 3) -> bytes:
    """A tiny valid PNG, built by hand so the test needs nothing but the standard library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    rows = b"".join(b"\x00" + b"\x10\x20\x30" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class Counter(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.count = 0

    @discord.ui.button(label="+1", custom_id="counter:add")
    async def add(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)

    @discord.ui.button(label="locked", custom_id="counter:locked", disabled=True)
    async def locked(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        raise AssertionError("a disabled button cannot be pressed")


class QuickBot(commands.Bot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before identifying again (Discord's identify limit); a local
        stand-in has no such limit and the tests have no such time."""


class Rig:
    """A stand-in and a small bot playing against it; ``seen`` collects what the bot met."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.seen: list[Any] = []
        self.heard: list[discord.Message] = []
        self.bot = self._bot()

    def _bot(self) -> commands.Bot:
        bot = QuickBot(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        seen, standin = self.seen, self.standin

        @bot.tree.command(description="Defer, then answer privately")
        async def echo(interaction: discord.Interaction, word: str) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(f"echo {word}", ephemeral=True)

        @bot.tree.command(description="Post a picture in the channel")
        async def picture(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            try:
                await interaction.channel.send(
                    "a picture", file=discord.File(io.BytesIO(png()), "p.png")
                )  # type: ignore[union-attr]
            except discord.HTTPException as error:
                seen.append(error)
            await interaction.followup.send("done", ephemeral=True)

        @bot.tree.command(description="Send a secret by DM")
        async def secret(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send("your secret")
                text = "sent"
            except discord.Forbidden as error:
                seen.append(error)
                text = "your DMs are closed"
            await interaction.response.send_message(text, ephemeral=True)

        @bot.tree.command(description="A counter with a button")
        async def counter(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("count 0", view=Counter())

        @bot.tree.command(description="Open a thread for a game")
        async def table(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            thread = await channel.create_thread(
                name="game 1", type=discord.ChannelType.public_thread
            )
            await thread.send("welcome to game 1")
            await interaction.followup.send(f"opened {thread.mention}", ephemeral=True)

        @bot.tree.command(description="Too long a message")
        async def shout(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            try:
                await interaction.channel.send("a" * 2001)  # type: ignore[union-attr]
            except discord.HTTPException as error:
                seen.append(error)
            await interaction.followup.send("tried", ephemeral=True)

        @bot.tree.command(description="Four posts in a row")
        async def burst(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            for n in range(4):
                await interaction.channel.send(f"post {n}")  # type: ignore[union-attr]
            await interaction.followup.send("posted", ephemeral=True)

        @bot.tree.command(description="Answers too late")
        async def slow(interaction: discord.Interaction) -> None:
            standin.advance(3.5)  # four seconds of thinking, without the wait
            try:
                await interaction.response.send_message("late", ephemeral=True)
            except discord.NotFound as error:
                seen.append(error)

        @bot.tree.command(description="Never answers")
        async def silent(interaction: discord.Interaction) -> None:
            standin.advance(3.5)

        @bot.tree.command(description="Answers twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first", ephemeral=True)
            try:  # a fresh response object: discord.py's own guard does not know
                await discord.InteractionResponse(interaction).send_message("again")
            except discord.HTTPException as error:
                seen.append(error)

        async def fruit_names(interaction: discord.Interaction, current: str) -> list:
            names = ["apple", "apricot", "banana", "cherry"]
            return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

        @bot.tree.command(description="Pick a fruit")
        @app_commands.autocomplete(fruit=fruit_names)
        @app_commands.choices(
            size=[
                app_commands.Choice(name="small", value=1),
                app_commands.Choice(name="big", value=2),
            ]
        )
        async def pick(
            interaction: discord.Interaction, fruit: str, size: app_commands.Choice[int]
        ) -> None:
            await interaction.response.send_message(f"{fruit} x{size.value}", ephemeral=True)

        @bot.listen()
        async def on_message(message: discord.Message) -> None:
            if not message.author.bot:
                self.heard.append(message)

        async def setup_hook() -> None:
            await bot.tree.sync()

        bot.setup_hook = setup_hook  # type: ignore[method-assign]
        return bot


@pytest.fixture
async def rig() -> AsyncIterator[Rig]:
    async with StandIn() as standin:
        standin.member("alice", locale="fr")
        standin.member("bob")
        standin.text_channel("games")
        with standin.point_discord():
            rig = Rig(standin)
            task = asyncio.create_task(rig.bot.start("a-token"))
            try:
                await standin.wait_ready(timeout=60)
                await asyncio.wait_for(rig.bot.wait_until_ready(), 60)
                yield rig
            finally:
                await rig.bot.close()
                await asyncio.wait_for(task, 60)


async def test_login_ready_and_sync(rig: Rig) -> None:
    standin, bot = rig.standin, rig.bot
    assert bot.user is not None and bot.user.id == standin.bot.id
    guild = bot.get_guild(standin.guild_id)
    assert guild is not None and guild.get_channel(standin.world.channel("games").id)
    names = sorted(c["name"] for c in standin.commands())
    assert names == sorted(c.name for c in bot.tree.get_commands())
    assert {"GET /users/@me", "GET /oauth2/applications/@me"} <= {
        f"{r.method} {r.route}" for r in standin.requests
    }
    kinds = [c.kind for c in standin.gateway.connections]
    assert kinds == ["identified"]
    assert standin.gateway.connections[0].query["encoding"] == "json"
    assert standin.unknown_routes == []
    assert standin.violations == []


async def test_slash_round_trip(rig: Rig) -> None:
    ex = await rig.standin.slash("alice", "games", "echo", {"word": "hi"})
    assert ex.initial is not None and ex.initial.type == 5 and ex.initial.ephemeral
    assert ex.initial.elapsed < 3
    assert ex.text == "echo hi"  # the first follow-up resolved the "thinking" message
    assert ex.interaction is not None and ex.interaction.payload["locale"] == "fr"
    assert rig.standin.violations == []


async def test_files_threads_and_messages(rig: Rig) -> None:
    standin = rig.standin
    ex = await standin.slash("alice", "games", "picture")
    [post] = ex.posts
    assert post.content == "a picture" and post.files == [("p.png", png())]
    async with aiohttp.ClientSession() as session, session.get(post.attachments[0].url) as got:
        assert await got.read() == png()
    ex = await standin.slash("bob", "games", "table")
    [thread] = ex.threads
    assert thread.name == "game 1" and standin.threads() == [thread]
    assert isinstance(rig.bot.get_channel(thread.id), discord.Thread)  # THREAD_CREATE arrived
    assert [m.content for m in standin.messages(thread)] == ["welcome to game 1"]
    assert ex.text == f"opened {thread.mention}"
    ex = await standin.say("bob", thread, "hello")
    assert [m.channel.id for m in rig.heard] == [thread.id]
    assert rig.heard[0].content == ""  # no message-content intent: Discord blanks it
    assert standin.violations == []


async def test_autocomplete_and_choices(rig: Rig) -> None:
    standin = rig.standin
    choices = await standin.autocomplete(
        "alice", "games", "pick", focused="fruit", options={"fruit": "ap"}
    )
    assert [c["value"] for c in choices] == ["apple", "apricot"]
    ex = await standin.slash("alice", "games", "pick", {"fruit": "apple", "size": "big"})
    assert ex.text == "apple x2"
    with pytest.raises(ClientRefusal, match="not among the choices"):
        await standin.slash("alice", "games", "pick", {"fruit": "apple", "size": 3})
    with pytest.raises(ClientRefusal, match="required"):
        await standin.slash("alice", "games", "pick", {"size": 1})
    with pytest.raises(ClientRefusal, match="no option"):
        await standin.slash("alice", "games", "pick", {"fruit": "x", "size": 1, "colour": "red"})


async def test_button_press_edits_the_message(rig: Rig) -> None:
    standin = rig.standin
    ex = await standin.slash("alice", "games", "counter")
    message = ex.original
    assert message is not None and not message.ephemeral
    assert message.custom_ids == ["counter:add", "counter:locked"]
    pressed = await standin.press("bob", message, "counter:add")
    assert pressed.initial is not None and pressed.initial.type == 7
    assert standin.messages("games")[-1].content == "count 1"
    await standin.press("alice", message, "counter:add")
    assert message.content == "count 2" and len(pressed.edits) == 1
    with pytest.raises(ClientRefusal, match="disabled"):
        await standin.press("bob", message, "counter:locked")
    with pytest.raises(ClientRefusal, match="no component"):
        await standin.press("bob", message, "counter:nope")
    assert standin.violations == []


async def test_closed_dms_reach_the_bot_as_forbidden(rig: Rig) -> None:
    standin = rig.standin
    ex = await standin.slash("bob", "games", "secret")
    assert [m.content for m in ex.dms] == ["your secret"] and ex.text == "sent"
    standin.close_dms("alice")
    ex = await standin.slash("alice", "games", "secret")
    assert ex.text == "your DMs are closed"
    [error] = rig.seen
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert standin.violations == []  # closed DMs are the member's choice, not a bot fault


async def test_429_storm_is_waited_out(rig: Rig) -> None:
    standin = rig.standin
    standin.storm("POST /channels/{channel_id}/messages", times=3, retry_after=(0.05, 0.15))
    ex = await standin.slash("alice", "games", "picture")
    assert [m.content for m in ex.posts] == ["a picture"]
    assert [r.status for r in ex.requests if r.kind == "message"] == [429, 429, 429, 200]
    assert len(standin.rate_limited) == 3 and rig.seen == []
    assert standin.violations == []


# The burst waits for a rate limit's window between its posts, asleep in discord.py where the
# stand-in sees no request: a settle must outlast that window (0.3 s) and a busy machine's
# pauses, or it ends before the last posts (it did once, under CI beside other work).
BURST_QUIET = 1.5


async def test_announced_rate_limits_are_respected(rig: Rig) -> None:
    standin = rig.standin
    standin.limit("POST /channels/{channel_id}/messages", 2, 0.3)
    ex = await standin.slash("alice", "games", "burst", quiet=BURST_QUIET)
    assert [m.content for m in ex.posts] == [f"post {n}" for n in range(4)]
    assert ex.text == "posted"
    assert standin.rate_limited == [] and standin.violations == []
    posted = [r.at for r in ex.requests if r.kind == "message"]
    assert posted[2] - posted[0] >= 0.25  # discord.py waited for the window from the headers


async def test_5xx_is_retried_by_discord_py(rig: Rig) -> None:
    standin = rig.standin
    standin.fail_next("POST /channels/{channel_id}/messages", status=500)
    ex = await standin.slash("alice", "games", "picture")
    assert [r.status for r in ex.requests if r.kind == "message"] == [500, 200]
    assert [m.content for m in ex.posts] == ["a picture"] and ex.text == "done"
    assert standin.violations == []


async def test_an_outage_fails_one_channel_for_a_while(rig: Rig) -> None:
    standin = rig.standin
    outage = standin.outage(0.5, channel="games", status=502)
    await standin.slash("alice", "games", "picture")
    for _ in range(1000):  # discord.py tries again a second later: the outage is over
        if standin.messages("games"):
            break
        await asyncio.sleep(0.01)
    posts = [r.status for r in standin.requests if r.route == "/channels/{channel_id}/messages"]
    assert posts == [502, 200] and outage.answered == 1
    assert [m.content for m in standin.messages("games")] == ["a picture"]
    assert standin.violations == []


def test_an_outage_reaches_what_it_names_only() -> None:
    limits = RateLimits()
    posts = "/channels/{channel_id}/messages"
    limits.outage(60, dms=True, status=500)
    assert limits.out("POST", posts, 7, True) == 500
    assert limits.out("POST", posts, 8, False) == 0  # a channel: not in a DM outage
    limits.outage(60, channels=frozenset({8}))
    assert limits.out("PATCH", posts + "/{message_id}", 8, False) == 502
    assert limits.out("POST", posts, 9, False) == 0
    assert limits.out("GET", "/users/@me", None, False) == 0
    ended = RateLimits()
    ended.outage(0)
    assert ended.out("POST", posts, 8, False) == 0


async def test_a_channels_messages_are_limited_together_and_each_429_recorded(rig: Rig) -> None:
    standin = rig.standin
    standin.limits.channel_limit = (2, 0.3)  # Discord's is 5 in 5 s: the same, shorter
    ex = await standin.slash("alice", "games", "burst", quiet=BURST_QUIET)
    assert [m.content for m in ex.posts] == [f"post {n}" for n in range(4)]
    refused = [r for r in standin.rate_limited if r.reason == "channel"]
    assert refused and all(r.route == "/channels/{channel_id}/messages" for r in refused)
    assert standin.violations == []  # discord.py waited as told


async def test_a_repeated_nonce_gives_back_the_first_message(rig: Rig) -> None:
    channel = rig.bot.get_channel(rig.standin.world.channel("games").id)
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("once", nonce="n-1")  # discord.py adds enforce_nonce
    again = await channel.send("once", nonce="n-1")
    assert again.id == first.id
    assert [m.content for m in rig.standin.messages("games")] == ["once"]


async def test_too_long_a_message_is_refused(rig: Rig) -> None:
    standin = rig.standin
    ex = await standin.slash("alice", "games", "shout")
    [error] = rig.seen
    assert isinstance(error, discord.HTTPException) and error.status == 400
    assert error.code == 50035 and "content" in str(error)
    assert ex.posts == []
    assert [(v.kind, v.code) for v in standin.violations] == [("invalid_form_body", 50035)]


async def test_missing_permissions(rig: Rig) -> None:
    standin = rig.standin
    games = standin.world.channel("games")
    attach = discord.Permissions(attach_files=True).value
    standin.set_bot_permissions(BOT_PERMISSIONS & ~attach, games)
    await standin.settle()
    me = rig.bot.get_guild(standin.guild_id).me  # type: ignore[union-attr]
    assert not rig.bot.get_channel(games.id).permissions_for(me).attach_files  # type: ignore[union-attr]
    ex = await standin.slash("alice", games, "picture")
    assert ex.interaction is not None
    assert not int(ex.interaction.payload["app_permissions"]) & attach
    [error] = rig.seen
    assert isinstance(error, discord.Forbidden) and error.code == 50013
    [violation] = standin.violations
    assert violation.kind == "missing_permissions" and "ATTACH_FILES" in violation.detail


async def test_late_and_missing_initial_responses(rig: Rig) -> None:
    standin = rig.standin
    await standin.slash("alice", "games", "slow")
    [error] = rig.seen
    assert isinstance(error, discord.NotFound) and error.code == 10062
    await standin.slash("alice", "games", "silent")
    kinds = [v.kind for v in standin.violations]
    assert kinds == ["late_initial_response", "no_initial_response"]


async def test_second_initial_response_is_refused(rig: Rig) -> None:
    standin = rig.standin
    ex = await standin.slash("alice", "games", "twice")
    [error] = rig.seen
    assert isinstance(error, discord.HTTPException) and error.code == 40060
    assert ex.text == "first"
    assert [v.code for v in standin.violations] == [40060]


async def test_follow_up_tokens_expire_after_15_minutes(rig: Rig) -> None:
    standin = rig.standin
    ex = await standin.slash("alice", "games", "echo", {"word": "hi"})
    assert ex.interaction is not None
    standin.advance(15 * 60 + 1)
    webhook = discord.Webhook.from_url(
        f"https://discord.com/api/webhooks/{standin.application_id}/{ex.interaction.token}",
        client=rig.bot,
    )
    with pytest.raises(discord.HTTPException) as caught:
        await webhook.send("too late", wait=True)
    assert caught.value.status == 401 and caught.value.code == 50027


async def test_gateway_reconnect_invalid_session_and_drop(rig: Rig) -> None:
    standin = rig.standin
    await standin.reconnect()  # op 7: close and resume
    ex = await standin.slash("alice", "games", "echo", {"word": "one"})
    assert ex.text == "echo one"
    await standin.invalidate(resumable=False)  # op 9 false: identify again
    ex = await standin.slash("alice", "games", "echo", {"word": "two"})
    assert ex.text == "echo two"
    await standin.invalidate(resumable=True)
    await standin.drop(code=4000)
    ex = await standin.slash("alice", "games", "echo", {"word": "three"})
    assert ex.text == "echo three"
    kinds = [c.kind for c in standin.gateway.connections]
    assert kinds == ["identified", "resumed", "identified", "dropped", "resumed"]
    assert standin.violations == []


async def test_events_missed_while_disconnected_are_replayed(rig: Rig) -> None:
    standin = rig.standin
    await standin.gateway.drop(abrupt=True, wait=False)
    standin.world.member_says(standin.member("bob"), standin.world.channel("games"), "away")
    await standin.wait_ready()
    await standin.settle()
    assert [m.author.name for m in rig.heard] == ["bob"]
    dropped, resumed = standin.gateway.connections
    assert (dropped.kind, resumed.kind, resumed.replayed) == ("dropped", "resumed", 1)


@pytest.mark.parametrize(
    ("command", "field"),
    [
        ({"name": "Loka", "description": "ok"}, "name"),
        (
            {
                "name": "many",
                "description": "ok",
                "options": [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)],
            },
            "options",
        ),
        ({"name": "wordy", "description": "x" * 101}, "description"),
    ],
)
async def test_bad_command_schema_is_refused(rig: Rig, command: dict, field: str) -> None:
    standin, bot = rig.standin, rig.bot
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.bulk_upsert_global_commands(standin.application_id, [command])
    assert caught.value.status == 400 and caught.value.code == 50035
    assert field in str(caught.value)
    assert [v.code for v in standin.violations] == [50035]


async def test_page_lets_a_person_watch_and_play(rig: Rig) -> None:
    standin = rig.standin
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{standin.base_url}/_standin/") as response:
            assert response.status == 200 and "act as" in await response.text()
        line = {"line": "alice: /pick fruit:banana size:small"}
        async with session.post(f"{standin.base_url}/_standin/act", json=line) as response:
            assert response.status == 200
        await asyncio.sleep(0.05)
        await standin.settle()
        async with session.get(f"{standin.base_url}/_standin/feed") as response:
            feed = await response.text()
    assert "banana x1" in feed and "only alice sees this" in feed
    assert [m.content for m in standin.ephemeral("alice")] == ["banana x1"]


async def test_page_shows_each_member_their_own_private_answers_and_dms(rig: Rig) -> None:
    standin = rig.standin
    base = standin.base_url
    games = standin.world.channel("games")
    await standin.slash("alice", games, "pick", {"fruit": "banana", "size": "small"})
    await standin.slash("alice", games, "secret")
    async with aiohttp.ClientSession() as session:

        async def state(name: str) -> dict[str, Any]:
            async with session.get(f"{base}/_standin/state", params={"as": name}) as response:
                return dict(await response.json())

        alice, bob = await state("alice"), await state("bob")
        async with session.post(f"{base}/_standin/member", json={"name": "zoé"}) as response:
            assert (await response.json())["name"] == "zoé"
        async with session.post(f"{base}/_standin/member", json={"name": "<b>"}) as response:
            assert (await response.json())["ok"] is False
        members = (await state("zoé"))["members"]
        elsewhere = {"Origin": "http://evil.example"}  # another site's page may not act
        line = {"as": "bob", "line": "hello"}
        async with session.post(f"{base}/_standin/act", json=line, headers=elsewhere) as sent:
            assert sent.status == 403
    assert "banana x1" in alice["feed"] and "only alice (you) sees this" in alice["feed"]
    assert "your secret" in alice["feed"] and "DM with alice" in alice["feed"]
    assert "banana" not in bob["feed"] and "secret" not in bob["feed"]
    assert "DM with alice" not in bob["feed"] and "only alice" not in bob["feed"]
    assert [p["label"] for p in bob["places"]] == ["#games", "DM with bob"]
    assert members == ["alice", "bob", "zoé"]


async def test_page_suggests_commands_options_and_the_bots_autocomplete(rig: Rig) -> None:
    from devtools.standin.page import suggestions

    standin = rig.standin
    alice, games = standin.world.member_named("alice"), standin.world.channel("games")

    async def lines(typed: str) -> list[str]:
        return [s["line"] for s in await suggestions(standin, alice, games, typed)]

    assert await lines("/pi") == ["/pick ", "/picture "]
    assert await lines("/pick ") == ["/pick fruit:", "/pick size:"]
    assert await lines("/pick size:b") == ["/pick size:2 "]
    before = len(standin.interactions)
    assert await lines("/pick size:2 fruit:ap") == [
        "/pick size:2 fruit:apple ",
        "/pick size:2 fruit:apricot ",
    ]
    assert [i.type for i in standin.interactions[before:]] == [4]  # asked of the bot
    assert await lines("hello") == [] and await lines("/nothing ") == []


def test_page_text_names_mentions_and_marks_emoji() -> None:
    from devtools.standin import World
    from devtools.standin.page import emoji_html, text_html

    world = World()
    alice, games = world.add_member("alice"), world.add_text_channel("games")
    shown = text_html(world, f"**Chess** <@{alice.id}> in <#{games.id}> \U0001f916 `ab12`")
    assert shown.startswith("<b>Chess</b> @alice in #games ")
    assert '<span class="emoji" title="robot face">\U0001f916</span>' in shown
    assert shown.endswith("<code>ab12</code>")
    assert emoji_html("<b> \u2694\ufe0f") == (
        '&lt;b&gt; <span class="emoji" title="crossed swords">\u2694\ufe0f</span>'
    )


def test_parse_line() -> None:
    from devtools.standin.page import parse_line

    assert parse_line("alice: /loka new players:4 name:two words") == (
        "alice",
        None,
        "slash",
        "loka new",
        {"players": "4", "name": "two words"},
    )
    assert parse_line("bob #game 1: hello there") == ("bob", "game 1", "say", "hello there", {})


def refusal(check: Any, *args: Any, **kwargs: Any) -> tuple[int, int, str]:
    with pytest.raises(DiscordError) as caught:
        check(*args, **kwargs)
    error = caught.value
    return error.status, error.code, str(error.errors)


def test_command_rules_offline() -> None:
    move = {"type": 1, "name": "move", "description": "Move", "options": []}
    ok = {"name": "loka", "description": "Play", "options": [move]}
    L.check_commands([ok])
    loud = {**ok, "name_localizations": {"fr": "Loka"}}
    assert refusal(L.check_commands, [loud])[:2] == (400, 50035)
    wordy = {**ok, "description_localizations": {"de": "x" * 101}}
    assert "description_localizations" in refusal(L.check_commands, [wordy])[2]
    assert "DUPLICATE" in refusal(L.check_commands, [ok, ok])[2]
    many = [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]
    option = {"type": 3, "name": "o", "description": "d", "choices": many}
    assert "choices" in refusal(L.check_commands, [{**ok, "options": [option]}])[2]
    choices = [{"name": "n" * 100, "value": "v" * 100} for _ in range(25)]
    big = [
        {"type": 3, "name": f"o{i}", "description": "d" * 100, "choices": choices} for i in range(3)
    ]
    assert "TOO_LARGE" in refusal(L.check_commands, [{**ok, "options": big}])[2]


def test_message_rules_offline() -> None:
    def check(body: dict, files: list | None = None) -> None:
        L.check_message(body, files or [], size_limit=100)

    button = {"type": 2, "style": 1, "label": "go", "custom_id": "a"}
    row = {"type": 1, "components": [button]}
    check({"content": "x" * 2000, "components": [row]})
    assert refusal(check, {"content": "x" * 2001})[:2] == (400, 50035)
    assert refusal(check, {"content": ""})[:2] == (400, 50006)
    assert refusal(check, {"content": "x"}, [("f", b"x")] * 11)[:2] == (400, 50035)
    assert refusal(check, {}, [("big.png", b"x" * 101)])[:2] == (413, 40005)
    rows = [{"type": 1, "components": [{**button, "custom_id": f"r{i}"}]} for i in range(6)]
    assert refusal(check, {"components": rows})[:2] == (400, 50035)
    wide = [{**button, "custom_id": f"b{i}"} for i in range(6)]
    assert refusal(check, {"components": [{"type": 1, "components": wide}]})[:2] == (400, 50035)
    twins = {"type": 1, "components": [button, button]}
    assert "DUPLICATED" in refusal(check, {"components": [twins]})[2]
    long_label = {"type": 1, "components": [{**button, "label": "l" * 81}]}
    assert "label" in refusal(check, {"components": [long_label]})[2]
    long_id = {"type": 1, "components": [{**button, "custom_id": "c" * 101}]}
    assert "custom_id" in refusal(check, {"components": [long_id]})[2]


def test_an_attachments_description_is_limited_offline() -> None:
    def check(description: str) -> None:
        body = {"content": "x", "attachments": [{"id": 0, "description": description}]}
        L.check_message(body, [("p.png", b"x")], size_limit=100)

    check("d" * 1024)
    code = refusal(check, "d" * 1025)
    assert code[:2] == (400, 50035) and "description" in code[2]
