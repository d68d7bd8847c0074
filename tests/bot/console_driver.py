"""Drive whole games through the console table, choosing legal actions from the engine."""

from __future__ import annotations

import asyncio
import io
import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from bot.console import Console, ConsoleWorld, build_service
from bot.model import Delivery, Place, Request
from bot.storage import GameRow, SqliteStorage
from engine.loka import (
    OVER,
    SELECTION,
    Deploy,
    Draft,
    Keep,
    Move,
    Reroll,
    legal_actions,
    to_act,
)
from engine.loka.pieces import BOUGHT, NAME

PROMOTION_NAMES = {2: "queen", 3: "rook", 4: "bishop", 5: "knight"}


@asynccontextmanager
async def console_over(db: str = ":memory:", seed: int | None = 7) -> AsyncIterator[Console]:
    """A console table (JSON output) over a storage opened for the block and closed after;
    its service is ``console.service``, its world ``console.world``."""
    storage = SqliteStorage(db)
    await storage.open()
    try:
        world = ConsoleWorld()
        yield Console(build_service(storage, world, seed), world, io.StringIO(), as_json=True)
    finally:
        await storage.close()


def recorded(monkeypatch: Any) -> list[Delivery]:
    """Every delivery the console emits from now on, as the table made it (with its
    pictures and buttons), for the test that ``monkeypatch`` undoes."""
    seen: list[Delivery] = []
    emit = Console.emit

    async def recording(console: Console, delivery: Delivery) -> None:
        seen.append(delivery)
        await emit(console, delivery)

    monkeypatch.setattr(Console, "emit", recording)
    return seen


async def at_once(
    console: Console, user: str, kind: str, command: str, *options: dict[str, Any]
) -> list[list[Delivery]]:
    """``/<kind> <command>`` by ``user`` in the general channel, once for each of ``options``,
    all handled at the same time (as two quick clicks are); gives each one's deliveries."""
    place = Place(console.world.channel_id("general"), guild_id=1)
    actor = console.world.user(user)
    requests = [Request(kind, command, actor, place, dict(o)) for o in options]
    return list(await asyncio.gather(*(console.service.handle(r) for r in requests)))


@dataclass
class Table:
    """A console table over a real SQLite file, with JSON output collected; ``async with
    Table() as table:`` opens it for the block and closes it after. A game's state is read
    by its own table's rules, as the service reads it."""

    db: str = ":memory:"
    seed: int | None = 7
    frozen: float | None = None  # the world's clock, moved by !wait only (ConsoleWorld)
    out: io.StringIO = field(default_factory=io.StringIO)
    storage: SqliteStorage | None = None
    console: Console | None = None

    async def open(self) -> Table:
        self.storage = SqliteStorage(self.db)
        await self.storage.open()
        world = ConsoleWorld(frozen=self.frozen)
        service = build_service(self.storage, world, self.seed)
        self.console = Console(service, world, self.out, as_json=True)
        for delivery in await service.resume():
            await self.console.emit(delivery)
        return self

    async def close(self) -> None:
        assert self.storage is not None
        await self.storage.close()

    async def __aenter__(self) -> Table:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def run(self, script: str) -> list[dict]:
        """Run lines; return the deliveries they produced."""
        assert self.console is not None
        start = len(self.out.getvalue())
        await self.console.run(script.strip().splitlines())
        produced = self.out.getvalue()[start:]
        return [json.loads(line) for line in produced.splitlines() if line]

    async def resign(self, user: str, kind: str, game: str | None = None) -> list[dict]:
        """``/<kind> resign`` as a player does it: the question, then a press of its
        [Resign] button. Gives what the press produced, or the refusal of the question."""
        asked = await self.run(resign_lines(user, kind, game)[0])
        if not any(b.endswith(":resign") for d in asked for b in d.get("buttons", [])):
            return asked
        return await self.run(resign_lines(user, kind, game)[1])

    def deliveries(self) -> list[dict]:
        return [json.loads(line) for line in self.out.getvalue().splitlines() if line]

    async def latest(self) -> tuple[GameRow, Any]:
        """The last game opened: its row and state (None before it starts)."""
        assert self.storage is not None
        async with self.storage.db.execute("SELECT id FROM games ORDER BY created_at") as c:
            last = (await c.fetchall())[-1][0]
        row = await self.storage.load(last)
        assert row is not None
        return row, self.state_of(row)

    def state_of(self, row: GameRow) -> Any:
        """A game's state (None before it starts), read by its game's table."""
        assert self.console is not None
        rules = self.console.service.tables[row.kind].rules
        return None if row.state is None else rules.from_dict(row.state)

    async def game(self) -> tuple[str, dict]:
        """The last unfinished game (else the last one): its id, and its row and state."""
        assert self.storage is not None
        rows = await self.storage.unfinished()
        row, state = await self.latest() if not rows else (rows[-1], self.state_of(rows[-1]))
        return row.id, {"row": row, "state": state}


def refused_privately(out: list[dict], *fragments: str) -> list[str]:
    """Every delivery in ``out`` went to its player alone (a refusal tells no one else), and
    the i-th says ``fragments[i]``; gives the deliveries' texts."""
    assert all(d["to"] == "private" for d in out), out
    texts = [d["text"] for d in out]
    assert len(texts) >= len(fragments), texts
    for text, fragment in zip(texts, fragments, strict=False):
        assert fragment in text, (fragment, text)
    return texts


def lobby_lines(kind: str, seats: dict[str, str], new: str | None = "") -> str:
    """The console lines of a lobby: alice opens ``/<kind> new <new>`` (none if ``new`` is
    None), each player takes their seat (``seats``: seat -> user), alice starts."""
    opening = [] if new is None else [f"@alice /{kind} new {new}".rstrip()]
    joins = [f"@{user} /{kind} join seat:{seat}" for seat, user in seats.items()]
    return "\n".join([*opening, *joins, f"@alice /{kind} start"])


def resign_lines(user: str, kind: str, game: str | None = None) -> list[str]:
    """The console lines of a resignation: the command asks, the button does it."""
    where = f" game:{game}" if game else ""
    return [f"@{user} /{kind} resign{where}", f"!press @{user} resign"]


def line_for(user: str, action: object, army: str) -> str:
    """The console line a player would type for an engine action."""
    if isinstance(action, Move):
        promote = f" promote:{PROMOTION_NAMES[action.promotion]}" if action.promotion else ""
        return f"@{user} /loka move from:{action.src} to:{action.dst}{promote}"
    if isinstance(action, Deploy):
        return f"@{user} /loka deploy piece:{NAME[action.kind]} square:{action.square}"
    if isinstance(action, Reroll):
        return f"@{user} /loka d20 reroll"
    if isinstance(action, Keep):
        return f"@{user} /loka d20 keep"
    raise AssertionError(f"no console line for {action}")


def army_lines(user: str, army: str, draft: Draft) -> list[str]:
    lines = []
    for kind, n in zip(BOUGHT, draft.counts, strict=True):
        if n:
            lines.append(f"@{user} /loka army add piece:{NAME[kind]} count:{n} army:{army}")
    lines.append(f"@{user} /loka army confirm army:{army}")
    return lines


async def play_to_the_end(
    table: Table, users: dict[str, str], rng: random.Random, *, max_steps: int = 3000
) -> dict:
    """From army selection on, every seated user picks random legal actions until the end.
    ``users`` maps army -> user name."""
    for _ in range(max_steps):
        _, info = await table.game()
        state = info["state"]
        if state is None or state.phase == OVER:
            return info
        army = to_act(state)[0]
        user = users[army]
        if state.phase == SELECTION:
            drafts = [
                a for a in legal_actions(state, army) if isinstance(a, Draft) and any(a.counts)
            ]
            await table.run("\n".join(army_lines(user, army, rng.choice(drafts))))
            continue
        action = rng.choice(legal_actions(state, army))
        await table.run(line_for(user, action, army))
    raise AssertionError("the game did not end")


def png_bytes() -> bytes:
    from io import BytesIO

    from PIL import Image

    buffer = BytesIO()
    Image.new("RGB", (4, 4), (200, 100, 50)).save(buffer, "PNG")
    return buffer.getvalue()


class FakeImages:
    """Stands in for the renderer where a test is about the table, not the pictures."""

    calls: ClassVar[list[str]] = []

    @staticmethod
    def board(*args: object) -> bytes:
        FakeImages.calls.append("board")
        return png_bytes()

    @staticmethod
    def army_card(*args: object) -> bytes:
        FakeImages.calls.append("army_card")
        return png_bytes()

    @staticmethod
    def summary(*args: object) -> bytes:
        FakeImages.calls.append("summary")
        return png_bytes()


def write_script(path: Path, lines: list[str]) -> None:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
