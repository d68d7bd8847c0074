"""Every game's table takes random commands with random options without ever failing: each
refusal is a private message that explains, never the internal-error apology."""

from __future__ import annotations

import io
import os
import random

import pytest

from bot.console import Console, ConsoleWorld, build_service
from bot.games import tables
from bot.model import Place, Request
from bot.storage import SqliteStorage

from .console_driver import FakeImages

ROUNDS = int(os.environ.get("PLATEAU_FUZZ", "150"))
JUNK = [
    "",
    "e2",
    "a1",
    "zz9",
    "-1",
    "0",
    "1",
    "2",
    "99999",
    "queen",
    "knight",
    "fire",
    "white",
    "south",
    "red",
    "on",
    "off",
    "n",
    "e",
    "cw60",
    "A",
    "7",
    "é",
    "🔥",
    "x" * 300,
    "3.5",
    "(1,2)",
    "b1-b3",
    "@e4",
    "d3n",
    "f12/f13",
    "advance c2",
    "offer",
    "accept",
    "standard",
    "parachute",
    "teams",
    "2",
    "4",
    "faceoff",
    "16x8",
    "fire: Ke1; earth: Ka6",
]
KEYS = [
    "from",
    "to",
    "piece",
    "count",
    "army",
    "seat",
    "square",
    "players",
    "points",
    "tiles",
    "terrain",
    "combat",
    "position",
    "message",
    "topic",
    "promote",
    "game",
    "move",
    "action",
    "variant",
    "first",
    "level",
    "placement",
    "units",
    "unit",
    "target",
    "facing",
    "squares",
    "direction",
    "segment",
    "cell",
    "cells",
    "rhombus",
    "distance",
    "corner",
    "angle",
    "to",
    "board",
    "size",
    "south",
    "north",
    "color",
    "opponent",
    "pgn",
]
USERS = ["alice", "bob", "carol", "dave", "zed"]


@pytest.fixture(autouse=True)
def fake_images(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.tables.loka as loka_table

    monkeypatch.setattr(loka_table, "images", FakeImages)


@pytest.mark.parametrize("kind", sorted(t.kind for t in tables()))
async def test_random_commands_never_crash_a_table(kind: str) -> None:
    rng = random.Random(kind)
    storage = SqliteStorage(":memory:")
    await storage.open()
    try:
        world = ConsoleWorld()
        service = build_service(storage, world, 5)
        console = Console(service, world, io.StringIO(), as_json=True)
        table = service.tables[kind]
        seats = list(getattr(table, "seat_order", ())) or ["white", "black"]
        lines = [f"@alice /{kind} new"]
        lines += [
            f"@{u} /{kind} join seat:{s} army:{s}" for u, s in zip(USERS, seats, strict=False)
        ]
        lines.append(f"@alice /{kind} start")
        await console.run(lines)
        (row,) = await storage.unfinished()
        assert row.status == "running", f"{kind} did not start"  # so the fuzz reaches play
        commands = [*table.commands, "nope"]
        for _ in range(ROUNDS):
            options = {k: rng.choice(JUNK) for k in rng.sample(KEYS, rng.randint(0, 4))}
            place = Place(world.channel_id(rng.choice(["general", "elsewhere"])), guild_id=1)
            request = Request(
                kind, rng.choice(commands), world.user(rng.choice(USERS)), place, options
            )
            deliveries = await service.handle(request)
            assert deliveries, request
            for delivery in deliveries:
                assert "went wrong on my side" not in delivery.text, (request, delivery.text)
    finally:
        await storage.close()
