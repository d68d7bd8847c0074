"""``/plateau games``: a member's games on the server, theirs to play first, with the time
their clock leaves them; and the ping of a turn says how many other games await them too.
Through the console, then through discord.py's real objects (the command syncs and answers
privately)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.cogs.loa import LoaCog
from bot.cogs.plateau import PlateauCog
from bot.model import Place, Request
from bot.tables import quotas
from bot.tables.loa import TABLE as LoaTable
from bot.tables.plateau import HUB
from tests.bot import discord_harness as harness
from tests.bot.console_driver import Table, refused_privately

TWO_GAMES = """
@alice /loa new clock:1d
@alice /loa join seat:player1
@bob /loa join seat:player2
@alice /loa start
@bob /chess new color:white clock:1d
@alice /chess join
@bob /chess start
@carol /inka new players:2
@carol /inka join seat:red
@bob /inka join seat:blue
"""


async def test_a_member_sees_where_they_are_awaited_theirs_first() -> None:
    async with Table(frozen=1.8e9) as table:
        refused_privately(await table.run("@bob /plateau games"), "You sit in no game here")
        await table.run(TWO_GAMES)
        out = await table.run("@bob /plateau games")
        assert [d["to"] for d in out] == ["private"] and out[0]["user"] == "bob"
        lines = out[0]["text"].splitlines()
        assert lines[0].startswith("**Your games** (3;")
        chess = next(i for i, line in enumerate(lines) if "**Chess**" in line)
        assert "**your turn** (White)" in lines[chess]
        inka = next(line for line in lines if "**Inka**" in line)
        assert "lobby, 2 of 2 seats taken" in inka
        loa = next(line for line in lines if "**Lines of Action**" in line)
        if "your turn" in loa:  # a clock: the time left, as Discord shows it
            assert "⏰ in 1 d" in loa and lines.index(loa) < lines.index(inka)
        else:
            assert "waiting for" in loa and "@alice" in loa
        # Whose turn it is first: every "your turn" line comes before any other game.
        yours = [i for i, line in enumerate(lines[1:]) if "your turn" in line]
        assert yours == list(range(len(yours)))
        assert not any("carol" in line for line in lines)  # nobody else's games


async def test_the_turn_ping_counts_the_other_games_that_await_the_player() -> None:
    async with Table(frozen=1.8e9) as table:
        await table.run(TWO_GAMES)
        out = await table.run("@bob /chess move move:e4\n@alice /chess move move:e5")
        ping = out[-1]["text"]
        assert "@bob, White to move" in ping
        loa_row = next(r for r in await table.storage.unfinished() if r.kind == "loa")  # type: ignore[union-attr]
        bob = table.console.world.user("bob").id  # type: ignore[union-attr]
        rules = table.console.service.tables["loa"].rules  # type: ignore[union-attr]
        loa_awaits_bob = loa_row.seats[rules.to_act(table.state_of(loa_row))[0]] == bob
        assert ("@bob: 1 other game(s) await you too" in ping) == loa_awaits_bob
        assert "@alice" not in ping.split("White to move")[-1]


class Rig(harness.Rig):
    game = "loa"
    tables = (LoaTable, HUB)
    cogs = (LoaCog, PlateauCog)


@pytest.fixture
async def rig() -> Any:
    async with Rig.running() as running:
        yield running


async def test_plateau_games_syncs_and_answers_privately(rig: Rig) -> None:
    (sync,) = [c for c in rig.world.calls if c.kind == "sync"]
    (command,) = [c for c in sync.body if c["name"] == "plateau"]
    harness.assert_within_discord_limits(command)
    subs = harness.options(command)
    assert set(subs) == {"games", "leaderboard", "profile", "settings", "tournament"}
    tournament = harness.options(subs["tournament"])  # its group (bot.tables.tournament)
    assert {"new", "join", "leave", "start", "pause", "award", "standings"} <= set(tournament)
    language = harness.options(subs["settings"])["language"]
    assert [c["value"] for c in language["choices"]] == ["en", "fr", "auto"]
    assert not language.get("required")  # without it, the setting is read, not changed
    quotas_sent = harness.options(subs["settings"])
    assert {
        name: (
            quotas_sent[name]["type"],
            quotas_sent[name]["min_value"],
            quotas_sent[name]["max_value"],
        )
        for name in ("lobbies", "games", "channel_lobbies")
    } == dict.fromkeys(("lobbies", "games", "channel_lobbies"), (4, 0, 1000))  # integers
    game = harness.options(subs["leaderboard"])["game"]
    assert [c["value"] for c in game["choices"]] == [
        "loka",
        "loa",
        "echec",
        "inka",
        "alako",
        "chess",
    ]
    assert game["required"] and not game.get("autocomplete")
    ex = await rig.slash("alice", "plateau games")
    assert ex.posts == [] and "You sit in no game here" in ex.text
    await rig.open_table()
    ex = await rig.slash("alice", "plateau games")
    assert ex.posts == [] and "**Lines of Action**" in ex.text and "lobby, 1 of 2" in ex.text


async def test_plateau_settings_needs_manage_server_and_answers_privately(rig: Rig) -> None:
    ex = await rig.slash("alice", "plateau settings", {"language": "fr"})
    assert ex.posts == [] and "Manage Server permission" in ex.text
    ex = await rig.slash("alice", "plateau settings", {"language": "fr"}, locale="fr")
    assert "Gérer le serveur" in ex.text  # in the refused member's language
    ex = await rig.slash(
        "alice", "plateau settings", {"language": "fr"}, permissions=harness.MANAGER
    )
    assert ex.posts == [] and "Saved. New games on this server post in French" in ex.text
    ex = await rig.slash("alice", "loa new")
    assert "ouverte par" in ex.shown[-1].content  # alice's client is English; the server is not


# ---------------------------------------------------------------- quotas (issue 31)


def refusal(out: list[dict], *fragments: str) -> str:
    """One private answer, saying each of ``fragments``."""
    (text,) = refused_privately(out, fragments[0])
    assert all(f in text for f in fragments), text
    return text


def game_id_of(out: list[dict]) -> str:
    """The id a ``new`` answered its host with (``Game `<id>` created``)."""
    (created,) = [d["text"] for d in out if d["to"] == "private" and "`" in d["text"]]
    return created.split("`")[1]


async def test_a_member_hosts_three_open_lobbies_and_frees_a_slot_by_cancel_or_start() -> None:
    async with Table(frozen=1.8e9) as table:
        ids = [game_id_of(await table.run(f"#room{n}\n@alice /loa new")) for n in range(3)]
        out = await table.run("#room3\n@alice /loa new")
        refusal(out, "You already host 3 open lobbies", "cancel one", "start one")
        await table.run("!locale @alice fr")
        refusal(await table.run("@alice /chess new"), "Vous accueillez déjà 3 salons", "annulez")
        await table.run(f"#room0\n@alice /loa cancel game:{ids[0]}")
        game_id_of(await table.run("#room3\n@alice /loa new"))  # the cancelled one's slot
        refusal(await table.run("#room4\n@alice /loa new"), "3 salons")
        await table.run(
            "#room1\n@alice /loa join seat:player1\n@bob /loa join seat:player2\n@alice /loa start"
        )
        game_id_of(await table.run("#room4\n@alice /loa new"))  # the started one's slot
        game_id_of(await table.run("#room4\n@bob /loa new"))  # alice's quota is hers


async def test_one_open_lobby_of_a_game_in_a_channel_points_to_it() -> None:
    async with Table(frozen=1.8e9) as table:
        first = game_id_of(await table.run("@alice /loa new"))
        out = await table.run("@bob /loa new")
        text = refusal(out, "already has an open /loa lobby", first)
        assert f"/loa join game:{first}" in text and "#general" in text
        game_id_of(await table.run("@bob /chess new"))  # another game: its own lobby
        game_id_of(await table.run("#other\n@bob /loa new"))  # another channel
        await table.run(f"#general\n@alice /loa cancel game:{first}")
        game_id_of(await table.run("@bob /loa new"))  # the channel's lobby is gone


async def test_a_member_plays_at_most_the_servers_running_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(quotas.DEFAULTS, "member_games", 1)
    async with Table(frozen=1.8e9) as table:
        await table.run(
            "@alice /loa new\n@alice /loa join seat:player1\n@bob /loa join seat:player2\n"
            "@alice /loa start"
        )
        await table.run(
            "#two\n@carol /loa new\n@carol /loa join seat:player1\n@bob /loa join seat:player2"
        )
        out = await table.run("@carol /loa start")
        refusal(out, "@bob already plays 1 running games", "when one of them ends")
        await table.resign("alice", "loa", (await table.storage.unfinished())[0].id)  # type: ignore[union-attr]
        out = await table.run("#two\n@carol /loa start")
        assert not any(d["to"] == "private" and "already plays" in d["text"] for d in out)
        assert [r.status for r in await table.storage.unfinished()] == ["running"]  # type: ignore[union-attr]


async def test_two_games_of_a_member_started_at_once_are_counted_one_after_the_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(quotas.DEFAULTS, "member_games", 1)
    async with Table(frozen=1.8e9) as table:
        for host, room in (("alice", "one"), ("carol", "two")):
            await table.run(
                f"#{room}\n@{host} /loa new\n@{host} /loa join seat:player1\n"
                "@bob /loa join seat:player2"
            )
        assert table.console is not None
        service, world = table.console.service, table.console.world
        starts = [
            Request("loa", "start", world.user(host), Place(world.channel_id(room), guild_id=1))
            for host, room in (("alice", "one"), ("carol", "two"))
        ]
        answers = await asyncio.gather(*(service.handle(r) for r in starts))
        refused = [a for a in answers if a and "already plays 1 running games" in a[0].text]
        assert len(refused) == 1  # bob's one game: the second start waited and counted it
        statuses = sorted(r.status for r in await table.storage.unfinished())  # type: ignore[union-attr]
        assert statuses == ["lobby", "running"]


async def test_an_admin_sets_the_quotas_and_a_member_may_only_read_them() -> None:
    async with Table(frozen=1.8e9) as table:
        out = await table.run("@alice /plateau settings")
        assert "open lobbies a member hosts: **3 (default)**" in out[0]["text"]
        assert "running games a member plays: **20 (default)**" in out[0]["text"]
        refusal(await table.run("@alice /plateau settings lobbies:5"), "Manage Server permission")
        out = await table.run("!manager @mod\n@mod /plateau settings lobbies:1 channel_lobbies:2")
        assert "Saved." in out[0]["text"] and "hosts: **1** (lobbies:)" in out[0]["text"]
        assert "in a channel: **2** (channel_lobbies:)" in out[0]["text"]
        refusal(await table.run("@mod /plateau settings games:1001"), "1 to 1000")
        await table.run("@alice /loa new")
        game_id_of(await table.run("@bob /loa new"))  # two lobbies of a game in one channel
        refusal(await table.run("@carol /loa new"), "already has an open /loa lobby")
        refusal(await table.run("#other\n@alice /loa new"), "host 1 open lobbies")
        out = await table.run("@mod /plateau settings lobbies:0")  # back to the default
        assert "hosts: **3 (default)**" in out[0]["text"]
        game_id_of(await table.run("#other\n@alice /loa new"))


async def test_plateau_games_is_one_message_whose_pages_go_through_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(quotas.DEFAULTS, "member_lobbies", 100)
    async with Table(frozen=1.8e9) as table:
        ids = []
        for n in range(60):
            ids.append(game_id_of(await table.run(f"#room{n}\n@bob /loa new")))
            await table.run("@bob /loa join seat:player1")
        out = await table.run("#general\n@bob /plateau games")
        (first,) = out
        assert first["to"] == "private" and first["edits"] == "plateau:games"
        pages = int(first["text"].rsplit("of ", 1)[1])
        assert pages > 1 and "Page 1 of" in first["text"]
        seen, texts = set(), [first["text"]]
        for page in range(2, pages + 1):
            (shown,) = await table.run("!press @bob next ▶")
            assert shown["edits"] == "plateau:games" and f"Page {page} of {pages}" in shown["text"]
            texts.append(shown["text"])
        assert "Next ▶" not in str(await table.run("!press @bob next ▶"))  # the last page
        for text in texts:
            assert len(text) <= 2000 and text.startswith("**Your games** (60;")
            seen |= {line.split("`")[1] for line in text.splitlines() if "`" in line}
        assert seen == set(ids)
        (back,) = await table.run("!press @bob ◀ previous")
        assert f"Page {pages - 1} of {pages}" in back["text"]


async def test_on_discord_the_pages_of_plateau_games_edit_their_one_message(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(quotas.DEFAULTS, "member_lobbies", 40)
    for n in range(30):  # the host of a Lines of Action lobby sits at once
        await rig.slash("alice", "loa new", channel=rig.world.text_channel(f"room{n}"))
    ex = await rig.slash("alice", "plateau games")
    (answer,) = ex.replies
    assert ex.posts == [] and len(answer.content) <= 2000 and "Page 1 of 2" in answer.content
    assert answer.custom_ids == ["plateau:plateau:games:page:0", "plateau:plateau:games:page:2"]
    press = await rig.d.press("plateau:plateau:games:page:2", user=rig["alice"])
    (edit,) = [c for c in press.calls if c.kind == "webhook_patch"]  # the message, in place
    assert press.replies == [] and press.posts == []
    assert "Page 2 of 2" in edit.content and edit.custom_ids[0].endswith("page:1")
    shown = answer.content + edit.content
    assert shown.count("**Lines of Action**") == 30  # every game, once
