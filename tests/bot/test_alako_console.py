"""Les Chevaliers d'Alako through the console table: whole games, the buttons after a spin,
errors told privately, restarts, concurrency and French."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import bot.tables.alako as alako_table
from bot.cogs.alako import AlakoButton
from bot.i18n import ENGINE, catalog, has, placeholders, t
from bot.model import Place, Request
from bot.tables.alako import AlakoTable, describe
from engine.alako import (
    OVER,
    RULES,
    SPIN,
    AlakoState,
    Build,
    Climb,
    Dismount,
    Move,
    Pass,
    Spin,
    from_dict,
    legal_actions,
    segment_name,
    to_act,
)
from engine.alako.record import initial_state
from engine.protocol import Event
from engine.record import GameRecord
from tests.engine.alako.helpers import towards_princess

from .console_driver import Table, at_once, console_over, lobby_lines, png_bytes, refused_privately
from .test_console import Posts
from .test_i18n import _raised_codes

USERS = {"south": "alice", "north": "bob"}
LOBBY = lobby_lines("alako", USERS, "first:south")
# South's knight one square below North's princess, with a 1 just spun: one click wins.
WIN_IN_ONE = "south: Ke8 Hf1 Pe1; north: Kd11 Hf11 Pe9; turn: south; spun: 1"
# South spun 2 walls with an empty line.
TWO_WALLS = "south: Kd1 Hf1 Pe1; north: Kd11 Hf11 Pe11; turn: south; spun: 2walls"
# South's knight rides below North's wall on d8n, and spun the ladder.
LADDER = "south: Kd8 Hd8 Pe1; north: Kc11 Hf11 Pe11 Wa8n Wb8n Wc8n Wd8n; turn: south; spun: ladder"


def lobby(position: str | None = None) -> str:
    if position is None:
        return LOBBY
    lines = LOBBY.strip().splitlines()
    return "\n".join([f'@alice /alako new position:"{position}"', *lines[1:]])


def line_for(user: str, action: object) -> str:
    """The console line a player types for an engine action."""
    match action:
        case Spin():
            return f"@{user} /alako spin"
        case Move(piece=piece, direction=direction):
            return f"@{user} /alako move piece:{piece} direction:{direction}"
        case Dismount(direction=direction):
            return f"@{user} /alako dismount direction:{direction}"
        case Build(segment=segment):
            return f"@{user} /alako build segment:{segment_name(segment)}"
        case Climb(segment=None):
            return f"@{user} /alako climb"
        case Climb(segment=segment):
            return f"@{user} /alako climb segment:{segment_name(segment)}"  # type: ignore[arg-type]
        case Pass():
            return f"@{user} /alako pass"
    raise AssertionError(f"no console line for {action}")


def choose(rng: random.Random, state: AlakoState) -> object:
    """Mostly walk the knight towards the enemy princess (random play rarely ends)."""
    if state.face in ("1", "2") and rng.random() < 0.8:
        return towards_princess(state)
    actions = legal_actions(state)
    if state.face == "ladder":
        return actions[0]
    return rng.choice(actions)


async def play_to_the_end(table: Table, rng: random.Random, max_steps: int = 3000) -> dict:
    for _ in range(max_steps):
        _, info = await table.game()
        state = info["state"]
        if state.phase == OVER:
            return info
        seat = to_act(state)[0]
        out = await table.run(line_for(USERS[seat], choose(rng, state)))
        assert all(d["to"] == "channel" for d in out), out
    raise AssertionError("the game did not end")


@pytest.fixture
def fast_images(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A stand-in for the renderer where a test is about the table, not the pictures."""
    calls: list[str] = []

    def render(view: Any, *, options: Any) -> bytes:
        calls.append(view.phase)
        return png_bytes()

    monkeypatch.setattr(alako_table, "render_alako", render)
    return calls


# ---------------------------------------------------------------- whole games


async def test_a_whole_game_from_the_lobby_to_a_knight_on_the_princess(
    fast_images: list[str],
) -> None:
    async with Table() as table:
        out = await table.run(lobby())
        first = out[-1]
        assert first["to"] == "channel" and "@alice, 🔴 South: spin the top." in first["text"]
        assert first["images"] and first["buttons"][0].endswith(":do:0:spin")
        info = await play_to_the_end(table, random.Random(2))
        state = info["state"]
        assert state.phase == OVER and info["row"].status == "over"
        assert state.termination == "princess_reached"
        texts = [d["text"] for d in table.deliveries() if d["to"] == "channel"]
        assert "wins: the knight reaches the princess!" in texts[-1]
        seed = info["row"].meta["seed"]
        assert seed in texts[-1] and not any(seed in text for text in texts[:-1])
        assert "Dice seed:" in texts[-1]
        assert any("spins the top: **" in text for text in texts)
        # The export replays, roll by roll, to the very same final state.
        export = await table.run("@bob /alako export")
        assert export[0]["to"] == "private"
        log = await table.storage.log(info["row"].id)  # type: ignore[union-attr]
        assert len(log) == state.ply
        text = (await _export_text(table, info["row"].id)).strip()
        replayed = GameRecord.parse_text(text).replay(initial_state, RULES)
        assert RULES.to_dict(replayed) == info["row"].state


async def test_a_whole_game_posts_one_board_a_turn(
    fast_images: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A turn is a spin then a use: the spin is told in words with the buttons of its
    choices; the board comes once, after the move (or when the spin passes the turn)."""
    posts = Posts(monkeypatch)
    async with Table() as table:
        await table.run(lobby())
        posts.begin()
        rng = random.Random(2)
        while (state := (await table.game())[1]["state"]).phase != OVER:
            seat = to_act(state)[0]
            out = await table.run(line_for(USERS[seat], choose(rng, state)))
            assert len(out) == 1 and out[0]["to"] == "channel"
            after = (await table.game())[1]["state"]
            if after.phase == OVER or to_act(after)[0] != seat:
                posts.end_turn()
            else:  # the spin (or a first wall of two): words and buttons, no picture
                assert not out[0]["images"] and out[0]["buttons"]
        assert posts.turns and set(posts.turns) == {1}


async def _export_text(table: Table, game_id: str) -> str:
    service = table.console.service  # type: ignore[union-attr]
    world = table.console.world  # type: ignore[union-attr]
    request = Request(
        "alako", "export", world.user("alice"), Place(world.channel_id("general"), guild_id=1)
    )
    (reply,) = await service.handle(request)
    assert reply.files[0].name == f"alako-{game_id}.txt"
    return reply.files[0].data.decode()


async def test_drawing_lots_happens_at_the_start_and_is_in_the_record() -> None:
    async with Table(seed=5) as table:
        out = await table.run(LOBBY.replace(" first:south", ""))
        post = out[-1]
        assert post["to"] == "channel" and "Drawing lots (D2 = " in post["text"]
        assert post["images"]  # the real board image, with the spinner
        _, info = await table.game()
        state = info["state"]
        assert state.phase == SPIN and state.ply == 1
        log = await table.storage.log(info["row"].id)  # type: ignore[union-attr]
        assert [(e.seat, e.action, len(e.rolls)) for e in log] == [("south", "lots", 1)]
        who = USERS[to_act(state)[0]]
        assert f"@{who}, " in post["text"].splitlines()[-1]
        running = await _export_text(table, info["row"].id)
        assert "1. south: lots {#0 d2=" in running and "[Seed" not in running


async def test_a_turn_is_one_or_two_clicks_with_the_buttons() -> None:
    async with Table() as table:
        out = await table.run(lobby(TWO_WALLS))
        post = out[-1]
        assert "@alice, 🔴 South spun 2 walls: build it on your line, or don't." in post["text"]
        assert post["buttons"] == [
            f"plateau:alako:{_id(post)}:do:0:build_a4w",
            f"plateau:alako:{_id(post)}:do:0:build_a3n",
            f"plateau:alako:{_id(post)}:do:0:build_i3n",
            f"plateau:alako:{_id(post)}:do:0:build_i4e",
            f"plateau:alako:{_id(post)}:do:0:pass",  # building is optional
        ]
        out = await press(table, "alice", post["buttons"][0])
        assert "🔴 South builds a wall on a4w." in out[0]["text"]
        assert "build the second wall" in out[0]["text"]
        second = out[0]["buttons"]
        assert all(":do:1:build_" in b for b in second[:-1]) and second[-1].endswith(":do:1:pass")
        # A button of the first wall's post is now from an earlier turn.
        stale = await press(table, "alice", post["buttons"][2])
        assert stale[0]["to"] == "private" and "earlier turn" in stale[0]["text"]
        out = await press(table, "alice", second[0])
        assert "@bob, 🔵 North: spin the top." in out[0]["text"]
        assert out[0]["buttons"][0].endswith(":do:2:spin")
        out = await press(table, "bob", out[0]["buttons"][0])
        assert "🔵 North spins the top: **" in out[0]["text"]
        _, info = await table.game()
        state = info["state"]
        # The spin is told in words; the board comes once the turn is over.
        assert bool(out[0]["images"]) == (state.phase == SPIN)
        # Every button after the spin is one legal action, and every legal action has one.
        offered = {b.split(":do:")[1].split(":", 1)[1] for b in out[0]["buttons"]}
        legal = {str(a).replace(" ", "_") for a in legal_actions(state)}
        assert offered == (legal if state.phase != SPIN else {"spin"})


def _id(post: dict) -> str:
    return post["buttons"][0].split(":")[2]


async def press(table: Table, user: str, custom_id: str) -> list[dict]:
    """What a Discord press of ``custom_id`` does: the cog's mapping, then the service."""
    game_id, action = custom_id.split(":", 3)[2:]
    parsed = AlakoButton.to_request(game_id, action)
    assert parsed is not None, custom_id
    command, options = parsed
    console = table.console
    assert console is not None
    actor = console.world.user(user)
    place = Place(console.world.channel_id("general"), guild_id=1)
    start = len(table.out.getvalue())
    for delivery in await console.service.handle(Request("alako", command, actor, place, options)):
        await console.emit(delivery)
    return [json.loads(line) for line in table.out.getvalue()[start:].splitlines()]


async def test_winning_in_one_click_from_a_position() -> None:
    async with Table() as table:
        out = await table.run(lobby(WIN_IN_ONE))
        post = out[-1]
        assert "(spun 1 point)" not in post["text"] and "spun 1 point: move a piece" in post["text"]
        win = [b for b in post["buttons"] if b.endswith("knight_n")]
        assert len(win) == 1
        out = await press(table, "alice", win[0])
        assert "🔴 South: knight e8→e9" in out[0]["text"]
        assert "🏆 🔴 South wins: the knight reaches the princess!" in out[0]["text"]
        assert out[0]["buttons"] == [] and out[0]["images"]
        again = await table.run(f"@bob /alako spin\n@bob /alako spin game:{_id(post)}")
        assert [d["to"] for d in again] == ["private", "private"]
        assert "No Les Chevaliers d'Alako game is running here" in again[0]["text"]
        assert again[1]["text"] == t("en", "table.over")
        board = await table.run("@bob /alako board")
        assert board[0]["to"] == "channel" and board[0]["images"]


async def test_the_ladder_climb_and_the_descent() -> None:
    async with Table() as table:
        out = await table.run(lobby(LADDER))
        post = out[-1]
        assert "spun the ladder: climb or pass" in post["text"]
        assert [b.rsplit(":", 1)[1] for b in post["buttons"]] == ["climb_d8n", "pass"]
        out = await table.run("@alice /alako climb")
        assert "the knight on d8 climbs the wall d8n with the ladder." in out[0]["text"]
        assert "His horse stays on d8." in out[0]["text"]
        _, info = await table.game()
        assert info["state"].sides[0].knight is None


async def test_a_mounted_knight_rides_double_or_dismounts(monkeypatch: pytest.MonkeyPatch) -> None:
    labels: dict[str, str] = {}
    original = AlakoTable.choice_buttons

    def spy(self: AlakoTable, game: Any, state: AlakoState) -> list:
        buttons = original(self, game, state)
        labels.update({b.custom_id.rsplit(":", 1)[1]: b.label for b in buttons})
        return buttons

    monkeypatch.setattr(AlakoTable, "choice_buttons", spy)
    async with Table() as table:
        await table.run(lobby("south: Kd3 Hd3 Pe1; north: Kd11 Hf11 Pe11; turn: south; spun: 1"))
        assert labels["knight_n"] == "Knight ↑ d5" and labels["dismount_n"] == "Dismount ↑ d4"
        assert labels["princess_e"] == "Princess → f1" and "horse_n" not in labels
        out = await table.run("@alice /alako dismount direction:north")
        assert "🔴 South: the knight dismounts d3→d4" in out[0]["text"]
        _, info = await table.game()
        side = info["state"].sides[0]
        assert (side.knight, side.horse) == (3 * 9 + 3, 2 * 9 + 3)


async def test_resigning_ends_the_game_for_the_other_side() -> None:
    async with Table() as table:
        await table.run(LOBBY)
        out = await table.run("@zed /alako resign\n@bob /alako resign\n!press @bob Resign")
        assert out[0]["to"] == "private" and "watching" in out[0]["text"]
        assert out[1]["to"] == "private"  # the question, then its button pressed
        assert "🔵 North resigns." in out[2]["text"]
        assert "🏆 🔴 South wins by resignation." in out[2]["text"]
        assert "Dice seed:" in out[2]["text"] and out[2]["buttons"] == []
        _, info = await table.game()
        assert info["row"].status == "over" and info["state"].winner == 0


# ---------------------------------------------------------------- declining, draws


async def test_a_tower_or_wall_won_may_be_declined(fast_images: list[str]) -> None:
    async with Table() as table:
        out = await table.run(lobby(TWO_WALLS))
        post = out[-1]
        assert post["buttons"][-1].endswith(":do:0:pass")
        out = await press(table, "alice", post["buttons"][-1])
        assert "🔴 South leaves 2 walls unused: the turn passes." in out[0]["text"]
        assert "@bob, 🔵 North: spin the top." in out[0]["text"]
        _, info = await table.game()
        assert info["state"].sides[0].line == () and info["state"].turn == 1
        # The same with the command, after a first wall of two.
        table2 = await Table().open()
        try:
            await table2.run(lobby(TWO_WALLS))
            out = await table2.run("@alice /alako build segment:a3n\n@alice /alako pass")
            assert "build the second wall, or don't." in out[0]["text"]
            assert "🔴 South leaves 2 walls unused" in out[1]["text"]
            _, info = await table2.game()
            assert len(info["state"].sides[0].line) == 1
        finally:
            await table2.close()


async def test_a_draw_offered_off_turn_and_accepted_with_a_button(fast_images: list[str]) -> None:
    async with Table() as table:
        await table.run(LOBBY)
        out = await table.run("@bob /alako draw")  # south is to spin: bob offers off turn
        post = out[0]
        assert post["to"] == "channel" and "🔵 North offers a draw." in post["text"]
        assert "@alice, 🔴 South: 🔵 North offers a draw. Accept or decline" in post["text"]
        assert not post["images"]
        game_id = post["buttons"][0].split(":")[2]
        assert post["buttons"] == [
            f"plateau:alako:{game_id}:draw:accept",
            f"plateau:alako:{game_id}:draw:decline",
        ]
        refused = await table.run(
            "@bob /alako draw action:accept\n"  # his own offer
            "@alice /alako draw\n"  # an offer waits: answer it
            "@zed /alako draw action:accept"  # a spectator
        )
        assert [d["to"] for d in refused] == ["private"] * 3
        assert "Your draw offer waits for an answer from 🔴 South (@alice)" in refused[0]["text"]
        assert refused[1]["text"] == t("en", "table.pick_draw_answer")
        assert "watching" in refused[2]["text"]
        out = await press(table, "alice", post["buttons"][0])
        text = out[0]["text"]
        assert "🔴 South accepts the draw." in text and "🤝 Draw by agreement." in text
        assert "Dice seed:" in text and out[0]["buttons"] == [] and out[0]["images"]
        _, info = await table.game()
        state = info["state"]
        assert info["row"].status == "over" and state.winner is None
        assert state.termination == "agreement"
        log = await table.storage.log(info["row"].id)  # type: ignore[union-attr]
        assert [e.action for e in log] == ["offer draw", "accept draw"]
        replayed = GameRecord.parse_text(await _export_text(table, game_id)).replay(
            initial_state, RULES
        )
        assert RULES.to_dict(replayed) == info["row"].state


async def test_a_draw_declined_by_button_or_by_playing_on(fast_images: list[str]) -> None:
    async with Table() as table:
        await table.run(LOBBY)
        out = await table.run("@bob /alako draw action:offer")
        decline = out[0]["buttons"][1]
        out = await press(table, "alice", decline)
        assert "🔴 South declines the draw." in out[0]["text"]
        assert "@alice, 🔴 South: spin the top." in out[0]["text"]
        assert out[0]["buttons"][0].endswith(":do:2:spin")
        out = await table.run(
            "@bob /alako draw\n"  # once between two spins
            "@alice /alako draw action:decline"  # nothing to answer
        )
        assert out[0]["to"] == "private" and "already offered a draw" in out[0]["text"]
        assert out[1]["text"] == t("en", "table.nothing_to_answer", command="/alako draw")
        # South offers on her own turn: North must answer before anything else.
        out = await table.run("@alice /alako draw\n@bob /alako spin\n@alice /alako spin")
        assert out[0]["to"] == "channel" and "@bob, 🔵 North: 🔴 South offers" in out[0]["text"]
        assert out[1]["to"] == "private" and "answer south's draw offer first" in out[1]["text"]
        assert out[2]["to"] == "private" and "waits for an answer" in out[2]["text"]
        await table.run("@bob /alako draw action:decline\n@alice /alako spin")
        # After a spin anyone may offer again; the seat on turn declines by playing on.
        _, info = await table.game()
        state = info["state"]
        seat = to_act(state)[0]
        other = "north" if seat == "south" else "south"
        out = await table.run(f"@{USERS[other]} /alako draw")
        assert out[0]["to"] == "channel" and "offers a draw" in out[0]["text"]
        out = await table.run(line_for(USERS[seat], legal_actions(state)[0]))
        label = t("en", f"alako.seat.{seat}")
        assert out[0]["to"] == "channel"
        assert f"{label} plays on: the draw is declined." in out[0]["text"]
        _, info = await table.game()
        assert info["state"].offer is None and info["state"].ply == state.ply + 2


# ---------------------------------------------------------------- errors


async def test_every_error_is_private_and_explains() -> None:
    async with Table() as table:
        before = await table.run(
            "@zed /alako spin\n"  # no game
            "@alice /alako new first:middle\n"  # bad option
            '@alice /alako new position:"south: Kd1; north: Kd11 Hf11 Pe11"\n'  # bad position
            f'@alice /alako new position:"{WIN_IN_ONE}; winner: south"\n'  # already won
        )
        assert [d["to"] for d in before] == ["private"] * 4
        assert "No Les Chevaliers d'Alako game is running here" in before[0]["text"]
        assert "first is one of roll, south, north" in before[1]["text"]
        assert "needs its knight, horse and princess" in before[2]["text"]
        assert t("en", "alako.position_over") in before[3]["text"]
        await table.run(lobby(WIN_IN_ONE))
        out = await table.run(
            "@bob /alako move piece:knight direction:s\n"  # not bob's turn
            "@zed /alako move piece:knight direction:n\n"  # spectator
            "@alice /alako spin\n"  # already spun
            "@alice /alako move piece:queen direction:n\n"  # bad piece
            "@alice /alako move piece:knight direction:up\n"  # bad direction
            "@alice /alako move piece:princess direction:s\n"  # off the board
            "@alice /alako build segment:a3n\n"  # the face is a move
            "@alice /alako pass\n"  # the face is a move
        )
        texts = refused_privately(
            out, "It is not your turn: waiting for 🔴 South (@alice)", "You are watching this game"
        )
        assert texts[2] == t("en", "alako.phase_act")
        assert texts[3] == t("en", "alako.pick_piece")
        assert texts[4] == t("en", "alako.pick_direction")
        assert "'princess s' is not possible with 1 point: you may play knight n" in texts[5]
        assert texts[6] == t("en", "alako.use_move", face="1 point")
        assert texts[7] == t("en", "alako.use_move", face="1 point")


async def test_build_errors_name_the_legal_segments() -> None:
    async with Table() as table:
        await table.run(lobby(TWO_WALLS))
        out = await table.run(
            "@alice /alako build segment:e3n\n"  # not a next segment
            "@alice /alako build segment:zz\n"  # not a segment
            "@alice /alako build\n"  # no segment
            "@alice /alako move piece:knight direction:n\n"  # the face is a build
        )
        texts = refused_privately(
            out,
            "e3n does not continue your line: build on a4w, a3n, i3n, i4e",
            "'zz' is not a segment",
        )
        assert texts[2] == t("en", "alako.segment_needed", example="d3n")
        assert texts[3] == t("en", "alako.use_build", face="2 walls")
        _, info = await table.game()
        assert info["state"].ply == 0  # nothing changed


async def test_a_move_before_the_spin_says_to_spin() -> None:
    async with Table() as table:
        await table.run(LOBBY)
        out = await table.run("@alice /alako move piece:knight direction:n")
        assert out[0]["to"] == "private" and out[0]["text"] == t("en", "alako.phase_spin")


async def test_fuzzed_commands_never_crash_and_always_answer() -> None:
    rng = random.Random(8)
    async with Table() as table:
        await table.run(LOBBY)
        service = table.console.service  # type: ignore[union-attr]
        world = table.console.world  # type: ignore[union-attr]
        commands = [*AlakoTable().commands, "nope"]
        keys = ["piece", "direction", "segment", "seat", "first", "position", "game", "ply"]
        junk = ["", "n", "north", "knight", "d3n", "a3n", "zz", "-1", "x" * 300, "🔴", "south"]
        for _ in range(300):
            options = {k: rng.choice(junk) for k in rng.sample(keys, rng.randint(0, 3))}
            request = Request(
                "alako",
                rng.choice(commands),
                world.user(rng.choice(["alice", "bob", "zed"])),
                Place(world.channel_id(rng.choice(["general", "elsewhere"])), guild_id=1),
                options,
            )
            deliveries = await service.handle(request)
            assert deliveries, request
            for d in deliveries:
                assert "went wrong on my side" not in d.text, (request, d.text)


# ---------------------------------------------------------------- restarts and concurrency


async def test_restart_in_the_middle_and_finish(tmp_path: Path, fast_images: list[str]) -> None:
    db = str(tmp_path / "plateau.db")
    rng = random.Random(4)
    first = await Table(db=db).open()
    await first.run(LOBBY)
    for _ in range(9):  # a few turns, ending between a spin and its use or not
        _, info = await first.game()
        state = info["state"]
        await first.run(line_for(USERS[to_act(state)[0]], choose(rng, state)))
    _, before = await first.game()
    await first.close()  # the process stops here

    async with Table(db=db) as second:
        _, after = await second.game()
        assert after["row"].state == before["row"].state
        resumed = second.deliveries()
        assert "is back after a restart" in resumed[0]["text"]
        assert resumed[1]["buttons"] and resumed[1]["images"]  # the turn's buttons again
        info = await play_to_the_end(second, rng)
        assert info["state"].phase == OVER


async def test_a_restart_while_lots_are_due_draws_them(tmp_path: Path) -> None:
    db = str(tmp_path / "plateau.db")
    first = await Table(db=db).open()
    await first.run("\n".join(LOBBY.replace(" first:south", "").strip().splitlines()[:3]))
    game_id, info = await first.game()
    row = info["row"]  # the process stops right after the start, before the lots
    row.status = "running"
    row.state = RULES.to_dict(AlakoTable().initial_state(AlakoTable().game(row)))
    await first.storage.save(row, [])  # type: ignore[union-attr]
    await first.close()

    async with Table(db=db) as second:
        resumed = second.deliveries()
        assert f"`{game_id}` is back after a restart" in resumed[0]["text"]
        assert "Drawing lots (D2 = " in resumed[1]["text"] and resumed[1]["buttons"]
        _, info = await second.game()
        assert info["state"].phase == SPIN


async def test_rules_help_reads_the_rules_page() -> None:
    async with Table() as table:
        out = await table.run("@alice /alako rules topic:ladder\n@alice /alako rules")
        assert out[0]["to"] == "private" and "## 7. Ladder" in out[0]["text"]
        assert "topics" in out[1]["text"] and "Cannon" in out[1]["text"]


async def test_two_commands_at_once_apply_one_at_a_time() -> None:
    async with console_over(seed=3) as console:
        await console.run(LOBBY.strip().splitlines())
        first, second = await at_once(console, "alice", "alako", "spin", {}, {})
        assert sorted([first[0].to, second[0].to]) == ["channel", "private"]
        storage = console.service.storage
        row = (await storage.unfinished())[0]
        assert from_dict(row.state).ply == 1
        assert len(await storage.log(row.id)) == 1


# ---------------------------------------------------------------- language


async def test_french_players_read_french() -> None:
    async with Table() as table:
        out = await table.run(
            "!locale @alice fr\n@alice /alako spin\n"
            + lobby(WIN_IN_ONE)
            + "\n@alice /alako move piece:princess direction:s\n@alice /alako spin"
        )
        private = [d["text"] for d in out if d["to"] == "private"]
        assert "Aucune partie des Chevaliers d'Alako ici" in private[0]
        assert private[1].startswith("Partie `")  # created
        assert "n'est pas possible avec ce lancer : vous pouvez jouer knight n" in private[2]
        assert private[3] == t("fr", "alako.phase_act")


async def test_a_french_guild_reads_the_game_in_french() -> None:
    lines = describe(
        "fr",
        [
            Event("roll", {"purpose": "spin", "seat": "north", "face": "cannon", "value": 6}),
            Event(
                "cannon",
                {"seat": "north", "target": "south", "segment": "b3n", "kind": "tower"},
            ),
            Event("passed", {"seat": "south", "face": "tower", "reason": "tower_not_placeable"}),
            Event(
                "moved",
                {
                    "seat": "south",
                    "piece": "knight",
                    "from": "d1",
                    "to": "f1",
                    "riding": True,
                    "mounted": True,
                    "dismounted": False,
                    "descended": False,
                },
            ),
            Event("game_over", {"winner": "north", "termination": "resignation"}),
        ],
    )
    assert lines == [
        "🔵 Nord lance la toupie : **le canon**.",
        "Le canon de 🔵 Nord abat la tour de 🔴 Sud en b3n !",
        "🔴 Sud ne peut pas poser de tour (jamais deux de suite, ni après la fin) : le tour passe.",
        "🔴 Sud : chevalier d1→f1 (monte à cheval)",
        "🏆 🔵 Nord gagne par abandon.",
    ]


def test_every_alako_refusal_has_its_french_with_the_values_the_engine_passes() -> None:
    codes = {c: p for c, p in _raised_codes().items() if c.startswith("alako.")}
    french = {k.removeprefix(ENGINE): v for k, v in catalog("fr").items() if k.startswith(ENGINE)}
    assert sorted(codes) == sorted(c for c in french if c.startswith("alako."))
    for code, params in codes.items():
        assert placeholders(french[code]) <= params, code


def test_every_phase_and_seat_has_its_message() -> None:
    from engine.alako.state import PHASES

    for phase in PHASES:
        assert has(f"alako.phase_{phase}")
    for seat in ("south", "north"):
        assert has(f"alako.seat.{seat}")


def test_button_ids_stand_for_commands() -> None:
    cases = {
        "join:south": ("join", {"seat": "south", "game": "g1"}),
        "start": ("start", {"game": "g1"}),
        "do:0:spin": ("spin", {"ply": 0, "game": "g1"}),
        "do:3:knight_n": ("move", {"piece": "knight", "direction": "n", "ply": 3, "game": "g1"}),
        "do:3:dismount_w": ("dismount", {"direction": "w", "ply": 3, "game": "g1"}),
        "do:4:build_d3n": ("build", {"segment": "d3n", "ply": 4, "game": "g1"}),
        "do:4:climb_d8n": ("climb", {"segment": "d8n", "ply": 4, "game": "g1"}),
        "do:4:pass": ("pass", {"ply": 4, "game": "g1"}),
        "do:x:pass": None,
        "do:4:fly_n": None,
        "dance": None,
    }
    for action, expected in cases.items():
        assert AlakoButton.to_request("g1", action) == expected, action
        assert AlakoButton.__discord_ui_compiled_template__.fullmatch(f"plateau:alako:g1:{action}")


def test_draw_buttons_stand_for_the_draw_command() -> None:
    cases = {
        "draw:accept": ("draw", {"action": "accept", "game": "g1"}),
        "draw:decline": ("draw", {"action": "decline", "game": "g1"}),
        "draw:offer": None,
    }
    for action, expected in cases.items():
        assert AlakoButton.to_request("g1", action) == expected, action
        assert AlakoButton.__discord_ui_compiled_template__.fullmatch(f"plateau:alako:g1:{action}")


def test_draws_and_declines_read_in_both_languages() -> None:
    events = [
        Event("passed", {"seat": "south", "face": "tower", "reason": "declined"}),
        Event("draw_offered", {"seat": "north"}),
        Event("draw_declined", {"seat": "south", "implicit": False}),
        Event("draw_declined", {"seat": "south", "implicit": True}),
        Event("draw_accepted", {"seat": "south"}),
        Event("game_over", {"winner": None, "termination": "agreement"}),
    ]
    assert describe("en", events) == [
        "🔴 South leaves a tower unused: the turn passes.",
        "🔵 North offers a draw.",
        "🔴 South declines the draw.",
        "🔴 South plays on: the draw is declined.",
        "🔴 South accepts the draw.",
        "🤝 Draw by agreement.",
    ]
    assert describe("fr", events) == [
        "🔴 Sud renonce à une tour : le tour passe.",
        "🔵 Nord propose la nulle.",
        "🔴 Sud refuse la nulle.",
        "🔴 Sud joue : la nulle est refusée.",
        "🔴 Sud accepte la nulle.",
        "🤝 Partie nulle par accord.",
    ]
