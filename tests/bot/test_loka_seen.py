"""What a Loka player sees (issue 30), through the console: a clock that runs out during
army selection leaves a full army, not a half-built draft; the ritual rolls (the terrain
tiles' D8, who places first) are shown as rolls; a refusal names what happened."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ai.levels
import bot.tables.loka as loka_table
from bot.i18n import t
from engine.loka.setup import draft_cost
from tests.bot.console_driver import Table, refused_privately
from tests.bot.test_console import LOBBY4, FakeImages

NOW = 1.8e9  # the console's clock stands still but for !wait


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stand-in images, and a computer player that thinks briefly."""
    monkeypatch.setattr(loka_table, "images", FakeImages)
    budgets = dict(ai.levels.BUDGETS)
    budgets["normal"] = replace(budgets["normal"], iterations=16, seconds=0.2)
    monkeypatch.setattr(ai.levels, "BUDGETS", budgets)


async def test_a_clock_running_out_mid_draft_leaves_a_full_legal_army() -> None:
    async with Table(frozen=NOW) as table:
        await table.run(LOBBY4.replace("points:160", "points:160 clock:10m"))
        await table.run(
            "@alice /loka army add piece:queen\n@alice /loka army confirm\n"
            "@bob /loka army add piece:rook\n@bob /loka army confirm\n"
            "@dave /loka army add piece:knight\n@dave /loka army confirm\n"
            "@carol /loka army add piece:rook"  # a king and a rook: 50 of 160 points
        )
        _, state = await table.latest()
        assert state.armies[2].draft == (0, 1, 0, 0, 0) and not state.armies[2].confirmed
        out = await table.run("!wait 10m")
        assert any("time ran out" in d["text"] for d in out)
        _, state = await table.latest()
        water = state.armies[2]
        assert water.confirmed and state.phase != "selection"
        config = state.config
        cheapest = min(config.costs[k] for k in (2, 3, 4, 5, 6))
        assert water.draft[1] >= 1  # the rook drafted is kept
        assert 160 - cheapest < draft_cost(config, water.draft) <= 160
        assert sum(1 for n in water.draft if n) >= 3 and max(water.draft) <= 4


TWO_PLAYERS = (
    "@alice /loka new players:2\n@alice /loka join army:fire\n@bob /loka join army:earth\n"
    "@alice /loka start"
)


async def test_asking_again_for_armies_handed_to_the_computer_says_what_happened() -> None:
    async with Table(seed=1) as table:
        await table.run(TWO_PLAYERS + "\n@bob /loka ai army:earth level:normal")
        handed = "You handed 🌿 Earth + 🌪️ Air to the computer player"
        back = "/loka ai army:earth level:remove"
        # In the game's channel, and from anywhere else (bob sits in no game any more).
        for script in ("@bob /loka ai army:air", "#elsewhere\n@bob /loka ai army:air"):
            (refused,) = refused_privately(await table.run(script), handed)
            assert back in refused and "@alice" in refused and "No Loka game" not in refused
        out = await table.run("@bob /loka ai army:air level:remove")
        assert any("@bob takes 🌿 Earth + 🌪️ Air back" in d["text"] for d in out)
    said = t("fr", "loka.handed_to_ai", armies="A", ai="B", command="C", host="D")
    assert said.startswith("Vous avez confié A au joueur ordinateur (B)") and "C" in said


TWO = {"fire": "alice", "earth": "bob", "water": "alice", "air": "bob"}
CONFIRM_ALL = "\n".join(f"@{u} /loka army confirm army:{a}" for a, u in TWO.items())


@pytest.mark.parametrize(
    ("language", "placer", "draws"),
    [
        ("en", "🎲 D{die} for the first placer (1 🔥 Fire · 2 🌿 Earth", "draws a tile: D{die} → "),
        (
            "fr",
            "🎲 D{die} pour le premier à poser (1 🔥 Feu · 2 🌿 Terre",
            "tire une tuile : D{die} → ",
        ),
    ],
)
async def test_the_terrain_rituals_are_shown_as_the_rolls_of_the_log(
    language: str, placer: str, draws: str
) -> None:
    """RULINGS 0: who places first and which tile is drawn are rolls, shown with their die
    and value, the very rolls of the game's log."""
    async with Table(seed=1) as table:
        await table.run(
            f"@alice /loka new players:2 tiles:4 language:{language}\n"
            "@alice /loka join army:fire\n@bob /loka join army:earth\n@alice /loka start"
        )
        out = await table.run(CONFIRM_ALL)
        post = next(d["text"] for d in out if d["to"] == "channel" and "🎲" in d["text"])
        row, state = await table.latest()
        log = await table.storage.log(row.id)  # type: ignore[union-attr]
        rolls = [(die, value) for _, die, value in log[-1].rolls]
        shown = [line for line in post.split("\n") if line.startswith("🎲")]
        assert len(shown) == 1 + 4 and len(state.tiles) == 4  # no portal with this seed
        die, value = rolls[0]
        first = shown[0]
        assert first.startswith(placer.format(die=die)) and f"{value} → " in first
        # Each placement: the tile's draw (9 tiles, then 8, ...), then its two D6.
        for k, line in enumerate(shown[1:]):
            die, value = rolls[1 + 3 * k]
            assert die == 9 - k and f"{draws.format(die=die)}{value}," in line
