"""A table's clock (``bot.clocks`` keeps the time): the ``clock:`` and ``timeout:`` options
of ``/<game> new``, the clock's line under each post, reminders, what happens to a seat
whose time runs out, and the vote to pause. :class:`Clocked` is a part of
:class:`bot.tables.base.SeatedTable`; it reads the table's hooks (rules, seats, labels)."""

from __future__ import annotations

from typing import Any

from bot import clocks
from bot.i18n import t
from bot.model import Delivery, Request, is_ai
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables.computers import ai_id
from bot.tables.game import Entries, TableGame
from bot.tables.lobby import sit

# The level of a computer player that takes over a seat whose time ran out, or plays one
# turn for it (``timeout:skip`` where the rules have no pass).
STAND_IN_LEVEL = "normal"


def when(moment: float) -> str:
    """A moment as Discord shows it to each reader, relative and in their time zone (the
    console writes it out against its own clock)."""
    return f"<t:{round(moment)}:R>"


class Clocked:
    """The clock's part of a table (mixed into ``SeatedTable``)."""

    kind: str
    rules: Any
    fischer = False  # Fischer time (``clock:10+5``): chess only

    # ------------------------------------------------------------ hooks used here

    def seat_label(self, locale: str, seat: str) -> str:
        raise NotImplementedError

    def seat_groups(self, game: TableGame) -> list[tuple[str, ...]]:
        raise NotImplementedError

    def game(self, row: GameRow) -> TableGame:
        raise NotImplementedError

    def running(self, game: TableGame, *phases: str) -> Any:
        raise NotImplementedError

    # ------------------------------------------------------------ the lobby's options

    def clock_option(self, request: Request) -> dict[str, Any] | None:
        """The lobby's clock from ``clock:`` and ``timeout:`` (None: no clock)."""
        timeout = str(request.options.get("timeout") or "ai").strip().lower()
        try:
            spec = clocks.parse_clock(str(request.options.get("clock") or ""), fischer=self.fischer)
            if spec is None:
                if request.options.get("timeout"):
                    raise UserError("clock.timeout_alone")
                return None
            return clocks.new_clock(spec, timeout)
        except clocks.ClockError as exc:
            raise UserError(exc.key, **exc.values) from None

    def clock_summary(self, game: TableGame) -> str:
        """The lobby's line about the clock ("" without one)."""
        clock = game.meta.get("clock")
        if not clock:
            return ""
        loc = game.locale
        kind = "fischer" if clock["bank"] is not None else "move"
        return t(
            loc,
            f"clock.summary_{kind}",
            spec=clock["spec"],
            timeout=t(loc, f"clock.timeout.{clock['at_limit']}"),
        )

    # ------------------------------------------------------------ after every change

    def tick(self, game: TableGame, entries: Entries, now: float, over: bool) -> None:
        """The clock after a change was staged: turns ended and begun, the next wake-up."""
        clock = game.meta.get("clock")
        if not clock:
            return
        awaited = () if over else self.rules.to_act(game.require_state())
        acted = {entry.seat for entry, _ in entries if entry.seat is not None}
        clocks.advance(clock, awaited, acted, now)
        game.meta["wake"] = clocks.wake(clock)
        # A turn the computer played for a seat (timeout:skip) ends with that turn.
        stand_in = game.meta.get("ai_turn")
        if stand_in:
            game.meta["ai_turn"] = {s: lvl for s, lvl in stand_in.items() if s in awaited}

    def clock_line(self, game: TableGame) -> str:
        """Under a running game's post: whose time runs, until when ("" without a clock)."""
        clock = game.meta.get("clock")
        if not clock or not clock["turns"]:
            return ""
        loc = game.locale
        if clock["paused"] is not None:
            return t(loc, "clock.line_paused")
        parts = [
            f"{self.seat_label(loc, seat)} {when(turn['since'] + turn['allowed'])}"
            for seat, turn in sorted(clock["turns"].items())
            if (user := game.user_of(seat)) is not None and not is_ai(user)
        ]
        return "⏰ " + "; ".join(parts) if parts else ""

    # ------------------------------------------------------------ when time passes

    def clock_due(self, game: TableGame, now: float) -> bool:
        wake = game.meta.get("wake")
        return bool(game.meta.get("clock")) and wake is not None and wake <= now

    async def reminders(self, service: TableService, game: TableGame, now: float) -> list[Delivery]:
        """The DMs a clock owes now: half a seat's time gone, then its last tenth."""
        clock = game.meta["clock"]
        told = []
        for seat, stage in clocks.reminders(clock, now):
            user = game.user_of(seat)
            if user is None or is_ai(user):
                continue
            loc = await service.locale_of(user)
            due = clock["turns"][seat]["since"] + clock["turns"][seat]["allowed"]
            text = t(
                loc,
                "clock.reminder_half" if stage == 1 else "clock.reminder_last",
                game=t(loc, f"game.{self.kind}"),
                id=game.row.id,
                seat=self.seat_label(loc, seat),
                channel=f"<#{game.row.channel_id}>",
                when=when(due),
            )
            told.append(Delivery("dm", text, user_id=user))
        return told

    def stand_in(self, game: TableGame, seat: str) -> str:
        """A late seat's group goes to a computer player (its person may take it back with
        ``/<game> ai level:remove``); gives the channel's line."""
        group = next(g for g in self.seat_groups(game) if seat in g)
        user = game.user_of(seat)
        ai = ai_id(game)
        sit(game, group, ai)
        game.meta.setdefault("ai", {})[str(ai)] = STAND_IN_LEVEL
        game.meta.setdefault("replaced", {})[str(ai)] = user
        loc = game.locale
        return t(
            loc,
            "clock.timeout_ai",
            seat=" + ".join(self.seat_label(loc, s) for s in group),
            user=f"<@{user}>",
            ai=game.who(ai),
            command=f"/{self.kind} ai seat:{group[0]} level:remove",
        )

    def play_one_turn(self, game: TableGame, seat: str, key: str = "clock.timeout_turn") -> str:
        """``timeout:skip`` where the rules have no pass (``forfeit`` where they refuse it
        now): the computer plays this turn for the seat, whose person keeps it; gives the
        channel's line (``key``)."""
        game.meta.setdefault("ai_turn", {})[seat] = STAND_IN_LEVEL
        loc = game.locale
        return t(
            loc,
            key,
            seat=self.seat_label(loc, seat),
            user=f"<@{game.user_of(seat)}>",
        )

    # ------------------------------------------------------------ /<game> pause

    async def pause(self, service: TableService, request: Request) -> list[Delivery]:
        """Vote to pause the clock (it stops once every seated person has voted), or start
        a paused clock again (any seated person may)."""
        row = await service.find_game(request, self.kind)
        async with service.locked(row.id):
            game = self.game(await service.load(row.id))
            self.running(game)
            clock = game.meta.get("clock")
            if not clock:
                raise UserError("clock.none", command=f"/{self.kind} new clock:24h")
            people = {u for u in game.seats.values() if not is_ai(u)}
            actor = request.actor.id
            if actor not in people:
                raise UserError("table.spectator")
            now = service.clock()
            loc = game.locale
            if clock["paused"] is not None:
                clocks.resume(clock, now)
                line = t(loc, "clock.resumed", user=f"<@{actor}>")
            else:
                votes = set(clock["votes"]) | {actor}
                if votes >= people:
                    clocks.pause(clock, now)
                    line = t(loc, "clock.paused", command=f"/{self.kind} pause")
                else:
                    if actor in clock["votes"]:
                        raise UserError(
                            "clock.voted_already",
                            missing=", ".join(f"<@{u}>" for u in sorted(people - votes)),
                        )
                    clock["votes"] = sorted(votes)
                    missing = ", ".join(f"<@{u}>" for u in sorted(people - votes))
                    line = t(
                        loc,
                        "clock.vote",
                        user=f"<@{actor}>",
                        missing=missing,
                        command=f"/{self.kind} pause",
                    )
            game.meta["wake"] = clocks.wake(clock)
            post = Delivery("channel", line, channel_id=game.row.channel_id)
            return await service.save(game.row, told=[post])
