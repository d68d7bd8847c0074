"""A game's record and export: ``/<game> export`` (the record as text, every roll checkable
against the seed once the game is over; a running game's secret actions only to their own
seats), and a finished game's result for the ratings. :class:`Records` is a part of a table
(``table.records``); a game adds to its export by a subclass (chess: the PGN)."""

from __future__ import annotations

from bot.i18n import t
from bot.model import Attachment, Delivery, Request, is_ai
from bot.ratings import Result, places
from bot.service import TableService
from bot.tables.game import TableGame
from bot.tables.hooks import Table
from engine.record import RecordEntry, Roll


class Records:
    """The record of the table's games, and their results."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def rated(self, game: TableGame) -> bool:
        """Does the game count for ratings? As the host said with ``rated:``; by default,
        unless a computer player sat at it or it began from a chosen position."""
        said = game.meta.get("rated")
        if said is not None:
            return bool(said)
        return not game.meta.get("had_ai") and not game.meta.get("start")

    def result(self, game: TableGame) -> Result | None:
        """A finished game's result for the ratings (None: unrated, or fewer than two sides
        with a person: computer players are never rated)."""
        table = self.table
        outcome = table.rules.outcome(game.require_state())
        if outcome is None or game.row.guild_id is None or not self.rated(game):
            return None
        sides, seats = [], []
        for side in table.rating_sides(game):
            people = tuple(
                dict.fromkeys(
                    u for s in side if (u := game.user_of(s)) is not None and not is_ai(u)
                )
            )
            if people:
                sides.append(people)
                seats.append(side)
        if len(sides) < 2:
            return None
        return Result(
            game.row.guild_id,
            table.rating_family(game),
            tuple(sides),
            places(seats, set(outcome.winners)),
            {u: game.name(u) for side in sides for u in side},
        )

    async def export(self, service: TableService, request: Request) -> list[Delivery]:
        table = self.table
        row = await service.find_game(request, table.kind, ended=True)
        game = table.game(row)
        state = game.require_state()
        record = table.record(game)
        over = state.phase == table.over_phase
        viewer = game.seats_of(request.actor.id)
        for entry in await service.storage.log(game.row.id):
            if not over and not table.shown_in_record(game, entry, viewer):
                continue  # still secret from this reader
            rolls = tuple(Roll(*r) for r in entry.rolls)
            record.entries.append(RecordEntry(entry.seat or "", entry.action, rolls))
        text = record.export_text(reveal_seed=over)
        if game.meta.get("hints_on"):  # the hints each seat took, in the record's headers
            used = game.meta.get("hints", {})
            head, _, rest = text.partition("\n")
            counts = ", ".join(f"{seat} {used.get(seat, 0)}" for seat in game.seats)
            text = f'{head}\n[Hints "{counts}"]\n{rest}'
        key = "table.export_over" if over else "table.export_running"
        name = f"{table.kind}-{game.row.id}.txt"
        return [
            service.private(
                request.actor,
                t(request.actor.locale, key),
                files=[Attachment(name, text.encode())],
            )
        ]
