"""Computer players at a table: ``/<game> ai seat level`` (in the lobby the host seats one,
changes its level or removes it; in a running game a player hands their own seat to one, and
the host a seat awaited for :data:`TAKEOVER_AFTER`), the seats they must act for now, and
their actions, played as a player's command would be (``bot.autoplay`` thinks for them).
:class:`Computers` is a part of a table (``table.computers``)."""

from __future__ import annotations

from ai.levels import LEVELS
from bot import clocks
from bot.autoplay import MovedOn
from bot.i18n import t
from bot.model import Actor, Delivery, Request, is_ai
from bot.service import TableService, UserError
from bot.tables.game import TableGame, ai_id, mention, sit
from bot.tables.hooks import Table
from bot.tables.lobby import Lobby
from engine.errors import EngineError

# How long a seat must have been awaited before the host may hand it to a computer player
# (its own player may at any time).
TAKEOVER_AFTER = 24 * 3600.0


class Computers:
    """The computer players of the table's games."""

    def __init__(self, table: Table, lobby: Lobby) -> None:
        self.table = table
        self.lobby = lobby

    async def ai(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> ai seat level``. In the lobby the host seats a computer player, changes
        its level or removes it (``level:remove``); in a running game a player hands their
        own seat to one, and the host a seat awaited for :data:`TAKEOVER_AFTER`."""
        table = self.table
        level = str(request.options.get("level") or "normal").lower().strip()
        if level not in (*LEVELS, "remove"):
            raise UserError("table.pick_ai_level", levels=", ".join((*LEVELS, "remove")))
        row = await service.find_game(request, table.kind)
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            if game.row.status == "cancelled":
                raise UserError("table.was_cancelled", id=game.row.id)
            group = self.lobby.seat_group(game, request)
            if game.row.status == "lobby":
                line = self.in_lobby(game, request.actor, group, level)
                return await service.save(game.row, told=[self.lobby.post(game, line)])
            table.running(game)
            line = self.takes_over(service, game, request.actor, group, level)
            post = Delivery("channel", line, channel_id=game.row.channel_id)
            return await service.save(game.row, told=[post])

    def in_lobby(self, game: TableGame, actor: Actor, group: tuple[str, ...], level: str) -> str:
        """Seat, change or remove a computer player; gives the lobby's line about it."""
        table = self.table
        if actor.id != game.row.host_id:
            raise UserError("table.host_only_ai", user=mention(game.row.host_id))
        loc = game.locale
        holder = game.user_of(group[0])
        seats = table.seats_label(loc, group)
        moved = ""
        if holder is not None and not is_ai(holder):
            moved = self.lobby.host_gives_way(game, group, holder)
            holder = None
        if level == "remove":
            if holder is None:
                raise UserError("table.no_ai_there", seat=seats)
            for seat in group:
                del game.meta["seats"][seat]
            game.meta["ai"].pop(str(holder), None)
            return t(loc, "table.ai_removed", seat=seats)
        ai = ai_id(game)
        sit(game, group, ai)
        game.meta.setdefault("ai", {})[str(ai)] = level
        line = t(loc, "table.ai_joined", user=game.who(ai), seat=seats)
        return f"{line} {moved}" if moved else line

    def takes_over(
        self,
        service: TableService,
        game: TableGame,
        actor: Actor,
        group: tuple[str, ...],
        level: str,
    ) -> str:
        """A running game's seat to a computer player (or its computer player's new level);
        gives the channel's line about it."""
        table = self.table
        loc = game.locale
        holder = game.user_of(group[0])
        seats = table.seats_label(loc, group)
        host = actor.id == game.row.host_id
        replaced = game.meta.setdefault("replaced", {})
        if level == "remove":
            # The person a computer player replaced (by their own choice, the host's or the
            # clock's) may take the seat back; otherwise it stays to the end.
            if not is_ai(holder) or replaced.get(str(holder)) != actor.id:
                raise UserError("table.ai_stays")
            sit(game, group, actor.id)
            game.meta["ai"].pop(str(holder), None)
            del replaced[str(holder)]
            return t(loc, "table.ai_gave_back", user=mention(actor.id), seat=seats)
        if is_ai(holder):
            if not host:
                raise UserError("table.host_only_ai_level", user=mention(game.row.host_id))
        elif holder is not None and holder != actor.id:  # (a running game's seats are held)
            if not host:
                raise UserError("table.ai_own_seat")
            waited = service.clock() - game.meta.get("acted_at", game.row.updated_at)
            awaited = set(group) & set(table.rules.to_act(game.require_state()))
            clock = game.meta.get("clock")
            late = clock is not None and any(
                (clocks.left(clock, s, service.clock()) or 1.0) <= 0 for s in awaited
            )
            if not awaited or (waited < TAKEOVER_AFTER and not late):
                hours = round(TAKEOVER_AFTER / 3600)
                raise UserError("table.ai_not_yet", seat=seats, user=mention(holder), hours=hours)
        if holder is not None and is_ai(holder):
            ai = holder  # a new level for the computer player there
            # Its tournament name said its old level: named by its new one from now on.
            game.meta.get("names", {}).pop(str(ai), None)
        else:
            ai = ai_id(game)
            if holder is not None:
                replaced[str(ai)] = holder
        sit(game, group, ai)
        game.meta.setdefault("ai", {})[str(ai)] = level
        return t(loc, "table.ai_took_over", user=game.who(ai), seat=seats)

    def pending(self, game: TableGame) -> list[tuple[str, str]]:
        """The seats a computer player holds that must act now, with its level, and those
        whose turn it plays for a late person (``timeout:skip``)."""
        table = self.table
        state = game.state
        stand_in = game.meta.get("ai_turn") or {}
        if not (game.meta.get("ai") or stand_in) or state is None:
            return []
        if game.row.status != "running" or state.phase == table.over_phase:
            return []
        return [
            (seat, level)
            for seat in table.rules.to_act(state)
            if (level := game.ai_level(game.user_of(seat)) or stand_in.get(seat)) is not None
        ]

    async def act(
        self, service: TableService, game_id: str, seat: str, text: str
    ) -> list[Delivery] | None:
        """The computer player at ``seat`` plays the action ``text``, as a player's command
        would (applied, logged, told and saved under the game's lock); ``None``: the rules
        refuse the action. Raises :class:`MovedOn` when the seat no longer waits for it (the
        game moved on): nothing was played, so nothing is logged as played."""
        table = self.table
        async with service.locked(game_id):
            game = table.game(await service.load(game_id))
            if seat not in dict(self.pending(game)):
                raise MovedOn(game_id)
            user = game.user_of(seat)
            assert user is not None
            actor = Actor(user, game.who(user), game.locale)
            before = game.require_state()
            try:
                action = table.rules.parse_action(text)
                game.state, events = table.rules.apply(before, action, seat)
            except EngineError:
                return None
            entries = table.entries(user, seat, action, events)
            entries += table.follow_up(game)
            return await table.persist(
                service, game, entries, table.telling(service, game, entries, actor, before)
            )
