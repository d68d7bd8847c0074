"""A table's clock (``bot.clocks`` keeps the time): the ``clock:`` and ``timeout:`` options
of ``/<game> new``, the clock's line under each post, reminders, what happens to a seat
whose time runs out (and a decision's own time limit, as Loka's Super D20), and the vote to
pause. :class:`Clock` is a part of a table (``table.clock``)."""

from __future__ import annotations

from typing import Any

from bot import clocks
from bot.i18n import t
from bot.model import Delivery, Request, is_ai
from bot.service import TableService, UserError
from bot.storage import GameRow
from bot.tables.ending import Ending
from bot.tables.game import Entries, TableGame, ai_id, clip, mention, sit
from bot.tables.hooks import Table
from engine.errors import EngineError

# The level of a computer player that takes over a seat whose time ran out, or plays one
# turn for it (``timeout:skip`` where the rules have no pass).
STAND_IN_LEVEL = "normal"


def when(moment: float) -> str:
    """A moment as Discord shows it to each reader, relative and in their time zone (the
    console writes it out against its own clock)."""
    return f"<t:{round(moment)}:R>"


class Clock:
    """The clock of the table's games."""

    def __init__(self, table: Table, ending: Ending) -> None:
        self.table = table
        self.ending = ending  # a seat out of time forfeits, where it may resign

    # ------------------------------------------------------------ the lobby's options

    def option(self, request: Request) -> dict[str, Any] | None:
        """The lobby's clock from ``clock:`` and ``timeout:`` (None: no clock)."""
        timeout = str(request.options.get("timeout") or "ai").strip().lower()
        fischer = self.table.fischer
        try:
            spec = clocks.parse_clock(str(request.options.get("clock") or ""), fischer=fischer)
            if spec is None:
                if request.options.get("timeout"):
                    raise UserError("clock.timeout_alone")
                return None
            return clocks.new_clock(spec, timeout)
        except clocks.ClockError as exc:
            raise UserError(exc.key, **exc.values) from None

    def summary(self, game: TableGame) -> str:
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
        table = self.table
        clock = game.meta.get("clock")
        if not clock:
            return
        awaited = () if over else table.rules.to_act(game.require_state())
        acted = {entry.seat for entry, _ in entries if entry.seat is not None}
        clocks.advance(clock, awaited, acted, now)
        game.meta["wake"] = clocks.wake(clock)
        # A turn the computer played for a seat (timeout:skip) ends with that turn.
        stand_in = game.meta.get("ai_turn")
        if stand_in:
            game.meta["ai_turn"] = {s: lvl for s, lvl in stand_in.items() if s in awaited}

    def line(self, game: TableGame) -> str:
        """Under a running game's post: whose time runs, until when ("" without a clock)."""
        table = self.table
        clock = game.meta.get("clock")
        if not clock or not clock["turns"]:
            return ""
        loc = game.locale
        if clock["paused"] is not None:
            return t(loc, "clock.line_paused")
        parts = [
            f"{table.seat_label(loc, seat)} {when(turn['since'] + turn['allowed'])}"
            for seat, turn in sorted(clock["turns"].items())
            if (user := game.user_of(seat)) is not None and not is_ai(user)
        ]
        return "⏰ " + "; ".join(parts) if parts else ""

    # ------------------------------------------------------------ when time passes

    def due(self, game: TableGame, now: float) -> bool:
        wake = game.meta.get("wake")
        return bool(game.meta.get("clock")) and wake is not None and wake <= now

    async def reminders(self, service: TableService, game: TableGame, now: float) -> list[Delivery]:
        """The DMs a clock owes now: half a seat's time gone, then its last tenth."""
        table = self.table
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
                game=t(loc, f"game.of.{table.kind}"),
                id=game.row.id,
                seat=table.seat_label(loc, seat),
                channel=f"<#{game.row.channel_id}>",
                when=when(due),
            )
            told.append(Delivery("dm", text, user_id=user))
        return told

    def stand_in(self, game: TableGame, seat: str) -> str:
        """A late seat's group goes to a computer player (its person may take it back with
        ``/<game> ai level:remove``); gives the channel's line."""
        table = self.table
        group = next(g for g in table.seat_groups(game) if seat in g)
        user = game.user_of(seat)
        ai = ai_id(game)
        sit(game, group, ai)
        game.meta.setdefault("ai", {})[str(ai)] = STAND_IN_LEVEL
        game.meta.setdefault("replaced", {})[str(ai)] = user
        loc = game.locale
        return t(
            loc,
            "clock.timeout_ai",
            seat=table.seats_label(loc, group),
            user=f"<@{user}>",
            ai=game.who(ai),
            command=f"/{table.kind} ai seat:{group[0]} level:remove",
        )

    def play_one_turn(self, game: TableGame, seat: str, key: str = "clock.timeout_turn") -> str:
        """``timeout:skip`` where the rules have no pass (``forfeit`` where they refuse it
        now): the computer plays this turn for the seat, whose person keeps it; gives the
        channel's line (``key``)."""
        table = self.table
        game.meta.setdefault("ai_turn", {})[seat] = STAND_IN_LEVEL
        loc = game.locale
        return t(
            loc,
            key,
            seat=table.seat_label(loc, seat),
            user=f"<@{game.user_of(seat)}>",
        )

    # ------------------------------------------------------------ /<game> pause

    async def pause(self, service: TableService, request: Request) -> list[Delivery]:
        """Vote to pause the clock (it stops once every seated person has voted), or start
        a paused clock again (any seated person may)."""
        table = self.table
        row = await service.find_game(request, table.kind)
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            table.running(game)
            clock = game.meta.get("clock")
            if not clock:
                raise UserError("clock.none", command=f"/{table.kind} new clock:24h")
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
                    line = t(loc, "clock.paused", command=f"/{table.kind} pause")
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
                        command=f"/{table.kind} pause",
                    )
            game.meta["wake"] = clocks.wake(clock)
            post = Delivery("channel", line, channel_id=game.row.channel_id)
            return await service.save(game.row, told=[post])

    # ------------------------------------------------------------ time-outs

    async def expire(self, service: TableService, row: GameRow, now: float) -> list[Delivery]:
        """What is due by now: the default decision of a seat whose decision timed out (a
        Super D20), then the clock's time-outs and reminders."""
        table = self.table
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            if game.state is None or game.row.status != "running":
                return []
            deadline = game.meta.get("deadline")
            if deadline and deadline <= now:
                decided = await self.decide_for(service, game)
                if decided:
                    return decided
            if self.due(game, now):
                return await self.runs_out(service, game, now)
            return []

    async def decide_for(self, service: TableService, game: TableGame) -> list[Delivery]:
        """Play the rules' default decision for the seat whose time ran out, if any."""
        table = self.table
        state = game.require_state()
        seat = table.rules.to_act(state)[0]
        action = table.default_action(state, seat)
        if action is None:
            return []
        game.state, events = table.rules.apply(state, action, seat)
        entries = table.entries(None, seat, action, events) + table.follow_up(game)
        loc = game.locale
        note = Delivery(
            "channel",
            t(loc, "table.timeout", seat=table.seat_label(loc, seat), action=str(action)),
            channel_id=game.row.channel_id,
        )
        after = table.telling(service, game, entries, None, state)

        async def tell() -> list[Delivery]:
            return [note, *await after()]

        return await table.persist(service, game, entries, tell)

    async def runs_out(self, service: TableService, game: TableGame, now: float) -> list[Delivery]:
        """Each late seat gets what the table's ``timeout`` says (a forfeit the rules refuse
        now, as in Loka's army selection, is a computer player's turn instead); then the
        reminders owed. Saved with what it tells."""
        table = self.table
        clock = game.meta["clock"]
        loc = game.locale
        before = game.require_state()
        lines: list[str] = []
        causes: list[str] = []  # the forfeits' "time ran out", said in the game's own post
        entries: Entries = []
        for seat in clocks.out_of_time(clock, now):
            clocks.settle(clock, seat)
            state = game.require_state()
            user = game.user_of(seat)
            if user is None or is_ai(user) or state.phase == table.over_phase:
                continue
            if seat not in table.rules.to_act(state):
                continue
            shown = {"seat": table.seat_label(loc, seat), "user": mention(user)}
            action = None
            if clock["at_limit"] == "forfeit" and self.ending.may_resign(game, seat):
                action, key = table.resign_action(), "clock.timeout_forfeit"
            elif clock["at_limit"] == "skip":
                action, key = table.default_action(state, seat), "clock.timeout_skip"
            if action is not None:
                try:
                    game.state, events = table.rules.apply(state, action, seat)
                except EngineError:
                    action = None
            if action is not None:
                said = t(loc, key, action=str(action), **shown)
                # A forfeit is told once: its cause heads the post that says the seat resigns.
                (causes if key == "clock.timeout_forfeit" else lines).append(said)
                entries += table.entries(None, seat, action, events)
            elif clock["at_limit"] == "ai":
                lines.append(self.stand_in(game, seat))
            elif clock["at_limit"] == "forfeit":
                lines.append(self.play_one_turn(game, seat, "clock.timeout_turn_forfeit"))
            else:
                lines.append(self.play_one_turn(game, seat))
        reminders = await self.reminders(service, game, now)
        notes = [Delivery("channel", line, channel_id=game.row.channel_id) for line in lines]
        if entries:
            entries += table.follow_up(game)
            after = table.telling(service, game, entries, None, before)

            async def tell() -> list[Delivery]:
                told = await after()
                post = next((d for d in told if d.to == "channel"), None)
                if post is not None and causes:
                    post.text = clip("\n".join([*causes, post.text]))
                elif causes:
                    notes.extend(
                        Delivery("channel", c, channel_id=game.row.channel_id) for c in causes
                    )
                return [*notes, *reminders, *told]

            return await table.persist(service, game, entries, tell)
        game.meta["wake"] = clocks.wake(clock)
        return await service.save(game.row, told=[*notes, *reminders])
