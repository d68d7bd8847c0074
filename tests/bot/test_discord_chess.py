"""The chess cog through discord.py's real Interaction objects, with the HTTP layer faked."""

from __future__ import annotations

import bot.tables.chess as chess_table
from bot.cogs.chess import ChessCog
from bot.i18n import t
from tests.bot import discord_harness as harness
from tests.bot.rules_pages import rules_page_problems, undocumented_commands

images = harness.board_stub(chess_table, "darkgreen")


class Rig(harness.Rig):
    game = "chess"
    people_names = ("alice", "bob", "carol")
    seed = 5


async def test_commands_sync_with_french_names(rig: Rig) -> None:
    chess = rig.synced_command()
    assert chess["name_localizations"]["fr"] == "échecs"
    subs = harness.options(chess)
    assert set(subs) == harness.with_shared("import move draw")
    move = harness.options(subs["move"])
    assert move["move"]["autocomplete"] is True
    draw = harness.options(subs["draw"])
    assert [c["value"] for c in draw["action"]["choices"]] == [
        "offer",
        "accept",
        "decline",
        "claim",
    ]
    for node in [chess, *chess["options"]]:
        texts = [node["description"], *node.get("description_localizations", {}).values()]
        assert all(1 <= len(d) <= 100 for d in texts), texts


async def test_new_join_move_autocomplete_resign(rig: Rig) -> None:
    assert rig.d is not None
    ex = await rig.slash("alice", "chess new", {"color": "white"})
    lobby = ex.shown[-1]
    game_id = harness.game_id_in(lobby.content)
    thread = lobby.channel_id
    assert lobby.custom_ids == rig.lobby_buttons(game_id, "black")
    ex = await rig.d.press(f"plateau:chess:{game_id}:join:black", user=rig["bob"])
    assert f"<@{rig['bob'].id}> takes Black" in ex.shown[-1].content
    ex = await rig.d.press(f"plateau:chess:{game_id}:start", user=rig["alice"])
    assert any(f"<@{rig['alice'].id}>, White to move" in c.content for c in ex.posts)
    assert ex.shown[-1].files and ex.shown[-1].files[0][0].endswith(".png")

    choices = await rig.d.autocomplete(
        "chess move", "move", {"move": "N"}, user=rig["alice"], channel=thread
    )
    assert [c["value"] for c in choices] == ["Na3", "Nc3", "Nf3", "Nh3"]
    assert choices[2]["name"] == "Nf3 (g1f3)"
    assert (
        await rig.d.autocomplete(
            "chess move", "move", {"move": ""}, user=rig["bob"], channel=thread
        )
        == []
    )  # not his turn

    ex = await rig.slash("alice", "chess move", {"move": "Nf3"}, channel=thread)
    assert "White plays **Nf3**" in ex.shown[-1].content
    assert f"<@{rig['bob'].id}>, Black to move" in ex.shown[-1].content

    ex = await rig.slash("alice", "chess move", {"move": "e4"}, channel=thread)
    assert ex.posts == [] and all(c.ephemeral for c in ex.replies)
    assert ex.text == t("en", "table.not_your_turn", waiting=f"Black (<@{rig['bob'].id}>)")
    ex = await rig.slash("bob", "chess move", {"move": "Ke7"}, channel=thread)
    assert ex.posts == [] and ex.replies[0].ephemeral and "Ke7 is not a legal move" in ex.text

    ex = await rig.resign("bob", channel=thread)
    assert "**1-0**: White wins by resignation." in ex.shown[-1].content
    ex = await rig.slash("alice", "chess export", {"game": game_id}, channel=thread)
    assert ex.replies[0].ephemeral
    names = [name for c in ex.replies for name, _ in c.files]
    assert names == [f"chess-{game_id}.pgn", f"chess-{game_id}.txt"]


async def test_an_invited_opponent_accepts_and_a_draw_offer_by_button(rig: Rig) -> None:
    assert rig.d is not None
    ex = await rig.slash("alice", "chess new", {"opponent": str(rig["bob"].id), "color": "black"})
    lobby = ex.shown[-1]
    game_id = harness.game_id_in(lobby.content)
    assert f"<@{rig['bob'].id}> is invited" in lobby.content
    ex = await rig.d.press(f"plateau:chess:{game_id}:join:white", user=rig["carol"])
    assert ex.posts == [] and ex.text == t("en", "chess.invited_only", user=f"<@{rig['bob'].id}>")
    ex = await rig.d.press(f"plateau:chess:{game_id}:join:white", user=rig["bob"])
    assert "takes White" in ex.shown[-1].content
    await rig.d.press(f"plateau:chess:{game_id}:start", user=rig["alice"])
    thread = lobby.channel_id
    ex = await rig.slash("bob", "chess draw", {"action": "offer"}, channel=thread)
    assert f"plateau:chess:{game_id}:draw:accept" in ex.shown[-1].custom_ids
    ex = await rig.d.press(f"plateau:chess:{game_id}:draw:accept", user=rig["alice"])
    assert "draw by agreement" in ex.shown[-1].content


def test_the_rules_page_writes_only_commands_the_cog_has() -> None:
    assert rules_page_problems("chess", ChessCog) == []
    assert undocumented_commands("chess", ChessCog) == []
