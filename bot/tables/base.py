"""What every game's table shares: the lobby and its seats, starting, acting in turn, the
action log, resigning, the record, the rules page, restarts and time-outs.

A game's table subclasses :class:`SeatedTable` and fills in the hooks (its options, seat
groups, initial state, what to tell after a change); no lobby, seat or turn logic is copied.
What a change tells is worked out under the game's lock and saved with the change
(:meth:`SeatedTable.persist`), so that a crash before it is sent does not lose it."""

from __future__ import annotations

import functools
import keyword
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, ClassVar

from bot.i18n import t
from bot.model import Actor, Attachment, Button, Delivery, Request, is_ai
from bot.options import Declarations
from bot.service import TableService, UserError
from bot.storage import GameRow, LogEntry
from bot.tables.awaiting import others_awaiting
from bot.tables.coach import Coach, replay_record
from bot.tables.computers import Computers
from bot.tables.ending import Ending
from bot.tables.game import Change, Entries, TableGame, clip, mention
from bot.tables.learning import Learning, answering
from bot.tables.lobby import Lobby
from bot.tables.pages import Pages
from bot.tables.records import Records
from bot.tables.replays import Replays
from bot.tables.timing import Clock
from engine.protocol import Event, Game, GameInfo
from engine.record import GameRecord, Opening
from renderer.theme import using

BOARD_COOLDOWN = 60.0  # seconds between two public /board posts of one game

Handler = Callable[[TableService, Request], Awaitable[list[Delivery]]]
Tell = Callable[[], Awaitable[list[Delivery]]]


@asynccontextmanager
async def drawn_for(service: TableService, user_id: int) -> AsyncIterator[None]:
    """The pictures drawn inside are for ``user_id`` alone (a private board, their DMs):
    in the palette they chose (``/plateau settings palette:``). Public pictures are drawn
    outside, in the default, which every eye reads (tests/renderer/test_colour_vision.py)."""
    with using(await service.storage.palette(user_id)):
        yield


def rolls_of(events: list[Event]) -> list[list[int]]:
    return [[e.data["draw"], e.data["die"], e.data["value"]] for e in events if e.kind == "roll"]


def number(options: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    """A whole-number option, or a private explanation of what it must be."""
    raw = options.get(name)
    if raw is None or raw == "":
        raw = default
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise UserError("error.bad_number", option=name, low=low, high=high) from None
    if not low <= value <= high:
        raise UserError("error.bad_number", option=name, low=low, high=high)
    return value


class SeatedTable:
    """The shared commands: new, join, ai, leave, start, cancel, resign, board (now or at
    a past action), replay, export, rules, help, the clock's pause, and the coach's hint,
    review and learn."""

    kind: str = ""
    rules: Game[Any, Any]  # the engine's RULES: its functions, and its facts (``info``)
    config_type: Any = None  # the engine's config class (``from_dict`` of ``row.config``)
    opening: Opening  # the engine's: how a game and its record begin
    fischer = False  # Fischer time (``clock:10+5``): chess only
    # What each of the game's commands reads (bot.options checks them first; the shared
    # ones are there); each declared command is also the table's method of that name.
    options: ClassVar[Declarations] = {}
    # The parts a table is made of (each a file of its own), where a game adds to one.
    lobby_part: ClassVar[type[Lobby]] = Lobby
    computers_part: ClassVar[type[Computers]] = Computers
    records_part: ClassVar[type[Records]] = Records

    # ------------------------------------------------------------ the game's facts (GameInfo)

    @property
    def info(self) -> GameInfo:
        """What the engine declares about the game: chance, hidden information, DMs, phases,
        seats (``engine.<game>.INFO``)."""
        return self.rules.info

    @property
    def seat_order(self) -> tuple[str, ...]:
        """The seats in turn order (a table whose seats are named otherwise in the lobby,
        as Lines of Action's ``player1``, states its own)."""
        return tuple(self.info.seats)

    @property
    def over_phase(self) -> str:
        return self.info.over_phase

    @property
    def needs_dms(self) -> bool:
        """Secrets or decisions go by DM: a seat needs open DMs."""
        return self.info.needs_dms

    def __init__(self) -> None:
        self.learning = Learning(self)
        self.ending = Ending(self, self.learning)
        self.clock = Clock(self, self.ending)
        self.lobby = self.lobby_part(self, self.clock)
        self.computers = self.computers_part(self, self.lobby)
        self.records = self.records_part(self)
        self.pages = Pages(self)
        self.replays = Replays(self)
        self.coach = Coach(self, self.replays)
        self.commands: dict[str, Handler] = {
            "new": self.lobby.new,
            "join": self.lobby.join,
            "ai": self.computers.ai,
            "leave": self.lobby.leave,
            "start": self.lobby.start,
            "cancel": self.lobby.cancel,
            "resign": self.ending.resign,
            "resign confirm": self.ending.resign_confirmed,
            "board": self.replays.look_back,
            "replay": self.replays.replay,
            "export": self.records.export,
            "rules": self.pages.rules,
            "help": self.pages.help,
            "pause": self.clock.pause,
            "hint": self.coach.hint,
            "review": self.coach.review,
            "learn": self.learning.learn,
        }
        shared = set(self.commands)
        for name in self.options:
            if name not in shared:  # a shared command's options (new, join): its part handles it
                self.commands[name] = getattr(self, handler_name(name))
        # The game's own commands (a move, a deployment...) answer an open lesson where the
        # learner has no game (bot.tables.learning).
        for name, handler in list(self.commands.items()):
            if name not in shared and name != "new":
                self.commands[name] = functools.partial(
                    self.learning.answering_lesson, handler=handler
                )

    # ------------------------------------------------------------ hooks

    def game(self, row: GameRow) -> TableGame:
        """The row with its engine state. A hot game's state is not built again from its
        dict: engine states are immutable, so the one built (or saved) for that very dict
        is used again (storage's parsed state of the row, ``row.parsed``, keeps it)."""
        if row.parsed is None or row.state is None:
            return TableGame(row, self.rules)
        return TableGame(row, self.rules, row.parsed.state(row.state, self.rules.from_dict))

    def configure(self, request: Request) -> tuple[dict[str, Any], dict[str, Any]]:
        """The engine config (as a dict) and extra table data from ``/<game> new``."""
        raise NotImplementedError

    def summary(self, game: TableGame) -> str:
        return ""

    def seat_groups(self, game: TableGame) -> list[tuple[str, ...]]:
        """The seats one person takes together (a 2-player Loka game: a whole team)."""
        return [(s,) for s in self.seat_order]

    def seat_label(self, locale: str, seat: str) -> str:
        return t(locale, f"{self.kind}.seat.{seat}")

    def seats_label(self, locale: str, seats: Sequence[str]) -> str:
        """Seats taken together, as the lobby names them ("Fire + Water")."""
        return " + ".join(self.seat_label(locale, s) for s in seats)

    def seat_names(self, game: TableGame) -> dict[str, str]:
        """Every earlier name of a seat in this game, to the seat it names now (Lines of
        Action's ``player1`` once the lot gave it a colour): a seat answers to every name
        it was ever shown under."""
        return {}

    def seat_named(self, game: TableGame, name: str) -> str:
        """The seat ``name`` (typed, or an earlier name of it) means now."""
        typed = name.strip().lower()
        return self.seat_names(game).get(typed, typed)

    def seat_note(self, game: TableGame, group: tuple[str, ...]) -> str:
        """Shown after a seat in the lobby (Loka: the team; Lines of Action: the partner)."""
        return ""

    def max_seats_per_person(self, game: TableGame) -> int:
        return 1

    def initial_state(self, game: TableGame) -> Any:
        """A new game of the lobby's config and seed, or its starting position."""
        seed = bytes.fromhex(game.meta["seed"])
        return self.opening.initial_state(game.row.config, seed, game.row.id, _start(game))

    def record(self, game: TableGame) -> GameRecord:
        """The game's record so far, without its actions (export adds them)."""
        seed = bytes.fromhex(game.meta["seed"])
        config = self.config_type.from_dict(game.row.config)
        return self.opening.new_record(config, seed, game.row.id, _start(game))

    async def announce_start(self, service: TableService, game: TableGame) -> list[Delivery]:
        """What to say when the game starts (secret DMs, the first board...). Called under
        the game's lock, before the start is saved with it."""
        return await self.after(service, game, Change())

    async def after(self, service: TableService, game: TableGame, change: Change) -> list[Delivery]:
        """What everyone is told after the state changed (``Change()``: how it stands)."""
        raise NotImplementedError

    async def board_image(self, game: TableGame, state: Any) -> Attachment:
        raise NotImplementedError

    def post(
        self,
        game: TableGame,
        lines: list[str],
        files: list[Attachment] | None = None,
        buttons: list[Button] | None = None,
        slot: str | None = None,
    ) -> Delivery:
        """What a change tells in the game's channel: its lines (none: the board alone),
        pictures and buttons; the post of a finished game closes its thread."""
        state = game.require_state()
        clock = self.clock.line(game) if state.phase != self.over_phase else ""
        return Delivery(
            "channel",
            clip("\n".join([*lines, clock] if clock else lines) or t(game.locale, "table.board")),
            channel_id=game.row.channel_id,
            files=files or [],
            buttons=buttons or [],
            closes=state.phase == self.over_phase,
            slot=slot,
        )

    def shown_in_record(self, game: TableGame, entry: LogEntry, viewer: list[str]) -> bool:
        """May a reader holding ``viewer`` seats see this line of a running game's record?
        A secret action (:meth:`secret_entry`) only its own seat's."""
        return not self.secret_entry(game, entry) or entry.seat in viewer

    def move_text(self, state: Any, action: str) -> str:
        """An action of ``state`` as a player writes it (chess: SAN), for hints and reviews."""
        return action

    def record_game(
        self, text: str, loc: str
    ) -> tuple[list[Any], list[tuple[str, str]], list[str], dict[str, str]]:
        """A game from an exported record: its states, moves, seats and their names (the
        seats' own: a record names no player). Refused when it cannot be replayed."""
        states, moves, seats = replay_record(
            self.kind, self.rules, self.opening.initial_state, text
        )
        return states, moves, seats, {s: self.seat_label(loc, s) for s in seats}

    async def lesson_image(self, game: TableGame, state: Any, seat: str) -> Attachment:
        """A lesson's picture: the board (a table whose phase has none shows the seat's part,
        like Loka's army card while armies are chosen)."""
        return await self.board_image(game, state)

    def secret_entry(self, game: TableGame, entry: LogEntry) -> bool:
        """Is this line of the log a secret action, whoever reads (a Loka army draft, a
        secret placement in Échec au Roi)? Its seat alone knows it was made."""
        return False

    def resign_action(self) -> Any:
        return self.rules.parse_action("resign")

    def can_resign(self, game: TableGame, seat: str) -> bool:
        return True

    def follow_up(self, game: TableGame) -> Entries:
        """Actions the table takes by itself after a change (Loka: deploying for a player
        who asked it to). Must update ``game.state``."""
        return []

    def uses_chance(self, game: TableGame) -> bool:
        """Does this game roll anything? Without chance no dice commitment is posted."""
        return self.info.chance

    def silenced_users(self, row: GameRow) -> frozenset[int]:
        """Who may not write in the game's channel now (no-talk rules); nobody by default."""
        return frozenset()

    def deadline(self, service: TableService, game: TableGame) -> float | None:
        """When a pending decision times out, or ``None``."""
        return None

    def rating_family(self, game: TableGame) -> str:
        """Which ratings a game counts for: its kind, and a variant that plays another game
        (Loka's 4-player cross or Face-off, Lines of Action in teams) its own family."""
        return self.kind

    def rating_sides(self, game: TableGame) -> list[tuple[str, ...]]:
        """The sides that win or lose together (each seat alone by default; a team)."""
        return [(seat,) for seat in game.seats]

    # ------------------------------------------------------------ seats and turns

    def button_id(self, game_id: str, action: str) -> str:
        """A persistent button's custom id (read back by the game's ``TableButton``)."""
        return f"plateau:{self.kind}:{game_id}:{action}"

    def running(self, game: TableGame, *phases: str) -> Any:
        """The state, if the game runs and is in one of ``phases`` (any when none given)."""
        if game.row.status == "cancelled":
            raise UserError("table.was_cancelled", id=game.row.id)
        state = game.require_state()
        if game.row.status == "over" or state.phase == self.over_phase:
            raise UserError("table.over")
        if game.row.status != "running":
            raise UserError("table.not_started")
        if phases and state.phase not in phases:
            raise UserError(f"{self.kind}.phase_{state.phase}")
        return state

    def waiting(self, game: TableGame) -> str:
        state = game.require_state()
        return ", ".join(
            f"{self.seat_label(game.locale, s)} ({game.who(u)})"
            for s in self.rules.to_act(state)
            if (u := game.user_of(s)) is not None
        )

    def acting_seat(self, game: TableGame, actor: Actor, wanted: Any = None) -> str:
        """The seat the actor acts for now: theirs, with a decision pending."""
        state = game.require_state()
        mine = game.seats_of(actor.id)
        if not mine:
            raise UserError("table.spectator")
        waiting = self.rules.to_act(state)
        # A draw offer (:meth:`draw`) waits for the other side: say so, not "not your turn".
        if getattr(state, "offer", None) is not None and not set(mine) & set(waiting):
            raise UserError(f"{self.kind}.offer_waiting", seats=self.waiting(game))
        if wanted:
            wanted = self.seat_named(game, str(wanted))
            if wanted not in mine:
                raise UserError("table.not_your_seat", seat=wanted, seats=", ".join(mine))
            if wanted not in waiting:
                raise UserError("table.not_your_turn", waiting=self.waiting(game))
            return wanted
        acting = [s for s in mine if s in waiting]
        if not acting:
            raise UserError("table.not_your_turn", waiting=self.waiting(game))
        return acting[0]

    # ------------------------------------------------------------ acting

    def entries(self, user: int | None, seat: str, action: Any, events: list[Event]) -> Entries:
        entry = LogEntry(user, seat, str(action), rolls_of(events))
        return [(entry, e) for e in events] or [(entry, Event("noop"))]

    def stage(self, service: TableService, game: TableGame, entries: Entries) -> list[LogEntry]:
        """Put the new state on the row (with its time limit, and the end of the game) and
        give the log rows of ``entries``: what a save writes."""
        logs: list[LogEntry] = []
        for entry, _ in entries:
            if not logs or logs[-1] is not entry:
                logs.append(entry)
        state = game.require_state()
        game.row.state = self.rules.to_dict(state)
        game.meta["deadline"] = self.deadline(service, game)
        if not logs or not all(self.secret_entry(game, entry) for entry in logs):
            # Since when the seats to act are awaited: a secret action (a draft edit) is no
            # news, so that nothing tells when one was made.
            game.meta["acted_at"] = service.clock()
        over = state.phase == self.over_phase
        if over:
            game.row.status = "over"
        if any(is_ai(u) for u in game.seats.values()):
            game.meta["had_ai"] = True  # a computer player sat here: unrated by default
        self.clock.tick(game, entries, service.clock(), over)
        return logs

    async def persist(
        self, service: TableService, game: TableGame, entries: Entries, tell: Tell | None = None
    ) -> list[Delivery]:
        """Write the new state, its log rows and what ``tell`` says about it (computed here,
        from the staged game) in one transaction: what a change owes players is kept with
        the change. Call it under the game's lock; gives what ``tell`` said."""
        ended = game.row.status == "running" and game.require_state().phase == self.over_phase
        logs = self.stage(service, game, entries)
        told = await tell() if tell is not None else []
        result = self.records.result(game) if ended else None
        saved = await service.save(game.row, logs, told, result)
        if game.row.parsed is not None:  # the state saved is the engine state just built
            game.row.parsed.know(game.row.state, game.state)
        if ended and game.meta.get("tournament"):  # its tournament records it
            saved = [*saved, *await service.ended(game.row)]
        return saved

    async def act(
        self,
        service: TableService,
        request: Request,
        action: Any,
        *phases: str,
        check: Callable[[TableGame, Any], None] | None = None,
    ) -> list[Delivery]:
        """Load, check the turn, apply, log, tell and save under the game's lock (or judge
        it as the answer to the lesson the command answers)."""
        lesson = answering.get()
        if lesson is not None:
            return await self.learning.lesson_answer(service, request, lesson, action)
        row = await service.find_game(request, self.kind)
        async with service.locked(row.id):
            game = self.game(await service.load(row.id))
            state = self.running(game, *phases)
            seat = self.acting_seat(game, request.actor, request.options.get("seat"))
            if check is not None:
                check(game, state)
            before = state
            game.state, events = self.rules.apply(state, action, seat)
            entries = self.entries(request.actor.id, seat, action, events)
            entries += self.follow_up(game)
            return await self.persist(
                service, game, entries, self.telling(service, game, entries, request.actor, before)
            )

    def telling(
        self,
        service: TableService,
        game: TableGame,
        entries: Entries,
        actor: Actor | None,
        before: Any,
    ) -> Tell:
        """:meth:`after` for these entries, to be said once the change is staged; the post
        that pings a player says how many of their other games await them too."""
        change = Change([e for _, e in entries], actor, before)

        async def tell() -> list[Delivery]:
            return await self.elsewhere(service, game, await self.after(service, game, change))

        return tell

    async def elsewhere(
        self, service: TableService, game: TableGame, told: list[Delivery]
    ) -> list[Delivery]:
        """``told`` with a line under the game's last post for each person it awaits who
        is awaited in other games of the server too (``/plateau games`` lists them). Only in
        a game with a clock, played across days: it costs a read, which a live game's move
        does without (two storage round trips a move, issue 15)."""
        state = game.require_state()
        posts = [d for d in told if d.to == "channel" and d.channel_id == game.row.channel_id]
        if posts and state.phase == self.over_phase and (hints := self.coach.hints_said(game)):
            posts[-1].text = clip("\n".join([posts[-1].text, hints]))  # the end says them
        if not posts or state.phase == self.over_phase or game.row.status != "running":
            return told
        if not game.meta.get("clock"):
            return told
        lines = []
        for user in dict.fromkeys(game.user_of(s) for s in self.rules.to_act(state)):
            if user is None or is_ai(user):
                continue
            count = await others_awaiting(service, user, game.row.guild_id, game.row.id)
            if count:
                lines.append(t(game.locale, "plateau.elsewhere", user=mention(user), count=count))
        if lines:
            posts[-1].text = clip("\n".join([posts[-1].text, *lines]))
        return told

    # ------------------------------------------------------------ draws by agreement

    async def draw(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> draw`` for a table that lists it: the offer, or the answer to it."""
        return await self.ending.draw(service, request)

    # ------------------------------------------------------------ during and after

    async def look(
        self, service: TableService, request: Request, *phases: str
    ) -> tuple[TableGame, Any]:
        """The game a command only looks at (no lock: it changes nothing) and its state, if
        it runs and is in one of ``phases`` (any when none given)."""
        game = self.game(await service.find_game(request, self.kind))
        return game, self.running(game, *phases)

    async def complete(
        self, service: TableService, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete for ``option`` as ``current`` is typed: a running game's
        :meth:`choices`, at most 25 (Discord's limit); none without one (it never refuses)."""
        try:
            row = await service.find_game(request, self.kind)
        except UserError:
            return []
        game = self.game(row)
        if request.command == "ai" and option in ("seat", "army"):
            return self.seat_choices(game, request.actor.locale, current)[:25]
        state = game.state
        if state is None or state.phase == self.over_phase or row.status != "running":
            return []
        return self.choices(game, state, request, option, current)[:25]

    def seat_choices(self, game: TableGame, locale: str, current: str) -> list[tuple[str, str]]:
        """The game's seats as ``/<game> ai`` offers them (lobby or running), as typed."""
        typed = current.strip().lower()
        pairs = [(self.seats_label(locale, group), group[0]) for group in self.seat_groups(game)]
        return [(shown, seat) for shown, seat in pairs if typed in seat or typed in shown.lower()]

    def choices(
        self, game: TableGame, state: Any, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """The (shown, value) pairs the game suggests for ``option``: none by default."""
        return []

    async def board(self, service: TableService, request: Request) -> list[Delivery]:
        """The board again: in the channel for a seated player (at most once a minute per
        game, so the thread stays readable), privately for anyone else or sooner; a private
        one in the member's palette (/plateau settings palette:), a public one in the
        default."""
        row = await service.find_game(request, self.kind, ended=True)
        game = self.game(row)
        state = game.require_state()
        seated = bool(game.seats_of(request.actor.id))
        if seated and service.cooldown(f"board:{row.id}", BOARD_COOLDOWN):
            image = await self.board_image(game, state)
            text = t(game.locale, "table.board")
            return [Delivery("channel", text, channel_id=game.row.channel_id, files=[image])]
        async with drawn_for(service, request.actor.id):
            image = await self.board_image(game, state)
        key = "table.board_private" if seated else "table.board_spectator"
        return [service.private(request.actor, t(request.actor.locale, key), files=[image])]

    async def resume(self, service: TableService, row: GameRow) -> list[Delivery]:
        game = self.game(row)
        if game.state is None or row.status != "running":
            return []
        note = Delivery(
            "channel", t(game.locale, "table.resumed", id=row.id), channel_id=row.channel_id
        )
        return [note, *await self.settle(service, game)]

    async def settle(self, service: TableService, game: TableGame) -> list[Delivery]:
        """The game as it resumes: the actions the table owes by itself first, if it was
        saved before them (Alako's lots, the chess colours), saved with what they tell."""
        async with service.locked(game.row.id):
            game = self.game(await service.load(game.row.id))
            if game.state is None or game.row.status != "running":
                return []  # it ended meanwhile (another process)
            entries = self.follow_up(game)
            if entries:
                tell = self.telling(service, game, entries, None, None)
                return await self.persist(service, game, entries, tell)
        return await self.after(service, game, Change())

    async def expire(self, service: TableService, row: GameRow, now: float) -> list[Delivery]:
        """What is due by now (a decision's or the clock's time-out, reminders)."""
        return await self.clock.expire(service, row, now)

    def default_action(self, state: Any, seat: str) -> Any:
        """What the rules play for a seat whose time ran out (a pass), if anything."""
        default = getattr(self.rules, "default_action", None)
        return default(state, seat) if default is not None else None


def handler_name(command: str) -> str:
    """The method that handles ``command``: ``army add`` is ``army_add``, ``pass`` (a word
    of Python's) is ``pass_``."""
    name = command.replace(" ", "_")
    return f"{name}_" if keyword.iskeyword(name) else name


def _start(game: TableGame) -> str | None:
    """The starting position a game was opened with (``position:``), if any."""
    return game.meta.get("start") or None
