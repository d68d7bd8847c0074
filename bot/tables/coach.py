"""The computer as a coach: ``/<game> hint`` during a game opened with ``hints:on`` (what the
strong computer player would do for the asker's seat, from that seat's view alone) and
``/<game> review`` once it is over (``ai.review``: the turning points, the better choice at
each, each side's chance of winning over the game as a picture, and for chess lichess's
judgements and accuracy by Stockfish). :class:`Coach` is a part of
:class:`bot.tables.base.SeatedTable`; it reads the table's hooks.

A review costs a search per action: it runs beside the commands (``Autoplay.aside``), in
the render pool's background (the lowest CPU priority), so it never delays a move; its
progress line in the game's thread is edited in place until the review replaces it. A review
is kept by game and version: asking again gives a link to it. A hint counts in the game
(``meta["hints"]``) and the end of the game says how many each side took."""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.review import Review, assemble, final_chances, hint, position
from bot import rendering
from bot.cache import Lru
from bot.i18n import t
from bot.model import Attachment, Delivery, Request
from bot.service import TableService, UserError
from bot.tables.game import TableGame
from bot.tables.hooks import Table
from bot.tables.replays import Replays, cooled, link, per_service
from engine.errors import EngineError
from renderer.review import Curve, chances_png

REVIEW_MEMBER_COOLDOWN = 60.0
REVIEW_GUILD_COOLDOWN = 20.0
HINT_COOLDOWN = 5.0
KEPT_REVIEWS = 16
PROGRESS_STEPS = 10  # the progress line is edited at most this many times
# A game as a review reads it: every state, the moves (seat, action text) between them, its
# seats, and each seat's result (1 won, 0 lost, 0.5 drawn).
Played = tuple[Sequence[Any], Sequence[tuple[str, str]], Sequence[str], dict[str, float]]


@dataclass
class Desk:
    """A service's reviews: those made (by game id and version: the text and the picture)
    and how many it made (for tests and logs)."""

    kept: Lru[tuple[str, int], tuple[str, bytes, str]] = field(
        default_factory=lambda: Lru(KEPT_REVIEWS)
    )
    made: int = 0


desk = per_service(Desk)  # the reviews a service made


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


class Coach:
    """The coach at the table's games."""

    def __init__(self, table: Table, replays: Replays) -> None:
        self.table = table
        self.replays = replays  # a game's every state, from its log

    # ------------------------------------------------------------ hint

    async def hint(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> hint``: privately, the strong computer player's top choices for the
        asker's seat, from that seat's view; counted in the game."""
        table = self.table
        row = await service.find_game(request, table.kind)
        game = table.game(row)
        loc = request.actor.locale
        if not game.meta.get("hints_on"):
            raise UserError("coach.hints_off", command=f"/{table.kind} new hints:on")
        state = table.running(game)
        seat = table.acting_seat(game, request.actor, request.options.get("seat"))
        cooled(service, (f"hint:{request.actor.id}", HINT_COOLDOWN))
        view = table.rules.view(state, seat)  # the seat's own view: nothing hidden from it
        seed = int.from_bytes(hashlib.sha256(f"{row.id}:{row.version}".encode()).digest()[:4])
        async with service.autoplay.slots():
            choices = await rendering.render(hint, table.kind, view, seat, seed)
        async with service.locked(row.id):
            fresh = table.game(await service.load(row.id))
            used = dict(fresh.meta.get("hints", {}))
            used[seat] = used.get(seat, 0) + 1
            fresh.meta["hints"] = used
            await service.save(fresh.row)
        lines = [t(loc, "coach.hint_head", seat=table.seat_label(loc, seat), n=used[seat])]
        lines += [
            t(
                loc,
                "coach.hint_line",
                rank=n,
                action=table.move_text(view, action),
                chance=percent(chance),
            )
            for n, (action, chance) in enumerate(choices, start=1)
        ]
        return [service.private(request.actor, "\n".join(lines))]

    def hints_said(self, game: TableGame) -> str:
        """The end of a game opened with hints: how many each seat took ("" without)."""
        table = self.table
        if not game.meta.get("hints_on"):
            return ""
        loc, used = game.locale, game.meta.get("hints", {})
        counts = ", ".join(f"{table.seat_label(loc, s)} {used.get(s, 0)}" for s in game.seats)
        return t(loc, "coach.hints_used", counts=counts)

    # ------------------------------------------------------------ review

    async def review(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> review``: a finished game reviewed in its thread (or privately by DM,
        for a ``record:`` from elsewhere), its progress edited in place until done."""
        table = self.table
        actor, loc = request.actor, request.actor.locale
        record = str(request.options.get("record") or "").strip()
        if record:
            states, moves, seats, names, final = table.record_game(record, loc)
            key = hashlib.sha256(record.encode()).hexdigest()[:12]
            where: Delivery = Delivery("dm", "", user_id=actor.id, slot=f"review:record:{key}")
            title = t(loc, "coach.review_title_record", game=t(loc, f"game.of.{table.kind}"))
            cache = None
            locale = loc
        else:
            row = await service.find_game(request, table.kind, ended=True)
            game = table.game(row)
            if row.status != "over":
                raise UserError("coach.not_over", command=f"/{table.kind} hint")
            slot = f"review:{row.id}"
            known = await service.storage.post_of(row.channel_id, slot)
            if known is not None:
                address = link(row.guild_id, *known)
                return [service.private(actor, t(loc, "coach.review_link", link=address))]
            states, entries = await self.replays.past(service, game)
            moves = [(e.seat, e.action) for e in entries]
            seats = list(game.seats)
            final = final_chances(table.rules, states[-1], seats)
            names = {
                s: f"{game.name(u)} ({table.seat_label(game.locale, s)})"
                for s, u in game.seats.items()
            }
            where = Delivery("channel", "", channel_id=row.channel_id, slot=slot)
            title = t(
                game.locale,
                "coach.review_title",
                game=t(game.locale, f"game.of.{table.kind}"),
                id=row.id,
            )
            cache = (row.id, row.version)
            locale = game.locale
        if not moves:
            raise UserError("replay.nothing")
        cooled(
            service,
            (f"review:{actor.id}", REVIEW_MEMBER_COOLDOWN),
            (f"review_guild:{request.place.guild_id or actor.id}", REVIEW_GUILD_COOLDOWN),
        )
        work = self._reviewed(
            service, where, cache, (states, moves, seats, final), names, title, locale
        )
        if service.autoplay.sink is None:  # no adapter to post later: review now
            return [await work]
        if not service.autoplay.aside(where.slot or "review", self._post(service, work)):
            return [service.private(actor, t(loc, "coach.review_under_way"))]
        said = "coach.review_started_dm" if where.to == "dm" else "coach.review_started"
        return [service.private(actor, t(loc, said, actions=len(moves)))]

    async def _post(self, service: TableService, work: Any) -> None:
        sink = service.autoplay.sink
        assert sink is not None
        await sink([await work])

    async def _reviewed(
        self,
        service: TableService,
        where: Delivery,
        cache: tuple[str, int] | None,
        played: Played,
        names: dict[str, str],
        title: str,
        locale: str,
    ) -> Delivery:
        """The review of the game ``played`` as the post that ``where`` names, made now or
        kept; its progress is posted to ``where`` meanwhile (when an adapter can post later)."""
        table = self.table
        kept = desk(service)
        found = kept.kept.get(cache) if cache is not None else None
        seats = played[2]
        if found is None:
            review = await self._searched(service, where, played, locale)
            text = self.review_text(locale, review, names, title, played[0])
            curves = [Curve(names.get(s, s), review.curve(s)) for s in seats]
            marks = [step.n for step in review.turning_points()]
            with rendering.background():
                plain = title.replace("`", "").replace("*", "")
                picture = await rendering.render(chances_png, plain, curves, marks)
            alt = t(locale, "coach.review_alt", title=title, sides=", ".join(names.values()))
            found = (text, picture, alt[:1024])
            kept.made += 1
            if cache is not None:
                kept.kept.put(cache, found)
        text, picture, alt = found
        file = Attachment(f"{table.kind}-review.png", picture, description=alt)
        return Delivery(
            where.to,
            text,
            channel_id=where.channel_id,
            user_id=where.user_id,
            files=[file],
            slot=where.slot,
        )

    async def _searched(
        self,
        service: TableService,
        where: Delivery,
        played: Played,
        locale: str,
    ) -> Review:
        """Every position searched in the pool's background, a few at a time (one per
        worker), the progress line edited every tenth of the way."""
        table = self.table
        states, moves, seats, final = played
        pool = rendering.running()
        width = max(1, pool.processes if pool is not None else 1)
        searched: list[tuple[dict[str, float], str]] = []
        every = max(1, math.ceil(len(moves) / PROGRESS_STEPS))
        told = -1
        for start in range(0, len(moves), width):
            if service.autoplay.sink is not None and start // every != told:
                told = start // every
                line = t(locale, "coach.review_progress", done=start, total=len(moves))
                await service.autoplay.sink(
                    [
                        Delivery(
                            where.to,
                            line,
                            channel_id=where.channel_id,
                            user_id=where.user_id,
                            slot=where.slot,
                        )
                    ]
                )
            with rendering.background():
                searched += await asyncio.gather(
                    *(
                        rendering.render(
                            position, table.kind, states[n], moves[n][0], tuple(seats), n
                        )
                        for n in range(start, min(start + width, len(moves)))
                    )
                )
        return assemble(seats, moves, searched, final)

    def review_text(
        self, loc: str, review: Review, names: dict[str, str], title: str, states: Sequence[Any]
    ) -> str:
        """The review's words: each side's accuracy and slips, then each turning point with
        the better choice."""
        table = self.table
        lines = [f"**{title}**"]
        for seat in review.seats:
            accuracy = review.accuracy(seat)
            if accuracy is None:
                continue
            counts = review.counts(seat)
            lines.append(
                t(
                    loc,
                    "coach.review_side",
                    side=names.get(seat, seat),
                    accuracy=round(accuracy),
                    inaccuracies=counts["inaccuracy"],
                    mistakes=counts["mistake"],
                    blunders=counts["blunder"],
                )
            )
        points = review.turning_points()
        if not points:
            lines.append(t(loc, "coach.review_no_turning_point"))
        for rank, step in enumerate(points, start=1):
            lines.append(
                t(
                    loc,
                    "coach.review_point",
                    rank=rank,
                    n=step.n,
                    side=names.get(step.seat, step.seat),
                    action=table.move_text(states[step.n - 1], step.action),
                    judgement=t(loc, f"coach.judgement.{step.judgement}"),
                    before=percent(step.before[step.seat]),
                    after=percent(step.after[step.seat]),
                    best=table.move_text(states[step.n - 1], step.best) if step.best else "-",
                )
            )
        return "\n".join(lines)[:1990]


def replay_record(
    kind: str, rules: Any, initial: Any, text: str
) -> tuple[list[Any], list[tuple[str, str]], list[str]]:
    """Every state of an exported record (our own record format), its moves and its seats;
    :class:`UserError` when it cannot be read or replayed (the seed not revealed yet)."""
    from engine.record import GameRecord

    try:
        record = GameRecord.parse_text(text)
        if record.game != kind or record.seed is None:
            raise UserError("coach.record_unreadable", kind=kind)
        state = initial(record.config, record.seed, record.game_id, record.start)
        states, moves = [state], []
        for entry in record.entries:
            state, _ = rules.apply(state, rules.parse_action(entry.action), entry.seat)
            states.append(state)
            moves.append((entry.seat, entry.action))
    except EngineError:
        raise UserError("coach.record_unreadable", kind=kind) from None
    if rules.outcome(state) is None:
        raise UserError("coach.record_not_over")
    seats = list(dict.fromkeys(seat for seat, _ in moves))
    return states, moves, seats
