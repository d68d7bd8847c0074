"""Running a tournament (issue 35): from the sign-up to the final table.

A tournament lives in storage (``bot/storage/tournaments.py``): its row, its entrants and
its games round by round. This module moves it on, under its own lock
(``tournament:<id>``, never held while waiting for a game's lock: a game's end takes its
game's lock first and this one second, so nothing here ever takes a game's lock held
elsewhere):

- the start pairs round 1 (the core's pairing: Swiss, Berger tables, N-player tables or the
  arena) and saves the round in one transaction (``save_round``), then opens its games;
- each game opens by itself, as a table game of the tournament's kind, clock and options,
  in a thread of its own when the adapter can open one (:attr:`Running.open_thread`), with
  its computer players seated (they play through ``bot.autoplay`` as at any table);
- a game's end (``SeatedTable.persist`` -> ``TableService.ended`` -> ``/plateau``'s
  :meth:`Running.game_ended`) records its points; the round's last result pairs the next
  round, which opens at once, after the tournament's interval, or when the organizer
  resumes a paused tournament (a paired round not yet open may be re-paired);
- after the last round the final table is posted and the tournament is finished.

Nothing is only in memory: :meth:`Running.tick` (the bot's time-out tick, the console's
``!wait``, and every restart) reads the stored games again and records what a crash left
unrecorded, opens what is due and starts what should have started."""

from __future__ import annotations

import logging
import shlex
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import t
from bot.logs import event
from bot.model import Actor, Delivery, Place, Request, is_ai
from bot.options import declared
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables.base import SeatedTable
from bot.tables.game import Change, TableGame, sit
from bot.tournaments import pairing, posts
from bot.tournaments.model import ARENA, ROUND_ROBIN, Entrant, Game, Tournament, bye
from bot.tournaments.standings import place_points, standings
from engine.dice import commitment

log = logging.getLogger("plateau.tournaments")

# Opens a thread for a tournament game: (the tournament's channel, the thread's name) -> the
# thread's id, or None when the game must stay in the channel (the console, no permission).
ThreadOpener = Callable[[int, str], Awaitable[int | None]]
# The tournament's own options, kept with the game's in ``Tournament.options`` and taken out
# before the game's are read: ``interval`` (minutes between a round's end and the next).
OWN_OPTIONS = ("interval",)
# ``/<kind> new``'s options a tournament's games never take: every game starts from the
# start (no position), is rated as usual, speaks the server's language, gives no hints,
# and seats its players as paired (no colour chosen, no opponent named).
NOT_IN_TOURNAMENTS = ("position", "language", "hints", "rated", "color", "opponent")
# Seconds between two ticks that read every unrecorded game of a tournament again (the
# first tick of a process, its restart, always does).
RECHECK = 600.0
# An arena's games a player plays at most: computer players, who finish at once, would
# otherwise be paired again and again until its time is up.
ARENA_GAMES = 30


def split_options(text: str) -> dict[str, str]:
    """``points:40 terrain:off`` -> ``{"points": "40", "terrain": "off"}`` (quotes allowed)."""
    try:
        words = shlex.split(text)
    except ValueError:
        raise UserError("tournament.bad_options", options=text) from None
    found: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition(":")
        if not sep or not name:
            raise UserError("tournament.bad_options", options=text)
        found[name.strip().lower()] = value.strip()
    return found


def interval_of(t_: Tournament) -> float:
    """Seconds between a round's end and the next round's games (0: at once)."""
    minutes = split_options(t_.options).get("interval") or "0"
    return float(minutes) * 60 if minutes.replace(".", "", 1).isdigit() else 0.0


def game_options(t_: Tournament) -> dict[str, str]:
    """The options every game of the tournament is opened with (``/<kind> new``'s)."""
    options = {k: v for k, v in split_options(t_.options).items() if k not in OWN_OPTIONS}
    if t_.clock:
        options["clock"] = t_.clock
    return options


def new_request(t_: Tournament, options: dict[str, str] | None = None) -> Request:
    """``/<kind> new`` as the organizer would type it in the tournament's channel: what the
    table reads its config and clock from."""
    place = Place(t_.channel_id, guild_id=t_.guild_id)
    actor = Actor(t_.organizer_id, str(t_.organizer_id))
    return Request(t_.kind, "new", actor, place, game_options(t_) if options is None else options)


def seated_table(service: TableService, kind: str) -> SeatedTable:
    table = service.tables.get(kind)
    if not isinstance(table, SeatedTable):
        raise UserError("tournament.pick_game", games=", ".join(game_kinds(service)))
    return table


def game_kinds(service: TableService) -> list[str]:
    return sorted(k for k, table in service.tables.items() if isinstance(table, SeatedTable))


def configured(
    service: TableService, kind: str, options: dict[str, str]
) -> tuple[SeatedTable, dict[str, Any], dict[str, Any]]:
    """The table of ``kind`` and the config and table data its ``new`` makes of
    ``options`` (each checked as ``/<kind> new`` checks it: a refusal says what is wrong),
    colours never drawn by lot: the pairing gives the first move."""
    table = seated_table(service, kind)
    known = declared(table, "new")
    allowed = sorted(n for n in known if n not in NOT_IN_TOURNAMENTS)
    for name in options:
        if name not in allowed:
            raise UserError("tournament.bad_option", option=name, known=", ".join(allowed))
    place = Place(1, guild_id=1)
    request = Request(kind, "new", Actor(1, "organizer"), place, dict(options))
    config, extra = table.configure(request)
    if "lots" in config:
        config = {**config, "lots": False}
    clock = table.clock.option(request)
    if clock:
        extra = {**extra, "clock": clock}
    return table, config, extra


def table_size_of(table: SeatedTable, config: dict[str, Any], extra: dict[str, Any]) -> int:
    """How many people sit at one game of this config (each takes a seat group)."""
    return len(table.seat_groups(table.game(lobby_row(table, config, extra))))


def lobby_row(table: SeatedTable, config: dict[str, Any], extra: dict[str, Any]) -> GameRow:
    return GameRow(
        id="probe",
        kind=table.kind,
        guild_id=None,
        channel_id=1,
        origin_channel_id=1,
        host_id=1,
        status="lobby",
        config=config,
        state=None,
        meta={"seats": {}, "names": {}, "seed": "00" * 32, **extra},
    )


def scores_of(
    t_: Tournament, entrants: Sequence[Entrant], games: Sequence[Game]
) -> dict[int, float]:
    """Each entrant's points so far, as the standings count them."""
    return {row.user_id: row.points for row in standings(t_, entrants, games)}


class Running:
    """The running of every tournament of a service (``/plateau``'s part)."""

    def __init__(self) -> None:
        # Set by the Discord adapter: how a tournament game gets a thread of its own.
        self.open_thread: ThreadOpener | None = None
        # When each tournament's games were last read again by a tick (see ``due``).
        self._checked: dict[str, float] = {}

    # ------------------------------------------------------------ reading

    @staticmethod
    def lock_name(tid: str) -> str:
        return f"tournament:{tid}"

    async def load(self, service: TableService, tid: str) -> Tournament:
        found = await service.storage.tournament(tid)
        if found is None:
            raise UserError("tournament.no_such", id=tid)
        return found

    # ------------------------------------------------------------ the start

    async def start(
        self, service: TableService, t_: Tournament
    ) -> tuple[Tournament, list[Delivery]]:
        """Round 1 paired, saved with the news of the start and opened (call under the
        tournament's lock)."""
        entrants = await service.storage.entrants(t_.id)
        if len([e for e in entrants if e.withdrawn_round is None]) < t_.table_size:
            raise UserError("tournament.too_few", needed=t_.table_size)
        rounds = t_.rounds
        if t_.format == ROUND_ROBIN:
            rounds = len(pairing.berger_rounds(starters(entrants)))
        started = replace(t_, status="running", rounds=rounds, starts_at=None)
        said = posts.started(await posts.locale_of(service, t_), started, entrants)
        if t_.format == ARENA:  # an arena's ``rounds`` are its minutes
            started = replace(started, arena_ends_at=service.clock() + (t_.rounds or 60) * 60)
            told = await service.storage.save_tournament(started, [said])
            return started, [*told, *await self.arena(service, started)]
        return await self.next_round(service, started, [said])

    # ------------------------------------------------------------ pairing a round

    async def pair(self, service: TableService, t_: Tournament, round_: int) -> list[Game]:
        """Round ``round_``'s games (byes with their points), from the stored records."""
        entrants = await service.storage.entrants(t_.id)
        history = [g for g in await service.storage.games(t_.id) if g.round < round_]
        players = [e.user_id for e in entrants if e.plays(round_)]
        scores = scores_of(t_, entrants, history)
        seed = f"{t_.id}:{round_}"
        games: list[Game] = []
        byes: list[int] = []
        if t_.format == ROUND_ROBIN:
            table_pairs = pairing.berger_rounds(starters(entrants))[round_ - 1]
            for first, second in table_pairs:
                if first is None or second is None:
                    byes += [p for p in (first, second) if p is not None and p in players]
                elif first not in players or second not in players:
                    # A withdrawn player's game: their opponent wins it by forfeit.
                    byes += [p for p in (first, second) if p in players]
                else:
                    games.append(Game(t_.id, round_, 0, (first, second)))
        elif t_.table_size == 2:
            pairs, lone = pairing.swiss_round(players, scores, history, seed)
            games = [Game(t_.id, round_, 0, pair) for pair in pairs]
            byes = [lone] if lone is not None else []
        else:
            tables, byes = pairing.table_round(
                players, scores, history, t_.table_size, rng_seed=seed
            )
            games = [Game(t_.id, round_, 0, seats) for seats in tables]
        numbered = [replace(g, table=n) for n, g in enumerate(games, start=1)]
        numbered += [
            bye(t_.id, round_, len(numbered) + n, user, t_.table_size)
            for n, user in enumerate(byes, start=1)
        ]
        return numbered

    async def next_round(
        self, service: TableService, t_: Tournament, before: Sequence[Delivery] = ()
    ) -> tuple[Tournament, list[Delivery]]:
        """The next round paired and saved with the tournament and its post (``before`` it:
        the standings or the start that led to it) in one transaction, then opened unless
        the tournament is paused or waits for its interval."""
        round_ = t_.round + 1
        games = await self.pair(service, t_, round_)
        waits = interval_of(t_) if t_.round else 0.0
        opens = service.clock() + waits if waits else None
        t_ = replace(t_, round=round_, starts_at=opens)
        entrants = await service.storage.entrants(t_.id)
        post = posts.round_post(await posts.locale_of(service, t_), t_, entrants, games)
        told: list[Delivery] = [*await service.storage.save_round(t_, games, [*before, post])]
        if t_.status == "running" and opens is None:
            told += await self.open_games(service, t_, games)
            if all(g.finished for g in games):  # nobody left to play: on to the next
                told += await self.advance(service, t_)
        return t_, told

    # ------------------------------------------------------------ opening its games

    async def open_games(
        self, service: TableService, t_: Tournament, games: Sequence[Game]
    ) -> list[Delivery]:
        """Open every game of the round not open yet (a bye needs none)."""
        entrants = {e.user_id: e for e in await service.storage.entrants(t_.id)}
        told: list[Delivery] = []
        for game in games:
            if game.is_bye or game.game_id is not None or game.finished:
                continue
            opened, said = await self.open_game(service, t_, game, entrants)
            await service.storage.save_game(opened)
            told += said
        return told

    async def open_game(
        self,
        service: TableService,
        t_: Tournament,
        game: Game,
        entrants: dict[int, Entrant],
    ) -> tuple[Game, list[Delivery]]:
        """One game of the tournament, opened as a table game of its kind and started, its
        first post told; gives the game with its table game's id."""
        table, config, extra = configured(service, t_.kind, game_options(t_))
        locale = await posts.locale_of(service, t_)
        name = t(locale, "tournament.thread", round=game.round, table=game.table)
        channel = t_.channel_id
        if self.open_thread is not None:
            channel = await self.open_thread(t_.channel_id, name) or channel
        game_id, seed = await service.new_id()
        names = {str(u): entrants[u].name for u in game.seats if u in entrants}
        computers = {
            str(u): entrants[u].computer or "easy" for u in game.seats if is_ai(u) and u in entrants
        }
        row = GameRow(
            id=game_id,
            kind=t_.kind,
            guild_id=t_.guild_id,
            channel_id=channel,
            origin_channel_id=t_.channel_id,
            host_id=t_.organizer_id,
            status="running",
            config=config,
            state=None,
            meta={
                **extra,
                "seats": {},
                "names": names,
                "deadline": None,
                "seed": seed.hex(),
                "commitment": commitment(seed),
                "locale": locale,
                "ai": computers,
                "tournament": t_.id,
            },
            created_at=service.clock(),
        )
        playing = table.game(row)
        for user, group in zip(game.seats, turn_groups(table, playing), strict=False):
            sit(playing, group, user)
        playing.state = table.initial_state(playing)
        row.state = table.rules.to_dict(playing.state)
        await service.storage.create(row, [])
        event(log, "tournament_game", tournament=t_.id, game=game_id, round=game.round)
        head = posts.game_head(locale, t_, game, entrants)
        async with service.locked(game_id):
            playing = table.game(await service.load(game_id))
            entries = table.follow_up(playing)

            async def tell() -> list[Delivery]:
                if entries:
                    change = Change([e for _, e in entries])
                    said = await table.after(service, playing, change)
                else:
                    said = await table.announce_start(service, playing)
                return await table.elsewhere(
                    service, playing, posts.headed(head, said, channel, game_id)
                )

            told = await table.persist(service, playing, entries, tell)
        return replace(game, game_id=game_id), told

    # ------------------------------------------------------------ a game's end

    async def game_ended(self, service: TableService, row: GameRow) -> list[Delivery]:
        """A tournament game just ended (saved): its points recorded and, if it was the
        round's last, the next round or the end. Never fails the move that ended it: a
        failure is logged, and :meth:`tick` records it later."""
        tid = row.meta.get("tournament")
        if not tid:
            return []
        try:
            async with service.locked(self.lock_name(tid)):
                t_ = await self.load(service, tid)
                return await self.settle(service, t_, {row.id: row})
        except Exception:
            log.exception("recording the end of game %s in tournament %s failed", row.id, tid)
            return []

    async def settle(
        self, service: TableService, t_: Tournament, known: dict[str, GameRow] | None = None
    ) -> list[Delivery]:
        """Record every finished table game whose result is not recorded yet (``known``:
        rows just saved), then move on if the round is complete (under the tournament's
        lock)."""
        if t_.status not in ("running", "paused"):
            return []
        told: list[Delivery] = []
        for game in await service.storage.games(t_.id):  # an arena's of earlier rounds too
            if game.finished or game.game_id is None:
                continue
            row = (known or {}).get(game.game_id) or await service.storage.load(game.game_id)
            if row is None:
                continue
            result = self.result(service, t_, game, row)
            if result is None:
                continue
            entrants = await service.storage.entrants(t_.id)
            line = posts.result_line(await posts.locale_of(service, t_), t_, result, entrants)
            told += await service.storage.save_game(result, [line])
        return told + await self.advance(service, t_)

    def result(
        self, service: TableService, t_: Tournament, game: Game, row: GameRow
    ) -> Game | None:
        """``game`` with its points and places from its table game's end (None: still
        playing). A cancelled table game is lost by everyone (a double forfeit), unless
        the organizer awards it."""
        if row.status == "cancelled":
            places = tuple(len(game.seats) for _ in game.seats)
            return replace(game, points=tuple(0.0 for _ in game.seats), places=places)
        if row.status != "over" or row.state is None:
            return None
        table = seated_table(service, t_.kind)
        playing = table.game(row)
        outcome = table.rules.outcome(playing.require_state())
        if outcome is None:
            return None
        won = [bool(set(playing.seats_of(u)) & set(outcome.winners)) for u in game.seats]
        places = tuple(1 if w or not outcome.winners else 2 for w in won)
        return replace(game, points=tuple(place_points(len(game.seats), places)), places=places)

    async def advance(self, service: TableService, t_: Tournament) -> list[Delivery]:
        """After a result: the next round, or the end (the round complete); an arena pairs
        whoever is free (under the tournament's lock)."""
        if t_.status not in ("running", "paused") or t_.round == 0:
            return []
        if t_.format == ARENA:
            return await self.arena(service, t_)
        games = [g for g in await service.storage.games(t_.id) if g.round == t_.round]
        if not all(g.finished for g in games):  # a round of byes alone is complete
            return []
        entrants = await service.storage.entrants(t_.id)
        loc = await posts.locale_of(service, t_)
        # The standings go out with what they lead to (the next round, or the end): saved
        # in its transaction, so a crash before it leaves both to the restart's tick.
        table = await posts.standings_post(loc, t_, entrants, await service.storage.games(t_.id))
        if t_.round >= t_.rounds:
            return await self.finish(service, t_, [table])
        _, told = await self.next_round(service, t_, [table])
        return told

    async def finish(
        self, service: TableService, t_: Tournament, before: Sequence[Delivery] = ()
    ) -> list[Delivery]:
        """The final table, and the tournament finished (saved with ``before`` and the
        final table)."""
        done = replace(t_, status="finished", starts_at=None)
        entrants = await service.storage.entrants(t_.id)
        games = await service.storage.games(t_.id)
        loc = await posts.locale_of(service, t_)
        final = await posts.standings_post(loc, done, entrants, games, final=True)
        told = await service.storage.save_tournament(done, [*before, final])
        event(log, "tournament_finished", tournament=t_.id, rounds=t_.round)
        return [*told]

    # ------------------------------------------------------------ the arena

    async def arena(self, service: TableService, t_: Tournament) -> list[Delivery]:
        """Pair at once whoever is free (a game ended, or they joined), near their score,
        until the arena's time is up or each has played :data:`ARENA_GAMES` games; it is
        over once nothing is played and nobody can be paired."""
        games = await service.storage.games(t_.id)
        playing = {u for g in games if not g.finished for u in g.seats}
        late = t_.arena_ends_at is not None and service.clock() >= t_.arena_ends_at
        entrants = await service.storage.entrants(t_.id)
        round_ = t_.round + 1
        counts: dict[int, int] = {}
        for game in games:
            for user in game.seats:
                counts[user] = counts.get(user, 0) + 1
        waiting = [
            e.user_id
            for e in entrants
            if e.plays(round_)
            and e.user_id not in playing
            and counts.get(e.user_id, 0) < ARENA_GAMES
        ]
        pairs: list[tuple[int, int]] = []
        if not late and t_.status == "running" and len(waiting) >= 2:
            scores = scores_of(t_, entrants, games)
            pairs = pairing.arena_pair(waiting, scores, games, f"{t_.id}:{round_}")
        if not pairs:
            if not playing and t_.status == "running":
                return await self.finish(service, t_)
            return []
        new = [Game(t_.id, round_, n, pair) for n, pair in enumerate(pairs, start=1)]
        t_ = replace(t_, round=round_)
        loc = await posts.locale_of(service, t_)
        told = await service.storage.save_round(t_, new, [posts.round_post(loc, t_, entrants, new)])
        return [*told, *await self.open_games(service, t_, new)]

    # ------------------------------------------------------------ by the organizer

    async def last_round_of(self, service: TableService, t_: Tournament) -> int:
        """The last round a player who withdraws now plays (and the round after which one
        who joins now plays): the current one once its games opened, else the one before (a
        round paired and not open yet is paired again by ``repair``)."""
        games = [g for g in await service.storage.games(t_.id) if g.round == t_.round]
        opened = any(g.game_id is not None or (g.finished and not g.is_bye) for g in games)
        return t_.round if opened or t_.status == "signup" else max(t_.round - 1, 0)

    async def open_round(self, service: TableService, t_: Tournament) -> list[Delivery]:
        """The current round's games that are not open yet, opened now."""
        games = [g for g in await service.storage.games(t_.id) if g.round == t_.round]
        if t_.starts_at is not None:
            t_ = replace(t_, starts_at=None)
            await service.storage.save_tournament(t_)
        return await self.open_games(service, t_, games)

    async def repair(self, service: TableService, t_: Tournament) -> list[Delivery]:
        """The current round paired again from the records as they are now (after a
        removal, a late join): only while none of its games is open."""
        games = [g for g in await service.storage.games(t_.id) if g.round == t_.round]
        if t_.format == ARENA or any(g.game_id is not None for g in games):
            raise UserError("tournament.repair_started", round=t_.round)
        fresh = await self.pair(service, t_, t_.round)
        entrants = await service.storage.entrants(t_.id)
        post = posts.round_post(await posts.locale_of(service, t_), t_, entrants, fresh)
        told: list[Delivery] = [*await service.storage.save_round(t_, fresh, [post])]
        if t_.status == "running" and t_.starts_at is None:
            told += await self.open_games(service, t_, fresh)
        return told

    # ------------------------------------------------------------ time passing, restarts

    async def tick(self, service: TableService, now: float) -> list[Delivery]:
        """What is due in every live tournament this process owns: a start at its time, a
        round's games at theirs, an arena's end, and every result a crash left unrecorded
        (a restart calls it too)."""
        told: list[Delivery] = []
        for found in await service.storage.live_tournaments():
            if not service.owns(found.guild_id):
                continue
            try:
                async with service.locked(self.lock_name(found.id)):
                    t_ = await self.load(service, found.id)
                    told += await self.due(service, t_, now)
            except UserError:  # a start time with too few players: said, then waits
                loc = await posts.locale_of(service, found)
                refused = posts.said(loc, found, "tournament.start_refused")
                told += await service.storage.save_tournament(
                    replace(found, starts_at=None), [refused]
                )
            except Exception:
                log.exception("tournament %s could not move on", found.id)
        return told

    async def due(self, service: TableService, t_: Tournament, now: float) -> list[Delivery]:
        if t_.status == "signup":
            if t_.starts_at is not None and t_.starts_at <= now:
                _, opened = await self.start(service, t_)
                return opened
            return []
        told: list[Delivery] = []
        if now >= self._checked.get(t_.id, float("-inf")) + RECHECK:
            # Every table game's end read again (a game's end records itself: this is for
            # what a crash or a failure left unrecorded), at a restart and now and then.
            self._checked[t_.id] = now
            told += await self.settle(service, t_)
            t_ = await self.load(service, t_.id)
        # The round's games at their time, and any a failure or a crash left unopened.
        if t_.status == "running" and (t_.starts_at is None or t_.starts_at <= now):
            told += await self.open_round(service, t_)
        return told


def starters(entrants: Sequence[Entrant]) -> list[int]:
    """Who was in at the start (a round robin's players, in order of sign-up)."""
    return [e.user_id for e in entrants if e.joined_round == 0 and e.withdrawn_round != 0]


def turn_groups(table: SeatedTable, game: TableGame) -> list[tuple[str, ...]]:
    """The game's seat groups in the order the pairing's seats take them: the first is the
    first to move (its colours are never drawn by lot in a tournament)."""
    groups = table.seat_groups(game)
    probe = TableGame(replace(game.row, meta={**game.meta, "seats": {}}), table.rules)
    first = table.rules.to_act(table.initial_state(probe))
    at = next((n for n, g in enumerate(groups) if first and first[0] in g), 0)
    return groups[at:] + groups[:at]
