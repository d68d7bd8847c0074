"""The console table end to end: whole games, errors, secrecy, determinism, restarts."""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
from pathlib import Path

import pytest

import bot.tables.loka as loka_table
from bot.console import Console, parse_line, run
from bot.games import tables
from bot.model import Delivery, Place, Request
from bot.tables.loka_text import describe
from engine.loka import DEPLOYMENT, OVER, SELECTION, Draft, from_dict, legal_actions, to_act
from engine.protocol import Event

from .console_driver import (
    FakeImages,
    Table,
    army_lines,
    at_once,
    console_over,
    line_for,
    play_to_the_end,
    refused_privately,
)

FOUR = {"fire": "alice", "earth": "bob", "water": "carol", "air": "dave"}
TWO = {"fire": "alice", "earth": "bob", "water": "alice", "air": "bob"}
LOBBY4 = """
@alice /loka new players:4 points:160
@alice /loka join army:fire
@bob /loka join army:earth
@carol /loka join army:water
@dave /loka join army:air
@alice /loka start
"""


def super_d20(earth: str = "", air: str = "") -> str:
    """Fire's queen on e5 attacks Earth's pawn on e6 with five supporters: a Super D20
    (charge, prowess, 4 more). ``earth`` and ``air`` add pieces to those armies."""
    fire = "fire: Ke1 Qe5 Rd6 Rf6 Bd5 Nf4 Nd4"
    return f"{fire}; earth: Ka6 Pe6{earth}; water: Ke12; air: Kl7{air}; turn: fire"


def opened(options: str) -> str:
    """LOBBY4 with its ``/loka new`` given these options (a position, a rule switched off)."""
    return f"@alice /loka new {options}\n" + "\n".join(LOBBY4.strip().splitlines()[1:])


@pytest.fixture(autouse=True)
def fake_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loka_table, "images", FakeImages)


class Posts:
    """Every delivery a console table emits, as the table made it (with its ``slot``, which
    the console's JSON lines leave out), and the board pictures the game's channel gets turn
    by turn. Every game's count test uses it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.all: list[Delivery] = []
        self.turns: list[int] = []  # board pictures in the channel, one entry a turn
        self._mark = 0
        emit = Console.emit

        async def recording(console: Console, delivery: Delivery) -> None:
            self.all.append(delivery)
            await emit(console, delivery)

        monkeypatch.setattr(Console, "emit", recording)

    @property
    def channel(self) -> list[Delivery]:
        return [d for d in self.all if d.to == "channel"]

    def boards(self, deliveries: list[Delivery]) -> int:
        """Board pictures that channel posts add to the thread (Loka's army cards and end
        summary are not boards; a slot's message after its first is an edit in place)."""
        seen = {d.slot for d in self.all[: self._first(deliveries)] if d.slot}
        count = 0
        for d in deliveries:
            if d.to != "channel" or (d.slot and d.slot in seen):
                continue
            seen.add(d.slot)
            count += sum(
                1
                for f in d.files
                if f.name.endswith(".png")
                and not f.name.startswith("army-")
                and not f.name.endswith("-end.png")
            )
        return count

    def _first(self, deliveries: list[Delivery]) -> int:
        return next((i for i, d in enumerate(self.all) if deliveries and d is deliveries[0]), 0)

    def begin(self) -> None:
        """Turns are counted from here (after the lobby and the start)."""
        self._mark = len(self.all)

    def end_turn(self) -> int:
        """A turn is over: the board pictures the channel got during it."""
        self.turns.append(self.boards(self.all[self._mark :]))
        self._mark = len(self.all)
        return self.turns[-1]


async def test_parse_line_reads_options_and_multiword_values() -> None:
    assert parse_line("/loka army add piece:queen count:2") == (
        "loka",
        "army add",
        {"piece": "queen", "count": "2"},
    )
    assert parse_line("/loka team message:go left now")[2] == {"message": "go left now"}
    game, command, options = parse_line('/loka new position:"fire: Ke1; earth: Ka6"')
    assert (game, command, options["position"]) == ("loka", "new", "fire: Ke1; earth: Ka6")


@pytest.mark.parametrize(
    ("line", "command", "options"),
    [
        ("/loka army add queen 2", "army add", {"piece": "queen", "count": "2"}),
        ("/loka move e2 e4 game:ab12", "move", {"from": "e2", "to": "e4", "game": "ab12"}),
        ("/loka move e4 from:e2", "move", {"from": "e2", "to": "e4"}),  # named ones are set
        ('/loka team "go left" game:ab12', "team", {"message": "go left", "game": "ab12"}),
        ("/loka join fire", "join", {"army": "fire"}),  # the table's own before the shared seat
        ("/loka new position:a b", "new", {"position": "a b"}),  # after a name: its value
        ("/loka mvoe e2 e4", "mvoe e2 e4", {}),  # unknown: the service names the commands
        ("/nogame move e2", "move e2", {}),
    ],
)
async def test_words_without_a_name_fill_the_options_in_order(
    line: str, command: str, options: dict[str, str]
) -> None:
    game = line.split()[0][1:]
    assert parse_line(line, {t.kind: t for t in tables()}) == (game, command, options)


async def test_too_many_words_without_a_name_are_answered_privately() -> None:
    async with Table() as table:
        await table.run("@alice /loka new players:2")
        out = await table.run("@alice /loka join fire earth air\n@alice /loka help me")
        assert [(d["to"], d["user"]) for d in out] == [("private", "alice")] * 2
        assert out[0]["text"] == (
            "/loka join takes these options, in order: army, seat, game:<id> (by name only). "
            "Too many words without a name: fire earth air"
        )
        assert out[1]["text"] == "/loka help takes no option. Too many words without a name: me"
        _, info = await table.game()
        assert set(info["row"].seats) == {"fire", "water"}  # the host alone, as /new sat them


async def test_a_whole_four_player_game_from_lobby_to_victory() -> None:
    async with Table() as table:
        await table.run(LOBBY4)
        info = await play_to_the_end(table, FOUR, random.Random(1))
        assert info["state"].phase == OVER
        assert info["row"].status == "over"
        texts = [d["text"] for d in table.deliveries() if d["to"] == "channel"]
        assert any("Victory for" in t or "draw" in t for t in texts)
        assert any("Dice seed:" in t for t in texts)
        # The append-only log holds every action, and replays to the final state.
        log = await table.storage.log(info["row"].id)  # type: ignore[union-attr]
        assert len(log) >= 40
        export = await table.run("@alice /loka export")
        assert export[0]["to"] == "private" and export[0]["images"] == [
            f"loka-{info['row'].id}.txt"
        ]


@pytest.mark.parametrize(
    ("players", "joins", "users"),
    [
        (
            2,
            ["@alice /loka join army:fire", "@bob /loka join army:earth"],
            {"fire": "alice", "water": "alice", "earth": "bob", "air": "bob"},
        ),
        (
            3,
            [
                "@alice /loka join army:water",
                "@bob /loka join army:earth",
                "@carol /loka join army:air",
            ],
            {"fire": "alice", "water": "alice", "earth": "bob", "air": "carol"},
        ),
    ],
)
async def test_two_and_three_player_games(
    players: int, joins: list[str], users: dict[str, str]
) -> None:
    async with Table() as table:
        await table.run(
            f"@alice /loka new players:{players}\n" + "\n".join(joins) + "\n@alice /loka start"
        )
        _, info = await table.game()
        assert info["row"].seats == {a: _uid(table, u) for a, u in users.items()}
        state = info["state"]
        budgets = [a.budget for a in state.armies]
        assert budgets == ([160, 160, 160, 160] if players == 2 else [120, 160, 120, 160])
        info = await play_to_the_end(table, users, random.Random(players))
        assert info["state"].phase == OVER


def _uid(table: Table, name: str) -> int:
    assert table.console is not None
    return table.console.world.user(name).id


async def test_every_error_is_private_and_explains() -> None:
    async with Table() as table:
        out = await table.run(
            "@zed /loka move from:e2 to:e4\n"  # no game
            + LOBBY4
            + "@alice /loka army add piece:queen count:2\n"  # over budget
            + "@alice /loka army add piece:dragon\n"  # bad piece
            + "@zed /loka army add piece:pawn\n"  # spectator
            + "@alice /tiddlywinks move\n"  # unknown game
            + "@alice /loka fly\n"  # unknown command
            + "@alice /loka move from:e2 to:e4\n"  # wrong phase
        )
        private = [d for d in out if d["to"] == "private"]
        texts = [d["text"] for d in private]
        assert "No Loka game is running here" in texts[0]
        assert any("costs 180 points but you may spend 160" in t for t in texts)
        assert any("Choose a piece to buy" in t for t in texts)
        assert any("You have no seat" in t for t in texts)
        assert any("no game called tiddlywinks" in t for t in texts)
        assert any("/loka fly is not a command" in t for t in texts)
        assert any("Armies are still being chosen" in t for t in texts)


async def test_battle_errors_wrong_turn_illegal_move_bad_notation() -> None:
    async with Table() as table:
        await table.run(
            opened('position:"fire: Ke1 Pe2; earth: Ka6; water: Ke12; air: Kl7; turn: fire"')
        )
        out = await table.run(
            "@bob /loka move from:a6 to:a7\n"  # not bob's turn
            "@alice /loka move from:e2 to:e5\n"  # illegal
            "@alice /loka move from:e2 to:zz99\n"  # bad notation
            "@alice /loka move from:a6 to:a7\n"  # not her piece
            "@zed /loka move from:e2 to:e4\n"  # spectator
            "@alice /loka info odds from:e2 to:e3\n"  # no enemy there
        )
        refused_privately(
            out,
            "It is not your turn: waiting for 🔥 Fire (@alice)",
            "cannot go to e5; it can go to e3 e4",
            "off the board: squares run from a1 to l12",
            "belongs to earth",
            "You are watching this game",
            "no enemy on e3",
        )
        ok = await table.run("@alice /loka move from:e2 to:e4")
        assert ok[0]["to"] == "channel" and "e2→e4" in ok[0]["text"]
        assert "@bob, 🌿 Earth to move." in ok[0]["text"]


async def test_secret_drafts_never_reach_a_channel_before_the_reveal() -> None:
    async with Table() as table:
        await table.run(LOBBY4)
        await table.run(
            "@alice /loka army add piece:queen\n"
            "@bob /loka army add piece:rook count:3\n"
            "@bob /loka team message:queen hunt\n"
        )
        before = table.deliveries()
        for d in before:
            if d["to"] == "channel":
                assert "queen" not in d["text"].lower() and "rook" not in d["text"].lower()
                assert not any(img.startswith("army-") for img in d["images"])
        # The drafter's own builder DM (edited in place), a private line, the ally's copy.
        alice_news = [d for d in before if "1 × queen" in d["text"]]
        assert {(d["to"], d["user"]) for d in alice_news} == {
            ("private", "alice"),
            ("dm", "alice"),
            ("dm", "carol"),
        }
        bob_news = [d for d in before if "3 × rook" in d["text"]]
        assert {(d["to"], d["user"]) for d in bob_news} == {
            ("private", "bob"),
            ("dm", "bob"),
            ("dm", "dave"),
        }
        relay = [d for d in before if "queen hunt" in d["text"]]
        assert [(d["to"], d["user"]) for d in relay] == [("dm", "dave")]


async def test_team_relay_stops_at_deployment_and_silence_applies() -> None:
    async with Table() as table:
        await table.run(LOBBY4)
        for user, _army in (
            ("alice", "fire"),
            ("bob", "earth"),
            ("carol", "water"),
            ("dave", "air"),
        ):
            await table.run(
                f"@{user} /loka army add piece:pawn count:2\n@{user} /loka army confirm"
            )
        out = await table.run("@bob /loka team message:left flank")
        assert out[0]["to"] == "private" and "no game talk" in out[0]["text"]
        _game_id, info = await table.game()
        service = table.console.service  # type: ignore[union-attr]
        channel = info["row"].channel_id
        assert service.must_keep_silent(channel, _uid(table, "bob"))
        assert not service.must_keep_silent(channel, _uid(table, "zed"))
        assert not service.must_keep_silent(channel + 1, _uid(table, "bob"))


async def test_a_fixed_seed_replays_identically(tmp_path: Path) -> None:
    script = LOBBY4 + "\n@alice /loka army add piece:knight\n@alice /loka army confirm\n"
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        await run(script.strip().splitlines(), out, seed=42, as_json=True)
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1]
    assert "`" in outputs[0]


@pytest.mark.parametrize("stop_after", ["lobby", "selection", "deployment", "battle"])
async def test_restart_in_the_middle_of_each_phase(tmp_path: Path, stop_after: str) -> None:
    db = str(tmp_path / "plateau.db")
    rng = random.Random(5)
    first = await Table(db=db).open()
    await first.run("\n".join(LOBBY4.strip().splitlines()[:3]))
    if stop_after != "lobby":
        await first.run("\n".join(LOBBY4.strip().splitlines()[3:]))
    if stop_after in ("deployment", "battle"):
        for user in FOUR.values():
            await first.run(f"@{user} /loka army add piece:rook\n@{user} /loka army confirm")
    if stop_after == "battle":
        for user in FOUR.values():
            await first.run(f"@{user} /loka autodeploy")
    elif stop_after == "selection":
        await first.run("@alice /loka army add piece:queen")
    _, before = await first.game()
    await first.close()  # the process stops here

    async with Table(db=db) as second:
        _, after = await second.game()
        assert after["row"].state == before["row"].state
        if stop_after == "lobby":
            await second.run("\n".join(LOBBY4.strip().splitlines()[3:]))
        else:
            resumed = [d for d in second.deliveries() if "back after a restart" in d["text"]]
            assert resumed
        info = await play_to_the_end(second, FOUR, rng)
        assert info["state"].phase == OVER


async def test_two_commands_at_once_apply_one_at_a_time() -> None:
    async with console_over(seed=3) as console:
        storage = console.service.storage
        await console.run(
            [
                '@alice /loka new position:"fire: Ke1 Pe2; earth: Ka6; water: Ke12; air: Kl7"',
                *LOBBY4.strip().splitlines()[1:],
            ]
        )
        move, again = {"from": "e2", "to": "e4"}, {"from": "e2", "to": "e3"}
        first, second = await at_once(console, "alice", "loka", "move", move, again)
        kinds = sorted([first[0].to, second[0].to])
        assert kinds == ["channel", "private"]  # one applied, the other refused privately
        row = (await storage.unfinished())[0]
        state = from_dict(row.state)
        assert state.ply == 1
        assert len(await storage.log(row.id)) == 1


async def test_fuzzed_commands_never_crash_and_always_answer_privately() -> None:
    rng = random.Random(11)
    async with console_over(seed=9) as console:
        world, service = console.world, console.service
        await console.run(LOBBY4.strip().splitlines())
        commands = [*list(loka_table.LokaTable().commands), "nope", ""]
        keys = [
            "from",
            "to",
            "piece",
            "count",
            "army",
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
        ]
        junk = [
            "",
            "e2",
            "zz9",
            "-1",
            "99999",
            "queen",
            "fire",
            "on",
            "off",
            "é",
            "🔥",
            "0",
            "fire: Ke1",
            "a1",
            "l12",
            "None",
            "[]",
            "x" * 300,
            "1e9",
            "3.5",
        ]
        users = ["alice", "bob", "carol", "dave", "zed"]
        for _ in range(400):
            options = {k: rng.choice(junk) for k in rng.sample(keys, rng.randint(0, 4))}
            request = Request(
                "loka",
                rng.choice(commands),
                world.user(rng.choice(users)),
                Place(world.channel_id(rng.choice(["general", "other"]))),
                options,
            )
            deliveries = await service.handle(request)
            assert deliveries, request
            for d in deliveries:
                assert "went wrong on my side" not in d.text, (request, d.text)


async def test_super_d20_times_out_to_keep() -> None:
    async with Table() as table:
        # Five supporters give the attacking queen a Super D20 (charge, prowess, 4 more).
        await table.run(opened(f'position:"{super_d20()}"'))
        out = await table.run("@alice /loka move from:e5 to:e6")
        # The attack is told in words; the board comes once the Super D20 is decided.
        assert [d["images"] for d in out if d["to"] == "channel"] == [[]]
        dm = [d for d in out if d["to"] == "dm"]
        assert (
            dm
            and dm[0]["user"] == "alice"
            and dm[0]["buttons"][-2:]
            == [b for b in dm[0]["buttons"] if b.endswith((":reroll", ":keep"))]
        )
        waiting = await table.run("@bob /loka move from:a6 to:a5")
        assert "not your turn" in waiting[0]["text"]
        await table.run("!wait 5m")
        _, info = await table.game()
        assert info["state"].pending is not None
        timed = await table.run("!wait 6m")
        assert "Time is up" in timed[0]["text"]
        assert sum(len(d["images"]) for d in timed if d["to"] == "channel") == 1
        _, info = await table.game()
        assert info["state"].pending is None


async def test_french_players_read_french() -> None:
    async with Table() as table:
        out = await table.run("!locale @alice fr\n@alice /loka move from:e2 to:e4")
        assert "Aucune partie de Loka ici" in out[0]["text"]


async def test_dms_closed_keep_the_seat_free() -> None:
    async with Table() as table:
        out = await table.run("@alice /loka new\n!dms @bob closed\n@bob /loka join army:earth")
        refusal = out[-1]
        assert refusal["to"] == "private" and "direct messages" in refusal["text"]
        _, info = await table.game()
        assert "earth" not in info["row"].seats  # the host alone sits, as /new sat them
        out = await table.run("!dms @bob open\n@bob /loka join army:earth")
        assert "takes 🌿 Earth" in out[0]["text"]


async def test_rules_help_reads_the_rules_page() -> None:
    async with Table() as table:
        out = await table.run("@alice /loka rules topic:combat\n@alice /loka rules")
        assert "Charge" in out[0]["text"] and out[0]["to"] == "private"
        assert "topics" in out[1]["text"]


def test_console_json_lines_are_json(tmp_path: Path) -> None:
    out = io.StringIO()
    asyncio.run(run(["@alice /loka new", "@alice /loka nope"], out, as_json=True))
    for line in out.getvalue().splitlines():
        assert set(json.loads(line)) >= {"to", "text"}


async def test_moves_in_different_games_at_once_all_apply() -> None:
    """One SQLite connection serves every game: transactions must not interleave."""
    async with console_over(seed=4) as console:
        storage, world, service = console.service.storage, console.world, console.service
        channels = [f"table{i}" for i in range(8)]
        for name in channels:
            await console.run(
                [
                    f"#{name}",
                    '@alice /loka new position:"fire: Ke1 Pe2; earth: Ka6; water: Ke12; air: Kl7"',
                    *LOBBY4.strip().splitlines()[1:],
                ]
            )
        alice = world.user("alice")
        moves = [
            Request(
                "loka",
                "move",
                alice,
                Place(world.channel_id(name), guild_id=1),
                {"from": "e2", "to": "e4"},
            )
            for name in channels
        ]
        results = await asyncio.gather(*(service.handle(m) for m in moves))
        assert [r[0].to for r in results] == ["channel"] * len(channels)
        for row in await storage.unfinished():
            assert from_dict(row.state).ply == 1
            assert len(await storage.log(row.id)) == 1


async def test_the_reroll_time_limit_is_an_option() -> None:
    async with Table() as table:
        await table.run(opened(f'reroll_minutes:1 position:"{super_d20()}"'))
        out = await table.run("@alice /loka move from:e5 to:e6")
        texts = [d["text"] for d in out]
        assert any("(1 minute, then keep.)" in text for text in texts), texts
        assert not any("1 minutes" in text for text in texts)
        timed = await table.run("!wait 61s")
        assert "Time is up" in timed[0]["text"]


@pytest.mark.parametrize("size", ["8x8", "16x8"])
async def test_a_whole_faceoff_game(size: str) -> None:
    async with Table() as table:
        await table.run(
            f"@alice /loka new board:faceoff size:{size} south:water north:earth\n"
            "@alice /loka join army:water\n@bob /loka join army:earth\n@alice /loka start"
        )
        _, info = await table.game()
        state = info["state"]
        assert state.geometry.seat_names == ("water", "earth")
        assert (state.geometry.width, state.geometry.height) == tuple(
            int(n) for n in size.split("x")
        )
        texts = [d["text"] for d in table.deliveries()]
        assert any("(0 of 2 armies ready)" in t for t in texts)
        assert not any("Your ally" in t for t in texts)
        info = await play_to_the_end(table, {"water": "alice", "earth": "bob"}, random.Random(8))
        assert info["state"].phase == OVER
        assert len(info["state"].winners) == 1


async def test_a_faceoff_position_game_uses_the_positions_board() -> None:
    async with Table() as table:
        await table.run(
            '@alice /loka new combat:off position:"board: faceoff; fire: Ke1 Qe2; air: Ke8; '
            'turn: fire"\n@alice /loka join army:fire\n@bob /loka join army:air\n'
            "@alice /loka start\n@alice /loka move from:e2 to:e7\n@bob /loka move from:e8 to:d8"
        )
        out = await table.run("@alice /loka move from:e7 to:d8")
        assert any("Victory for 🔥 Fire!" in d["text"] for d in out)


async def test_a_running_record_keeps_drafts_within_their_team(tmp_path: Path) -> None:
    async with Table() as table:
        await table.run(LOBBY4)
        await table.run(
            "@alice /loka army add piece:queen\n@carol /loka army add piece:rook\n"
            "@bob /loka army add piece:knight"
        )
        _, info = await table.game()
        game_id = info["row"].id

        assert await table.storage.log(game_id)  # type: ignore[union-attr]

        async def record_of(user: str) -> str:
            table_ = loka_table.LokaTable()
            service = table.console.service  # type: ignore[union-attr]
            actor = table.console.world.user(user)  # type: ignore[union-attr]
            place = Place(table.console.world.channel_id("general"), guild_id=1)  # type: ignore[union-attr]
            (reply,) = await table_.records.export(service, Request("loka", "export", actor, place))
            return reply.files[0].data.decode()

        bob = await record_of("bob")
        assert "earth: draft N" in bob and "fire: draft" not in bob and "water: draft" not in bob
        alice = await record_of("alice")
        assert "fire: draft Q" in alice and "water: draft R" in alice and "earth:" not in alice
        zed = await record_of("zed")
        assert "draft" not in zed


async def test_an_attack_is_told_with_its_boosts_dice_and_result() -> None:
    async with Table() as table:
        await table.run(opened(f'position:"{super_d20(earth=" Pd7")}"'))
        odds = await table.run("@alice /loka info odds from:e5 to:e6")
        text = odds[0]["text"]
        assert (
            "Attack (Super D20): charge, prowess, knight d4, knight f4, bishop d5, rook d6, rook f6"
            in text
        )
        assert "Defence (D6): pawn d7" in text
        out = await table.run("@alice /loka move from:e5 to:e6")
        told = out[0]["text"]
        assert "🔥 Fire: queen e5 attacks the 🌿 Earth pawn on e6!" in told
        assert "Attack (Super D20):" in told and "Defence (D6): pawn d7" in told
        assert "may re-roll the Super D20" in told


async def test_a_thread_gets_one_board_a_turn_and_the_builders_edit_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Selection, terrain, deployment and 40 battle turns of a four-player game: the army
    builders and the deployers' views are DMs edited in place (slots); the thread gets the
    board when deployment opens, when the battle starts and once each battle turn."""
    posts = Posts(monkeypatch)
    async with Table() as table:
        await table.run(LOBBY4)
        posts.begin()
        rng = random.Random(1)
        by_phase: dict[str, list[int]] = {SELECTION: [], DEPLOYMENT: [], "battle": []}
        while len(by_phase["battle"]) < 40:
            _, info = await table.game()
            state = info["state"]
            assert state.phase != OVER
            army = to_act(state)[0]
            if state.phase == SELECTION:
                drafts = [
                    a for a in legal_actions(state, army) if isinstance(a, Draft) and any(a.counts)
                ]
                await table.run("\n".join(army_lines(FOUR[army], army, rng.choice(drafts))))
            else:
                action = rng.choice(legal_actions(state, army))
                await table.run(line_for(FOUR[army], action, army))
            if (await table.game())[1]["state"].pending is None:  # a Super D20 is the same turn
                by_phase[state.phase].append(posts.end_turn())
        assert max(posts.turns) == 1
        # The reveal shows the terrain; deployment then goes in words until the battle.
        assert by_phase[SELECTION] == [0, 0, 0, 1]
        assert by_phase[DEPLOYMENT] == [0] * (len(by_phase[DEPLOYMENT]) - 1) + [1]
        assert by_phase["battle"] == [1] * 40
        assert posts.boards(posts.all) == 2 + 40
        # Builders, their copies for the ally and the deployers' views are edited in place.
        builders = [d for d in posts.all if any(f.name.startswith("army-") for f in d.files)]
        assert [d for d in builders if d.to != "channel" and not d.slot] == []
        assert {d.slot.split(":")[0] for d in builders if d.slot} == {"builder", "ally"}
        views = [d for d in posts.all if d.to == "dm" and d.slot and d.slot.startswith("deploy:")]
        assert len(views) == len(by_phase[DEPLOYMENT]) and all(v.files for v in views)
        # A command typed in the thread gets a short private line: no picture in it.
        assert not [d for d in posts.all if d.to == "private" and d.files]


# ---------------------------------------------------------------- 3-player and handicap options

LOBBY3 = """
@alice /loka join army:fire
@bob /loka join army:earth
@carol /loka join army:water
@alice /loka start
"""


async def test_three_player_and_handicap_options_reach_the_table() -> None:
    async with Table() as table:
        out = await table.run(
            '@alice /loka new players:3 solo:good solo_percent:80 budgets:"fire:120, eau:100" '
            "box:basic max_pawns:3 max_pieces:12" + LOBBY3
        )
        lobby = out[0]["text"]
        for words in (
            "one player holds Good (🌿 Earth + 🌪️ Air) at 80%: 128 points an army",
            "handicap budgets: 🔥 Fire 120, 🌊 Water 100",  # French army names are read too
            "basic box: at most 1 queen, 1 rook, 1 bishop, 1 knight and 4 pawns an army",
            "at most 12 pieces (king included) and 3 pawns an army",
        ):
            assert words in lobby
        _, info = await table.game()
        # The single player took the Good team; each army has its budget.
        assert info["row"].seats == {
            "fire": _uid(table, "alice"),
            "earth": _uid(table, "bob"),
            "air": _uid(table, "bob"),
            "water": _uid(table, "carol"),
        }
        state = info["state"]
        assert [a.budget for a in state.armies] == [120, 128, 100, 128]
        config = state.config
        assert (config.box, config.max_pieces, config.max_pawns) == ("basic", 12, 3)
        refused = await table.run(
            "@alice /loka army add piece:rook count:2\n@alice /loka army add piece:pawn count:4"
        )
        assert "the basic box holds only 1 rook" in refused[0]["text"]
        assert "at most 3 pawns" in refused[1]["text"]
        french = await table.run(
            "@zed /loka new players:3 solo:evil solo_percent:50 language:fr box:double tiles:1"
        )
        assert (
            "un joueur tient le Mal (🔥 Feu + 🌊 Eau) à 50 % : 80 points par armée"
            in french[0]["text"]
        )
        assert "deux boîtes" in french[0]["text"] and "1 tuile de terrain" in french[0]["text"]


@pytest.mark.parametrize(
    ("line", "wanted"),
    [
        ("players:4 solo:good", "Only a 3-player game on the cross uses solo: add players:3"),
        ("board:faceoff solo_percent:60", "Only a 3-player game on the cross uses solo_percent"),
        ("players:3 solo:fire", "solo is the team the single player takes: evil"),
        ("players:3 solo_percent:0", "solo_percent must be a whole number from 1 to 100"),
        ('budgets:"fire:120 fire:80"', "(armies of this game: fire, earth, water, air;"),
        ('budgets:"sky:120"', "like `fire:120 water:80`"),
        ("budgets:fire:99999", "0 to 10000 points each"),
        ('board:faceoff budgets:"water:100"', "(armies of this game: fire, air;"),
        ("box:huge", "box is one of: unlimited, basic, double (not 'huge')."),
        ("max_pieces:0", "max_pieces must be a whole number from 1 to 64"),
        ("max_pawns:65", "max_pawns must be a whole number from 0 to 64"),
        ('position:"fire: Ke1; earth: Ka6; water: Ke12; air: Kl7" box:basic', "box would change"),
        ("players:3 budget:fire:100", "/loka new has no option `budget`. Its options: board, box"),
    ],
)
async def test_wrong_army_options_are_refused_naming_what_is_right(line: str, wanted: str) -> None:
    async with console_over() as console:
        await console.line(f"@alice /loka new {line}")
        (reply,) = [json.loads(x) for x in console.out.getvalue().splitlines()]  # type: ignore[attr-defined]
        assert reply["to"] == "private" and wanted in reply["text"], reply["text"]
        assert not await console.service.storage.games_in_channel(
            console.world.channel_id("general")
        )


# ---------------------------------------------------------------- friction


async def test_selection_a_king_alone_is_an_army_and_a_confirmed_army_is_final() -> None:
    async with Table() as table:
        await table.run(LOBBY4)
        out = await table.run(
            "@alice /loka army confirm\n"  # nothing bought: the king alone
            "@alice /loka army add piece:pawn\n"
            "@alice /loka army confirm\n"
            "@bob /loka resign\n"
            "@bob /loka army add piece:queen\n@bob /loka army confirm\n"
            "@carol /loka army confirm\n@dave /loka army confirm"
        )
        texts = [d["text"] for d in out]
        assert "🔥 Fire is ready (1 of 4)." in texts
        final = "🔥 Fire is confirmed: a confirmed army is final"
        assert [d["to"] for d in out if d["text"].startswith(final)] == ["private", "private"]
        assert not any("turn" in d["text"] for d in out if d["to"] == "private")
        (resign,) = [d for d in out if d["user"] == "bob" and d["to"] == "private"][:1]
        assert resign["text"].startswith("Armies are still being chosen: you can resign once")
        (reveal,) = [d["text"] for d in out if "🔥 Fire: king only (0 points)" in d["text"]]
        assert "🌿 Earth: king, 1 × queen (90 points)" in reveal
        assert "🌊 Water: king only (0 points)" in reveal and "-" not in reveal.split("\n")[0]
        _, info = await table.game()
        assert info["state"].phase == DEPLOYMENT
        assert info["state"].armies[0].reserve[1:] == (1, 0, 0, 0, 0, 0)  # the king alone


async def test_teams_may_talk_only_where_a_team_has_two_people() -> None:
    said = "Teams may talk until deployment"
    duel = ["@alice /loka join army:fire", "@bob /loka join army:air"]
    for new, joins, allies in (
        ("players:4", LOBBY4.strip().splitlines()[1:-1], {"alice", "bob", "carol", "dave"}),
        ("players:3 solo:good", LOBBY3.strip().splitlines()[:-1], {"alice", "carol"}),
        ("players:2", ["@alice /loka join army:fire", "@bob /loka join army:earth"], set()),
        ("board:faceoff", duel, set()),
        ("board:faceoff size:16x8", duel, set()),
    ):
        async with console_over() as console:
            await console.run([f"@alice /loka new {new}", *joins, "@alice /loka start"])
            lines = [json.loads(x) for x in console.out.getvalue().splitlines()]  # type: ignore[attr-defined]
            (opened,) = [d["text"] for d in lines if "army selection" in d["text"].lower()]
            assert (said in opened) is bool(allies), (new, opened)
            builders = [d for d in lines if d["to"] == "dm" and "Choose your" in d["text"]]
            assert builders
            for d in builders:  # "your ally sees your draft" only to whoever has one
                assert ("Your ally sees" in d["text"]) is (d["user"] in allies), (new, d)


BATTLE = opened(f'reroll_minutes:1 position:"{super_d20(earth=" Pd7", air=" Pk8")}"')


async def test_looking_off_turn_and_odds_without_squares_say_what_is_wrong() -> None:
    async with Table() as table:
        await table.run(BATTLE)
        out = await table.run(
            "@alice /loka info odds\n"
            "@bob /loka info moves square:a6\n"
            "@bob /loka info moves square:e1\n"
            "@alice /loka info moves square:e5\n"
        )
        texts = refused_privately(out)
        assert texts[0].startswith("Give the attacking piece's square and the square it")
        waiting = "It is not your turn: waiting for 🔥 Fire (@alice)."
        assert texts[1].startswith("From a6: a5 b5 b6 a7 b7\n") and texts[1].endswith(waiting)
        assert texts[2] == "No legal move starts on e1.\n" + waiting
        assert "not your turn" not in texts[3]


async def test_a_super_d20_names_who_decides_and_a_reroll_reads_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    boards: list[tuple] = []

    class Recording(FakeImages):
        @staticmethod
        def board(*args: object) -> bytes:
            boards.append(args)
            return FakeImages.board(*args)

    monkeypatch.setattr(loka_table, "images", Recording)
    async with Table() as table:
        await table.run(BATTLE)
        out = await table.run("@alice /loka move from:e5 to:e6")
        assert "may re-roll the Super D20" in out[0]["text"]
        await table.run("@zed /loka board")  # the board while the decision waits
        assert boards[-1][-1] == "fire"  # the banner highlights the army that must decide
        out = await table.run("@alice /loka d20 reroll")
        lines = out[0]["text"].split("\n")
        decided = lines.index("🔥 Fire re-rolls.")
        rolled = next(i for i, x in enumerate(lines) if x.endswith("(re-roll)"))
        assert decided < rolled
        assert boards[-1][-1] is None  # decided: nobody is highlighted any more


async def test_a_player_whose_army_is_gone_is_told_so() -> None:
    async with Table() as table:
        await table.run(
            opened(
                'combat:off position:"fire: Ke1 Qk8; earth: Ka6; water: Ke12; air: Kl7; turn: fire"'
            )
        )
        await table.run(
            "@alice /loka move from:k8 to:l7\n@bob /loka move from:a6 to:a7\n"
            "@carol /loka move from:e12 to:e11"
        )
        out = await table.run(
            "@dave /loka move from:l7 to:l8\n@dave /loka resign\n@dave /loka info moves\n"
            "@zed /loka resign"
        )
        texts = [d["text"] for d in out]
        gone = "Your army is out of the game (🌪️ Air): there is nothing left for you to play."
        assert [text.startswith(gone) for text in texts] == [True, True, True, False]
        assert texts[3].startswith("You are watching this game")


async def test_terrain_rolls_say_whose_roll_and_one_tile_is_one_tile() -> None:
    async with Table(seed=1) as table:
        await table.run(
            "@alice /loka new players:2 tiles:9\n@alice /loka join army:fire\n"
            "@bob /loka join army:earth\n@alice /loka start"
        )
        out = await table.run(
            "\n".join(f"@{u} /loka army confirm army:{a}" for a, u in TWO.items())
        )
        told = next(d["text"] for d in out if "Terrain:" in d["text"])
        lines = told.split("\n")
        column = [x for x in lines if "column die" in x]
        assert column and all(re.match(r"^\S+ \w+ rolls the column die: [1-6]$", x) for x in column)
        # A re-roll of an occupied square is told between the two pairs of rolls.
        i = next(i for i, x in enumerate(lines) if "already holds a tile" in x)
        assert "rolls the row die" in lines[i - 1] and "rolls the column die" in lines[i + 1]


def test_a_tie_is_told_before_the_new_rolls() -> None:
    def roll(seat: str, value: int, round_: int) -> Event:
        data = {"purpose": "battle_order", "seat": seat, "die": 20, "value": value}
        return Event("roll", {**data, "round": round_})

    events = [roll("fire", 7, 1), roll("earth", 7, 1), roll("fire", 3, 2), roll("earth", 9, 2)]
    assert describe(events, "en") == [
        "🔥 Fire rolls D20: 7",
        "🌿 Earth rolls D20: 7",
        "Tie: 🔥 Fire and 🌿 Earth roll again.",
        "🔥 Fire rolls D20: 3",
        "🌿 Earth rolls D20: 9",
    ]
    assert describe(events, "fr")[2] == "Égalité : 🔥 Feu et 🌿 Terre relancent."


# ---------------------------------------------------------------- secrets in file names


async def _selection_posts(monkeypatch: pytest.MonkeyPatch, edits: int) -> Posts:
    posts = Posts(monkeypatch)
    async with Table() as table:
        await table.run(LOBBY4)
        fiddling = ["@alice /loka army add piece:pawn", "@alice /loka army remove piece:pawn"]
        await table.run("\n".join(fiddling * (edits // 2)))
        await table.run(
            "@alice /loka army add piece:queen\n@alice /loka army confirm\n"
            "@bob /loka army confirm\n@carol /loka army confirm\n@dave /loka army confirm"
        )
        rng = random.Random(3)
        for _ in range(12):  # a few placements, public and in DMs
            _, info = await table.game()
            army = to_act(info["state"])[0]
            action = rng.choice(legal_actions(info["state"], army))
            await table.run(line_for(FOUR[army], action, army))
    return posts


async def test_drafting_in_dms_changes_no_public_file_name_or_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quiet = await _selection_posts(monkeypatch, 0)
    monkeypatch.undo()
    monkeypatch.setattr(loka_table, "images", FakeImages)
    busy = await _selection_posts(monkeypatch, 14)

    def public(posts: Posts) -> list[tuple[str, list[str]]]:
        return [(d.text, [f.name for f in d.files]) for d in posts.channel]

    assert public(busy) == public(quiet) and any(files for _, files in public(quiet))
    # Pictures sent privately carry no counter either.
    names = {f.name for d in busy.all if d.to != "channel" for f in d.files}
    assert names and all(re.fullmatch(r"army-[a-z]+\.png|loka-[0-9a-f]+\.png", n) for n in names)
