"""The chess table through the console: a whole game to mate, draws, PGN out and in,
private errors, and a restart over the same SQLite file."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import bot.tables.chess as chess_table
from engine.record import GameRecord
from engine.standard_chess import (
    OVER,
    RULES,
    Move,
    initial_state,
    legal_actions,
    san,
)

from .console_driver import Table, png_bytes, refused_privately
from .test_console import Posts

LOBBY = """
@alice /chess new color:white
@bob /chess join
@alice /chess start
"""
FOOLS_MATE = ["@alice /chess move move:f3", "@bob /chess move move:e5"]
FOOLS_MATE += ["@alice /chess move move:g2g4", "@bob /chess move move:Qh4#"]


@pytest.fixture(autouse=True)
def fast_images(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    def board(seen: object, names: dict[str, str], bottom: str, locale: object = None) -> bytes:
        calls.append(bottom)
        return png_bytes()

    monkeypatch.setattr(chess_table, "board_png", board)
    return calls


async def test_a_whole_game_to_mate_with_pgn_export(fast_images: list[str]) -> None:
    async with Table() as table:
        await table.run(LOBBY)
        out = await table.run("\n".join(FOOLS_MATE))
        assert all(d["to"] == "channel" for d in out)
        assert "Black plays **Qh4#**" in out[-1]["text"] and "0-1" in out[-1]["text"]
        row, state = await table.latest()
        assert state.phase == OVER and row.status == "over"
        assert fast_images == ["white"] * 5  # the thread's board never flips
        log = await table.storage.log(row.id)  # type: ignore[union-attr]
        assert [e.action for e in log] == ["f2f3", "e7e5", "g2g4", "d8h4"]  # SAN logged as UCI
        export = (await table.run("@alice /chess export"))[0]
        assert export["to"] == "private"
        assert export["images"] == [f"chess-{row.id}.pgn", f"chess-{row.id}.txt"]


async def test_pgn_and_record_of_an_export(tmp_path: Path) -> None:
    async with Table() as table:
        table.console.image_dir = tmp_path  # type: ignore[union-attr]
        await table.run(LOBBY + "\n".join(FOOLS_MATE) + "\n@bob /chess export")
        files = sorted(tmp_path.iterdir())
        pgn = next(f for f in files if f.suffix == ".pgn").read_text()
        assert '[White "alice"]' in pgn and '[Black "bob"]' in pgn and '[Result "0-1"]' in pgn
        assert '[Event "Plateau"]' in pgn and "1. f3 e5 2. g4 Qh4# 0-1" in pgn
        record = next(f for f in files if f.suffix == ".txt").read_text()
        replayed = GameRecord.parse_text(record).replay(initial_state, RULES)
        assert replayed.result == "0-1"


async def test_errors_are_private_and_explain() -> None:
    async with Table() as table:
        out = await table.run(
            "@zed /chess move move:e4\n"  # no game
            "@alice /chess new color:purple\n"  # bad colour
            "@alice /chess new opponent:<@42>\n"
            "@zed /chess join\n"  # not invited
        )
        assert [d["to"] for d in out if d["to"] != "channel"] == ["private"] * 4
        assert "No Chess game" in out[0]["text"]
        assert "white, black or random" in out[1]["text"]
        assert "for <@42> only" in out[-1]["text"] or "for @" in out[-1]["text"]
        await table.run("@alice /chess cancel")
        await table.run(LOBBY)
        out = await table.run(
            "@bob /chess move move:e5\n"  # not his turn
            "@alice /chess move move:Ke2\n"  # illegal
            "@alice /chess move move:hello\n"  # not a move
            "@alice /chess move move:e2e5\n"  # illegal UCI
            "@zed /chess move move:e4\n"  # spectator
            "@alice /chess draw action:claim\n"  # nothing to claim
            "@bob /chess draw action:accept\n"  # nothing offered
        )
        refused_privately(
            out,
            "not your turn",
            "Ke2 is not a legal move",
            "not a chess action",
            "it can go to e3, e4",
            "only seated players",
            "no draw can be claimed",
        )


async def test_draw_offer_accept_and_claim() -> None:
    async with Table() as table:
        await table.run(LOBBY)
        out = await table.run("@alice /chess draw action:offer")
        assert "White offers a draw" in out[0]["text"]
        assert [b.split(":")[-1] for b in out[0]["buttons"]] == ["accept", "decline"]
        out = await table.run("@bob /chess draw action:accept")
        assert "draw by agreement" in out[0]["text"]
        _, state = await table.latest()
        assert state.termination == "agreement"
        await table.run(LOBBY)
        shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
        for n, move in enumerate(shuffle):
            await table.run(f"@{'alice' if n % 2 == 0 else 'bob'} /chess move move:{move}")
        out = await table.run("@bob /chess draw action:claim")
        assert "threefold repetition" in out[-1]["text"]


async def test_import_continues_a_game_and_reviews_a_finished_one() -> None:
    async with Table() as table:
        out = await table.run("@alice /chess import color:black pgn:1. e4 e5 2. Nf3 Nc6 *")
        assert "imported game after 4 half-moves" in out[0]["text"]
        await table.run("@bob /chess join\n@alice /chess start")
        row, state = await table.latest()
        assert state.moves == ("e2e4", "e7e5", "g1f3", "b8c6") and state.turn == "white"
        assert row.seats["white"] != row.seats["black"]
        out = await table.run("@bob /chess move move:Bb5")
        assert "White plays **Bb5**" in out[0]["text"]
        out = await table.run("@carol /chess import pgn:1. f3 e5 2. g4 Qh4# 0-1")
        assert "already over (0-1, 4 half-moves)" in out[0]["text"]
        out = await table.run("@carol /chess import pgn:1. e4 e5 2. Ke3 *")
        assert out[0]["to"] == "private" and "cannot be read" in out[0]["text"]


async def test_random_colours_and_a_restart_with_the_db(tmp_path: Path) -> None:
    db = str(tmp_path / "plateau.db")
    first = await Table(db=db, seed=11).open()
    await first.run("@alice /chess new color:random\n@bob /chess join\n@alice /chess start")
    row, state = await first.latest()
    assert state.phase != "toss" and state.host_color in ("white", "black")
    assert row.seats[state.host_color] == first.console.world.user("alice").id  # type: ignore[union-attr]
    log = await first.storage.log(row.id)  # type: ignore[union-attr]
    assert log[0].action == "toss" and len(log[0].rolls) == 1
    users = {
        s: ("alice" if row.seats[s] == first.console.world.user("alice").id else "bob")
        for s in row.seats
    }  # type: ignore[union-attr]
    await first.run(f"@{users['white']} /chess move move:e4")
    await first.close()  # the process stops here

    async with Table(db=db, seed=12) as second:
        assert any("back after a restart" in d["text"] for d in second.deliveries())
        rng = random.Random(3)
        for _ in range(400):
            row, state = await second.latest()
            if state.phase == OVER:
                break
            moves = [a for a in legal_actions(state) if isinstance(a, Move)]
            move = san(state, rng.choice(moves))
            await second.run(f"@{users[state.turn]} /chess move move:{move}")
        row, state = await second.latest()
        replayed = initial_state(row.config, bytes.fromhex(row.meta["seed"]), row.id, None)
        for entry in await second.storage.log(row.id):  # type: ignore[union-attr]
            replayed, _ = RULES.apply(replayed, RULES.parse_action(entry.action), entry.seat)
        assert replayed.moves == state.moves
        export = await second.run(f"@alice /chess export game:{row.id}")
        assert export[0]["images"][0].endswith(".pgn")


async def test_a_whole_game_posts_one_board_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """One picture a move; a draw offered and declined between moves is told in words."""
    posts = Posts(monkeypatch)
    async with Table() as table:
        await table.run(LOBBY)
        posts.begin()
        users = {"white": "alice", "black": "bob"}
        rng = random.Random(5)
        moves = 0
        while (state := (await table.latest())[1]).phase != OVER and moves < 120:
            mover, other = users[state.turn], users["black" if state.turn == "white" else "white"]
            if moves == 10:
                offer = await table.run(f"@{mover} /chess draw action:offer")
                assert "offers a draw" in offer[0]["text"] and not offer[0]["images"]
            move = san(state, rng.choice([a for a in legal_actions(state) if isinstance(a, Move)]))
            await table.run(f"@{mover} /chess move move:{move}")
            if moves == 10:
                (answer,) = await table.run(f"@{other} /chess draw action:decline")
                assert "declines" in answer["text"] and not answer["images"]
            moves += 1
            posts.end_turn()
        if state.phase != OVER:
            who = users[state.turn]
            await table.run(f"@{who} /chess resign\n!press @{who} Resign")
            posts.end_turn()
        assert set(posts.turns) == {1}


async def test_each_viewer_keeps_one_side_at_the_bottom(monkeypatch: pytest.MonkeyPatch) -> None:
    """The thread and spectators see White at the bottom whoever is to move; a player's
    private board is seen from their own side."""
    monkeypatch.setattr(chess_table, "board_png", lambda seen, names, bottom, loc: bottom.encode())
    posts = Posts(monkeypatch)
    async with Table() as table:
        await table.run(LOBBY + "\n".join(FOOLS_MATE[:3]))  # Black to move
        await table.run("@bob /chess board")  # in the thread
        await table.run("@bob /chess board\n@alice /chess board\n@zed /chess board")
        seen = [(d.to, f.data.decode()) for d in posts.all for f in d.files]
        assert seen == [("channel", "white")] * 5 + [
            ("private", "black"),  # the thread's cooldown runs: privately, from each side
            ("private", "white"),
            ("private", "white"),  # a spectator: White's side
        ]


async def test_an_opponent_given_as_a_console_mention() -> None:
    """``opponent:<@id>`` as the console prints a member: only that member may accept."""
    async with Table() as table:
        world = table.console.world  # type: ignore[union-attr]
        bob = world.user("bob").id
        out = await table.run(f"@alice /chess new opponent:<@{bob}>")
        assert "@bob is invited" in out[0]["text"]
        out = await table.run("@carol /chess join")
        assert out[0]["to"] == "private" and "for @bob only" in out[0]["text"]
        await table.run("@bob /chess join\n@alice /chess start")
        row, _ = await table.latest()
        assert row.status == "running" and row.seats["black"] == bob


@pytest.mark.parametrize("typed", ["opponent:@bob", "@bob", "color:black opponent:@bob"])
async def test_an_opponent_named_as_typed_in_the_console(typed: str) -> None:
    """``opponent:@bob`` as a person types it at the console, or ``@bob`` alone (the first
    option of ``new``; ``language`` comes last, as on Discord): the console sends bob's id,
    as Discord sends a picked member."""
    async with Table() as table:
        out = await table.run(f"@alice /chess new {typed}")
        assert "@bob is invited" in out[0]["text"]
        row, _ = await table.latest()
        assert row.meta["opponent"] == table.console.world.user("bob").id  # type: ignore[union-attr]


@pytest.mark.parametrize("typed", ["@bob please", "bob", "@"])
async def test_an_opponent_that_is_no_member_is_refused_saying_what_is_right(typed: str) -> None:
    async with Table() as table:
        (refusal,) = await table.run(f"@alice /chess new opponent:{typed}")
        assert refusal["to"] == "private"
        assert refusal["text"] == "opponent must be a member, like @name (or their id)."


RANDOM_LOBBY = "@bob /chess new color:random{lang}\n@carol /chess join\n@bob /chess start"


@pytest.mark.parametrize(
    ("lang", "said"),
    [("", "colours drawn at the start"), (" language:fr", "couleurs tirées au sort au début")],
)
async def test_a_random_lobby_says_the_same_before_and_after_the_draw(lang: str, said: str) -> None:
    """Before the draw the lobby names a host and an opponent, never a colour; it keeps
    saying so as the game starts; the draw's line takes up the lobby's words and names
    both sides, as the seats say."""
    async with Table(seed=3) as table:
        out = await table.run(RANDOM_LOBBY.format(lang=lang))
        lobbies = [d["text"] for d in out if d["edits"]]
        assert len(lobbies) == 3 and all(said in text for text in lobbies)
        for text in lobbies:  # no colour before the draw
            assert not re.search(r"White|Black|Blancs|Noirs", text), text
        (toss,) = [d["text"] for d in out if d["images"]]
        assert toss.lower().startswith(said)
        row, state = await table.latest()
        side = {"white": ("White", "Blancs"), "black": ("Black", "Noirs")}
        world = table.console.world  # type: ignore[union-attr]
        host, guest = world.user("bob").id, world.user("carol").id
        assert row.seats[state.host_color] == host and guest in row.seats.values()
        french = int(bool(lang))
        other = "black" if state.host_color == "white" else "white"
        assert f"@bob {'joue les' if french else 'plays'} {side[state.host_color][french]}" in toss
        assert f"@carol {'les' if french else 'plays'} {side[other][french]}" in toss


@pytest.mark.parametrize(
    ("color", "chance"), [("white", False), ("black", False), ("random", True)]
)
async def test_a_dice_commitment_only_when_colours_are_drawn(color: str, chance: bool) -> None:
    async with Table() as table:
        out = await table.run(
            f"@alice /chess new color:{color}\n@bob /chess join\n@alice /chess start"
        )
        (started,) = [d["text"] for d in out if "begins" in d["text"]]
        assert ("Dice commitment" in started) is chance
        row, _ = await table.latest()
        assert (row.meta["commitment"] in started) is chance
        (export,) = await table.run("@bob /chess export")
        assert ("seed of the colour draw" in export["text"]) is chance
