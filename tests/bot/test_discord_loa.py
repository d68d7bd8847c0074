"""The /loa cog through discord.py's real Interaction objects, with the HTTP layer faked.

Images come from a stand-in (small PNGs), so these tests do not depend on the renderer.
Players sit as player 1 (the host, at once) and 2 (to 4); the bot draws the colours at the
start, and :func:`seat` gives who plays which colour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot.tables.loa as loa_table
from bot.cogs.loa import LoaButton, LoaCog
from bot.i18n import t
from tests.bot import discord_harness as harness
from tests.bot.discord_harness import (
    Exchange,
    mentions,
    png_bytes,
)
from tests.bot.rules_pages import rules_page_problems, undocumented_commands

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def images(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    def board(*args: Any, **kwargs: Any) -> bytes:
        calls.append("board")
        return png_bytes((24, 24), "peru")

    monkeypatch.setattr(loa_table, "board_png", board)
    return calls


class Rig(harness.Rig):
    game = "loa"
    people_names = ("alice", "bob", "carol", "dave")


async def seat(rig: Rig, game_id: str, players: tuple[str, ...]) -> tuple[Exchange, dict]:
    """The guests press their player buttons (the host, alice, sits from the start), the
    host starts; gives the start and who plays each colour (seat -> name) after the draw."""
    for n, name in enumerate(players[1:], 2):
        ex = await rig.d.press(f"plateau:loa:{game_id}:join:player{n}", user=rig[name])
        assert f"<@{rig[name].id}> takes Player {n}" in ex.shown[-1].content
    ex = await rig.d.press(f"plateau:loa:{game_id}:start", user=rig["alice"])
    row = await rig.storage.load(game_id)
    names = {rig[name].id: name for name in players}
    return ex, {seat: names[user] for seat, user in row.seats.items()}


TWO = ("alice", "bob")
FOUR = ("alice", "bob", "carol", "dave")


# ---------------------------------------------------------------- commands


async def test_loa_commands_sync_within_discord_limits_with_french(rig: Rig) -> None:
    subs = harness.options(rig.synced_command())
    assert set(subs) == harness.with_shared("move place moves draw")
    new = harness.options(subs["new"])
    assert [c["value"] for c in new["variant"]["choices"]] == [
        *("standard", "scrambled", "parachute", "teams", "ambidextrous", "unbounded")
    ]
    assert new["variant"]["name_localizations"]["fr"] == "variante"
    assert new["variant"]["choices"][1]["name_localizations"]["fr"] == "Œufs brouillés"
    assert [c["value"] for c in new["first"]["choices"]] == ["white", "black"]
    assert subs["new"]["description_localizations"]["fr"].startswith("Ouvrir")
    move = harness.options(subs["move"])
    assert move["from"]["autocomplete"] and move["to"]["autocomplete"]
    # move:a2-c4 as the rules page writes moves, or from and to: none of them is required.
    assert [o["name"] for o in subs["move"]["options"]] == ["move", "from", "to", "game"]
    assert not any(o.get("required") for o in subs["move"]["options"])
    assert subs["place"]["options"][0]["autocomplete"] is True
    join = harness.options(subs["join"])
    assert [c["value"] for c in join["seat"]["choices"]] == [f"player{n}" for n in range(1, 5)]
    assert not join["seat"].get("required")


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("join:player2", ("join", {"seat": "player2", "game": "g1"})),
        ("join:white", ("join", {"seat": "white", "game": "g1"})),
        ("join:black2", ("join", {"seat": "black2", "game": "g1"})),
        ("leave", ("leave", {"game": "g1"})),
        ("start", ("start", {"game": "g1"})),
        ("draw:accept", ("draw", {"action": "accept", "game": "g1"})),
        ("draw:decline", ("draw", {"action": "decline", "game": "g1"})),
        ("join:purple", None),
        ("draw:offer", None),
        ("dance", None),
    ],
)
def test_each_button_stands_for_a_command(action: str, expected: Any) -> None:
    assert harness.button_request(LoaButton, action) == expected


# ---------------------------------------------------------------- lobby and play


async def test_new_opens_a_thread_with_two_or_four_seat_buttons(rig: Rig) -> None:
    ex = await rig.slash("alice", "loa new", {"variant": "scrambled", "first": "black"})
    (lobby,) = ex.posts
    assert lobby.channel_id in rig.world.threads()
    assert "Scrambled Eggs · Black moves first · colours drawn by lot" in lobby.content
    assert f"Player 1: <@{rig['alice'].id}>" in lobby.content  # the host sits at once
    game_id = harness.game_id_in(lobby.content)
    # Player 1 is only lent to the host: a newcomer or a computer player may take it.
    assert lobby.custom_ids == rig.lobby_buttons(game_id, "player1", "player2")
    elsewhere = rig.world.text_channel("elsewhere")  # one open lobby of a game per channel
    await rig.slash("alice", "loa new", {"variant": "teams"}, channel=elsewhere)
    lobby = rig.world.posts()[-1]
    assert [c.split(":")[-1] for c in lobby.custom_ids] == [
        *("player1", "player2", "player3", "player4"),
        *("normal",) * 4,  # a computer player for each seat not the host's by choice
        *("leave", "start"),
    ]
    assert "partners may not confer" in lobby.content


async def test_a_game_with_autocomplete_to_a_win(rig: Rig, images: list[str]) -> None:
    game_id, thread = await rig.open_table(position="white: b2 d3; black: e6 g8")
    ex, who = await seat(rig, game_id, TWO)
    w, b = who["white"], who["black"]
    first = ex.shown[-1]
    assert first.channel_id == thread and first.files[0][1].startswith(PNG)
    assert "Colours drawn by lot (d2 = " in first.content
    assert f"White <@{rig[w].id}>" in first.content and f"Black <@{rig[b].id}>" in first.content

    # Off turn and illegal: private refusals, nothing in the thread.
    ex = await rig.slash(b, "loa move", {"from": "e6", "to": "e5"}, channel=thread)
    assert "It is not your turn" in ex.text and ex.posts == []
    ex = await rig.slash(w, "loa move", {"move": "b2-b5"}, channel=thread)
    assert ex.text.startswith("Not allowed: the piece on b2 moves exactly") and ex.posts == []

    sources = await rig.d.autocomplete(
        "loa move", "from", {"from": ""}, user=rig[w], channel=thread
    )
    assert [c["value"] for c in sources] == ["b2", "d3"]
    targets = await rig.d.autocomplete(
        "loa move", "to", {"from": "b2", "to": ""}, user=rig[w], channel=thread
    )
    values = [c["value"] for c in targets]
    assert "c2" in values and 0 < len(values) <= 25
    assert (
        await rig.d.autocomplete("loa move", "from", {"from": ""}, user=rig[b], channel=thread)
        == []
    )
    ex = await rig.slash(w, "loa move", {"move": "b2-c2"}, channel=thread)
    (post,) = ex.posts
    assert post.channel_id == thread and post.files
    assert "White plays **b2-c2**" in post.content
    assert "**White wins**" in post.content and "Seed:" in post.content
    ex = await rig.slash(b, "loa export", {"game": game_id}, channel=thread)
    (record,) = [f for c in ex.replies for f in c.files]
    assert record[0] == f"loa-{game_id}.txt" and b"1. white: lots {#0 d2=" in record[1]
    assert b"\n2. white: b2-c2\n" in record[1]
    assert "Position now:" in ex.text and ex.posts == []


async def test_parachute_placement_with_autocomplete(rig: Rig) -> None:
    game_id, thread = await rig.open_table(variant="parachute")
    _, who = await seat(rig, game_id, TWO)
    w, b = who["white"], who["black"]
    ex = await rig.slash(w, "loa move", {"from": "a2", "to": "c2"}, channel=thread)
    assert "place one of the 6 opponent pieces" in ex.shown[-1].content
    squares = await rig.d.autocomplete(
        "loa place", "square", {"square": "e"}, user=rig[w], channel=thread
    )
    assert [c["value"] for c in squares] == [f"e{r}" for r in range(1, 9)]
    ex = await rig.slash(w, "loa place", {"square": "e4"}, channel=thread)
    assert "White places a Black piece on **e4**" in ex.shown[-1].content
    assert mentions(ex.shown[-1].content) == {rig[b].id}


async def test_moves_and_rules_are_private(rig: Rig) -> None:
    game_id, thread = await rig.open_table()
    _, who = await seat(rig, game_id, TWO)
    squares = await rig.d.autocomplete(
        "loa moves", "square", {"square": ""}, user=rig[who["black"]], channel=thread
    )
    assert [c["value"] for c in squares] == ["b1", "c1", "d1", "e1", "f1", "g1"] + [
        f"{f}8" for f in "bcdefg"
    ]
    ex = await rig.slash(who["black"], "loa moves", {"square": "b1"}, channel=thread)
    assert ex.posts == [] and ex.text == "From b1: b1-h1, b1-b3, b1-d3"
    assert [f for c in ex.replies for f in c.files]
    ex = await rig.slash("carol", "loa rules", {"topic": "variants"})
    assert ex.posts == [] and "Parachute" in ex.text


# ---------------------------------------------------------------- draws, buttons, restarts


async def test_a_draw_offer_answered_with_a_button_after_a_restart(tmp_path: Path) -> None:
    async with Rig.running(str(tmp_path / "plateau.db")) as rig:
        game_id, thread = await rig.open_table()
        lobby = rig.world.message_with(f"plateau:loa:{game_id}:join:player2")

        await rig.restart()  # a new bot over the same database and the same Discord
        ex = await rig.d.press(
            f"plateau:loa:{game_id}:join:player2", user=rig["bob"], message=lobby
        )
        assert f"<@{rig['bob'].id}> takes Player 2" in ex.shown[-1].content
        await rig.d.press(f"plateau:loa:{game_id}:start", user=rig["alice"])
        row = await rig.storage.load(game_id)
        names = {rig[n].id: n for n in TWO}
        w, b = names[row.seats["white"]], names[row.seats["black"]]

        ex = await rig.slash(b, "loa draw", channel=thread)  # off turn
        offer = ex.shown[-1]
        assert "Black offers a draw" in offer.content
        assert mentions(offer.content) == {rig[w].id}
        assert offer.custom_ids == [
            f"plateau:loa:{game_id}:draw:accept",
            f"plateau:loa:{game_id}:draw:decline",
        ]
        ex = await rig.d.press(f"plateau:loa:{game_id}:draw:accept", user=rig[b])
        assert "waits for an answer from White" in ex.text and ex.posts == []

        await rig.restart_and_resume(game_id)
        ex = await rig.d.press(f"plateau:loa:{game_id}:draw:accept", user=rig[w])
        assert "**Draw** by agreement" in ex.shown[-1].content


# ---------------------------------------------------------------- teams


async def test_teams_ping_each_partner_and_keep_the_players_silent(rig: Rig) -> None:
    game_id, thread = await rig.open_table(variant="teams")
    ex, who = await seat(rig, game_id, FOUR)
    assert sorted(who.values()) == sorted(FOUR)
    turns = [("white1", "a2", "c4"), ("black1", "b1", "b3"), ("white2", "h2", "f4")]
    for (mover, src, dst), nxt in zip(turns, ("black1", "white2", "black2"), strict=True):
        ex = await rig.slash(who[mover], "loa move", {"from": src, "to": dst}, channel=thread)
        (post,) = ex.posts
        assert mentions(post.content) == {rig[who[nxt]].id}  # only the partner on turn
        assert ex.dms == []  # nothing is relayed to anybody
    ex = await rig.slash(who["black2"], "loa move", {"from": "b3", "to": "b5"}, channel=thread)
    assert "is your partner's" in ex.text and ex.posts == []
    # A seated player's message in the thread is removed; a spectator's stays.
    ex = await rig.d.say("take b3!", user=rig["dave"], channel=thread)
    assert [c.kind for c in ex.calls if c.kind == "delete_message"] == ["delete_message"]
    assert [c.content for c in ex.dms] == [t("en", "error.silence")]
    ex = await rig.d.say("nice game", user=rig.world.user("erin"), channel=thread)
    assert ex.calls == []


async def test_french_players_get_french(rig: Rig) -> None:
    ex = await rig.slash("alice", "loa new", locale="fr", guild_locale="fr")
    assert "créée" in ex.text
    assert "Standard · les Blancs commencent · couleurs tirées au sort" in ex.shown[-1].content
    game_id = harness.game_id_in(ex.shown[-1].content)
    thread = ex.shown[-1].channel_id
    await rig.d.press(f"plateau:loa:{game_id}:join:player2", user=rig["bob"], locale="fr")
    ex = await rig.d.press(f"plateau:loa:{game_id}:start", user=rig["alice"], locale="fr")
    assert "Couleurs tirées au sort (d2 = " in ex.shown[-1].content
    assert "aux Blancs de jouer" in ex.shown[-1].content
    row = await rig.storage.load(game_id)
    white = next(n for n in ("alice", "bob") if rig[n].id == row.seats["white"])
    ex = await rig.slash(white, "loa move", {"move": "a2-a4"}, channel=thread, locale="fr")
    assert ex.text.startswith("Refusé : la pièce en a2 se déplace d'exactement 6 cases")


def test_the_rules_page_writes_only_commands_the_cog_has() -> None:
    """Every ``/loa ...`` line of docs/rules/loa.md names a real subcommand, option and
    choice, and every subcommand is on the page."""
    assert rules_page_problems("loa", LoaCog) == []
    assert undocumented_commands("loa", LoaCog) == []


async def test_a_game_against_a_computer_player_seated_by_the_lobby_button(rig: Rig) -> None:
    """The host's 🤖 button seats a computer player; it answers each move in the thread by
    itself, through the same courier."""
    game_id, thread = await rig.open_table()
    ex = await rig.d.press(f"plateau:loa:{game_id}:ai:player2:normal", user=rig["alice"])
    assert "Player 2: 🤖 normal" in ex.shown[-1].content
    ex = await rig.d.press(f"plateau:loa:{game_id}:ai:player2:remove", user=rig["bob"])
    assert "Only the host" in ex.text
    await rig.d.press(f"plateau:loa:{game_id}:start", user=rig["alice"])
    autoplay = rig.bot.service.autoplay
    rules = loa_table.TABLE.rules
    for _ in range(3):
        await autoplay.idle()
        row = await rig.storage.load(game_id)
        state = rules.from_dict(row.state)
        (seat,) = rules.to_act(state)
        assert row.seats[seat] == rig["alice"].id  # the computer player never keeps her waiting
        move = str(rules.legal_actions(state, seat)[0])
        ex = await rig.slash("alice", "loa move", {"move": move}, channel=thread)
        assert ex.text == ""  # the move in the thread is the answer: no "Done."
        assert any(c.kind == "webhook_delete" for c in ex.responses)
    await autoplay.idle()
    log = await rig.storage.log(game_id)
    played = [e for e in log if e.user_id is not None and e.user_id < 0]
    assert len(played) >= 3
    posts = [c.content for c in rig.world.posts(thread)]
    assert sum("🤖 normal" in p for p in posts) >= 3  # its turns are announced
