"""The no-progress rule at the table (RULINGS 3): the posts count the last five quiet turns
down, in both languages, and the twentieth ends the game drawn, with its reason."""

from __future__ import annotations

import pytest

import bot.tables.echec as echec_table
from engine.echec.config import NO_PROGRESS_TURNS
from engine.echec.state import OVER

from .console_driver import Table, png_bytes
from .test_echec_console import LOBBY

POSITION = "south: K1a1n I4e2n; north: K1i9s I4e8s; turn: south"


@pytest.fixture(autouse=True)
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(echec_table, "render", lambda seen, *, options: png_bytes())


async def end_turns(table: Table, n: int, first: str = "alice") -> list[str]:
    """``n`` turns ended at once, the players taking turns; each turn's channel text."""
    users = [first, "bob" if first == "alice" else "alice"]
    texts = []
    for i in range(n):
        out = await table.run(f"@{users[i % 2]} /echec end")
        texts.append("\n".join(d["text"] for d in out if d["to"] == "channel"))
    return texts


async def test_the_posts_count_down_from_five_turns_left_then_draw() -> None:
    async with Table() as table:
        await table.run(f'@alice /echec new position:"{POSITION}"\n' + LOBBY)
        texts = await end_turns(table, NO_PROGRESS_TURNS - 1)
        quiet = [t for t in texts if "No progress" in t]
        # After turn 15 ends, turn 16 starts with 5 left; ... turn 20 starts with 1 left.
        assert len(quiet) == 5
        assert "No progress for 15 turns: a draw in 5 turns" in quiet[0]
        assert "a draw in 2 turns" in quiet[3]
        assert "No progress for 19 turns: this turn is the last before a draw" in quiet[4]
        assert all("No progress" not in t for t in texts[:14])
        (last,) = await end_turns(table, 1, first="bob")
        assert "20 turns in a row without progress" in last and "a draw" in last
        _, state = await table.latest()
        assert state is not None and state.phase == OVER


async def test_an_advance_stops_the_countdown_and_french_counts_too() -> None:
    async with Table() as table:
        await table.run(f'@alice /echec new language:fr position:"{POSITION}"\n' + LOBBY)
        texts = await end_turns(table, 16)  # turn 17 starts: 4 left
        assert "Aucun progrès depuis 16 tours : nulle dans 4 tours" in texts[-1]
        out = await table.run("@alice /echec advance unit:e2\n@alice /echec end")
        told = "\n".join(d["text"] for d in out if d["to"] == "channel")
        assert "Aucun progrès" not in told
        _, state = await table.latest()
        assert state is not None and state.turns_to_draw == NO_PROGRESS_TURNS
