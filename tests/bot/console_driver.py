"""Drive whole games through the console table, choosing legal actions from the engine."""

from __future__ import annotations

import io
import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from bot.console import Console, ConsoleWorld, build_service
from bot.storage import SqliteStorage
from engine.loka import (
    OVER,
    SELECTION,
    Deploy,
    Draft,
    Keep,
    Move,
    Reroll,
    from_dict,
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


@dataclass
class Table:
    """A console table over a real SQLite file, with JSON output collected."""

    db: str = ":memory:"
    seed: int | None = 7
    out: io.StringIO = field(default_factory=io.StringIO)
    storage: SqliteStorage | None = None
    console: Console | None = None

    async def open(self) -> Table:
        self.storage = SqliteStorage(self.db)
        await self.storage.open()
        world = ConsoleWorld()
        service = build_service(self.storage, world, self.seed)
        self.console = Console(service, world, self.out, as_json=True)
        for delivery in await service.resume():
            await self.console.emit(delivery)
        return self

    async def close(self) -> None:
        assert self.storage is not None
        await self.storage.close()

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

    async def game(self) -> tuple[str, dict]:
        assert self.storage is not None
        rows = await self.storage.unfinished()
        if not rows:
            async with self.storage.db.execute("SELECT id FROM games ORDER BY created_at") as c:
                last = (await c.fetchall())[-1][0]
            row = await self.storage.load(last)
        else:
            row = rows[-1]
        assert row is not None
        return row.id, {"row": row, "state": None if row.state is None else from_dict(row.state)}


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
        return f"@{user} /loka reroll"
    if isinstance(action, Keep):
        return f"@{user} /loka keep"
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
