"""Échec au Roi through the console table: whole games at both levels, secret placement,
errors, restarts, French."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import bot.tables.echec as echec_table
from bot.model import Delivery, Request
from bot.model import Place as Where
from bot.tables.echec import EchecTable, _formation, picture_name
from engine.echec import (
    RULES,
    EchecConfig,
    from_dict,
    legal_actions,
    new_game,
    state_from_position,
    to_act,
)
from engine.echec.actions import Advance, Attack, Confirm, End, Lift, Place, Roll, Turn
from engine.echec.board import INDEX, NAMES
from engine.echec.state import BATTLE, OPENING, OVER, PLACEMENT, EchecState
from engine.echec.units import KIND
from renderer.echec import ADVANCE, ATTACK, FLEE, TURN, EchecImageOptions, Stroke

from .console_driver import Table, at_once, console_over, lobby_lines, png_bytes, refused_privately
from .test_console import Posts

USERS = {"south": "alice", "north": "bob"}
LOBBY = lobby_lines("echec", USERS, new=None) + "\n"  # the lines that follow a /echec new


class FakeRender:
    """Stands in for the renderer where a test is about the table; remembers what it drew."""

    def __init__(self) -> None:
        self.views: list[EchecState] = []
        self.options: list[EchecImageOptions] = []

    def __call__(self, seen: EchecState, *, options: EchecImageOptions) -> bytes:
        self.views.append(seen)
        self.options.append(options)
        return png_bytes()


@pytest.fixture(autouse=True)
def fake_render(monkeypatch: pytest.MonkeyPatch) -> FakeRender:
    fake = FakeRender()
    monkeypatch.setattr(echec_table, "render", fake)
    return fake


def line_for(user: str, action: object) -> str:
    """The console line a player types for an engine action."""
    match action:
        case Advance(square, steps):
            return f"@{user} /echec advance unit:{square} squares:{steps}"
        case Turn(square, facing):
            return f"@{user} /echec turn unit:{square} to:{facing}"
        case Attack(square, target):
            return f"@{user} /echec attack unit:{square} target:{target}"
        case End():
            return f"@{user} /echec end"
        case Place(kind, square, facing, figures):
            size = f" {figures}" if figures else ""
            unit = f"{KIND[kind].name}{size}"
            return f"@{user} /echec setup place unit:{unit} square:{square} facing:{facing}"
        case Lift(square):
            return f"@{user} /echec setup lift square:{square}"
        case Confirm():
            return f"@{user} /echec setup confirm"
        case Roll():
            return f"@{user} /echec roll"
    raise AssertionError(f"no console line for {action}")


def pick(state: EchecState, seat: str, rng: random.Random) -> object:
    """A playout policy that ends games: attack when it can, else mostly advance."""
    actions = legal_actions(state, seat)
    attacks = [a for a in actions if isinstance(a, Attack)]
    if attacks:
        return rng.choice(attacks)
    moves = [a for a in actions if isinstance(a, Advance | Turn)]
    advances = [a for a in moves if isinstance(a, Advance)]
    if advances and rng.random() < 0.7:
        return rng.choice(advances)
    return rng.choice(moves or actions)


async def play_to_the_end(
    table: Table, rng: random.Random, *, max_steps: int = 4000, placement: str = "auto"
) -> EchecState:
    """Both players act until the game ends: placing (by hand or by autoplace), rolling,
    then fighting."""
    for _ in range(max_steps):
        _, state = await table.latest()
        assert state is not None
        if state.phase == OVER:
            return state
        seat = to_act(state)[0]
        user = USERS[seat]
        if state.phase == PLACEMENT:
            if state.side(seat).reserve and placement == "auto":
                await table.run(f"@{user} /echec setup autoplace")
            elif state.side(seat).reserve:
                await table.run(line_for(user, _formation(state, seat)[0]))
            else:
                await table.run(f"@{user} /echec setup confirm")
            continue
        await table.run(line_for(user, pick(state, seat, rng)))
    raise AssertionError("the game did not end")


def channel(deliveries: list[dict]) -> list[dict]:
    return [d for d in deliveries if d["to"] == "channel"]


# ---------------------------------------------------------------- whole games


async def test_a_whole_level_1_game_from_lobby_to_victory() -> None:
    async with Table() as table:
        out = await table.run("@alice /echec new\n" + LOBBY)
        assert "level 1 · standard set-up" in out[0]["text"]
        start = channel(out)[-1]
        assert "Roll for the first move" in start["text"] and start["images"]
        assert start["buttons"] == [f"plateau:echec:{(await table.latest())[0].id}:roll"]
        state = await play_to_the_end(table, random.Random(1))
        assert state.phase == OVER and state.winners
        row, _ = await table.latest()
        assert row.status == "over"
        texts = [d["text"] for d in channel(table.deliveries())]
        assert any("moves first!" in t for t in texts)
        assert any("rolls 🪓" in t or " rolls " in t for t in texts)
        assert any(
            " attacks the " in t and " with the " in t and (" hit: " in t or " hits: " in t)
            for t in texts
        )
        assert "victory for" in texts[-1]
        assert "Dice seed:" in texts[-1]
        export = await table.run("@bob /echec export")
        assert export[0]["to"] == "private" and export[0]["images"] == [f"echec-{row.id}.txt"]


async def test_a_battle_turn_posts_the_board_once_and_two_actions_pass_it() -> None:
    async with Table() as table:
        await table.run("@alice /echec new\n" + LOBBY)
        while (await table.latest())[1].phase == OPENING:  # type: ignore[union-attr]
            _, state = await table.latest()
            assert state is not None
            await table.run(f"@{USERS[to_act(state)[0]]} /echec roll")
        _, state = await table.latest()
        assert state is not None and state.phase == BATTLE
        mover, other = state.turn, "north" if state.turn == "south" else "south"
        assert mover is not None
        ahead = "c2" if mover == "south" else "c8"
        first = await table.run(f"@{USERS[mover]} /echec advance unit:{ahead}")
        (post,) = first
        assert post["to"] == "channel" and not post["images"]  # the first action: in words
        assert "one action left" in post["text"] and "@" not in post["text"]
        assert post["buttons"][-1].endswith(":end")
        king = "e1" if mover == "south" else "e9"
        second = await table.run(f"@{USERS[mover]} /echec turn unit:{king} to:e")
        (post,) = second
        assert post["images"] and "turns the king on e9 to face east." in post["text"]
        assert f"@{USERS[other]}, {other.capitalize()} to act (turn 2): 2 actions." in post["text"]
        # The other player ends the turn at once: the turn comes back.
        out = await table.run(f"@{USERS[other]} /echec end")
        assert f"@{USERS[mover]}, {mover.capitalize()} to act (turn 3)" in out[0]["text"]


@pytest.mark.parametrize("new", ["", "level:2 placement:free", "level:2 placement:secret"])
async def test_a_whole_game_posts_one_board_a_turn(
    new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two actions a turn: the first is told in words, the board comes as the turn passes.
    Placement is no turn: placed by hand, a free placement edits one channel message and a
    secret one edits each player's DM (slots)."""
    posts = Posts(monkeypatch)
    async with Table() as table:
        await table.run(f"@alice /echec new {new}\n" + LOBBY)
        posts.begin()
        rng = random.Random(4)
        placing: list[Delivery] = []
        while (state := (await table.latest())[1]).phase != OVER:  # type: ignore[union-attr]
            seat = to_act(state)[0]
            user = USERS[seat]
            if state.phase == PLACEMENT:
                mark = len(posts.all)
                reserve = state.side(seat).reserve
                action = _formation(state, seat)[0] if reserve else Confirm()
                await table.run(line_for(user, action))
                placing += [d for d in posts.all[mark:] if d.to != "private"]
                posts.begin()  # placement is no turn: its posts are checked below
                continue
            out = await table.run(line_for(user, pick(state, seat, rng)))
            after = (await table.latest())[1]
            assert after is not None
            if after.phase != state.phase or not set(to_act(after)) & {seat}:
                shown = posts.end_turn()
                assert shown == (1 if state.phase == BATTLE or after.phase != state.phase else 0)
            elif state.phase == BATTLE:  # the first action of two: in words
                assert not any(d["images"] for d in out)
        assert max(posts.turns) == 1  # the opening's rolls show nothing until it is decided
        battle_starts = [d for d in posts.channel if "moves first!" in d.text]
        assert len(battle_starts) == 1
        if "free" in new:
            assert placing and all(d.slot == placing[0].slot for d in placing[:-1])
        if "secret" in new:
            dms = [d for d in placing if d.to == "dm"]
            assert dms and all(d.slot and d.slot.startswith("placement:") for d in dms)
            (shown,) = [d for d in placing if d.to == "channel" and d.files]
            assert "revealed at once" in shown.text  # nothing before both confirmed


@pytest.mark.parametrize("placement", ["free", "secret"])
async def test_a_level_2_game_with_every_optional_unit(placement: str) -> None:
    async with Table() as table:
        out = await table.run(
            f"@alice /echec new level:2 placement:{placement} units:P4 P2 M2 H2 H1 massive:on\n"
            + LOBBY
        )
        assert "optional units: P4 P2 M2 H2 H1" in out[0]["text"]
        assert "massive infantry" in out[0]["text"]
        state = await play_to_the_end(table, random.Random(3), placement="hand")
        assert state.phase == OVER
        log = await table.storage.log((await table.latest())[0].id)  # type: ignore[union-attr]
        placed = [e.action for e in log if e.action.startswith("place")]
        assert "place mercenaries 2 h2 n" in placed or any("mercenaries" in p for p in placed)
        assert any(p.startswith("place heavy 2") for p in placed)
        assert any(p.startswith("place peasants 4") for p in placed)


# ---------------------------------------------------------------- secrecy


async def test_secret_placement_reaches_only_its_owner_until_both_confirm(
    fake_render: FakeRender,
) -> None:
    async with Table() as table:
        start = await table.run("@alice /echec new level:2 placement:secret units:M2\n" + LOBBY)
        dms = [d for d in start if d["to"] == "dm"]
        assert sorted(d["user"] for d in dms) == ["alice", "bob"]
        assert all(d["buttons"][-1].endswith(":confirm") for d in dms)
        out = await table.run(
            "@alice /echec setup place unit:mercenaries square:b2 facing:e\n"
            "@alice /echec setup place unit:archers square:a1 facing:n\n"
            "@alice /echec setup lift square:a1\n"
            "@alice /echec setup autoplace"
        )
        assert {d["to"] for d in out} == {"dm", "private"}
        assert {d["user"] for d in out} == {"alice"}
        assert "mercenaries (2) on b2, facing east" in out[0]["text"]
        assert "takes back the base on a1" in out[4]["text"]
        # Every picture drawn so far for Bob's eyes holds no South base and no South reserve.
        for seen in fake_render.views:
            if seen.side("south").hidden:
                assert not any(b is not None and b.seat == "south" for b in seen.board)
                assert seen.side("south").reserve == ()
        views_for_bob = [v for v in fake_render.views if v.side("south").hidden]
        assert views_for_bob  # Bob's own DM at the start
        ready = await table.run("@alice /echec setup confirm")
        assert [d["to"] for d in ready] == ["channel"]
        assert ready[0]["text"] == "South is ready (1 of 2)." and not ready[0]["images"]
        # Bob looks at the board and exports: his own side only, privately.
        fake_render.views.clear()
        look = await table.run("@bob /echec board\n@bob /echec export")
        assert [d["to"] for d in look] == ["private", "private"]
        assert all(not any(b and b.seat == "south" for b in v.board) for v in fake_render.views)
        # A spectator sees two screens.
        fake_render.views.clear()
        spectator = await table.run("@carol /echec board")
        assert spectator[0]["to"] == "private"  # a spectator's look (the base's /board)
        (seen,) = fake_render.views
        assert seen.side("south").hidden and seen.side("north").hidden
        assert not any(seen.board)
        public = " ".join(d["text"] for d in channel(table.deliveries()))
        assert "b2" not in public and "mercenaries" not in public
        for d in table.deliveries():
            if d["user"] == "bob":
                assert "b2" not in d["text"] and "South:" not in d["text"]
        # Bob places by hand and confirms: both armies are revealed at once.
        await table.run("@bob /echec setup autoplace")
        reveal = await table.run("@bob /echec setup confirm")
        (post,) = reveal
        assert "revealed at once" in post["text"] and post["images"]
        assert not fake_render.views[-1].side("south").hidden


async def test_the_record_leaves_out_the_other_sides_secret_placing(tmp_path: Path) -> None:
    async with Table() as table:
        await table.run("@alice /echec new level:2 placement:secret\n" + LOBBY)
        await table.run("@alice /echec setup place unit:archers square:b1 facing:n")
        await table.run("@bob /echec setup place unit:archers square:h9 facing:s")
        service = table.console.service  # type: ignore[union-attr]
        where = Where(table.console.world.channel_id("general"), guild_id=1)  # type: ignore[union-attr]
        bob = table.console.world.user("bob")  # type: ignore[union-attr]
        (export,) = await service.handle(Request("echec", "export", bob, where, {}))
        text = export.files[0].data.decode()
        assert "place archers h9 s" in text and "b1" not in text


# ---------------------------------------------------------------- errors


async def test_every_error_is_private_and_explains() -> None:
    async with Table() as table:
        out = await table.run(
            "@zed /echec advance unit:c2\n"  # no game
            "@alice /echec new level:1 placement:secret\n"  # a level 2 option
            "@alice /echec new units:Z9\n"  # not a unit
            "@alice /echec new level:2 units:M2 M1\n"  # two mercenary bases
            "@alice /echec new level:3\n"
        )
        refused_privately(
            out,
            "No Échec au Roi game",
            "level 2 options",
            "'Z9' is not an optional unit",
            "one base of mercenaries",
            "level must be a whole number from 1 to 2",
        )
        await table.run("@alice /echec new\n" + LOBBY)
        out = await table.run(
            "@alice /echec advance unit:c2\n"  # the opening: roll first
            "@alice /echec setup place unit:archers square:c1 facing:n\n"  # not placing
            "@carol /echec roll\n"  # a spectator
            "@alice /echec roll\n"
            "@alice /echec roll\n"  # rolled already
        )
        assert out[0]["to"] == "private" and "roll" in out[0]["text"]
        assert out[1]["to"] == "private" and "/echec roll" in out[1]["text"]
        assert out[2]["to"] == "private" and "watching" in out[2]["text"]
        assert out[3]["to"] == "channel"
        assert out[4]["to"] == "private" and "not your turn" in out[4]["text"]
        while (await table.latest())[1].phase == OPENING:  # type: ignore[union-attr]
            _, state = await table.latest()
            await table.run(f"@{USERS[to_act(state)[0]]} /echec roll")  # type: ignore[arg-type]
        _, state = await table.latest()
        assert state is not None
        mover = USERS[state.turn]  # type: ignore[index]
        waiter = "bob" if mover == "alice" else "alice"
        front = "c2" if state.turn == "south" else "c8"
        out = await table.run(
            f"@{waiter} /echec end\n"
            f"@{mover} /echec advance unit:e5\n"
            f"@{mover} /echec attack unit:{front} target:c5\n"
            f"@{mover} /echec turn unit:{front} to:up-ish\n"
            f"@{mover} /echec advance unit:{front} squares:3\n"
            f"@{mover} /echec advance\n"
            f"@{mover} /echec setup confirm\n"
        )
        refused_privately(
            out,
            "not your turn",
            "there is no base on e5",
            "cannot attack c5",
            "is not a direction",
            "cannot advance 3",
        )
        assert out[5]["text"] == "Give the square of your base, like unit:c2."
        assert "use /echec advance, /echec turn, /echec attack or /echec end" in out[6]["text"]
        assert "Game `" not in " ".join(d["text"] for d in out)


async def test_french_players_read_french() -> None:
    async with Table() as table:
        await table.run("!locale @alice fr\n!locale @bob fr")
        out = await table.run("@alice /echec new level:2 placement:secret\n" + LOBBY)
        assert "créée" in out[1]["text"]
        dm = [d for d in out if d["to"] == "dm" and d["user"] == "bob"][-1]
        assert "Placez votre armée Nord" in dm["text"] and "encore à placer" in dm["text"]
        out = await table.run(
            "@alice /echec setup place unit:archers square:e5 facing:n\n"
            "@bob /echec setup place unit:roi square:e9 facing:sud\n"
            "@bob /echec roll"
        )
        assert out[0]["text"].startswith("Refusé : placez vos socles sur vos deux premières")
        assert "roi (1) en e9, face au sud" in out[1]["text"]
        assert "Les armées se placent" in out[-1]["text"]


# ---------------------------------------------------------------- restarts


@pytest.mark.parametrize("stop_in", [PLACEMENT, OPENING, BATTLE])
async def test_a_restart_in_the_middle_then_the_game_finishes(tmp_path: Path, stop_in: str) -> None:
    db = str(tmp_path / "plateau.db")
    first = await Table(db=db).open()
    await first.run("@alice /echec new level:2 placement:secret units:P3 H1\n" + LOBBY)
    await first.run("@alice /echec setup autoplace\n@alice /echec setup confirm")
    if stop_in in (OPENING, BATTLE):
        await first.run("@bob /echec setup autoplace\n@bob /echec setup confirm")
    if stop_in == BATTLE:
        while (await first.latest())[1].phase == OPENING:  # type: ignore[union-attr]
            _, state = await first.latest()
            await first.run(f"@{USERS[to_act(state)[0]]} /echec roll")  # type: ignore[arg-type]
        _, state = await first.latest()
        await first.run(f"@{USERS[state.turn]} /echec end")  # type: ignore[index, union-attr]
    before, _ = await first.latest()
    await first.close()  # the process stops here

    async with Table(db=db) as second:
        after, state = await second.latest()
        assert after.state == before.state and state is not None and state.phase == stop_in
        resumed = second.deliveries()
        assert any("is back after a restart" in d["text"] for d in resumed)
        assert all(d["to"] == "channel" for d in resumed)
        if stop_in == PLACEMENT:  # still secret after the restart
            assert not any("South:" in d["text"] for d in resumed)
        final = await play_to_the_end(second, random.Random(8))
        assert final.phase == OVER


async def test_a_fixed_seed_replays_identically() -> None:
    from bot.console import run

    script = ("@alice /echec new\n" + LOBBY + "@alice /echec roll\n@bob /echec roll\n").strip()
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        await run(script.splitlines(), out, seed=42, as_json=True)
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1] and "rolls" in outputs[0]


async def test_two_commands_at_once_apply_one_at_a_time() -> None:
    async with console_over(seed=3) as console:
        await console.run(
            [
                '@alice /echec new position:"south: K1e1n I4c2n; north: K1e9s; turn: south"',
                *LOBBY.strip().splitlines(),
            ]
        )
        ahead = {"unit": "c2"}
        first, second = await at_once(console, "alice", "echec", "advance", ahead, ahead)
        assert sorted([first[0].to, second[0].to]) == ["channel", "private"]
        row = (await console.service.storage.unfinished())[0]
        assert from_dict(row.state).ply == 1  # type: ignore[arg-type]


async def test_resigning_ends_the_game_for_the_other_side() -> None:
    async with Table() as table:
        await table.run("@alice /echec new level:2 placement:secret\n" + LOBBY)
        await table.run("@alice /echec setup place unit:archers square:b1 facing:n")
        out = await table.resign("bob", "echec")
        (post,) = [d for d in out if d["to"] == "channel"]
        assert "North resigns." in post["text"] and "Victory for South!" in post["text"]
        assert post["images"] == []  # a resignation during secret placement shows nothing
        _, state = await table.latest()
        assert state is not None and state.phase == OVER


def test_the_table_lists_its_commands() -> None:
    setup = {"setup place", "setup lift", "setup autoplace", "setup confirm"}
    assert {*setup, "roll", "advance", "turn", "attack"} <= set(EchecTable().commands)


async def test_an_archers_volley_draws_its_target_block(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[object] = []

    def render(seen: EchecState, **kwargs: object) -> bytes:
        drawn.append(kwargs["options"])
        return png_bytes()

    monkeypatch.setattr(echec_table, "render", render)
    async with Table() as table:
        position = "south: K1e1n A4c1n; north: K1e9s I4c3s; turn: south"
        await table.run(f'@alice /echec new position:"{position}"\n' + LOBBY)
        seen = len(drawn)
        out = await table.run("@alice /echec attack unit:c1 target:c3")
        assert "South attacks the infantry on c3 with the archers on c1" in out[0]["text"]
        assert len(drawn) == seen  # the turn's first action is told in words
        await table.run("@alice /echec end")
        assert drawn[-1].volley == "c1"  # type: ignore[attr-defined]
        await table.run("@bob /echec end")
        assert drawn[-1].volley is None  # type: ignore[attr-defined]


async def test_rules_help_is_private() -> None:
    async with Table() as table:
        out = await table.run("@bob /echec rules topic:panic\n@bob /echec rules")
        assert [d["to"] for d in out] == ["private", "private"]
        assert out[0]["text"].startswith("## 6. Panic")
        assert "topics:" in out[1]["text"]


def test_every_engine_refusal_has_its_french_with_known_values() -> None:
    import ast

    from bot.i18n import ENGINE, catalog, placeholders

    root = Path(__file__).resolve().parents[2] / "engine" / "echec"
    codes: dict[str, set[str]] = {}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                kw = {k.arg: k.value for k in node.keywords if k.arg}
                code = kw.get("code")
                if isinstance(code, ast.Constant) and str(code.value).startswith("echec."):
                    codes.setdefault(code.value, set()).update(k for k in kw if k != "code")
    french = {k.removeprefix(ENGINE): v for k, v in catalog("fr").items() if k.startswith(ENGINE)}
    assert codes and sorted(set(codes) - set(french)) == []
    for code, params in codes.items():
        assert placeholders(french[code]) <= params, code


def test_every_echec_message_key_the_table_names_exists() -> None:
    import re

    from bot.i18n import has

    root = Path(__file__).resolve().parents[2] / "bot"
    text = (root / "tables" / "echec.py").read_text() + (root / "cogs" / "echec.py").read_text()
    keys = set(re.findall(r'"((?:echec|table|error|discord)\.[a-z_.]+)"', text))
    missing = sorted(k for k in keys if not k.endswith((".", "_")) and not has(k))
    assert missing == []
    for seat in ("south", "north"):
        assert has(f"echec.seat.{seat}")
    for phase in (PLACEMENT, OPENING, BATTLE, OVER):
        assert has(f"echec.phase_{phase}")


async def test_the_real_renderer_posts_small_valid_pictures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from PIL import Image

    from renderer.echec import render_echec

    made: list[bytes] = []

    def render(seen: EchecState, **kwargs: object) -> bytes:
        made.append(render_echec(seen, **kwargs))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(echec_table, "render", render)
    async with Table() as table:
        await table.run("@alice /echec new level:2 placement:secret units:P3 M1 H2\n" + LOBBY)
        await table.run("@alice /echec setup autoplace\n@bob /echec setup autoplace")
        await table.run("@alice /echec setup confirm\n@bob /echec setup confirm")
        await table.run("@alice /echec roll\n@bob /echec roll")
        names = [n for d in table.deliveries() for n in d["images"]]
        assert len(names) == len(made) >= 5 and all(n.endswith(".png") for n in names)
        for blob in made:
            assert blob.startswith(b"\x89PNG") and len(blob) < 1_000_000
            assert Image.open(io.BytesIO(blob)).size[0] > 700


async def test_each_army_may_have_its_own_optional_units() -> None:
    async with Table() as table:
        out = await table.run("@alice /echec new south_units:P4 P2 north_units:M1 H2\n" + LOBBY)
        assert "level 2 · free placement · South: P4 P2 · North: M1 H2" in out[0]["text"]
        _, state = await table.latest()
        assert state is not None
        assert ("P", 2) in state.side("south").reserve and ("M", 1) in state.side("north").reserve
        assert ("M", 1) not in state.side("south").reserve
        final = await play_to_the_end(table, random.Random(4))
        assert final.phase == OVER


# ---------------------------------------------------------------- what a turn's picture shows


async def test_a_turns_picture_gets_both_of_its_actions(fake_render: FakeRender) -> None:
    async with Table() as table:
        position = "south: K1e1n I4c2n I4e4n; north: K1e9s I4e5s I4a8s; turn: south"
        await table.run(f'@alice /echec new position:"{position}"\n' + LOBBY)
        await table.run("@alice /echec advance unit:c2\n@alice /echec attack unit:e4 target:e5")
        # North's turn begins: its picture draws South's whole turn.
        assert fake_render.options[-1].actions == (
            Stroke(ADVANCE, "c2", "c3"),
            Stroke(ATTACK, "e4", "e5"),
        )
        # A look mid-turn draws the turn so far; the next picture, North's turn alone.
        await table.run("@bob /echec turn unit:a8 to:e\n@bob /echec board")
        assert fake_render.options[-1].actions == (Stroke(TURN, "a8", "a8"),)
        await table.run("@bob /echec end")
        assert fake_render.options[-1].actions == (Stroke(TURN, "a8", "a8"),)
        await table.run("@alice /echec end")  # a turn with no action shows none
        assert fake_render.options[-1].actions == ()


async def test_a_panic_retreat_is_one_stroke_in_the_turns_picture(
    fake_render: FakeRender, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Peasants that roll two panics fall back two squares: one arrow, b4 to b2."""
    from engine.echec import die

    for value in die.FACE_OF_VALUE:
        monkeypatch.setitem(die.FACE_OF_VALUE, value, die.PANIC)
    async with Table() as table:
        position = "south: K1e1n P2b4n; north: K1e9s I4b5s; turn: south"
        await table.run(f'@alice /echec new position:"{position}"\n' + LOBBY)
        out = await table.run("@alice /echec attack unit:b4 target:b5\n@alice /echec end")
        assert "falls back from b4 to b3" in out[0]["text"]
        assert fake_render.options[-1].actions == (
            Stroke(ATTACK, "b4", "b5"),
            Stroke(FLEE, "b4", "b2"),
        )


@pytest.mark.parametrize(
    ("language", "advanced", "turned"),
    [
        (
            "en",
            "South advances the infantry from c2 to c3.",
            "South turns the king on e1 to face west.",
        ),
        ("fr", "Sud avance l'infanterie de c2 à c3.", "Sud tourne le roi en e1 vers l'ouest."),
    ],
)
async def test_captions_read_as_sentences_in_both_languages(
    language: str, advanced: str, turned: str
) -> None:
    async with Table() as table:
        position = "south: K1e1n I4c2n A4c1n; north: K1e9s I4c8s A4c9s; turn: south"
        await table.run(f'@alice /echec new language:{language} position:"{position}"\n' + LOBBY)
        out = await table.run("@alice /echec advance unit:c2\n@alice /echec turn unit:e1 to:w")
        assert out[0]["text"].startswith(advanced)
        assert out[1]["text"].startswith(turned)


# ---------------------------------------------------------------- secrets in file names


async def test_secret_pictures_and_counts_do_not_change_when_the_other_side_places(
    fake_render: FakeRender,
) -> None:
    """South's own DM picture is named without a counter, and nothing South is shown (its
    picture's name, its view, its words) moves while North places and lifts in secret."""
    async with Table() as table:
        start = await table.run("@alice /echec new level:2 placement:secret units:P3\n" + LOBBY)
        row, _ = await table.latest()
        game_id = row.id
        own = [d for d in start if d["to"] == "dm" and d["user"] == "alice"]
        assert own[-1]["images"] == [f"echec-{game_id}-south.png"]
        await table.run("@alice /echec setup place unit:archers square:a1 facing:n")

        async def south_looks() -> tuple[list[str], str, EchecState]:
            fake_render.views.clear()
            (look,) = await table.run("@alice /echec board")
            (seen,) = fake_render.views
            return look["images"], look["text"], seen

        before = await south_looks()
        told = await table.run(
            "@bob /echec setup place unit:archers square:a9 facing:s\n"
            "@bob /echec setup place unit:peasants 3 square:b9 facing:s\n"
            "@bob /echec setup lift square:a9\n"
            "@bob /echec setup place unit:king square:e9 facing:s"
        )
        assert {d["user"] for d in told} == {"bob"}  # South is told nothing
        assert all(name == f"echec-{game_id}-north.png" for d in told for name in d["images"])
        assert await south_looks() == before


def test_public_picture_names_hold_only_public_facts() -> None:
    """Phase, battle turn and actions taken: never the ply, which counts secret placing."""
    config = EchecConfig(level=2, placement="secret")
    placing = new_game(config, seed=b"s", game_id="g")
    placed, _ = RULES.apply(placing, Place("A", "b1", "n"), "south")
    assert picture_name("g", placed) == picture_name("g", placing) == "echec-g-placement.png"
    assert picture_name("g", placed, "north") == "echec-g-north.png"
    battle = state_from_position(
        "south: K1e1n I4c2n; north: K1e9s; turn: south", seed=b"s", game_id="g"
    )
    assert picture_name("g", battle) == "echec-g-turn1-0.png"
    moved, _ = RULES.apply(battle, Advance("c2"), "south")
    assert picture_name("g", moved) == "echec-g-turn1-1.png"


# ---------------------------------------------------------------- words without a name


async def test_advance_c2_as_the_rules_page_writes_it() -> None:
    """``/echec advance c2`` (docs/rules/echec.md): words without a name fill ``unit``, then
    ``squares``, as Discord's client fills the options in order."""
    async with Table() as table:
        position = "south: K1e1n I4c2n C2a1n; north: K1e9s I4c8s; turn: south"
        await table.run(f'@alice /echec new position:"{position}"\n' + LOBBY)
        out = await table.run("@alice /echec advance c2\n@alice /echec advance a1 3")
        assert out[0]["text"].startswith("South advances the infantry from c2 to c3.")
        _, state = await table.latest()
        assert state is not None
        squares = {NAMES[sq]: base.kind for sq, base in enumerate(state.board) if base}
        assert squares["c3"] == "I" and squares["a4"] == "C"
        assert "c2" not in squares and "a1" not in squares


async def test_too_many_words_without_a_name_say_the_options_in_order() -> None:
    async with Table() as table:
        position = "south: K1e1n I4c2n; north: K1e9s I4c8s; turn: south"
        await table.run(f'@alice /echec new position:"{position}"\n' + LOBBY)
        out = await table.run("@alice /echec advance c2 1 now\n@alice /echec end now")
        assert [(d["to"], d["user"]) for d in out] == [("private", "alice")] * 2
        assert out[0]["text"] == (
            "/echec advance takes these options, in order: unit, squares, game:<id> (by name "
            "only). Too many words without a name: c2 1 now"
        )
        assert out[1]["text"].startswith("/echec end takes these options, in order: game:<id>")
        _, state = await table.latest()
        assert state is not None and state.board[INDEX["c2"]] is not None  # nothing moved
        assert state.turn == "south" and state.actions_left == 2
