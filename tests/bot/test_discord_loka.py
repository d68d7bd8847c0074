"""The Loka cog through discord.py's real Interaction objects, with the HTTP layer faked.

Images come from a stand-in (small PNGs), so these tests do not depend on the renderer."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
from pathlib import Path
from typing import Any

import pytest

import bot.__main__ as bot_main
import bot.tables.loka as loka_table
from bot import console, settings
from bot.cogs.loka import LokaButton, LokaCog
from bot.discord.bot import PlateauBot
from bot.discord.lifecycle import serve
from bot.i18n import t
from bot.logs import KeyValueFormatter, quiet_libraries
from bot.model import Delivery
from bot.storage import SqliteStorage
from engine.loka import DEPLOYMENT, Deploy, legal_actions, to_act
from engine.loka.config import BOX_SUPPLY
from engine.loka.pieces import NAME
from tests.bot import discord_harness as harness
from tests.bot.discord_harness import (
    BOT_NO_THREADS,
    MANAGER,
    mentions,
    png_bytes,
)
from tests.bot.rules_pages import rules_page_problems, undocumented_commands

QUICK = "fire: Ke1 Qd1; earth: Ka6; water: Ke12; air: Kl7; turn: fire"
# With combat off, this line wins for Fire and Water (kings only move, queens capture).
QUICK_LINE = [
    ("fire", "d1", "e2"),
    ("earth", "a6", "a5"),
    ("water", "e12", "d11"),
    ("air", "l7", "k6"),
    ("fire", "e2", "f1"),
    ("earth", "a5", "a4"),
    ("water", "d11", "d10"),
    ("air", "k6", "j5"),
    ("fire", "f1", "j5"),  # takes the Air king
    ("earth", "a4", "b4"),
    ("water", "d10", "c9"),
    ("fire", "j5", "i4"),
    ("earth", "b4", "a4"),
    ("water", "c9", "b8"),
    ("fire", "i4", "a4"),  # takes the Earth king: Evil wins
]
PNG = b"\x89PNG\r\n\x1a\n"


class FakeImages:
    """Stands in for bot.tables.loka_images: valid little PNGs, and who asked."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def board(self, *args: Any, **kwargs: Any) -> bytes:
        self.calls.append("board")
        return png_bytes((32, 32), "darkgreen")

    def army_card(self, *args: Any, **kwargs: Any) -> bytes:
        self.calls.append("army_card")
        return png_bytes((16, 24), "firebrick")

    def summary(self, *args: Any, **kwargs: Any) -> bytes:
        self.calls.append("summary")
        return png_bytes((24, 16), "gold")


@pytest.fixture(autouse=True)
def images(monkeypatch: pytest.MonkeyPatch) -> FakeImages:
    fake = FakeImages()
    monkeypatch.setattr(loka_table, "images", fake)
    return fake


class Rig(harness.Rig):
    game = "loka"
    people_names = ("alice", "bob", "carol", "dave")


async def seat_everyone(rig: Rig, game_id: str) -> None:
    for name, army in (("alice", "fire"), ("bob", "earth"), ("carol", "water"), ("dave", "air")):
        ex = await rig.d.press(f"plateau:loka:{game_id}:join:{army}", user=rig[name])
        assert t("en", "table.joined", user=f"<@{rig[name].id}>", seat="").split()[0] in (
            ex.shown[-1].content
        )


def who_is_pinged(text: str, rig: Rig) -> str:
    """The player named in a turn ping ("<@id>, ... to move" / "deploy")."""
    ids = mentions(text)
    names = [n for n, u in rig.people.items() if u.id in ids]
    assert len(names) == 1, text
    return names[0]


# ---------------------------------------------------------------- commands and translation


async def test_commands_sync_with_french_names_and_within_discord_limits(rig: Rig) -> None:
    subs = harness.options(rig.synced_command())
    assert set(subs) == harness.with_shared("army team deploy autodeploy move d20 info")
    assert set(harness.options(subs["d20"])) == {"reroll", "keep"}
    assert set(harness.options(subs["info"])) == {"odds", "moves"}
    assert subs["new"]["name_localizations"]["fr"] == "nouvelle"
    assert subs["new"]["description_localizations"]["fr"].startswith("Ouvrir")
    army = harness.options(subs["army"])
    assert set(army) == {"add", "remove", "show", "confirm"}
    add = harness.options(army["add"])
    assert add["count"]["min_value"] == 1 and add["count"]["max_value"] == 16
    assert add["count"]["required"] is True and add["piece"]["required"] is True
    assert [c["value"] for c in add["piece"]["choices"]] == [
        "queen",
        "rook",
        "bishop",
        "knight",
        "pawn",
    ]
    assert add["piece"]["choices"][0]["name_localizations"]["fr"] == "reine"
    move = harness.options(subs["move"])
    assert move["from"]["autocomplete"] and move["to"]["autocomplete"]
    assert move["from"]["name_localizations"]["fr"] == "de"
    new = harness.options(subs["new"])
    assert [c["value"] for c in new["players"]["choices"]] == [4, 3, 2]
    assert new["combat"]["choices"][1]["name_localizations"]["fr"] == "non"
    # The 3-player and handicap options (the box's choices are the engine's supplies).
    assert [c["value"] for c in new["solo"]["choices"]] == ["evil", "good"]
    assert [c["value"] for c in new["box"]["choices"]] == list(BOX_SUPPLY)
    assert new["solo_percent"]["min_value"] == 1 and new["solo_percent"]["max_value"] == 100
    assert new["max_pawns"]["min_value"] == 0 and new["max_pieces"]["max_value"] == 64
    assert new["budgets"]["name_localizations"]["fr"] == "budgets"
    assert new["max_pawns"]["name_localizations"]["fr"] == "max_pions"
    assert not any(o["required"] for o in new.values() if "required" in o)
    assert subs["deploy"]["options"][1]["autocomplete"] is True


# ---------------------------------------------------------------- lobby


async def test_new_opens_a_public_thread_with_the_lobby_and_seat_buttons(rig: Rig) -> None:
    ex = await rig.slash("alice", "loka new", {"players": 4, "points": 120})
    (thread_call,) = [c for c in ex.calls if c.kind == "thread"]
    assert thread_call.body["type"] == 11  # public thread
    (thread,) = rig.world.threads()
    (lobby,) = ex.posts
    assert lobby.channel_id == thread
    assert "120 points" in lobby.content
    game_id = harness.game_id_in(lobby.content)
    assert lobby.custom_ids == rig.lobby_buttons(game_id, "fire", "water", "earth", "air")
    assert f"<#{thread}>" in ex.text  # the host is pointed to the thread, privately
    assert not lobby.data.get("embeds")


async def test_new_takes_the_three_player_and_handicap_options(rig: Rig) -> None:
    options = {"players": 3, "solo": "good", "solo_percent": 80, "budgets": "fire:120 water:100"}
    limits = {"box": "double", "max_pieces": 12, "max_pawns": 6}
    ex = await rig.slash("alice", "loka new", {**options, **limits})
    (lobby,) = ex.posts
    for words in (
        "one player holds Good (🌿 Earth + 🌪️ Air) at 80%: 128 points an army",
        "handicap budgets: 🔥 Fire 120, 🌊 Water 100",
        "two boxes: at most 2 queens",
        "at most 12 pieces (king included) and 6 pawns an army",
    ):
        assert words in lobby.content
    game_id = harness.game_id_in(lobby.content)
    assert f"plateau:loka:{game_id}:join:earth" in lobby.custom_ids  # Earth + Air together
    assert f"plateau:loka:{game_id}:join:air" not in lobby.custom_ids
    assert rig.storage is not None
    row = await rig.storage.load(game_id)
    assert row is not None
    config = {k: row.config[k] for k in ("solo_team", "solo_percent", "budgets", "box")}
    assert config == {
        "solo_team": "good",
        "solo_percent": 80,
        "budgets": {"fire": 120, "water": 100},
        "box": "double",
    }
    assert (row.config["max_pieces"], row.config["max_pawns"]) == (12, 6)


async def test_new_without_thread_permission_uses_the_channel(rig: Rig) -> None:
    ex = await rig.slash("alice", "loka new", app_permissions=BOT_NO_THREADS)
    assert not [c for c in ex.calls if c.kind == "thread"]
    assert ex.shown[-1].channel_id == rig.channel


async def test_a_refused_new_game_removes_its_thread_and_answers_privately(rig: Rig) -> None:
    ex = await rig.slash("alice", "loka new", {"position": "this is not a position"})
    assert ex.posts == []
    # The thread is opened only once a game is accepted: none was made, none to remove.
    assert not any(c.kind == "thread" for c in ex.calls)
    assert not any(c.method == "DELETE" and c.path == "/channels/{channel_id}" for c in ex.calls)
    assert ex.replies and all(c.ephemeral for c in ex.replies)
    assert ex.text.startswith("Not allowed")


async def test_errors_are_ephemeral_and_nothing_reaches_the_channel(rig: Rig) -> None:
    ex = await rig.slash("bob", "loka move", {"from": "e2", "to": "e4"})
    assert "No Loka game" in ex.text
    assert ex.posts == []
    game_id, thread = await rig.open_table()
    ex = await rig.slash("bob", "loka start", channel=thread)
    assert ex.text == t("en", "table.host_only", user=f"<@{rig['alice'].id}>")
    assert ex.posts == []
    ex = await rig.d.press(f"plateau:loka:{game_id}:leave", user=rig["carol"])
    assert ex.text == t("en", "table.not_seated") and ex.posts == []
    ex = await rig.slash("bob", "loka cancel", channel=thread)
    assert ex.text == t("en", "table.cancel_forbidden")
    ex = await rig.slash("bob", "loka cancel", channel=thread, permissions=MANAGER)
    assert "was cancelled" in ex.shown[-1].content


async def test_a_post_the_bot_may_not_make_is_reported_privately(rig: Rig) -> None:
    game_id, thread = await rig.open_table()
    rig.world.locked_channels.add(thread)
    ex = await rig.d.press(f"plateau:loka:{game_id}:join:fire", user=rig["bob"])
    assert [c.refused for c in ex.shown] == [50001]  # the lobby's edit
    assert ex.text == t("en", "discord.post_failed", channel=f"<#{thread}>")


async def test_closed_dms_at_join_keep_the_seat_free_and_explain_privately(rig: Rig) -> None:
    game_id, thread = await rig.open_table()
    rig.world.closed_dms.add(rig["bob"].id)
    ex = await rig.slash("bob", "loka join", {"army": "earth"}, channel=thread)
    assert ex.text == t("en", "error.dms_closed")
    assert ex.posts == []  # no "takes Earth"
    assert [c.refused for c in ex.dms] == [50007]  # the bot tried, Discord refused
    ex = await rig.d.press(f"plateau:loka:{game_id}:join:earth", user=rig["bob"])
    assert ex.text == t("en", "error.dms_closed") and ex.posts == []
    rig.world.closed_dms.clear()
    ex = await rig.slash("bob", "loka join", {"army": "earth"}, channel=thread)
    assert f"<@{rig['bob'].id}> takes" in ex.shown[-1].content
    assert rig.world.dms(rig["bob"])  # the hello went through


async def test_join_from_the_parent_channel_reaches_the_lobby_in_the_thread(rig: Rig) -> None:
    _, thread = await rig.open_table()
    ex = await rig.slash("carol", "loka join", {"army": "water"})  # typed in the channel
    assert ex.shown[-1].channel_id == thread


# ---------------------------------------------------------------- secrets


async def test_a_secret_draft_goes_to_the_right_dm_only(rig: Rig, images: FakeImages) -> None:
    game_id, thread = await rig.open_table(terrain="off")
    await seat_everyone(rig, game_id)
    ex = await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    for name in rig.people:
        (dm,) = [c for c in ex.calls if c in rig.world.dms(rig[name])]
        assert "army for game" in dm.content
        assert f"plateau:loka:{game_id}:army:" in " ".join(dm.custom_ids)
        assert dm.files and dm.files[0][1].startswith(PNG)
    assert all("army for game" not in c.content for c in ex.posts)

    # Alice (Fire) adds a queen by command in the game thread: a private answer for her,
    # a DM for her ally Carol (Water), nothing for the enemy, nothing in any channel.
    ex = await rig.slash("alice", "loka army add", {"piece": "queen", "count": 2}, channel=thread)
    assert "180 points" in ex.text and ex.posts == [] and ex.dms == []  # over budget
    ex = await rig.slash("alice", "loka army add", {"piece": "queen", "count": 1}, channel=thread)
    assert "1 × queen" in ex.text
    assert ex.posts == []
    ally = ex.dms
    assert [c.channel_id for c in ally] == [rig.world.dm_of[rig["carol"].id]]
    assert "Your ally's" in ally[0].content and "1 × queen" in ally[0].content

    # Bob (Earth) uses the builder buttons in his DM.
    ex = await rig.d.press(f"plateau:loka:{game_id}:army:earth:add:rook", user=rig["bob"])
    # The press is answered by the builder's edit in place (no private reply besides).
    (builder,) = ex.edits
    assert builder.channel_id == rig.world.dm_of[rig["bob"].id] and "1 × rook" in builder.content
    assert ex.posts == []
    assert [c.channel_id for c in ex.dms] == [rig.world.dm_of[rig["dave"].id]]
    everything_public = " ".join(c.content for c in rig.world.posts())
    assert "queen" not in everything_public and "rook" not in everything_public

    # Confirming is public (a count), the draft is not.
    ex = await rig.d.press(f"plateau:loka:{game_id}:army:earth:confirm", user=rig["bob"])
    assert "ready (1 of 4)" in ex.shown[-1].content
    assert ex.shown[-1].channel_id == thread


async def test_a_dm_that_cannot_be_delivered_leaves_a_note_but_never_the_secret(rig: Rig) -> None:
    game_id, thread = await rig.open_table(terrain="off")
    await seat_everyone(rig, game_id)
    rig.world.closed_dms.add(rig["carol"].id)  # closed after joining
    ex = await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    notes = [c for c in ex.posts if "could not reach you" in c.content]
    assert len(notes) == 1 and notes[0].channel_id == thread
    assert mentions(notes[0].content) == {rig["carol"].id}
    assert all("army for game" not in c.content for c in rig.world.posts())

    # The ally's draft for Carol is secret: refused DM, a note, no content in the channel.
    ex = await rig.slash("alice", "loka army add", {"piece": "rook", "count": 1}, channel=thread)
    assert all("rook" not in c.content for c in rig.world.posts())


async def test_team_messages_go_to_the_ally_by_dm(rig: Rig) -> None:
    game_id, thread = await rig.open_table(terrain="off")
    await seat_everyone(rig, game_id)
    await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    ex = await rig.slash("alice", "loka team", {"message": "rush the left"}, channel=thread)
    assert ex.text == t("en", "loka.team_sent")
    assert ex.posts == []
    (relay,) = ex.dms
    assert relay.channel_id == rig.world.dm_of[rig["carol"].id]
    assert "rush the left" in relay.content


# ---------------------------------------------------------------- playing


async def test_a_game_from_new_through_selection_and_deployment_to_the_battle(
    rig: Rig, images: FakeImages
) -> None:
    game_id, thread = await rig.open_table(terrain="off", combat="off")
    await seat_everyone(rig, game_id)
    await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    for name, army in (("alice", "fire"), ("bob", "earth"), ("carol", "water"), ("dave", "air")):
        await rig.d.press(f"plateau:loka:{game_id}:army:{army}:add:pawn", user=rig[name])
    ex = None
    for name, army in (("alice", "fire"), ("bob", "earth"), ("carol", "water"), ("dave", "air")):
        ex = await rig.d.press(f"plateau:loka:{game_id}:army:{army}:confirm", user=rig[name])
    assert ex is not None
    reveal = ex.shown[-1]
    assert "Deployment" in reveal.content and reveal.channel_id == thread
    names = [name for name, _ in reveal.files]
    assert sum(n.startswith("army-") for n in names) == 4  # every army card, at the reveal
    assert any(n.startswith(f"loka-{game_id}") for n in names)  # and the board

    # The first to deploy places the king on a square the autocomplete offers.
    first = who_is_pinged(reveal.content.split("\n")[-1], rig)
    squares = await rig.d.autocomplete(
        "loka deploy",
        "square",
        {"piece": "king", "square": ""},
        user=rig[first],
        channel=thread,
    )
    assert 0 < len(squares) <= 25
    ex = await rig.slash(
        first, "loka deploy", {"piece": "king", "square": squares[0]["value"]}, channel=thread
    )
    assert f"king on {squares[0]['value']}" in ex.shown[-1].content
    # Everyone lets the bot deploy the rest.
    for name in rig.people:
        ex = await rig.slash(name, "loka autodeploy", channel=thread)
    battle = [c for c in rig.world.posts(thread) if "Battle!" in c.content]
    assert len(battle) == 1
    mover = who_is_pinged(battle[0].content.split("\n")[-1], rig)

    # A move chosen from the autocomplete: a new board image in the thread and a ping.
    sources = await rig.d.autocomplete(
        "loka move", "from", {"from": ""}, user=rig[mover], channel=thread
    )
    targets = await rig.d.autocomplete(
        "loka move",
        "to",
        {"from": sources[0]["value"], "to": ""},
        user=rig[mover],
        channel=thread,
    )
    assert sources and targets and len(targets) <= 25
    ex = await rig.slash(
        mover,
        "loka move",
        {"from": sources[0]["value"], "to": targets[0]["value"]},
        channel=thread,
    )
    (post,) = ex.posts
    assert post.channel_id == thread and post.files
    assert len(mentions(post.content)) == 1 and mentions(post.content) != {rig[mover].id}


async def test_the_set_up_shows_the_board_twice_in_the_thread_and_edits_the_dms(
    rig: Rig, images: FakeImages
) -> None:
    """Builders by button, terrain, then every piece placed by hand: the thread gets the
    board when deployment opens and when the battle starts; each deployment step is a line
    there, and the builders and the deployers' views are DMs edited in place."""
    game_id, thread = await rig.open_table()  # terrain on
    await seat_everyone(rig, game_id)
    await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    armies = {"fire": "alice", "earth": "bob", "water": "carol", "air": "dave"}
    for army, name in armies.items():
        for piece in ("knight", "pawn", "pawn"):
            await rig.d.press(f"plateau:loka:{game_id}:army:{army}:add:{piece}", user=rig[name])
        await rig.d.press(f"plateau:loka:{game_id}:army:{army}:confirm", user=rig[name])
    placements = 0
    while (state := await rig.state(game_id)).phase == DEPLOYMENT:
        army = to_act(state)[0]
        action = next(a for a in legal_actions(state, army) if isinstance(a, Deploy))
        options = {"piece": NAME[action.kind], "square": action.square}
        ex = await rig.slash(armies[army], "loka deploy", options, channel=thread)
        (post,) = ex.posts
        assert bool(post.files) == ((await rig.state(game_id)).phase != DEPLOYMENT)
        placements += 1
    assert placements == 4 * 4
    posts = rig.world.posts(thread)
    boards = [n for c in posts for n, _ in c.files if n.startswith(f"loka-{game_id}")]
    assert len(boards) == 2  # deployment opens (the terrain); the battle starts
    assert sum(n.startswith("army-") for c in posts for n, _ in c.files) == 4  # the reveal
    # Each player's DMs: the hello, their builder, their ally's copy and their deployment
    # view; every later change was an edit of one of those.
    for name in armies.values():
        assert len(rig.world.dms(rig[name])) == 4
    assert len(rig.world.edits()) >= 4 * 4 + placements


async def test_a_quick_battle_to_victory_with_images_under_one_megabyte(
    rig: Rig, images: FakeImages
) -> None:
    game_id, thread = await rig.open_table(position=QUICK, combat="off", terrain="off")
    await seat_everyone(rig, game_id)
    ex = await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    assert who_is_pinged(ex.shown[-1].content, rig) == "alice"
    by_army = {"fire": "alice", "earth": "bob", "water": "carol", "air": "dave"}

    # Wrong turn: a private refusal.
    ex = await rig.slash("bob", "loka move", {"from": "a6", "to": "a5"}, channel=thread)
    assert "It is not your turn" in ex.text and ex.posts == []
    # An illegal move: a private refusal too.
    ex = await rig.slash("alice", "loka move", {"from": "d1", "to": "a4"}, channel=thread)
    assert ex.text.startswith("Not allowed") and ex.posts == []

    for army, src, dst in QUICK_LINE:
        ex = await rig.slash(by_army[army], "loka move", {"from": src, "to": dst}, channel=thread)
        (post,) = ex.posts
        assert post.channel_id == thread
        assert post.files, "every move posts the board"
        for name, blob in post.files:
            assert name.endswith(".png") and blob.startswith(PNG) and len(blob) < 1_000_000
    assert "Victory" in post.content
    assert "seed" in post.content.lower()
    assert any("-end.png" in name for name, _ in post.files)
    ex = await rig.slash("alice", "loka move", {"from": "a4", "to": "a5"}, channel=thread)
    assert ex.posts == [] and ex.text  # over (or no game here any more)
    ex = await rig.slash("bob", "loka export", {"game": game_id}, channel=thread)
    (record,) = [f for c in ex.replies for f in c.files]
    assert record[0] == f"loka-{game_id}.txt" and record[1]
    # After a while the finished game's thread is archived.
    await asyncio.sleep(rig.bot.threads.archive_delay + 0.2)
    assert rig.world.channels[thread]["thread_metadata"]["archived"] is True


async def test_autocomplete_offers_legal_squares_at_most_25(rig: Rig) -> None:
    game_id, thread = await rig.open_table(position=QUICK, combat="off", terrain="off")
    await seat_everyone(rig, game_id)
    await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    sources = await rig.d.autocomplete(
        "loka move", "from", {"from": ""}, user=rig["alice"], channel=thread
    )
    assert [c["value"] for c in sources] == ["d1", "e1"]
    targets = await rig.d.autocomplete(
        "loka move", "to", {"from": "d1", "to": ""}, user=rig["alice"], channel=thread
    )
    values = [c["value"] for c in targets]
    assert 0 < len(values) <= 25 and "d12" in values and "a4" not in values
    narrowed = await rig.d.autocomplete(
        "loka move", "to", {"from": "d1", "to": "d1"}, user=rig["alice"], channel=thread
    )
    assert [c["value"] for c in narrowed] == ["d10", "d11", "d12"]
    # Not your turn: nothing to offer.
    assert (
        await rig.d.autocomplete("loka move", "from", {"from": ""}, user=rig["bob"], channel=thread)
        == []
    )


async def test_odds_moves_and_rules_are_private(rig: Rig) -> None:
    position = "fire: Ke1 Qd1; earth: Ka6 Pd5; water: Ke12; air: Kl7; turn: fire"
    game_id, thread = await rig.open_table(position=position)
    await seat_everyone(rig, game_id)
    await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    ex = await rig.slash("alice", "loka info odds", {"from": "d1", "to": "d5"}, channel=thread)
    assert ex.posts == [] and "defender falls: 68.8% (11/16)" in ex.text
    ex = await rig.slash("alice", "loka info moves", {"square": "d1"}, channel=thread)
    assert ex.posts == [] and "From d1" in ex.text
    assert [f for c in ex.replies for f in c.files]
    ex = await rig.slash("bob", "loka rules", {"topic": "combat"})
    assert ex.posts == [] and ex.text


# ---------------------------------------------------------------- language


async def test_french_users_get_french_replies_and_a_french_lobby(rig: Rig) -> None:
    ex = await rig.slash("alice", "loka new", locale="fr", guild_locale="fr")
    assert "créée" in ex.text
    assert "ouverte par" in ex.shown[-1].content  # the guild speaks French too
    game_id = harness.game_id_in(ex.shown[-1].content)
    ex = await rig.d.press(f"plateau:loka:{game_id}:join:fire", user=rig["bob"], locale="fr")
    assert ex.text == ""  # the press is answered by the lobby's edit, not by a "Done."
    assert [c.kind for c in ex.shown] == ["edit"] and "prend" in ex.shown[0].content
    ex = await rig.slash("carol", "loka start", locale="fr", channel=ex.shown[-1].channel_id)
    assert ex.text == t("fr", "table.host_only", user=f"<@{rig['alice'].id}>")


# ---------------------------------------------------------------- restarts and time


async def test_buttons_and_games_survive_a_restart(tmp_path: Path) -> None:
    async with Rig.running(str(tmp_path / "plateau.db")) as rig:
        game_id, _ = await rig.open_table(terrain="off")
        await rig.d.press(f"plateau:loka:{game_id}:join:fire", user=rig["alice"])
        lobby = rig.world.message_with(f"plateau:loka:{game_id}:join:earth")

        await rig.restart()  # a NEW bot over the same database and the same Discord
        ex = await rig.d.press(f"plateau:loka:{game_id}:join:earth", user=rig["bob"], message=lobby)
        assert f"<@{rig['bob'].id}> takes" in ex.shown[-1].content
        for name, army in (("carol", "water"), ("dave", "air")):
            await rig.d.press(f"plateau:loka:{game_id}:join:{army}", user=rig[name])
        await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])

        await rig.restart_and_resume(game_id)
        ex = await rig.d.press(f"plateau:loka:{game_id}:army:water:add:knight", user=rig["carol"])
        (builder,) = ex.edits  # the builder sent before the restart, edited in place
        assert builder.channel_id == rig.world.dm_of[rig["carol"].id]
        assert "1 × knight" in builder.content
        assert [c.channel_id for c in ex.dms] == [rig.world.dm_of[rig["alice"].id]]


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("join:earth", ("join", {"army": "earth", "game": "g1"})),
        ("leave", ("leave", {"game": "g1"})),
        ("start", ("start", {"game": "g1"})),
        ("reroll", ("d20 reroll", {"game": "g1"})),
        ("keep", ("d20 keep", {"game": "g1"})),
        (
            "army:air:add:knight",
            ("army add", {"army": "air", "piece": "knight", "count": 1, "game": "g1"}),
        ),
        (
            "army:air:remove:pawn",
            ("army remove", {"army": "air", "piece": "pawn", "count": 1, "game": "g1"}),
        ),
        ("army:air:confirm", ("army confirm", {"army": "air", "game": "g1"})),
        ("army:air:sell:pawn", None),
        ("dance", None),
    ],
)
def test_each_button_stands_for_a_command(action: str, expected: Any) -> None:
    assert harness.button_request(LokaButton, action) == expected


async def test_an_unknown_button_action_is_refused_privately(rig: Rig) -> None:
    game_id, _ = await rig.open_table()
    message = rig.world.message_with(f"plateau:loka:{game_id}:leave")
    odd = f"plateau:loka:{game_id}:dance"
    message = {
        **message,
        "components": [{"type": 1, "components": [{"type": 2, "style": 2, "custom_id": odd}]}],
    }
    ex = await rig.d.press(odd, user=rig["bob"], message=message)
    assert ex.text == t("en", "discord.stale_button")


async def test_the_expiry_task_sends_what_the_service_returns(rig: Rig) -> None:
    note = Delivery("channel", "Time is up.", channel_id=rig.channel)
    calls = []

    async def expire() -> list[Delivery]:
        calls.append(1)
        return [note] if len(calls) == 1 else []

    rig.bot.service.expire = expire  # type: ignore[method-assign]
    rig.bot.expiry.change_interval(seconds=0.01)
    rig.bot.expiry.start()  # the tasks.loop a READY starts (this rig's bot has none)
    try:
        for _ in range(100):
            await asyncio.sleep(0.01)
            if len(calls) >= 2:
                break
    finally:
        rig.bot.expiry.cancel()
    assert [c.content for c in rig.world.posts(rig.channel)] == ["Time is up."]


async def test_the_first_ready_resumes_then_starts_the_time_out_tick(rig: Rig) -> None:
    seen: list[str] = []

    async def resume() -> list[Delivery]:
        seen.append("resume")
        return []

    async def expire() -> list[Delivery]:
        seen.append("expire")
        return []

    bot = rig.bot
    bot.service.resume = resume  # type: ignore[method-assign]
    bot.service.expire = expire  # type: ignore[method-assign]
    bot.expire_every = 0.01
    bot.expiry.change_interval(seconds=0.01)
    bot._resumed = False  # as a new bot's first READY
    try:
        await bot.on_ready()
        assert seen == ["resume", "expire"] or seen == ["resume"]  # the tick's first pass
        for _ in range(100):
            await asyncio.sleep(0.01)
            if seen.count("expire") >= 2:
                break
        await bot.on_ready()  # a later READY (a reconnection) resumes nothing again
    finally:
        bot.expiry.cancel()
    assert seen.count("resume") == 1 and seen.count("expire") >= 2


async def test_private_deliveries_without_an_interaction_go_to_direct_messages(rig: Rig) -> None:
    bob = rig["bob"]
    await rig.bot.courier.send([Delivery("private", "psst", user_id=bob.id, secret=True)])
    (dm,) = rig.world.dms(bob)
    assert dm.content == "psst" and rig.world.posts() == []


# ---------------------------------------------------------------- the no-talk rule


async def start_quick(rig: Rig) -> tuple[str, int]:
    game_id, thread = await rig.open_table(position=QUICK, combat="off", terrain="off")
    await seat_everyone(rig, game_id)
    await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
    return game_id, thread


async def test_silence_deletes_player_talk_and_reminds_privately(rig: Rig) -> None:
    _, thread = await start_quick(rig)
    ex = await rig.d.say("take the queen!", user=rig["bob"], channel=thread)
    assert [c.kind for c in ex.calls if c.kind == "delete_message"] == ["delete_message"]
    assert ex.posts == []
    (dm,) = ex.dms
    assert dm.channel_id == rig.world.dm_of[rig["bob"].id]
    assert dm.content == t("en", "error.silence")
    spectator = rig.world.user("erin")
    ex = await rig.d.say("nice game", user=spectator, channel=thread)
    assert ex.calls == []
    ex = await rig.d.say("hello", user=rig["bob"], channel=rig.channel)  # not the game's thread
    assert ex.calls == []


async def test_silence_without_manage_messages_is_announced_once(rig: Rig) -> None:
    _, thread = await start_quick(rig)
    rig.world.bot_can_delete = False
    first = await rig.d.say("psst", user=rig["bob"], channel=thread)
    second = await rig.d.say("psst again", user=rig["carol"], channel=thread)
    notes = [c for c in first.calls + second.calls if c.kind == "message"]
    assert [c.content for c in notes] == [t("en", "error.silence_unenforced")]
    assert notes[0].channel_id == thread


# ---------------------------------------------------------------- logs


async def test_logs_are_one_line_each_and_hold_no_secret(rig: Rig) -> None:
    token = "MTIzNDU2Nzg5.secret.token"
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(KeyValueFormatter([token]))
    root = logging.getLogger()
    root.addHandler(handler)
    levels = {name: logging.getLogger(name).level for name in ("", "discord", "aiosqlite")}
    root.setLevel(logging.DEBUG)  # the most talkative setting a deployment can choose
    quiet_libraries()
    try:
        game_id, thread = await rig.open_table(terrain="off")
        await seat_everyone(rig, game_id)
        await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
        await rig.slash("alice", "loka army add", {"piece": "queen", "count": 3}, channel=thread)
        await rig.slash("alice", "loka team", {"message": "flank them quietly"}, channel=thread)
        logging.getLogger("plateau.test").info("token is %s", token)
        try:
            raise RuntimeError(f"login with {token} failed")
        except RuntimeError:
            logging.getLogger("plateau.test").exception("boom")
    finally:
        root.removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
    lines = stream.getvalue().splitlines()
    commands = [line for line in lines if "event=command" in line]
    assert len(commands) >= 8
    assert all(line.startswith("ts=") for line in lines)
    army = [line for line in commands if 'command="army add"' in line]
    assert army and " options=count,piece " in army[0]
    text = stream.getvalue()
    assert "queen" not in text and "flank them" not in text and token not in text
    assert "[redacted]" in text


# ---------------------------------------------------------------- running it


def test_settings_come_from_the_environment_then_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# comment\nDISCORD_TOKEN='from-file'\nPLATEAU_DB=./x.db\nPLATEAU_DEV_GUILD=42\n"
        "export PLATEAU_LOG_LEVEL=debug\n",
        encoding="utf-8",
    )
    loaded = settings.load({"DISCORD_TOKEN": "from-env", "PLATEAU_DB": ""}, dotenv)
    assert loaded.token == "from-env" and loaded.db == "./x.db"
    assert loaded.dev_guild == 42 and loaded.log_level == "DEBUG"
    assert "from-env" not in repr(loaded)
    assert settings.load({}, tmp_path / "missing").token is None
    with pytest.raises(settings.SettingsError, match="PLATEAU_DEV_GUILD"):
        settings.load({"PLATEAU_DEV_GUILD": "my-guild"}, None)


def test_console_subcommand_runs_the_console_table(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr(console, "main", lambda argv: seen.append(argv) or 0)
    assert bot_main.main(["console", "--seed", "3"]) == 0
    assert seen == [["--seed", "3"]]


async def test_sigterm_stops_the_bot_and_closes_the_storage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started = asyncio.Event()
    closed: list[str] = []

    async def start(self: PlateauBot, token: str, *, reconnect: bool = True) -> None:
        started.set()
        await asyncio.Event().wait()  # "connected" until closed

    async def close(self: SqliteStorage) -> None:
        closed.append(self.path)
        await original_close(self)

    original_close = SqliteStorage.close
    monkeypatch.setattr(PlateauBot, "start", start)
    monkeypatch.setattr(SqliteStorage, "close", close)
    config = settings.Settings(token="x", db=str(tmp_path / "p.db"))
    runner = asyncio.create_task(serve(config))
    await asyncio.wait_for(started.wait(), 60)
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(runner, 60) == 0
    assert closed == [str(tmp_path / "p.db")]


def test_the_rules_page_writes_only_commands_the_cog_has() -> None:
    """Every ``/loka ...`` line of docs/rules/loka.md names a real subcommand, option and
    choice, and every subcommand is on the page."""
    assert rules_page_problems("loka", LokaCog) == []
    assert undocumented_commands("loka", LokaCog) == []
