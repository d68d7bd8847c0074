"""Clocks at the tables, through the console (the same service as Discord, with its own
clock moved on by ``!wait``): the options refused privately, the clock under each post, the
reminders by DM, each ``timeout`` (a computer player takes over and gives the seat back,
the computer plays one turn, the seat forfeits), Fischer banks in chess, the vote to pause,
and a deadline that outlives a restart."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import ai.levels
from bot.model import is_ai
from tests.bot.console_driver import Table, refused_privately
from tests.bot.test_console import LOBBY4

NOW = 1.8e9  # the console's clock stands still but for !wait: times are exact


@pytest.fixture(autouse=True)
def quick_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player stepping in thinks briefly: these tests are about the clock."""
    budgets = dict(ai.levels.BUDGETS)
    budgets["normal"] = replace(budgets["normal"], iterations=16, seconds=0.2)
    monkeypatch.setattr(ai.levels, "BUDGETS", budgets)


def loa(clock: str) -> str:
    return "\n".join(
        [
            f"@alice /loa new {clock}",
            "@alice /loa join seat:player1",
            "@bob /loa join seat:player2",
            "@alice /loa start",
        ]
    )


async def to_move(table: Table) -> tuple[str, str, Any]:
    """The seat the last game awaits, the name of its holder, and the row."""
    row, state = await table.latest()
    rules = table.console.service.tables[row.kind].rules  # type: ignore[union-attr]
    seat = rules.to_act(state)[0]
    names = {table.console.world.user(n).id: n for n in ("alice", "bob", "carol", "dave")}  # type: ignore[union-attr]
    return seat, names.get(row.seats[seat], "🤖"), row


async def test_clock_options_are_refused_privately_with_what_would_be_right() -> None:
    async with Table(frozen=NOW) as table:
        refused_privately(await table.run("@alice /loa new clock:soon"), "write none")
        refused_privately(await table.run("@alice /loa new clock:10+5"), "is for chess")
        refused_privately(await table.run("@alice /loa new clock:20s"), "from 1 minute")
        refused_privately(await table.run("@alice /loa new timeout:skip"), "give a clock too")
        refused_privately(
            await table.run("@alice /loa new clock:10m timeout:wait"),
            "timeout:wait is not one of ai, skip, forfeit",
        )
        assert await table.storage.unfinished() == []  # type: ignore[union-attr]


async def test_a_late_seat_is_reminded_then_taken_over_and_its_player_takes_it_back() -> None:
    async with Table(frozen=NOW) as table:
        out = await table.run(loa("clock:10m"))
        lobby = [d for d in out if (d.get("edits") or "").startswith("lobby:")][-1]
        assert (
            "⏰ 10m a move; when time runs out, a computer player takes the seat over"
            in (lobby["text"])
        )
        seat, late, row = await to_move(table)
        assert out[-1]["text"].endswith("⏰ White in 10 min")  # under the board

        out = await table.run("!wait 5m")
        assert [(d["to"], d["user"]) for d in out] == [("dm", late)]
        assert "Half your time is gone" in out[0]["text"] and "in 5 min" in out[0]["text"]
        out = await table.run("!wait 4m")
        assert [(d["to"], d["user"]) for d in out] == [("dm", late)]
        assert "runs out in 1 min" in out[0]["text"]

        out = await table.run("!wait 1m")
        assert f"@{late}'s time ran out: 🤖 normal now plays" in out[0]["text"]
        row = (await table.latest())[0]
        holder = row.seats[seat]
        assert is_ai(holder) and row.meta["replaced"] == {
            str(holder): table.console.world.user(late).id
        }  # type: ignore[union-attr]
        # It played at once: the other player is awaited now, with a fresh clock.
        other, waiting, _ = await to_move(table)
        assert other != seat and waiting != "🤖"
        assert any(e.user_id == holder for e in await table.storage.log(row.id))  # type: ignore[union-attr]

        refused_privately(
            await table.run(f"@{waiting} /loa ai seat:{seat} level:remove"), "keeps its seat"
        )
        out = await table.run(f"@{late} /loa ai seat:{seat} level:remove")
        assert (
            f"@{late} takes" in out[0]["text"] and "back from the computer player" in out[0]["text"]
        )
        row = (await table.latest())[0]
        assert row.seats[seat] == table.console.world.user(late).id  # type: ignore[union-attr]
        assert row.meta["ai"] == {} and row.meta["replaced"] == {}


async def test_skip_without_a_pass_lets_the_computer_play_one_turn_for_the_seat() -> None:
    async with Table(frozen=NOW) as table:
        await table.run(loa("clock:1h timeout:skip"))
        seat, late, _ = await to_move(table)
        out = await table.run("!wait 1h")
        assert any("the computer plays this turn" in d["text"] for d in out)
        row = (await table.latest())[0]
        assert row.seats[seat] == table.console.world.user(late).id  # type: ignore[union-attr]
        assert not row.meta.get("ai_turn")  # for that one turn only
        log = await table.storage.log(row.id)  # type: ignore[union-attr]
        assert [e.seat for e in log][-1] == seat
        assert (await to_move(table))[0] != seat


async def test_a_late_army_forfeits_as_if_its_king_fell_but_drafts_first() -> None:
    """``timeout:forfeit`` in Loka: before deployment an army cannot resign, so the computer
    drafts for it; once the battle is on, a late army leaves the field."""
    async with Table(frozen=NOW) as table:
        await table.run(LOBBY4.replace("points:160", "points:160 clock:10m timeout:forfeit"))
        out = await table.run("!wait 10m")
        assert sum("cannot resign yet" in d["text"] for d in out) == 4
        row, state = await table.latest()
        assert state.phase != "selection" and not row.meta.get("ai_turn")
        for _ in range(40):  # deployment, then battle: the late armies leave one by one
            if row.status == "over":
                break
            await table.run("!wait 10m")
            row, state = await table.latest()
        assert row.status == "over"
        assert sum(a.resigned for a in state.armies) == 3  # one team both gone, then a third
        assert state.winners
        assert any("(timeout:forfeit):" in d["text"] for d in table.deliveries())
        assert not any(is_ai(u) for u in row.seats.values())


async def test_fischer_time_in_chess_spends_the_bank_and_adds_the_increment() -> None:
    async with Table(frozen=NOW) as table:
        refused_privately(await table.run("@alice /chess new clock:0+5"), "from 1 to 600")
        await table.run(
            "@alice /chess new color:white clock:1+2 timeout:forfeit\n"
            "@bob /chess join\n@alice /chess start"
        )
        await table.run("!wait 10s\n@alice /chess move move:e4")
        row = (await table.latest())[0]
        banks = row.meta["clock"]["banks"]
        assert banks["white"] == 60 - 10 + 2
        await table.run("!wait 30s\n@bob /chess move move:e5\n!wait 50s")
        assert (await table.latest())[0].status == "running"  # white has 52 s
        out = await table.run("!wait 5s")
        assert any("time ran out (timeout:forfeit):\nWhite resigns." in d["text"] for d in out)
        assert (await table.latest())[0].status == "over"


async def test_every_player_votes_a_pause_and_any_one_resumes() -> None:
    async with Table(frozen=NOW) as table:
        refused_privately(
            await table.run("@alice /loa pause"), "No Lines of Action game is running here"
        )
        await table.run(loa("clock:10m"))
        refused_privately(await table.run("@zed /loa pause"), "only seated players act")
        out = await table.run("@bob /loa pause")
        assert "@bob votes to pause" in out[0]["text"] and "@alice" in out[0]["text"]
        refused_privately(await table.run("@bob /loa pause"), "voted to pause already")
        out = await table.run("@alice /loa pause")
        assert "the clock is paused" in out[0]["text"]
        assert await table.run("!wait 3d") == []  # nothing runs out, nobody is reminded
        out = await table.run("@bob /loa pause")
        assert "@bob starts the clock again" in out[0]["text"]
        out = await table.run("!wait 10m")
        assert any("time ran out" in d["text"] for d in out)


async def test_a_game_without_a_clock_has_nothing_to_pause() -> None:
    async with Table(frozen=NOW) as table:
        await table.run(loa(""))
        refused_privately(await table.run("@alice /loa pause"), "has no clock")
        assert (await table.latest())[0].meta.get("clock") is None


async def test_a_deadline_outlives_a_restart(tmp_path: Any) -> None:
    db = str(tmp_path / "games.db")
    async with Table(db=db, frozen=NOW) as table:
        await table.run(loa("clock:10m timeout:forfeit"))
    async with Table(db=db, frozen=NOW) as table:
        table.console.world.offset = 11 * 60  # type: ignore[union-attr]  # down for 11 minutes
        out = await table.run("!wait 1s")
        assert any("(timeout:forfeit):" in d["text"] for d in out)
        assert (await table.latest())[0].status == "over"
