"""Inka at the table: the first-player roll, start cells (buttons), laying the 13 path rhombi,
then turns of 3 AP (slides and rotations, the pawn's cheapest walk with its cost, statues,
secret passages, rhombus symbols, the blocker) to the escape. The lobby, seats, turns, log,
resigning, record and restarts come from :mod:`bot.tables.base`. Nothing is secret but the
seed, so everything is told in the game's channel."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from bot import rendering
from bot.i18n import picture_words, t
from bot.model import Actor, Attachment, Button, Delivery, Request
from bot.options import GAME, NUMBER, POSITION, TEXT, Declarations
from bot.service import TableService, UserError
from bot.tables import alt
from bot.tables.base import Change, SeatedTable, TableGame, clip, number
from engine.inka import (
    BUILD,
    OVER,
    PLAY,
    RHOMBI,
    RULES,
    START,
    TEMPLE,
    Block,
    ChooseStart,
    End,
    Go,
    InkaConfig,
    InkaState,
    Passage,
    Place,
    Rotate,
    Slide,
    Take,
    format_position,
    legal_actions,
    opening_events,
    parse_action,
    parse_position,
    to_act,
    view,
)
from engine.inka.geometry import ACUTE, Placement
from engine.inka.layout import Layout
from engine.inka.record import OPENING
from engine.inka.state import DESTINATION_NAMES
from engine.protocol import Event
from renderer.inka import InkaImageOptions, RhombusMove, render_inka, rhombus_moves

KIND = "inka"
BOARD = TEMPLE.board
ANGLES = {"cw60": -1, "ccw60": 1, "cw120": -2, "ccw120": 2}
_ANGLE_WORDS = {"-60": "cw60", "+60": "ccw60", "-120": "cw120", "+120": "ccw120"}
_RHOMBUS = re.compile(r"^#?(\d{1,2}|[abc])$")
_CORNER = re.compile(r"^(\d{1,2})\s*(?:h|o'?clock)?$")


def board_png(
    seen: InkaState,
    names: dict[str, str],
    locale: str | None = None,
    moved: tuple[RhombusMove, ...] = (),
    labels: bool = True,
) -> bytes:
    """The temple picture with its words in ``locale``, the rhombi ``moved`` this turn
    highlighted, cell names unless ``labels`` is off (a module function, so tests can stand in
    for the renderer)."""
    options = InkaImageOptions(
        names=names, words=picture_words(locale, "inka"), moved=moved, labels=labels
    )
    return render_inka(seen, options=options)


# The events told in one line: their message (its words: see ``InkaTable._describe``).
TOLD = {
    "first_player": "inka.ev.first_player",
    "start_chosen": "inka.ev.start_chosen",
    "rhombus_drawn": "inka.ev.rhombus_drawn",
    "rhombus_set_aside": "inka.ev.rhombus_set_aside",
    "rhombus_placed": "inka.ev.rhombus_placed",
    "blocker_removed": "inka.ev.blocker_removed",
    "rhombus_slid": "inka.ev.slid",
    "rhombus_rotated": "inka.ev.rotated",
    "statue_taken": "inka.ev.statue_taken",
    "passage_used": "inka.ev.passage",
    "blocker_placed": "inka.ev.blocker_placed",
    "resigned": "inka.ev.resigned",
}


class InkaTable(SeatedTable):
    kind = KIND
    rules = RULES
    config_type = InkaConfig
    opening = OPENING
    options: ClassVar[Declarations] = {
        "new": {"players": NUMBER, "position": POSITION},
        "choose": {"cell": TEXT, "game": GAME},
        "place": {"cells": TEXT, "game": GAME},
        "rhombus slide": {"rhombus": TEXT, "direction": TEXT, "distance": NUMBER, "game": GAME},
        "rhombus rotate": {"rhombus": TEXT, "corner": TEXT, "angle": TEXT, "game": GAME},
        "pawn go": {"cell": TEXT, "game": GAME},
        "pawn take": {"game": GAME},
        "pawn passage": {"to": TEXT, "game": GAME},
        "rhombus shift": {
            "rhombus": TEXT,
            "direction": TEXT,
            "distance": NUMBER,
            "corner": TEXT,
            "angle": TEXT,
            "game": GAME,
        },
        "block": {"cell": TEXT, "game": GAME},
        "end": {"game": GAME},
        "preview": {"action": TEXT, "game": GAME},
    }

    # ------------------------------------------------------------ hooks of the base

    def configure(self, request: Request) -> tuple[dict[str, Any], dict[str, Any]]:
        o = request.options
        players = number(o, "players", 2, 2, 4)
        start = None
        if o.get("position"):
            position = parse_position(str(o["position"]))  # refuse a bad one now, with why
            start = format_position(position)
            players = len(position.seats)  # the position's seats win
        return InkaConfig(players=players).to_dict(), {"start": start}

    def summary(self, game: TableGame) -> str:
        loc = game.locale
        config = InkaConfig.from_dict(game.row.config)
        parts = [t(loc, "inka.summary", n=config.players, ap=config.action_points)]
        if game.meta.get("start"):
            parts.append(t(loc, "table.from_position"))
        return " · ".join(parts)

    def rating_family(self, game: TableGame) -> str:
        return f"inka-{InkaConfig.from_dict(game.row.config).players}"

    def seat_groups(self, game: TableGame) -> list[tuple[str, ...]]:
        seats = InkaConfig.from_dict(game.row.config).seats
        if game.meta.get("start"):  # seats already out in the position need nobody
            position = parse_position(game.meta["start"])
            playing = {s for s, pawn in zip(position.seats, position.pawns, strict=True) if pawn}
            seats = tuple(s for s in seats if s in playing)
        return [(s,) for s in seats]

    def can_resign(self, game: TableGame, seat: str) -> bool:
        state = game.require_state()
        return state.phase != OVER and not state.out[state.seats.index(seat)]

    async def announce_start(self, service: TableService, game: TableGame) -> list[Delivery]:
        """The roll that chose the first player (made when the game was created)."""
        state = game.require_state()
        events = [] if game.meta.get("start") else opening_events(state)
        return await self.after(service, game, Change(events))

    async def board_image(self, game: TableGame, state: InkaState) -> Attachment:
        return await _board(game, state, game.locale)

    async def after(self, service: TableService, game: TableGame, change: Change) -> list[Delivery]:
        """One post: a line per event, who acts now (pinged when the turn changes hands),
        the temple once a turn (as it passes: the steps within a turn are told in words, and
        /inka preview shows one privately), and buttons for the few choices there are."""
        state = game.require_state()
        loc = game.locale
        lines = [line for e in change.public for line in self._describe(game, e)]
        if change.before is not None and change.before.phase == BUILD and state.phase != BUILD:
            lines.append(t(loc, "inka.built"))
        buttons: list[Button] = []
        if state.phase == OVER:
            lines.append(t(loc, "inka.seed", seed=game.meta["seed"]))
        else:
            lines.append(self._ping(game, state, change.events, change.actor, change.before))
            buttons = self._buttons(game, state)
        files = []
        if _turn_passed(state, change.before):
            files = [await _board(game, state, loc)]
            game.meta[TURN_START] = _placements(state)  # the next picture shows what moves next
        return [
            Delivery(
                "channel",
                clip("\n".join(line for line in lines if line)),
                channel_id=game.row.channel_id,
                files=files,
                buttons=buttons,
                closes=state.phase == OVER,
            )
        ]

    # ------------------------------------------------------------ telling

    def _seat(self, game: TableGame, seat: str | None) -> str:
        return self.seat_label(game.locale, seat) if seat else "?"

    def _describe(self, game: TableGame, event: Event) -> list[str]:
        loc, d = game.locale, event.data
        riders = ""
        if d.get("riders"):
            names = ", ".join(self._seat(game, s) for s in d["riders"])
            riders = t(loc, "inka.ev.riders", seats=names)
        sixths = d.get("sixths", 0)
        # Every word an event's message may name (a message takes the ones it shows).
        words = {
            **d,
            "seat": self._seat(game, d.get("seat")),
            "src": d.get("from"),
            "dst": d.get("to"),
            "cells": "/".join(d.get("cells", ())),
            "riders": riders,
            "angle": ("ccw" if sixths > 0 else "cw") + str(60 * abs(sixths)),
        }
        match event.kind:
            case "roll" if d.get("purpose") == "first_player":
                return [t(loc, "inka.ev.first_roll", **words)]
            case "pawn_moved":
                key = "inka.ev.walked_free" if d["cost"] == 0 else "inka.ev.walked"
                return [t(loc, key, **words)]
            case "turn_ended":
                key = "inka.ev.turn_ended_lost" if d.get("ap_lost") else "inka.ev.turn_ended"
                return [t(loc, key, seat=words["seat"], ap=d.get("ap_lost", 0))]
            case "game_over":
                winner = self._seat(game, (d.get("winners") or [None])[0])
                key = "inka.ev.escaped" if d.get("termination") == "escaped" else "inka.ev.last"
                return [t(loc, key, seat=winner)]
            case kind if kind in TOLD:
                return [t(loc, TOLD[kind], **words)]
        return []

    def _ping(
        self,
        game: TableGame,
        state: InkaState,
        events: list[Event],
        actor: Actor | None,
        before: InkaState | None,
    ) -> str:
        """Who acts now, with a mention when the turn has come to someone new; within a
        turn only the step into the pawn phase is worth a line (the events give the AP)."""
        loc = game.locale
        seat = to_act(state)[0]
        label = self.seat_label(loc, seat)
        user = game.user_of(seat)
        who = game.who(user) if user is not None else label
        if state.phase == START:
            return t(loc, "inka.ping_start", user=who, seat=label)
        if state.phase == BUILD:
            return t(loc, "inka.ping_build", user=who, seat=label, rhombus=state.drawn)
        fresh = actor is None or actor.id != user or any(e.kind == "turn_started" for e in events)
        if fresh:
            return t(loc, "inka.ping_play", user=who, seat=label, ap=state.ap)
        if before is not None and before.stage == RHOMBI and state.stage != RHOMBI:
            return t(loc, "inka.pawn_phase", seat=label, ap=state.ap)
        return ""

    def _buttons(self, game: TableGame, state: InkaState) -> list[Button]:
        """Start cells while pawns are placed; Take, the secret passages and End in a turn."""
        loc = game.locale
        prefix = f"plateau:{KIND}:{game.row.id}"
        actions = legal_actions(state)
        if state.phase == START:
            return [
                Button(f"{prefix}:choose:{a.cell}", f"{a.cell} · {_corner_name(loc, a.cell)}")
                for a in actions
                if isinstance(a, ChooseStart)
            ]
        if state.phase != PLAY:
            return []
        out = []
        if any(isinstance(a, Take) for a in actions):
            out.append(Button(f"{prefix}:take", t(loc, "inka.button_take"), "success"))
        out.extend(
            Button(f"{prefix}:passage:{a.cell}", t(loc, "inka.button_passage", cell=a.cell))
            for a in actions
            if isinstance(a, Passage)
        )
        out.append(Button(f"{prefix}:end", t(loc, "inka.button_end"), "danger"))
        return out

    # ------------------------------------------------------------ set-up

    async def choose(self, service: TableService, request: Request) -> list[Delivery]:
        cell = _cell(request.options.get("cell"))
        return await self.act(service, request, ChooseStart(cell), START)

    async def place(self, service: TableService, request: Request) -> list[Delivery]:
        first, second = _pair(request.options.get("cells"))
        row = await service.find_game(request, KIND)
        state = self.running(self.game(row), BUILD)
        # The drawn rhombus as read now; if it changes before the lock, the engine refuses.
        action = Place(state.drawn or 0, first, second)
        return await self.act(service, request, action, BUILD)

    # ------------------------------------------------------------ a turn

    async def rhombus_slide(self, service: TableService, request: Request) -> list[Delivery]:
        name = _rhombus(request.options.get("rhombus"))
        return await self.act(service, request, _slide(request.options, name), PLAY)

    async def rhombus_rotate(self, service: TableService, request: Request) -> list[Delivery]:
        name = _rhombus(request.options.get("rhombus"))
        return await self.act(service, request, _rotate(request.options, name), PLAY)

    async def rhombus_shift(self, service: TableService, request: Request) -> list[Delivery]:
        """A destination rhombus, from a rhombus symbol: slid (direction) or turned (corner
        and angle)."""
        o = request.options
        name = str(o.get("rhombus") or "").strip().upper()
        if name not in DESTINATION_NAMES:
            raise UserError("inka.pick_destination")
        if o.get("direction"):
            action: Slide | Rotate = _slide(o, name)
        elif o.get("corner") or o.get("angle"):
            action = _rotate(o, name)
        else:
            raise UserError("inka.shift_how")
        return await self.act(service, request, action, PLAY)

    async def pawn_go(self, service: TableService, request: Request) -> list[Delivery]:
        return await self.act(service, request, Go(_cell(request.options.get("cell"))), PLAY)

    async def pawn_take(self, service: TableService, request: Request) -> list[Delivery]:
        return await self.act(service, request, Take(), PLAY)

    async def pawn_passage(self, service: TableService, request: Request) -> list[Delivery]:
        cell = _cell(request.options.get("to"))
        return await self.act(service, request, Passage(cell), PLAY)

    async def block(self, service: TableService, request: Request) -> list[Delivery]:
        return await self.act(service, request, Block(_cell(request.options.get("cell"))), PLAY)

    async def end(self, service: TableService, request: Request) -> list[Delivery]:
        return await self.act(service, request, End(), PLAY)

    # ------------------------------------------------------------ looking

    async def preview(self, service: TableService, request: Request) -> list[Delivery]:
        """The temple after an action of the seat to act, privately; nothing is played."""
        text = str(request.options.get("action") or "").strip()
        if not text:
            raise UserError("inka.preview_needs")
        action = parse_action(text)
        game, state = await self.look(service, request)
        after, _ = RULES.apply(state, action, to_act(state)[0])
        loc = request.actor.locale
        picture = await _board(
            game, after, loc, name=f"inka-{game.row.id}-preview.png", labels=True
        )
        return [
            service.private(
                request.actor,
                t(loc, "inka.preview", action=str(action)),
                files=[picture],
            )
        ]

    # ------------------------------------------------------------ helpers for adapters

    def choices(
        self, game: TableGame, state: Any, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete from the engine's legal actions (at most 25): only for the seat to
        act, except a preview, which anyone may ask for."""
        seat = to_act(state)[0]
        if request.command != "preview" and game.user_of(seat) != request.actor.id:
            return []
        pairs = _choices(state, request.command, option, request.options, request.actor.locale)
        typed = re.sub(r"\s+", " ", current.strip().lower())
        found = [p for p in pairs if p[1].lower().startswith(typed)]
        if not found and typed:
            found = [p for p in pairs if typed in p[0].lower()]
        return found


def _turn_passed(state: InkaState, before: InkaState | None) -> bool:
    """Has a turn ended (or the game started, come back, changed phase or ended)?"""
    if before is None or state.phase == OVER or state.phase != before.phase:
        return True
    return to_act(state)[:1] != to_act(before)[:1]


# ---------------------------------------------------------------- reading options


def _cell(value: Any) -> str:
    """A cell name, normalized (``F 12`` -> ``f12``); the engine explains a wrong one."""
    text = str(value or "").strip()
    if not text:
        raise UserError("inka.pick_cell")
    return BOARD.names[BOARD.parse(text)]


def _pair(value: Any) -> tuple[str, str]:
    parts = [p for p in re.split(r"[\s/,;-]+", str(value or "").strip()) if p]
    if len(parts) != 2:
        raise UserError("inka.pick_cells")
    return _cell(parts[0]), _cell(parts[1])


def _rhombus(value: Any) -> str:
    match = _RHOMBUS.match(str(value or "").strip().lower())
    if not match:
        raise UserError("inka.pick_rhombus")
    text = match.group(1)
    return text.upper() if text.isalpha() else str(int(text))


def _slide(options: dict[str, Any], name: str) -> Slide:
    direction = str(options.get("direction") or "").strip().lower()
    if not direction:
        raise UserError("inka.pick_direction")
    distance = number(options, "distance", 1, 1, 12)
    verb = "shift" if name in DESTINATION_NAMES else "slide"
    action = parse_action(f"{verb} {name} {direction} {distance}")  # checks the direction
    assert isinstance(action, Slide)
    return action


def _rotate(options: dict[str, Any], name: str) -> Rotate:
    match = _CORNER.match(str(options.get("corner") or "").strip().lower())
    if not match or not 1 <= int(match.group(1)) <= 12:
        raise UserError("inka.pick_corner")
    angle = str(options.get("angle") or "").strip().lower().replace(" ", "")
    angle = _ANGLE_WORDS.get(angle, angle)
    if angle not in ANGLES:
        raise UserError("inka.pick_angle")
    return Rotate(name, int(match.group(1)), ANGLES[angle])


def _corner_name(loc: str, cell: str) -> str:
    """Where a start cell lies: ``l6`` is the north-west corner."""
    ns = "n" if cell[0] > "f" else "s"
    we = "w" if int(cell[1:]) < 12 else "e"
    return t(loc, f"inka.corner_{ns}{we}")


def _cell_key(name: str) -> int:
    return BOARD.by_name.get(name, 0)


def _angle(sixths: int) -> str:
    return ("ccw" if sixths > 0 else "cw") + str(60 * abs(sixths))


def _choices(
    state: InkaState, command: str, option: str, options: dict[str, Any], loc: str
) -> list[tuple[str, str]]:
    """(shown, value) pairs for one option of one command, from the legal actions."""
    actions = legal_actions(state)
    lay = Layout.of(state)
    wanted = str(options.get("rhombus") or "").strip().lower()

    def where(name: str) -> str:
        r = state.rhombus(name)
        return BOARD.pair_name(r.placement) if r is not None else ""

    if command == "choose" and option == "cell":
        cells = [a.cell for a in actions if isinstance(a, ChooseStart)]
        return [(f"{c} · {_corner_name(loc, c)}", c) for c in cells]
    if command == "place" and option == "cells":
        pairs = [f"{a.first}/{a.second}" for a in actions if isinstance(a, Place)]
        pairs.sort(key=lambda p: tuple(_cell_key(c) for c in p.split("/")))
        return [(p, p) for p in pairs]
    if command in ("rhombus slide", "rhombus rotate", "rhombus shift"):
        moves = [a for a in actions if isinstance(a, Slide | Rotate)]
        if command == "rhombus shift":
            moves = [a for a in moves if a.rhombus in DESTINATION_NAMES]
        else:
            moves = [a for a in moves if a.rhombus not in DESTINATION_NAMES]
            moves = [
                a for a in moves if isinstance(a, Slide if command == "rhombus slide" else Rotate)
            ]
        if option == "rhombus":
            names = sorted({a.rhombus for a in moves}, key=lambda n: (n.isdigit(), len(n), n))
            return [(f"{n} · {where(n)}", n) for n in names]
        mine = [a for a in moves if not wanted or a.rhombus.lower() == wanted.lstrip("#")]
        if option == "direction":
            most: dict[str, int] = {}
            for a in mine:
                if isinstance(a, Slide):
                    most[a.direction] = max(most.get(a.direction, 0), a.distance)
            return [
                (t(loc, "inka.choice_direction", direction=d, most=n), d)
                for d, n in sorted(most.items())
            ]
        if option == "corner":
            turns: dict[int, list[str]] = {}
            for a in mine:
                if isinstance(a, Rotate):
                    turns.setdefault(a.corner, []).append(_angle(a.sixths))
            one = state.rhombus(mine[0].rhombus) if len({a.rhombus for a in mine}) == 1 else None
            out = []
            for hour, angles in sorted(turns.items()):
                shown = f"{hour}h"
                if one is not None:
                    sharp = one.placement.corner_at(hour) in ACUTE
                    shown += " " + t(loc, "inka.corner_sharp" if sharp else "inka.corner_blunt")
                angles.sort(key=lambda a: list(ANGLES).index(a))
                out.append((f"{shown}: {' '.join(angles)}", str(hour)))
            return out
        return []
    if command == "pawn go" and option == "cell":
        here = state.pawns[state.turn] if state.turn is not None else None
        if here is None:
            return []
        best, _ = lay.costs(here, state.ap)
        cells = sorted((a.cell for a in actions if isinstance(a, Go)), key=_cell_key)
        return [(t(loc, "inka.choice_cost", cell=c, ap=best[BOARD.by_name[c]]), c) for c in cells]
    if command == "pawn passage" and option == "to":
        return [(a.cell, a.cell) for a in actions if isinstance(a, Passage)]
    if command == "block" and option == "cell":
        cells = sorted((a.cell for a in actions if isinstance(a, Block)), key=_cell_key)
        return [(c, c) for c in cells]
    if command == "preview" and option == "action":
        texts = [str(a) for a in actions if not isinstance(a, End)]
        return [(x, x) for x in texts]
    return []


# Where each rhombus lay when the turn being played began (name -> [x, y, sixths]), kept in
# the game's meta: a turn's picture highlights the rhombi its player slid, turned or laid.
TURN_START = "turn_start_rhombi"


def _placements(state: InkaState) -> dict[str, list[int]]:
    return {r.name: [*r.placement.anchor, r.placement.turn] for r in state.rhombi}


def _moved_this_turn(game: TableGame, state: InkaState) -> tuple[RhombusMove, ...]:
    start = game.meta.get(TURN_START)
    if start is None:  # the game has just begun (or began before pictures kept this)
        return ()
    where = {name: Placement((x, y), turn) for name, (x, y, turn) in start.items()}
    return rhombus_moves(where, state)


async def _board(
    game: TableGame,
    state: InkaState,
    locale: str | None,
    *,
    name: str | None = None,
    labels: bool = True,
) -> Attachment:
    """The temple, its words in ``locale``: the game's channel's, or the reader's for a
    private picture (a preview, with the cells' names)."""
    seen = view(state, None)
    moved = _moved_this_turn(game, state)
    data = await rendering.render(
        board_png, seen, game.names_by_seat(locale), locale, moved, labels
    )
    also = alt.rhombi_moved(locale or game.locale, moved)
    said = alt.described("inka", game, RULES, seen, locale, also=also)
    return Attachment(name or f"inka-{game.row.id}-{state.ply}.png", data, said)


TABLE = InkaTable
