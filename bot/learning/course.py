"""A game's course: its lessons, as data (``bot/learning/<kind>.toml``), each checked by the
game's own engine.

A lesson is a small position (a position text, or the game's start and the actions that
lead to the lesson, for phases a position text cannot write: a secret army draft, a secret
placement), the rule in two or three sentences, and a task: an action of the learner's seat.
``answers`` lists the actions the lesson accepts, in the engine's lossless text form; the
game's own command that plays the first is shown after two misses. ``wrong`` lists likely
mistakes: one the engine refuses is explained by the engine's own refusal (the lesson may add
a word); one the engine allows but the lesson does not want has the lesson's explanation.

    [[lesson]]
    id = "moving"                       # unique in the course, stable (progress keeps it)
    covers = ["2. Moving"]              # the sections of docs/rules/<kind>.md it teaches
    config = { variant = "standard" }   # the game's config (its ``from_dict``)
    position = "black: b1 ...; turn: black"   # or ``before``: [[seat, action], ...] from the start
    seat = "black"
    answers = ["b1-d3"]
    command = "/loa move move:b1-d3"
    en = { title = "...", rule = "...", task = "..." }
    fr = { title = "...", rule = "...", task = "..." }
    [[lesson.wrong]]
    action = "b1-b4"
    en = "..."                          # required when the engine allows the action
    fr = "..."
"""

from __future__ import annotations

import functools
import importlib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import EngineError

FOLDER = Path(__file__).parent
LANGUAGES = ("en", "fr")
# The engine package of each game kind the bot offers, and its config class.
PACKAGES = {
    "loka": ("loka", "LokaConfig"),
    "loa": ("loa", "LoaConfig"),
    "echec": ("echec", "EchecConfig"),
    "inka": ("inka", "InkaConfig"),
    "alako": ("alako", "AlakoConfig"),
    "chess": ("standard_chess", "ChessConfig"),
}
SEED = b"lesson"  # a lesson's dice: the same for every learner, so its text can name them


class CourseError(ValueError):
    """A course file that does not hold together (a test reads every course)."""


@dataclass(frozen=True)
class Words:
    title: str
    rule: str
    task: str


@dataclass(frozen=True)
class Wrong:
    action: str
    why: dict[str, str]  # by language; empty: the engine's refusal says it


@dataclass(frozen=True)
class Lesson:
    kind: str
    id: str
    covers: tuple[str, ...]
    config: dict[str, Any]
    position: str | None
    before: tuple[tuple[str, str], ...]
    seat: str
    answers: tuple[str, ...]
    command: str
    words: dict[str, Words]
    wrong: tuple[Wrong, ...]

    def text(self, locale: str | None) -> Words:
        """The lesson's words in the learner's language (English when it has none)."""
        language = (locale or "en").split("-")[0].lower()
        return self.words.get(language, self.words["en"])


def _package(kind: str) -> Any:
    return importlib.import_module(f"engine.{PACKAGES[kind][0]}")


def rules_of(kind: str) -> Any:
    return _package(kind).RULES


def start(lesson: Lesson) -> Any:
    """The lesson's position as an engine state (raises :class:`EngineError` if the
    data is wrong: a test checks every lesson)."""
    package = _package(lesson.kind)
    config_type = getattr(
        importlib.import_module(f"{package.__name__}.config"), PACKAGES[lesson.kind][1]
    )
    config = config_type.from_dict(lesson.config)
    game_id = f"lesson-{lesson.kind}-{lesson.id}"
    if lesson.position is not None:
        state = package.state_from_position(lesson.position, config, seed=SEED, game_id=game_id)
    else:
        state = package.RULES.new(config, seed=SEED, game_id=game_id)
    for seat, action in lesson.before:
        state, _ = package.RULES.apply(state, package.RULES.parse_action(action), seat)
    return state


@dataclass(frozen=True)
class Verdict:
    """How an answer fared: ``right``; else the engine's refusal (``refused``) or the
    lesson's word on a legal action it does not want (``why``, by language; empty: the
    lesson has none for it, say it is not what the task asks). A refused mistake the lesson
    lists may carry its word too (``why``, shown after the refusal; else ``None``)."""

    right: bool
    refused: EngineError | None = None
    why: dict[str, str] | None = None


def judge(lesson: Lesson, action: Any) -> Verdict:
    """The engine's judgement of ``action`` (an engine action or its text) for the lesson."""
    rules = rules_of(lesson.kind)
    state = start(lesson)
    try:
        parsed = rules.parse_action(action) if isinstance(action, str) else action
        rules.apply(state, parsed, lesson.seat)
    except EngineError as refusal:
        found = _listed(lesson, rules, action)
        return Verdict(False, refused=refusal, why=dict(found.why) if found and found.why else None)
    # Compared by what they do, not how they are written: SAN or UCI, a capture marked or
    # not, a square in capitals are one move when they lead to one position.
    after = _after(rules, state, lesson.seat, parsed)
    if any(_after(rules, state, lesson.seat, a) == after for a in lesson.answers):
        return Verdict(True)
    found = _listed(lesson, rules, parsed) or next(
        (w for w in lesson.wrong if _after(rules, state, lesson.seat, w.action) == after), None
    )
    return Verdict(False, why=dict(found.why) if found is not None else {})


def _after(rules: Any, state: Any, seat: str, action: Any) -> Any:
    """The position ``action`` leads to, as data (None when the engine refuses it)."""
    try:
        parsed = rules.parse_action(action) if isinstance(action, str) else action
        return rules.to_dict(rules.apply(state, parsed, seat)[0])
    except EngineError:
        return None


def _listed(lesson: Lesson, rules: Any, action: Any) -> Wrong | None:
    """The lesson's listed mistake ``action`` is, compared in the engine's text form (as
    typed, when the engine cannot read it)."""

    def key(a: Any) -> str:
        try:
            return str(rules.parse_action(a) if isinstance(a, str) else a)
        except EngineError:
            return str(a).strip()

    wanted = key(action)
    return next((w for w in lesson.wrong if key(w.action) == wanted), None)


def _words(data: Any, where: str) -> Words:
    if not isinstance(data, dict) or not all(
        isinstance(data.get(k), str) for k in Words.__annotations__
    ):
        raise CourseError(f"{where}: needs title, rule and task")
    return Words(data["title"], data["rule"], data["task"])


def _lesson(kind: str, data: dict[str, Any], n: int) -> Lesson:
    where = f"{kind} lesson {n} ({data.get('id', '?')})"
    try:
        words = {language: _words(data[language], f"{where} {language}") for language in LANGUAGES}
        wrong = tuple(
            Wrong(str(w["action"]), {x: str(w[x]) for x in LANGUAGES if x in w})
            for w in data.get("wrong", ())
        )
        return Lesson(
            kind=kind,
            id=str(data["id"]),
            covers=tuple(data["covers"]),
            config=dict(data.get("config", {})),
            position=data.get("position"),
            before=tuple((str(s), str(a)) for s, a in data.get("before", ())),
            seat=str(data["seat"]),
            answers=tuple(str(a) for a in data["answers"]),
            command=str(data["command"]),
            words=words,
            wrong=wrong,
        )
    except KeyError as missing:
        raise CourseError(f"{where}: no {missing}") from None


def _file(kind: str) -> dict[str, Any]:
    path = FOLDER / f"{kind}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def complete(kind: str) -> bool:
    """Whether ``kind``'s course says it teaches every rule of its rules page (a test
    holds it to that)."""
    return bool(_file(kind).get("complete"))


@functools.cache
def course(kind: str) -> tuple[Lesson, ...]:
    """The lessons of ``kind``'s course, in order (none when it has no course yet)."""
    data = _file(kind)
    lessons = tuple(_lesson(kind, item, n) for n, item in enumerate(data.get("lesson", ()), 1))
    ids = [lesson.id for lesson in lessons]
    if len(set(ids)) != len(ids):
        raise CourseError(f"{kind}: two lessons share an id")
    return lessons
