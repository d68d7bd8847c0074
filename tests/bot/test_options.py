"""The service's edge (bot.options): every option is checked by type and range before a table
reads it, unknown options are refused by name, and a broken request is answered, never
raised."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from discord import app_commands

from bot.console import Console, ConsoleWorld, build_service
from bot.games import cogs, tables
from bot.i18n import t
from bot.model import Actor, Delivery, Place, Request
from bot.options import (
    INT64_MAX,
    INT64_MIN,
    NUMBER,
    SHARED,
    GameId,
    Real,
    Text,
    UserId,
    check_request,
    declared,
)
from bot.service import TableService
from bot.storage import SqliteStorage

from .console_driver import FakeImages, console_over

APOLOGY = t("en", "error.internal")


@pytest.fixture(autouse=True)
def fake_images(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.tables.loka as loka_table

    monkeypatch.setattr(loka_table, "images", FakeImages)


@pytest.fixture
async def world() -> AsyncIterator[tuple[TableService, ConsoleWorld, SqliteStorage]]:
    storage = SqliteStorage(":memory:")
    await storage.open()
    world = ConsoleWorld()
    service = build_service(storage, world, 3)
    console = Console(service, world, io.StringIO(), as_json=True)
    await console.run(["@alice /chess new", "@bob /chess join", "@alice /chess start"])
    try:
        yield service, world, storage
    finally:
        await storage.close()


def _request(world: ConsoleWorld, command: str, user: str = "alice", **options: Any) -> Request:
    place = Place(world.channel_id("general"), guild_id=1)
    return Request("chess", command, world.user(user), place, options)


async def _refusal(service: TableService, request: Any) -> str:
    (reply,) = await service.handle(request)
    assert reply.to == "private"
    assert APOLOGY not in reply.text
    return reply.text


# ---------------------------------------------------------------- names


async def test_an_unknown_option_is_refused_with_the_commands_options(world) -> None:
    service, w, _ = world
    text = await _refusal(service, _request(w, "move", move="e4", frm="e2"))
    assert text == "/chess move has no option `frm`. Its options: game, move."
    french = Request("chess", "move", Actor(5, "zoé", "fr"), Place(1, guild_id=1), {"x": "1"})
    assert await _refusal(service, french) == (
        "/chess move n'a pas d'option `x`. Ses options : game, move."
    )


async def test_every_command_of_every_game_refuses_an_unknown_option_by_name() -> None:
    """Typed at the console (as on Discord, through the same service), each command of each
    game in the registry refuses an option it does not take, privately, listing the ones it
    does: nothing is ignored."""
    checked = 0
    async with console_over() as console:
        out = console.out
        assert isinstance(out, io.StringIO)
        for table in tables():
            for command in table.commands:
                start = len(out.getvalue())
                await console.line(f"@alice /{table.kind} {command} zz_unknown:1")
                (reply,) = [json.loads(line) for line in out.getvalue()[start:].splitlines()]
                known = ", ".join(sorted(declared(table, command))) or "-"
                wanted = t(
                    "en",
                    "error.unknown_option",
                    command=f"/{table.kind} {command}",
                    option="zz_unknown",
                    known=known,
                )
                assert (reply["to"], reply["text"]) == ("private", wanted), (table.kind, command)
                checked += 1
        # Each game's every command: the registry holds the five games and chess.
        assert {table.kind for table in tables()} >= {"loka", "loa", "echec", "inka", "alako"}
        assert checked >= 60


@pytest.mark.parametrize("name", ["thread_id", "guild_name", "start", "seat", "", "x" * 5000])
async def test_internal_looking_names_are_never_read(world, name: str) -> None:
    service, w, _ = world
    text = await _refusal(service, _request(w, "new", **{name: "anything"}))
    assert "has no option" in text and len(text) < 200  # a huge name is quoted short


async def test_the_shared_commands_and_each_tables_own_are_merged() -> None:
    (loka,) = [t for t in tables() if t.kind == "loka"]
    assert set(declared(loka, "join")) == {"seat", "army", "game"}
    assert "language" in declared(loka, "new") and "players" in declared(loka, "new")
    assert declared(loka, "no such command") == {}


def test_every_command_of_every_table_declares_its_options() -> None:
    """A command declared nowhere takes no option: declare each one."""
    for table in tables():
        for command in table.commands:
            assert command in SHARED or command in table.options, (table.kind, command)


def _cog_commands(cog: type) -> list[tuple[str, list[str]]]:
    found = []
    for command in cog.__cog_app_commands__:  # type: ignore[attr-defined]
        subs = command.commands if isinstance(command, app_commands.Group) else [command]
        for sub in subs:
            name = f"{command.name} {sub.name}" if sub is not command else sub.name
            found.append((name, [p.display_name for p in sub.parameters]))
    return found


def test_every_discord_parameter_is_a_declared_option() -> None:
    """What the slash commands send (the cog passes its parameters by name) passes."""
    by_kind = {table.kind: table for table in tables()}
    for cog in cogs():
        table = by_kind[cog.kind]
        for command, parameters in _cog_commands(cog):
            assert command in table.commands, (cog.kind, command)
            missing = set(parameters) - set(declared(table, command))
            assert not missing, (cog.kind, command, missing)


BUTTON_ACTIONS = [
    "leave",
    "start",
    "reroll",
    "keep",
    "army:fire:add:queen",
    "army:fire:remove:pawn",
    "army:fire:confirm",
    "autoplace",
    "confirm",
    "roll",
    "end",
    "take",
    "choose:l6",
    "passage:a13",
    "draw:accept",
    "draw:decline",
    "do:3:spin",
    "do:3:knight_n",
    "do:3:dismount_e",
    "do:3:build_d3n",
    "do:3:climb",
    "do:3:climb_d3n",
    "do:3:pass",
]


def test_every_button_press_is_accepted_at_the_edge() -> None:
    by_kind = {table.kind: table for table in tables()}
    place = Place(10, guild_id=1)
    pressed = 0
    for cog in cogs():
        for button in cog.buttons:
            seats = [f"join:{seat}" for seat in button.seats]
            for action in [*seats, *BUTTON_ACTIONS]:
                parsed = button.to_request("0a1b2c3d", action)
                if parsed is None:
                    continue
                command, options = parsed
                request = Request(cog.kind, command, Actor(1, "a"), place, options)
                checked = check_request(request, by_kind)
                assert isinstance(checked, Request), (cog.kind, action, checked)
                pressed += 1
    assert pressed > 20


# ---------------------------------------------------------------- values


@pytest.mark.parametrize(
    ("options", "wanted"),
    [
        ({"move": "e\ud800"}, "move holds characters that are not valid text"),
        ({"move": "e4" * 100}, "move is too long: at most 100 characters."),
        ({"move": 4}, "move must be text, at most 100 characters."),
        ({"move": ["e4"]}, "move must be text"),
        ({"move": {"e": 4}}, "move must be text"),
        ({"move": object()}, "move must be text"),
        ({"game": "../etc"}, "game must be a game id such as `3fa2b1c0`"),
        ({"game": 2**64}, "game must be a game id"),
        ({"game": "x" * 33}, "game must be a game id"),
    ],
)
async def test_values_of_the_wrong_shape_are_refused_naming_the_option(
    world, options: dict[str, Any], wanted: str
) -> None:
    service, w, _ = world
    assert wanted in await _refusal(service, _request(w, "move", **options))


@pytest.mark.parametrize("opponent", [2**64, 2**63, 0, -5, True, 1.5, "abc", "<@x>", "9" * 21])
async def test_an_opponent_is_a_user_id_within_64_bits(world, opponent: Any) -> None:
    service, w, _ = world
    text = await _refusal(service, _request(w, "new", opponent=opponent))
    assert text.startswith("opponent must be a member")


async def test_a_good_opponent_and_a_none_value_pass(world) -> None:
    service, w, storage = world
    bob = w.user("bob").id
    replies = await service.handle(_request(w, "new", "carol", opponent=f"<@{bob}>", color=None))
    assert any(d.to == "channel" for d in replies)
    (lobby,) = [g for g in await storage.games_in_channel(w.channel_id("general")) if not g.state]
    assert lobby.meta["opponent"] == bob


def test_kinds_by_value() -> None:
    assert NUMBER.refusal(INT64_MAX) is None and NUMBER.refusal(INT64_MIN) is None
    for bad in (INT64_MAX + 1, INT64_MIN - 1, True, 1.0, float("nan"), [], None):
        assert NUMBER.refusal(bad) is not None, bad
    assert NUMBER.refusal("four") is None  # text: the table reads it and names its range
    real = Real()
    assert real.refusal(1.5) is None and real.refusal(-3) is None
    for bad in (float("nan"), float("inf"), -float("inf"), True, 2**64, {}):
        assert real.refusal(bad) is not None, bad
    assert Text(3).refusal("abc") is None and Text(3).refusal("abcd") is not None
    assert Text().refusal("\x00 🔥 \u202e {0} %s") is None  # odd, but valid text
    assert GameId().refusal("3fa2b1c0") is None and GameId().refusal("") is None
    assert GameId().refusal("3fa2 b1c0") is not None
    assert UserId().refusal("<@!42>") is None and UserId().refusal(42) is None


async def test_an_integer_beyond_64_bits_never_reaches_sqlite(world) -> None:
    service, w, _ = world
    request = Request("loka", "new", w.user("alice"), Place(7, guild_id=1), {"points": 2**64})
    assert "points must be a whole number" in await _refusal(service, request)


# ---------------------------------------------------------------- actor, place, request


async def test_an_actor_without_a_locale_speaks_english_and_is_remembered(world) -> None:
    service, _, storage = world
    actor = Actor(77, "\ud800bad\udfffname", locale=None)  # type: ignore[arg-type]
    replies = await service.handle(Request("chess", "rules", actor, Place(7, guild_id=1)))
    assert replies and APOLOGY not in replies[0].text
    assert await storage.locale(77) == "en"
    checked = check_request(Request("chess", "rules", actor, Place(7)), {})
    assert isinstance(checked, Request)
    assert checked.actor.name == "?bad?name" and checked.actor.locale == "en"


@pytest.mark.parametrize(
    "request_",
    [
        None,
        object(),
        "loka move",
        Request("chess", "move", None, Place(1)),  # type: ignore[arg-type]
        Request("chess", "move", Actor(2**64, "a"), Place(1)),
        Request("chess", "move", Actor(-1, "a"), Place(1)),
        Request("chess", "move", Actor(True, "a"), Place(1)),  # type: ignore[arg-type]
        Request("chess", "move", Actor("1", "a"), Place(1)),  # type: ignore[arg-type]
        Request("chess", "move", Actor(1, "a"), None),  # type: ignore[arg-type]
        Request("chess", "move", Actor(1, "a"), Place(2**64)),
        Request("chess", "move", Actor(1, "a"), Place(1, guild_id=-1)),
        Request("chess", "move", Actor(1, "a"), Place(1, parent_id="2")),  # type: ignore[arg-type]
        Request(None, "move", Actor(1, "a"), Place(1)),  # type: ignore[arg-type]
        Request("chess", ["move"], Actor(1, "a"), Place(1)),  # type: ignore[arg-type]
        Request("chess", "\ud800", Actor(1, "a"), Place(1)),
        Request("chess", "move", Actor(1, "a"), Place(1), ["move"]),  # type: ignore[arg-type]
        Request("chess", "move", Actor(1, "a"), Place(1), {5: "e4"}),  # type: ignore[dict-item]
    ],
)
async def test_a_broken_request_gets_a_private_refusal_never_an_exception(
    world, request_: Any
) -> None:
    service, _, _ = world
    replies = await service.handle(request_)
    assert len(replies) == 1
    (reply,) = replies
    assert isinstance(reply, Delivery) and reply.to == "private"
    assert APOLOGY not in reply.text


async def test_an_unknown_command_is_refused_as_before_whatever_its_options(world) -> None:
    service, w, _ = world
    text = await _refusal(service, _request(w, "fly", **{"\ud800": object()}))
    assert text.startswith("/chess fly is not a command.")
