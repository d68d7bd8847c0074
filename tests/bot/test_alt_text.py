"""Every picture carries a text description (Discord's alt text, read by screen readers):
whose turn it is, the last move and the position in short, in the reader's language, within
Discord's 1,024 characters, telling nothing the picture's reader may not see. The console's
JSON output shows it (``alt``)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.model import Attachment
from bot.service import UserError
from bot.tables import alt
from bot.tables.chess import _board as chess_board
from bot.tables.echec import _board as echec_board
from bot.tables.game import TableGame
from tests.bot.console_driver import Table

# Each game's lobby: alice's seat, the computer player's seats, the options of /new.
LOBBIES = {
    "alako": ("south", ["north"], ""),
    "chess": ("white", ["black"], ""),
    "echec": ("south", ["north"], " level:2 placement:secret"),
    "inka": ("red", ["blue"], " players:2"),
    "loa": ("player1", ["player2"], ""),
    "loka": ("fire", ["earth", "water", "air"], ""),
}


async def seated(table: Table, kind: str, level: str = "strong") -> tuple[Any, TableGame]:
    """A game of ``kind`` opened by alice with computer players of ``level`` in the other
    seats, started (no computer player thinks: the lobby only seats them); gives its table
    and the game as the table loads it."""
    mine, others, options = LOBBIES[kind]
    name = "army" if kind == "loka" else "seat"
    lines = [f"@alice /{kind} new{options}", f"@alice /{kind} join {name}:{mine}"]
    lines += [f"@alice /{kind} ai {name}:{seat} level:{level}" for seat in others]
    await table.run("\n".join(lines))
    row, _ = await table.latest()
    tables = table.console.service.tables  # type: ignore[union-attr]
    return tables[kind], tables[kind].game(row)


def started(tab: Any, game: TableGame) -> Any:
    """The game's first state, as its start would make it."""
    game.row.status = "running"
    return tab.initial_state(game)


def played_on(tab: Any, state: Any, rng: random.Random, steps: int) -> Any:
    """``state`` after ``steps`` random legal actions (a draft with pieces in Loka's
    selection, confirmed as soon as it may be; never a resignation or a draw offer)."""
    rules = tab.rules
    for _ in range(steps):
        if rules.outcome(state) is not None:
            break
        seat = rules.to_act(state)[0]
        actions = [
            a
            for a in rules.legal_actions(state, seat)
            if not any(w in str(a) for w in ("resign", "draw", "offer"))
            and (not hasattr(a, "counts") or any(a.counts))
        ]
        ready = [a for a in actions if str(a).startswith("confirm")]
        state, _ = rules.apply(state, (ready or actions)[0] if ready else rng.choice(actions), seat)
    return state


async def picture(tab: Any, game: TableGame, state: Any) -> Attachment:
    return await tab.board_image(game, state)


@pytest.mark.parametrize("kind", sorted(LOBBIES))
async def test_every_games_picture_says_whose_turn_and_the_last_move(kind: str) -> None:
    async with Table(seed=5) as table:
        tab, game = await seated(table, kind)
        state = started(tab, game)
        rng = random.Random(kind)
        said = ""
        for _ in range(400):  # until a move shows (past the set-ups of Échec and Loka)
            state = played_on(tab, state, rng, 1)
            if tab.rules.outcome(state) is not None:
                break
            try:
                image = await picture(tab, game, state)
            except UserError:  # Loka's selection has no board to show
                continue
            said = image.description
            if "Last move" in said:
                break
        assert "Last move: " in said, said
        assert "To play: " in said, said
        seats = tab.rules.to_act(state)
        label = tab.seat_label("en", seats[0])
        assert label in said.split("To play: ")[1].split(".")[0]
        assert 0 < len(said) <= alt.ALT_LIMIT
        assert "-1" not in said.replace("a-1", "")  # a name, never an id
        assert not re.search(r"\b1 [a-z]+s\b", said), said  # never "1 walls"


@pytest.mark.parametrize("kind", sorted(LOBBIES))
async def test_the_start_and_the_end_are_described_too(kind: str) -> None:
    async with Table(seed=6) as table:
        tab, game = await seated(table, kind, level="easy")
        state = started(tab, game)
        rules = tab.rules
        if kind in ("chess", "alako", "loa", "inka"):
            image = await picture(tab, game, state)
            assert "No move yet." in image.description
        ai_seat = LOBBIES[kind][1][0]
        # Inka's random walks seldom end: a few hundred of its actions only.
        state = played_on(tab, state, random.Random(2), 300 if kind == "inka" else 3000)
        said = (await picture(tab, game, state)).description
        assert len(said) <= alt.ALT_LIMIT
        outcome = rules.outcome(state)
        if outcome is None:  # a very long game: still on, still described
            return
        assert "Game over" in said, said
        assert "To play" not in said
        if ai_seat in outcome.winners:
            assert "🤖 easy" in said, said


async def test_a_french_reader_reads_a_french_description() -> None:
    async with Table(seed=5) as table:
        tab, game = await seated(table, "chess")
        state = played_on(tab, started(tab, game), random.Random(3), 3)
        french = (await chess_board(game, state, locale="fr")).description
        assert "Dernier coup" in french and "À jouer" in french, french
        assert "🤖 fort" in french and "dame" in french
        english = (await chess_board(game, state, locale="en")).description
        assert "Last move" in english and "🤖 strong" in english


def test_a_long_description_is_cut_within_discords_limit() -> None:
    long = " ".join(["word"] * 400)
    cut = alt.fitted(long)
    assert len(cut) <= alt.ALT_LIMIT and cut.endswith("…")
    assert alt.fitted("  a\n b ") == "a b"
    assert len(alt.fitted("x" * 5000)) == alt.ALT_LIMIT


async def test_four_armies_fit_in_one_description() -> None:
    async with Table(seed=5) as table:
        tab, game = await seated(table, "loka")
        state = played_on(tab, started(tab, game), random.Random(4), 200)
        said = (await picture(tab, game, state)).description
        assert 0 < len(said) <= alt.ALT_LIMIT
        for army in ("Fire", "Earth", "Water", "Air"):
            assert army in said, said


async def test_a_secret_placement_tells_nothing_of_it() -> None:
    """Échec's secret placement: while south places its bases, nothing the channel's or
    north's picture says changes: not the number of bases, nor of actions."""
    async with Table(seed=5) as table:
        tab, game = await seated(table, "echec")
        state = started(tab, game)
        rules = tab.rules
        while "south" not in rules.to_act(state) or state.phase != "placement":
            state = played_on(tab, state, random.Random(0), 1)
        before = [(await echec_board(game, state, seat=s)).description for s in (None, "north")]
        rng = random.Random(9)
        placed = state
        for _ in range(6):
            actions = [
                a
                for a in rules.legal_actions(placed, "south")
                if "confirm" not in str(a) and "resign" not in str(a)
            ]
            placed, _ = rules.apply(placed, rng.choice(actions), "south")
        assert placed != state
        after = [(await echec_board(game, placed, seat=s)).description for s in (None, "north")]
        assert after == before
        assert "Secret set-up" in after[0]
        # South's own picture is south's to read.
        assert (await echec_board(game, placed, seat="south")).description


async def test_the_console_shows_each_pictures_description() -> None:
    async with Table(seed=5) as table:
        await seated(table, "chess")
        out = await table.run(
            "@alice /chess start\n@alice /chess move move:e4\n@alice /chess board"
        )
        shown = [d for d in out if d["images"]]
        assert shown
        for d in shown:
            assert len(d["alt"]) == len(d["images"])
            assert all(d["alt"]), d
        assert any("Last move" in a for d in shown for a in d["alt"])


async def test_a_description_outlives_a_restart_in_the_outbox() -> None:
    """A post owed but not yet sent is sent again after a restart with its pictures'
    descriptions."""
    from bot.model import Delivery
    from bot.storage import GameRow, SqliteStorage

    storage = SqliteStorage(":memory:")
    await storage.open()
    try:
        row = GameRow("g1", "chess", 1, 2, 2, 7, "running", {}, None, {"seats": {}})
        files = [
            Attachment("a.png", b"png", "Chess #g1. To play: White."),
            Attachment("b.txt", b"x"),
        ]
        await storage.create(row, [Delivery("channel", "hi", channel_id=2, files=files)])
        [owed] = await storage.unsent()
        assert [a.description for a in owed.files] == ["Chess #g1. To play: White.", ""]
        assert [a.data for a in owed.files] == [b"png", b"x"]
    finally:
        await storage.close()


async def test_an_army_card_and_an_imported_game_are_described() -> None:
    async with Table(seed=5) as table:
        await seated(table, "loka")
        out = await table.run("@alice /loka start\n@alice /loka army add piece:queen count:1")
        cards = [a for d in out if d["to"] != "channel" for a in d["alt"] if "Army card" in a]
        assert cards and "Fire (alice)" in cards[-1] and "queen" in cards[-1], cards
        assert "90 of" in cards[-1]
        out = await table.run("@carol /chess import pgn:1. f3 e5 2. g4 Qh4# 0-1")
        [review] = [a for d in out for a in d["alt"]]
        assert "result 0-1" in review and "Last move: Qh4#" in review, review


async def test_the_leaderboard_and_a_profile_are_described() -> None:
    lobby = "@alice /loa new\n@alice /loa join seat:player1\n@bob /loa join seat:player2\n"
    async with Table(seed=5) as table:
        for loser in ("bob", "bob"):
            await table.run(lobby + "@alice /loa start")
            await table.resign(loser, "loa")
        [board] = [
            a for d in await table.run("@bob /plateau leaderboard game:loa") for a in d["alt"]
        ]
        assert "1. alice, " in board and "2. bob, " in board and "(2 games, 2 won)" in board, board
        profile = [
            a for d in await table.run("@bob /plateau profile member:@alice") for a in d["alt"]
        ]
        assert profile and "over the latest 2 rated games" in profile[-1], profile
        assert all(len(a) <= alt.ALT_LIMIT for a in (board, *profile))


async def test_inka_tells_the_rhombi_its_picture_highlights(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.tables import inka as inka_table
    from renderer.inka import rhombus_moves

    async with Table(seed=5) as table:
        tab, game = await seated(table, "inka")
        state, rng, moved = started(tab, game), random.Random(1), ()
        for _ in range(300):
            before, state = state, played_on(tab, state, rng, 1)
            moved = rhombus_moves(before, state)
            if moved and state.phase == "play":
                break
        assert moved
        monkeypatch.setattr(inka_table, "_moved_this_turn", lambda game, state: moved)
        said = (await tab.board_image(game, state)).description
        name = moved[0].name
        assert f"Last move: rhombus {name} to " in said, said


def _combat(state: Any) -> str | None:
    """What a Loka picture's description says of its last combat (None: none yet)."""
    fight = state.last_combat
    return None if fight is None else f"{fight.attack_roll} against {fight.defence_roll}"


def _attack(state: Any) -> str | None:
    """What an Échec picture's description says of its last attack (None: none yet)."""
    last, report = state.last, state.report
    if last is None or not last.text.startswith("attack") or not report:
        return None
    return f"hits: {report.hits}, figures removed: {report.removed}"


@pytest.mark.parametrize(("kind", "seed", "told"), [("loka", 7, _combat), ("echec", 3, _attack)])
async def test_a_fight_is_told_with_its_dice(kind: str, seed: int, told: Any) -> None:
    """Loka's last combat (its dice), Échec's last attack (its hits and figures removed)."""
    async with Table(seed=5) as table:
        tab, game = await seated(table, kind)
        state, rng = started(tab, game), random.Random(seed)
        for _ in range(3000):
            state = played_on(tab, state, rng, 1)
            if told(state) is not None:
                break
        expected = told(state)
        assert expected is not None
        said = (await picture(tab, game, state)).description
        assert expected in said, said


async def test_a_loka_deployment_is_told_as_a_placement() -> None:
    """A deployment is recorded as a move onto its own square; the description says where
    the piece was placed, not "d1-d1"."""
    async with Table(seed=5) as table:
        tab, game = await seated(table, "loka")
        state = started(tab, game)
        rng = random.Random(4)
        while not (state.last_move and state.last_move[0] == state.last_move[1]):
            state = played_on(tab, state, rng, 1)
        square = state.geometry.names[state.last_move[1]]
        said = (await picture(tab, game, state)).description
        assert f"placed on {square}" in said, said
        assert f"{square}-{square}" not in said
