"""Standard chess at the table: a host opens a game (an invited opponent, a colour), the
other seat joins, moves in SAN or UCI, draw offers and claims, PGN out and in. The lobby,
seats, turns, log, resigning, record and restarts come from :mod:`bot.tables.base`."""

from __future__ import annotations

import datetime
from dataclasses import replace
from typing import Any, ClassVar

from bot import rendering
from bot.i18n import picture_words, t
from bot.model import Attachment, Button, Delivery, Request
from bot.options import GAME, PGN, TEXT, USER, Declarations, user_id_of
from bot.service import TableService, UserError
from bot.tables import alt
from bot.tables.base import Change, Entries, SeatedTable, TableGame, drawn_for, mention
from bot.tables.lobby import Lobby
from bot.tables.records import Records
from engine.errors import EngineError
from engine.protocol import Event
from engine.standard_chess import (
    OVER,
    PLAY,
    RULES,
    SEATS,
    TOSS,
    AcceptDraw,
    ChessConfig,
    ChessState,
    ClaimDraw,
    DeclineDraw,
    Move,
    OfferDraw,
    Toss,
    export_pgn,
    format_position,
    legal_actions,
    parse_action,
    parse_position,
    read_pgn,
    san,
    state_from_position,
    to_act,
    view,
)
from engine.standard_chess.record import OPENING
from renderer.chess import ChessImageOptions, render_chess

KIND = "chess"
DRAW_ACTIONS = {
    "offer": OfferDraw(),
    "accept": AcceptDraw(),
    "decline": DeclineDraw(),
    "claim": ClaimDraw(),
}


def board_png(
    seen: ChessState, names: dict[str, str], bottom: str, locale: str | None = None
) -> bytes:
    """The board picture with its words in ``locale`` (a module function, so tests can stand
    in for the renderer)."""
    words = picture_words(locale, "chess")
    return render_chess(seen, options=ChessImageOptions(bottom=bottom, names=names, words=words))


async def _picture(
    seen: ChessState, names: dict[str, str], bottom: str, locale: str | None
) -> bytes:
    """:func:`board_png` off the event loop."""
    return await rendering.render(board_png, seen, names, bottom, locale)


class ChessLobby(Lobby):
    """The base's lobby, for one opponent: one Join (or Accept) button, and random colours
    drawn as the game starts."""

    def seat_list(self, game: TableGame) -> str:
        """With random colours, host and opponent until the draw is told (the lobby is
        edited as the game starts, before the draw's own line)."""
        undrawn = game.row.status == "lobby" or (
            game.state is not None and game.state.phase == TOSS
        )
        if not _random(game) or not undrawn:
            return super().seat_list(game)
        guest = self.guest(game)
        loc = game.locale
        return t(
            loc,
            "chess.random_seats",
            host=mention(game.row.host_id),
            guest=game.who(guest) if guest else t(loc, "table.seat_free"),
        )

    def post(self, game: TableGame, line: str = "", *, open_: bool = True) -> Delivery:
        """The base's lobby; with random colours the guest's join line names no colour
        (the seat they hold until the draw is a placeholder)."""
        guest = self.guest(game)
        if _random(game) and guest is not None and game.row.status == "lobby":
            loc = game.locale
            placeholder = t(
                loc, "table.joined", user=game.who(guest), seat=self.table.seat_label(loc, "black")
            )
            if line == placeholder:
                line = t(loc, "chess.random_joined", user=game.who(guest))
        return super().post(game, line, open_=open_)

    def guest(self, game: TableGame) -> int | None:
        return next((u for u in game.seats.values() if u != game.row.host_id), None)

    def lobby_buttons(self, game: TableGame) -> list[Button]:
        """One Join (or Accept, for an invited opponent) button for the free seat."""
        loc = game.locale
        label = t(loc, "chess.button_accept" if game.meta.get("opponent") else "chess.button_join")
        if not _random(game):
            label += f" ({self.table.seat_label(loc, self.free_seat(game) or 'black')})"
        out = []
        for button in super().lobby_buttons(game):
            if ":join:" in button.custom_id:
                if button.disabled:
                    continue
                button = replace(button, label=label)
            out.append(button)
        return out

    async def join(self, service: TableService, request: Request) -> list[Delivery]:
        """The base's join, for the free seat unless one is named, and only for the invited
        opponent when there is one."""
        row = await service.find_game(request, KIND, lobby_only=True)
        game = self.table.game(row)
        invited = game.meta.get("opponent")
        if invited and request.actor.id not in (invited, game.row.host_id):
            raise UserError("chess.invited_only", user=mention(invited))
        options = {**request.options, "game": row.id}
        if not options.get("seat") or _random(game):
            # With random colours there is no colour to pick: the free seat is a placeholder.
            options["seat"] = self.free_seat(game) or "black"
        return await super().join(service, replace(request, options=options))

    def free_seat(self, game: TableGame) -> str | None:
        return next((s for s in SEATS if s not in game.seats), None)


class ChessRecords(Records):
    """The base's export, with the game's PGN."""

    async def export(self, service: TableService, request: Request) -> list[Delivery]:
        """The PGN (players' names, the guild as the event, the date, the result), and the
        base's record of the game."""
        out = await super().export(service, request)
        row = await service.find_game(request, KIND, ended=True)
        game = self.table.game(row)
        state = game.require_state()
        names = game.names_by_seat()
        date = datetime.datetime.fromtimestamp(game.row.created_at, datetime.UTC)
        headers = {
            "Event": game.meta.get("event") or "Plateau",
            "Site": "Discord",
            "Date": date.strftime("%Y.%m.%d"),
            "Round": "-",
            "White": names.get("white", "?"),
            "Black": names.get("black", "?"),
        }
        pgn = Attachment(f"chess-{game.row.id}.pgn", export_pgn(state, headers).encode())
        private = out[0]
        # Only a game whose colours were drawn has a seed worth checking.
        key = "chess.export" if _random(game) else "chess.export_plain"
        private.text = t(request.actor.locale, key)
        private.files.insert(0, pgn)
        return out


class ChessTable(SeatedTable):
    kind = KIND
    rules = RULES
    config_type = ChessConfig
    opening = OPENING
    fischer = True  # live play: clock:10+5
    lobby_part = ChessLobby
    records_part = ChessRecords
    # Not ``start``: only ``import`` gives ``new`` a start, never a user.
    options: ClassVar[Declarations] = {
        "new": {"opponent": USER, "color": TEXT},
        "import": {
            "pgn": PGN,
            "opponent": USER,
            "color": TEXT,
            "clock": TEXT,
            "timeout": TEXT,
            "rated": TEXT,
            "hints": TEXT,
            "language": TEXT,
        },
        "move": {"move": TEXT, "game": GAME},
        "draw": {"action": TEXT, "game": GAME},
    }

    # ------------------------------------------------------------ hooks of the base

    def configure(self, request: Request) -> tuple[dict[str, Any], dict[str, Any]]:
        o = request.options
        color = str(o.get("color") or "white").lower()
        if color not in ("white", "black", "random"):
            raise UserError("chess.pick_color")
        opponent = _user_id(o.get("opponent"))
        if opponent == request.actor.id:
            raise UserError("chess.self_opponent")
        start = None
        if o.get("start"):
            start = format_position(parse_position(str(o["start"])))  # refuse a bad one now
        extra = {
            # The host sits at once; with a random colour, on White until the draw.
            "seats": {"black" if color == "black" else "white": request.actor.id},
            "opponent": opponent,
            "event": request.place.guild_name or "Plateau",
            "start": start,
        }
        return ChessConfig(color).to_dict(), extra

    def summary(self, game: TableGame) -> str:
        loc = game.locale
        color = game.row.config.get("color", "white")
        host = mention(game.row.host_id)
        parts = [
            t(loc, "chess.summary_random")
            if color == "random"
            else t(loc, "chess.summary_color", host=host, side=self.seat_label(loc, color))
        ]
        if game.meta.get("opponent"):
            parts.append(t(loc, "chess.summary_invite", user=mention(game.meta["opponent"])))
        if game.meta.get("start"):
            parts.append(
                t(loc, "chess.summary_import", n=len(parse_position(game.meta["start"]).moves))
            )
        return " · ".join(parts)

    def uses_chance(self, game: TableGame) -> bool:
        """Only the random colours are drawn: other games post no dice commitment."""
        return _random(game)

    def entries(self, user: int | None, seat: str, action: Any, events: list[Event]) -> Entries:
        """A move given in SAN is logged as the UCI move it resolved to."""
        if isinstance(action, Move):
            uci = next((e.data["uci"] for e in events if e.kind == "moved"), None)
            action = Move(uci) if uci else action
        return super().entries(user, seat, action, events)

    def follow_up(self, game: TableGame) -> Entries:
        """Draw the colours as the game starts when they are random (one D2 roll of the
        game's dice); the base saves and tells it with the start (or at a restart)."""
        state = game.require_state()
        if state.phase != TOSS:
            return []
        game.state, events = RULES.apply(state, Toss(), "white")
        if game.state.host_color != "white":  # the host sat on White until now
            seats = game.meta["seats"]
            seats["white"], seats["black"] = seats.get("black"), seats["white"]
        return self.entries(None, "white", Toss(), events)

    async def board_image(self, game: TableGame, state: ChessState) -> Attachment:
        return await _board(game, state)

    async def after(self, service: TableService, game: TableGame, change: Change) -> list[Delivery]:
        state = game.require_state()
        loc = game.locale
        lines = [line for e in change.events if (line := self._describe(game, e))]
        buttons: list[Button] = []
        if state.phase == PLAY:
            for seat in to_act(state):
                user = game.user_of(seat)
                if user is None:
                    continue
                side = self.seat_label(loc, seat)
                if seat == state.turn:
                    key = "chess.your_move_check" if state.in_check else "chess.your_move"
                    lines.append(t(loc, key, user=game.who(user), side=side))
                else:
                    lines.append(t(loc, "chess.answer_draw", user=game.who(user), side=side))
                    prefix = f"plateau:chess:{game.row.id}:draw"
                    buttons = [
                        Button(f"{prefix}:accept", t(loc, "chess.button_accept_draw"), "success"),
                        Button(f"{prefix}:decline", t(loc, "chess.button_decline_draw"), "danger"),
                    ]
        if state.phase == OVER and not any(e.kind == "game_over" for e in change.events):
            lines.append(_result_line(loc, state, self))
        # The board once a move (and at the start and the end): a draw offered or declined
        # between moves is told in words.
        pictured = (
            change.before is None
            or state.phase == OVER
            or any(e.kind == "moved" for e in change.events)
        )
        files = [await _board(game, state)] if pictured else []
        return [self.post(game, lines, files, buttons)]

    def _describe(self, game: TableGame, event: Event) -> str:
        loc, d = game.locale, event.data
        side = self.seat_label(loc, d["seat"]) if d.get("seat") else ""
        match event.kind:
            case "moved":
                return t(loc, "chess.moved", side=side, san=d["san"])
            case "draw_offered":
                return t(loc, "chess.draw_offered", side=side)
            case "draw_declined":
                return t(loc, "chess.draw_declined", side=side)
            case "draw_accepted":
                return t(loc, "chess.draw_agreed", side=side)
            case "draw_claimed":
                return t(loc, "chess.draw_claimed", side=side)
            case "resigned":
                return t(loc, "chess.resigned", side=side)
            case "colors":
                guest_side = "black" if d["host"] == "white" else "white"
                return t(
                    loc,
                    "chess.toss",
                    value=1 if d["host"] == "white" else 2,
                    host=mention(game.row.host_id),
                    side=self.seat_label(loc, d["host"]),
                    guest=game.who(game.seats[guest_side]),
                    other=self.seat_label(loc, guest_side),
                )
            case "game_over":
                return _result_line(loc, game.require_state(), self)
        return ""

    # ------------------------------------------------------------ commands

    async def move(self, service: TableService, request: Request) -> list[Delivery]:
        text = str(request.options.get("move") or "").strip()
        if not text:
            raise UserError("chess.move_needed")
        action = parse_action(text)
        if not isinstance(action, Move):
            raise UserError("chess.move_needed")
        return await self.act(service, request, action, PLAY)

    async def draw(self, service: TableService, request: Request) -> list[Delivery]:
        action = DRAW_ACTIONS.get(str(request.options.get("action") or "").lower().strip())
        if action is None:
            raise UserError("chess.pick_draw_action")
        return await self.act(service, request, action, PLAY)

    async def board(self, service: TableService, request: Request) -> list[Delivery]:
        """The base's board (the public one from White's side); a player's private picture
        is seen from their own side, in their language."""
        out = await super().board(service, request)
        row = await service.find_game(request, KIND, ended=True)
        game = self.game(row)
        mine = game.seats_of(request.actor.id)
        if mine and out[0].to != "channel":
            loc = request.actor.locale
            async with drawn_for(service, request.actor.id):  # in their palette
                image = await _board(game, game.require_state(), bottom=mine[0], locale=loc)
            out[0].files = [image]
        return out

    async def import_(self, service: TableService, request: Request) -> list[Delivery]:
        """A PGN's start and main line: a new game to continue, or the final position of a
        game that is already over."""
        text = str(request.options.get("pgn") or "").strip()
        if not text:
            raise UserError("chess.pgn_needed")
        pgn = read_pgn(text)
        start = format_position(pgn.position)
        state = state_from_position(start, seed=b"review", game_id="review")
        if pgn.result != "*" or state.phase == OVER:
            result = state.result or pgn.result
            self.lobby.guild_only(request)
            loc = await self.lobby.public_locale(service, request)
            channel = await self.lobby.game_channel(request, loc)
            names = {"white": pgn.headers.get("White", ""), "black": pgn.headers.get("Black", "")}
            image = await _picture(state, names, "white", loc)
            said = alt.chess_review(loc, state, names, result)
            return [
                Delivery(
                    "channel",
                    t(loc, "chess.review", result=result, n=state.ply),
                    channel_id=channel,
                    files=[Attachment("chess-import.png", image, said)],
                )
            ]
        options = {k: v for k, v in request.options.items() if k != "pgn"}
        return await self.lobby.new(service, replace(request, options={**options, "start": start}))

    def move_text(self, state: Any, action: str) -> str:
        """A move in SAN, as players write it (UCI in the record and from the search)."""
        try:
            return san(state, action)
        except (EngineError, ValueError):
            return action

    def record_game(self, text: str, loc: str) -> tuple[Any, ...]:
        """A game from elsewhere, for ``/chess review record:``: a PGN (what ``/chess
        export`` gives) whose result is known; the players as its tags name them."""
        try:
            pgn = read_pgn(text)
        except EngineError:
            raise UserError("coach.pgn_unreadable") from None
        state = state_from_position(
            format_position(replace(pgn.position, moves=())), seed=b"review", game_id="review"
        )
        states, moves = [state], []
        for uci in pgn.position.moves:
            seat = state.turn
            state, _ = RULES.apply(state, Move(uci), seat)
            states.append(state)
            moves.append((seat, uci))
        if not moves:  # nothing python-chess could read as a game
            raise UserError("coach.pgn_unreadable")
        result = state.result if state.phase == OVER else pgn.result
        final = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}.get(result or "*")
        if final is None:
            raise UserError("coach.record_not_over")
        names = {
            seat: pgn.headers.get(seat.capitalize()) or self.seat_label(loc, seat) for seat in SEATS
        }
        return states, moves, list(SEATS), names, dict(zip(SEATS, final, strict=True))

    # ------------------------------------------------------------ helpers for adapters

    def choices(
        self, game: TableGame, state: Any, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Legal moves in SAN for the player to move (at most 25), matching what is typed
        in SAN or UCI."""
        if option != "move":
            return []
        if state.phase != PLAY or game.user_of(state.turn) != request.actor.id:
            return []
        typed = current.strip().lower()
        pairs = []
        for action in legal_actions(state, state.turn):
            if isinstance(action, Move):
                move_san = san(state, action)
                if move_san.lower().startswith(typed) or action.text.startswith(typed):
                    pairs.append((f"{move_san} ({action.text})", move_san))
        return sorted(pairs, key=lambda pair: pair[1])


def _user_id(value: Any) -> int | None:
    if value is None or value == "":
        return None
    found = user_id_of(value)
    if found is None:
        raise UserError("chess.bad_opponent")
    return found


def _result_line(loc: str, state: ChessState, table: ChessTable) -> str:
    how = t(loc, f"chess.end.{state.termination}")
    if state.result == "1/2-1/2":
        return t(loc, "chess.result_draw", result=state.result, how=how)
    winner = "white" if state.result == "1-0" else "black"
    return t(
        loc, "chess.result_win", result=state.result, side=table.seat_label(loc, winner), how=how
    )


def _random(game: TableGame) -> bool:
    return game.row.config.get("color") == "random"


async def _board(
    game: TableGame, state: ChessState, *, bottom: str = "white", locale: str | None = None
) -> Attachment:
    """The board seen from ``bottom``'s side: White for the thread and spectators, a
    player's own side in their private pictures; its words in ``locale`` (the reader's)
    or the game's language."""
    seen = view(state, None)
    loc = game.locale if locale is None else locale
    data = await _picture(seen, game.names_by_seat(loc), bottom, loc)
    said = alt.described(KIND, game, RULES, seen, loc)
    return Attachment(f"chess-{game.row.id}-{state.ply}.png", data, said)


TABLE = ChessTable
