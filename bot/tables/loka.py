"""Loka at the table: lobby, secret armies by DM, team relay until deployment, deployment,
battle, the Super D20 decision with its time limit, and the end."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.model import Actor, Attachment, Button, Delivery, Request
from bot.service import TableService, UserError
from bot.storage import GameRow, LogEntry
from bot.tables import loka_images as images
from bot.tables.loka_text import army as army_label
from bot.tables.loka_text import boosts as boost_text
from bot.tables.loka_text import describe
from engine.dice import commitment
from engine.errors import EngineError
from engine.loka import (
    ARMIES,
    BATTLE,
    DEPLOYMENT,
    OVER,
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
    Resign,
    apply,
    attack_odds,
    default_action,
    from_dict,
    legal_actions,
    new_game,
    parse_position,
    state_from_position,
    to_act,
    to_dict,
    view,
)
from engine.loka.battle import describe as describe_attack
from engine.loka.combat import RESULTS, ROYAL_LOSS, ROYAL_WIN
from engine.loka.pieces import BOUGHT, KIND_OF_NAME, KINDS, NAME
from engine.loka.record import new_record
from engine.loka.setup import deploy_squares, draft_cost
from engine.protocol import Event
from engine.record import RecordEntry, Roll

KIND = "loka"
REROLL_SECONDS = 600
RULES_PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "loka.md"
PIECE_CHOICES = ("king", "queen", "rook", "bishop", "knight", "pawn")


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


# ---------------------------------------------------------------- state of a table


class Game:
    """A loaded game row with its engine state, and helpers to speak about it."""

    def __init__(self, row: GameRow) -> None:
        self.row = row
        self.state: LokaState | None = None if row.state is None else from_dict(row.state)

    @property
    def meta(self) -> dict[str, Any]:
        return self.row.meta

    @property
    def seats(self) -> dict[str, int]:
        return self.row.seats

    @property
    def locale(self) -> str:
        return self.meta.get("locale", "en")

    def armies_of(self, user_id: int) -> list[str]:
        return [a for a in ARMIES if self.seats.get(a) == user_id]

    def user_of(self, army: str) -> int | None:
        return self.seats.get(army)

    def players(self) -> list[int]:
        return sorted(set(self.seats.values()))

    def name(self, user_id: int) -> str:
        return self.meta.get("names", {}).get(str(user_id), str(user_id))

    def names_by_army(self) -> dict[str, str]:
        return {a: self.name(u) for a, u in self.seats.items()}

    def require_state(self) -> LokaState:
        if self.state is None:
            raise UserError("loka.not_started")
        return self.state


# ---------------------------------------------------------------- the table


class LokaTable:
    kind = KIND

    def __init__(self) -> None:
        self.commands = {
            "new": self.new,
            "join": self.join,
            "leave": self.leave,
            "start": self.start,
            "cancel": self.cancel,
            "army add": self.army_add,
            "army remove": self.army_remove,
            "army show": self.army_show,
            "army confirm": self.army_confirm,
            "team": self.team,
            "deploy": self.deploy,
            "autodeploy": self.autodeploy,
            "move": self.move,
            "reroll": self.reroll,
            "keep": self.keep,
            "odds": self.odds,
            "moves": self.moves,
            "board": self.board,
            "resign": self.resign,
            "export": self.export,
            "rules": self.rules,
        }

    # ------------------------------------------------------------ lobby

    async def new(self, service: TableService, request: Request) -> list[Delivery]:
        o = request.options
        locale = request.actor.locale
        players = int(o.get("players", 4))
        terrain = _on(o.get("terrain", "on"))
        try:
            config = LokaConfig(
                players=players,
                points=int(o.get("points", 160)),
                tiles=int(o.get("tiles", 4)) if terrain else 0,
                combat=_on(o.get("combat", "on")),
            )
        except (ValueError, TypeError) as exc:
            raise UserError("error.rules", detail=str(exc)) from exc
        start = None
        if o.get("position"):
            start = str(o["position"])
            parse_position(start)  # refuse a bad position now, with its reason
        game_id, seed = service.ids.next()
        channel = int(o.get("thread_id") or request.place.channel_id)
        row = GameRow(
            id=game_id,
            kind=KIND,
            guild_id=request.place.guild_id,
            channel_id=channel,
            origin_channel_id=request.place.channel_id,
            host_id=request.actor.id,
            status="lobby",
            config=config.to_dict(),
            state=None,
            meta={
                "seats": {},
                "names": {str(request.actor.id): request.actor.name},
                "players": players,
                "silence": str(o.get("silence", "players")) == "players",
                "autodeploy": [],
                "deadline": None,
                "start": start,
                "seed": seed.hex(),
                "commitment": commitment(seed),
                "locale": request.place.guild_locale or locale,
            },
            created_at=service.clock(),
        )
        await service.storage.create(row)
        game = Game(row)
        text = t(
            game.locale,
            "loka.lobby",
            host=mention(request.actor.id),
            id=game_id,
            summary=self._summary(game, config),
        )
        return [
            Delivery(
                "channel",
                text + "\n" + self._seat_list(game),
                channel_id=channel,
                buttons=self._lobby_buttons(game),
            ),
            service.private(request.actor, t(locale, "loka.created", id=game_id)),
        ]

    def _summary(self, game: Game, config: LokaConfig) -> str:
        loc = game.locale
        parts = [
            t(loc, "loka.players", n=config.players),
            t(loc, "loka.points", n=config.points),
            t(loc, "loka.tiles", n=config.tiles) if config.tiles else t(loc, "loka.no_terrain"),
            t(loc, "loka.combat_on" if config.combat else "loka.combat_off"),
        ]
        if game.meta.get("start"):  # the position brings its own terrain and armies
            parts[1:3] = [t(loc, "loka.from_position")]
        return " · ".join(parts)

    def _seat_groups(self, game: Game) -> list[tuple[str, ...]]:
        """Which armies one person takes together (RULINGS 1.10)."""
        players = game.meta["players"]
        config = LokaConfig.from_dict(game.row.config)
        groups: list[tuple[str, ...]] = []
        for team in ("evil", "good"):
            members = tuple(a for a in ARMIES if TEAMS[a] == team)
            if players == 2 or (players == 3 and team == config.solo_team):
                groups.append(members)
            else:
                groups.extend((a,) for a in members)
        return groups

    def _seat_list(self, game: Game) -> str:
        loc = game.locale
        lines = []
        for group in self._seat_groups(game):
            user = game.user_of(group[0])
            label = " + ".join(army_label(loc, a) for a in group)
            team = t(loc, "team." + TEAMS[group[0]])
            who = mention(user) if user else t(loc, "loka.seat_free")
            lines.append(f"{label} ({team}): {who}")
        return "\n".join(lines)

    def _lobby_buttons(self, game: Game) -> list[Button]:
        loc = game.locale
        buttons = [
            Button(
                f"plateau:loka:{game.row.id}:join:{group[0]}",
                " + ".join(t(loc, "army." + a) for a in group),
                "primary",
                disabled=game.user_of(group[0]) is not None,
            )
            for group in self._seat_groups(game)
        ]
        buttons.append(Button(f"plateau:loka:{game.row.id}:leave", t(loc, "button.leave")))
        buttons.append(
            Button(f"plateau:loka:{game.row.id}:start", t(loc, "button.start"), "success")
        )
        return buttons

    async def join(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND, lobby_only=True)
        locale = request.actor.locale
        wanted = str(request.options.get("army", "")).lower()
        if wanted not in ARMIES:
            raise UserError("loka.pick_army", armies=", ".join(ARMIES))
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            if game.row.status != "lobby":
                raise UserError("loka.already_started")
            group = next(g for g in self._seat_groups(game) if wanted in g)
            holder = game.user_of(wanted)
            if holder == request.actor.id:
                raise UserError("loka.already_seated", army=army_label(locale, wanted))
            if holder is not None:
                raise UserError(
                    "loka.seat_taken", army=army_label(locale, wanted), user=mention(holder)
                )
            if game.armies_of(request.actor.id) and game.meta["players"] != 2:
                raise UserError("loka.one_seat_each")
            hello = t(await service.locale_of(request.actor.id), "loka.dm_hello", id=game.row.id)
            if not await service.dm_probe(request.actor.id, hello):
                raise UserError("error.dms_closed")
            for army in group:
                game.meta["seats"][army] = request.actor.id
            game.meta["names"][str(request.actor.id)] = request.actor.name
            await service.save(game.row)
        label = " + ".join(army_label(game.locale, a) for a in group)
        return [
            Delivery(
                "channel",
                t(game.locale, "loka.joined", user=mention(request.actor.id), army=label)
                + "\n"
                + self._seat_list(game),
                channel_id=game.row.channel_id,
                buttons=self._lobby_buttons(game),
            ),
        ]

    async def leave(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            if game.row.status != "lobby":
                raise UserError("loka.leave_started")
            mine = game.armies_of(request.actor.id)
            if not mine:
                raise UserError("loka.not_seated")
            for army in mine:
                del game.meta["seats"][army]
            await service.save(game.row)
        return [
            Delivery(
                "channel",
                t(game.locale, "loka.left", user=mention(request.actor.id))
                + "\n"
                + self._seat_list(game),
                channel_id=game.row.channel_id,
                buttons=self._lobby_buttons(game),
            ),
        ]

    async def cancel(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            if request.actor.id != game.row.host_id and not request.actor.manager:
                raise UserError("loka.cancel_forbidden")
            game.row.status = "cancelled"
            await service.save(game.row)
        return [
            Delivery(
                "channel",
                t(game.locale, "loka.cancelled", user=mention(request.actor.id), id=game.row.id),
                channel_id=game.row.channel_id,
            )
        ]

    async def start(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            if game.row.status != "lobby":
                raise UserError("loka.already_started")
            if request.actor.id != game.row.host_id:
                raise UserError("loka.host_only", user=mention(game.row.host_id))
            free = [a for a in ARMIES if a not in game.seats]
            if free:
                raise UserError(
                    "loka.seats_free",
                    armies=", ".join(army_label(request.actor.locale, a) for a in free),
                )
            config = LokaConfig.from_dict(game.row.config)
            seed = bytes.fromhex(game.meta["seed"])
            if game.meta.get("start"):
                state = state_from_position(
                    game.meta["start"], config, seed=seed, game_id=game.row.id
                )
            else:
                state = new_game(config, seed=seed, game_id=game.row.id)
            game.state = state
            game.row.state = to_dict(state)
            game.row.status = "running"
            await service.save(game.row)
        loc = game.locale
        out = [
            Delivery(
                "channel",
                t(loc, "loka.started", id=game.row.id, commitment=game.meta["commitment"]),
                channel_id=game.row.channel_id,
            )
        ]
        if state.phase == SELECTION:
            out.append(
                Delivery(
                    "channel",
                    t(loc, "loka.selection_open", ready=0, of=4),
                    channel_id=game.row.channel_id,
                )
            )
            for user in game.players():
                out.extend(await self._selection_dm(service, game, user))
        else:
            out.extend(await self._after(service, game, [], None))
        return out

    # ------------------------------------------------------------ army selection

    async def _selection_dm(self, service: TableService, game: Game, user: int) -> list[Delivery]:
        loc = await service.locale_of(user)
        state = game.require_state()
        out = []
        for army in game.armies_of(user):
            a = state.armies[ARMIES.index(army)]
            out.append(
                Delivery(
                    "dm",
                    t(
                        loc,
                        "loka.selection_dm",
                        army=army_label(loc, army),
                        budget=a.budget,
                        id=game.row.id,
                    ),
                    user_id=user,
                    channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
                    secret=True,
                    files=[await _card(army, a.draft or (0,) * 5, a.budget, state)],
                    buttons=self._builder_buttons(game, army, loc),
                )
            )
        return out

    def _builder_buttons(self, game: Game, army: str, loc: str) -> list[Button]:
        prefix = f"plateau:loka:{game.row.id}:army:{army}"
        buttons = []
        for kind in BOUGHT:
            name = NAME[kind]
            buttons.append(Button(f"{prefix}:add:{name}", f"+ {t(loc, 'piece.' + name)}"))
            buttons.append(Button(f"{prefix}:remove:{name}", f"− {t(loc, 'piece.' + name)}"))
        buttons.append(Button(f"{prefix}:confirm", t(loc, "button.confirm"), "success"))
        return buttons

    def _my_army(self, game: Game, actor: Actor, wanted: Any, phase: str | None = None) -> str:
        mine = game.armies_of(actor.id)
        if not mine:
            raise UserError("loka.not_seated")
        if wanted:
            wanted = str(wanted).lower()
            if wanted not in mine:
                raise UserError("loka.not_your_army", army=wanted, armies=", ".join(mine))
            return wanted
        state = game.state
        if state is not None and phase == SELECTION:
            open_ = [a for a in mine if not state.armies[ARMIES.index(a)].confirmed]
            if open_:
                return open_[0]
        if state is not None:
            acting = [a for a in mine if a in to_act(state)]
            if acting:
                return acting[0]
        return mine[0]

    async def _edit_draft(
        self, service: TableService, request: Request, sign: int
    ) -> list[Delivery]:
        o = request.options
        piece = str(o.get("piece", "")).lower()
        if piece not in KIND_OF_NAME or piece == "king":
            raise UserError("loka.pick_piece")
        count = int(o.get("count", 1))
        if not 1 <= count <= 16:
            raise UserError("loka.count_range")
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            state = self._in_phase(game, SELECTION)
            army = self._my_army(game, request.actor, o.get("army"), SELECTION)
            index = ARMIES.index(army)
            counts = list(state.armies[index].draft or (0,) * 5)
            slot = BOUGHT.index(KIND_OF_NAME[piece])
            counts[slot] += sign * count
            if counts[slot] < 0:
                raise UserError(
                    "loka.none_to_remove", piece=t(request.actor.locale, "piece." + piece)
                )
            state, events = apply(state, Draft(tuple(counts)), army)  # type: ignore[arg-type]
            await self._commit(
                service,
                game,
                state,
                request.actor.id,
                army,
                Draft(tuple(counts)),  # type: ignore[arg-type]
                events,
            )
        return await self._draft_news(service, game, army, request.actor)

    async def _draft_news(
        self, service: TableService, game: Game, army: str, actor: Actor
    ) -> list[Delivery]:
        state = game.require_state()
        a = state.armies[ARMIES.index(army)]
        draft = a.draft or (0, 0, 0, 0, 0)
        cost = draft_cost(state.config, draft)
        card = await _card(army, draft, a.budget, state)
        loc = actor.locale
        out = [
            service.private(
                actor,
                t(
                    loc,
                    "loka.draft_now",
                    army=army_label(loc, army),
                    draft=_draft_text(loc, draft),
                    cost=cost,
                    budget=a.budget,
                ),
                files=[card],
                secret=True,
            )
        ]
        for ally in ARMIES:
            if ally != army and TEAMS[ally] == TEAMS[army]:
                user = game.user_of(ally)
                if user is not None and user != actor.id:
                    aloc = await service.locale_of(user)
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
                            files=[card],
                            secret=True,
                        )
                    )
        return out

    async def army_add(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._edit_draft(service, request, +1)

    async def army_remove(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._edit_draft(service, request, -1)

    async def army_show(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        game = Game(row)
        state = game.require_state()
        army = self._my_army(game, request.actor, request.options.get("army"), SELECTION)
        if state.phase != SELECTION:
            return [service.private(request.actor, t(request.actor.locale, "loka.revealed_now"))]
        return await self._draft_news(service, game, army, request.actor)

    async def army_confirm(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            state = self._in_phase(game, SELECTION)
            army = self._my_army(game, request.actor, request.options.get("army"), SELECTION)
            before = state
            state, events = apply(state, Confirm(), army)
            await self._commit(service, game, state, request.actor.id, army, Confirm(), events)
        return await self._after(service, game, events, request.actor, before=before)

    async def team(self, service: TableService, request: Request) -> list[Delivery]:
        text = str(request.options.get("message", "")).strip()
        if not text:
            raise UserError("loka.team_empty")
        row = await service.find_game(request, KIND)
        game = Game(row)
        state = game.require_state()
        if state.phase != SELECTION:
            raise UserError("loka.silence_rule")
        mine = game.armies_of(request.actor.id)
        if not mine:
            raise UserError("loka.not_seated")
        mates = {game.user_of(a) for a in ARMIES if TEAMS[a] == TEAMS[mine[0]]}
        mates.discard(request.actor.id)
        mates.discard(None)
        if not mates:
            raise UserError("loka.team_alone")
        out = [service.private(request.actor, t(request.actor.locale, "loka.team_sent"))]
        for user in sorted(mates):  # type: ignore[type-var]
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

    def _in_phase(self, game: Game, *phases: str) -> LokaState:
        state = game.require_state()
        if game.row.status != "running" or state.phase not in phases:
            key = {
                SELECTION: "loka.phase_selection",
                DEPLOYMENT: "loka.phase_deployment",
                BATTLE: "loka.phase_battle",
                OVER: "loka.phase_over",
            }[state.phase]
            raise UserError(key)
        return state

    def _acting_army(self, game: Game, actor: Actor, wanted: Any = None) -> str:
        state = game.require_state()
        mine = game.armies_of(actor.id)
        if not mine:
            raise UserError("loka.spectator")
        waiting = to_act(state)
        acting = [a for a in mine if a in waiting]
        if wanted:
            army = self._my_army(game, actor, wanted)
            if army not in waiting:
                raise UserError("loka.not_your_turn", waiting=self._waiting(game))
            return army
        if not acting:
            raise UserError("loka.not_your_turn", waiting=self._waiting(game))
        return acting[0]

    def _waiting(self, game: Game) -> str:
        state = game.require_state()
        return ", ".join(
            f"{army_label(game.locale, a)} ({mention(u)})"
            for a in to_act(state)
            if (u := game.user_of(a)) is not None
        )

    async def deploy(self, service: TableService, request: Request) -> list[Delivery]:
        o = request.options
        piece = str(o.get("piece", "")).lower()
        if piece not in KIND_OF_NAME:
            raise UserError("loka.pick_deploy_piece", pieces=", ".join(PIECE_CHOICES))
        square = str(o.get("square", "")).strip().lower()
        action = Deploy(KIND_OF_NAME[piece], square)
        return await self._act(service, request, action, DEPLOYMENT)

    async def autodeploy(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            state = self._in_phase(game, DEPLOYMENT)
            mine = [
                a
                for a in game.armies_of(request.actor.id)
                if any(state.armies[ARMIES.index(a)].reserve)
            ]
            if not mine:
                raise UserError("loka.nothing_to_deploy")
            game.meta["autodeploy"] = sorted(set(game.meta["autodeploy"]) | set(mine))
            events = self._run_autodeploy(game)
            await self._persist(service, game, events)
        reply = service.private(request.actor, t(request.actor.locale, "loka.autodeploy_on"))
        if not events:
            return [reply]  # placed on this army's turns, as they come
        return [reply, *await self._after(service, game, [e for _, e in events], None)]

    def _run_autodeploy(self, game: Game) -> list[tuple[LogEntry, Event]]:
        """Place pieces for every army to deploy that asked the bot to (one at a time,
        as the turns come)."""
        done: list[tuple[LogEntry, Event]] = []
        state = game.require_state()
        while state.phase == DEPLOYMENT and not state.pending:
            army = to_act(state)[0]
            if army not in game.meta["autodeploy"]:
                break
            action = _formation_choice(state, army)
            state, events = apply(state, action, army)
            entry = LogEntry(game.user_of(army), army, str(action), _rolls(events))
            done.extend((entry, e) for e in events)
            if not events:
                done.append((entry, Event("noop")))
        game.state = state
        return done

    async def _persist(
        self, service: TableService, game: Game, entries: list[tuple[LogEntry, Event]]
    ) -> None:
        logs: list[LogEntry] = []
        for entry, _ in entries:
            if not logs or logs[-1] is not entry:
                logs.append(entry)
        game.row.state = to_dict(game.require_state())
        if game.require_state().phase == OVER:
            game.row.status = "over"
        await service.save(game.row, logs)

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

    async def reroll(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._act(service, request, Reroll(), BATTLE)

    async def keep(self, service: TableService, request: Request) -> list[Delivery]:
        return await self._act(service, request, Keep(), BATTLE)

    async def _act(
        self, service: TableService, request: Request, action: Any, phase: str
    ) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            state = self._in_phase(game, phase)
            army = self._acting_army(game, request.actor, request.options.get("army"))
            if isinstance(action, Reroll | Keep) and state.pending is None:
                raise UserError("loka.no_reroll_pending")
            if state.pending is not None and not isinstance(action, Reroll | Keep):
                raise UserError("loka.answer_reroll")
            before = state
            state, events = apply(state, action, army)
            game.state = state
            entries = [
                (LogEntry(request.actor.id, army, str(action), _rolls(events)), e) for e in events
            ] or [(LogEntry(request.actor.id, army, str(action), []), Event("noop"))]
            entries += self._run_autodeploy(game)
            self._set_deadline(service, game)
            await self._persist(service, game, entries)
        return await self._after(
            service, game, [e for _, e in entries], request.actor, before=before
        )

    async def _commit(
        self,
        service: TableService,
        game: Game,
        state: LokaState,
        user: int,
        army: str,
        action: Any,
        events: list[Event],
    ) -> None:
        game.state = state
        entries = [(LogEntry(user, army, str(action), _rolls(events)), e) for e in events]
        if not entries:
            entries = [(LogEntry(user, army, str(action), []), Event("noop"))]
        entries += self._run_autodeploy(game)
        await self._persist(service, game, entries)

    def _set_deadline(self, service: TableService, game: Game) -> None:
        state = game.require_state()
        if state.pending is not None:
            if not game.meta.get("deadline"):
                game.meta["deadline"] = service.clock() + REROLL_SECONDS
        else:
            game.meta["deadline"] = None

    async def _after(
        self,
        service: TableService,
        game: Game,
        events: list[Event],
        actor: Actor | None,
        *,
        before: LokaState | None = None,
    ) -> list[Delivery]:
        """What everyone is told after the state changed."""
        state = game.require_state()
        loc = game.locale
        channel = game.row.channel_id
        out: list[Delivery] = []
        lines = describe([e for e in events if e.visible_to is None], loc)
        files: list[Attachment] = []
        revealed = before is not None and before.phase == SELECTION and state.phase != SELECTION
        if revealed:
            for army in ARMIES:
                a = state.armies[ARMIES.index(army)]
                files.append(await _card(army, a.draft or (0,) * 5, a.budget, state))
        if state.phase in (DEPLOYMENT, BATTLE) or (state.phase == OVER and events):
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
                            user=mention(user),
                            army=army_label(loc, army),
                            minutes=REROLL_SECONDS // 60,
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
                                minutes=REROLL_SECONDS // 60,
                            ),
                            user_id=user,
                            channel_id=game.row.channel_id,  # where a 'DMs closed' note goes
                            buttons=[
                                Button(f"{prefix}:reroll", t(uloc, "button.reroll"), "danger"),
                                Button(f"{prefix}:keep", t(uloc, "button.keep"), "success"),
                            ],
                        )
                    )
                else:
                    key = "loka.your_deploy" if state.phase == DEPLOYMENT else "loka.your_move"
                    lines.append(t(loc, key, user=mention(user), army=army_label(loc, army)))
        if lines or files:
            text = "\n".join(lines) or t(loc, "loka.board")
            out.insert(0, Delivery("channel", _clip(text), channel_id=channel, files=files))
        return out

    # ------------------------------------------------------------ looking

    async def odds(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        game = Game(row)
        state = self._in_phase(game, BATTLE)
        loc = request.actor.locale
        src = str(request.options.get("from", "")).lower()
        dst = str(request.options.get("to", "")).lower()
        result = attack_odds(state, src, dst)
        lines = [t(loc, "odds.title", src=src, dst=dst)]
        a = result.assessment
        if a is None:
            lines.append(t(loc, "odds.combat_off"))
        elif a.royal:
            lines.append(t(loc, "odds.royal"))
        else:
            data = describe_attack(state.geometry, a)
            lines.append(
                t(
                    loc,
                    "event.attack_boosts",
                    dice=_die(a.attack_die, a.attack_boosts),
                    items=boost_text(loc, data["attack_boosts"]),
                )
            )
            lines.append(
                t(
                    loc,
                    "event.defence_boosts",
                    dice=_die(a.defence_die, a.defence_boosts),
                    items=boost_text(loc, data["defence_boosts"]),
                )
            )
        for key in (*RESULTS, ROYAL_WIN, ROYAL_LOSS):
            if key in result.probabilities:
                p = result.probabilities[key]
                lines.append(t(loc, "odds." + key, p=f"{float(p) * 100:.1f}%", exact=str(p)))
        if result.marsh_risk:
            lines.append(t(loc, "odds.marsh", p=f"{float(result.marsh_risk) * 100:.1f}%"))
        if a is not None and a.reroller:
            lines.append(t(loc, "odds.assumption"))
        return [service.private(request.actor, "\n".join(lines))]

    async def moves(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        game = Game(row)
        state = self._in_phase(game, BATTLE)
        loc = request.actor.locale
        square = str(request.options.get("square") or "").lower()
        seat = state.seat_to_move
        mine = game.armies_of(request.actor.id)
        if mine and seat not in mine:
            seat = mine[0]
        probe = replace(state, turn=ARMIES.index(seat), pending=None) if seat else state
        actions = [a for a in legal_actions(probe) if isinstance(a, Move)]
        if square:
            targets = _by_square(state, {a.dst for a in actions if a.src == square})
            if not targets:
                raise UserError("loka.no_moves_from", square=square)
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
        image = await _board(game, state, targets=targets, bottom=seat, selected=square or None)
        return [service.private(request.actor, text, files=[image])]

    async def board(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND, ended=True)
        game = Game(row)
        state = game.require_state()
        if state.phase == SELECTION:
            ready = sum(1 for a in state.armies if a.confirmed)
            raise UserError("loka.board_selection", ready=ready)
        image = await _board(game, state)
        return [
            Delivery(
                "channel",
                t(game.locale, "loka.board"),
                channel_id=game.row.channel_id,
                files=[image],
            )
        ]

    async def resign(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND)
        async with service.locked(row.id):
            game = Game(await service.load(row.id))
            state = self._in_phase(game, DEPLOYMENT, BATTLE)
            mine = [
                a for a in game.armies_of(request.actor.id) if state.armies[ARMIES.index(a)].alive
            ]
            if not mine:
                raise UserError("loka.spectator")
            entries = []
            for army in mine:
                if state.phase == OVER:
                    break
                state, events = apply(state, Resign(), army)
                entry = LogEntry(request.actor.id, army, "resign", _rolls(events))
                entries += [(entry, e) for e in events]
            game.state = state
            entries += self._run_autodeploy(game)
            self._set_deadline(service, game)
            await self._persist(service, game, entries)
        return await self._after(service, game, [e for _, e in entries], request.actor)

    async def export(self, service: TableService, request: Request) -> list[Delivery]:
        row = await service.find_game(request, KIND, ended=True)
        game = Game(row)
        game.require_state()
        seed = bytes.fromhex(game.meta["seed"])
        record = new_record(
            LokaConfig.from_dict(game.row.config), seed, game.row.id, game.meta.get("start")
        )
        for entry in await service.storage.log(game.row.id):
            record.entries.append(_record_entry(entry.seat or "", entry.action, entry.rolls))
        over = game.require_state().phase == OVER
        text = record.export_text(reveal_seed=over)
        key = "loka.export_over" if over else "loka.export_running"
        return [
            service.private(
                request.actor,
                t(request.actor.locale, key),
                files=[Attachment(f"loka-{game.row.id}.txt", text.encode())],
            )
        ]

    async def rules(self, service: TableService, request: Request) -> list[Delivery]:
        topic = str(request.options.get("topic") or "").lower().strip()
        return [service.private(request.actor, rules_excerpt(topic))]

    # ------------------------------------------------------------ restart and time-outs

    async def resume(self, service: TableService, game_row: GameRow) -> list[Delivery]:
        game = Game(game_row)
        if game.state is None or game_row.status != "running":
            return []
        return [
            Delivery(
                "channel",
                t(game.locale, "loka.resumed", id=game_row.id),
                channel_id=game_row.channel_id,
            ),
            *await self._after(service, game, [], None),
        ]

    async def expire(self, service: TableService, game_row: GameRow, now: float) -> list[Delivery]:
        async with service.locked(game_row.id):
            game = Game(await service.load(game_row.id))
            state = game.state
            deadline = game.meta.get("deadline")
            if state is None or not deadline or deadline > now or state.pending is None:
                return []
            army = to_act(state)[0]
            action = default_action(state, army)
            state, events = apply(state, action, army)
            game.state = state
            entries = [(LogEntry(None, army, str(action), _rolls(events)), e) for e in events]
            self._set_deadline(service, game)
            await self._persist(service, game, entries)
        note = Delivery(
            "channel",
            t(game.locale, "loka.timeout_keep", army=army_label(game.locale, army)),
            channel_id=game.row.channel_id,
        )
        return [note, *await self._after(service, game, events, None)]

    # ------------------------------------------------------------ helpers for adapters

    async def complete(
        self, service: TableService, request: Request, option: str, current: str
    ) -> list[tuple[str, str]]:
        """Autocomplete choices from the engine's legal actions (at most 25)."""
        try:
            row = await service.find_game(request, KIND)
        except UserError:
            return []
        game = Game(row)
        state = game.state
        if state is None or state.phase == OVER:
            return []
        mine = [a for a in game.armies_of(request.actor.id) if a in to_act(state)]
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
        return [(v, v) for v in values if v.startswith(current)][:25]

    async def silenced(self, service: TableService, channel_id: int, user_id: int) -> bool:
        """Must a message by this user in this channel be removed (no-talk rule)?"""
        for row in await service.storage.games_in_channel(channel_id):
            if row.kind != KIND or row.channel_id != channel_id or row.status != "running":
                continue
            game = Game(row)
            if (
                game.meta.get("silence")
                and user_id in game.seats.values()
                and game.state is not None
                and game.state.phase in (DEPLOYMENT, BATTLE)
            ):
                return True
        return False


# ---------------------------------------------------------------- small helpers


def _on(value: Any) -> bool:
    return str(value).lower() in ("on", "true", "yes", "1")


def _letter(text: str) -> int | None:
    return {"q": 2, "r": 3, "b": 4, "n": 5}.get(text.lower())


def _die(faces: int, boosts: int) -> str:
    return "Super D20" if boosts >= 5 else f"D{faces}"


def _rolls(events: list[Event]) -> list[list[int]]:
    return [[e.data["draw"], e.data["die"], e.data["value"]] for e in events if e.kind == "roll"]


def _record_entry(seat: str, action: str, rolls: list[list[int]]) -> RecordEntry:
    return RecordEntry(seat, action, tuple(Roll(*r) for r in rolls))


def _draft_text(loc: str, draft: tuple[int, ...]) -> str:
    parts = [
        f"{n} × {t(loc, 'piece.' + NAME[kind])}" for kind, n in zip(BOUGHT, draft, strict=True) if n
    ]
    return ", ".join([t(loc, "piece.king"), *parts])


def _by_square(state: LokaState, squares: set[str]) -> list[str]:
    """Squares in board order (a1, b1, ... l12), as a player reads them."""
    geo = state.geometry
    return sorted(squares, key=lambda name: (geo.parse(name) // geo.width, geo.parse(name)))


def _clip(text: str, limit: int = 1900) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _formation_choice(state: LokaState, army: str) -> Deploy:
    """A sensible default formation: king in the middle of row 1, the strongest nobles next
    to it, pawns in front, each on the free square nearest the middle of the row."""
    index = ARMIES.index(army)
    geo = state.geometry
    middle = (geo.zone_size + 1) / 2
    column = {sq: col for (col, _row), sq in geo.zone[index].items()}
    for kind in KINDS:  # king, queen, rook, bishop, knight, pawn
        squares = deploy_squares(state, index, kind)
        if squares:
            best = min(squares, key=lambda sq: (abs(column[sq] - middle), sq))
            return Deploy(kind, geo.names[best])
    raise EngineError(f"{army} has nothing left to deploy")


async def _card(army: str, draft: tuple[int, ...], budget: int, state: LokaState) -> Attachment:
    data = await asyncio.to_thread(images.army_card, army, draft, budget, state.config.costs)
    return Attachment(f"army-{army}.png", data)


async def _board(
    game: Game,
    state: LokaState,
    *,
    targets: list[str] | None = None,
    bottom: str | None = None,
    selected: str | None = None,
) -> Attachment:
    seen = view(state, None)
    data = await asyncio.to_thread(
        images.board, seen, game.names_by_army(), targets or [], bottom or "fire", selected
    )
    return Attachment(f"loka-{game.row.id}-{state.ply}.png", data)


async def _summary(game: Game, state: LokaState) -> Attachment:
    data = await asyncio.to_thread(images.summary, view(state, None), game.names_by_army())
    return Attachment(f"loka-{game.row.id}-end.png", data)


def rules_excerpt(topic: str, limit: int = 1900) -> str:
    """The section of docs/rules/loka.md whose title matches ``topic`` (or the contents)."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    sections = re.split(r"(?m)^## ", text)[1:]
    titles = [s.splitlines()[0] for s in sections]
    if topic:
        for title, body in zip(titles, sections, strict=True):
            if topic in title.lower():
                return _clip("## " + body.strip(), limit)
    return "Loka rules — topics: " + ", ".join(re.sub(r"^\d+\.\s*", "", title) for title in titles)
