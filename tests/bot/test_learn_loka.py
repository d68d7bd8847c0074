"""Loka's lessons at the console table: the secret draft (no board yet: the learner's army
card), answered with /loka army add and /loka army confirm, and resigning with /loka resign,
each judged as the lesson's answer and never stored as a game."""

from __future__ import annotations

from bot.learning.course import course
from tests.bot.console_driver import Table
from tests.bot.test_replays import NOW


def _number(lesson_id: str) -> int:
    return [lesson.id for lesson in course("loka")].index(lesson_id) + 1


async def test_the_draft_lessons_are_answered_with_the_army_commands() -> None:
    async with Table(frozen=NOW) as table:
        (shown,) = await table.run(f"@zed /loka learn lesson:{_number('draft')}")
        assert shown["images"], "the army card stands for the board while armies are chosen"
        (wrong,) = await table.run("@zed /loka army add piece:pawn count:3")
        assert wrong["text"].startswith("❌") and "170 points" in wrong["text"]
        (right,) = await table.run("@zed /loka army add piece:pawn count:2")
        assert right["text"].startswith("✅")
        await table.run(f"@zed /loka learn lesson:{_number('confirm')}")
        (right,) = await table.run("@zed /loka army confirm")
        assert right["text"].startswith("✅")
        assert table.storage is not None
        async with table.storage.db.execute("SELECT COUNT(*) FROM games") as rows:
            assert (await rows.fetchone())[0] == 0  # lessons are never stored as games


async def test_the_resigning_lesson_is_answered_with_resign_and_asks_nothing() -> None:
    async with Table(frozen=NOW) as table:
        await table.run(f"@zed /loka learn lesson:{_number('resign')}")
        out = await table.run("@zed /loka resign")
        assert len(out) == 1 and out[0]["text"].startswith("✅") and not out[0]["buttons"]


async def test_a_refused_mistake_shows_the_refusal_then_the_lessons_word() -> None:
    marsh = course("loka")[_number("marsh") - 1]
    async with Table(frozen=NOW) as table:
        await table.run(f"@zed /loka learn lesson:{_number('marsh')}")
        (wrong,) = await table.run("@zed /loka move from:d4 to:d8")
        refusal, word = wrong["text"].split("\n")[:2]
        assert "cannot go to d8" in refusal and word == marsh.wrong[0].why["en"]
