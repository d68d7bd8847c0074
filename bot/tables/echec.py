"""Échec au Roi at the table: the standard set-up (level 1), free or secret placement with
optional units (level 2), the roll for the first move, turns of two actions, and the end.
The lobby, seats, turns, log, resigning, record and restarts come from
:mod:`bot.tables.base`.

Secret placement: every ``placed``/``lifted`` event carries ``visible_to={seat}``; it is
told, with that seat's own picture (``view(state, seat)``), to that player's DMs only. The
channel only hears who is ready, and sees both armies once both have confirmed.

Why this file is over 600 lines: it holds Échec au Roi's own commands, actions and texts
only: its placement commands (place, lift, confirm, autoplace) with their private prompts,
the two-action turn (roll, advance, turn, attack, end) and what each event tells, fights
told with their dice. What every table shares lives in the table's parts (``lobby``,
``computers``, ``ending``, ``records``, ``pages``, ``timing``, ``replays``, ``coach``,
``learning``)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from bot import rendering
from bot.i18n import picture_words, t
from bot.model import Attachment, Button, Delivery, Request
from bot.options import GAME, LONG_TEXT, NUMBER, POSITION, TEXT, Declarations
from bot.service import TableService, UserError
from bot.tables import alt
from bot.tables.base import Change, Entries, SeatedTable, TableGame, clip, drawn_for, number
from bot.tables.loka_text import counted
from engine.echec import (
    RULES,
    SEATS,
    SECRET,
    EchecConfig,
    EchecState,
    legal_actions,
    parse_action,
    parse_position,
    to_act,
    view,
)
from engine.echec.actions import Advance, Attack, Confirm, End, Lift, Place, Roll, Turn
from engine.echec.board import FORWARD, HOME_RANKS, INDEX, NAMES, ROYAL, SIZE
from engine.echec.config import (
    NO_PROGRESS_TURNS,
    NO_PROGRESS_WARNING,
    STANDARD_SETUP,
    standard_square,
)
from engine.echec.record import OPENING as RECORD_OPENING
from engine.echec.state import ACTIONS_PER_TURN, BATTLE, OPENING, OVER, PLACEMENT
from engine.echec.units import ARCHERS, KIND, KING, variable
from engine.errors import EngineError
from engine.protocol import Event
from renderer.echec import ADVANCE, ATTACK, FLEE, TURN, EchecImageOptions, Stroke, render_echec

KIND_NAME = "echec"
Game = TableGame

# The picture maker; tests may swap it for a stand-in.
render = render_echec


class EchecTable(SeatedTable):
    kind = KIND_NAME
    rules = RULES
    config_type = EchecConfig
    opening = RECORD_OPENING
    options: ClassVar[Declarations] = {
        "new": {
            "level": NUMBER,
            "placement": TEXT,
            "units": LONG_TEXT,
            "south_units": LONG_TEXT,
            "north_units": LONG_TEXT,
            "massive": TEXT,
            "position": POSITION,
            "turn_limit": NUMBER,
        },
        "setup place": {"unit": TEXT, "square": TEXT, "facing": TEXT, "game": GAME},
        "setup lift": {"square": TEXT, "game": GAME},
        "setup autoplace": {"game": GAME},
        "setup confirm": {"game": GAME},
        "roll": {"game": GAME},
        "advance": {"unit": TEXT, "squares": NUMBER, "game": GAME},
        "turn": {"unit": TEXT, "to": TEXT, "facing": TEXT, "game": GAME},  # to, or facing
        "attack": {"unit": TEXT, "target": TEXT, "game": GAME},
        "end": {"game": GAME},
    }

    # ------------------------------------------------------------ hooks of the base

    def configure(self, request: Request) -> tuple[dict[str, Any], dict[str, Any]]:
        o = request.options
        placement = str(o.get("placement") or "").strip().lower() or None
        units = str(o.get("units") or "").strip()
        armies = {
            seat: str(o[f"{seat}_units"]).strip()
            for seat in SEATS
            if str(o.get(f"{seat}_units") or "").strip()
        }
        massive = _on(o.get("massive", "off"))
        level_two = bool(units or armies or massive or placement in ("free", SECRET))
        level = number(o, "level", 2 if level_two else 1, 1, 2)
        try:
            config = EchecConfig(
                level=level,
                placement=placement,
                units=units,
                armies=armies,
                massive=massive,
                turn_limit=number(o, "turn_limit", 0, 0, 10_000),
            )
        except (TypeError, ValueError) as exc:
            raise UserError("error.rules", detail=str(exc)) from exc
        start = None
        if o.get("position"):
            start = str(o["position"])
            parse_position(start)  # refuse a bad position now, with its reason
        return config.to_dict(), {"start": start}

    def summary(self, game: TableGame) -> str:
        loc = game.locale
        config = EchecConfig.from_dict(game.row.config)
        parts = [t(loc, "echec.summary_level", level=config.level)]
        if game.meta.get("start"):
            parts.append(t(loc, "echec.summary_position"))
        else:
            parts.append(t(loc, f"echec.summary_{config.placement}"))
        if config.units.strip():
            parts.append(t(loc, "echec.summary_units", units=config.units))
        for seat, units in config.armies.items():
            parts.append(t(loc, "echec.summary_army_units", seat=_seat(loc, seat), units=units))
        if config.massive:
            parts.append(t(loc, "echec.summary_massive"))
        if config.turn_limit:
            parts.append(t(loc, "echec.summary_turns", n=config.turn_limit))
        return " · ".join(parts)

    async def announce_start(self, service: TableService, game: TableGame) -> list[Delivery]:
        out = await self.after(service, game, Change())
        state = game.require_state()
        if state.phase == PLACEMENT and state.config.placement == SECRET:
            for seat in SEATS:
                out.append(await self._placement_dm(service, game, seat, [], None))
        return out

    async def board_image(self, game: TableGame, state: EchecState) -> Attachment:
        return await _board(game, state)

    def secret_entry(self, game: TableGame, entry: Any) -> bool:
        """A secret placement's every ``place`` and ``lift``: the battle reveals where the
        units stand, never how often a side tried (issue 30)."""
        if EchecConfig.from_dict(game.row.config).placement != SECRET:
            return False
        return entry.action.split()[:1] in (["place"], ["lift"])

    # ------------------------------------------------------------ placement (level 2)

    async def setup_place(self, service: TableService, request: Request) -> list[Delivery]:
        o = request.options
        unit = str(o.get("unit") or "").strip()
        square = str(o.get("square") or "").strip()
        facing = str(o.get("facing") or "").strip()
        if not unit:
            raise UserError("echec.pick_unit")
        if not square:
            raise UserError("echec.need_square")
        if not facing:
            raise UserError("echec.need_facing")
        kind, figures = _unit_words(unit)
        size = f" {figures}" if figures else ""
        action = parse_action(f"place {kind}{size} {square} {facing}")
        return _ack_dm(request, await self.act(service, request, action, PLACEMENT))

    async def setup_lift(self, service: TableService, request: Request) -> list[Delivery]:
        square = str(request.options.get("square") or "").strip()
        if not square:
            raise UserError("echec.need_square")
        action = parse_action(f"lift {square}")
        return _ack_dm(request, await self.act(service, request, action, PLACEMENT))

    async def setup_confirm(self, service: TableService, request: Request) -> list[Delivery]:
        return await self.act(service, request, Confirm(), PLACEMENT)

    async def setup_autoplace(self, service: TableService, request: Request) -> list[Delivery]:
        """Place every base still in the reserve: the basic army on its standard squares,
        the rest on free home squares, front rank first, facing the enemy."""
        row = await service.find_game(request, KIND_NAME)
        async with service.locked(row.id):
            game = self.game(await service.load(row.id))
            state = self.running(game, PLACEMENT)
            seat = self.acting_seat(game, request.actor, request.options.get("seat"))
            if not state.side(seat).reserve:
                raise UserError("echec.nothing_to_place")
            before = state
            entries: Entries = []
            for action in _formation(state, seat):
                state, events = RULES.apply(state, action, seat)
                entries += self.entries(request.actor.id, seat, action, events)
            game.state = state
            tell = self.telling(service, game, entries, request.actor, before)
            deliveries = await self.persist(service, game, entries, tell)
        return _ack_dm(request, deliveries)

    async def _placement_dm(
        self,
        service: TableService,
        game: TableGame,
        seat: str,
        events: list[Event],
        before: EchecState | None,
    ) -> Delivery:
        """A seat's own placement, told to its player alone: how to place, what changed,
        what is left, and the picture of that seat's view (the other army behind a screen).
        One message per seat (its slot), edited as the placement goes on."""
        state = game.require_state()
        user = game.user_of(seat)
        assert user is not None
        loc = await service.locale_of(user)
        ranks = " & ".join(str(r + 1) for r in sorted(HOME_RANKS[seat]))
        lines = [
            t(
                loc,
                "echec.placement_dm",
                seat=_seat(loc, seat),
                id=game.row.id,
                royal=NAMES[ROYAL[seat]],
                ranks=ranks,
                square=NAMES[standard_square(seat, "c1")],
                facing=FORWARD[seat],
            )
        ]
        lines += describe(loc, events, before, state)
        lines.append(_reserve_line(loc, state, seat))
        async with drawn_for(service, user):  # in their palette
            image = await _board(game, state, seat=seat, locale=loc)
        return Delivery(
            "dm",
            clip("\n".join(lines)),
            user_id=user,
            channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
            files=[image],
            buttons=self._placement_buttons(game, loc),
            secret=True,
            slot=f"placement:{game.row.id}:{seat}",
        )

    def _placement_buttons(self, game: TableGame, loc: str) -> list[Button]:
        prefix = f"plateau:echec:{game.row.id}"
        return [
            Button(f"{prefix}:autoplace", t(loc, "echec.button.autoplace")),
            Button(f"{prefix}:confirm", t(loc, "echec.button.confirm"), "success"),
        ]

    # ------------------------------------------------------------ the opening and the battle

    async def roll(self, service: TableService, request: Request) -> list[Delivery]:
        return await self.act(service, request, Roll(), OPENING)

    async def advance(self, service: TableService, request: Request) -> list[Delivery]:
        unit = _square_option(request, "unit", "echec.need_unit")
        steps = number(request.options, "squares", 1, 1, SIZE - 1)
        return await self.act(service, request, parse_action(f"advance {unit} {steps}"), BATTLE)

    async def turn(self, service: TableService, request: Request) -> list[Delivery]:
        unit = _square_option(request, "unit", "echec.need_unit")
        to = str(request.options.get("to") or request.options.get("facing") or "").strip()
        if not to:
            raise UserError("echec.need_facing")
        return await self.act(service, request, parse_action(f"turn {unit} {to}"), BATTLE)

    async def attack(self, service: TableService, request: Request) -> list[Delivery]:
        unit = _square_option(request, "unit", "echec.need_unit")
        target = _square_option(request, "target", "echec.need_target")
        return await self.act(service, request, parse_action(f"attack {unit} {target}"), BATTLE)

    async def end(self, service: TableService, request: Request) -> list[Delivery]:
        return await self.act(service, request, End(), BATTLE)

    # ------------------------------------------------------------ what everyone is told

    async def after(self, service: TableService, game: TableGame, change: Change) -> list[Delivery]:
        state: EchecState = game.require_state()
        _track_strokes(game, change.events)
        loc = game.locale
        secret = state.config.placement == SECRET
        prefix = f"plateau:echec:{game.row.id}"
        out: list[Delivery] = []
        public = change.public
        lines = describe(loc, public, change.before, state)
        files: list[Attachment] = []
        buttons: list[Button] = []
        slot: str | None = None
        if state.phase == PLACEMENT:
            if secret:
                for seat in SEATS:  # each army's own moves, to its own player only
                    own = [
                        e
                        for e in change.events
                        if e.visible_to is not None and seat in e.visible_to
                    ]
                    if own and game.user_of(seat) is not None:
                        out.append(
                            await self._placement_dm(service, game, seat, own, change.before)
                        )
                if not change.events:
                    lines.append(t(loc, "echec.placement_secret", waiting=self.waiting(game)))
            else:
                files.append(await _board(game, state))
                for seat in dict.fromkeys(str(e.data.get("seat")) for e in public):
                    if seat in SEATS and not state.side(seat).confirmed:
                        lines.append(_reserve_line(loc, state, seat))
                lines.append(t(loc, "echec.placement_free", waiting=self.waiting(game)))
                buttons = self._placement_buttons(game, loc)
                # Both place at will, not in turns: one message, edited as bases go down.
                slot = f"placement:{game.row.id}"
        elif state.phase == OPENING:
            if change.before is None or change.before.phase != OPENING:  # the start, or the reveal
                files.append(await _board(game, state))
            lines.append(t(loc, "echec.roll_prompt", waiting=self.waiting(game)))
            buttons.append(Button(f"{prefix}:roll", t(loc, "echec.button.roll"), "primary"))
        elif state.phase == BATTLE:
            seat = state.turn or SEATS[0]
            user = game.user_of(seat)
            fresh = (
                change.before is None
                or change.before.phase != BATTLE
                or any(e.kind == "turn" for e in change.events)
            )
            if fresh:  # the board once a turn, as it starts; a first action is told in words
                files.append(await _board(game, state, volley=_volley(state, change.before)))
            if change.before is None or any(e.kind == "turn" for e in change.events):
                lines.append(
                    t(
                        loc,
                        "echec.your_turn",
                        user=game.who(user) if user else _seat(loc, seat),
                        seat=_seat(loc, seat),
                        number=state.turns,
                        actions=state.actions_left,
                    )
                )
                lines += _no_progress_lines(loc, state)
            else:
                lines.append(t(loc, "echec.one_left", seat=_seat(loc, seat)))
            buttons.append(Button(f"{prefix}:end", t(loc, "echec.button.end")))
        else:  # over
            hidden = change.before is not None and change.before.phase == PLACEMENT and secret
            if not hidden:  # a resignation during secret placement reveals nothing
                files.append(await _board(game, state, volley=_volley(state, change.before)))
            lines.append(t(loc, "echec.seed_revealed", seed=game.meta["seed"]))
        if lines or files:
            out.insert(0, self.post(game, lines, files, buttons, slot))
        return out

    # ------------------------------------------------------------ looking

    async def board(self, service: TableService, request: Request) -> list[Delivery]:
        """During secret placement a seated player sees their own side, privately. During
        the battle the board is shown to the asker alone too: the thread gets it once a turn,
        and a look between two actions should not add to it."""
        row = await service.find_game(request, KIND_NAME, ended=True)
        game = self.game(row)
        state = game.require_state()
        mine = game.seats_of(request.actor.id)
        loc = request.actor.locale
        if state.phase == PLACEMENT and state.config.placement == SECRET and mine:
            async with drawn_for(service, request.actor.id):  # in their palette
                image = await _board(game, state, seat=mine[0], locale=loc)
            text = t(loc, "echec.own_board")
            return [service.private(request.actor, text, files=[image], secret=True)]
        if state.phase == BATTLE and row.status == "running":
            async with drawn_for(service, request.actor.id):
                image = await _board(game, state, locale=loc)
            return [service.private(request.actor, t(loc, "table.board"), files=[image])]
        return await super().board(service, request)

    # ------------------------------------------------------------ helpers for adapters

    def choices(
        self, game: TableGame, state: Any, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete choices from the engine's legal actions (at most 25)."""
        mine = [s for s in game.seats_of(request.actor.id) if s in to_act(state)]
        if not mine:
            return []
        actions = legal_actions(state, mine[0])
        loc = request.actor.locale
        o = request.options
        pairs: list[tuple[str, str]] = []
        command = request.command
        if command == "setup place":
            places = [a for a in actions if isinstance(a, Place)]
            if option == "unit":
                for kind, figures in dict.fromkeys((a.kind, a.figures) for a in places):
                    value = KIND[kind].name + (f" {figures}" if figures else "")
                    label = _unit(loc, kind) + (f" ({figures})" if figures else "")
                    pairs.append((label, value))
            elif option == "square":
                wanted = _lenient_unit(str(o.get("unit") or ""))
                squares = {
                    a.square
                    for a in places
                    if wanted is None
                    or (a.kind, a.figures or None) == wanted
                    or (wanted[1] is None and a.kind == wanted[0])
                }
                pairs = [(sq, sq) for sq in _board_order(squares)]
        elif command == "setup lift" and option == "square":
            lifts = {a.square for a in actions if isinstance(a, Lift)}
            pairs = [(_base_label(loc, state, sq), sq) for sq in _board_order(lifts)]
        elif option == "unit" and command in ("advance", "turn", "attack"):
            moving: type[Advance | Turn | Attack]
            moving = {"advance": Advance, "turn": Turn, "attack": Attack}[command]
            squares = {a.square for a in actions if isinstance(a, moving)}
            pairs = [(_base_label(loc, state, sq), sq) for sq in _board_order(squares)]
        elif option == "target" and command == "attack":
            src = str(o.get("unit") or "").strip().lower()
            targets = {a.target for a in actions if isinstance(a, Attack) and a.square == src}
            pairs = [(_base_label(loc, state, sq), sq) for sq in _board_order(targets)]
        current = current.lower().strip()
        return [(name, value) for name, value in pairs if value.startswith(current)]


# ---------------------------------------------------------------- events in words


def describe(
    loc: str, events: list[Event], before: EchecState | None, after: EchecState
) -> list[str]:
    """One line per event worth telling (dice rolls are shown with their attack)."""
    lines: list[str] = []
    for e in events:
        d = e.data
        seat = _seat(loc, str(d.get("seat"))) if d.get("seat") in SEATS else ""
        kind = e.kind
        if kind == "placed":
            lines.append(
                t(
                    loc,
                    "echec.placed",
                    seat=seat,
                    unit=_the(loc, d["kind"]),
                    figures=d["figures"],
                    square=d["square"],
                    facing=t(loc, f"echec.facing_as.{d['facing']}"),
                )
            )
        elif kind == "lifted":
            lines.append(t(loc, "echec.lifted", seat=seat, square=d["square"]))
        elif kind == "placement_confirmed":
            ready = sum(1 for s in after.sides if s.confirmed)
            lines.append(t(loc, "echec.ready", seat=seat, ready=ready))
        elif kind == "placement_revealed":
            lines.append(t(loc, "echec.revealed"))
        elif kind == "opening_roll":
            lines.append(
                counted(loc, "echec.rolled", d["axes"], seat=seat, dice=_dice(loc, d["faces"]))
            )
        elif kind == "opening_tie":
            lines.append(counted(loc, "echec.tie", d["axes"]))
        elif kind == "first_player":
            lines.append(t(loc, "echec.first", seat=seat))
        elif kind == "turn_ended":
            lines.append(t(loc, "echec.ended", seat=seat))
        elif kind == "advanced":
            unit = _the_unit_at(loc, before, d["square"])
            lines.append(
                t(loc, "echec.advanced", seat=seat, unit=unit, src=d["square"], dst=d["to"])
            )
        elif kind == "turned":
            lines.append(
                t(
                    loc,
                    "echec.turned",
                    seat=seat,
                    unit=_the_unit_at(loc, before, d["square"]),
                    square=d["square"],
                    facing=t(loc, f"echec.toward.{d['facing']}"),
                )
            )
        elif kind == "attack":
            lines.append(_attack_line(loc, d, before))
        elif kind == "switched":
            lines.append(
                t(loc, "echec.switched", square=d["square"], seat=_seat(loc, d["to_seat"]))
            )
        elif kind == "loyal":
            lines.append(t(loc, "echec.loyal", square=d["square"]))
        elif kind == "panic":
            key = "echec.panic_chain" if d.get("cause") == "chain" else "echec.panic"
            unit = _the_unit_at(loc, before, d["square"])
            lines.append(t(loc, key, seat=seat, unit=unit, square=d["square"]))
        elif kind == "fled":
            lines.append(t(loc, "echec.fled", square=d["square"], to=d["to"]))
        elif kind == "removed" and str(d.get("reason", "")).startswith("panic"):
            unit = _the(loc, d["kind"])
            lines.append(
                t(loc, f"echec.removed.{d['reason']}", seat=seat, unit=unit, square=d["square"])
            )
        elif kind == "resigned":
            lines.append(t(loc, "table.resigned", seat=seat))
        elif kind == "game_over":
            winners = list(d.get("winners") or [])
            if not winners and d.get("termination") == "no_progress":
                lines.append(t(loc, "echec.draw.no_progress", n=NO_PROGRESS_TURNS))
            elif not winners:
                lines.append(t(loc, "echec.draw"))
            else:
                why = str(d.get("termination"))
                key = (
                    f"echec.won.{why}"
                    if why in ("king_eliminated", "army_eliminated")
                    else ("echec.won.resigned")
                )
                loser = next(s for s in SEATS if s not in winners)
                lines.append(t(loc, key, seat=_seat(loc, winners[0]), loser=_seat(loc, loser)))
    return lines


def _no_progress_lines(loc: str, state: EchecState) -> list[str]:
    """The no-progress count as a turn starts, from ``NO_PROGRESS_WARNING`` turns left."""
    left = state.turns_to_draw
    if left is None or left > NO_PROGRESS_WARNING:
        return []
    return [t(loc, "echec.no_progress", n=left, quiet=state.quiet_turns)]


def _attack_line(loc: str, d: Any, before: EchecState | None) -> str:
    target = before.board[INDEX[d["target"]]] if before is not None else None
    line = t(
        loc,
        "echec.attack",
        seat=_seat(loc, d["seat"]),
        unit=_the_unit_at(loc, before, d["square"]),
        src=d["square"],
        target=_the(loc, target.kind) if target is not None else t(loc, "echec.the.base"),
        dst=d["target"],
        dice=_dice(loc, d["faces"]),
    )
    if d.get("bonus"):
        line += "; " + t(loc, "echec.bonus", face=_dice(loc, [d["bonus"]]))
    if d["destroyed"]:
        result = t(loc, "echec.result_destroyed")
    elif d["removed"]:
        left = target.figures - d["removed"] if target is not None else "?"
        result = counted(loc, "echec.result_removed", d["removed"], left=left)
    else:
        result = t(loc, "echec.result_none")
    return line + " — " + counted(loc, "echec.hits", d["hits"], result=result)


def _seat(loc: str, seat: str) -> str:
    return t(loc, f"echec.seat.{seat}")


def _unit(loc: str, kind: str) -> str:
    return t(loc, f"echec.unit.{KIND[kind].name}")


def _the(loc: str, kind: str) -> str:
    """A kind with its article, as a sentence names it: "the archers", "l'infanterie"."""
    return t(loc, f"echec.the.{KIND[kind].name}")


def _the_unit_at(loc: str, state: EchecState | None, square: str) -> str:
    base = state.board[INDEX[square]] if state is not None and square in INDEX else None
    return _the(loc, base.kind) if base is not None else t(loc, "echec.the.base")


def _dice(loc: str, faces: list[str]) -> str:
    return " ".join(t(loc, f"echec.face.{f}") for f in faces)


def _base_label(loc: str, state: EchecState, square: str) -> str:
    base = state.board[INDEX[square]]
    if base is None:
        return square
    facing = t(loc, f"echec.facing.{base.facing}")
    return f"{square} · {_unit(loc, base.kind)} ({base.figures}) → {facing}"


def _reserve_line(loc: str, state: EchecState, seat: str) -> str:
    reserve = state.side(seat).reserve
    if not reserve:
        return t(loc, "echec.reserve_done", seat=_seat(loc, seat))
    counts: dict[tuple[str, int], int] = {}
    for unit in reserve:
        counts[unit] = counts.get(unit, 0) + 1
    units = ", ".join(
        f"{n} × {_unit(loc, kind)} ({figures})" for (kind, figures), n in counts.items()
    )
    return t(loc, "echec.reserve", seat=_seat(loc, seat), units=units)


# ---------------------------------------------------------------- small helpers


def _ack_dm(request: Request, deliveries: list[Delivery]) -> list[Delivery]:
    """Secret placement news went to the actor's DMs: say so in the private reply to a
    command typed elsewhere (a press in the DM is answered by the DM's edit)."""
    actor = request.actor
    if request.place.is_dm:
        return deliveries
    if any(d.to == "dm" and d.user_id == actor.id for d in deliveries):
        note = t(actor.locale, "echec.seen_in_dm")
        return [*deliveries, Delivery("private", note, user_id=actor.id)]
    return deliveries


def _on(value: Any) -> bool:
    return str(value).lower() in ("on", "true", "yes", "1")


def _square_option(request: Request, name: str, key: str) -> str:
    value = str(request.options.get(name) or "").strip()
    if not value:
        raise UserError(key)
    return value


_UNIT_TEXT = re.compile(r"^\s*([a-z_\- ]*?[a-z])\s*[:x ]?\s*(\d*)\s*$")


def _unit_words(text: str) -> tuple[str, int | None]:
    """``archers``, ``peasants 3``, ``P3``, ``heavy infantry 2`` -> a kind word and a size."""
    match = _UNIT_TEXT.match(text.lower())
    if not match:
        raise UserError("echec.pick_unit")
    word = "-".join(match.group(1).split())
    return word, int(match.group(2)) if match.group(2) else None


def _lenient_unit(text: str) -> tuple[str, int | None] | None:
    """The kind and size an autocomplete is narrowed to (``None``: any)."""
    from engine.echec.units import KIND_OF_WORD

    try:
        word, figures = _unit_words(text)
    except UserError:
        return None
    kind = KIND_OF_WORD.get(word)
    if kind is None:
        return None
    return kind, figures if variable(kind) else None


def _board_order(squares: set[str]) -> list[str]:
    return sorted(squares, key=lambda name: INDEX[name])


def _formation(state: EchecState, seat: str) -> list[Place]:
    """A sensible placement of the seat's reserve: the basic army on its standard squares
    when free, the others on the free home squares nearest the front and the middle."""
    standard: dict[str, list[int]] = {}
    for kind, square in STANDARD_SETUP:
        standard.setdefault(kind, []).append(standard_square(seat, square))
    front = HOME_RANKS[seat][1]
    home = sorted(
        (rank * SIZE + f for rank in HOME_RANKS[seat] for f in range(SIZE)),
        key=lambda sq: (sq // SIZE != front, abs(sq % SIZE - 4), sq % SIZE),
    )
    taken = {sq for sq, b in enumerate(state.board) if b is not None}
    out: list[Place] = []
    for kind, figures in state.side(seat).reserve:
        if kind == KING:
            sq = ROYAL[seat]
        else:
            choices = [s for s in standard.get(kind, []) if s not in taken] or [
                s for s in home if s not in taken and s != ROYAL[seat]
            ]
            if not choices:
                raise EngineError(f"no free square left for {seat}'s {KIND[kind].name}")
            sq = choices[0]
        taken.add(sq)
        out.append(Place(kind, NAMES[sq], FORWARD[seat], figures if variable(kind) else None))
    return out


def _volley(state: EchecState, before: EchecState | None) -> str | None:
    """The archers whose shot was the last action of the turn just played (a move after
    it clears the report), if still in place: the turn's picture draws their target block."""
    report = state.report
    if report is None or before is None or report.seat != before.turn:
        return None
    base = state.board[INDEX[report.src]]
    if base is None or base.kind != ARCHERS or base.seat != report.seat:
        return None
    return report.src


async def _board(
    game: Game,
    state: EchecState,
    *,
    seat: str | None = None,
    volley: str | None = None,
    locale: str | None = None,
) -> Attachment:
    """The board as ``seat`` may see it (``None``: anyone, e.g. the channel), its words in
    ``locale`` (``None``: the game's channel language)."""
    seen = view(state, seat)
    options = EchecImageOptions(
        bottom=seat or SEATS[0],
        names=game.names_by_seat(locale),
        volley=volley,
        actions=_strokes_to_draw(game, state),
        words=picture_words(locale or game.locale, "echec"),
    )
    data = await rendering.render(render, seen, options=options)
    said = alt.described("echec", game, RULES, seen, locale)
    return Attachment(picture_name(game.row.id, state, seat), data, said)


def picture_name(game_id: str, state: EchecState, seat: str | None = None) -> str:
    """A picture's file name, made of public facts only: a seat's own (secret) picture
    carries no counter at all, since the number of placing actions is the other side's
    secret; a public one names the phase, and in the battle the turn and its actions."""
    if seat is not None:
        return f"echec-{game_id}-{seat}.png"
    if state.phase == BATTLE:
        done = ACTIONS_PER_TURN - state.actions_left
        return f"echec-{game_id}-turn{state.turns}-{done}.png"
    return f"echec-{game_id}-{state.phase}.png"


# The battle's strokes (renderer.echec.Stroke, as [kind, src, dst]) kept in the game's meta:
# the turn being played, and the last turn finished (what the picture of a new turn shows).
TURN_STROKES, LAST_TURN_STROKES = "turn_strokes", "last_turn_strokes"
STROKE_OF = {"advanced": ADVANCE, "turned": TURN, "attack": ATTACK, "fled": FLEE}


def _track_strokes(game: Game, events: list[Event]) -> None:
    """Add what ``events`` did on the board to the turn's strokes; a new turn files the
    finished one away. Successive steps of one retreat make a single stroke."""
    current = [list(s) for s in game.meta.get(TURN_STROKES, [])]
    for e in events:
        if e.kind == "turn":
            game.meta[LAST_TURN_STROKES] = current
            current = []
            continue
        kind = STROKE_OF.get(e.kind)
        if kind is None:
            continue
        src = str(e.data["square"])
        dst = str(e.data.get("to") or e.data.get("target") or src)
        if kind == FLEE and current and current[-1][0] == FLEE and current[-1][2] == src:
            current[-1][2] = dst
        else:
            current.append([kind, src, dst])
    game.meta[TURN_STROKES] = current


def _strokes_to_draw(game: Game, state: EchecState) -> tuple[Stroke, ...] | None:
    """The turn being played, or else the last one finished; ``None`` outside the battle."""
    if state.phase not in (BATTLE, OVER) or state.turns == 0:
        return None
    strokes = game.meta.get(TURN_STROKES) or game.meta.get(LAST_TURN_STROKES) or []
    return tuple(Stroke(*s) for s in strokes)


TABLE = EchecTable
