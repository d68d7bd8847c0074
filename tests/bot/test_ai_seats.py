"""Computer players at the tables, through the console (the very same service as Discord):
seated from the lobby by the host (command and button), replaced by a person who joins,
handed a seat during a game, playing as soon as they are awaited, told nothing privately,
deciding from their seat's view only, and playing whole games of every game to their end.

``PLATEAU_AI_GAMES=N`` plays N whole games of each game (one by default)."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import pytest

import ai.levels
import ai.player
import bot.autoplay
from bot.model import is_ai
from tests.bot.console_driver import Table, refused_privately
from tests.bot.test_inka_console import ENDGAME

GAMES = int(os.environ.get("PLATEAU_AI_GAMES", "1"))


@pytest.fixture(autouse=True)
def quick_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels with small budgets: these tests are about the table, not the AI's strength
    (tests/ai and bench/ai.py are); ``normal`` keeps the game's knowledge."""
    budgets = dict(ai.levels.BUDGETS)
    budgets["easy"] = replace(budgets["easy"], iterations=8)
    budgets["normal"] = replace(budgets["normal"], iterations=24, seconds=0.3)
    budgets["strong"] = replace(budgets["strong"], iterations=32, seconds=0.3)
    monkeypatch.setattr(ai.levels, "BUDGETS", budgets)


def texts(out: list[dict]) -> list[str]:
    return [d["text"] for d in out]


def awaited(table: Table, kind: str, state: Any) -> str:
    """The seat the game waits for."""
    rules = table.console.service.tables[kind].rules  # type: ignore[union-attr]
    (seat,) = rules.to_act(state)
    return seat


def lobby(out: list[dict]) -> dict:
    return [d for d in out if d.get("edits", "") and d["edits"].startswith("lobby:")][-1]


async def test_the_host_seats_changes_and_removes_computer_players_in_the_lobby() -> None:
    async with Table() as table:
        await table.run("@alice /loa new")
        game_id, _ = await table.game()
        refused_privately(await table.run("@bob /loa ai seat:player2"), "Only the host")
        refused_privately(
            await table.run("@alice /loa ai seat:player2 level:hard"),
            "Pick the computer player's level: easy, normal, strong, remove",
        )
        await table.run("@alice /loa join seat:player1")  # the host's seat, now by choice
        refused_privately(await table.run("@alice /loa ai seat:player1"), "is taken by @alice")
        refused_privately(await table.run("@alice /loa ai seat:player3"), "Choose a seat")

        out = await table.run("@alice /loa ai seat:player2 level:strong")
        post = lobby(out)
        assert "Player 2: 🤖 strong" in post["text"]
        prefix = f"plateau:loa:{game_id}"
        assert f"{prefix}:ai:player2:remove" in post["buttons"]
        assert f"{prefix}:ai:player2:normal" not in post["buttons"]
        row = (await table.game())[1]["row"]
        (ai_id,) = [u for u in row.seats.values() if is_ai(u)]
        assert row.meta["ai"] == {str(ai_id): "strong"}

        # A person who joins takes the computer player's seat.
        out = await table.run("@bob /loa join seat:player2")
        assert "Player 2: @bob" in lobby(out)["text"]
        row = (await table.game())[1]["row"]
        assert not any(is_ai(u) for u in row.seats.values()) and row.meta["ai"] == {}
        refused_privately(
            await table.run("@alice /loa ai seat:player2 level:remove"), "is taken by @bob"
        )

        # The lobby's button seats a normal one; its remove button frees the seat again.
        await table.run("@bob /loa leave")
        out = await table.run(f"!press @alice {prefix}:ai:player2:normal")
        assert "Player 2: 🤖 normal" in lobby(out)["text"]
        out = await table.run(f"!press @alice {prefix}:ai:player2:remove")
        assert "Player 2: free" in lobby(out)["text"]
        refused_privately(
            await table.run("@alice /loa ai seat:player2 level:remove"), "No computer player"
        )


async def test_a_game_needs_a_person_to_start() -> None:
    async with Table() as table:
        await table.run("@alice /loa new\n@alice /loa leave")
        await table.run("@alice /loa ai seat:player1 level:easy\n@alice /loa ai seat:player2")
        refused_privately(await table.run("@alice /loa start"), "take a seat yourself")
        _, game = await table.game()
        assert game["row"].status == "lobby"


def alako_opening(north: str) -> str:
    """An Alako game north begins: alice (the host) sits south, ``north`` fills north."""
    return "\n".join(
        [
            "@alice /alako new first:north",
            "@alice /alako join seat:south",
            north,
            "@alice /alako start",
        ]
    )


async def test_a_computer_player_answers_at_once_and_is_told_nothing_privately() -> None:
    async with Table() as table:
        await table.run(alako_opening("@alice /alako ai seat:north level:easy"))
        _, game = await table.game()
        # North (the computer player) moved first, by itself: the turn is alice's.
        assert awaited(table, "alako", game["state"]) == "south"
        log = await table.storage.log(game["row"].id)  # type: ignore[union-attr]
        assert any(is_ai(e.user_id) and e.seat == "north" for e in log)
        await table.run("@alice /alako spin")
        assert all(d["to"] == "channel" or d["user"] == "alice" for d in table.deliveries())


async def test_a_player_hands_their_seat_over_and_the_host_one_long_awaited() -> None:
    async with Table() as table:
        await table.run(alako_opening("@bob /alako join seat:north"))
        _, game = await table.game()
        assert awaited(table, "alako", game["state"]) == "north"  # bob's turn
        refused_privately(await table.run("@carol /alako ai seat:north"), "your own seat")
        refused_privately(await table.run("@alice /alako ai seat:north"), "awaited for 24 h")
        await table.run("!wait 25h")
        out = await table.run("@alice /alako ai seat:north level:easy")
        assert "🤖 easy now plays 🔵 North." in texts(out)[0]
        # It played north's turn at once: alice is awaited again.
        _, game = await table.game()
        assert awaited(table, "alako", game["state"]) == "south"
        log = await table.storage.log(game["row"].id)  # type: ignore[union-attr]
        assert is_ai(log[-1].user_id) and log[-1].seat == "north"
        refused_privately(
            await table.run("@alice /alako ai seat:north level:remove"), "keeps its seat"
        )
        refused_privately(
            await table.run("@bob /alako ai seat:north level:strong"), "Only the host"
        )
        out = await table.run("@alice /alako ai seat:north level:strong")
        assert "🤖 strong now plays 🔵 North." in texts(out)[0]
        # Alice hands her own seat over at any time: the computer players finish the game.
        out = await table.run("@alice /alako ai seat:south level:easy")
        _, game = await table.game()
        assert game["row"].status == "over"


async def test_a_computer_player_decides_from_its_view_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Loka's armies are chosen in secret: what the table hands a computer player is its
    seat's view (the enemy's drafts hidden), never the state."""
    seen: list[tuple[str, Any]] = []

    def spy(kind: str, view: Any, seat: str, level: str, seed: int | None = None) -> str:
        seen.append((seat, view))
        return ai.player.decision(kind, view, seat, level, seed)

    monkeypatch.setattr(bot.autoplay, "decision", spy)
    async with Table() as table:
        await table.run(
            "@alice /loka new players:2\n@alice /loka join army:fire\n"
            "@alice /loka ai army:earth level:easy\n@alice /loka start"
        )
        row = (await table.game())[1]["row"]
        real = table.state_of(row)
        assert {seat for seat, _ in seen} == {"earth", "air"}  # its two armies drafted
        fire = real.geometry.seat_index["fire"]
        for _, view in seen:
            assert view.phase == "selection"
            assert view.armies[fire].hidden  # alice's team's drafts stay hers
            assert view.dice.seed != real.dice.seed  # and the dice's seed stays secret


def _script(kind: str, level: str) -> list[str]:
    """A game whose every seat but alice's is a computer player; alice hands hers over as
    soon as it starts, so that the computer players play it to its end."""
    seats = {
        "alako": ("south", ["north"], ""),
        "chess": ("", ["black"], ""),
        "echec": ("south", ["north"], " level:2 placement:secret"),
        "inka": ("red", ["blue"], " players:2"),
        "loa": ("player1", ["player2"], " variant:parachute"),
        "loka": ("fire", ["earth", "water", "air"], ""),
    }
    mine, others, options = seats[kind]
    name = "army" if kind == "loka" else "seat"
    lines = [f"@alice /{kind} new{options}"]
    if mine:
        lines.append(f"@alice /{kind} join {name}:{mine}")
    lines += [f"@alice /{kind} ai {name}:{seat} level:{level}" for seat in others]
    lines.append(f"@alice /{kind} start")
    return lines


LEVEL_FOR = {"chess": "easy"}  # Stockfish; the others' small "normal" keeps their knowledge


@pytest.mark.parametrize("kind", ["alako", "chess", "echec", "inka", "loa", "loka"])
async def test_computer_players_play_a_whole_game_to_its_end(kind: str) -> None:
    level = LEVEL_FOR.get(kind, "normal")
    for seed in range(GAMES):
        async with Table(seed=seed) as table:
            script = _script(kind, level)
            if kind == "inka" and "PLATEAU_AI_GAMES" not in os.environ:
                # From its start a game takes some 700 decisions (minutes; PLATEAU_AI_GAMES
                # plays it): by default from near its end (red's last statue, then an exit).
                script[0] += f' position:"{ENDGAME}"'
            await table.run("\n".join(script))
            row = (await table.game())[1]["row"]
            mine = [s for s, u in row.seats.items() if not is_ai(u)]
            assert mine, "alice sits"
            await table.run(f"@alice /{kind} ai {'army' if kind == 'loka' else 'seat'}:{mine[0]}")
            _, game = await table.game()
            row, state = game["row"], game["state"]
            assert row.status == "over", f"{kind} did not end"
            rules = table.console.service.tables[kind].rules  # type: ignore[union-attr]
            assert rules.outcome(state) is not None
            log = await table.storage.log(row.id)  # type: ignore[union-attr]
            # Inka from near its end: red takes its last statue and walks out in a few turns.
            endgame = kind == "inka" and "PLATEAU_AI_GAMES" not in os.environ
            assert sum(is_ai(e.user_id) for e in log) >= (2 if endgame else 10)
            people = {d["user"] for d in table.deliveries() if d["to"] != "channel"}
            assert people <= {"alice"}, people


async def test_an_awaited_computer_player_plays_after_a_restart(tmp_path: Any) -> None:
    db = str(tmp_path / "games.db")
    async with Table(db=db) as table:
        table.console.service.autoplay.sink = None  # type: ignore[union-attr]  # as if it stopped
        await table.run(alako_opening("@alice /alako ai seat:north level:easy"))
        _, game = await table.game()
        assert awaited(table, "alako", game["state"]) == "north"
    async with Table(db=db) as table:
        await table.run("")  # the restart resumed the game: its computer player plays
        _, game = await table.game()
        assert awaited(table, "alako", game["state"]) == "south"


async def test_team_messages_reach_people_only() -> None:
    """Loka's team chat goes to the allies by DM: a computer ally is sent nothing, and a
    computer player never writes."""
    async with Table() as table:
        lines = ["@alice /loka new players:4", "@alice /loka join army:fire"]
        lines += ["@bob /loka join army:water", "@alice /loka ai army:earth level:easy"]
        await table.run("\n".join([*lines, "@alice /loka ai army:air", "@alice /loka start"]))
        out = await table.run("@alice /loka team message:we attack the east")
        dms = [d for d in out if d["to"] == "dm"]
        assert [d["user"] for d in dms] == ["bob"] and "we attack the east" in dms[0]["text"]
        assert {d["user"] for d in table.deliveries() if d["to"] != "channel"} <= {"alice", "bob"}
        row = (await table.game())[1]["row"]
        log = await table.storage.log(row.id)  # type: ignore[union-attr]
        ai_seats = {s for s, u in row.seats.items() if is_ai(u)}
        assert ai_seats == {"earth", "air"}
        assert all(e.seat in ai_seats for e in log if is_ai(e.user_id))
        assert {e.seat for e in log if is_ai(e.user_id)} == ai_seats  # both drafted at once
