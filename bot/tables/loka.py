"""Loka at the table: secret armies by DM, team relay until deployment, deployment,
battle, the Super D20 decision with its time limit, and the end. The lobby, seats, turns,
log, resigning, record and restarts come from :mod:`bot.tables.base` and its parts.

Why this file is over 600 lines: it holds Loka's own commands only, and Loka has the most
of any game (four armies in two teams; each army's secret selection, built in its player's
DMs with a copy to the ally; the team relay; deployment by hand or by the table; moves,
the Super D20's reroll or keep; odds and moves to look at) and the richest ``/loka new``
(board, size, players, points, terrain, combat, silence, handicaps: budgets, a solo team,
boxes, piece limits). What every table shares lives in the table's parts (``lobby``,
``computers``, ``ending``, ``records``, ``pages``, ``timing``, ``replays``, ``coach``,
``learning``); Loka's event texts are in :mod:`bot.tables.loka_text`, its pictures in
:mod:`bot.tables.loka_images`."""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import Any, ClassVar

from bot import rendering
from bot.i18n import LANGUAGES, t
from bot.model import Actor, Attachment, Button, Delivery, Request, is_ai
from bot.options import GAME, LONG_TEXT, NUMBER, POSITION, TEXT, Declarations
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables import alt
from bot.tables import loka_images as images
from bot.tables.base import Change, Entries, SeatedTable, TableGame, clip, drawn_for, number
from bot.tables.computers import Computers
from bot.tables.game import mention
from bot.tables.learning import answering
from bot.tables.lobby import Lobby
from bot.tables.loka_text import SIDES, counted, describe, dice_lines
from bot.tables.loka_text import army as army_label
from engine.errors import EngineError
from engine.loka import (
    ARMIES,
    BATTLE,
    DEPLOYMENT,
    OVER,
    RULES,
    SELECTION,
    TEAMS,
    Confirm,
    Deploy,
    Draft,
    Keep,
    LokaConfig,
    LokaState,
    Move,
    Reroll,
    attack_odds,
    legal_actions,
    parse_position,
    to_act,
    view,
)
from engine.loka.battle import describe as describe_attack
from engine.loka.combat import RESULTS, ROYAL_LOSS, ROYAL_WIN
from engine.loka.config import BOX_SUPPLY, board_defaults
from engine.loka.pieces import BOUGHT, KIND_OF_NAME, KINDS, NAME
from engine.loka.record import OPENING
from engine.loka.setup import deploy_squares, draft_cost
from engine.protocol import Event

KIND = "loka"
REROLL_SECONDS = 600
PIECE_CHOICES = ("king", "queen", "rook", "bishop", "knight", "pawn")

Game = TableGame


class LokaLobby(Lobby):
    """The base's lobby; a Face-off lobby names each army's side."""

    def seat_list(self, game: TableGame) -> str:
        config = LokaConfig.from_dict(game.row.config)
        if config.board != "faceoff":
            return super().seat_list(game)
        loc = game.locale
        lines = []
        for side, army in zip(("south", "north"), config.elements, strict=True):
            user = game.user_of(army)
            who = game.who(user) if user else t(loc, "table.seat_free")
            lines.append(f"{army_label(loc, army)} ({t(loc, 'loka.side_' + side)}): {who}")
        return "\n".join(lines)


class LokaComputers(Computers):
    """The base's computer players; a player who handed their armies over may ask from
    anywhere, and is told how to play them again."""

    async def ai(self, service: TableService, request: Request) -> list[Delivery]:
        """``/loka ai``, also from outside the game's thread (a DM, another channel) by a
        player who handed all their armies to the computer and so sits nowhere any more:
        their one such game is the one meant (issue 30)."""
        try:
            return await super().ai(service, request)
        except UserError as exc:
            if exc.key != "error.no_game_here" or request.options.get("game"):
                raise
            handed = [
                g
                for g in await service.own_unfinished()
                if g.kind == self.table.kind
                and request.actor.id in (g.meta.get("replaced") or {}).values()
            ]
            if len(handed) != 1:
                raise
            options = {**request.options, "game": handed[0].id}
            return await super().ai(service, replace(request, options=options))

    def takes_over(self, *args: Any) -> str:
        """(service, game, actor, group, level), as the base's. A player who handed armies
        to the computer and asks ``/loka ai`` for them again is told what happened and how
        to play them again (only the host changes a level)."""
        _, game, actor, group, level = args
        holder = game.user_of(group[0])
        replaced = game.meta.get("replaced") or {}
        if (
            level != "remove"
            and is_ai(holder)
            and replaced.get(str(holder)) == actor.id
            and actor.id != game.row.host_id
        ):
            loc = game.locale
            raise UserError(
                "loka.handed_to_ai",
                armies=self.table.seats_label(loc, group),
                ai=game.who(holder),
                command=f"/{self.table.kind} ai army:{group[0]} level:remove",
                host=mention(game.row.host_id),
            )
        return super().takes_over(*args)


class LokaTable(SeatedTable):
    kind = KIND
    rules = RULES
    config_type = LokaConfig
    opening = OPENING
    lobby_part = LokaLobby
    computers_part = LokaComputers
    # ``army`` names which of one's armies acts (a player may hold a whole team).
    options: ClassVar[Declarations] = {
        "new": {
            "board": TEXT,
            "size": TEXT,
            "south": TEXT,
            "north": TEXT,
            "players": NUMBER,
            "points": NUMBER,
            "terrain": TEXT,
            "tiles": NUMBER,
            "combat": TEXT,
            "silence": TEXT,
            "position": POSITION,
            "reroll_minutes": NUMBER,
            # 3-player and handicap games (RULINGS 1.3, 1.10)
            "solo": TEXT,
            "solo_percent": NUMBER,
            "budgets": TEXT,
            "box": TEXT,
            "max_pieces": NUMBER,
            "max_pawns": NUMBER,
        },
        "join": {"army": TEXT},
        "ai": {"army": TEXT, "level": TEXT},
        "army add": {"piece": TEXT, "count": NUMBER, "army": TEXT, "game": GAME},
        "army remove": {"piece": TEXT, "count": NUMBER, "army": TEXT, "game": GAME},
        "army show": {"army": TEXT, "game": GAME},
        "army confirm": {"army": TEXT, "game": GAME},
        "team": {"message": LONG_TEXT, "game": GAME},
        "deploy": {"piece": TEXT, "square": TEXT, "army": TEXT, "game": GAME},
        "autodeploy": {"game": GAME},
        "move": {"from": TEXT, "to": TEXT, "promote": TEXT, "army": TEXT, "game": GAME},
        "d20 reroll": {"army": TEXT, "game": GAME},
        "d20 keep": {"army": TEXT, "game": GAME},
        "info odds": {"from": TEXT, "to": TEXT, "game": GAME},
        "info moves": {"square": TEXT, "game": GAME},
    }

    # ------------------------------------------------------------ hooks of the base

    def __init__(self) -> None:
        super().__init__()
        # Resigning answers a lesson too (the rules page's section 9): /loka resign in a
        # lesson is judged like a move, not asked about.
        self.commands["resign"] = functools.partial(
            self.learning.answering_lesson, handler=self.commands["resign"]
        )

    def configure(self, request: Request) -> tuple[dict[str, Any], dict[str, Any]]:
        o = request.options
        board = str(o.get("board") or "cross").lower()
        terrain = _on(o.get("terrain", "on"))
        options: dict[str, Any] = {"board": board, "combat": _on(o.get("combat", "on"))}
        if board == "faceoff":
            options["size"] = _size(o.get("size") or "8x8")
            options["elements"] = (
                str(o.get("south") or "fire").lower(),
                str(o.get("north") or "air").lower(),
            )
            players = 2
        else:
            players = number(o, "players", 4, 2, 4)
            options["players"] = players
        if o.get("points") not in (None, ""):
            options["points"] = number(o, "points", 160, 0, 10_000)
        if not terrain:
            options["tiles"] = 0
        elif o.get("tiles") not in (None, ""):
            options["tiles"] = number(o, "tiles", 4, 0, 16)
        armies = _army_options(o, options.get("elements") or ARMIES)
        if armies and o.get("position"):
            # A position brings its armies: these options would change nothing.
            raise UserError("loka.position_armies", options=", ".join(sorted(_given(o))))
        if ("solo_team" in armies or "solo_percent" in armies) and players != 3:
            raise UserError("loka.solo_needs_three", options=", ".join(sorted(_given(o, SOLO))))
        config = LokaConfig(**options, **armies)
        start = None
        if o.get("position"):
            start = str(o["position"])
            position = parse_position(start)  # refuse a bad position now, with its reason
            geo = position.geometry  # the position's board wins (its seats are its armies)
            config = config.for_board(position.board, (geo.width, geo.height), geo.seat_names)
        extra = {
            "players": config.players,
            "silence": str(o.get("silence", "players")) == "players",
            "autodeploy": [],
            "start": start,
            "reroll_seconds": 60 * number(o, "reroll_minutes", REROLL_SECONDS // 60, 1, 1440),
        }
        return config.to_dict(), extra

    def summary(self, game: TableGame) -> str:
        loc = game.locale
        config = LokaConfig.from_dict(game.row.config)
        parts = [
            t(loc, "loka.faceoff", size=f"{config.size[0]}x{config.size[1]}")
            if config.board == "faceoff"
            else t(loc, "loka.players", n=config.players),
            t(loc, "loka.points", n=config.points),
            counted(loc, "loka.tiles", config.tiles) if config.tiles else t(loc, "loka.no_terrain"),
            t(loc, "loka.combat_on" if config.combat else "loka.combat_off"),
        ]
        if game.meta.get("start"):  # the position brings its own terrain and armies
            parts[1:3] = [t(loc, "table.from_position")]
        else:
            parts[2:2] = _army_summary(loc, config)
        return " · ".join(parts)

    def rating_family(self, game: TableGame) -> str:
        """Face-off, and the cross by its number of people: each plays its own game."""
        config = LokaConfig.from_dict(game.row.config)
        return "loka-faceoff" if config.board == "faceoff" else f"loka-{game.meta['players']}"

    def rating_sides(self, game: TableGame) -> list[tuple[str, ...]]:
        """The two teams: Evil (Fire, Water) and Good (Earth, Air)."""
        armies = LokaConfig.from_dict(game.row.config).elements or ARMIES
        return [tuple(a for a in armies if TEAMS[a] == team) for team in ("evil", "good")]

    def seat_groups(self, game: TableGame) -> list[tuple[str, ...]]:
        """Which armies one person takes together (RULINGS 1.10)."""
        players = game.meta["players"]
        config = LokaConfig.from_dict(game.row.config)
        if config.board == "faceoff":
            return [(e,) for e in config.elements]  # South, then North
        groups: list[tuple[str, ...]] = []
        for team in ("evil", "good"):
            members = tuple(a for a in ARMIES if TEAMS[a] == team)
            if players == 2 or (players == 3 and team == config.solo_team):
                groups.append(members)
            else:
                groups.extend((a,) for a in members)
        return groups

    def seat_label(self, locale: str, seat: str) -> str:
        return army_label(locale, seat)

    def seat_note(self, game: TableGame, group: tuple[str, ...]) -> str:
        return t(game.locale, "team." + TEAMS[group[0]])

    def secret_entry(self, game: TableGame, entry: Any) -> bool:
        """An army draft (each edit of it): its team alone knows it was made."""
        return entry.action.startswith("draft") and bool(entry.seat)

    def shown_in_record(self, game: TableGame, entry: Any, viewer: list[str]) -> bool:
        """Army drafts stay with the drafting team until the game is over."""
        if not entry.action.startswith("draft") or not entry.seat:
            return True
        return any(TEAMS[entry.seat] == TEAMS[seat] for seat in viewer)

    def can_resign(self, game: TableGame, seat: str) -> bool:
        """From deployment on, while the army stands. A seated player who may not resign is
        told why (armies still being chosen, or their armies already gone), not taken for a
        spectator."""
        state = game.require_state()
        if state.phase == SELECTION:
            raise UserError("loka.resign_selection")
        if state.armies[state.geometry.seat_index[seat]].alive:
            return state.phase in (DEPLOYMENT, BATTLE)
        user = game.user_of(seat)
        if user is not None:
            self._check_standing(game, state, user, game.locale)
        return False

    def acting_seat(self, game: TableGame, actor: Actor, wanted: Any = None) -> str:
        state = game.require_state()
        self._check_standing(game, state, actor.id, actor.locale)
        return super().acting_seat(game, actor, wanted)

    def _check_standing(self, game: TableGame, state: LokaState, user: int, loc: str) -> None:
        """Refuse a player whose every army is gone, saying so."""
        mine = game.seats_of(user)
        index = state.geometry.seat_index
        if mine and not any(state.armies[index[a]].alive for a in mine):
            raise UserError("loka.army_gone", armies=self.seats_label(loc, mine))

    def deadline(self, service: TableService, game: TableGame) -> float | None:
        state = game.require_state()
        if state.pending is None:
            return None
        return game.meta.get("deadline") or service.clock() + _reroll_seconds(game)

    def follow_up(self, game: TableGame) -> Entries:
        """Place pieces for every army to deploy that asked the bot to (one at a time,
        as the turns come)."""
        done: Entries = []
        state = game.require_state()
        while state.phase == DEPLOYMENT and not state.pending:
            army = to_act(state)[0]
            if army not in game.meta.get("autodeploy", []):
                break
            action = _formation_choice(state, army)
            state, events = RULES.apply(state, action, army)
            done += self.entries(game.user_of(army), army, action, events)
        game.state = state
        return done

    async def announce_start(self, service: TableService, game: TableGame) -> list[Delivery]:
        state = game.require_state()
        if state.phase != SELECTION:
            return await self.after(service, game, Change())
        # "Teams may talk" only where a team has two people (RULINGS 1.4).
        key = "loka.selection_open" if _team_talk(game) else "loka.selection_open_alone"
        out = [
            Delivery(
                "channel",
                t(game.locale, key, ready=0, of=len(state.armies)),
                channel_id=game.row.channel_id,
            )
        ]
        for user in game.players():
            out.extend(await self._selection_dm(service, game, user))
        return out

    async def lesson_image(self, game: TableGame, state: LokaState, seat: str) -> Attachment:
        """A lesson while armies are chosen has no board: the learner's army card."""
        if state.phase != SELECTION:
            return await self.board_image(game, state)
        a = state.armies[state.geometry.seat_index[seat]]
        return await _card(game, seat, a.draft or (0,) * 5, a.budget, state, game.locale)

    async def board_image(self, game: TableGame, state: LokaState) -> Attachment:
        if state.phase == SELECTION:
            ready = sum(1 for a in state.armies if a.confirmed)
            raise UserError("loka.board_selection", ready=ready, of=len(state.armies))
        return await _board(game, state)

    # ------------------------------------------------------------ army selection

    async def _selection_dm(self, service: TableService, game: Game, user: int) -> list[Delivery]:
        return [await self._builder(service, game, army, user) for army in game.seats_of(user)]

    async def _builder(
        self, service: TableService, game: Game, army: str, user: int, locale: str | None = None
    ) -> Delivery:
        """An army's builder in its player's DMs: the draft, its card and the buttons. One
        message per army (its slot), edited in place as the draft changes."""
        loc = locale or await service.locale_of(user)
        state = game.require_state()
        a = state.armies[state.geometry.seat_index[army]]
        draft = a.draft or (0,) * 5
        intro = "loka.selection_dm" if _ally_users(game, army) else "loka.secret_dm"
        lines = [
            t(loc, intro, army=army_label(loc, army), budget=a.budget, id=game.row.id),
            _draft_now(loc, state, army),
        ]
        if a.confirmed:
            lines.append(t(loc, "loka.builder_confirmed"))
        async with drawn_for(service, user):  # in their palette
            card = await _card(game, army, draft, a.budget, state, loc)
        return Delivery(
            "dm",
            "\n".join(lines),
            user_id=user,
            channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
            secret=True,
            files=[card],
            # A confirmed army is final: its builder keeps the card, not the buttons.
            buttons=[] if a.confirmed else self._builder_buttons(game, army, loc),
            slot=f"builder:{game.row.id}:{army}",
        )

    def _builder_buttons(self, game: TableGame, army: str, loc: str) -> list[Button]:
        prefix = f"plateau:loka:{game.row.id}:army:{army}"
        buttons = []
        for kind in BOUGHT:
            name = NAME[kind]
            buttons.append(Button(f"{prefix}:add:{name}", f"+ {t(loc, 'piece.' + name)}"))
            buttons.append(Button(f"{prefix}:remove:{name}", f"− {t(loc, 'piece.' + name)}"))
        buttons.append(Button(f"{prefix}:confirm", t(loc, "button.confirm"), "success"))
        return buttons

    def _my_army(self, game: TableGame, actor: Actor, wanted: Any) -> str:
        """The army a selection command is about: named, else the first not confirmed."""
        mine = game.seats_of(actor.id)
        if not mine:
            raise UserError("table.not_seated")
        if wanted:
            wanted = str(wanted).lower()
            if wanted not in mine:
                raise UserError("table.not_your_seat", seat=wanted, seats=", ".join(mine))
            return wanted
        state = game.require_state()
        open_ = [a for a in mine if not state.armies[state.geometry.seat_index[a]].confirmed]
        return open_[0] if open_ else mine[0]

    async def _edit_draft(
        self, service: TableService, request: Request, sign: int
    ) -> list[Delivery]:
        o = request.options
        piece = str(o.get("piece", "")).lower()
        if piece not in KIND_OF_NAME or piece == "king":
            raise UserError("loka.pick_piece")
        count = number(o, "count", 1, 1, 16)
        row = await service.find_game(request, KIND)
        lesson = answering.get()
        if lesson is not None:  # a lesson's draft: judged as its answer, never stored
            game = self.game(row)
            army = self._my_army(game, request.actor, o.get("army"))
            action = _edited(self.running(game, SELECTION), army, piece, sign * count, request)
            return await self.learning.lesson_answer(service, request, lesson, action)
        async with service.locked(row.id):
            game = self.game(await service.load(row.id))
            state = self.running(game, SELECTION)
            army = self._my_army(game, request.actor, o.get("army"))
            action = _edited(state, army, piece, sign * count, request)
            game.state, events = RULES.apply(state, action, army)
            entries = self.entries(request.actor.id, army, action, events)
            # A press in the builder's DM is answered by the builder's edit; a command typed
            # in the game's thread also gets a line there, privately.
            reply = not request.place.is_dm
            return await self.persist(
                service,
                game,
                entries,
                lambda: self._draft_news(service, game, army, request.actor, reply=reply),
            )

    async def _draft_news(
        self, service: TableService, game: Game, army: str, actor: Actor, *, reply: bool
    ) -> list[Delivery]:
        """The army's builder edited in place, its copy in the ally's DMs edited too, and
        (``reply``) a short private line for the actor; nothing reaches a channel."""
        state = game.require_state()
        a = state.armies[state.geometry.seat_index[army]]
        draft = a.draft or (0, 0, 0, 0, 0)
        cost = draft_cost(state.config, draft)
        loc = actor.locale
        out = [await self._builder(service, game, army, actor.id, loc)]
        if reply:
            out.insert(0, service.private(actor, _draft_now(loc, state, army), secret=True))
        cards = {loc: out[-1].files[0]}
        for ally in state.geometry.seat_names:
            if ally != army and TEAMS[ally] == TEAMS[army]:
                user = game.user_of(ally)
                if user is not None and user != actor.id:
                    aloc = await service.locale_of(user)
                    if aloc not in cards:
                        cards[aloc] = await _card(game, army, draft, a.budget, state, aloc)
                    out.append(
                        Delivery(
                            "dm",
                            t(
                                aloc,
                                "loka.ally_draft",
                                army=army_label(aloc, army),
                                draft=_draft_text(aloc, draft),
                                cost=cost,
                                budget=a.budget,
                            ),
                            user_id=user,
                            channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
                            files=[cards[aloc]],
                            secret=True,
                            slot=f"ally:{game.row.id}:{army}",
                        )
                    )
        return out

    async def army_add(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._edit_draft(service, request, +1)

    async def army_remove(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._edit_draft(service, request, -1)

    async def army_show(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        game = self.game(row)
        state = game.require_state()
        army = self._my_army(game, request.actor, request.options.get("army"))
        loc = request.actor.locale
        if state.phase != SELECTION:
            return [service.private(request.actor, t(loc, "loka.revealed_now"))]
        a = state.armies[state.geometry.seat_index[army]]
        async with drawn_for(service, request.actor.id):  # in their palette
            card = await _card(game, army, a.draft or (0,) * 5, a.budget, state, loc)
        # A look, asked for: privately, with the card; the builder and the ally's copy
        # have not changed.
        return [service.private(request.actor, _draft_now(loc, state, army), files=[card])]

    async def army_confirm(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        lesson = answering.get()
        if lesson is not None:  # a lesson's confirmation: judged, never stored
            return await self.learning.lesson_answer(service, request, lesson, Confirm())
        async with service.locked(row.id):
            game = self.game(await service.load(row.id))
            state = self.running(game, SELECTION)
            army = self._my_army(game, request.actor, request.options.get("army"))
            _not_final(state, army, request.actor.locale)
            before = state
            entries: Entries = []
            if state.armies[state.geometry.seat_index[army]].draft is None:
                # Nothing bought yet: the king alone is the army (RULINGS 1.3 allows it).
                alone = Draft.of((0,) * len(BOUGHT))
                state, events = RULES.apply(state, alone, army)
                entries += self.entries(request.actor.id, army, alone, events)
            game.state, events = RULES.apply(state, Confirm(), army)
            entries += self.entries(request.actor.id, army, Confirm(), events)
            entries += self.follow_up(game)

            async def tell() -> list[Delivery]:
                told = await self.after(service, game, Change(events, request.actor, before))
                loc = request.actor.locale
                return [*told, await self._builder(service, game, army, request.actor.id, loc)]

            return await self.persist(service, game, entries, tell)

    async def team(self, service: TableService, request: Request) -> list[Delivery]:
        text = str(request.options.get("message", "")).strip()
        if not text:
            raise UserError("loka.team_empty")
        row = await service.find_game(request, KIND)
        game = self.game(row)
        state = game.require_state()
        if state.phase != SELECTION:
            raise UserError("loka.silence_rule")
        mine = game.seats_of(request.actor.id)
        if not mine:
            raise UserError("table.not_seated")
        mates = {u for a, u in game.seats.items() if TEAMS[a] == TEAMS[mine[0]]}
        mates.discard(request.actor.id)
        if not mates:
            raise UserError("loka.team_alone")
        out = [service.private(request.actor, t(request.actor.locale, "loka.team_sent"))]
        for user in sorted(mates):
            loc = await service.locale_of(user)
            out.append(
                Delivery(
                    "dm",
                    t(loc, "loka.team_message", user=request.actor.name, text=text[:1500]),
                    user_id=user,
                    channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
                    secret=True,
                )
            )
        return out

    # ------------------------------------------------------------ deployment and battle

    async def deploy(self, service: TableService, request: Request) -> list[Delivery]:
        o = request.options
        piece = str(o.get("piece", "")).lower()
        if piece not in KIND_OF_NAME:
            raise UserError("loka.pick_deploy_piece", pieces=", ".join(PIECE_CHOICES))
        square = str(o.get("square", "")).strip().lower()
        return await self._act(service, request, Deploy(KIND_OF_NAME[piece], square), DEPLOYMENT)

    async def autodeploy(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = self.game(await service.load(row.id))
            state = self.running(game, DEPLOYMENT)
            mine = [
                a
                for a in game.seats_of(request.actor.id)
                if any(state.armies[state.geometry.seat_index[a]].reserve)
            ]
            if not mine:
                raise UserError("loka.nothing_to_deploy")
            game.meta["autodeploy"] = sorted(set(game.meta["autodeploy"]) | set(mine))
            entries = self.follow_up(game)
            reply = service.private(request.actor, t(request.actor.locale, "loka.autodeploy_on"))

            async def tell() -> list[Delivery]:
                if not entries:
                    return [reply]  # placed on this army's turns, as they come
                events = [e for _, e in entries]
                return [reply, *await self.after(service, game, Change(events, None, state))]

            return await self.persist(service, game, entries, tell)

    async def move(self, service: TableService, request: Request) -> list[Delivery]:
        o = request.options
        src = str(o.get("from", "")).strip().lower()
        dst = str(o.get("to", "")).strip().lower()
        promote = o.get("promote")
        kind = None
        if promote:
            kind = KIND_OF_NAME.get(str(promote).lower()) or _letter(str(promote))
            if kind not in (2, 3, 4, 5):
                raise UserError("loka.pick_promotion")
        if not src or not dst:
            raise UserError("loka.move_needs_squares")
        return await self._act(service, request, Move(src, dst, kind), BATTLE)

    async def d20_reroll(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._act(service, request, Reroll(), BATTLE)

    async def d20_keep(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._act(service, request, Keep(), BATTLE)

    async def _act(
        self, service: TableService, request: Request, action: Any, phase: str
    ) -> list[Delivery]:
        deciding = isinstance(action, Reroll | Keep)

        def check(game: TableGame, state: LokaState) -> None:
            if deciding and state.pending is None:
                raise UserError("loka.no_reroll_pending")
            if state.pending is not None and not deciding:
                raise UserError("loka.answer_reroll")

        if "army" in request.options and "seat" not in request.options:
            request = replace(request, options={**request.options, "seat": request.options["army"]})
        return await self.act(service, request, action, phase, check=check)

    async def after(self, service: TableService, game: TableGame, change: Change) -> list[Delivery]:
        """What everyone is told after the state changed."""
        state = game.require_state()
        loc = game.locale
        out: list[Delivery] = []
        lines = describe(change.public, loc)
        files: list[Attachment] = []
        revealed = (
            change.before is not None
            and change.before.phase == SELECTION
            and state.phase != SELECTION
        )
        if revealed:
            for army in state.geometry.seat_names:
                a = state.armies[state.geometry.seat_index[army]]
                files.append(
                    await _card(game, army, a.draft or (0,) * 5, a.budget, state, game.locale)
                )
        if _pictured(state, change.before, change.events):
            files.append(await _board(game, state))
        if state.phase == OVER:
            files.append(await _summary(game, state))
            lines.append(t(loc, "loka.seed_revealed", seed=game.meta["seed"]))
        elif state.phase != SELECTION:
            for army in to_act(state):
                user = game.user_of(army)
                if user is None:
                    continue
                if state.pending is not None:
                    lines.append(
                        t(
                            loc,
                            "loka.reroll_wait",
                            user=game.who(user),
                            army=army_label(loc, army),
                            minutes=counted(loc, "loka.minutes", _reroll_seconds(game) // 60),
                        )
                    )
                    uloc = await service.locale_of(user)
                    prefix = f"plateau:loka:{game.row.id}"
                    out.append(
                        Delivery(
                            "dm",
                            t(
                                uloc,
                                "loka.reroll_dm",
                                army=army_label(uloc, army),
                                a=state.pending.attack_roll,
                                d=state.pending.defence_roll,
                                minutes=counted(uloc, "loka.minutes", _reroll_seconds(game) // 60),
                            ),
                            user_id=user,
                            channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
                            buttons=[
                                Button(f"{prefix}:reroll", t(uloc, "button.reroll"), "danger"),
                                Button(f"{prefix}:keep", t(uloc, "button.keep"), "success"),
                            ],
                        )
                    )
                elif state.phase == DEPLOYMENT:
                    lines.append(
                        t(loc, "loka.your_deploy", user=game.who(user), army=army_label(loc, army))
                    )
                    out.append(await self._deploy_dm(service, game, army, user))
                else:
                    lines.append(
                        t(loc, "loka.your_move", user=game.who(user), army=army_label(loc, army))
                    )
        if lines or files:
            out.insert(0, self.post(game, lines, files))
        return out

    async def _deploy_dm(
        self, service: TableService, game: TableGame, army: str, user: int
    ) -> Delivery:
        """What a deployer needs to place well, in their DMs when their turn comes: the
        pieces left, the squares open now, and the board from their side with those squares
        marked. One message per army (its slot), edited each time; the channel only gets
        the line that pings them."""
        loc = await service.locale_of(user)
        state = game.require_state()
        index = state.geometry.seat_index[army]
        names = state.geometry.names
        squares = _by_square(
            state, {names[sq] for kind in KINDS for sq in deploy_squares(state, index, kind)}
        )
        reserve = state.armies[index].reserve
        pieces = ", ".join(
            f"{n} × {t(loc, 'piece.' + NAME[kind])}" for kind in KINDS if (n := reserve[kind])
        )
        text = t(
            loc,
            "loka.deploy_dm",
            army=army_label(loc, army),
            id=game.row.id,
            pieces=pieces,
            squares=" ".join(squares),
        )
        image = await _board(game, state, targets=squares, bottom=army, locale=loc)
        return Delivery(
            "dm",
            clip(text),
            user_id=user,
            channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
            files=[image],
            slot=f"deploy:{game.row.id}:{army}",
        )

    # ------------------------------------------------------------ looking

    async def info_odds(self, service: TableService, request: Request) -> list[Delivery]:
        _, state = await self.look(service, request, BATTLE)
        loc = request.actor.locale
        src = str(request.options.get("from") or "").strip().lower()
        dst = str(request.options.get("to") or "").strip().lower()
        if not src or not dst:
            raise UserError("loka.odds_needs_squares")
        result = attack_odds(state, src, dst)
        lines = [t(loc, "odds.title", src=src, dst=dst)]
        a = result.assessment
        if a is None:
            lines.append(t(loc, "odds.combat_off"))
        elif a.royal:
            lines.append(t(loc, "odds.royal"))
        else:
            data = describe_attack(state.geometry, a)
            dice = {"attack": a.attack_die, "defence": a.defence_die}
            lines += dice_lines(loc, {s: (dice[s], data[f"{s}_boosts"]) for s in SIDES})
        for key in (*RESULTS, ROYAL_WIN, ROYAL_LOSS):
            if key in result.probabilities:
                p = result.probabilities[key]
                lines.append(t(loc, "odds." + key, p=f"{float(p) * 100:.1f}%", exact=str(p)))
        if result.marsh_risk:
            lines.append(t(loc, "odds.marsh", p=f"{float(result.marsh_risk) * 100:.1f}%"))
        if a is not None and a.reroller:
            lines.append(t(loc, "odds.assumption"))
        return [service.private(request.actor, "\n".join(lines))]

    async def info_moves(self, service: TableService, request: Request) -> list[Delivery]:
        game, state = await self.look(service, request, BATTLE)
        loc = request.actor.locale
        square = str(request.options.get("square") or "").strip().lower()
        seat = state.seat_to_move
        mine = game.seats_of(request.actor.id)
        if mine:
            self._check_standing(game, state, request.actor.id, loc)
        note = ""
        if mine and (seat not in mine or state.pending is not None):
            # Looking is allowed off turn, but the reader is told these moves wait.
            index = state.geometry.seat_index
            seat = next(a for a in mine if state.armies[index[a]].alive)
            note = "\n" + t(loc, "loka.moves_not_your_turn", waiting=self.waiting(game))
        probe = (
            replace(state, turn=state.geometry.seat_index[seat], pending=None) if seat else state
        )
        actions = [a for a in legal_actions(probe) if isinstance(a, Move)]
        if square:
            targets = _by_square(state, {a.dst for a in actions if a.src == square})
            if not targets and not note:
                raise UserError("loka.no_moves_from", square=square)
            if not targets:
                return [
                    service.private(
                        request.actor, t(loc, "loka.no_moves_from", square=square) + note
                    )
                ]
            text = t(loc, "loka.moves_from", square=square, targets=" ".join(targets))
        else:
            targets = []
            sources = _by_square(state, {a.src for a in actions})
            text = t(
                loc,
                "loka.movable",
                army=army_label(loc, seat or "fire"),
                squares=" ".join(sources) or "-",
            )
        text += note
        image = await _board(
            game, state, targets=targets, bottom=seat, selected=square or None, locale=loc
        )
        return [service.private(request.actor, text, files=[image])]

    # ------------------------------------------------------------ helpers for adapters

    def choices(
        self, game: TableGame, state: Any, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete choices from the engine's legal actions (at most 25)."""
        mine = [a for a in game.seats_of(request.actor.id) if a in to_act(state)]
        if not mine:
            return []
        actions = legal_actions(state, mine[0])
        current = current.lower().strip()
        values: list[str] = []
        if option == "from":
            values = sorted({a.src for a in actions if isinstance(a, Move)})
        elif option == "to":
            src = str(request.options.get("from", "")).lower()
            values = sorted({a.dst for a in actions if isinstance(a, Move) and a.src == src})
        elif option == "square":
            piece = str(request.options.get("piece", "")).lower()
            kind = KIND_OF_NAME.get(piece)
            values = sorted(
                {
                    a.square
                    for a in actions
                    if isinstance(a, Deploy) and (kind is None or a.kind == kind)
                }
            )
        return [(v, v) for v in values if v.startswith(current)]

    def silenced_users(self, row: GameRow) -> frozenset[int]:
        """From deployment on, the seated players (no game talk, RULINGS 1.4)."""
        phase = (row.state or {}).get("phase")
        if row.meta.get("silence") and phase in (DEPLOYMENT, BATTLE):
            return frozenset(row.seats.values())
        return frozenset()


# ---------------------------------------------------------------- small helpers


SOLO = ("solo", "solo_percent")
# The options that shape the armies, as /loka new names them -> LokaConfig's field.
ARMY_FIELDS = {
    "solo": "solo_team",
    "solo_percent": "solo_percent",
    "budgets": "budgets",
    "box": "box",
    "max_pieces": "max_pieces",
    "max_pawns": "max_pawns",
}


def _given(o: dict[str, Any], names: tuple[str, ...] = tuple(ARMY_FIELDS)) -> list[str]:
    return [name for name in names if o.get(name) not in (None, "")]


def _army_options(o: dict[str, Any], elements: tuple[str, ...]) -> dict[str, Any]:
    """The LokaConfig fields the army options of /loka new give, checked one by one so a
    wrong one is named (the engine checks them again)."""
    given = set(_given(o))
    out: dict[str, Any] = {}
    if "solo" in given:
        solo = str(o["solo"]).strip().lower()
        if solo not in ("evil", "good"):
            raise UserError("loka.pick_solo", solo=clip(str(o["solo"]), 20))
        out["solo_team"] = solo
    if "solo_percent" in given:
        out["solo_percent"] = number(o, "solo_percent", 75, 1, 100)
    if "budgets" in given:
        out["budgets"] = _budgets(str(o["budgets"]), elements)
    if "box" in given:
        box = str(o["box"]).strip().lower()
        if box not in BOX_SUPPLY:
            raise UserError("loka.pick_box", box=clip(box, 20), boxes=", ".join(BOX_SUPPLY))
        out["box"] = box
    if "max_pieces" in given:
        out["max_pieces"] = number(o, "max_pieces", 16, 1, 64)
    if "max_pawns" in given:
        out["max_pawns"] = number(o, "max_pawns", 10, 0, 64)
    return out


_BUDGET = re.compile(r"([^\s:=,;]+)\s*[:=]\s*(\d{1,6})")


def _budgets(text: str, elements: tuple[str, ...]) -> dict[str, int]:
    """``'fire:120 water:80'`` (commas, semicolons or ``=`` too; army names in English or
    French) -> ``{'fire': 120, 'water': 80}``; anything else is refused, naming the armies
    of this game."""
    names = {t(lang, "army." + a).lower(): a for a in elements for lang in LANGUAGES}
    armies = ", ".join(elements)
    budgets: dict[str, int] = {}
    rest = text.strip()
    while rest:
        match = _BUDGET.match(rest)
        army = names.get(match.group(1).lower()) if match else None
        if match is None or army is None or army in budgets:
            raise UserError("loka.bad_budgets", text=clip(text, 60), armies=armies)
        budgets[army] = int(match.group(2))
        if budgets[army] > 10_000:
            raise UserError("loka.bad_budgets", text=clip(text, 60), armies=armies)
        rest = rest[match.end() :].lstrip(" \t,;")
    if not budgets:
        raise UserError("loka.bad_budgets", text=clip(text, 60), armies=armies)
    return budgets


def _army_summary(loc: str, config: LokaConfig) -> list[str]:
    """The lobby's words for the options that shape the armies, when not the defaults."""
    parts = []
    if config.board == "cross" and config.players == 3:
        solo = [a for a in ARMIES if TEAMS[a] == config.solo_team]
        parts.append(
            t(
                loc,
                "loka.solo",
                team=t(loc, "team." + config.solo_team),
                armies=" + ".join(army_label(loc, a) for a in solo),
                percent=config.solo_percent,
                points=config.points * config.solo_percent // 100,
            )
        )
    if config.budgets:
        shown = ", ".join(f"{army_label(loc, a)} {n}" for a, n in config.budgets.items())
        parts.append(t(loc, "loka.budgets", budgets=shown))
    if config.box != "unlimited":
        parts.append(t(loc, "loka.box_" + config.box))
    defaults = board_defaults(config.board, config.size)
    if (config.max_pieces, config.max_pawns) != (defaults["max_pieces"], defaults["max_pawns"]):
        parts.append(
            t(
                loc,
                "loka.limits",
                pieces=counted(loc, "loka.n_pieces", config.max_pieces),
                pawns=counted(loc, "loka.n_pawns", config.max_pawns),
            )
        )
    return parts


def _size(text: Any) -> tuple[int, int]:
    """``'16x8'`` -> ``(16, 8)``; the engine checks the sizes it accepts."""
    match = re.fullmatch(r"\s*(\d{1,2})\s*[x×]\s*(\d{1,2})\s*", str(text).lower())
    if not match:
        raise UserError("loka.bad_size", size=str(text)[:20])
    return int(match.group(1)), int(match.group(2))


def _pictured(state: LokaState, before: LokaState | None, events: list[Event]) -> bool:
    """Does the channel's post carry the board? At most once a turn: when deployment opens
    (the terrain), when the battle starts, after each battle turn (a Super D20 still to
    decide is the same turn), at the end, and at a (re)start. Placements in between are
    told in words (their deployer sees the board in their DMs)."""
    if state.phase == OVER:
        return bool(events)
    if state.phase == SELECTION:
        return False
    if before is None:
        return True
    if state.phase == DEPLOYMENT:
        return before.phase != DEPLOYMENT
    return state.pending is None


def _ally_users(game: TableGame, army: str) -> set[int]:
    """The other people who hold an army of ``army``'s team."""
    users = {game.user_of(a) for a in game.seats if a != army and TEAMS[a] == TEAMS[army]}
    return {u for u in users if u is not None and u != game.user_of(army)}


def _team_talk(game: TableGame) -> bool:
    return any(_ally_users(game, army) for army in game.seats)


def _edited(state: LokaState, army: str, piece: str, change: int, request: Request) -> Draft:
    """``army``'s draft with ``change`` more (or fewer) of ``piece``: the command's action."""
    _not_final(state, army, request.actor.locale)
    counts = list(state.armies[state.geometry.seat_index[army]].draft or (0,) * 5)
    slot = BOUGHT.index(KIND_OF_NAME[piece])
    counts[slot] += change
    if counts[slot] < 0:
        raise UserError("loka.none_to_remove", piece=t(request.actor.locale, "piece." + piece))
    return Draft.of(counts)


def _not_final(state: LokaState, army: str, loc: str) -> None:
    if state.armies[state.geometry.seat_index[army]].confirmed:
        raise UserError("loka.army_final", army=army_label(loc, army))


def _reroll_seconds(game: TableGame) -> int:
    return int(game.meta.get("reroll_seconds", REROLL_SECONDS))


def _on(value: Any) -> bool:
    return str(value).lower() in ("on", "true", "yes", "1")


def _letter(text: str) -> int | None:
    return {"q": 2, "r": 3, "b": 4, "n": 5}.get(text.lower())


def _draft_now(loc: str, state: LokaState, army: str) -> str:
    """``🔥 Fire: king, 1 × queen — 80/160 points.``"""
    a = state.armies[state.geometry.seat_index[army]]
    draft = a.draft or (0,) * 5
    return t(
        loc,
        "loka.draft_now",
        army=army_label(loc, army),
        draft=_draft_text(loc, draft),
        cost=draft_cost(state.config, draft),
        budget=a.budget,
    )


def _draft_text(loc: str, draft: tuple[int, ...]) -> str:
    parts = [
        f"{n} × {t(loc, 'piece.' + NAME[kind])}" for kind, n in zip(BOUGHT, draft, strict=True) if n
    ]
    return ", ".join([t(loc, "piece.king"), *parts])


def _by_square(state: LokaState, squares: set[str]) -> list[str]:
    """Squares in board order (a1, b1, ... l12), as a player reads them."""
    geo = state.geometry
    return sorted(squares, key=lambda name: (geo.parse(name) // geo.width, geo.parse(name)))


def _formation_choice(state: LokaState, army: str) -> Deploy:
    """A sensible default formation: king in the middle of row 1, the strongest nobles next
    to it, pawns in front, each on the free square nearest the middle of the row."""
    geo = state.geometry
    index = geo.seat_index[army]
    middle = (geo.zone_width + 1) / 2
    column = {sq: col for (col, _row), sq in geo.zone[index].items()}
    for kind in KINDS:  # king, queen, rook, bishop, knight, pawn
        squares = deploy_squares(state, index, kind)
        if squares:
            best = min(squares, key=lambda sq: (abs(column[sq] - middle), sq))
            return Deploy(kind, geo.names[best])
    raise EngineError(f"{army} has nothing left to deploy")


async def _card(
    game: Game, army: str, draft: tuple[int, ...], budget: int, state: LokaState, locale: str
) -> Attachment:
    player = game.names_by_seat(locale).get(army, "")
    data = await rendering.render(
        images.army_card, army, draft, budget, state.config.costs, player, locale
    )
    said = alt.army_card(locale, army, player, draft, budget, state.config.costs)
    return Attachment(f"army-{army}.png", data, said)


async def _board(
    game: Game,
    state: LokaState,
    *,
    targets: list[str] | None = None,
    bottom: str | None = None,
    selected: str | None = None,
    locale: str | None = None,
) -> Attachment:
    seen = view(state, None)
    # While a Super D20 waits, its banner card shows who must decide.
    deciding = to_act(state)[0] if state.pending is not None else None
    data = await rendering.render(
        images.board,
        seen,
        game.names_by_seat(locale),
        targets or [],
        bottom or "fire",
        selected,
        locale or game.locale,
        deciding,
    )
    # No counter in the name: the state's ply counts secret draft edits too (a name
    # posted in the thread would tell how many were made).
    said = alt.described("loka", game, RULES, seen, locale, army_label)
    return Attachment(f"loka-{game.row.id}.png", data, said)


async def _summary(game: Game, state: LokaState) -> Attachment:
    seen = view(state, None)
    data = await rendering.render(images.summary, seen, game.names_by_seat(), game.locale)
    said = alt.described("loka", game, RULES, seen, game.locale, army_label)
    return Attachment(f"loka-{game.row.id}-end.png", data, said)


TABLE = LokaTable
