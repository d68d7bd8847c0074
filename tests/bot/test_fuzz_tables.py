"""Every game's table takes random and hostile commands without ever failing: each refusal is
a private message that explains, never the internal-error apology, and nothing escapes
``TableService.handle``.

Half the commands are shaped like what Discord can send (a table's own commands and options,
values of the declared types, often the very choices its autocomplete offers); the rest are
hostile: broken text (lone surrogates, NUL, huge strings, RTL marks, format strings), numbers
beyond 64 bits, NaN, bools, wrong types, unknown or internal-looking option names, broken
actors and places. The position and PGN parsers of every game get the same treatment.

``PLATEAU_FUZZ=100000`` runs that many commands (over all games) instead of the default few;
each test prints what it found."""

from __future__ import annotations

import importlib
import logging
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.console import Console, ConsoleWorld
from bot.games import tables
from bot.i18n import t
from bot.model import Actor, Delivery, Place, Request
from bot.options import GameId, Number, Text, UserId, declared
from bot.service import TableService
from engine.errors import EngineError

from .console_driver import FakeImages, console_over

KINDS = sorted(t.kind for t in tables())
TOTAL = int(os.environ.get("PLATEAU_FUZZ", "0")) or 900  # commands, over all the games
PER_GAME = max(TOTAL // len(KINDS), 1)
PARSER_ROUNDS = max(TOTAL // 2, 600)  # texts per game's parsers
APOLOGY = (t("en", "error.internal"), t("fr", "error.internal"))
USERS = ["alice", "bob", "carol", "dave", "zed"]
LOKA_BATTLE = "fire: Ke1 Qd1 Pe2 Pf2; earth: Ka6 Rb6; water: Ke12 Pe11; air: Kl7 Nk7; turn: fire"

# What a person types (and the cogs' choices send): right, wrong, or half right.
JUNK = [
    "",
    "e2",
    "a1",
    "zz9",
    "-1",
    "0",
    "1",
    "2",
    "99999",
    "queen",
    "knight",
    "pawn",
    "rook",
    "horse",
    "princess",
    "s",
    "w",
    "archers",
    "peasants 3",
    "fire",
    "earth",
    "white",
    "black",
    "south",
    "north",
    "red",
    "blue",
    "on",
    "off",
    "players",
    "n",
    "e",
    "cw60",
    "A",
    "7",
    "é",
    "🔥",
    "3.5",
    "(1,2)",
    "b1-b3",
    "@e4",
    "d3n",
    "f12/f13",
    "advance c2",
    "offer",
    "accept",
    "decline",
    "claim",
    "standard",
    "parachute",
    "teams",
    "scrambled",
    "secret",
    "free",
    "faceoff",
    "16x8",
    "en",
    "fr",
    "roll",
    "P3 P3 M2",
    "fire: Ke1; earth: Ka6",
    "1. e4 e5 2. Nf3 *",
]
# Text no keyboard should send, and some that one does.
HOSTILE_TEXT = [
    "\ud800",
    "e2\udfff",
    "\udc00\ud800",
    "\x00",
    "e2\x00",
    "\x1b[31m",
    "x" * 5_000,
    "🔥" * 3_000,
    "e" * 100_000,
    "\u202ee2",
    "\u200fa1\u200e",
    "\u2066e4\u2069",
    "👨‍👩‍👧‍👦",
    "🏳️‍🌈",
    "{0}",
    "{option}",
    "{}",
    "{0.__class__}",
    "%s",
    "%(x)s",
    "%n",
    "\\",
    "'",
    '"',
    "`",
    "```",
    "<@123>",
    "<@!999999999999999999999999>",
    "@everyone",
    "\n",
    "\r\n",
    " \t ",
    "٣",
    "²",
    "①",
    "Ⅻ",
    "ｅ２",
    "e２",
    "9" * 400,
    "-" + "9" * 30,
    "1e309",
    "NaN",
    "inf",
    "0x10",
    "null",
    "None",
    "'; DROP TABLE games; --",
    "red: out; blue: out; A: g11/g12 red blue; B: g13/f13; C: f11/f12 red blue",
    '[Event "a"]\n\n1. e4 Ke5 ) e5 *\n\n[Event "b"]\n\n1. d4 d5 *\n',
    "board: faceoff 8x8; fire: Ke1; air: Ke8",
]
HOSTILE_NUMBERS: list[Any] = [
    2**64,
    2**63,
    2**63 - 1,
    -(2**63) - 1,
    -(2**63),
    10**100,
    -1,
    0,
    float("nan"),
    float("inf"),
    float("-inf"),
    1.5,
    -0.0,
    True,
    False,
]
WRONG_TYPES: list[Any] = [
    {},
    {"from": "e2"},
    [],
    ["e2", "e4"],
    (1, 2),
    {"e2"},
    None,
    object(),
    b"e2",
    bytearray(b"e4"),
    complex(1, 2),
    Ellipsis,
    type,
]
HOSTILE_NAMES: list[Any] = [
    "",
    " ",
    "nope",
    "thread_id",
    "guild_name",
    "guild_id",
    "channel_id",
    "actor",
    "user_id",
    "host_id",
    "seed",
    "state",
    "start",
    "seat",
    "game_id",
    "FROM",
    "from ",
    "from\x00",
    "\ud800",
    "__class__",
    "{0}",
    "x" * 10_000,
    5,
    None,
    ("from",),
    1.5,
]
HOSTILE_COMMANDS: list[Any] = [
    "",
    "nope",
    "MOVE",
    "move ",
    "move\x00",
    "\ud800",
    "army",
    "army add extra",
    "x" * 10_000,
    None,
    5,
    ["move"],
]


def _broken_actors() -> list[Any]:
    return [
        None,
        object(),
        "alice",
        Actor(2**64, "big"),
        Actor(2**63, "big"),
        Actor(-1, "negative"),
        Actor(0, "zero"),
        Actor(True, "bool"),  # type: ignore[arg-type]
        Actor("12", "text id"),  # type: ignore[arg-type]
        Actor(1.0, "float id"),  # type: ignore[arg-type]
        Actor(None, "no id"),  # type: ignore[arg-type]
    ]


def _odd_actors() -> list[Actor]:
    """Actors the service must serve (cleaning what it stores and shows)."""
    return [
        Actor(2**63 - 1, "largest"),
        Actor(11, "\ud800surrogate\udfff"),
        Actor(12, "x" * 5_000),
        Actor(13, ""),
        Actor(14, None),  # type: ignore[arg-type]
        Actor(15, "‮RTL‬ 🔥 {0} %s"),
        Actor(16, "nolocale", locale=None),  # type: ignore[arg-type]
        Actor(17, "badlocale", locale="\ud800"),
        Actor(18, "intlocale", locale=5),  # type: ignore[arg-type]
        Actor(19, "longlocale", locale="fr" * 500),
        Actor(20, "french", locale="fr"),
        Actor(21, "manager?", manager="yes"),  # type: ignore[arg-type]
    ]


def _odd_places(channel: int) -> list[Any]:
    return [
        None,
        object(),
        Place(2**64, guild_id=1),
        Place(-5, guild_id=1),
        Place(0, guild_id=1),
        Place("1", guild_id=1),  # type: ignore[arg-type]
        Place(channel, guild_id=2**70),
        Place(channel, guild_id=-1),
        Place(channel, guild_id=True),  # type: ignore[arg-type]
        Place(channel, guild_id=1, parent_id="x"),  # type: ignore[arg-type]
        Place(channel, guild_id=1, guild_name="\ud800guild"),
        Place(channel, guild_id=1, guild_name="g" * 10_000),
        Place(channel, guild_id=1, guild_locale="\udfff"),
        Place(channel, guild_id=1, open_thread="not callable"),  # type: ignore[arg-type]
        Place(channel, guild_id=1, is_dm="no"),  # type: ignore[arg-type]
        Place(channel),  # a DM
    ]


@dataclass
class Findings:
    """What the fuzz saw, with a few examples of each failure."""

    commands: int = 0
    refused: int = 0
    internal: int = 0
    raised: int = 0
    unsendable: int = 0
    examples: list[str] = field(default_factory=list)

    def note(self, what: str, request: Any, detail: Any) -> None:
        if len(self.examples) < 8:
            self.examples.append(f"{what}: {_short(request)} -> {_short(detail)}")

    def report(self, name: str) -> str:
        return (
            f"fuzz {name}: {self.commands} commands, {self.refused} refused privately, "
            f"{self.internal} internal-error replies, {self.raised} exceptions out of handle, "
            f"{self.unsendable} replies that cannot be sent"
        )


def _short(value: Any, limit: int = 300) -> str:
    text = ascii(value)
    return text if len(text) <= limit else text[:limit] + "..."


@pytest.fixture(autouse=True)
def fake_images(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.tables.loka as loka_table

    monkeypatch.setattr(loka_table, "images", FakeImages)


@pytest.fixture(autouse=True)
def quiet_logs(caplog: pytest.LogCaptureFixture) -> None:
    # Refusals are logged as they happen; thousands of them would only slow the fuzz.
    caplog.set_level(logging.CRITICAL)


class Fuzzer:
    """One game's table under fire: a running game, and commands of every shape."""

    def __init__(self, kind: str, service: TableService, console: Console, world: ConsoleWorld):
        self.kind = kind
        self.service = service
        self.console = console
        self.world = world
        self.table = service.tables[kind]
        self.rng = random.Random(f"plateau-fuzz-{kind}")
        self.found = Findings()
        self.commands = sorted(self.table.commands)
        self.setups = 0
        # Playing commands more often than those that open, leave or end a game, so that
        # games get somewhere.
        rare = {"new", "import", "join", "leave", "start", "cancel", "resign", "resign confirm"}
        rare |= {"help", "rules"}  # they only show something
        self.weights = [1 if c in rare else 6 for c in self.commands]

    async def setup(self) -> None:
        """A game with every seat taken, started: so the fuzz reaches play."""
        seats = list(getattr(self.table, "seat_order", ())) or ["white", "black"]
        self.setups += 1
        opening = f"@alice /{self.kind} new"
        if self.kind == "loka" and self.setups % 2:
            # Straight to the battle (selection and deployment take many right commands).
            opening += f' position:"{LOKA_BATTLE}" combat:off'
        lines = [opening]
        lines += [f"@{u} /{self.kind} join seat:{s}" for u, s in zip(USERS, seats, strict=False)]
        lines.append(f"@alice /{self.kind} start")
        await self.console.run(lines)

    async def game_ids(self) -> list[str]:
        rows = await self.service.storage.unfinished()
        rows.sort(key=lambda row: row.status != "running")  # games in play first
        return [row.id for row in rows if row.kind == self.kind]

    # ------------------------------------------------------------ shapes of requests

    def place(self) -> Place:
        return Place(self.world.channel_id(self.rng.choice(["general", "elsewhere"])), guild_id=1)

    def plausible(self, kind: Any, ids: list[str]) -> Any:
        """A value of the declared type, as Discord or the console would send it."""
        rng = self.rng
        if isinstance(kind, GameId):
            return rng.choice([*ids, "0badc0de", ""])
        if isinstance(kind, UserId):
            user = self.world.user(rng.choice(USERS)).id
            return rng.choice([user, str(user), f"<@{user}>"])
        if isinstance(kind, Number):
            return rng.choice([1, 2, 3, 4, 8, 16, 0, "2", "4", "x", ""])
        return rng.choice(JUNK)

    async def acting_user(self, ids: list[str]) -> Actor | None:
        """Someone whose decision a game waits for (so the game moves on)."""
        for game_id in ids:
            row = await self.service.storage.load(game_id)
            if row is None or row.state is None:
                continue
            state = self.table.game(row).state
            for seat in self.table.rules.to_act(state):
                user = row.seats.get(seat)
                if user is not None:
                    return self.world.user(self.world.names.get(user, "alice"))
        return None

    def hostile_value(self) -> Any:
        pool = self.rng.choice([HOSTILE_TEXT, HOSTILE_TEXT, HOSTILE_NUMBERS, WRONG_TYPES])
        return self.rng.choice(pool)

    async def discord_shaped(self, ids: list[str]) -> Request:
        """One of the table's commands, some of its declared options with values of their
        type: often a choice its autocomplete offers (what a Discord user picks)."""
        rng = self.rng
        command = rng.choices(self.commands, self.weights)[0]
        known = declared(self.table, command)
        if rng.random() < 0.6:
            names = sorted(known)  # what a Discord form asks for: all of them, often
        else:
            names = rng.sample(sorted(known), rng.randint(0, len(known)))
        actor = await self.acting_user(ids) if rng.random() < 0.7 else None
        actor = actor or self.world.user(rng.choice(USERS))
        options = {name: self.plausible(known[name], ids) for name in names}
        if "game" in known and ids and rng.random() < 0.8:
            options["game"] = ids[0]  # as picked from the game autocomplete
        complete = getattr(self.table, "complete", None)
        if complete is not None:
            for name in names:
                if isinstance(known[name], Text) and rng.random() < 0.8:
                    probe = Request(self.kind, command, actor, self.place(), options)
                    choices = await complete(self.service, probe, name, "")
                    if choices:
                        options[name] = rng.choice(choices)[1]
        return Request(self.kind, command, actor, self.place(), options)

    def hostile(self, ids: list[str]) -> Any:
        """Hostile values, names, commands, actors or places (one or several at once)."""
        rng = self.rng
        command = rng.choice([*self.commands, *HOSTILE_COMMANDS])
        known = declared(self.table, command) if isinstance(command, str) else {}
        names: list[Any] = rng.sample(sorted(known), rng.randint(0, len(known)))
        options: dict[Any, Any] = {n: self.plausible(known[n], ids) for n in names}
        for _ in range(rng.randint(1, 3)):
            roll = rng.random()
            if roll < 0.55 and known:
                options[rng.choice(sorted(known))] = self.hostile_value()
            elif roll < 0.75:
                options[rng.choice(HOSTILE_NAMES)] = rng.choice(JUNK)
            elif roll < 0.85:
                options[rng.choice(["seat", "army", "ply", "start", "language"])] = (
                    self.hostile_value()
                )
            else:
                options["game"] = rng.choice([*HOSTILE_TEXT, *HOSTILE_NUMBERS, *WRONG_TYPES])
        actor: Any = self.world.user(rng.choice(USERS))
        place: Any = self.place()
        game: Any = self.kind
        roll = rng.random()
        if roll < 0.08:
            actor = rng.choice(_broken_actors())
        elif roll < 0.2:
            actor = rng.choice(_odd_actors())
        elif roll < 0.3:
            place = rng.choice(_odd_places(place.channel_id))
        elif roll < 0.33:
            game = rng.choice(["", "LOKA", "nope", "\ud800", "x" * 10_000, None, 5, ["loka"]])
        if rng.random() < 0.03:
            options = rng.choice([None, [], ["from"], "from:e2", 5, object()])  # type: ignore[assignment]
        if rng.random() < 0.02:
            return rng.choice([None, object(), "loka move", {"game": self.kind}])
        return Request(game, command, actor, place, options)  # type: ignore[arg-type]

    # ------------------------------------------------------------ running

    async def send(self, request: Any) -> None:
        found = self.found
        found.commands += 1
        try:
            deliveries = await self.service.handle(request)
        except BaseException as exc:  # counting whatever escapes
            found.raised += 1
            found.note("raised", request, repr(exc))
            return
        if not deliveries or not isinstance(deliveries, list):
            found.raised += 1  # handle must always answer
            found.note("no answer", request, deliveries)
            return
        for delivery in deliveries:
            if not isinstance(delivery, Delivery) or not isinstance(delivery.text, str):
                found.unsendable += 1
                found.note("not a delivery", request, delivery)
                continue
            if any(apology in delivery.text for apology in APOLOGY):
                found.internal += 1
                found.note("internal error", request, delivery.text)
            try:
                delivery.text.encode("utf-8")
                for button in delivery.buttons:
                    button.label.encode("utf-8")
            except UnicodeEncodeError:
                found.unsendable += 1
                found.note("unsendable", request, delivery.text)
        if len(deliveries) == 1 and deliveries[0].to == "private":
            found.refused += 1

    async def run(self, rounds: int) -> Findings:
        await self.setup()
        ids = await self.game_ids()
        for n in range(rounds):
            if n % 40 == 39:  # a game that ended leaves room for a new one
                ids = await self.game_ids()
                if not ids:
                    await self.setup()
                    ids = await self.game_ids()
            if self.rng.random() < 0.5:
                await self.send(await self.discord_shaped(ids))
            else:
                await self.send(self.hostile(ids))
        return self.found


@pytest.mark.parametrize("kind", KINDS)
async def test_random_and_hostile_commands_never_crash_a_table(kind: str) -> None:
    async with console_over(seed=5) as console:
        fuzzer = Fuzzer(kind, console.service, console, console.world)
        await fuzzer.setup()
        (row,) = await console.service.storage.unfinished()
        assert row.status == "running", f"{kind} did not start"  # so the fuzz reaches play
        found = await fuzzer.run(PER_GAME)
        print(found.report(kind))
        assert found.raised == 0, "\n".join(found.examples)
        assert found.internal == 0, "\n".join(found.examples)
        assert found.unsendable == 0, "\n".join(found.examples)


async def test_hostile_console_lines_are_answered() -> None:
    """The console table reads a line into the same request: hostile text there too."""
    async with console_over(seed=5) as console:
        rng = random.Random("console")
        lines = ["@alice /loka new", "@alice /chess new", "@bob /chess join"]
        for _ in range(60):
            kind = rng.choice(KINDS)
            text = rng.choice(HOSTILE_TEXT[:40]).replace("\n", " ")
            name = rng.choice(["from", "seat", "thread_id", "game", "position", "x"])
            lines.append(
                f"@{rng.choice(USERS)} /{kind} {rng.choice(['new', 'move'])} {name}:{text}"
            )
        await console.run(lines)
        said = console.out.getvalue()
        assert not any(apology in said for apology in APOLOGY)
        said.encode("utf-8")


# ---------------------------------------------------------------- the parsers themselves


EXTRA_POSITIONS = {
    "loka": [
        "board: faceoff 16x8; fire: Ke1 Pe2; air: Ke8 Pe7; turn: fire",
        "fire: Ke1 Pe2; earth: Ka6; water: Ke12; air: Kl7; terrain: lake@e7 pass@f5/n",
    ],
    "loa": ["variant: parachute; white: a2 h2; black: b1 g8; held: 2/3; turn: white"],
    "standard_chess": ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"],
}


def _positions(game: str) -> Iterator[str]:
    """Position texts of ``game``: its perft default and positions of short random games."""
    module = importlib.import_module(f"engine.{game}")
    default = getattr(importlib.import_module(f"engine.{game}.perft"), "DEFAULT_POSITION", None)
    if default:
        yield default
    yield from EXTRA_POSITIONS.get(game, [])
    rng = random.Random(game)
    for n in range(4):
        state = module.new_game(seed=bytes([n]) * 32, game_id="fuzz")
        for _ in range(rng.randint(0, 60)):
            seats = module.RULES.to_act(state)
            actions = module.RULES.legal_actions(state, seats[0]) if seats else []
            if not actions:
                break
            state, _ = module.RULES.apply(state, rng.choice(actions), seats[0])
            if rng.random() < 0.2:
                yield module.format_position(module.position_of(state))


def _mangled(text: str, rng: random.Random) -> str:
    """A position text with a few fields or words broken."""
    fields = text.split(";")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(fields))
        roll = rng.random()
        name = fields[i].partition(":")[0]
        junk = rng.choice([*HOSTILE_TEXT[:46], *JUNK, "out", ":", "/", "="])
        if roll < 0.3:
            fields[i] = f"{name}: {junk}"
        elif roll < 0.5 and len(fields) > 1:
            del fields[i]
        elif roll < 0.7:
            words = fields[i].split(" ")
            words[rng.randrange(len(words))] = junk
            fields[i] = " ".join(words)
        elif roll < 0.85:
            fields.insert(i, fields[rng.randrange(len(fields))])
        else:
            fields[i] = fields[i] + junk
    return ";".join(fields)


PARSED_GAMES = ["alako", "echec", "inka", "loa", "loka", "standard_chess"]
PGNS = [
    '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event "b"]\n\n1. d4 d5 *\n',
    "1. f3 e5 2. g4 Qh4# 0-1",
    '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n[SetUp "1"]\n\n1. Ka2 *',
    '[Event "x"] 1. e4 {a comment} (1. d4 d5) e5 $1 1/2-1/2 [Event "y"] 1. c4 *',
]
PGN_JUNK = [
    "[",
    "]",
    '"',
    "{",
    "}",
    "(",
    ")",
    "\n\n",
    "1-0",
    "*",
    "%",
    ";",
    "$1",
    "1.",
    "...",
    "Ke5",
]


def _mangled_pgn(rng: random.Random) -> str:
    chars = list(rng.choice(PGNS))
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(chars) + 1)
        if rng.random() < 0.6:
            chars.insert(at, rng.choice([*PGN_JUNK, *HOSTILE_TEXT[:20]]))
        elif chars:
            del chars[min(at, len(chars) - 1)]
    return "".join(chars)


@pytest.mark.parametrize("game", PARSED_GAMES)
def test_position_and_pgn_parsers_only_ever_raise_engine_errors(
    game: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)  # a refused text is no news: nothing logs it loudly
    module = importlib.import_module(f"engine.{game}")
    samples = list(_positions(game)) or ["turn: fire"]
    rng = random.Random(f"parsers-{game}")
    readers = [
        ("parse_position", module.parse_position),
        ("state_from_position", lambda s: module.state_from_position(s, seed=b"f", game_id="f")),
        ("parse_action", module.parse_action),
    ]
    if game == "standard_chess":
        readers.append(("read_pgn", module.read_pgn))
    escaped = 0
    examples: list[str] = []
    texts = 0
    for n in range(PARSER_ROUNDS):
        if n < len(HOSTILE_TEXT):
            text = HOSTILE_TEXT[n]
        elif game == "standard_chess" and rng.random() < 0.3:
            text = _mangled_pgn(rng)
        else:
            text = _mangled(rng.choice(samples), rng)
        texts += 1
        for name, read in readers:
            try:
                read(text)
            except EngineError:
                pass
            except Exception as exc:
                escaped += 1
                if len(examples) < 8:
                    examples.append(f"{name}({_short(text)}) -> {exc!r}")
    print(f"fuzz parsers {game}: {texts} texts, {escaped} exceptions other than the engine's")
    assert escaped == 0, "\n".join(examples)
    loud = [r.getMessage()[:80] for r in caplog.records if r.levelno >= logging.WARNING]
    assert loud == [], loud[:3]


# Found by this fuzz: ``str.isdigit`` accepts digits ``int`` cannot read (``①``, ``²``).
def test_a_circled_digit_in_a_faceoff_size_is_refused_by_the_engine() -> None:
    from engine.loka import parse_position

    with pytest.raises(EngineError):
        parse_position("board: faceoff 16x8①; fire: Ke1; air: Ke8")


def test_a_superscript_digit_in_echec_steps_is_refused_by_the_engine() -> None:
    from engine.echec import parse_action

    with pytest.raises(EngineError):
        parse_action("advance e2 ²")
