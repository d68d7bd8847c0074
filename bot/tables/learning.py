"""``/<game> learn``: the game's course (``bot.learning.course``), a lesson at a time,
privately. A lesson shows its position, its rule and its task; the learner answers with the
game's own commands (``/loa move move:c6-a8``), which the engine judges: a right answer
finishes the lesson and opens the next, a wrong one is explained (the engine's refusal, or
the lesson's word on a legal move it does not want), and after two misses the answer is
shown. Progress is kept per member and game (``Storage.lessons``).

While a lesson is open, the game's commands answer it when typed in a direct message with
the bot, or anywhere the learner has no game of that kind. :class:`Learning` is a part of
:class:`bot.tables.base.SeatedTable`; it reads the table's hooks."""

from __future__ import annotations

import contextvars
from typing import Any

from bot.i18n import language, t
from bot.i18n_rules import engine_text
from bot.learning.course import Lesson, course, judge, start
from bot.model import Actor, Delivery, Request
from bot.service import LESSON_ROW, TableService, UserError
from bot.storage import GameRow, Progress
from bot.tables.game import TableGame
from bot.tables.hooks import Table

MISSES_BEFORE_ANSWER = 2
# The lesson a command answers, while it runs (set by :meth:`Learning.answering`).
answering: contextvars.ContextVar[Lesson | None] = contextvars.ContextVar("lesson", default=None)
# Refusals that mean "no game of yours here": a command of an open lesson answers it then.
NO_GAME = frozenset({"error.no_game_here", "error.no_lobby_here"})


def lesson_row(lesson: Lesson, rules: Any, learner: Actor) -> GameRow:
    """The lesson as a game row, as the game's commands read one: its config, its position,
    the learner (by name) in the lesson's seat. Never stored."""
    user_id = learner.id
    state = start(lesson)
    return GameRow(
        id=f"lesson-{lesson.id}",
        kind=lesson.kind,
        guild_id=None,
        channel_id=0,
        origin_channel_id=0,
        host_id=user_id,
        status="running",
        config=dict(lesson.config),
        state=rules.to_dict(state),
        meta={
            "seats": {lesson.seat: str(user_id)},
            "locale": language(learner.locale),
            "names": {str(user_id): learner.name},
        },
    )


class Learning:
    """The course of the table's game."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # ------------------------------------------------------------ the course

    async def learn(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> learn [lesson:<n>]``: the open lesson (or the next one not finished),
        or lesson n of the course; privately."""
        table = self.table
        lessons = course(table.kind)
        actor, loc = request.actor, request.actor.locale
        if not lessons:
            raise UserError("learn.no_course", game=t(loc, f"game.{table.kind}"))
        progress = (await service.storage.lessons(actor.id)).get(table.kind, Progress())
        wanted = request.options.get("lesson")
        if wanted is not None and str(wanted).strip():
            text = str(wanted).strip()
            if not text.isdigit() or not 1 <= int(text) <= len(lessons):
                raise UserError("learn.pick_lesson", last=len(lessons))
            lesson = lessons[int(text) - 1]
        else:
            ids = [x.id for x in lessons]
            todo = [x for x in lessons if x.id not in progress.done]
            if progress.current in ids:
                lesson = lessons[ids.index(progress.current)]
            elif todo:
                lesson = todo[0]
            else:
                return [service.private(actor, t(loc, "learn.all_done", last=len(lessons)))]
        misses = progress.misses if lesson.id == progress.current else 0
        await service.storage.set_lesson(
            actor.id, table.kind, Progress(lesson.id, misses, progress.done)
        )
        return [await self.shown(service, request, lesson)]

    async def shown(self, service: TableService, request: Request, lesson: Lesson) -> Delivery:
        """A lesson as the learner sees it: its picture, its rule and its task."""
        table = self.table
        actor, loc = request.actor, request.actor.locale
        lessons = course(table.kind)
        n = [x.id for x in lessons].index(lesson.id) + 1
        words = lesson.text(loc)
        row = lesson_row(lesson, table.rules, actor)
        image = await table.lesson_image(TableGame(row, table.rules), start(lesson), lesson.seat)
        text = t(
            loc,
            "learn.lesson",
            n=n,
            last=len(lessons),
            title=words.title,
            rule=words.rule,
            task=words.task,
            seat=table.seat_label(loc, lesson.seat),
            game=table.kind,
        )
        return service.private(actor, text, files=[image])

    async def open_lesson(self, service: TableService, request: Request) -> Lesson | None:
        """The member's open lesson of this game, if any."""
        table = self.table
        progress = (await service.storage.lessons(request.actor.id)).get(table.kind)
        if progress is None or progress.current is None:
            return None
        return next((x for x in course(table.kind) if x.id == progress.current), None)

    async def answering_lesson(
        self, service: TableService, request: Request, handler: Any
    ) -> list[Delivery]:
        """Run one of the game's commands: as an answer to the member's open lesson when
        typed in a direct message, or where they have no game of this kind; else as ever."""
        table = self.table
        lesson = await self.open_lesson(service, request) if request.place.is_dm else None
        if lesson is None:
            try:
                return await handler(service, request)
            except UserError as refusal:
                if refusal.key not in NO_GAME:
                    raise
                lesson = await self.open_lesson(service, request)
                if lesson is None:
                    raise
        row = lesson_row(lesson, table.rules, request.actor)
        token = answering.set(lesson)
        token_row = LESSON_ROW.set(row)
        try:
            return await handler(service, request)
        finally:
            LESSON_ROW.reset(token_row)
            answering.reset(token)

    async def lesson_answer(
        self, service: TableService, request: Request, lesson: Lesson, action: Any
    ) -> list[Delivery]:
        """The engine's judgement of ``action`` as the answer to ``lesson``."""
        table = self.table
        actor, loc = request.actor, request.actor.locale
        lang = language(loc)
        verdict = judge(lesson, action)
        progress = (await service.storage.lessons(actor.id)).get(table.kind, Progress())
        if verdict.right:
            done = tuple(dict.fromkeys([*progress.done, lesson.id]))
            lessons = course(table.kind)
            at = [x.id for x in lessons].index(lesson.id)
            # The next lesson not finished after this one, then any left before it.
            after = [x for x in [*lessons[at + 1 :], *lessons[:at]] if x.id not in done]
            following = after[0] if after else None
            await service.storage.set_lesson(
                actor.id, table.kind, Progress(following.id if following else None, 0, done)
            )
            said = t(loc, "learn.right", title=lesson.text(loc).title)
            if following is None:
                said += "\n" + t(loc, "learn.course_done", game=t(loc, f"game.of.{table.kind}"))
                return [service.private(actor, said)]
            shown = await self.shown(service, request, following)
            return [service.private(actor, said + "\n\n" + shown.text, files=shown.files)]
        misses = progress.misses + 1 if progress.current == lesson.id else 1
        await service.storage.set_lesson(
            actor.id, table.kind, Progress(lesson.id, misses, progress.done)
        )
        if verdict.refused is not None:  # the engine's refusal, then the lesson's word
            word = (verdict.why or {}).get(lang) or (verdict.why or {}).get("en")
            why = engine_text(loc, verdict.refused) + (f"\n{word}" if word else "")
        elif verdict.why:
            why = verdict.why.get(lang) or verdict.why.get("en", "")
        else:
            why = t(loc, "learn.not_asked", task=lesson.text(loc).task)
        lines = [t(loc, "learn.wrong", why=why)]
        if misses >= MISSES_BEFORE_ANSWER:
            lines.append(t(loc, "learn.answer", command=lesson.command))
        return [service.private(actor, "\n".join(lines))]
