"""Looking back at a game: ``/<game> board at:<n>`` (the position after its n-th action, as
the channel saw it then) and ``/<game> replay`` (a finished game as an animated picture, a
frame per action). Both are built from the game's log, the record every export writes: the
start replayed action by action under the game's own rules and dice. :class:`Replays` is a
part of a table (``table.replays``).

A replay costs seconds of the pool's time (13 s for a long game), so it is built once and
kept (:class:`Shelf`, by game and version), one at a time per process, in the render pool's
background (:func:`bot.rendering.background`: a worker of its own at the lowest CPU
priority), so that the pictures of moves never wait for it. Only the game's players post it
in its thread, once; anyone else, or a player asking again, gets it privately (a link to the
post once Discord has it). Both commands have cooldowns, per member and (replay) per server;
the refusal says when to ask again."""

from __future__ import annotations

import asyncio
import copy
import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from bot import rendering
from bot.cache import Lru
from bot.i18n import t
from bot.model import Attachment, Delivery, Request
from bot.service import TableService, UserError
from bot.storage import LogEntry
from bot.tables import alt
from bot.tables.game import TableGame
from bot.tables.hooks import Table
from engine.errors import EngineError
from renderer.animation import gif_of

T = TypeVar("T")

# A replay holds at most this many frames (a long game skips evenly between them) and must
# fit Discord's attachment limit for every server (10 MiB); it shrinks until it does.
MAX_FRAMES = 120
ATTACHMENT_LIMIT = 10 * 1024 * 1024
WIDTHS = (560, 420, 300)

# Cooldowns, in seconds: a member's replays, a server's, and a member's past positions.
REPLAY_MEMBER_COOLDOWN = 60.0
REPLAY_GUILD_COOLDOWN = 20.0
BOARD_AT_COOLDOWN = 2.0
KEPT_REPLAYS = 8  # finished games' replays kept in memory (each at most ATTACHMENT_LIMIT)


@dataclass
class Shelf:
    """A service's replays: those built (by game id and version: the GIF and its number of
    actions), the lock that builds one at a time, the games whose replay this process
    posted, and how many it built (for tests and logs)."""

    kept: Lru[tuple[str, int], tuple[bytes, int]] = field(default_factory=lambda: Lru(KEPT_REPLAYS))
    building: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))
    posted: set[str] = field(default_factory=set)
    builds: int = 0


def per_service(factory: Callable[[], T]) -> Callable[[TableService], T]:
    """A function giving each service its own ``factory()`` (made on first use, dropped
    with the service): what a table part keeps beside the games, such as built replays."""
    kept: weakref.WeakKeyDictionary[TableService, T] = weakref.WeakKeyDictionary()

    def of(service: TableService) -> T:
        if service not in kept:
            kept[service] = factory()
        return kept[service]

    return of


shelf = per_service(Shelf)  # the replays a service built and posted


def link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A Discord message's address."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def cooled(service: TableService, *limits: tuple[str, float]) -> None:
    """Start the cooldowns of ``limits``, or refuse, naming the seconds left to wait."""
    left = service.cooldowns(*limits)
    if left > 0:
        raise UserError("replay.wait", seconds=math.ceil(left))


class Replays:
    """Looking back at the table's games."""

    def __init__(self, table: Table) -> None:
        self.table = table

    # ------------------------------------------------------------ looking back

    async def past(self, service: TableService, game: TableGame) -> tuple[list[Any], list[Any]]:
        """Every state of the game from its start, and the log entry of each action between."""
        table = self.table
        state = table.initial_state(game)
        states, entries = [state], list[LogEntry]()
        for entry in await service.storage.log(game.row.id):
            try:
                action = table.rules.parse_action(entry.action)
                state, _ = table.rules.apply(state, action, entry.seat)
            except EngineError:
                # A record kept from before a rules change (a lot drawn otherwise, a set-up
                # now refused) no longer replays: say so rather than blame the reader.
                command = f"/{table.kind} export"
                raise UserError("replay.unreadable", n=len(entries) + 1, command=command) from None
            states.append(state)
            entries.append(entry)
        return states, entries

    async def look_back(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> board``: now, or ``at:<n>`` the position after the n-th action (0: the
        start), privately, as the game's channel showed it then."""
        table = self.table
        at = request.options.get("at")
        if at is None:
            return await table.board(service, request)
        row = await service.find_game(request, table.kind, ended=True)
        game = table.game(row)
        if row.status not in ("running", "over") or game.state is None:
            raise UserError("table.not_started")
        cooled(service, (f"board_at:{request.actor.id}", BOARD_AT_COOLDOWN))
        states, actions = await self.past(service, game)
        loc = request.actor.locale
        steps = self.public_steps(game, actions, over=row.status == "over")
        last = len(steps)
        n = _number(at)
        if n is None or not 0 <= n <= last:
            raise UserError("replay.pick_at", last=last)
        i = steps[n - 1] if n else 0  # the actions the n-th public step closes
        image = await table.board_image(held_then(game, actions, i), states[i])
        if n == 0:
            text = t(loc, "replay.at_start", last=last)
        else:
            text = t(loc, "replay.at", n=n, last=last, action=actions[i - 1].action)
        return [service.private(request.actor, text, files=[image])]

    def public_steps(self, game: TableGame, entries: list[LogEntry], *, over: bool) -> list[int]:
        """The game's public numbering: for each public step, how many log entries lie
        behind it. While the game runs a secret action is never a step of its own: it
        belongs to the public action after it, so nothing counted tells how many secret
        actions anyone made, nor when (the same numbering for everyone, players included).
        Once the game is over the whole record is public: every action is a step."""
        table = self.table
        if over:
            return list(range(1, len(entries) + 1))
        return [i for i, e in enumerate(entries, 1) if not table.secret_entry(game, e)]

    async def replay(self, service: TableService, request: Request) -> list[Delivery]:
        """``/<game> replay``: a finished game as an animated GIF: a player's first asking
        posts it in its channel; anyone else, and every asking after it, privately."""
        table = self.table
        row = await service.find_game(request, table.kind, ended=True)
        game = table.game(row)
        if row.status != "over":
            raise UserError("replay.not_over", command=f"/{table.kind} board at:<n>")
        actor, loc = request.actor, request.actor.locale
        cooled(
            service,
            (f"replay:{actor.id}", REPLAY_MEMBER_COOLDOWN),
            (
                f"replay_guild:{request.place.guild_id or request.place.channel_id}",
                REPLAY_GUILD_COOLDOWN,
            ),
        )
        slot = f"replay:{row.id}"
        known = await service.storage.post_of(row.channel_id, slot)
        if known is not None:  # Discord has the first post: a link to it, no build
            where = link(row.guild_id, *known)
            return [service.private(actor, t(loc, "replay.link", link=where))]
        data, count = await self.built(service, game)
        kept = shelf(service)
        if not game.seats_of(actor.id) or row.id in kept.posted:
            key = "replay.private" if row.id in kept.posted else "replay.yours"
            file = self.replay_file(game, data, count, loc)
            return [service.private(actor, t(loc, key), files=[file])]
        kept.posted.add(row.id)
        text = t(
            game.locale,
            "replay.posted",
            game=t(game.locale, f"game.{table.kind}"),
            id=row.id,
            actions=count,
        )
        file = self.replay_file(game, data, count, game.locale)
        post = Delivery("channel", text, channel_id=row.channel_id, files=[file], slot=slot)
        return [post, service.private(actor, t(loc, "replay.done"))]

    def replay_file(self, game: TableGame, data: bytes, count: int, locale: str) -> Attachment:
        """The replay's GIF with its description, in ``locale``: a replay of so many actions,
        and its last frame's (how the game ended, its last move, the final position)."""
        table = self.table
        said = t(locale, "alt.replay", actions=count)
        final = table.rules.view(game.require_state(), None)
        ending = alt.described(table.kind, game, table.rules, final, locale, table.seat_label)
        name = f"{table.kind}-{game.row.id}-replay.gif"
        return Attachment(name, data, alt.fitted(f"{said} {ending}"))

    async def built(self, service: TableService, game: TableGame) -> tuple[bytes, int]:
        """The game's replay (the GIF and its number of actions): kept, or built now, after
        any replay this process is building."""
        kept = shelf(service)
        key = (game.row.id, game.row.version)
        found = kept.kept.get(key)
        if found is not None:
            return found
        async with kept.building:
            found = kept.kept.get(key)  # built while this one waited
            if found is None:
                found = await self.draw_replay(service, game)
                kept.builds += 1
                kept.kept.put(key, found)
        return found

    async def draw_replay(self, service: TableService, game: TableGame) -> tuple[bytes, int]:
        """Draw the replay in the render pool's background, where a move's picture never
        waits behind it."""
        table = self.table
        states, actions = await self.past(service, game)
        frames = []
        for i in _evenly(len(states), MAX_FRAMES):
            try:
                with rendering.background():
                    then = held_then(game, actions, i)
                    frames.append((await table.board_image(then, states[i])).data)
            except UserError:
                continue  # a phase with no board to show (Loka's secret army selection)
        if not frames:
            raise UserError("replay.nothing")
        for width in WIDTHS:
            with rendering.background():
                data = await rendering.render(gif_of, frames, width)
            if len(data) <= ATTACHMENT_LIMIT:
                return data, len(actions)
            frames = frames[::2] if len(frames) > 2 else frames
        raise UserError("replay.too_big")


def held_then(game: TableGame, entries: list[LogEntry], n: int) -> TableGame:
    """``game`` as it stood after its ``n`` first actions: its seats held by whoever held
    them then (a seat handed to a computer player mid-game, on a time-out or by choice,
    shows its person before and the computer after), read from the log: a seat's holder
    is the one who made its latest action so far, else its next one, else its holder now."""
    held = dict(game.seats)
    for seat in held:
        acted = [e.user_id for e in entries if e.seat == seat and e.user_id is not None]
        done = [e.user_id for e in entries[:n] if e.seat == seat and e.user_id is not None]
        if done:
            held[seat] = done[-1]
        elif acted:
            held[seat] = acted[0]
    if held == game.seats:
        return game
    then = copy.copy(game)
    then.row = replace(game.row, meta={**game.meta, "seats": held})
    return then


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
