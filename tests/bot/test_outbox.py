"""The transactional outbox: what a change owes players survives a crash between the commit
and the send. Each test commits a command, lets the adapter die before it sends anything (or
half-way), then starts a new service over the same SQLite file: every owed message arrives
once from the players' point of view (a slot's message is edited, never posted twice), and a
further restart sends none of it again."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import bot.tables.loka as loka_table
from bot.console import Console, ConsoleWorld, build_service
from bot.games import tables
from bot.model import Delivery
from bot.storage import Owed, SqlStorage, storage_for
from tests.bot import discord_harness as harness
from tests.bot.console_driver import FakeImages
from tests.bot.discord_harness import FakeDiscord

SEED = 5
SELECTION = "Strategy and army selection"


class Crash(Exception):
    """The process dies here."""


@pytest.fixture(autouse=True)
def fast_loka_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loka_table, "images", FakeImages)


# ---------------------------------------------------------------- the console table


class Recorder(Console):
    """A console that keeps what it printed, and can die before it prints."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seen: list[Delivery] = []
        self.dead = False

    def write(self, delivery: Delivery) -> None:
        if self.dead:
            raise Crash
        self.seen.append(delivery)
        super().write(delivery)


@dataclass
class Run:
    storage: SqlStorage
    console: Recorder

    async def close(self) -> None:
        await self.storage.close()


async def start(db: str) -> Run:
    """A process over ``db``: it prints first what it resumes (the outbox, then the games)."""
    storage = storage_for(db)
    await storage.open()
    world = ConsoleWorld()
    console = Recorder(build_service(storage, world, SEED), world, io.StringIO(), as_json=True)
    for delivery in await console.service.resume():
        await console.emit(delivery)
    return Run(storage, console)


def key(d: Delivery) -> tuple[Any, ...]:
    """What a player sees of a message, and where."""
    files = tuple((a.name, a.data) for a in d.files)
    buttons = tuple((b.custom_id, b.label, b.style, b.disabled) for b in d.buttons)
    return (d.to, d.channel_id, d.user_id, d.text, files, buttons, d.slot, d.secret, d.closes)


@dataclass(frozen=True)
class Scene:
    name: str
    setup: str
    crash: str | Callable[[Any], str]  # the line whose messages the crash holds up
    owed_kinds: tuple[str, ...] = ()  # what the crashed command owed, at least


async def _row(run: Run) -> Any:
    (row,) = await run.storage.unfinished()
    return row


def _to_act(row: Any) -> str:
    table = next(t for t in tables() if t.kind == row.kind)
    return table.rules.to_act(table.rules.from_dict(row.state))[0]


LOKA_LOBBY = (
    "@alice /loka join army:fire\n@bob /loka join army:earth\n"
    "@carol /loka join army:water\n@dave /loka join army:air\n"
)
LOKA_QUICK = '@alice /loka new position:"fire: Ke1 Pe2; earth: Ka6; water: Ke12; air: Kl7"\n'
LOKA_DRAFTS = "".join(
    f"@{user} /loka army add piece:pawn\n@{user} /loka army confirm\n"
    for user in ("alice", "bob", "carol")
)
# A queen's charge with three supporters: a Super D20 waits for Fire's decision, by DM.
LOKA_D20 = (
    '@alice /loka new reroll_minutes:1 position:"fire: Ke1 Qe4 Re8 Bc4 Nf4; earth: Ka6 Pe6; '
    'water: Ke12; air: Kl7; turn: fire"\n'
)
INKA = {"red": "alice", "blue": "bob"}
ALAKO = {"south": "alice", "north": "bob"}

SCENES = [
    Scene(
        "loka start (selection: builders by DM)",
        "@alice /loka new players:4 points:160\n" + LOKA_LOBBY,
        "@alice /loka start",
        ("channel", "dm"),
    ),
    Scene(
        "loka army add (builder and the ally's copy)",
        "@alice /loka new players:4 points:160\n" + LOKA_LOBBY + "@alice /loka start",
        "@alice /loka army add piece:queen",
        ("dm",),
    ),
    Scene(
        "loka army confirm",
        "@alice /loka new players:4 points:160\n"
        + LOKA_LOBBY
        + "@alice /loka start\n@alice /loka army add piece:queen",
        "@alice /loka army confirm",
        ("dm",),
    ),
    Scene(
        "loka last army confirm (reveal, the deployer's DM)",
        "@alice /loka new players:4 points:160\n"
        + LOKA_LOBBY
        + "@alice /loka start\n"
        + LOKA_DRAFTS
        + "@dave /loka army add piece:pawn",
        "@dave /loka army confirm",
        ("channel", "dm"),
    ),
    Scene(
        "loka move to a Super D20 (the decision by DM)",
        LOKA_D20 + LOKA_LOBBY + "@alice /loka start",
        "@alice /loka move from:e4 to:e6",
        ("channel", "dm"),
    ),
    Scene(
        "loka time-out of the decision",
        LOKA_D20 + LOKA_LOBBY + "@alice /loka start\n@alice /loka move from:e4 to:e6",
        "!wait 61s",
        ("channel",),
    ),
    Scene(
        "loka move",
        LOKA_QUICK + LOKA_LOBBY + "@alice /loka start",
        "@alice /loka move from:e2 to:e4",
    ),
    Scene(
        "loa start",
        "@alice /loa new\n@bob /loa join",
        "@alice /loa start",
        ("channel",),
    ),
    Scene(
        "loa move",
        "@alice /loa new\n@bob /loa join\n@alice /loa start",
        lambda row: f"@{row.meta['names'][str(row.seats['white'])]} /loa move move:a2-c4",
        ("channel",),
    ),
    Scene(
        "echec start (secret placement by DM)",
        "@alice /echec new level:2 placement:secret\n"
        "@alice /echec join seat:south\n@bob /echec join seat:north",
        "@alice /echec start",
        ("channel", "dm"),
    ),
    Scene(
        "echec setup place (secret: the placer's DM)",
        "@alice /echec new level:2 placement:secret\n"
        "@alice /echec join seat:south\n@bob /echec join seat:north\n@alice /echec start",
        "@alice /echec setup place unit:archers square:b1 facing:n",
        ("dm",),
    ),
    Scene(
        "echec setup autoplace",
        "@alice /echec new level:2 placement:secret\n"
        "@alice /echec join seat:south\n@bob /echec join seat:north\n@alice /echec start",
        "@alice /echec setup autoplace",
        ("dm",),
    ),
    Scene(
        "alako start (lots drawn)",
        "@alice /alako new\n@alice /alako join seat:south\n@bob /alako join seat:north",
        "@alice /alako start",
        ("channel",),
    ),
    Scene(
        "alako spin",
        "@alice /alako new\n@alice /alako join seat:south\n@bob /alako join seat:north\n"
        "@alice /alako start",
        lambda row: f"@{ALAKO[_to_act(row)]} /alako spin",
        ("channel",),
    ),
    Scene(
        "inka start",
        "@alice /inka new players:2\n@alice /inka join seat:red\n@bob /inka join seat:blue",
        "@alice /inka start",
        ("channel",),
    ),
    Scene(
        "inka choose",
        "@alice /inka new players:2\n@alice /inka join seat:red\n@bob /inka join seat:blue\n"
        "@alice /inka start",
        lambda row: f"@{INKA[_to_act(row)]} /inka choose cell:l6",
        ("channel",),
    ),
    Scene(
        "chess start (colours drawn)",
        "@alice /chess new color:random\n@bob /chess join",
        "@alice /chess start",
        ("channel",),
    ),
    Scene(
        "chess move",
        "@alice /chess new color:white\n@bob /chess join\n@alice /chess start",
        "@alice /chess move move:e4",
        ("channel",),
    ),
]


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
async def test_a_crash_between_commit_and_send_loses_no_message(db: str, scene: Scene) -> None:
    first = await start(db)
    try:
        await first.console.run(scene.setup.strip().splitlines())
        row = await _row(first)
        line = scene.crash if isinstance(scene.crash, str) else scene.crash(row)
        service = first.console.service
        answered: list[Delivery] = []
        handle = service.handle

        async def handle_and_remember(request: Any) -> list[Delivery]:
            answered.extend(await handle(request))
            return answered

        expire = service.expire

        async def expire_and_remember() -> list[Delivery]:
            answered.extend(await expire())
            return answered

        service.handle = handle_and_remember  # type: ignore[method-assign]
        service.expire = expire_and_remember  # type: ignore[method-assign]
        first.console.dead = True  # the adapter dies as it starts sending
        with pytest.raises(Crash):
            await first.console.line(line)
    finally:
        await first.close()
    owed = [d for d in answered if d.to != "private"]
    assert owed, f"{line} owed nothing"
    assert all(isinstance(d, Owed) for d in owed)
    assert {d.to for d in owed} >= set(scene.owed_kinds)

    second = await start(db)
    try:
        seen = [key(d) for d in second.console.seen]
        for d in owed:
            assert seen.count(key(d)) == 1, (d.to, d.slot, d.text[:80])
        assert all(d.to != "private" for d in second.console.seen)  # the actor's reply is not
        assert (await _row(second)).version > row.version  # the change was committed
        assert await second.storage.unsent() == []
    finally:
        await second.close()

    third = await start(db)  # the outbox is empty: only the usual "back after a restart"
    try:
        assert not any(isinstance(d, Owed) for d in third.console.seen)
    finally:
        await third.close()


async def test_what_was_sent_before_the_crash_is_not_sent_again(db: str) -> None:
    """The adapter dies after its second message: the first two are not sent again."""
    first = await start(db)
    try:
        await first.console.run(
            ("@alice /loka new players:4 points:160\n" + LOKA_LOBBY).strip().splitlines()
        )
        printed = len(first.console.seen)
        write = first.console.write

        def write_twice(delivery: Delivery) -> None:
            if len(first.console.seen) - printed == 2:
                raise Crash
            write(delivery)

        first.console.write = write_twice  # type: ignore[method-assign]
        with pytest.raises(Crash):
            await first.console.line("@alice /loka start")
        sent = first.console.seen[printed:]
    finally:
        await first.close()
    assert [d.to for d in sent] == ["channel", "channel"]  # the lobby, the selection post
    second = await start(db)
    try:
        again = [key(d) for d in second.console.seen]
        assert not any(key(d) in again for d in sent)
        assert [d.to for d in second.console.seen[:4]] == ["dm"] * 4  # the four builders
    finally:
        await second.close()


async def test_outbox_rows_keep_pictures_buttons_and_slots(db: str) -> None:
    storage = storage_for(db)
    await storage.open()
    try:
        world = ConsoleWorld()
        service = build_service(storage, world, SEED)
        console = Console(service, world, io.StringIO(), as_json=True)
        console.write = lambda delivery: None  # type: ignore[method-assign]
        console.emit = _never  # type: ignore[method-assign]
        await console.run(
            ("@alice /chess new color:white\n@bob /chess join\n@alice /chess start").splitlines()
        )
        told = await service.handle(_request(world, "alice", "chess", "move", move="e4"))
        (post,) = told
        assert isinstance(post, Owed) and post.files and post.buttons == []
        unsent = await storage.unsent()
        assert unsent[-1] == post and unsent[-1].files[0].data == post.files[0].data
        assert unsent[-1].nonce == post.nonce and len(post.nonce) <= 25
        lobby = next(d for d in unsent if d.slot)
        assert lobby.slot.startswith("lobby:") and lobby.to == "channel"
        for row in unsent:
            await service.delivered(row)
        assert await storage.unsent() == []
    finally:
        await storage.close()


async def _never(delivery: Delivery) -> None:
    return None


def _request(world: ConsoleWorld, user: str, game: str, command: str, **options: str) -> Any:
    from bot.model import Place, Request

    place = Place(world.channel_id("general"), guild_id=1)
    return Request(game, command, world.user(user), place, options)


def test_every_game_is_covered() -> None:
    games = {s.setup.split()[1].lstrip("/") for s in SCENES}
    assert games == {t.kind for t in tables()}


# ---------------------------------------------------------------- on Discord (faked)


class LokaRig(harness.Rig):
    game = "loka"
    seats = (("alice", "fire"), ("bob", "earth"), ("carol", "water"), ("dave", "air"))


class EchecRig(harness.Rig):
    game = "echec"
    people_names = ("alice", "bob")
    seats = (("alice", "south"), ("bob", "north"))


def _crash_on_send(rig: harness.Rig) -> None:
    async def send(*args: Any, **kwargs: Any) -> None:
        raise Crash

    rig.bot.courier.send = send  # type: ignore[method-assign]


def _dm_messages(world: FakeDiscord, user: harness.User) -> list[dict[str, Any]]:
    channel = world.dm_of.get(user.id)
    return [m for m in world.messages.values() if int(m["channel_id"]) == channel]


async def test_loka_start_crash_on_discord_builders_and_post_arrive_once(tmp_path: Path) -> None:
    async with LokaRig.running(str(tmp_path / "p.db")) as rig:
        game_id, thread = await rig.open_table(players=4, points=160)
        await rig.seat(game_id)
        lobby_posts = len(rig.world.posts(thread))
        _crash_on_send(rig)
        await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
        assert len(rig.world.posts(thread)) == lobby_posts  # nothing went out
        builders_before = {n: len(_dm_messages(rig.world, rig[n])) for n in rig.people}

        await rig.restart()
        await rig.bot.on_ready()  # resume: the outbox first
        posts = [c.content for c in rig.world.posts(thread)]
        assert sum(SELECTION in p for p in posts) == 1, posts
        (lobby,) = [
            m
            for m in rig.world.messages.values()
            if int(m["channel_id"]) == thread
            and f"`{game_id}`" in m["content"]
            and "opened by" in m["content"]
        ]
        assert lobby["edited_timestamp"] is not None and lobby["components"] == []  # edited
        for name in rig.people:
            dms = _dm_messages(rig.world, rig[name])
            builders = [m for m in dms if "points. Use the buttons" in m["content"]]
            assert len(dms) - builders_before[name] >= 1 and len(builders) == 1, name

        await rig.restart()
        await rig.bot.on_ready()  # nothing is owed any more
        assert sum(SELECTION in c.content for c in rig.world.posts(thread)) == 1
        assert await rig.storage.unsent() == []


async def test_a_post_sent_but_not_marked_is_not_posted_twice(tmp_path: Path) -> None:
    """The adapter dies after Discord took a post, before it marked it sent: the restart
    sends it again with the same nonce, and Discord gives back the first one."""
    async with LokaRig.running(str(tmp_path / "p.db")) as rig:
        game_id, thread = await rig.open_table(players=4, points=160)
        await rig.seat(game_id)
        service = rig.bot.service
        marked: list[Delivery] = []
        delivered = service.delivered

        async def die_at_the_second(delivery: Delivery) -> None:
            if len(marked) == 1:
                raise Crash  # the selection post went out; its row is still unsent
            marked.append(delivery)
            await delivered(delivery)

        service.delivered = die_at_the_second  # type: ignore[method-assign]
        await rig.d.press(f"plateau:loka:{game_id}:start", user=rig["alice"])
        await rig.restart()
        await rig.bot.on_ready()
        repeats = [c for c in rig.world.calls if c.repeated]
        assert len(repeats) == 1 and SELECTION in repeats[0].content
        shown = [
            m["content"]
            for m in rig.world.messages.values()
            if int(m["channel_id"]) == thread and SELECTION in m["content"]
        ]
        assert len(shown) == 1


async def test_echec_secret_placement_dms_survive_a_crash_on_discord(tmp_path: Path) -> None:
    async with EchecRig.running(str(tmp_path / "p.db")) as rig:
        game_id, thread = await rig.open_table(level=2, placement="secret")
        await rig.seat_and_start(game_id)
        placement = {n: _dm_messages(rig.world, rig[n]) for n in ("alice", "bob")}
        assert all(len(dms) == 2 for dms in placement.values())  # the probe, the placement
        _crash_on_send(rig)
        await rig.slash("alice", "echec setup autoplace", channel=thread)
        await rig.restart()
        await rig.bot.on_ready()
        after = _dm_messages(rig.world, rig["alice"])
        assert len(after) == 2  # still one placement message: edited in place
        (dm,) = [m for m in after if "Place" in m["content"] or "place" in m["content"]]
        assert dm["edited_timestamp"] is not None
        assert len(_dm_messages(rig.world, rig["bob"])) == 2
