"""Computer players are named "🤖 <level>" (the level as the reader reads it) wherever a
player's name shows: every game's pictures, the replay's frames (the seat's holder at that
frame: a seat handed to the computer mid-game shows its person before), exports and the
ratings' names. Never their stand-in id ("-1")."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import bot.rendering
from bot.model import is_ai
from bot.storage import LogEntry
from bot.tables import chess as chess_table
from bot.tables.game import TableGame, ai_name
from bot.tables.replays import held_then
from tests.bot.console_driver import Table, png_bytes
from tests.bot.test_alt_text import LOBBIES, played_on, seated, started


def names_given(args: Any) -> list[dict[str, str]]:
    """The names maps among a render call's arguments (or in its options' ``names``)."""
    found = []
    for value in args:
        if isinstance(value, dict) and value and all(isinstance(v, str) for v in value.values()):
            found.append(value)
        names = getattr(value, "names", None)
        if isinstance(names, dict):
            found.append(names)
    return found


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, str]]:
    """The names every picture is drawn with (nothing is drawn)."""
    seen: list[dict[str, str]] = []

    async def render(fn: Any, *args: Any, **kw: Any) -> bytes:
        seen.extend(names_given([*args, *kw.values()]))
        return png_bytes()

    monkeypatch.setattr(bot.rendering, "render", render)
    return seen


@pytest.mark.parametrize("kind", sorted(LOBBIES))
@pytest.mark.parametrize(
    ("locale", "level", "shown"),
    [("en", "strong", "🤖 strong"), ("fr", "strong", "🤖 fort"), ("en", "easy", "🤖 easy")],
)
async def test_every_games_picture_names_its_computer_players_by_level(
    kind: str, locale: str, level: str, shown: str, drawn: list[dict[str, str]]
) -> None:
    async with Table(seed=5) as table:
        tab, game = await seated(table, kind, level=level)
        game.meta["locale"] = locale
        state = started(tab, game)
        rng = random.Random(kind)
        for _ in range(400):  # Loka shows no board while armies are chosen
            if kind != "loka" or state.phase != "selection":
                break
            state = played_on(tab, state, rng, 1)
        await tab.board_image(game, state)
        assert drawn, "a picture was drawn with names"
        names = drawn[-1]
        for seat in LOBBIES[kind][1]:
            assert names[seat] == shown, names
        assert names[LOBBIES[kind][0]] == "alice"
        assert not any(name.lstrip("-").isdigit() for name in names.values()), names


def test_a_computer_players_name_is_its_level_in_the_readers_language() -> None:
    assert ai_name("en", "normal") == "🤖 normal"
    assert ai_name("fr", "easy") == "🤖 facile"
    assert ai_name("fr", "strong") == "🤖 fort"
    # A computer player gone from the seat (its level forgotten) is still no id.
    assert ai_name("en", None) == "🤖 computer"
    assert ai_name("fr", None) == "🤖 ordinateur"


def a_game(seats: dict[str, int], ai: dict[str, str], names: dict[str, str]) -> TableGame:
    from bot.storage import GameRow

    meta = {"seats": seats, "ai": ai, "names": names, "locale": "en"}
    row = GameRow("g1", "chess", 1, 2, 2, 7, "over", {}, None, meta)
    return TableGame(row, chess_table.RULES)


def test_a_frame_names_whoever_held_each_seat_then() -> None:
    """White was alice's, then (on a time-out) the computer's; black was always bob's."""
    game = a_game({"white": -1, "black": 8}, {"-1": "normal"}, {"7": "alice", "8": "bob"})
    log = [
        LogEntry(7, "white", "e4", []),
        LogEntry(8, "black", "e5", []),
        LogEntry(-1, "white", "Nf3", []),
        LogEntry(8, "black", "Nc6", []),
    ]
    held = [held_then(game, log, n).names_by_seat() for n in range(5)]
    assert [h["white"] for h in held] == ["alice", "alice", "alice", "🤖 normal", "🤖 normal"]
    assert {h["black"] for h in held} == {"bob"}
    assert held_then(game, log, 4) is game  # as it stands now: the game itself
    assert game.seats["white"] == -1  # the game is left as it was


async def test_the_replays_frames_name_the_seats_holder_at_each_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bob hands black to the computer mid-game: the replay's first frames name bob, its
    last ones the computer player, by its level."""
    frames: list[dict[str, str]] = []

    def board(seen: object, names: dict[str, str], bottom: str, locale: object = None) -> bytes:
        frames.append(dict(names))
        return png_bytes()

    monkeypatch.setattr(chess_table, "board_png", board)
    async with Table(seed=5) as table:
        await table.run(
            "@alice /chess new color:white\n@bob /chess join\n@alice /chess start\n"
            "@alice /chess move move:e4\n@bob /chess move move:e5\n@alice /chess move move:Nf3\n"
            "@bob /chess ai seat:black level:easy"
        )
        row, _ = await table.latest()
        assert any(is_ai(u) for u in row.seats.values())
        await table.resign("alice", "chess")
        row, _ = await table.latest()
        assert row.status == "over"
        frames.clear()
        out = await table.run("@alice /chess replay")
        assert any(d["images"] for d in out), out
        blacks = [f["black"] for f in frames]
        assert blacks[0] == "bob" and blacks[-1] == "🤖 easy", blacks
        assert blacks.index("🤖 easy") >= 3  # bob's move is his, in the frames before
        assert {f["white"] for f in frames} == {"alice"}
        gif = next(d for d in out if d["images"])
        said = gif["alt"][0]
        assert said.startswith("Replay: ") and "Chess #" in said, said
        assert "won by Black (🤖 easy)" in said, said  # alice resigned


async def test_the_pgn_names_the_computer_player(tmp_path: Path) -> None:
    async with Table(seed=5) as table:
        table.console.image_dir = tmp_path  # type: ignore[union-attr]
        await table.run(
            "@alice /chess new color:white\n@alice /chess join seat:white\n"
            "@alice /chess ai seat:black level:strong\n@alice /chess start"
        )
        out = await table.run("@alice /chess export")
        assert out and out[0]["to"] == "private"
        pgn = next(f for f in sorted(tmp_path.iterdir()) if f.suffix == ".pgn").read_text()
        assert '[White "alice"]' in pgn and '[Black "🤖 strong"]' in pgn, pgn
        assert "-1" not in pgn.split("[Black")[1].split("]")[0]


async def test_a_game_with_a_computer_player_puts_no_id_in_the_standings() -> None:
    """Computer players are never rated: after such a game, no standing or profile names
    them (nor any id)."""
    async with Table(seed=5) as table:
        await table.run(
            "@alice /chess new color:white\n@alice /chess join seat:white\n"
            "@alice /chess ai seat:black level:easy\n@alice /chess start"
        )
        await table.resign("alice", "chess")
        row, _ = await table.latest()
        assert row.status == "over"
        tab = table.console.service.tables["chess"]  # type: ignore[union-attr]
        assert tab.records.result(tab.game(row)) is None
        board = await table.run("@alice /plateau leaderboard game:chess")
        profile = await table.run("@alice /plateau profile")
        for d in (*board, *profile):
            assert "-1" not in d["text"] and "🤖" not in d["text"], d
