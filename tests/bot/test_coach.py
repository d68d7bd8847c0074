"""The computer as a coach, through the console table: a lesson answered with the game's
own commands and judged by the engine; a hint in a game opened with hints:on, from the
seat's own view, counted and said at the end; a review of a finished game, its progress
edited in place, its turning points and picture; a review of a record from elsewhere."""

from __future__ import annotations

from typing import Any

import pytest

from ai import review as ai_review
from bot.learning.course import course
from bot.model import Place, Request
from bot.tables import coach
from tests.bot.console_driver import Table, refused_privately
from tests.bot.test_replays import FOOLS_MATE, NOW

MATED = FOOLS_MATE + "@bob /chess move move:Qh4#\n"


def private(out: list[dict[str, Any]], user: str) -> list[dict[str, Any]]:
    return [d for d in out if d["to"] == "private" and d["user"] == user]


async def test_a_lesson_is_shown_answered_explained_and_kept() -> None:
    lessons = course("loa")
    async with Table(frozen=NOW) as table:
        (shown,) = await table.run("@zed /loa learn lesson:3")
        moving = lessons[2]
        assert shown["to"] == "private" and shown["images"]
        assert "Lesson 3 of" in shown["text"] and moving.text("en").task in shown["text"]
        # A move the engine refuses: its own refusal. A legal one the task does not want:
        # the lesson's word. The second miss shows the answer.
        (first,) = await table.run("@zed /loa move move:c6-b7")
        assert first["text"].startswith("❌") and "moves exactly 2" in first["text"]
        assert "The answer" not in first["text"]
        (second,) = await table.run("@zed /loa move move:b4-b6")
        assert moving.wrong[1].why["en"] in second["text"]
        assert f"The answer: {moving.command}" in second["text"]
        (right,) = await table.run("@zed /loa move move:c6-a8")
        assert right["text"].startswith("✅") and "Lesson 4 of" in right["text"]
        assert right["images"]
        progress = (await table.storage.lessons(table.console.world.user("zed").id))["loa"]  # type: ignore[union-attr]
        assert moving.id in progress.done and progress.current == lessons[3].id
        # The course resumes where it stopped; a learner's French is the lesson's French.
        await table.run("!locale @zed fr")
        (again,) = await table.run("@zed /loa learn")
        assert "Leçon 4 sur" in again["text"] and lessons[3].text("fr").task in again["text"]
        refused_privately(await table.run("@zed /loa learn lesson:99"), "de 1 à")


async def test_a_real_game_keeps_its_commands_while_a_lesson_is_open() -> None:
    async with Table(frozen=NOW) as table:
        await table.run("@alice /loa learn")
        await table.run(
            "@alice /loa new\n@alice /loa join seat:player1\n@bob /loa join seat:player2\n"
            "@alice /loa start"
        )
        row, _ = await table.latest()
        white = next(s for s, u in row.seats.items() if s == "white")
        mover = "alice" if table.console.world.user("alice").id == row.seats[white] else "bob"  # type: ignore[union-attr]
        out = await table.run(f"@{mover} /loa move move:a2-a4")  # a2-a4 is refused in play
        assert not any(d["text"].startswith(("✅", "❌")) for d in out)


async def test_a_hint_comes_from_the_seats_view_is_counted_and_said_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[Any] = []
    real = ai_review.hint

    def spy(kind: str, view: Any, seat: str, seed: int, **kw: Any) -> Any:
        seen.append((kind, view, seat))
        return real(kind, view, seat, seed, **kw)

    monkeypatch.setattr(coach, "hint", spy)
    async with Table(frozen=NOW) as table:
        refused_privately(
            await table.run("@alice /chess new color:white hints:on rated:yes"), "not both"
        )
        await table.run("@alice /chess new color:white hints:on\n@bob /chess join")
        await table.run("@alice /chess start")
        (said,) = private(await table.run("@alice /chess hint"), "alice")
        assert "hint 1 of this game" in said["text"] and "1. `" in said["text"]
        row, _ = await table.latest()
        kind, view, seat = seen[-1]
        from engine.standard_chess import RULES

        assert (kind, seat) == ("chess", "white")
        assert view == RULES.view(RULES.from_dict(row.state), "white")
        refused_privately(await table.run("@bob /chess hint"), "not your turn")
        out = await table.run(MATED.split("@alice /chess start\n", 1)[1])
        end = [d for d in out if d["to"] == "channel" and "Hints taken" in d["text"]]
        assert end and "White 1, Black 0" in end[-1]["text"]
        row, _ = await table.latest()
        assert row.meta["hints"] == {"white": 1} and row.meta["rated"] is False


async def test_hints_are_only_for_games_opened_with_them() -> None:
    async with Table(frozen=NOW) as table:
        await table.run("@alice /chess new color:white\n@bob /chess join\n@alice /chess start")
        refused_privately(await table.run("@alice /chess hint"), "hints:on")


async def test_a_review_shows_progress_then_the_turning_points_and_a_picture() -> None:
    async with Table(frozen=NOW) as table:
        await table.run(MATED)
        row, _ = await table.latest()
        out = await table.run("@carol /chess review")  # the console waits for it to end
        (started,) = private(out, "carol")
        assert "Reviewing 4 actions" in started["text"]
        posts = [d for d in out if d["to"] == "channel" and d["edits"] == f"review:{row.id}"]
        assert posts[0]["text"].startswith("🔎") and "0 of 4" in posts[0]["text"]
        final = posts[-1]
        assert "Review of Chess" in final["text"] and final["images"]
        assert "`g4` (blunder)" in final["text"] and "Action 3" in final["text"]
        assert "alice (White)" in final["text"]
        assert table.console is not None
        assert coach.desk(table.console.service).made == 1


async def test_a_review_waits_for_the_end_and_reads_a_record_from_elsewhere() -> None:
    async with Table(frozen=NOW) as table:
        await table.run("@alice /chess new color:white\n@bob /chess join\n@alice /chess start")
        refused_privately(await table.run("@alice /chess review"), "once the game is over")
        refused_privately(await table.run("@dave /chess review record:not a pgn"), "PGN")
        assert table.console is not None
        console = table.console
        pgn = '[White "Ann"]\n[Black "Ben"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
        place = Place(console.world.channel_id("general"), guild_id=2)
        asked = Request("chess", "review", console.world.user("dave"), place, {"record": pgn})
        (said,) = await console.service.handle(asked)
        assert said.to == "private" and "direct message" in said.text
        await console.service.autoplay.idle()  # the review went to dave's DMs meanwhile
        dms = [d for d in table.deliveries() if d["to"] == "dm" and d["user"] == "dave"]
        assert dms[0]["text"].startswith("🔎") and dms[0]["edits"] == dms[-1]["edits"]
        assert "Review of a Chess record" in dms[-1]["text"] and dms[-1]["images"]
        assert "Ann (White)" not in dms[-1]["text"] and "Ann" in dms[-1]["text"]
        assert coach.desk(console.service).made == 1


async def test_the_profile_shows_the_courses_taken() -> None:
    from bot.storage import Progress

    async with Table(frozen=NOW) as table:
        assert table.console is not None and table.storage is not None
        zed = table.console.world.user("zed").id
        (before,) = await table.run("@zed /plateau profile")
        assert "Courses" not in before["text"]
        loa = [lesson.id for lesson in course("loa")]
        await table.storage.set_lesson(zed, "loa", Progress(None, 0, tuple(loa)))
        await table.storage.set_lesson(zed, "chess", Progress("x", 1, (course("chess")[0].id,)))
        (after,) = await table.run("@zed /plateau profile")
        total = len(course("chess"))
        assert (
            f"Courses: Chess 1/{total}, Lines of Action ✓ (all {len(loa)} lessons)" in after["text"]
        )


async def test_the_hints_taken_are_in_the_record_which_still_reads_back() -> None:
    from engine.record import GameRecord

    async with Table(frozen=NOW) as table:
        await table.run("@alice /loa new hints:on\n@alice /loa join seat:player1")
        await table.run("@bob /loa join seat:player2\n@alice /loa start")
        assert table.console is not None
        world, service = table.console.world, table.console.service
        row, state = await table.latest()
        seat = state.seat_to_move
        mover = "alice" if row.seats[seat] == world.user("alice").id else "bob"
        await table.run(f"@{mover} /loa hint")
        place = Place(world.channel_id("general"), guild_id=1)
        (said,) = await service.handle(Request("loa", "export", world.user(mover), place, {}))
        text = said.files[0].data.decode()
        assert f'[Hints "{seat} 1, ' in text or f', {seat} 1"]' in text
        record = GameRecord.parse_text(text)
        assert record.game == "loa" and record.game_id == row.id
