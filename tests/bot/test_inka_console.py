"""The Inka table through the console: set-up by buttons' commands and autocomplete, a
random playout capped in steps that ends with a resignation, a position played to the
escape, private errors, French, buttons, and a restart over the same SQLite file."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import bot.tables.inka as inka_table
from bot.model import Actor, Place, Request
from engine.inka import (
    OVER,
    PLAY,
    RULES,
    START,
    Block,
    ChooseStart,
    End,
    Go,
    Passage,
    Rotate,
    Slide,
    Take,
    legal_actions,
    to_act,
)
from engine.inka import (
    Place as PlaceRhombus,
)
from engine.inka.record import initial_state
from engine.inka.state import DESTINATION_NAMES
from engine.inka.temple import BRIDGED_LAYOUT, SAMPLE_LAYOUT

from .console_driver import Table, at_once, lobby_lines, png_bytes
from .test_console import Posts

RHOMBI = " ".join(f"{n}={a}/{b}" for n, (a, b) in sorted(BRIDGED_LAYOUT.items()))
# Red stands on destination rhombus A with its last statue there; a bridge leads to each
# ledge, whose exit is one snake away.
ENDGAME = (
    f"red: g12; blue: l18; rhombi: {RHOMBI}; A: g11/g12 red blue; B: g13/f13 blue; "
    "C: f11/f12 blue; turn: blue"
)
USERS = ("alice", "bob", "carol", "dave")
SEATS = ("red", "blue", "green", "yellow")
TWO = {"red": "alice", "blue": "bob"}


@pytest.fixture(autouse=True)
def fast_images(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, tuple[str, ...], bool]]:
    """Stands in for the renderer; records each picture's ply, highlighted rhombi and
    whether cell names were asked for."""
    calls: list[tuple[int, tuple[str, ...], bool]] = []

    # The table passes all five, in order (bot.tables.inka._board).
    def board(seen: Any, names: object, locale: object, moved: tuple, labels: bool) -> bytes:
        calls.append((seen.ply, tuple(m.name for m in moved), labels))
        return png_bytes()

    monkeypatch.setattr(inka_table, "board_png", board)
    return calls


def line_for(user: str, action: object) -> str:
    """The console line a player would type for an engine action."""
    cmd = f"@{user} /inka"
    match action:
        case ChooseStart(cell):
            return f"{cmd} choose cell:{cell}"
        case PlaceRhombus(_, first, second):
            return f"{cmd} place cells:{first}/{second}"
        case Slide(r, d, n):
            verb = "rhombus shift" if r in DESTINATION_NAMES else "rhombus slide"
            return f"{cmd} {verb} rhombus:{r} direction:{d} distance:{n}"
        case Rotate(r, corner, sixths):
            verb = "rhombus shift" if r in DESTINATION_NAMES else "rhombus rotate"
            angle = ("ccw" if sixths > 0 else "cw") + str(60 * abs(sixths))
            return f"{cmd} {verb} rhombus:{r} corner:{corner} angle:{angle}"
        case Go(cell):
            return f"{cmd} pawn go cell:{cell}"
        case Take():
            return f"{cmd} pawn take"
        case Passage(cell):
            return f"{cmd} pawn passage to:{cell}"
        case Block(cell):
            return f"{cmd} block cell:{cell}"
        case End():
            return f"{cmd} end"
    raise AssertionError(f"no console line for {action}")


def lobby(players: int) -> str:
    return lobby_lines(
        "inka", dict(zip(SEATS, USERS[:players], strict=False)), f"players:{players}"
    )


def pick(state: Any, rng: random.Random) -> object:
    """A random legal action, favouring moves over ending the turn at once."""
    actions = legal_actions(state)
    if state.phase != PLAY:
        return rng.choice(actions)
    enders = [a for a in actions if isinstance(a, Block | End)]
    others = [a for a in actions if not isinstance(a, Block | End)]
    if state.ap == 0 or not others or rng.random() < 0.3:
        return rng.choice(enders)
    takes = [a for a in others if isinstance(a, Take)]
    return takes[0] if takes else rng.choice(others)


@pytest.mark.parametrize(("players", "steps"), [(2, 80), (3, 60), (4, 60)])
async def test_set_up_and_a_random_playout_ending_with_resignations(
    players: int, steps: int
) -> None:
    table = await Table(seed=players).open()
    rng = random.Random(players)
    users = dict(zip(SEATS, USERS, strict=False))
    try:
        out = await table.run(lobby(players))
        row, state = await table.latest()
        assert state.phase == START
        assert "🎲 d" in out[-1]["text"] and "chooses a start cell first" in out[-1]["text"]
        assert out[-1]["buttons"] == [
            f"plateau:inka:{row.id}:choose:{c}" for c in ("l6", "l18", "a18", "a6")
        ]
        for _ in range(steps):
            row, state = await table.latest()
            seat = to_act(state)[0]
            action = pick(state, rng)
            produced = await table.run(line_for(users[seat], action))
            assert [d["to"] for d in produced] == ["channel"], produced
            after = (await table.latest())[1]
            # The temple once a turn, as it passes; the steps of a turn are told in words.
            passed = after.phase != state.phase or to_act(after)[:1] != to_act(state)[:1]
            assert bool(produced[0]["images"]) == passed, "the temple once a turn"
            assert after.ply == state.ply + 1
            if after.phase == OVER:
                break
        row, state = await table.latest()
        assert state.phase in (PLAY, OVER)
        while state.phase != OVER:  # everyone but the last resigns
            seat = next(s for s in to_act(state))
            done = await table.resign(users[seat], "inka")
            assert "resigns" in done[0]["text"]
            row, state = await table.latest()
        assert row.status == "over" and state.winner is not None
        assert "The dice seed was" in done[0]["text"]
        export = (await table.run("@alice /inka export"))[0]
        assert export["to"] == "private" and export["images"] == [f"inka-{row.id}.txt"]
        # The log replays to the very same state.
        log = await table.storage.log(row.id)  # type: ignore[union-attr]
        replayed = initial_state(row.config, bytes.fromhex(row.meta["seed"]), row.id)
        for entry in log:
            replayed, _ = RULES.apply(replayed, RULES.parse_action(entry.action), entry.seat)
        assert RULES.to_dict(replayed) == RULES.to_dict(state)
    finally:
        await table.close()


@pytest.mark.parametrize("players", [2, 4])
async def test_a_whole_game_posts_one_board_a_turn(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start cells, the 13 rhombi, then turns of several actions: each step of a turn is told
    in words, the temple comes once, as the turn passes (a turn that ends the game too)."""
    posts = Posts(monkeypatch)
    table = await Table(seed=players).open()
    rng = random.Random(players)
    users = dict(zip(SEATS, USERS, strict=False))
    try:
        await table.run(lobby(players))
        posts.begin()
        steps = 0
        while (state := (await table.latest())[1]).phase != OVER:
            seat = to_act(state)[0]
            steps += 1
            if steps > 120:
                (post,) = await table.resign(users[seat], "inka")
            else:
                (post,) = await table.run(line_for(users[seat], pick(state, rng)))
            after = (await table.latest())[1]
            if after.phase != state.phase or to_act(after)[:1] != (seat,):
                posts.end_turn()
            else:
                assert not post["images"]
        assert set(posts.turns) == {1}
        assert len(posts.turns) < steps  # turns of several steps, one picture each
    finally:
        await table.close()


async def test_a_position_played_to_the_escape() -> None:
    async with Table() as table:
        await table.run(lobby_lines("inka", TWO, f'position:"{ENDGAME}"'))
        row, state = await table.latest()
        assert state.phase == PLAY and to_act(state) == ("blue",)
        out = await table.run("@bob /inka rhombus rotate rhombus:7 corner:3 angle:ccw60")
        assert "turns rhombus **7** about its 3h corner, ccw60" in out[0]["text"]
        assert "(1 AP, 2 left)" in out[0]["text"] and "@bob" not in out[0]["text"]  # no re-ping
        out = await table.run("@bob /inka block cell:k17")
        assert "puts the blocker on **k17**" in out[0]["text"]
        assert "@alice, 🔴 Red to play: 3 AP" in out[0]["text"]
        assert f"plateau:inka:{row.id}:take" in out[0]["buttons"]
        out = await table.run("@alice /inka pawn take")
        assert "takes the statue from rhombus **A**: 3/3 (2 AP left)" in out[0]["text"]
        assert "🔴 Red: pawn phase now (2 AP left)" in out[0]["text"]
        assert f"plateau:inka:{row.id}:take" not in out[0]["buttons"]
        out = await table.run("@alice /inka pawn go cell:k5")
        text = out[0]["text"]
        assert "walks g12 → **k5** past snakes: 1 AP (1 left)" in text
        assert "🏆 🔴 Red escapes the temple with all three statues and wins!" in text
        assert out[0]["buttons"] == []
        row, state = await table.latest()
        assert row.status == "over" and state.winner == "red"
        late = await table.run("@bob /inka end")
        assert late[0]["to"] == "private" and "No Inka game is running here" in late[0]["text"]
        board = await table.run("@bob /inka board")
        assert board[0]["to"] == "channel" and board[0]["images"]


async def test_errors_are_private_and_say_what_would_be_right() -> None:
    async with Table() as table:
        await table.run(lobby(2))
        _, state = await table.latest()
        first = to_act(state)[0]
        me, other = ("alice", "bob") if first == "red" else ("bob", "alice")
        cases = {
            f"@{other} /inka choose cell:l6": "It is not your turn",
            f"@{me} /inka pawn go cell:f12": "Pawns are being placed",
            f"@{me} /inka choose cell:f12": "f12 is not a start cell: choose one of l6",
            f"@{me} /inka choose cell:z99": "'z99' is not on the temple: rows run a (bottom)",
            f"@{me} /inka choose cell:12": "'12' is not a cell: write a row letter",
            "@carol /inka choose cell:l6": "only seated players act",
            f"@{me} /inka rhombus slide rhombus:x direction:ne": "Give a rhombus",
        }
        for line, expected in cases.items():
            out = await table.run(line)
            assert [d["to"] for d in out] == ["private"], line
            assert expected in out[0]["text"], (line, out[0]["text"])
        await table.run(f"@{me} /inka choose cell:l6\n@{other} /inka choose cell:a18")
        _, state = await table.latest()
        placer = {"red": "alice", "blue": "bob"}[to_act(state)[0]]
        out = await table.run(f"@{placer} /inka place cells:f12/h12")
        assert out[0]["to"] == "private" and "do not share an edge" in out[0]["text"]
        out = await table.run(f"@{placer} /inka place cells:l6/l7")
        assert out[0]["to"] == "private" and "cannot go on l6/l7" in out[0]["text"]
        out = await table.run(f"@{placer} /inka place cells:f12")
        assert "first/second" in out[0]["text"]
        out = await table.run(f"@{placer} /inka place cells:j7/j8")
        assert out[0]["to"] == "private" and "j8 is in the moat" in out[0]["text"]
        # The preview shows a placement privately and changes nothing.
        out = await table.run(f"@carol /inka preview action:place {state.drawn} k7/k8")
        assert (
            out[0]["to"] == "private"
            and out[0]["images"]
            and "nothing was played" in out[0]["text"]
        )
        assert (await table.latest())[1] == state


async def test_turn_errors_in_play() -> None:
    async with Table() as table:
        await table.run(lobby_lines("inka", TWO, f'position:"{ENDGAME}"'))
        cases = {
            "@bob /inka rhombus slide rhombus:7 direction:sw distance:5": "at most 2 steps sw",
            "@bob /inka rhombus slide rhombus:7 direction:up": "'up' is not a direction",
            "@bob /inka rhombus rotate rhombus:7 corner:4 angle:cw60": "no corner at 4 o'clock",
            "@bob /inka rhombus rotate rhombus:7 corner:3 angle:sideways": "cw60, ccw60",
            "@bob /inka rhombus shift rhombus:A direction:e": "only from a rhombus symbol",
            "@bob /inka rhombus shift rhombus:A": "Say how to move it",
            "@bob /inka pawn take": "stand on a destination rhombus",
            "@bob /inka pawn go cell:g12": "holds a pawn or a blocker",
            "@bob /inka pawn passage to:h9": "stand on a secret passage",
            "@bob /inka block cell:g11": "is on a destination rhombus",
            "@bob /inka choose cell:l6": "belongs to the set-up",
            "@alice /inka pawn take": "It is not your turn",
        }
        for line, expected in cases.items():
            out = await table.run(line)
            assert [d["to"] for d in out] == ["private"], line
            assert expected in out[0]["text"], (line, out[0]["text"])
        await table.run("@bob /inka pawn go cell:k17")  # the pawn acted: path rhombi stay put now
        out = await table.run("@bob /inka rhombus slide rhombus:7 direction:sw")
        assert "your pawn has acted this turn" in out[0]["text"]
        out = await table.run("@bob /inka pawn go cell:k16")  # one walk between paid actions
        assert out[0]["to"] == "private" and "has just walked" in out[0]["text"]


async def test_a_turns_picture_highlights_the_rhombi_it_moved(
    fast_images: list[tuple[int, tuple[str, ...], bool]],
) -> None:
    """The picture posted when a turn ends highlights what its player slid (the next turn
    starts clean); a preview names the cells."""
    async with Table() as table:
        await table.run(lobby_lines("inka", TWO, f'position:"{ENDGAME}"'))
        fast_images.clear()
        await table.run("@bob /inka rhombus slide rhombus:7 direction:sw\n@bob /inka end")
        assert [moved for _, moved, _ in fast_images] == [("7",)]
        await table.run("@alice /inka preview action:end")
        assert fast_images[-1][2] is True  # the preview, with the cells' names
        await table.run("@alice /inka end")
        assert fast_images[-1][1:] == ((), True)  # red moved nothing; cells named (issue 30)


async def test_french_players_read_french() -> None:
    async with Table() as table:
        out = await table.run(
            "!locale @alice fr\n!locale @bob fr\n"
            + lobby_lines("inka", TWO, f'position:"{ENDGAME}"')
        )
        assert "Bleu" in out[-1]["text"] and "à 🔵 Bleu de jouer : 3 PA" in out[-1]["text"]
        out = await table.run("@bob /inka rhombus slide rhombus:7 direction:sw distance:5")
        assert out[0]["text"] == (
            "Refusé : le losange 7 peut glisser d'au plus 2 pas vers sw avant un obstacle "
            "ou le bord"
        )
        out = await table.run("@bob /inka pawn go cell:z1")
        assert "« z1 » n'est pas dans le temple" in out[0]["text"]
        out = await table.run("@bob /inka end")
        assert "🔵 Bleu termine son tour (3 PA perdus)." in out[0]["text"]


async def test_a_restart_in_the_middle_then_the_end(tmp_path: Path) -> None:
    db = str(tmp_path / "plateau.db")
    async with Table(db=db) as table:
        await table.run(lobby_lines("inka", TWO, f'position:"{ENDGAME}"') + "\n@bob /inka end")
    async with Table(db=db, seed=11) as table:
        back = table.deliveries()
        assert "is back" in back[0]["text"]
        assert back[1]["text"].startswith("@")  # a ping (the console learns names later)
        assert "🔴 Red to play: 3 AP" in back[1]["text"]
        out = await table.run("@alice /inka pawn take\n@alice /inka pawn go cell:b19")
        assert "escapes the temple" in out[-1]["text"]
        row, state = await table.latest()
        assert row.status == "over" and state.winner == "red"


async def test_start_and_build_by_the_commands_buttons_would_send() -> None:
    """Buttons carry the start cells; autocomplete offers placements, reachable cells with
    their AP cost, and only to the seat to act."""
    async with Table() as table:
        out = await table.run(lobby(2))
        row, state = await table.latest()
        service = table.console.service  # type: ignore[union-attr]
        users = {"red": "alice", "blue": "bob"}
        first = to_act(state)[0]
        actor = table.console.world.user(users[first])  # type: ignore[union-attr]
        other = table.console.world.user(users["blue" if first == "red" else "red"])  # type: ignore[union-attr]
        place = Place(table.console.world.channel_id("general"), guild_id=1)  # type: ignore[union-attr]
        inka = service.tables["inka"]

        async def complete(who: Actor, command: str, option: str, typed: str, **o: Any):
            request = Request("inka", command, who, place, o)
            return await inka.complete(service, request, option, typed)

        assert await complete(actor, "choose", "cell", "") == [
            ("l6 · north-west", "l6"),
            ("l18 · north-east", "l18"),
            ("a18 · south-east", "a18"),
            ("a6 · south-west", "a6"),
        ]
        assert await complete(other, "choose", "cell", "") == []
        await table.run(f"@{users[first]} /inka choose cell:l18")
        assert await complete(other, "choose", "cell", "a") == [
            ("a18 · south-east", "a18"),
            ("a6 · south-west", "a6"),
        ]
        await table.run(f"@{other.name} /inka choose cell:a6")
        row, state = await table.latest()
        placer = table.console.world.user(users[to_act(state)[0]])  # type: ignore[union-attr]
        pairs = await complete(placer, "place", "cells", "k7")
        assert 0 < len(pairs) <= 25 and all(v.startswith("k7") for _, v in pairs)
        while state.phase != PLAY:  # the sample layout, in the order the rhombi are drawn
            a, b = SAMPLE_LAYOUT[state.drawn]
            user = users[to_act(state)[0]]
            out = await table.run(f"@{user} /inka place cells:{a}/{b}")
            assert out[0]["to"] == "channel", out
            row, state = await table.latest()
        assert "The temple is built" in out[0]["text"]
        assert out[0]["buttons"] == [f"plateau:inka:{row.id}:end"]
        mover = table.console.world.user(users[to_act(state)[0]])  # type: ignore[union-attr]
        rhombi = await complete(mover, "rhombus slide", "rhombus", "")
        assert rhombi and all(" · " in shown for shown, _ in rhombi)
        name = rhombi[0][1]
        directions = await complete(mover, "rhombus slide", "direction", "", rhombus=name)
        assert directions and all("steps" in shown for shown, _ in directions)
        corners = await complete(mover, "rhombus rotate", "corner", "", rhombus=name)
        assert all(("sharp" in s or "blunt" in s) and "cw" in s for s, _ in corners)
        goes = await complete(mover, "pawn go", "cell", "")
        assert 0 < len(goes) <= 25 and all(" AP" in shown for shown, _ in goes)
        assert await complete(other if mover != other else actor, "pawn go", "cell", "") == []
        previews = await complete(other if mover != other else actor, "preview", "action", "sl")
        assert previews and all(v.startswith("slide ") for _, v in previews)


async def test_the_real_picture_is_a_png_of_the_temple(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the real renderer
    async with Table() as table:
        await table.run(lobby_lines("inka", TWO, f'position:"{ENDGAME}"'))
        out = await table.run("@bob /inka board")
        assert out[0]["images"]
        _, state = await table.latest()
        data = inka_table.board_png(state, {"red": "alice", "blue": "bob"})
        assert data.startswith(b"\x89PNG") and len(data) < 1_000_000


async def test_symbols_shift_destination_rhombi_and_passages_have_buttons() -> None:
    """Red walks onto the symbol f8 and shifts A; blue walks onto the passage h9 and gets a
    button for each free passage (both work only where the pawn has just landed)."""
    position = (
        "red: c7; blue: j7; rhombi: 1=d7/e7 2=e8/e9 3=j8/i8 4=i9/i10; "
        "A: g11/g12 red blue; B: g13/f13 red blue; C: f11/f12 red blue; turn: red"
    )
    async with Table() as table:
        out = await table.run(lobby_lines("inka", TWO, f'position:"{position}"'))
        row, _ = await table.latest()
        out = await table.run("@alice /inka pawn go cell:f8")
        assert "pawn phase now (2 AP left)" in out[0]["text"]
        out = await table.run("@alice /inka rhombus shift rhombus:A direction:ne distance:2")
        assert "slides rhombus **A** ne 2" in out[0]["text"], out
        out = await table.run("@alice /inka rhombus shift rhombus:B direction:se distance:1")
        assert out[0]["to"] == "private" and "walks onto it" in out[0]["text"]
        out = await table.run("@alice /inka end\n@bob /inka pawn go cell:h9")
        prefix = f"plateau:inka:{row.id}"
        assert out[-1]["buttons"] == [
            f"{prefix}:passage:e15",
            f"{prefix}:passage:h15",
            f"{prefix}:end",
        ]
        out = await table.run("@bob /inka pawn passage to:h15")  # what the button sends
        assert "takes the secret passage h9 → **h15** (1 AP, 2 left)" in out[0]["text"]


async def test_two_presses_at_once_apply_once() -> None:
    async with Table() as table:
        await table.run(lobby_lines("inka", TWO, f'position:"{ENDGAME}"') + "\n@bob /inka end")
        assert table.console is not None
        first, second = await at_once(table.console, "alice", "inka", "pawn take", {}, {})
        outcomes = sorted(d.to for d in [*first, *second])
        assert outcomes == ["channel", "private"]
        refusal = next(d for d in [*first, *second] if d.to == "private")
        assert "already taken" in refusal.text
        _, state = await table.latest()
        assert state.statues[0] == ("blue",) and state.ap == 2
