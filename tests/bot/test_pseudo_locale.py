"""Every text a player sees goes through the catalogs: a pseudo-locale proves it.

The pseudo-locale's every text is its English marked ``⟦...⟧`` (``{values}`` kept), and it is
added as a language (a catalog in memory, as a translator's ``.po`` would be). Each of the six
games is played a little at the console with every player in that language: a lobby, help, a
refused command, moves, autocomplete. What a player is shown (a message's text, its buttons'
labels, its pictures' descriptions, the choices offered) must be marked segments only, with
values between them: names, game ids, squares, numbers, notation, emoji and punctuation."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import suppress
from functools import cache
from string import Formatter
from typing import Any

import pytest
from babel.messages.catalog import Catalog

from bot import i18n
from bot.model import Delivery, Request
from bot.options import SHARED, declared
from engine.errors import EngineError

from .console_driver import Table, army_lines, lobby_lines, recorded
from .console_driver import line_for as loka_line
from .test_alako_console import line_for as alako_line
from .test_echec_console import line_for as echec_line
from .test_echec_console import pick as echec_pick
from .test_inka_console import line_for as inka_line
from .test_loa_console import line_for as loa_line

PSEUDO = "qps"  # a private-use language tag
OPEN, CLOSE = "⟦", "⟧"
USERS = ("alice", "bob")
# A word outside the marks must be one of these: a value, not prose.
VALUE = re.compile(
    r"""
    (?:alice|bob|carol)                     # the players' names
    | [a-z]{1,2}\d{1,2}[a-z]?(?:-[a-z]{1,2}\d{1,2})*  # squares, cells: e4, l12, b3n, d1-d3
    | [01½]-[01½] | O-O(?:-O)?              # a result (1-0), castling
    | [KQRBNPkqrbnp]?[a-h]?x?[a-h][1-8]\S*  # notation: Nf3, exd5, e2e4
    | [0-9a-f]{6,}                          # game ids
    | \d+\w*                                # numbers, with their unit: 3, 16x8, 8h
    | [A-Za-z]                              # a rhombus (A), a facing (w)
    """,
    re.VERBOSE,
)


def pseudo_catalog() -> Catalog:
    """The template with each English text marked (each plural form too)."""
    catalog = Catalog(locale=None, fuzzy=False)
    for message in i18n.template():
        if not message.context:
            continue
        if isinstance(message.id, str):
            catalog.add(message.id, OPEN + message.id + CLOSE, context=message.context)
        else:
            forms = tuple(OPEN + form + CLOSE for form in message.id)
            catalog.add(message.id, forms, context=message.context)
    return catalog


@pytest.fixture
def pseudo() -> Iterator[str]:
    i18n.register(PSEUDO, pseudo_catalog())
    try:
        yield PSEUDO
    finally:
        i18n.unregister(PSEUDO)


def unmarked(text: str) -> str:
    """``text`` with every marked segment (and the values inside it) taken out."""
    out, depth = [], 0
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth = max(depth - 1, 0)
            out.append("" if depth else " ")
        elif depth == 0:
            out.append(char)
    return "".join(out)


def prose(text: str, commands: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``text`` that are no value and no catalog text: what bypassed the
    catalogs. A marked segment is matched to its catalog entry, and the values filled in
    it are read the same way (a value may be a catalog text, or a name, a square...).
    ``commands``: the words of the commands and their options, typed as they are named."""
    # What is typed: `e2e4`, and commands with their options (/loa new hints:on).
    text = _typed(text)
    code = re.sub(r"/[a-z]+(?: [a-z]+(?![\w:]))*(?: [a-z_]+:\S+)*", " ", unmarked(text))
    words = re.findall(r"[^\W_]+(?:['’.-][^\W_]+)*", code)
    found = [w for w in words if not VALUE.fullmatch(w) and w not in commands]
    for segment in segments(text):
        fits = [m for p, m in _templates() if segment.startswith(p) and m.fullmatch(segment)]
        tries = [
            [w for v in m.fullmatch(segment).groups() for w in prose(v, commands)] for m in fits
        ]
        found += min(tries, key=len) if tries else [f"(no entry: {segment[:60]})"]
    return found


def segments(text: str) -> Iterator[str]:
    """The outermost marked segments of ``text``, with their marks."""
    depth, start = 0, 0
    for i, char in enumerate(text):
        if char == OPEN:
            depth += 1
            if depth == 1:
                start = i
        elif char == CLOSE and depth:
            depth -= 1
            if depth == 0:
                yield text[start : i + 1]


def _typed(text: str) -> str:
    """``text`` with what is typed between backquotes (`e2e4`, a position) left out."""
    return re.sub(r"`[^`]*`", "`…`", text)


@cache
def _templates() -> list[tuple[str, re.Pattern[str]]]:
    """Each English text as a pattern of its marked form, its values as groups, with the
    text before its first value (to skip the patterns that cannot match)."""
    patterns = []
    for entry in i18n.catalog(i18n.SOURCE).values():
        for form in entry.forms if isinstance(entry, i18n.Plural) else (entry,):
            parsed = list(Formatter().parse(_typed(form)))
            body = "".join(
                re.escape(literal) + ("(.*?)" if name is not None else "")
                for literal, name, _, _ in parsed
            )
            pattern = re.compile(re.escape(OPEN) + body + re.escape(CLOSE), re.DOTALL)
            patterns.append((OPEN + parsed[0][0] if parsed else OPEN, pattern))
    return patterns


def shown(delivery: Delivery) -> Iterator[tuple[str, str]]:
    """What a player sees of a delivery, each with what it is."""
    yield "text", delivery.text
    for button in delivery.buttons:
        yield "button", button.label
    for file in delivery.files:
        yield "alt", file.description


# ---------------------------------------------------------------- each game's moves

# Commands around the game: while it runs, then once it is over (a new lobby at the end).
AROUND = [("bob", "moves"), ("alice", "pause"), ("bob", "draw"), ("alice", "export")]
AROUND += [("bob", "replay"), ("alice", "ai")]
AFTER = [("bob", "board"), ("bob", "replay"), ("bob", "export"), ("alice", "new")]
AFTER += [("alice", "ai"), ("bob", "join"), ("bob", "leave"), ("alice", "cancel")]

Mover = Callable[[Any, str, str, random.Random], "str | list[str] | None"]


def _first(actions: list[Any], line: Callable[[Any], str], rng: random.Random) -> str | None:
    lines = []
    for action in actions:
        try:
            lines.append(line(action))
        except (AssertionError, TypeError):  # not a console line: a draw offer, say
            continue
    return rng.choice(lines) if lines else None


def _loka(rules: Any, state: Any, seat: str, user: str, rng: random.Random) -> Any:
    from engine.loka import SELECTION, Draft

    actions = rules.legal_actions(state, seat)
    if state.phase == SELECTION:
        drafts = [a for a in actions if isinstance(a, Draft) and any(a.counts)]
        return army_lines(user, seat, rng.choice(drafts))
    return _first(actions, lambda a: loka_line(user, a, seat), rng)


def _chess(rules: Any, state: Any, seat: str, user: str, rng: random.Random) -> Any:
    moves = [str(a) for a in rules.legal_actions(state, seat)]
    moves = [m for m in moves if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", m)]
    return f"@{user} /chess move move:{rng.choice(moves)}" if moves else None


def _echec(rules: Any, state: Any, seat: str, user: str, rng: random.Random) -> Any:
    return echec_line(user, echec_pick(state, seat, rng))


def _simple(line: Callable[[str, Any], str]) -> Callable[..., Any]:
    def move(rules: Any, state: Any, seat: str, user: str, rng: random.Random) -> Any:
        return _first(rules.legal_actions(state, seat), lambda a: line(user, a), rng)

    return move


GAMES: dict[str, dict[str, Any]] = {
    "loka": {
        "lobby": "@alice /loka new players:2\n@alice /loka join army:fire\n"
        "@bob /loka join army:earth\n@alice /loka start",
        "refused": "@bob /loka move from:e2 to:e4\n@alice /loka deploy piece:queen square:a1",
        "complete": [("move", "from"), ("army add", "piece")],
        "move": _loka,
    },
    "loa": {
        "lobby": "@alice /loa new\n@bob /loa join\n@alice /loa start",
        "refused": "@bob /loa move from:z9 to:a1",
        "complete": [("move", "from"), ("move", "to")],
        "move": _simple(loa_line),
    },
    "chess": {
        "lobby": "@alice /chess new color:white\n@bob /chess join\n@alice /chess start",
        "refused": "@bob /chess move move:a1a8\n@alice /chess move move:a1a8",
        "complete": [("move", "move")],
        "move": _chess,
    },
    "echec": {
        "lobby": lobby_lines("echec", {"south": "alice", "north": "bob"}),
        "refused": "@bob /echec advance unit:z1 squares:1",
        "complete": [("setup place", "unit"), ("setup place", "square"), ("advance", "unit")],
        "move": _echec,
    },
    "inka": {
        "lobby": lobby_lines("inka", {"red": "alice", "blue": "bob"}, "players:2"),
        "refused": "@bob /inka choose cell:z99",
        "complete": [("choose", "cell"), ("pawn go", "cell")],
        "move": _simple(inka_line),
    },
    "alako": {
        "lobby": lobby_lines("alako", {"south": "alice", "north": "bob"}, "first:south"),
        "refused": "@bob /alako move piece:princess direction:q\n"
        "@alice /alako build segment:z9z\n@bob /alako build segment:z9z",
        "complete": [("build", "segment"), ("move", "piece")],
        "move": _simple(alako_line),
    },
}


def command_words(table: Table) -> frozenset[str]:
    """The words of every game's name as typed (``loka``), its seats, commands and options:
    a text names a command as it is typed (the console reads English; Discord shows each
    member the names in their language)."""
    assert table.console is not None
    words = set()
    for kind, game_table in table.console.service.tables.items():
        words |= set(getattr(getattr(game_table, "info", None), "seats", ()))
        words |= set(getattr(game_table, "seat_order", ()))  # a lobby's seats (player1)
        commands = {*(getattr(game_table, "options", None) or {}), *SHARED}
        words |= {kind} | {w for c in commands for w in c.split()}
        words |= {o for c in commands for o in declared(game_table, c)}
    return frozenset(words)


# Texts a player may type that no game reads as an action.
BAD_TEXTS = ("", "zz", "a1a8", "z9-z9", "move", "place z99", "build z9z", "go q1", "draft 9Q")


def _provoke(rules: Any, state: Any, waiting: list[str]) -> None:
    """The engine's refusals of what players may type, and of a move out of turn."""
    for text in BAD_TEXTS:
        with suppress(EngineError):
            rules.parse_action(text)
    actions = rules.legal_actions(state, rules.to_act(state)[0])
    for seat in waiting[:1]:
        with suppress(EngineError):
            rules.apply(state, actions[0], seat)


async def _play(table: Table, kind: str, moves: int, rng: random.Random) -> None:
    """``moves`` lines of play, each by a player who has something to do."""
    assert table.console is not None
    rules = table.console.service.tables[kind].rules
    for _ in range(moves):
        row, state = await table.latest()
        if state is None or row.status != "running" or not rules.to_act(state):
            return
        seat = rules.to_act(state)[0]
        _provoke(rules, state, [s for s in row.seats if s not in rules.to_act(state)])
        user = row.meta["names"][str(row.seats[seat])]
        line = GAMES[kind]["move"](rules, state, seat, user, rng)
        if line is None:
            return
        await table.run("\n".join(line) if isinstance(line, list) else line)


async def _choices(table: Table, kind: str) -> list[str]:
    """What autocomplete offers each player for the game's main options, as shown."""
    assert table.console is not None
    console = table.console
    service = console.service
    found: list[str] = []
    row, _ = await table.latest()
    place = console.world.place(row.channel_id)
    game_table = service.tables[kind]
    for command, option in GAMES[kind]["complete"]:
        assert option in declared(game_table, command), (command, option)
        for user in USERS:
            request = Request(kind, command, console.world.user(user), place, {})
            found += [s for s, _ in await game_table.complete(service, request, option, "")]
    return found


@pytest.mark.parametrize("kind", list(GAMES))
async def test_everything_a_player_sees_goes_through_the_catalogs(
    kind: str, pseudo: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = recorded(monkeypatch)
    errors: list[EngineError] = []
    init = EngineError.__init__

    def record(self: EngineError, message: str, **kw: Any) -> None:
        init(self, message, **kw)
        errors.append(self)

    monkeypatch.setattr(EngineError, "__init__", record)
    game = GAMES[kind]
    async with Table() as table:
        script = [f"!locale @{user} {pseudo}" for user in USERS]
        script += [f"@alice /{kind} help", f"@bob /{kind} move"]
        script += [game["lobby"], game["refused"]]
        await table.run("\n".join(script))
        await _play(table, kind, 12, random.Random(kind))
        await table.run(game["refused"])
        choices = await _choices(table, kind)
        row, _ = await table.latest()
        await table.run(f"@alice /{kind} help\n@bob /{kind} board\n@alice /{kind} hint")
        await table.run("\n".join(f"@{user} /{kind} {command}" for user, command in AROUND))
        await table.resign("alice", kind)
        await table.run("\n".join(f"@{user} /{kind} {command}" for user, command in AFTER))
    assert row.status == "running", f"the {kind} game did not start"
    assert len(seen) > 8
    typed = command_words(table)
    bypassed = {
        (what, tuple(words))
        for delivery in seen
        for what, text in shown(delivery)
        if (words := prose(text, typed))
    }
    bypassed |= {("choice", tuple(words)) for text in choices if (words := prose(text, typed))}
    assert sorted(bypassed) == []
    assert any(OPEN in text for d in seen for what, text in shown(d) if what == "alt")
    # The English of each refusal the engine raised is its catalog entry, filled in.
    english = i18n.catalog(i18n.SOURCE)
    from bot.i18n_rules import own_english

    assert any(error.code for error in errors), "a refusal of the engine was told"
    for error in errors:
        key = f"{i18n.ENGINE}{error.code}"
        if error.code and key not in own_english():
            assert english[key].format(**error.params) == str(error), error.code


def test_text_outside_the_catalogs_is_found(pseudo: str) -> None:
    said = i18n.t(pseudo, "error.no_such_game", game="3fa2b1c0")
    assert prose(f"{said} — e2e4, `/loa move`") == []
    assert prose(i18n.t(pseudo, "army.water") + " (press Start)") == ["press", "Start"]
    # English prose passed in as a value
    dm = i18n.t(pseudo, "error.dm_failed", user="alice", what="your army")
    assert prose(dm) == ["your", "army"]
    assert prose(i18n.t(pseudo, "error.dm_failed", user="alice", what=said)) == []
    assert unmarked("a⟦b⟦c⟧d⟧e") == "a e"
