"""Ending a game by agreement or by giving up: ``/<game> resign`` (asked first, privately:
a persistent [Resign] button does it) and the draw offers of the games whose engine has
``offer draw``, ``accept draw`` and ``decline draw`` (a table lists ``draw`` among its
commands). :class:`Ending` is a part of a table (``table.ending``)."""

from __future__ import annotations

from bot.i18n import t
from bot.model import Actor, Button, Delivery, Request
from bot.service import TableService, UserError
from bot.tables.game import Entries, TableGame
from bot.tables.hooks import Table
from bot.tables.learning import Learning, answering


class Ending:
    """Resigning and draws by agreement at the table."""

    def __init__(self, table: Table, learning: Learning) -> None:
        self.table = table
        self.learning = learning  # a resignation may answer a lesson

    def may_resign(self, game: TableGame, seat: str) -> bool:
        """May ``seat`` resign now (a forfeit on time is one)? Never where the rules refuse it."""
        try:
            return self.table.can_resign(game, seat)
        except UserError:  # a phase where resigning is refused (Loka's army selection)
            return False

    def resignation(self, game: TableGame, actor: Actor) -> tuple[list[str], Entries]:
        """The seats ``actor`` resigns and what that does, applied to ``game.state`` (a
        spectator, a finished game, a phase where the rules refuse it: a refusal)."""
        table = self.table
        state = table.running(game)
        mine = [s for s in game.seats_of(actor.id) if table.can_resign(game, s)]
        if not mine:
            raise UserError("table.spectator")
        entries: Entries = []
        for seat in mine:
            if state.phase == table.over_phase:
                break
            action = table.resign_action()
            state, events = table.rules.apply(state, action, seat)
            entries += table.entries(actor.id, seat, action, events)
        game.state = state
        return mine, entries

    async def resign(self, service: TableService, request: Request) -> list[Delivery]:
        """Ask first, privately: a [Resign] button (persistent) does it. Whatever would
        refuse the resignation refuses the question already (it is tried, not saved). As
        the answer to a lesson (a table whose course teaches resigning), it is judged."""
        table = self.table
        lesson = answering.get()
        if lesson is not None:
            action = table.resign_action()
            return await self.learning.lesson_answer(service, request, lesson, action)
        row = await service.find_game(request, table.kind)
        loc = request.actor.locale
        seats, _ = self.resignation(table.game(row), request.actor)
        label = t(loc, "button.resign")
        text = t(
            loc,
            "table.resign_ask",
            game=t(loc, f"game.{table.kind}"),
            id=row.id,
            seats=table.seats_label(loc, seats),
            button=label,
        )
        button = Button(table.button_id(row.id, "resign"), label, "danger")
        return [service.private(request.actor, text, buttons=[button])]

    async def resign_confirmed(self, service: TableService, request: Request) -> list[Delivery]:
        """The press of [Resign]: every seat of the presser that may resign does."""
        table = self.table
        row = await service.find_game(request, table.kind)
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            before = game.state
            _, entries = self.resignation(game, request.actor)
            entries += table.follow_up(game)
            tell = table.telling(service, game, entries, request.actor, before)
            return await table.persist(service, game, entries, tell)

    async def draw(self, service: TableService, request: Request) -> list[Delivery]:
        """Offer a draw (at any time, on or off turn), or answer the offer that waits (the
        engine keeps it in ``state.offer``)."""
        table = self.table
        wanted = str(request.options.get("action") or "").strip().lower()
        row = await service.find_game(request, table.kind)
        state = table.running(table.game(row))
        if not wanted:
            wanted = "offer" if state.offer is None else ""
        if wanted == "offer":
            return await self._offer_draw(service, request)
        if wanted not in ("accept", "decline"):
            raise UserError("table.pick_draw_answer")
        if state.offer is None:
            raise UserError("table.nothing_to_answer", command=f"/{table.kind} draw")
        return await table.act(service, request, table.rules.parse_action(f"{wanted} draw"))

    async def _offer_draw(self, service: TableService, request: Request) -> list[Delivery]:
        table = self.table
        row = await service.find_game(request, table.kind)
        async with service.locked(row.id):
            game = table.game(await service.load(row.id))
            state = table.running(game)
            mine = game.seats_of(request.actor.id)
            if not mine:
                raise UserError("table.spectator")
            action = table.rules.parse_action("offer draw")
            game.state, events = table.rules.apply(state, action, mine[0])
            entries = table.entries(request.actor.id, mine[0], action, events)
            tell = table.telling(service, game, entries, request.actor, state)
            return await table.persist(service, game, entries, tell)
