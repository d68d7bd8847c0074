"""Les Chevaliers d'Alako at the table: lots for who starts, then each turn a spin of the top
and the use the face allows, with a button for each legal choice so a turn takes one or two
clicks. The spin is told in words with those buttons; the board is posted once a turn, after
its move. A draw offer (``/alako draw``) waits for the other seat's Accept or Decline. The
lobby, seats, turns, log, resigning, record and restarts come from :mod:`bot.tables.base`;
the game has no secret."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bot import rendering
from bot.i18n import picture_words, t
from bot.model import Attachment, Button, ButtonStyle, Delivery, Request
from bot.options import GAME, NUMBER, POSITION, TEXT, Declarations
from bot.service import TableService, UserError
from bot.tables import alt
from bot.tables.base import BOARD_COOLDOWN, Change, Entries, SeatedTable, TableGame
from engine.alako import (
    ACT,
    LOTS,
    OVER,
    RULES,
    SEATS,
    SPIN,
    AlakoConfig,
    AlakoState,
    Build,
    Climb,
    Dismount,
    Lots,
    Move,
    Pass,
    Spin,
    build_segments,
    parse_segment,
    paths,
    segment_name,
    state_from_position,
    to_act,
    view,
)
from engine.alako.board import name as square_name
from engine.alako.movement import climbable
from engine.alako.record import OPENING
from engine.alako.spinner import LADDER, POINTS, TOWER, WALL, WALLS
from engine.protocol import Event
from renderer.alako import AlakoImageOptions, render_alako

KIND = "alako"
PIECES = ("knight", "horse", "princess")
DIRECTIONS = ("n", "e", "s", "w")
ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
BUILD_FACES = (TOWER, WALL, WALLS)


class AlakoTable(SeatedTable):
    kind = KIND
    rules = RULES
    config_type = AlakoConfig
    opening = OPENING
    # ``ply``: the turn a button was made for (a press from an earlier turn is refused).
    options: ClassVar[Declarations] = {
        "new": {"first": TEXT, "position": POSITION},
        "spin": {"ply": NUMBER, "game": GAME},
        "move": {"piece": TEXT, "direction": TEXT, "ply": NUMBER, "game": GAME},
        "dismount": {"direction": TEXT, "ply": NUMBER, "game": GAME},
        "build": {"segment": TEXT, "ply": NUMBER, "game": GAME},
        "climb": {"segment": TEXT, "ply": NUMBER, "game": GAME},
        "pass": {"ply": NUMBER, "game": GAME},
        "draw": {"action": TEXT, "game": GAME},
    }

    # ------------------------------------------------------------ hooks of the base

    def configure(self, request: Request) -> tuple[dict[str, Any], dict[str, Any]]:
        o = request.options
        first = str(o.get("first") or "roll").strip().lower()
        config = AlakoConfig(first=first)  # an engine refusal names the choices
        start = None
        if o.get("position"):
            start = str(o["position"]).strip()
            # The whole check (pieces, lines, a spun face with a use), with its reason.
            probe = state_from_position(start, config, seed=bytes(32), game_id="check")
            if probe.phase == OVER:
                raise UserError("alako.position_over")
        return config.to_dict(), {"start": start}

    def summary(self, game: TableGame) -> str:
        loc = game.locale
        if game.meta.get("start"):
            return t(loc, "table.from_position")
        first = AlakoConfig.from_dict(game.row.config).first
        if first == "roll":
            return t(loc, "alako.first_roll")
        return t(loc, "alako.first_seat", seat=self.seat_label(loc, first))

    def follow_up(self, game: TableGame) -> Entries:
        """South draws lots for who spins first (option ``first: roll``): nobody has a choice
        to make there, so the table does it as soon as the game starts."""
        state = game.require_state()
        if state.phase != LOTS or state.offer is not None:
            return []
        seat = to_act(state)[0]
        game.state, events = RULES.apply(state, Lots(), seat)
        return self.entries(game.user_of(seat), seat, Lots(), events)

    async def board_image(self, game: TableGame, state: AlakoState) -> Attachment:
        return await _board(game, state)

    async def board(self, service: TableService, request: Request) -> list[Delivery]:
        """The board again; while a turn is on and a seated player asks, with its ping and
        buttons (so a lost or buried post never leaves a player without them), at most once
        a minute; anyone else, or sooner, sees it privately."""
        row = await service.find_game(request, KIND, ended=True)
        game = self.game(row)
        state = game.require_state()
        if (
            row.status == "running"
            and state.phase in (SPIN, ACT)
            and game.seats_of(request.actor.id)
            and service.cooldown(f"board:{row.id}", BOARD_COOLDOWN)
        ):
            return await self.after(service, game, Change())
        return await super().board(service, request)

    # ------------------------------------------------------------ a turn

    async def spin(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._play(service, request, Spin(), SPIN)

    async def move(self, service: TableService, request: Request) -> list[Delivery]:
        piece = str(request.options.get("piece") or "").strip().lower()
        if piece not in PIECES:
            raise UserError("alako.pick_piece")
        return await self._play(service, request, Move(piece, _direction(request)), ACT)

    async def dismount(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._play(service, request, Dismount(_direction(request)), ACT)

    async def build(self, service: TableService, request: Request) -> list[Delivery]:
        text = str(request.options.get("segment") or "").strip()
        if not text:
            raise UserError("alako.segment_needed", example="d3n")
        return await self._play(service, request, Build(parse_segment(text)), ACT)

    async def climb(self, service: TableService, request: Request) -> list[Delivery]:
        text = str(request.options.get("segment") or "").strip()
        return await self._play(service, request, Climb(parse_segment(text) if text else None), ACT)

    async def pass_(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._play(service, request, Pass(), ACT)

    async def _play(
        self, service: TableService, request: Request, action: Any, phase: str
    ) -> list[Delivery]:
        """Apply one action of the seat to move, refusing a button from an earlier turn and an
        action the spun face does not allow (with the command that fits)."""

        def check(game: TableGame, state: AlakoState) -> None:
            ply = request.options.get("ply")
            if ply is not None and str(ply) != str(state.ply):
                raise UserError("alako.stale_button")
            if state.phase != ACT:
                return
            loc = request.actor.locale
            face = _face(loc, state.face)
            if state.face in POINTS and not isinstance(action, Move | Dismount):
                raise UserError("alako.use_move", face=face)
            if state.face in BUILD_FACES and not isinstance(action, Build | Pass):
                raise UserError("alako.use_build", face=face)
            if state.face == LADDER and not isinstance(action, Climb | Pass):
                raise UserError("alako.use_ladder")

        ply = request.options.get("ply")
        if ply is not None:  # a button: say first when it is from an earlier turn
            row = await service.find_game(request, KIND)
            if row.status == "running" and row.state and str(ply) != str(row.state.get("ply")):
                raise UserError("alako.stale_button")
        return await self.act(service, request, action, phase, check=check)

    # ------------------------------------------------------------ telling

    async def after(self, service: TableService, game: TableGame, change: Change) -> list[Delivery]:
        """One post in the game's channel: what happened, the board with the spinner, who
        acts now, and a button for each of their legal choices."""
        state = game.require_state()
        loc = game.locale
        lines = describe(loc, change.public)
        buttons: list[Button] = []
        if state.phase == OVER:
            lines.append(t(loc, "alako.seed_revealed", seed=game.meta["seed"]))
        elif state.offer is not None:
            answerer = to_act(state)[0]
            user = game.user_of(answerer)
            lines.append(
                t(
                    loc,
                    "alako.answer_draw",
                    user=game.who(user) if user is not None else "",
                    seat=self.seat_label(loc, answerer),
                    offerer=self.seat_label(loc, SEATS[state.offer]),
                )
            )
            buttons = self.choice_buttons(game, state)
        elif state.phase in (SPIN, ACT):
            seat = to_act(state)[0]
            user = game.user_of(seat)
            if user is not None:
                lines.append(_ping(loc, state, game.who(user), self.seat_label(loc, seat)))
            buttons = self.choice_buttons(game, state)
        # One picture a turn, after its move: the spin (and a first wall of two) is told in
        # words with the buttons of its choices, on the board of the turn's start; an offer
        # and its answer are told in words only.
        talk = {"draw_offered", "draw_declined"}
        pictured = not change.events or (
            state.phase in (SPIN, OVER) and not {e.kind for e in change.events} <= talk
        )
        files = [await _board(game, state)] if pictured and state.phase != LOTS else []
        return [self.post(game, lines, files, buttons)]

    def choice_buttons(self, game: TableGame, state: AlakoState) -> list[Button]:
        """Every legal choice of the seat to act as a persistent button. Its id carries the
        game, the ply it was offered at (a press on a later turn is refused) and the action
        text with ``_`` for spaces: ``plateau:alako:<game>:do:<ply>:knight_n``."""
        loc = game.locale
        prefix = f"plateau:{KIND}:{game.row.id}:do:{state.ply}:"

        def button(action: Any, label: str, style: ButtonStyle = "primary") -> Button:
            return Button(prefix + str(action).replace(" ", "_"), label, style)

        if state.offer is not None:  # ``plateau:alako:<game>:draw:accept``
            draw = f"plateau:{KIND}:{game.row.id}:draw"
            return [
                Button(f"{draw}:accept", t(loc, "alako.button.accept"), "success"),
                Button(f"{draw}:decline", t(loc, "alako.button.decline"), "danger"),
            ]
        if state.phase == SPIN:
            return [button(Spin(), t(loc, "alako.button.spin"), "success")]
        if state.phase != ACT or state.turn is None:
            return []
        out: list[Button] = []
        if state.face in POINTS:
            for path in paths(state):
                action = path.action
                arrow = ARROWS[action.direction]
                square = square_name(path.squares[-1])
                style: ButtonStyle = "success" if path.wins else "primary"
                if isinstance(action, Dismount):
                    label = t(loc, "alako.button.dismount", arrow=arrow, square=square)
                else:
                    piece = t(loc, f"alako.piece.{action.piece}").capitalize()
                    label = t(loc, "alako.button.move", piece=piece, arrow=arrow, square=square)
                out.append(button(action, label, style))
        elif state.face in BUILD_FACES:
            for seg in build_segments(state):
                name = segment_name(seg)
                out.append(button(Build(seg), t(loc, "alako.button.build", segment=name)))
            out = out[:24]  # building is optional: the decline always has its button
            out.append(button(Pass(), t(loc, "alako.button.no_build"), "secondary"))
        elif state.face == LADDER:
            for segment, _beyond in climbable(state, state.turn):
                name = segment_name(segment)
                out.append(button(Climb(segment), t(loc, "alako.button.climb", segment=name)))
            out.append(button(Pass(), t(loc, "alako.button.pass"), "secondary"))
        return out[:25]

    # ------------------------------------------------------------ helpers for adapters

    def choices(
        self, game: TableGame, state: Any, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete from the engine's legal actions (at most 25): the segments a build
        may use, the enemy walls a climb may take."""
        if state.phase != ACT or state.turn is None:
            return []
        if to_act(state)[0] not in game.seats_of(request.actor.id):
            return []
        values: list[str] = []
        if option == "segment" and request.command == "build":
            values = [segment_name(s) for s in build_segments(state)]
        elif option == "segment" and request.command == "climb" and state.face == LADDER:
            values = [segment_name(s) for s, _ in climbable(state, state.turn)]
        current = current.lower().strip()
        return [(v, v) for v in values if v.startswith(current)]


# ---------------------------------------------------------------- events in words


def describe(loc: str, events: list[Event]) -> list[str]:
    """One line per event that a reader needs (the spin's roll, not the lots' raw roll)."""
    lines: list[str] = []
    lots_value = None
    for e in events:
        d = e.data
        seat = t(loc, f"alako.seat.{d['seat']}") if d.get("seat") in SEATS else ""
        if e.kind == "roll" and d.get("purpose") == "first":
            lots_value = d["value"]
        elif e.kind == "roll" and d.get("purpose") == "spin":
            lines.append(t(loc, "alako.spun", seat=seat, face=_face(loc, d["face"])))
        elif e.kind == "first_player":
            lines.append(t(loc, "alako.lots", value=lots_value, seat=seat))
        elif e.kind == "passed":
            key = f"alako.passed.{d['reason']}"
            try:
                lines.append(t(loc, key, seat=seat, face=_face(loc, d["face"])))
            except KeyError:
                lines.append(t(loc, "alako.passed.other", seat=seat))
        elif e.kind == "cannon":
            target = t(loc, f"alako.seat.{d['target']}")
            lines.append(
                t(loc, f"alako.cannon.{d['kind']}", seat=seat, target=target, segment=d["segment"])
            )
        elif e.kind == "built":
            lines.append(t(loc, f"alako.built.{d['kind']}", seat=seat, segment=d["segment"]))
            if d.get("complete"):
                lines.append(t(loc, "alako.line_done", seat=seat))
        elif e.kind == "moved":
            lines.append(_moved(loc, seat, d))
        elif e.kind == "climbed":
            text = t(loc, "alako.climbed", seat=seat, src=d["from"], segment=d["segment"])
            if d.get("left_horse"):
                text += t(loc, "alako.left_horse", src=d["from"])
            lines.append(text)
        elif e.kind == "draw_declined" and d.get("implicit"):
            lines.append(t(loc, "alako.draw_played_on", seat=seat))
        elif e.kind in ("resigned", "draw_offered", "draw_declined", "draw_accepted"):
            lines.append(t(loc, f"table.{e.kind}", seat=seat))
        elif e.kind == "game_over" and d.get("winner") is None:
            lines.append(t(loc, f"alako.drawn.{d['termination']}"))
        elif e.kind == "game_over":
            winner = t(loc, f"alako.seat.{d['winner']}")
            lines.append(t(loc, f"alako.won.{d['termination']}", seat=winner))
    return lines


def _moved(loc: str, seat: str, d: Mapping[str, Any]) -> str:
    if d.get("descended"):
        return t(loc, "alako.descends", seat=seat, dst=d["to"])
    if d.get("dismounted"):
        return t(loc, "alako.dismounts", seat=seat, src=d["from"], dst=d["to"])
    piece = d["piece"]
    if piece == "knight" and d.get("riding") and not d.get("mounted"):
        piece = "rider"
    label = t(loc, f"alako.piece.{piece}")
    text = t(loc, "alako.moved", seat=seat, piece=label, src=d["from"], dst=d["to"])
    if d.get("mounted"):
        text += t(loc, "alako.mounts")
    return text


def _face(loc: str, face: str | None) -> str:
    return t(loc, f"alako.face.{face}") if face else ""


def _ping(loc: str, state: AlakoState, user: str, seat: str) -> str:
    if state.phase == SPIN:
        return t(loc, "alako.your_spin", user=user, seat=seat)
    face = _face(loc, state.face)
    if state.face in POINTS:
        return t(loc, "alako.your_move", user=user, seat=seat, face=face)
    if state.face == LADDER:
        return t(loc, "alako.your_ladder", user=user, seat=seat)
    if state.face == WALLS and state.builds_left == 1:
        return t(loc, "alako.your_second_wall", user=user, seat=seat)
    return t(loc, "alako.your_build", user=user, seat=seat, face=face)


def _direction(request: Request) -> str:
    raw = str(request.options.get("direction") or "").strip().lower()
    direction = {"north": "n", "east": "e", "south": "s", "west": "w"}.get(raw, raw)
    if direction not in DIRECTIONS:
        raise UserError("alako.pick_direction")
    return direction


async def _board(game: TableGame, state: AlakoState) -> Attachment:
    # Everything is posted in the game's channel: its language.
    options = AlakoImageOptions(
        names=game.names_by_seat(), words=picture_words(game.locale, "alako")
    )
    seen = view(state, None)
    data = await rendering.render(render_alako, seen, options=options)
    said = alt.described("alako", game, RULES, seen, game.locale)
    return Attachment(f"alako-{game.row.id}-{state.ply}.png", data, said)


TABLE = AlakoTable
