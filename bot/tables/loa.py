"""Lines of Action at the table: every variant (standard, Scrambled Eggs, Parachute, four
players in teams, ambidextrous, beyond the edges), moves and Parachute placements, draw
offers answered by the other side, and the end. The lobby, seats, turns, log, resigning,
record and restarts come from :mod:`bot.tables.base`.

Players sit as player 1 and player 2 (1 to 4 in teams); as the game starts the table draws
who plays which colour with the game's dice (RULINGS 2: "les couleurs sont tirées au
sort"), the same way the chess table draws its random colours (:meth:`LoaTable.follow_up`),
and from then on the seats are the colours.

Nothing is secret in this game: everything goes to the game's channel, except the answers
to ``/loa moves`` and the refusals, which are private. In the teams variant partners may
not confer: the bot relays nothing between them, and ``silence:players`` (the default
there) removes what seated players write in the game's thread."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from bot import rendering
from bot.i18n import picture_words, t
from bot.model import Attachment, Button, Delivery, Request
from bot.options import GAME, POSITION, TEXT, Declarations
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables import alt
from bot.tables.base import Change, Entries, SeatedTable, TableGame, clip
from bot.tables.lobby import Lobby
from bot.tables.records import Records
from engine.errors import EngineError
from engine.loa import (
    PARACHUTE,
    RULES,
    TEAMS,
    DrawLots,
    LoaConfig,
    LoaState,
    Move,
    Place,
    format_position,
    legal_actions,
    parse_action,
    parse_position,
    position_of,
    state_from_position,
    to_act,
    view,
)
from engine.loa.config import AMBIDEXTROUS, PARTNERS, seat_colour
from engine.loa.notation import canonical, parse_square
from engine.loa.record import OPENING
from engine.loa.rules import MOVE, PLACE
from engine.protocol import Event
from renderer.loa import LoaImageOptions, render_loa
from renderer.words import Words

KIND = "loa"


def board_png(
    seen: LoaState,
    names: dict[str, str],
    bottom: str = "white",
    targets: tuple[str, ...] = (),
    selected: str | None = None,
    words: Words = (),
) -> bytes:
    """The board picture (a module function, so tests can stand in for the renderer), with
    ``words`` in the reader's language."""
    options = LoaImageOptions(
        bottom=bottom,
        names=names,
        targets=targets,
        selected=selected,
        words=words,
    )
    return render_loa(seen, options=options)


def words(locale: str | None) -> Words:
    """The words Lines of Action's pictures draw, in this language."""
    return picture_words(locale, KIND)


def colour_of(seat: str) -> str:
    return "black" if seat.startswith("black") else "white"


def player_seats(config: LoaConfig) -> tuple[str, ...]:
    """The lobby's seats of a game whose colours are drawn: ``player1``, ``player2``..."""
    return tuple(f"player{n}" for n in range(1, len(config.seats) + 1))


def drawing(game: TableGame) -> bool:
    """Are the players still seated by number (the lobby, or a start before the draw)?"""
    config = LoaConfig.from_dict(game.row.config)
    return config.lots and (game.state is None or game.state.drawing)


class LoaLobby(Lobby):
    """The base's lobby, where a join without a seat takes the first free one."""

    async def join(self, service: TableService, request: Request) -> list[Delivery]:
        """The base's join, for the first free seat unless one is named."""
        if request.options.get("seat"):
            return await super().join(service, request)
        row = await service.find_game(request, KIND, lobby_only=True)
        game = self.table.game(row)
        seats = [g[0] for g in self.table.seat_groups(game)]
        # The first free seat; a full table: the first, which the base refuses by name.
        free = [s for s in seats if game.user_of(s) is None] or seats
        options = {**request.options, "game": row.id, "seat": free[0]}
        return await super().join(service, replace(request, options=options))


class LoaRecords(Records):
    """The base's export, with the position now."""

    async def export(self, service: TableService, request: Request) -> list[Delivery]:
        """The base's record, and the position text of the board now (it can start a new
        game with ``/loa new position:``)."""
        out = await super().export(service, request)
        row = await service.find_game(request, KIND, ended=True)
        state = self.table.game(row).require_state()
        position = format_position(position_of(state))
        out[0].text += "\n" + t(request.actor.locale, "loa.position", position=position)
        return out


class LoaTable(SeatedTable):
    kind = KIND
    rules = RULES
    config_type = LoaConfig
    opening = OPENING
    lobby_part = LoaLobby
    records_part = LoaRecords
    # The lobby's seats (the teams game adds player3, player4): colours are drawn at start.
    seat_order = ("player1", "player2")
    options: ClassVar[Declarations] = {
        "new": {"variant": TEXT, "first": TEXT, "silence": TEXT, "position": POSITION},
        "join": {"seat": TEXT, "game": GAME},
        "move": {"move": TEXT, "from": TEXT, "to": TEXT, "game": GAME},
        "place": {"square": TEXT, "game": GAME},
        "moves": {"square": TEXT, "game": GAME},
        "draw": {"action": TEXT, "game": GAME},
    }

    # ------------------------------------------------------------ hooks of the base

    def configure(self, request: Request) -> tuple[dict[str, Any], dict[str, Any]]:
        o = request.options
        variant = str(o.get("variant") or "").strip().lower()
        first = str(o.get("first") or "white").strip().lower()
        start = None
        if o.get("position"):
            text = str(o["position"])
            if variant and "variant" not in text.lower():
                text = f"variant: {variant}; {text}"
            position = parse_position(text)  # refuse a bad position now, with its reason
            variant = variant or position.variant
            config = LoaConfig(variant, first, lots=True)
            probe = state_from_position(position, config, seed=b"probe", game_id="probe")
            if probe.over:
                raise UserError("loa.position_over")
            start = format_position(position)
        else:
            config = LoaConfig(variant or "standard", first, lots=True)
        silence = o.get("silence") or ("players" if config.variant == TEAMS else "off")
        extra = {
            "start": start,
            "silence": str(silence).lower() == "players",
        }
        return config.to_dict(), extra

    def summary(self, game: TableGame) -> str:
        loc = game.locale
        config = LoaConfig.from_dict(game.row.config)
        parts = [
            t(loc, f"loa.variant.{config.variant}"),
            t(loc, "loa.first", side=t(loc, f"loa.colour.{config.first}")),
        ]
        if config.lots:
            parts.append(t(loc, "loa.by_lot"))
        if game.meta.get("start"):
            parts.append(t(loc, "table.from_position"))
        if game.meta.get("silence"):
            parts.append(t(loc, "loa.silence_on"))
        return " · ".join(parts)

    def rating_family(self, game: TableGame) -> str:
        """Lines of Action in teams is a game of its own; the two-player variants are one."""
        return "loa-teams" if LoaConfig.from_dict(game.row.config).variant == "teams" else "loa"

    def rating_sides(self, game: TableGame) -> list[tuple[str, ...]]:
        """White against Black: in teams, each colour's two players together."""
        seats = LoaConfig.from_dict(game.row.config).seats
        return [seats[0::2], seats[1::2]]

    def seat_groups(self, game: TableGame) -> list[tuple[str, ...]]:
        """One seat each: player 1 and 2 (1 to 4) until the colours are drawn, then White
        and Black, or White 1, Black 1, White 2, Black 2."""
        config = LoaConfig.from_dict(game.row.config)
        return [(s,) for s in (player_seats(config) if drawing(game) else config.seats)]

    def seat_names(self, game: TableGame) -> dict[str, str]:
        """Once the lot drew the colours, each lobby seat (``player1``...) still names the
        colour its player drew."""
        state = game.state
        if state is None or drawing(game) or not state.lots:
            return {}
        return {f"player{n}": s for s, n in zip(state.seats, state.lots, strict=True)}

    def seat_note(self, game: TableGame, group: tuple[str, ...]) -> str:
        """In the teams game's lobby, each player's partner (RULINGS 2: the lot gives the
        teams their colours, it does not make the teams)."""
        config = LoaConfig.from_dict(game.row.config)
        if config.variant != TEAMS or not drawing(game):
            return ""
        n = int(group[0].removeprefix("player"))
        (partner,) = [x for pair in PARTNERS if n in pair for x in pair if x != n]
        return t(game.locale, "loa.partner", seat=self.seat_label(game.locale, f"player{partner}"))

    def entries(self, user: int | None, seat: str, action: Any, events: list[Event]) -> Entries:
        """A move is logged as the engine wrote it (``c1xa3`` when it takes)."""
        if isinstance(action, Move):
            moved = next((e.data for e in events if e.kind == "moved"), None)
            if moved is not None:
                action = Move(moved["src"], moved["dst"], moved["capture"])
        return super().entries(user, seat, action, events)

    def follow_up(self, game: TableGame) -> Entries:
        """Draw the colours as the game starts (the engine's ``lots``: one roll of the
        game's dice a seat), and seat each player at the colour drawn; the base saves and
        tells it with the start (or at a restart, if it was saved before the draw)."""
        state = game.require_state()
        if not state.drawing:
            return []
        seat = state.seats[0]
        game.state, events = RULES.apply(state, DrawLots(), seat)
        by_number = game.meta["seats"]
        game.meta["seats"] = {
            s: by_number[f"player{n}"] for s, n in zip(state.seats, game.state.lots, strict=True)
        }
        return self.entries(None, seat, DrawLots(), events)

    async def board_image(self, game: TableGame, state: LoaState) -> Attachment:
        return await _board(game, state)

    async def after(self, service: TableService, game: TableGame, change: Change) -> list[Delivery]:
        """One post in the game's channel: a line per event, the board when a turn's pieces
        have moved (or at the start and the end), and who must act now, pinged."""
        state = game.require_state()
        loc = game.locale
        lines = [line for e in change.events if (line := self._describe(game, e))]
        buttons: list[Button] = []
        if not state.over:
            if state.offer is not None:
                users = [game.who(u) for s in to_act(state) if (u := game.user_of(s)) is not None]
                offerer = state.seats[state.offer]
                lines.append(
                    t(
                        loc,
                        "loa.answer_draw",
                        users=", ".join(users),
                        side=self.seat_label(loc, offerer),
                    )
                )
                prefix = f"plateau:{KIND}:{game.row.id}:draw"
                buttons = [
                    Button(f"{prefix}:accept", t(loc, "loa.button_accept"), "success"),
                    Button(f"{prefix}:decline", t(loc, "loa.button_decline"), "danger"),
                ]
            else:
                lines.append(self._turn_line(game, state))
        elif any(e.kind == "game_over" for e in change.events):
            lines.append(t(loc, "loa.seed_revealed", seed=game.meta["seed"]))
        # The board once a turn, when it is over: a Parachute move is told in words until its
        # placement (the placer sees the board with /loa moves, privately).
        changed = any(e.kind in ("moved", "placed") for e in change.events)
        pictured = change.before is None or state.over or (changed and state.step != PLACE)
        files = [await _board(game, state)] if pictured else []
        return [self.post(game, lines, files, buttons)]

    # ------------------------------------------------------------ what happened

    def _turn_line(self, game: TableGame, state: LoaState) -> str:
        loc = game.locale
        seat = state.seat_to_move
        user = game.user_of(seat)
        who = game.who(user) if user is not None else self.seat_label(loc, seat)
        side = self.seat_label(loc, seat)
        colour = seat_colour(state.turn)
        if state.step == PLACE:
            return t(loc, "loa.your_place", user=who, side=side, held=state.held[colour])
        if state.config.variant == AMBIDEXTROUS:
            part = t(loc, "loa.part_marked" if state.parts[colour] else "loa.part_unmarked")
            return t(loc, "loa.your_move_part", user=who, side=side, part=part)
        return t(loc, "loa.your_move", user=who, side=side)

    def _describe(self, game: TableGame, event: Event) -> str:
        loc, d = game.locale, event.data
        side = self.seat_label(loc, d["seat"]) if d.get("seat") else ""
        match event.kind:
            case "moved":
                move = str(Move(d["src"], d["dst"], d["capture"]))
                key = "loa.captured" if d["capture"] else "loa.moved"
                return t(loc, key, side=side, move=move)
            case "placed":
                colour = t(loc, f"loa.colour.{d['colour']}")
                return t(
                    loc, "loa.placed", side=side, square=d["square"], colour=colour, left=d["left"]
                )
            case "passed":
                key = "loa.skips_move" if d["reason"] == "move_skipped" else "loa.passes"
                return t(loc, key, side=side)
            case "resigned" | "draw_offered" | "draw_declined" | "draw_accepted":
                return t(loc, f"table.{event.kind}", seat=side)
            case "lots":
                return self._lots(game, d["players"], d["rolls"])
            case "game_over":
                return self._result(game, d["winners"], d["termination"])
        return ""

    def _lots(self, game: TableGame, players: dict[str, int], rolls: list[list[int]]) -> str:
        """The draw and its rolls: who plays which colour, named and numbered."""
        loc = game.locale
        seats = [
            t(
                loc,
                "loa.lot_seat",
                side=self.seat_label(loc, seat),
                user=game.who(u) if (u := game.user_of(seat)) is not None else "-",
                n=n,
            )
            for seat, n in players.items()
        ]
        said = ", ".join(f"d{die} = {value}" for die, value in rolls)
        return t(loc, "loa.lots", rolls=said, seats="; ".join(seats))

    def _result(self, game: TableGame, winners: list[str], termination: str) -> str:
        loc = game.locale
        if not winners:
            return t(loc, "loa.end_agreement" if termination == "agreement" else "loa.end_no_moves")
        who = ", ".join(game.who(u) for s in winners if (u := game.user_of(s)) is not None)
        colour = t(loc, f"loa.colour.{colour_of(winners[0])}")
        key = "loa.end_resigned" if termination == "resigned" else "loa.end_connected"
        return t(loc, key, side=colour, users=who or "-")

    # ------------------------------------------------------------ commands

    async def move(self, service: TableService, request: Request) -> list[Delivery]:
        """A move as ``move:a2-c4`` (as the rules page writes moves) or ``from:a2 to:c4``."""
        text = str(request.options.get("move") or "").strip()
        src = str(request.options.get("from") or "").strip()
        dst = str(request.options.get("to") or "").strip()
        bounded = _bounded(await service.find_game(request, KIND))
        if text:
            if src or dst:
                raise UserError("loa.move_one_way")
            action = parse_action(text)
            if not isinstance(action, Move):
                raise UserError("loa.move_needs_squares")
            src, dst = action.src, action.dst
        if not src or not dst:
            raise UserError("loa.move_needs_squares")
        action = Move(canonical(src, bounded=bounded), canonical(dst, bounded=bounded))
        return await self.act(service, request, action)

    async def place(self, service: TableService, request: Request) -> list[Delivery]:
        square = str(request.options.get("square") or "").strip()
        if not square:
            raise UserError("loa.place_needs_square")
        row = await service.find_game(request, KIND)
        if row.config.get("variant") != PARACHUTE:
            raise UserError("loa.not_parachute")
        action = Place(canonical(square, bounded=_bounded(row)))
        return await self.act(service, request, action)

    async def moves(self, service: TableService, request: Request) -> list[Delivery]:
        """Privately: the pieces that can move, or the targets of one piece, with a picture.
        A player sees their own seat's moves even off turn; a spectator those of the seat
        on turn."""
        game, state = await self.look(service, request)
        loc = request.actor.locale
        mine = game.seats_of(request.actor.id)
        acting = [s for s in mine if s in to_act(state)]
        seat = (acting or mine or [state.seat_to_move])[0]
        bottom = colour_of(seat)
        square = str(request.options.get("square") or "").strip()
        if state.step == PLACE and seat == state.seat_to_move:
            text = t(
                loc,
                "loa.place_hint",
                side=self.seat_label(loc, seat),
                held=state.held[seat_colour(state.turn)],
            )
            image = await _board(game, state, bottom=bottom, locale=loc)
            return [service.private(request.actor, text, files=[image])]
        probe = replace(state, turn=state.seats.index(seat), step=MOVE, offer=None)
        actions = [a for a in legal_actions(probe) if isinstance(a, Move)]
        if square:
            square = canonical(square, bounded=_bounded(game.row))
            chosen = [a for a in actions if a.src == square]
            if not chosen:
                raise UserError("loa.no_moves_from", square=square)
            targets = _in_board_order({a.dst for a in chosen})
            text = t(
                loc,
                "loa.moves_from",
                square=square,
                moves=", ".join(str(a) for a in sorted(chosen, key=lambda a: _key(a.dst))),
            )
            image = await _board(
                game, state, bottom=bottom, targets=tuple(targets), selected=square, locale=loc
            )
        else:
            sources = _in_board_order({a.src for a in actions})
            text = t(
                loc,
                "loa.movable",
                side=self.seat_label(loc, seat),
                squares=" ".join(sources) or "-",
                count=len(actions),
            )
            image = await _board(game, state, bottom=bottom, locale=loc)
        return [service.private(request.actor, clip(text), files=[image])]

    # ------------------------------------------------------------ helpers for adapters

    def choices(
        self, game: TableGame, state: Any, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete from the engine's legal actions (at most 25): the squares a piece
        can leave, the squares it can reach, the empty squares for a placement."""
        mine = game.seats_of(request.actor.id)
        acting = [s for s in mine if s in to_act(state)]
        if request.command == "moves" and mine:
            seat = (acting or mine)[0]
            probe = replace(state, turn=state.seats.index(seat), step=MOVE, offer=None)
            actions = legal_actions(probe)
        elif acting and state.offer is None:
            actions = legal_actions(state, acting[0])
        else:
            return []
        values: set[str] = set()
        if option == "from" or (option == "square" and request.command == "moves"):
            values = {a.src for a in actions if isinstance(a, Move)}
        elif option == "to":
            try:
                src = canonical(str(request.options.get("from") or ""), bounded=False)
            except EngineError:
                return []
            values = {a.dst for a in actions if isinstance(a, Move) and a.src == src}
        elif option == "square":
            values = {a.square for a in actions if isinstance(a, Place)}
        typed = current.strip().lower().replace(" ", "")
        return [(v, v) for v in _in_board_order(values) if v.startswith(typed)]

    def silenced_users(self, row: GameRow) -> frozenset[int]:
        """With ``silence``, the seated players of a running game (partners may not confer)."""
        return frozenset(row.seats.values()) if row.meta.get("silence") else frozenset()


# ---------------------------------------------------------------- small helpers


def _bounded(row: Any) -> bool:
    return LoaConfig.from_dict(row.config).bounded


def _key(name: str) -> tuple[int, int]:
    f, r = parse_square(name, bounded=False)
    return (r, f)


def _in_board_order(squares: set[str]) -> list[str]:
    """Squares rank by rank from White's side (a1, b1, ... h8), as a player reads them."""
    return sorted(squares, key=_key)


async def _board(
    game: TableGame,
    state: LoaState,
    *,
    bottom: str = "white",
    targets: tuple[str, ...] = (),
    selected: str | None = None,
    locale: str | None = None,
) -> Attachment:
    """The board, its words in ``locale`` (a private picture's reader) or, by default, in
    the game's channel language."""
    seen = view(state, None)
    loc = game.locale if locale is None else locale
    names = game.names_by_seat(loc)
    said = words(loc)
    data = await rendering.render(board_png, seen, names, bottom, targets, selected, said)
    told = alt.described("loa", game, RULES, seen, loc)
    return Attachment(f"loa-{game.row.id}-{state.ply}.png", data, told)


TABLE = LoaTable
