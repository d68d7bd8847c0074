"""The Échec au Roi cog through discord.py's real Interaction objects, HTTP layer faked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import bot.tables.echec as echec_table
from bot.cogs.echec import EchecButton, EchecCog
from bot.i18n import t
from engine.echec import OPENING
from engine.echec.board import INDEX
from tests.bot import discord_harness as harness
from tests.bot.discord_harness import mentions, png_bytes
from tests.bot.drawn_words import catalog_texts
from tests.bot.rules_pages import command_tree, rules_page_problems, undocumented_commands

PNG = b"\x89PNG\r\n\x1a\n"
DUEL = "south: K1e1n I4e4n I4c2n; north: K1e9s I4e5s; turn: south"


@pytest.fixture(autouse=True)
def fake_render(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    seen: list[Any] = []

    def render(view: Any, **kwargs: Any) -> bytes:
        seen.append(view)
        return png_bytes((32, 32), "darkgreen")

    monkeypatch.setattr(echec_table, "render", render)
    return seen


class Rig(harness.Rig):
    game = "echec"
    people_names = ("alice", "bob", "carol")
    seats = (("alice", "south"), ("bob", "north"))


# ---------------------------------------------------------------- commands


async def test_commands_sync_with_french_names_and_within_discord_limits(rig: Rig) -> None:
    subs = harness.options(rig.synced_command())
    assert set(subs) == harness.with_shared("setup roll advance turn attack end")
    setup = harness.options(subs["setup"])
    assert set(setup) == {"place", "lift", "autoplace", "confirm"}
    assert subs["setup"]["name_localizations"]["fr"] == "mise-en-place"
    assert subs["advance"]["name_localizations"]["fr"] == "avancer"
    new = harness.options(subs["new"])
    assert [c["value"] for c in new["level"]["choices"]] == [1, 2]
    assert [c["value"] for c in new["placement"]["choices"]] == ["standard", "free", "secret"]
    assert new["placement"]["choices"][2]["name_localizations"]["fr"] == "placement secret"
    place = harness.options(setup["place"])
    assert place["unit"]["autocomplete"] and place["square"]["autocomplete"]
    assert [c["value"] for c in place["facing"]["choices"]] == ["n", "e", "s", "w"]
    attack = harness.options(subs["attack"])
    assert attack["unit"]["autocomplete"] and attack["target"]["autocomplete"]
    turn = harness.options(subs["turn"])
    assert set(turn) == {"unit", "facing", "game"}


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("join:south", ("join", {"seat": "south", "game": "g1"})),
        ("join:east", None),
        ("leave", ("leave", {"game": "g1"})),
        ("start", ("start", {"game": "g1"})),
        ("autoplace", ("setup autoplace", {"game": "g1"})),
        ("confirm", ("setup confirm", {"game": "g1"})),
        ("roll", ("roll", {"game": "g1"})),
        ("end", ("end", {"game": "g1"})),
        ("dance", None),
    ],
)
def test_each_button_stands_for_a_command(action: str, expected: Any) -> None:
    assert harness.button_request(EchecButton, action) == expected


# ---------------------------------------------------------------- playing


async def test_new_join_by_button_roll_and_play_with_autocomplete(rig: Rig) -> None:
    ex = await rig.slash("alice", "echec new", {"level": 1})
    (lobby,) = ex.posts
    (thread,) = rig.world.threads()
    assert lobby.channel_id == thread and "level 1 · standard set-up" in lobby.content
    game_id = harness.game_id_in(lobby.content)
    assert lobby.custom_ids == rig.lobby_buttons(game_id, "south", "north")
    ex = await rig.seat_and_start(game_id)
    opening = ex.shown[-1]
    assert opening.files and opening.files[0][1].startswith(PNG)
    assert opening.custom_ids == [f"plateau:echec:{game_id}:roll"]
    assert mentions(opening.content) == {rig["alice"].id, rig["bob"].id}

    # Both roll with the button until one side has more axes.
    by_seat = {"south": "alice", "north": "bob"}
    while (state := await rig.state(game_id)).phase == OPENING:
        roller = next(s for s in ("south", "north") if state.side(s).opening_axes is None)
        ex = await rig.d.press(f"plateau:echec:{game_id}:roll", user=rig[by_seat[roller]])
        assert " rolls " in ex.shown[-1].content and ex.shown[-1].channel_id == thread
    state = await rig.state(game_id)
    mover = by_seat[state.turn]
    other = "bob" if mover == "alice" else "alice"
    assert "moves first!" in ex.shown[-1].content
    assert mentions(ex.shown[-1].content.splitlines()[-1]) == {rig[mover].id}

    # Not your turn: nothing to offer, and a private refusal.
    assert (
        await rig.d.autocomplete(
            "echec advance", "unit", {"unit": ""}, user=rig[other], channel=thread
        )
        == []
    )
    ex = await rig.slash(other, "echec end", channel=thread)
    assert "It is not your turn" in ex.text and ex.posts == []

    # Two advances chosen from the autocomplete: the first in words, the second with the
    # board, as the turn passes.
    for n in (1, 2):
        units = await rig.d.autocomplete(
            "echec advance", "unit", {"unit": ""}, user=rig[mover], channel=thread
        )
        assert 0 < len(units) <= 25 and " · " in units[0]["name"]
        ex = await rig.slash(mover, "echec advance", {"unit": units[0]["value"]}, channel=thread)
        (post,) = ex.posts
        assert post.channel_id == thread and bool(post.files) == (n == 2)
        if n == 1:
            assert "one action left" in post.content and mentions(post.content) == set()
            assert post.custom_ids == [f"plateau:echec:{game_id}:end"]
        else:
            assert mentions(post.content) == {rig[other].id}
    ex = await rig.d.press(f"plateau:echec:{game_id}:end", user=rig[other])
    assert "ends the turn" in ex.shown[-1].content
    assert mentions(ex.shown[-1].content) == {rig[mover].id}


async def test_an_attack_from_the_autocomplete_shows_the_dice_and_the_board(rig: Rig) -> None:
    game_id, thread = await rig.open_table(position=DUEL)
    ex = await rig.seat_and_start(game_id)
    assert mentions(ex.shown[-1].content) == {rig["alice"].id}
    units = await rig.d.autocomplete(
        "echec attack", "unit", {"unit": ""}, user=rig["alice"], channel=thread
    )
    assert [c["value"] for c in units] == ["e4"]
    targets = await rig.d.autocomplete(
        "echec attack", "target", {"unit": "e4", "target": ""}, user=rig["alice"], channel=thread
    )
    assert [c["value"] for c in targets] == ["e5"]
    ex = await rig.slash("alice", "echec attack", {"unit": "e4", "target": "e5"}, channel=thread)
    (post,) = ex.posts
    assert "South attacks the infantry on e5 with the infantry on e4" in post.content
    assert (
        re.search(r"(🪓|🏹|😱|⬜)", post.content)
        and "2 hits: 2 figures lost, 2 left." in post.content
    )
    assert not post.files  # the turn's first action: the board comes as the turn passes
    # The same base may not attack twice in a turn: a private, explained refusal.
    ex = await rig.slash("alice", "echec attack", {"unit": "e4", "target": "e5"}, channel=thread)
    assert ex.text.startswith("Not allowed") and ex.posts == []
    # The acting player may look privately; ending the turn posts the board.
    ex = await rig.slash("alice", "echec board", channel=thread)
    assert ex.posts == [] and [f for c in ex.replies for f in c.files]
    ex = await rig.slash("alice", "echec end", channel=thread)
    (post,) = ex.posts
    assert post.files and mentions(post.content) == {rig["bob"].id}


async def test_errors_are_ephemeral_and_nothing_reaches_the_channel(rig: Rig) -> None:
    ex = await rig.slash("bob", "echec advance", {"unit": "c2"})
    assert "No Échec au Roi game" in ex.text and ex.posts == []
    ex = await rig.slash("alice", "echec new", {"level": 1, "placement": "secret"})
    assert ex.posts == [] and ex.text.startswith("Not allowed") and "level 2" in ex.text
    game_id, thread = await rig.open_table(position=DUEL)
    await rig.seat_and_start(game_id)
    ex = await rig.slash("alice", "echec advance", {"unit": "e1", "squares": 8}, channel=thread)
    assert ex.text.startswith("Not allowed") and "cannot advance 8" in ex.text
    assert ex.posts == [] and all(c.ephemeral for c in ex.replies)
    ex = await rig.slash("carol", "echec end", channel=thread)
    assert ex.text == t("en", "table.spectator") and ex.posts == []


# ---------------------------------------------------------------- secrets


async def test_secret_placement_goes_to_its_owners_dm_only(rig: Rig, fake_render: list) -> None:
    game_id, thread = await rig.open_table(level=2, placement="secret", units="M2")
    ex = await rig.seat_and_start(game_id)
    alice_dm, bob_dm = rig.world.dm_of[rig["alice"].id], rig.world.dm_of[rig["bob"].id]
    assert {c.channel_id for c in ex.dms} == {alice_dm, bob_dm}
    assert all(c.custom_ids[-1] == f"plateau:echec:{game_id}:confirm" for c in ex.dms)
    assert all(not c.files for c in ex.posts)  # the channel sees no board yet

    # Alice places her mercenaries from the game thread, helped by the autocomplete.
    units = await rig.d.autocomplete(
        "echec setup place", "unit", {"unit": ""}, user=rig["alice"], channel=thread
    )
    assert "mercenaries 2" in [c["value"] for c in units]
    squares = await rig.d.autocomplete(
        "echec setup place",
        "square",
        {"unit": "mercenaries 2", "square": "b"},
        user=rig["alice"],
        channel=thread,
    )
    assert [c["value"] for c in squares] == ["b1", "b2"]
    ex = await rig.slash(
        "alice",
        "echec setup place",
        {"unit": "mercenaries 2", "square": "b2", "facing": "e"},
        channel=thread,
    )
    assert ex.posts == []
    (dm,) = ex.edits  # her placement DM, edited in place
    assert dm.channel_id == alice_dm and "mercenaries (2) on b2" in dm.content
    assert dm.files and ex.text == t("en", "echec.seen_in_dm")
    # The rest by the button in her DM, then confirm: the channel only hears "ready".
    ex = await rig.d.press(f"plateau:echec:{game_id}:autoplace", user=rig["alice"])
    assert ex.posts == [] and [c.channel_id for c in ex.edits] == [alice_dm]
    ex = await rig.d.press(f"plateau:echec:{game_id}:confirm", user=rig["alice"])
    assert [c.content for c in ex.posts] == ["South is ready (1 of 2)."]
    assert not ex.posts[0].files and ex.dms == []

    # Nothing of South's placement reached Bob or the thread; every picture not drawn for
    # Alice shows South behind its screen.
    for call in [*rig.world.dms(rig["bob"]), *rig.world.posts()]:
        assert "b2" not in call.content and "(2) on" not in call.content
    assert any(v.side("south").hidden for v in fake_render)
    for seen in fake_render:
        if seen.side("south").hidden:
            assert not any(b is not None and b.seat == "south" for b in seen.board)

    # Bob's confirmation reveals both armies in the thread, with the board.
    await rig.d.press(f"plateau:echec:{game_id}:autoplace", user=rig["bob"])
    ex = await rig.d.press(f"plateau:echec:{game_id}:confirm", user=rig["bob"])
    reveal = ex.shown[-1]
    assert "revealed at once" in reveal.content and reveal.files and reveal.channel_id == thread
    assert reveal.custom_ids == [f"plateau:echec:{game_id}:roll"]


# ---------------------------------------------------------------- language and restarts


async def test_french_users_get_french_replies_and_a_french_lobby(rig: Rig) -> None:
    ex = await rig.slash("alice", "echec new", {"level": 2}, locale="fr", guild_locale="fr")
    assert "créée" in ex.text and "placement libre" in ex.shown[-1].content
    ex = await rig.slash("bob", "echec roll", locale="fr", channel=ex.shown[-1].channel_id)
    assert ex.text == t("fr", "table.not_started")


async def test_buttons_survive_a_restart(tmp_path: Path) -> None:
    async with Rig.running(str(tmp_path / "plateau.db")) as rig:
        game_id, _ = await rig.open_table()
        await rig.seat_and_start(game_id)
        roll = rig.world.message_with(f"plateau:echec:{game_id}:roll")

        await rig.restart_and_resume(game_id)
        ex = await rig.d.press(f"plateau:echec:{game_id}:roll", user=rig["bob"], message=roll)
        assert "North rolls" in ex.shown[-1].content


# ---------------------------------------------------------------- the rules page and hints


def test_the_rules_page_writes_only_commands_the_cog_has() -> None:
    assert rules_page_problems("echec", EchecCog) == []
    assert undocumented_commands("echec", EchecCog) == []


def _catalog_texts() -> list[str]:
    """Every Échec au Roi text players read, in both languages, placeholders as <name>."""
    texts = catalog_texts("en", "echec") + catalog_texts("fr", "echec")
    return [re.sub(r"\{(\w+)\}", r"<\1>", text) for text in texts]


def test_every_command_and_option_a_caption_names_exists() -> None:
    """The hints in messages and pictures (``/echec setup place unit:... square:...``,
    ``unit:c2``) name commands and options the cog has, under those names."""
    lines = [
        "`" + m.group(0).rstrip(".,;)") + "`"
        for text in _catalog_texts()
        # A subcommand (in its group: /echec setup place), then its options.
        for m in re.finditer(r"/echec (?:setup )?[a-z_]+(?: [a-z_]+:[^\s,]+)*", text)
    ]
    assert len(lines) > 15  # the hints are read, not skipped
    assert rules_page_problems("echec", EchecCog, "\n".join(lines)) == []
    options = {o for command in command_tree(EchecCog).values() for o in command}
    named = {m.group(1) for text in _catalog_texts() for m in re.finditer(r"\b([a-z_]+):\S", text)}
    assert named - {"e.g"} <= options, named - options


async def test_a_base_is_named_by_its_square_as_the_rules_page_says(rig: Rig) -> None:
    """`/echec advance c2` on Discord: the square typed first fills `unit`, the first and
    required option of advance, turn and attack."""
    echec = rig.synced_command()
    subs = harness.options(echec)
    for command in ("advance", "turn", "attack"):
        first = subs[command]["options"][0]
        assert first["name"] == "unit" and first["required"], command
    game_id, thread = await rig.open_table(position="south: K1e1n I4c2n; north: K1e9s; turn: south")
    await rig.seat_and_start(game_id)
    ex = await rig.slash("alice", "echec advance", {"unit": "c2"}, channel=thread)
    assert "South advances the infantry from c2 to c3." in ex.posts[0].content
    ex = await rig.slash("alice", "echec turn", {"unit": "c3", "facing": "e"}, channel=thread)
    assert "South turns the infantry on c3 to face east." in ex.posts[0].content
    state = await rig.state(game_id)
    assert state.board[INDEX["c3"]] is not None and state.board[INDEX["c3"]].facing == "e"
