"""Looking back at a game: ``/<game> board at:<n>`` (the position after its n-th action, as
the channel saw it then) and ``/<game> replay`` (a finished game as an animated picture, a
frame per action). Both are built from the game's log, the record every export writes: the
start replayed action by action under the game's own rules and dice. :class:`Replays` is a
part of :class:`bot.tables.base.SeatedTable`; it reads the table's hooks."""

from __future__ import annotations

from typing import Any

from bot import rendering
from bot.i18n import t
from bot.model import Attachment, Delivery, Request
from bot.service import TableService, UserError
from bot.storage import GameRow, LogEntry
from bot.tables.game import TableGame
from engine.errors import EngineError
from renderer.animation import gif_of

# A replay holds at most this many frames (a long game skips evenly between them) and must
# fit Discord's attachment limit for every server (10 MiB); it shrinks until it does.
MAX_FRAMES = 120
ATTACHMENT_LIMIT = 10 * 1024 * 1024
WIDTHS = (560, 420, 300)


class Replays:
    """The replay's part of a table (mixed into ``SeatedTable``)."""

    kind: str
    rules: Any
    over_phase: str

    # ------------------------------------------------------------ hooks used here

    def game(self, row: GameRow) -> TableGame:
        raise NotImplementedError

    def initial_state(self, game: TableGame) -> Any:
        raise NotImplementedError

    async def board(self, service: TableService, request: Request) -> list[Delivery]:
        raise NotImplementedError

    async def board_image(self, game: TableGame, state: Any) -> Attachment:
        raise NotImplementedError

    def shown_in_record(self, game: TableGame, entry: LogEntry, viewer: list[str]) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------ looking back

    async def past(self, service: TableService, game: TableGame) -> tuple[list[Any], list[Any]]:
        """Every state of the game from its start, and the log entry of each action between."""
        state = self.initial_state(game)
        states, entries = [state], []
        for entry in await service.storage.log(game.row.id):
            try:
                action = self.rules.parse_action(entry.action)
                state, _ = self.rules.apply(state, action, entry.seat)
            except EngineError:
                # A record kept from before a rules change (a lot drawn otherwise, a set-up
                # now refused) no longer replays: say so rather than blame the reader.
                command = f"/{self.kind} export"
                raise UserError("replay.unreadable", n=len(entries) + 1, command=command) from None
            states.append(state)
            entries.append(entry)
        return states, entries

    async def look_back(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> board``: now, or ``at:<n>`` the position after the n-th action (0: the
        start), privately, as the game's channel showed it then."""
        at = request.options.get("at")
        if at is None:
            return await self.board(service, request)
        row = await service.find_game(request, self.kind, ended=True)
        game = self.game(row)
        if row.status not in ("running", "over") or game.state is None:
            raise UserError("table.not_started")
        states, actions = await self.past(service, game)
        loc = request.actor.locale
        n = _number(at)
        if n is None or not 0 <= n <= len(actions):
            raise UserError("replay.pick_at", last=len(actions))
        image = await self.board_image(game, states[n])
        viewer = game.seats_of(request.actor.id)
        if n == 0:
            text = t(loc, "replay.at_start", last=len(actions))
        elif row.status == "over" or self.shown_in_record(game, actions[n - 1], viewer):
            text = t(loc, "replay.at", n=n, last=len(actions), action=actions[n - 1].action)
        else:  # a secret of another seat, still kept (a draft, a hidden placement)
            text = t(loc, "replay.at_secret", n=n, last=len(actions))
        return [service.private(request.actor, text, files=[image])]

    async def replay(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> replay``: a finished game as an animated GIF in its channel."""
        row = await service.find_game(request, self.kind, ended=True)
        game = self.game(row)
        if row.status != "over":
            raise UserError("replay.not_over", command=f"/{self.kind} board at:<n>")
        states, actions = await self.past(service, game)
        chosen = _evenly(len(states), MAX_FRAMES)
        frames = []
        for i in chosen:
            try:
                frames.append((await self.board_image(game, states[i])).data)
            except UserError:
                continue  # a phase with no board to show (Loka's secret army selection)
        if not frames:
            raise UserError("replay.nothing")
        for width in WIDTHS:
            data = await rendering.render(gif_of, frames, width)
            if len(data) <= ATTACHMENT_LIMIT:
                break
            frames = frames[::2] if len(frames) > 2 else frames
        else:
            raise UserError("replay.too_big")
        loc = game.locale
        text = t(
            loc, "replay.posted", game=t(loc, f"game.{self.kind}"), id=row.id, actions=len(actions)
        )
        file = Attachment(f"{self.kind}-{row.id}-replay.gif", data)
        post = Delivery("channel", text, channel_id=row.channel_id, files=[file])
        return [post, service.private(request.actor, t(request.actor.locale, "replay.done"))]


def _evenly(count: int, most: int) -> list[int]:
    """``most`` indices of ``range(count)`` spread evenly, the first and last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def _number(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    return int(text) if text.isdigit() else None
