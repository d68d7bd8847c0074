"""Resigning asks first, in every game: ``/<game> resign`` answers privately "Resign game X?"
with a persistent [Resign] button, changes nothing, and the press resigns; in the console
(``!press``) and on Discord, also after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.tables.chess as chess_table
from bot.games import cogs, tables
from bot.i18n import t
from bot.storage import GameRow
from tests.bot import discord_harness as harness
from tests.bot.console_driver import Table

KINDS = sorted(table.kind for table in tables())
TABLES = {table.kind: table for table in tables()}
COGS = {cog.kind: cog for cog in cogs()}
PLAYERS = ("alice", "bob", "carol", "dave")
# Loka straight to the battle: before deployment there is nothing to resign yet.
LOKA_BATTLE = "fire: Ke1 Qd1 Pe2 Pf2; earth: Ka6 Rb6; water: Ke12 Pe11; air: Kl7 Nk7; turn: fire"


def opening(kind: str) -> str:
    first = f"@alice /{kind} new"
    if kind == "loka":
        first += f' position:"{LOKA_BATTLE}" combat:off'
    return first


async def running_table(kind: str, tmp_path: Path) -> tuple[Table, GameRow]:
    """A running game of ``kind`` in #general: alice hosts, the lobby's seat buttons are
    pressed in order by alice, bob, carol, dave, alice starts."""
    table = await Table(db=str(tmp_path / "p.db")).open()
    (lobby, _) = await table.run(opening(kind))
    free = list(PLAYERS)
    for seat in [b for b in lobby["buttons"] if ":join:" in b]:
        for user in free:  # the first who may take it (a chess host holds a seat already)
            if any(d["to"] == "channel" for d in await table.run(f"!press @{user} {seat}")):
                free.remove(user)
                break
    await table.run("!press @alice start")
    assert table.storage is not None
    (row,) = await table.storage.unfinished()
    assert row.status == "running", [d["text"] for d in table.deliveries()]
    return table, row


@pytest.mark.parametrize("kind", KINDS)
async def test_resign_asks_then_the_press_resigns(kind: str, tmp_path: Path) -> None:
    table, row = await running_table(kind, tmp_path)
    try:
        assert table.storage is not None
        log_before = await table.storage.log(row.id)
        (ask,) = await table.run(f"@bob /{kind} resign")
        assert ask["to"] == "private" and ask["user"] == "bob"
        assert ask["text"].startswith(f"Resign game `{row.id}` (")
        assert ask["buttons"] == [f"plateau:{kind}:{row.id}:resign"]
        same = await table.storage.load(row.id)
        assert same is not None and same.state == row.state and same.version == row.version
        assert await table.storage.log(row.id) == log_before  # asking changed nothing

        pressed = await table.run("!press @bob Resign")
        assert pressed and pressed[0]["to"] == "channel"
        log = await table.storage.log(row.id)
        bob = [s for s, u in row.seats.items() if u == table.console.world.user("bob").id]
        resigned = [
            e for e in log[len(log_before) :] if e.action == str(TABLES[kind].resign_action())
        ]
        assert [e.seat for e in resigned] == bob
    finally:
        await table.close()


async def test_a_spectator_is_refused_before_any_question(tmp_path: Path) -> None:
    table, _ = await running_table("loa", tmp_path)
    try:
        (refusal,) = await table.run("@zed /loa resign")
        assert refusal["to"] == "private" and refusal["buttons"] == []
        assert refusal["text"] == t("en", "table.spectator")
        (note,) = await table.run("!press @zed resign")  # nothing to press for him
        assert note["to"] == "console" and "sees no button 'resign'" in note["text"]
    finally:
        await table.close()


async def test_the_question_and_its_button_speak_french_and_a_second_press_is_refused(
    tmp_path: Path,
) -> None:
    table, row = await running_table("chess", tmp_path)
    try:
        await table.run("!locale @bob fr")
        (ask,) = await table.run("@bob /chess resign")
        assert ask["text"].startswith(f"Abandonner la partie `{row.id}` (Échecs, Noirs) ?")
        assert "**Abandonner**" in ask["text"]
        (over,) = await table.run("!press @bob abandonner")
        assert over["to"] == "channel" and "resignation" in over["text"]
        (again,) = await table.run("!press @bob abandonner")
        assert again["to"] == "private" and again["text"] == t("fr", "table.over")
    finally:
        await table.close()


async def test_resign_helper_of_the_console_driver_presses_the_button(tmp_path: Path) -> None:
    table, _ = await running_table("loa", tmp_path)
    try:
        (refusal,) = await table.resign("zed", "loa")
        assert refusal["text"] == t("en", "table.spectator")
        (over,) = await table.resign("bob", "loa")
        assert "by resignation" in over["text"]
    finally:
        await table.close()


async def test_text_console_shows_the_button_and_the_press(tmp_path: Path) -> None:
    from io import StringIO

    from bot import console as console_module

    out = StringIO()
    joins = ["!press @bob Join (Black)", "!press @alice start"]
    script = [opening("chess") + " color:white", *joins, "@bob /chess resign", "!press @bob resign"]
    await console_module.run(script, out, db=str(tmp_path / "t.db"), seed=3)
    lines = out.getvalue().splitlines()
    (ask,) = [line for line in lines if line.startswith("[private @bob] Resign game")]
    assert ask.endswith(" [Resign]")
    assert "by resignation" in out.getvalue().split(ask, 1)[1]


# ---------------------------------------------------------------- on Discord


class ChessRig(harness.Rig):
    game = "chess"


@pytest.fixture
def plain_board(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chess_table, "board_png", lambda *a: harness.png_bytes())


@pytest.mark.usefixtures("plain_board")
async def test_on_discord_the_button_resigns_even_after_a_restart(tmp_path: Path) -> None:
    rig = ChessRig(harness.FakeDiscord(), db=str(tmp_path / "p.db"))
    await rig.start()
    try:
        game_id, thread = await rig.open_table(color="white")
        await rig.seat_and_start(game_id, {"bob": "black"})
        ex = await rig.slash("bob", "chess resign", channel=thread)
        assert ex.posts == [] and all(r.ephemeral for r in ex.replies)
        (question,) = ex.replies
        assert question.custom_ids == [f"plateau:chess:{game_id}:resign"]
        assert f"Resign game `{game_id}`" in question.content
        assert (await rig.state(game_id)).phase != "over"

        await rig.restart()  # the button outlives the bot that made it
        ex = await rig.d.press(f"plateau:chess:{game_id}:resign", user=rig["bob"])
        assert "**1-0**: White wins by resignation." in ex.shown[-1].content
        # alice cannot see bob's private question; a copied id still resigns only the presser
        ex = await rig.d.press(f"plateau:chess:{game_id}:resign", user=rig["carol"])
        assert ex.posts == [] and t("en", "table.over") in ex.text
    finally:
        await rig.stop()


@pytest.mark.usefixtures("plain_board")
async def test_the_rig_resign_helper_asks_and_presses() -> None:
    rig = ChessRig(harness.FakeDiscord())
    await rig.start()
    try:
        game_id, thread = await rig.open_table(color="white")
        await rig.seat_and_start(game_id, {"bob": "black"})
        refused = await rig.resign("carol", channel=thread)
        assert refused.text == t("en", "table.spectator")
        ex = await rig.resign("bob", channel=thread)
        assert "**1-0**: White wins by resignation." in ex.shown[-1].content
    finally:
        await rig.stop()
