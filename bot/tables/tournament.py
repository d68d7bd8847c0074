"""``/plateau tournament ...``: a server's tournaments, as commands of ``/plateau`` (the
console types them the same way). ``new`` opens one and posts its sign-up (Join and Leave
buttons), ``join`` and ``leave`` (the organizer also seats computer players:
``join computer:easy``), ``start``, ``pause`` and ``resume``, ``repair`` (the round paired
again before its games open), ``remove`` a player, ``award`` a game, and ``standings``.
The organizer is whoever opened the tournament, and any member with Manage Server.

The running itself (pairing, opening the games, results, rounds) is
:mod:`bot.tournaments.service`; this module reads the requests, checks who may do what and
answers, every refusal a private line saying what would be right."""

from __future__ import annotations

import re
import shlex
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from ai.levels import LEVELS
from bot.i18n import t
from bot.model import Actor, Delivery, Request, is_ai
from bot.options import GAME, NUMBER, TEXT, USER, Declarations, Number, Text, user_id_of
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables.game import mention
from bot.tournaments import posts
from bot.tournaments.model import (
    ARENA,
    FORMATS,
    LIVE,
    ROUND_ROBIN,
    SWISS,
    Entrant,
    Game,
    Tournament,
)
from bot.tournaments.service import (
    Running,
    configured,
    game_kinds,
    seated_table,
    split_options,
    table_size_of,
)
from bot.tournaments.standings import place_points

Handler = Callable[[TableService, Request], Coroutine[Any, Any, list[Delivery]]]
MAX_ROUNDS = 30
MAX_ENTRANTS = 256
DEFAULT_ROUNDS = 4
_WHEN = re.compile(r"\s*(\d{1,5})\s*([mhd])\s*")
_UNITS = {"m": 60, "h": 3600, "d": 86400}
ONE = {"tournament": GAME}
OPTIONS: Declarations = {
    "tournament new": {
        "game": TEXT,
        "format": TEXT,
        "rounds": NUMBER,
        "clock": TEXT,
        "start": TEXT,
        "interval": NUMBER,
        "options": Text(500),
    },
    "tournament join": {"computer": TEXT, **ONE},
    "tournament leave": ONE,
    "tournament start": ONE,
    "tournament pause": ONE,
    "tournament resume": ONE,
    "tournament repair": ONE,
    "tournament remove": {"member": USER, "computer": Number(1, 999), **ONE},
    "tournament award": {"table": NUMBER, "member": USER, **ONE},
    "tournament standings": ONE,
}


def starts_in(text: str) -> float:
    """``start:30m`` (or ``2h``, ``1d``): seconds from now."""
    found = _WHEN.fullmatch(text)
    if found is None:
        raise UserError("tournament.pick_start", start=text)
    return int(found.group(1)) * _UNITS[found.group(2)]


def whole(value: Any, option: str, low: int, high: int) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        raise UserError("error.bad_number", option=option, low=low, high=high)
    return number


class Tournaments:
    """The ``/plateau tournament`` commands over one :class:`Running`."""

    def __init__(self) -> None:
        self.running = Running()
        self.commands: dict[str, Handler] = {
            "tournament new": self.new,
            "tournament join": self.join,
            "tournament leave": self.leave,
            "tournament start": self.start,
            "tournament pause": self.pause,
            "tournament resume": self.resume,
            "tournament repair": self.repair,
            "tournament remove": self.remove,
            "tournament award": self.award,
            "tournament standings": self.standings,
        }

    # ------------------------------------------------------------ which tournament

    async def find(
        self, service: TableService, request: Request, *, over: bool = False
    ) -> Tournament:
        """The tournament a command means: ``tournament:<id>`` (of this server), else the
        one live in this channel (or the channel of this game's thread), else (``over``:
        for a command that reads a finished one too) the channel's latest, else the
        server's only live one."""
        wanted = str(request.options.get("tournament") or "")
        place = request.place
        if place.guild_id is None:
            raise UserError("table.guild_only")
        if wanted:
            named = await self.running.load(service, wanted)
            if named.guild_id != place.guild_id:  # another server's: none of this one's
                raise UserError("tournament.no_such", id=wanted)
            return named
        live = [x for x in await service.storage.live_tournaments() if x.guild_id == place.guild_id]
        channels = [c for c in (place.channel_id, place.parent_id) if c is not None]
        here = [x for x in live if x.channel_id in channels]
        if not here and over:
            latest = await service.storage.latest_tournament(place.guild_id, channels)
            if latest is not None:
                return latest
        chosen = here or live
        if len(chosen) == 1:
            return chosen[0]
        if not chosen:
            raise UserError("tournament.none_here")
        raise UserError("tournament.which", ids=", ".join(f"`{x.id}`" for x in chosen))

    @asynccontextmanager
    async def held(
        self,
        service: TableService,
        request: Request,
        statuses: tuple[str, ...] = LIVE,
        *,
        organizer: bool = False,
        refusal: str = "tournament.not_running",
    ) -> AsyncIterator[Tournament]:
        """The tournament the command means, under its lock, read afresh: refused to
        anyone but its organizer (``organizer``), or in a status not among ``statuses``."""
        found = await self.find(service, request)
        async with service.locked(Running.lock_name(found.id)):
            t_ = await self.running.load(service, found.id)
            if organizer:
                self.organizer(t_, request.actor)
            if t_.status not in statuses:
                raise UserError(refusal, id=t_.id)
            yield t_

    @staticmethod
    def organizer(t_: Tournament, actor: Actor) -> None:
        if actor.id != t_.organizer_id and not actor.manager:
            raise UserError("tournament.organizer_only", organizer=mention(t_.organizer_id))

    # ------------------------------------------------------------ opening and signing up

    async def new(self, service: TableService, request: Request) -> list[Delivery]:
        o, actor, place = request.options, request.actor, request.place
        if place.guild_id is None or place.is_dm:
            raise UserError("table.guild_only")
        kinds = game_kinds(service)
        kind = str(o.get("game") or "").strip().lower()
        if kind not in kinds:
            raise UserError("tournament.pick_game", games=", ".join(kinds))
        format_ = str(o.get("format") or SWISS).strip().lower()
        if format_ not in FORMATS:
            raise UserError("tournament.pick_format", formats=", ".join(FORMATS))
        high = 24 * 60 if format_ == ARENA else MAX_ROUNDS
        default = 60 if format_ == ARENA else DEFAULT_ROUNDS
        raw = o.get("rounds")
        rounds = default if raw is None or raw == "" else whole(raw, "rounds", 1, high)
        if format_ == ROUND_ROBIN:
            rounds = 0  # set at the start by the players' count
        options = split_options(str(o.get("options") or ""))
        clock = str(o.get("clock") or "").strip() or None
        table, config, extra = configured(
            service, kind, {**options, **({"clock": clock} if clock else {})}
        )
        size = table_size_of(table, config, extra)
        if format_ in (ARENA, ROUND_ROBIN) and size != 2:
            raise UserError(
                "tournament.pairs_only", format=t(actor.locale, f"tournament.format.{format_}")
            )
        interval = o.get("interval")
        if interval not in (None, ""):
            options["interval"] = str(whole(interval, "interval", 0, 7 * 24 * 60))
        start = str(o.get("start") or "").strip()
        starts_at = service.clock() + starts_in(start) if start else None
        tid = await self.new_id(service)
        t_ = Tournament(
            id=tid,
            guild_id=place.guild_id,
            channel_id=place.channel_id,
            kind=kind,
            format=format_,
            rounds=rounds,
            clock=clock,
            options=" ".join(f"{k}:{shlex.quote(v)}" for k, v in options.items()),
            starts_at=starts_at,
            organizer_id=actor.id,
            status="signup",
            table_size=size,
            created_at=service.clock(),
        )
        await service.storage.save_tournament(t_)
        loc = await posts.locale_of(service, t_)
        return [
            posts.signup(loc, t_, []),
            service.private(actor, t(actor.locale, "tournament.created", id=tid)),
        ]

    @staticmethod
    async def new_id(service: TableService) -> str:
        for _ in range(8):
            tid, _seed = service.ids.next()
            if await service.storage.tournament(tid) is None:
                return tid
        raise UserError("error.no_game_id")

    async def join(self, service: TableService, request: Request) -> list[Delivery]:
        async with self.held(service, request, refusal="tournament.over") as t_:
            if t_.format == ROUND_ROBIN and t_.status != "signup":
                raise UserError("tournament.closed", id=t_.id)
            entrants = await service.storage.entrants(t_.id)
            if len([e for e in entrants if e.withdrawn_round is None]) >= MAX_ENTRANTS:
                raise UserError("tournament.full", n=MAX_ENTRANTS)
            loc = await posts.locale_of(service, t_)
            level = str(request.options.get("computer") or "").strip().lower()
            # A late joiner plays from the next round to be paired (one paired and not
            # open yet takes them once the organizer pairs it again).
            round_ = await self.running.last_round_of(service, t_)
            if level:
                entrant = self.computer(t_, request.actor, level, entrants, loc, round_)
            else:
                entrant = self.person(t_, request.actor, entrants, round_)
                await self.reachable(service, t_, request.actor)
            await service.storage.save_entrant(entrant)
            entrants = await service.storage.entrants(t_.id)
            line = t(loc, "tournament.joined", name=entrant.name)
            told = [
                posts.signup(loc, t_, entrants, line),
                service.private(
                    request.actor,
                    t(request.actor.locale, "tournament.you_joined", name=entrant.name, id=t_.id),
                ),
            ]
            if t_.format == ARENA and t_.status == "running":
                told += await self.running.advance(service, t_)
            return told

    def computer(
        self,
        t_: Tournament,
        actor: Actor,
        level: str,
        entrants: list[Entrant],
        loc: str,
        round_: int,
    ) -> Entrant:
        """A computer player the organizer seats: the next negative id, named by its level
        and number ("🤖 easy 3")."""
        self.organizer(t_, actor)
        if level not in LEVELS:
            raise UserError("table.pick_ai_level", levels=", ".join(LEVELS))
        uid = min([e.user_id for e in entrants if is_ai(e.user_id)], default=0) - 1
        name = t(loc, "tournament.computer_name", level=t(loc, f"ai.level.{level}"), n=-uid)
        return Entrant(t_.id, uid, name, joined_round=round_, computer=level)

    @staticmethod
    async def reachable(service: TableService, t_: Tournament, actor: Actor) -> None:
        """A game that tells secrets by DM (Loka's armies) needs its players' DMs open."""
        if not seated_table(service, t_.kind).needs_dms:
            return
        loc = await service.locale_of(actor.id)
        hello = t(loc, "tournament.dm_hello", game=t(loc, f"game.of.{t_.kind}"), id=t_.id)
        if not await service.reachable(actor.id, hello):
            raise UserError("error.dms_closed")

    @staticmethod
    def person(t_: Tournament, actor: Actor, entrants: list[Entrant], round_: int) -> Entrant:
        mine = next((e for e in entrants if e.user_id == actor.id), None)
        if mine is not None and mine.withdrawn_round is None:
            raise UserError("tournament.already_in", id=t_.id)
        if mine is not None and t_.status != "signup":
            raise UserError("tournament.no_return", id=t_.id)
        return Entrant(t_.id, actor.id, actor.name, joined_round=round_)

    async def leave(self, service: TableService, request: Request) -> list[Delivery]:
        async with self.held(service, request, refusal="tournament.over") as t_:
            entrants = await service.storage.entrants(t_.id)
            mine = next(
                (
                    e
                    for e in entrants
                    if e.user_id == request.actor.id and e.withdrawn_round is None
                ),
                None,
            )
            if mine is None:
                raise UserError("tournament.not_in", id=t_.id)
            last = await self.running.last_round_of(service, t_)
            await service.storage.save_entrant(replace(mine, withdrawn_round=last))
            entrants = await service.storage.entrants(t_.id)
            loc = await posts.locale_of(service, t_)
            line = t(loc, "tournament.left", name=mine.name)
            private = t(request.actor.locale, "tournament.you_left", id=t_.id)
            return [posts.signup(loc, t_, entrants, line), service.private(request.actor, private)]

    # ------------------------------------------------------------ running it

    async def start(self, service: TableService, request: Request) -> list[Delivery]:
        started = "tournament.already_started"
        async with self.held(service, request, ("signup",), organizer=True, refusal=started) as t_:
            t_, told = await self.running.start(service, t_)
            entrants = await service.storage.entrants(t_.id)
            loc = await posts.locale_of(service, t_)
            return [posts.signup(loc, t_, entrants), *told]

    async def pause(self, service: TableService, request: Request) -> list[Delivery]:
        async with self.held(service, request, ("running",), organizer=True) as t_:
            loc = await posts.locale_of(service, t_)
            said = posts.said(loc, t_, "tournament.paused")
            return [*await service.storage.save_tournament(replace(t_, status="paused"), [said])]

    async def resume(self, service: TableService, request: Request) -> list[Delivery]:
        paused = "tournament.not_paused"
        async with self.held(service, request, ("paused",), organizer=True, refusal=paused) as t_:
            t_ = replace(t_, status="running")
            loc = await posts.locale_of(service, t_)
            said = posts.said(loc, t_, "tournament.resumed")
            told: list[Delivery] = [*await service.storage.save_tournament(t_, [said])]
            if t_.starts_at is None or t_.starts_at <= service.clock():
                told += await self.running.open_round(service, t_)
            return told + await self.running.settle(service, t_)

    async def repair(self, service: TableService, request: Request) -> list[Delivery]:
        async with self.held(service, request, ("running", "paused"), organizer=True) as t_:
            return await self.running.repair(service, t_)

    async def remove(self, service: TableService, request: Request) -> list[Delivery]:
        """The organizer takes a player out (``member``, or ``computer:<n>`` for the
        computer player numbered n): they are paired no more, and their game of the round,
        if any is unfinished, goes to the others (they come last)."""
        member = user_id_of(request.options.get("member"))
        computer = request.options.get("computer")
        if member is None and computer not in (None, ""):
            member = -whole(computer, "computer", 1, 999)  # "🤖 easy 3" is -3
        if member is None:
            raise UserError("tournament.pick_member")
        cancel: list[GameRow] = []
        async with self.held(service, request, organizer=True, refusal="tournament.over") as t_:
            entrants = await service.storage.entrants(t_.id)
            gone = next((e for e in entrants if e.user_id == member), None)
            if gone is None or gone.withdrawn_round is not None:
                who = mention(member) if member > 0 else f"`computer:{-member}`"
                raise UserError("tournament.not_entrant", user=who)
            last = await self.running.last_round_of(service, t_)
            await service.storage.save_entrant(replace(gone, withdrawn_round=last))
            loc = await posts.locale_of(service, t_)
            told = [posts.said(loc, t_, "tournament.removed", name=gone.name)]
            for game in await service.storage.games(t_.id):
                if game.round == t_.round and member in game.seats and not game.finished:
                    places = tuple(2 if u == member else 1 for u in game.seats)
                    told += await self.decided(service, t_, game, places, cancel)
            told += await self.running.advance(service, t_)
        return told + await self.cancel_games(service, cancel, loc)

    async def award(self, service: TableService, request: Request) -> list[Delivery]:
        """The organizer decides a game of the round: ``member`` wins it (none: a draw)."""
        raw = request.options.get("table")
        if raw is None or raw == "":
            raise UserError("tournament.pick_table")
        number = whole(raw, "table", 1, 10_000)
        winner = user_id_of(request.options.get("member"))
        cancel: list[GameRow] = []
        async with self.held(service, request, ("running", "paused"), organizer=True) as t_:
            game = next(
                (
                    g
                    for g in await service.storage.games(t_.id)
                    if g.round == t_.round and g.table == number and not g.is_bye
                ),
                None,
            )
            if game is None:
                raise UserError("tournament.no_table", table=number, round=t_.round)
            if winner is not None and winner not in game.seats:
                raise UserError("tournament.not_at_table", user=mention(winner), table=number)
            places = tuple(1 if winner in (None, u) else 2 for u in game.seats)
            told = await self.decided(service, t_, game, places, cancel)
            told += await self.running.advance(service, t_)
            loc = await posts.locale_of(service, t_)
        return told + await self.cancel_games(service, cancel, loc)

    async def decided(
        self,
        service: TableService,
        t_: Tournament,
        game: Game,
        places: tuple[int, ...],
        cancel: list[GameRow],
    ) -> list[Delivery]:
        """``game`` awarded with ``places``; its table game, if open, to be cancelled once
        the tournament's lock is let go (a game's lock is never taken under it)."""
        points = tuple(place_points(len(game.seats), places))
        decided = replace(game, points=points, places=places, awarded=True)
        entrants = await service.storage.entrants(t_.id)
        loc = await posts.locale_of(service, t_)
        line = posts.result_line(loc, t_, decided, entrants)
        told: list[Delivery] = [*await service.storage.save_game(decided, [line])]
        if game.game_id is not None:
            row = await service.storage.load(game.game_id)
            if row is not None and row.status == "running":
                cancel.append(row)
        return told

    async def cancel_games(
        self, service: TableService, rows: list[GameRow], loc: str
    ) -> list[Delivery]:
        """The table games of awarded games stopped (cancelled), each saying why."""
        told: list[Delivery] = []
        for found in rows:
            async with service.locked(found.id):
                row = await service.load(found.id)
                if row.status != "running":
                    continue
                row.status = "cancelled"
                line = t(row.meta.get("locale", loc), "tournament.game_awarded", id=row.id)
                told += await service.save(
                    row, told=[Delivery("channel", line, channel_id=row.channel_id, closes=True)]
                )
        return told

    async def standings(self, service: TableService, request: Request) -> list[Delivery]:
        """The standings now, privately (the channel gets them after each round), of a
        finished tournament too."""
        t_ = await self.find(service, request, over=True)
        entrants = await service.storage.entrants(t_.id)
        games = await service.storage.games(t_.id)
        loc = request.actor.locale
        post = await posts.standings_post(loc, t_, entrants, games, final=t_.status == "finished")
        return [service.private(request.actor, post.text, files=post.files)]
