"""The Inka cog through discord.py's real Interaction objects, with the HTTP layer faked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import bot.tables.inka as inka_table
from bot.cogs.inka import InkaButton, InkaCog
from bot.i18n import t
from engine.inka.temple import BRIDGED_LAYOUT, SAMPLE_LAYOUT
from tests.bot import discord_harness as harness
from tests.bot.drawn_words import catalog_texts
from tests.bot.rules_pages import rules_page_problems, undocumented_commands

ROOT = Path(__file__).resolve().parents[2]
RHOMBI = " ".join(f"{n}={a}/{b}" for n, (a, b) in sorted(BRIDGED_LAYOUT.items()))
ENDGAME = (
    f"red: g12; blue: l18; rhombi: {RHOMBI}; A: g11/g12 red blue; B: g13/f13 blue; "
    "C: f11/f12 blue; turn: red"
)


images = harness.board_stub(inka_table, "tan")


class Rig(harness.Rig):
    game = "inka"
    people_names = ("alice", "bob", "carol")
    seed = 5
    seats = (("alice", "red"), ("bob", "blue"))


async def test_commands_sync_with_french_names_and_within_discord_limits(rig: Rig) -> None:
    inka = rig.synced_command()
    subs = harness.options(inka)
    assert set(subs) == harness.with_shared("choose place rhombus pawn block end preview")
    rhombus, pawn = harness.options(subs["rhombus"]), harness.options(subs["pawn"])
    assert set(rhombus) == {"slide", "rotate", "shift"} and set(pawn) == {"go", "take", "passage"}
    assert subs["rhombus"]["name_localizations"]["fr"] == "losange"
    assert rhombus["slide"]["name_localizations"]["fr"] == "glisser"
    go = harness.options(pawn["go"])
    assert go["cell"]["autocomplete"] is True and go["cell"]["name_localizations"]["fr"] == "case"
    rotate = harness.options(rhombus["rotate"])
    assert [c["value"] for c in rotate["angle"]["choices"]] == ["cw60", "ccw60", "cw120", "ccw120"]
    assert rotate["corner"]["autocomplete"] is True
    shift = harness.options(rhombus["shift"])
    assert [c["value"] for c in shift["rhombus"]["choices"]] == ["A", "B", "C"]
    new = harness.options(subs["new"])
    assert [c["value"] for c in new["players"]["choices"]] == [2, 3, 4]
    for node in [inka, *inka["options"], *(o for s in inka["options"] for o in s["options"])]:
        texts = [node["description"], *node.get("description_localizations", {}).values()]
        assert all(1 <= len(d) <= 100 for d in texts), texts


def _commands_named(text: str) -> list[tuple[str, list[str]]]:
    """Each ``/inka <command> <option>:<value>...`` in a text: the command and its options."""
    found = []
    for match in re.finditer(r"/inka ([^\s`,.)]+)([^`]*)", text):
        words = match.group(2).split()
        options = []
        for word in words:  # options come first; a value may run on over several words
            if ":" not in word:
                if options:
                    continue
                break
            options.append(word.split(":", 1)[0])
        found.append((match.group(1), options))
    return found


async def test_every_command_the_texts_name_exists_with_those_options(rig: Rig) -> None:
    """The prompts, refusals and the rules page name real commands: in English the command
    and option names the cog registers, in French their French names."""
    inka = rig.synced_command()

    def names(node: dict, lang: str) -> str:
        return node.get("name_localizations", {}).get(lang, node["name"]) if lang else node["name"]

    english = catalog_texts("en", "inka")
    english.append((ROOT / "docs" / "rules" / "inka.md").read_text(encoding="utf-8"))
    french = catalog_texts("fr", "inka")
    named = 0
    for lang, texts in (("", english), ("fr", french)):
        subs = {names(o, lang): o for o in inka["options"]}
        for text in texts:
            for command, options in _commands_named(text):
                assert command in subs, f"/inka {command} is no command ({lang or 'en'}): {text}"
                known = {names(o, lang) for o in subs[command].get("options", [])}
                assert set(options) <= known, f"/inka {command} {options} ({lang or 'en'})"
                named += 1
    assert named > 25
    assert "`/inka choose cell:l6`" in t("en", "inka.ping_start")
    assert "`/inka choisir case:l6`" in t("fr", "inka.ping_start")


async def test_set_up_by_buttons_and_autocomplete(rig: Rig) -> None:
    game_id, thread = await rig.open_table(players=2)
    ex = await rig.seat_and_start(game_id)
    opening = ex.shown[-1]
    assert "🎲 d2" in opening.content and opening.files[0][0].endswith(".png")
    assert opening.custom_ids == [
        f"plateau:inka:{game_id}:choose:{c}" for c in ("l6", "l18", "a18", "a6")
    ]
    first = "alice" if "🔴 Red chooses" in opening.content else "bob"
    second = "bob" if first == "alice" else "alice"
    assert f"<@{rig[first].id}>, " in opening.content

    ex = await rig.d.press(f"plateau:inka:{game_id}:choose:l6", user=rig[second])
    assert ex.posts == [] and ex.replies[0].ephemeral and "not your turn" in ex.text
    ex = await rig.d.press(f"plateau:inka:{game_id}:choose:l6", user=rig[first])
    assert "on start cell **l6**" in ex.shown[-1].content
    assert f"plateau:inka:{game_id}:choose:l6" not in ex.shown[-1].custom_ids
    choices = await rig.d.autocomplete(
        "inka choose", "cell", {"cell": ""}, user=rig[second], channel=thread
    )
    assert [c["value"] for c in choices] == ["l18", "a18", "a6"]
    assert choices[0]["name"] == "l18 · north-east"
    ex = await rig.slash(second, "inka choose", {"cell": "a18"}, channel=thread)
    assert "draws path rhombus" in ex.shown[-1].content
    drawn = int(re.search(r"lay path rhombus \*\*(\d+)\*\*", ex.shown[-1].content).group(1))  # type: ignore[union-attr]
    placer = first

    choices = await rig.d.autocomplete(
        "inka place", "cells", {"cells": "k7"}, user=rig[placer], channel=thread
    )
    assert 0 < len(choices) <= 25 and all(c["value"].startswith("k7") for c in choices)
    ex = await rig.slash(second, "inka place", {"cells": "k7/k8"}, channel=thread)
    assert ex.posts == [] and all(c.ephemeral for c in ex.replies)
    ex = await rig.slash(placer, "inka place", {"cells": "f12 h12"}, channel=thread)
    assert ex.posts == [] and "do not share an edge" in ex.text
    ex = await rig.slash(placer, "inka preview", {"action": f"place {drawn} k7/k8"}, channel=thread)
    assert ex.posts == [] and ex.replies[0].ephemeral and ex.replies[0].files
    a, b = SAMPLE_LAYOUT[drawn]
    ex = await rig.slash(placer, "inka place", {"cells": f"{a}/{b}"}, channel=thread)
    assert f"lays rhombus **{drawn}** on {a}/{b}" in ex.shown[-1].content
    assert f"<@{rig[second].id}>, " in ex.shown[-1].content


async def test_a_turn_with_autocomplete_costs_a_button_and_the_escape(rig: Rig) -> None:
    game_id, thread = await rig.open_table(position=ENDGAME)
    ex = await rig.seat_and_start(game_id)
    assert f"<@{rig['alice'].id}>, 🔴 Red to play: 3 AP" in ex.shown[-1].content
    assert ex.shown[-1].custom_ids == [
        f"plateau:inka:{game_id}:take",
        f"plateau:inka:{game_id}:end",
    ]
    choices = await rig.d.autocomplete(
        "inka pawn go", "cell", {"cell": "k"}, user=rig["alice"], channel=thread
    )
    assert {"name": "k5 · 1 AP", "value": "k5"} in choices
    assert (
        await rig.d.autocomplete(
            "inka pawn go", "cell", {"cell": ""}, user=rig["bob"], channel=thread
        )
        == []
    )  # not his turn
    rhombi = await rig.d.autocomplete(
        "inka rhombus rotate", "rhombus", {"rhombus": "1"}, user=rig["alice"], channel=thread
    )
    assert rhombi and rhombi[0]["value"].startswith("1")
    ex = await rig.slash("bob", "inka pawn take", channel=thread)
    assert ex.posts == [] and ex.text == t(
        "en", "table.not_your_turn", waiting=f"🔴 Red (<@{rig['alice'].id}>)"
    )
    ex = await rig.d.press(f"plateau:inka:{game_id}:take", user=rig["alice"])
    assert "takes the statue from rhombus **A**: 3/3" in ex.shown[-1].content
    ex = await rig.slash("alice", "inka pawn go", {"cell": "k5"}, channel=thread)
    assert "escapes the temple" in ex.shown[-1].content
    ex = await rig.slash("bob", "inka export", {"game": game_id}, channel=thread)
    assert ex.replies[0].ephemeral and ex.replies[0].files[0][0] == f"inka-{game_id}.txt"


async def test_french_errors_and_rules_are_private(rig: Rig) -> None:
    game_id, thread = await rig.open_table(position=ENDGAME)
    await rig.seat_and_start(game_id)
    ex = await rig.slash(
        "alice",
        "inka rhombus slide",
        {"rhombus": "1", "direction": "up"},
        channel=thread,
        locale="fr",
    )
    assert ex.posts == [] and ex.text.startswith("Refusé : « up » n'est pas une direction")
    ex = await rig.slash("carol", "inka rules", {"topic": "turn"}, channel=thread)
    assert ex.posts == [] and ex.text.startswith("## 3. A turn")


async def test_a_button_press_after_a_restart(tmp_path: Path) -> None:
    async with Rig.running(str(tmp_path / "plateau.db")) as rig:
        game_id, _ = await rig.open_table(players=2)
        ex = await rig.seat_and_start(game_id)
        opening = rig.world.message_with(f"plateau:inka:{game_id}:choose:a6")
        first = "alice" if "🔴 Red chooses" in ex.shown[-1].content else "bob"

        await rig.restart_and_resume(game_id)
        ex = await rig.d.press(
            f"plateau:inka:{game_id}:choose:a6", user=rig[first], message=opening
        )
        assert "on start cell **a6**" in ex.shown[-1].content


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("join:green", ("join", {"seat": "green", "game": "g1"})),
        ("start", ("start", {"game": "g1"})),
        ("choose:l6", ("choose", {"cell": "l6", "game": "g1"})),
        ("take", ("pawn take", {"game": "g1"})),
        ("end", ("end", {"game": "g1"})),
        ("passage:k9", ("pawn passage", {"to": "k9", "game": "g1"})),
        ("join:purple", None),
        ("fly:away", None),
    ],
)
def test_each_button_stands_for_a_command(action: str, expected: Any) -> None:
    assert harness.button_request(InkaButton, action) == expected


def test_the_rules_page_writes_only_commands_the_cog_has() -> None:
    """Every ``/inka ...`` line of docs/rules/inka.md names a real subcommand, option and
    choice, and every subcommand is on the page."""
    assert rules_page_problems("inka", InkaCog) == []
    assert undocumented_commands("inka", InkaCog) == []
