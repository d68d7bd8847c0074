"""The Alako cog through discord.py's real Interaction objects, with the HTTP layer faked:
the lobby by buttons, a turn in one or two clicks, the build autocomplete, private
refusals, French, and a button pressed on a message sent before a restart."""

from __future__ import annotations

from pathlib import Path

from bot.cogs.alako import AlakoCog
from bot.i18n import t
from tests.bot import discord_harness as harness
from tests.bot.discord_harness import mentions
from tests.bot.rules_pages import rules_page_problems, undocumented_commands

PNG = b"\x89PNG\r\n\x1a\n"
WIN_IN_ONE = "south: Ke8 Hf1 Pe1; north: Kd11 Hf11 Pe9; turn: south; spun: 1"
ONE_WALL = "south: Kd1 Hf1 Pe1; north: Kd11 Hf11 Pe11 Wa8n; turn: north; spun: wall"


class Rig(harness.Rig):
    game = "alako"
    people_names = ("alice", "bob", "carol")
    seats = (("alice", "south"), ("bob", "north"))


# ---------------------------------------------------------------- commands


async def test_commands_sync_with_french_names_and_within_discord_limits(rig: Rig) -> None:
    subs = harness.options(rig.synced_command())
    assert set(subs) == harness.with_shared("spin move dismount build climb pass draw")
    assert subs["spin"]["name_localizations"]["fr"] == "toupie"
    move = harness.options(subs["move"])
    assert [c["value"] for c in move["piece"]["choices"]] == ["knight", "horse", "princess"]
    assert [c["value"] for c in move["direction"]["choices"]] == ["n", "e", "s", "w"]
    assert move["piece"]["choices"][0]["name_localizations"]["fr"] == "chevalier"
    build = harness.options(subs["build"])
    assert build["segment"]["autocomplete"] is True and build["segment"]["required"] is True
    new = harness.options(subs["new"])
    assert [c["value"] for c in new["first"]["choices"]] == ["roll", "south", "north"]


# ---------------------------------------------------------------- lobby and a game


async def test_new_join_by_button_and_a_turn_in_two_clicks(rig: Rig) -> None:
    ex = await rig.slash("alice", "alako new", {"first": "south"})
    (lobby,) = ex.posts
    game_id = harness.game_id_in(lobby.content)
    thread = lobby.channel_id
    assert thread in rig.world.threads()
    assert lobby.custom_ids == rig.lobby_buttons(game_id, "south", "north")
    ex = await rig.seat_and_start(game_id)
    turn = ex.shown[-1]
    assert turn.channel_id == thread
    assert mentions(turn.content.splitlines()[-1]) == {rig["alice"].id}
    assert turn.custom_ids == [f"plateau:alako:{game_id}:do:0:spin"]
    assert turn.files and turn.files[0][1].startswith(PNG)

    # Click 1: the spin, told in words with its choices (the board comes after the move).
    ex = await rig.d.press(turn.custom_ids[0], user=rig["alice"])
    (post,) = ex.posts
    assert "South spins the top: **" in post.content
    state = await rig.state(game_id)
    if state.phase == "act":  # click 2: the first choice the spin left
        assert post.custom_ids and all(":do:1:" in c for c in post.custom_ids)
        assert not post.files
        ex = await rig.d.press(post.custom_ids[0], user=rig["alice"])
        (post,) = ex.posts
    state = await rig.state(game_id)
    assert post.files and post.files[0][0] == f"alako-{game_id}-{state.ply}.png"
    assert len(post.files[0][1]) < 1_000_000
    assert mentions(post.content.splitlines()[-1]) == {rig["bob"].id}
    assert post.custom_ids == [f"plateau:alako:{game_id}:do:{(await rig.state(game_id)).ply}:spin"]


async def test_a_knight_wins_with_one_click_and_the_game_closes(rig: Rig) -> None:
    game_id, thread = await rig.open_table(position=WIN_IN_ONE)
    ex = await rig.seat_and_start(game_id)
    turn = ex.shown[-1]
    assert "spun 1 point: move a piece" in turn.content
    (win,) = [c for c in turn.custom_ids if c.endswith(":knight_n")]
    ex = await rig.d.press(win, user=rig["alice"])
    (post,) = ex.posts
    assert "wins: the knight reaches the princess!" in post.content
    assert "Dice seed:" in post.content and post.custom_ids == []
    ex = await rig.slash("bob", "alako export", {"game": game_id}, channel=thread)
    (record,) = [f for c in ex.replies for f in c.files]
    assert record[0] == f"alako-{game_id}.txt" and b"knight n" in record[1]


async def test_build_with_the_autocomplete_of_legal_segments(rig: Rig) -> None:
    game_id, thread = await rig.open_table(position=ONE_WALL)
    await rig.seat_and_start(game_id)
    choices = await rig.d.autocomplete(
        "alako build", "segment", {"segment": ""}, user=rig["bob"], channel=thread
    )
    assert [c["value"] for c in choices] == ["b8n", "a8e"]
    # Not bob's opponent's turn: nothing to offer.
    assert (
        await rig.d.autocomplete(
            "alako build", "segment", {"segment": ""}, user=rig["alice"], channel=thread
        )
        == []
    )
    ex = await rig.slash("bob", "alako build", {"segment": "b8n"}, channel=thread)
    (post,) = ex.posts
    assert "North builds a wall on b8n." in post.content and post.files
    assert mentions(post.content.splitlines()[-1]) == {rig["alice"].id}


async def test_errors_are_ephemeral_and_nothing_reaches_the_channel(rig: Rig) -> None:
    ex = await rig.slash("bob", "alako spin")
    assert "No Les Chevaliers d'Alako game" in ex.text and ex.posts == []
    game_id, thread = await rig.open_table(position=ONE_WALL)
    await rig.seat_and_start(game_id)
    ex = await rig.slash("alice", "alako build", {"segment": "b8n"}, channel=thread)
    assert "It is not your turn" in ex.text and ex.posts == []
    ex = await rig.slash("bob", "alako build", {"segment": "e3n"}, channel=thread)
    assert ex.text.startswith("Not allowed: e3n does not continue your line") and ex.posts == []
    ex = await rig.slash("bob", "alako move", {"piece": "knight", "direction": "s"}, channel=thread)
    assert ex.text == t("en", "alako.use_build", face="1 wall") and ex.posts == []
    ex = await rig.d.press(f"plateau:alako:{game_id}:do:0:build_b8n", user=rig["carol"])
    assert ex.text == t("en", "table.spectator") and ex.posts == []
    ex = await rig.d.press(f"plateau:alako:{game_id}:do:0:build_b8n", user=rig["bob"])
    assert ex.posts  # applied
    ex = await rig.d.press(
        f"plateau:alako:{game_id}:do:0:build_b8n",
        user=rig["bob"],
        message=rig.world.message_with(f"plateau:alako:{game_id}:do:0:build_b8n"),
    )
    assert ex.text == t("en", "alako.stale_button") and ex.posts == []


async def test_french_users_get_french_replies(rig: Rig) -> None:
    ex = await rig.slash("alice", "alako new", locale="fr", guild_locale="fr")
    assert "créée" in ex.text and "ouverte par" in ex.shown[-1].content
    thread = ex.shown[-1].channel_id
    ex = await rig.slash("bob", "alako join", {"seat": "north"}, locale="fr", channel=thread)
    assert ex.text == "" and "🔵 Nord" in ex.shown[-1].content
    ex = await rig.slash("bob", "alako start", locale="fr", channel=thread)
    assert ex.text == t("fr", "table.host_only", user=f"<@{rig['alice'].id}>")


# ---------------------------------------------------------------- declining, draws


async def test_the_decline_button_sits_next_to_the_build_buttons(rig: Rig) -> None:
    game_id, _ = await rig.open_table(position=ONE_WALL)
    ex = await rig.seat_and_start(game_id)
    turn = ex.shown[-1]
    assert turn.custom_ids == [
        f"plateau:alako:{game_id}:do:0:build_b8n",
        f"plateau:alako:{game_id}:do:0:build_a8e",
        f"plateau:alako:{game_id}:do:0:pass",
    ]
    ex = await rig.d.press(turn.custom_ids[-1], user=rig["bob"])
    (post,) = ex.posts
    assert "North leaves 1 wall unused: the turn passes." in post.content
    assert mentions(post.content.splitlines()[-1]) == {rig["alice"].id}
    assert len((await rig.state(game_id)).sides[1].line) == 1


async def test_a_draw_offer_with_accept_and_decline_buttons(rig: Rig) -> None:
    alako = rig.synced_command()
    (draw,) = [o for o in alako["options"] if o["name"] == "draw"]
    (action,) = [o for o in draw["options"] if o["name"] == "action"]
    assert [c["value"] for c in action["choices"]] == ["offer", "accept", "decline"]
    assert action["choices"][2]["name_localizations"]["fr"] == "refuser"
    assert draw["name_localizations"]["fr"] == "nulle"

    game_id, thread = await rig.open_table(first="south")
    await rig.seat_and_start(game_id)
    ex = await rig.slash("bob", "alako draw", channel=thread)  # off turn
    (offer,) = ex.posts
    assert "North offers a draw" in offer.content
    assert mentions(offer.content) == {rig["alice"].id}
    assert offer.custom_ids == [
        f"plateau:alako:{game_id}:draw:accept",
        f"plateau:alako:{game_id}:draw:decline",
    ]
    ex = await rig.d.press(offer.custom_ids[0], user=rig["bob"])
    assert "waits for an answer from" in ex.text and ex.posts == []
    ex = await rig.d.press(offer.custom_ids[1], user=rig["alice"])
    (post,) = ex.posts
    assert "South declines the draw." in post.content
    assert post.custom_ids == [f"plateau:alako:{game_id}:do:2:spin"]
    ex = await rig.slash("alice", "alako spin", channel=thread)
    ex = await rig.slash("alice", "alako draw", {"action": "offer"}, channel=thread)
    (offer,) = ex.posts
    ex = await rig.d.press(offer.custom_ids[0], user=rig["bob"])
    (post,) = ex.posts
    assert "🤝 Draw by agreement." in post.content and post.custom_ids == []
    state = await rig.state(game_id)
    assert state.phase == "over" and state.winner is None and state.termination == "agreement"


# ---------------------------------------------------------------- restarts


async def test_a_spin_button_works_after_a_restart(tmp_path: Path) -> None:
    async with Rig.running(str(tmp_path / "plateau.db")) as rig:
        game_id, _ = await rig.open_table(first="north")
        ex = await rig.seat_and_start(game_id)
        spin = ex.shown[-1].custom_ids[0]
        assert spin == f"plateau:alako:{game_id}:do:0:spin"
        message = rig.world.message_with(spin)

        resumed = await rig.restart_and_resume(game_id)
        assert any(spin in c.custom_ids for c in resumed)
        ex = await rig.d.press(spin, user=rig["bob"], message=message)
        (post,) = ex.posts
        assert "North spins the top: **" in post.content
        assert bool(post.files) == ((await rig.state(game_id)).phase != "act")
        assert (await rig.state(game_id)).ply == 1


def test_the_rules_page_writes_only_commands_the_cog_has() -> None:
    """Every ``/alako ...`` line of docs/rules/alako.md names a real subcommand, option and
    choice, and every subcommand is on the page."""
    assert rules_page_problems("alako", AlakoCog) == []
    assert undocumented_commands("alako", AlakoCog) == []


def test_the_rules_page_check_names_what_is_wrong() -> None:
    page = (
        "Type `/alako lots`, then `/alako move piece:queen direction:n|up`, "
        "`/alako new first: roll`, `/alako new [start:north]` or `/alako build segment:<s>`."
    )
    assert rules_page_problems("alako", AlakoCog, page) == [
        "`/alako lots`: no command /alako lots",
        "`/alako move piece:queen direction:n|up`: piece is not queen",
        "`/alako move piece:queen direction:n|up`: direction is not up",
        "`/alako new [start:north]`: no option start "
        "(options: first, position, clock, timeout, rated, hints, language)",
    ]
    assert "spin" in undocumented_commands("alako", AlakoCog, page)
