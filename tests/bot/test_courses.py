"""The courses of ``/<game> learn`` are data, checked here by each game's engine: every
position is legal, every expected answer is accepted, every listed wrong answer gets the
explanation the lesson gives (the engine's own refusal, or the lesson's word on a legal move
it does not want), and a complete course teaches every section of its rules page that states
a rule."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from bot.i18n_rules import engine_text
from bot.learning.course import (
    LANGUAGES,
    PACKAGES,
    Lesson,
    complete,
    course,
    judge,
    rules_of,
    start,
)
from engine.alako import format_position, position_of

RULES_PAGES = Path(__file__).resolve().parents[2] / "docs" / "rules"
PAGE = {"chess": "chess"}  # a kind's rules page, when not named after it
# Sections of the rules pages that state no rule of play: how to type, what the bot shows,
# the computer players, clocks, ratings and the pages' own history.
NOT_RULES = re.compile(
    r"commands|notation|writing moves|perft|computer players|clocks|ratings|replays|"
    r"pictures|what the table shows|what changed|not supported|fair dice|why this temple|"
    r"board, pgn and import|learning, hints",
    re.IGNORECASE,
)

LESSONS = [lesson for kind in PACKAGES for lesson in course(kind)]


def _id(lesson: Lesson) -> str:
    return f"{lesson.kind}-{lesson.id}"


def test_some_course_is_written() -> None:
    assert course("loa"), "the Lines of Action course"


@pytest.mark.parametrize("lesson", LESSONS, ids=_id)
def test_each_lesson_is_a_legal_position_whose_answers_the_engine_accepts(lesson: Lesson) -> None:
    state = start(lesson)
    rules = rules_of(lesson.kind)
    assert rules.outcome(state) is None, "a lesson's game is not over before the task"
    assert lesson.seat in rules.to_act(state), f"{lesson.seat} has the move"
    for answer in lesson.answers:
        assert judge(lesson, answer).right, answer
    # The command shown after two misses plays the first answer.
    assert lesson.command.startswith(f"/{lesson.kind} ")
    for language in LANGUAGES:
        words = lesson.words[language]
        assert words.title and words.task and 2 <= words.rule.count(".") + 1 <= 5


@pytest.mark.parametrize("lesson", LESSONS, ids=_id)
def test_each_wrong_answer_is_explained(lesson: Lesson) -> None:
    assert lesson.wrong, "a lesson lists the likely mistakes"
    for wrong in lesson.wrong:
        verdict = judge(lesson, wrong.action)
        assert not verdict.right, wrong.action
        if verdict.refused is not None:  # the engine's own refusal says it, in each language
            for language in LANGUAGES:
                assert engine_text(language, verdict.refused)
        else:  # legal, but not what the lesson asks: the lesson says why, in each language
            assert verdict.why is not None
            assert all(verdict.why.get(language) for language in LANGUAGES), wrong.action


def test_an_answer_nobody_listed_is_still_judged() -> None:
    lesson = next(lesson for lesson in course("loa") if lesson.id == "moving")
    assert not judge(lesson, "a1-a2").right  # no piece there: the engine refuses
    assert judge(lesson, "a1-a2").refused is not None
    other = judge(lesson, "e5-d5")  # legal, unlisted: not what the task asks, no word
    assert not other.right and other.refused is None and other.why == {}


def _rule_sections(kind: str) -> list[str]:
    page = (RULES_PAGES / f"{PAGE.get(kind, kind)}.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (.+)$", page, re.MULTILINE)
    return [s.strip() for s in sections if not NOT_RULES.search(s)]


@pytest.mark.parametrize("kind", [k for k in PACKAGES if complete(k)])
def test_a_complete_course_teaches_every_rule_section(kind: str) -> None:
    covered = {section for lesson in course(kind) for section in lesson.covers}
    missing = [s for s in _rule_sections(kind) if s not in covered]
    assert not missing, f"{kind}: no lesson for {missing}"


@pytest.mark.parametrize("kind", PACKAGES)
def test_lessons_cover_sections_that_exist(kind: str) -> None:
    sections = set(_rule_sections(kind))
    for lesson in course(kind):
        assert set(lesson.covers) <= sections, f"{lesson.id}: {lesson.covers}"


def test_the_cannon_lesson_spins_the_cannon() -> None:
    """A lesson's dice come from its id: the cannon lesson's words say its spin fires."""
    lesson = next(lesson for lesson in course("alako") if lesson.id == "a-breach")
    rules = rules_of("alako")
    after, _ = rules.apply(start(lesson), rules.parse_action("spin"), lesson.seat)
    assert "Wb8n" in lesson.position and "Wb8n" not in format_position(position_of(after))


def _lesson(kind: str, lesson_id: str) -> Lesson:
    return next(lesson for lesson in course(kind) if lesson.id == lesson_id)


def test_a_refused_mistake_may_carry_the_lessons_word() -> None:
    """The engine's refusal says what is wrong; a lesson may add why, in each language
    (Loka's refusals list where a piece can go, not that a marsh ends its move)."""
    lesson = _lesson("loka", "marsh")
    verdict = judge(lesson, "d4-d8")  # another spelling of the listed d4d8
    assert verdict.refused is not None and verdict.why is not None
    assert "marsh" in verdict.why["en"] and "marais" in verdict.why["fr"]
    assert judge(lesson, "d4d9").why is None  # refused, not listed: the refusal alone
    for lesson in LESSONS:
        for wrong in lesson.wrong:
            if wrong.why:
                assert all(wrong.why.get(language) for language in LANGUAGES), wrong.action


def test_the_lessons_that_name_their_dice_name_them_right() -> None:
    """A lesson's dice come from its id: the words that name a roll or a draw hold."""
    super_d20 = _lesson("loka", "super-d20")
    pending = start(super_d20).pending
    assert "shows 1 against the pawn's 3" in super_d20.text("en").task
    assert (pending.holder, pending.attack_roll, pending.defence_roll) == ("attack", 1, 3)
    deploy = _lesson("loka", "deploy-king")  # "your D20 was the lowest": Fire deploys first
    assert rules_of("loka").to_act(start(deploy)) == ("fire",)
    place = _lesson("inka", "setup-place")  # "you drew path rhombus 10"
    assert "rhombus 10" in place.text("en").task
    assert all(str(a).startswith("place 10 ") for a in rules_of("inka").legal_actions(start(place)))


def test_an_answer_is_judged_by_what_it_does_not_how_it_is_written() -> None:
    moving = next(x for x in course("loa") if x.id == "moving")
    for typed in ("c6xa8", "c6-a8", "C6-A8"):
        assert judge(moving, typed).right, typed
    capture = next(x for x in course("chess") if x.id == "capture")
    assert judge(capture, "Nf3xe5").right or judge(capture, "f3e5").right


# Legal actions judged per lesson by default (every one with PLATEAU_TEST_ALL_ACTIONS=1): a
# Loka draft lesson has some two hundred.
ACTIONS_JUDGED = None if os.environ.get("PLATEAU_TEST_ALL_ACTIONS") else 40


@pytest.mark.parametrize("lesson", LESSONS, ids=_id)
def test_no_legal_action_but_the_answers_is_right(lesson: Lesson) -> None:
    """Answers are judged by the position they lead to, dice included: another action of the
    seat never passes for one, not even an attack repelled like the answer's."""
    rules = rules_of(lesson.kind)
    state = start(lesson)
    answers = {str(rules.parse_action(a)) for a in lesson.answers}
    legal = rules.legal_actions(state, lesson.seat)
    step = 1 if ACTIONS_JUDGED is None else max(1, len(legal) // ACTIONS_JUDGED)
    judged = legal[::step] + [a for a in legal if str(a) in answers]
    for action in judged:
        assert judge(lesson, action).right == (str(action) in answers), str(action)
