"""A tournament through what can go wrong: a restart in the middle of a round, wrong inputs
(each refused privately, saying what is right), and the organizer's hand: pause, award,
remove, re-pair a round before its games open, resume."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.tournaments.model import Game
from tests.bot.console_driver import Table, refused_privately
from tests.tournaments.running import cheap, computers, started, stored, texts, typed

__all__ = ["cheap"]

pytestmark = pytest.mark.usefixtures("cheap")


def of_round(games: list[Game], round_: int) -> list[Game]:
    return [g for g in games if g.round == round_]


async def test_a_restart_in_the_middle_of_a_round_resumes_it(tmp_path: Path) -> None:
    """alice plays three computer players: round 1's other game ends while hers goes on;
    the process stops, its last result unrecorded (a crash between the game's save and the
    tournament's). A new service on the same file records it, alice's game goes on, and
    its end opens round 2, played to the final table."""
    db = str(tmp_path / "plateau.db")
    async with Table(db=db, seed=4) as table:
        await started(
            table,
            "game:loa rounds:2",
            "@alice /plateau tournament join",
            *computers(3),
        )
        t_, _, games = await stored(table)
        assert t_.status == "running" and t_.round == 1
        (hers,) = [g for g in of_round(games, 1) if any(u > 0 for u in g.seats)]
        (theirs,) = [g for g in of_round(games, 1) if g is not hers]
        assert not hers.finished and theirs.finished
        assert table.storage is not None
        await table.storage.save_game(replace(theirs, points=None, places=None))
    async with Table(db=db, seed=4) as table:
        t_, _, games = await stored(table)
        (theirs,) = [g for g in of_round(games, 1) if g.table == theirs.table]
        assert theirs.finished, "the restart recorded the result the crash lost"
        assert t_.round == 1
        out = await table.resign("alice", "loa")
        assert texts(out, "**Round 2**")
        t_, _, games = await stored(table)
        assert t_.round == 2 and all(g.finished for g in of_round(games, 1))
        if not all(g.finished for g in of_round(games, 2)):  # alice's game of round 2
            out = await table.resign("alice", "loa")
        t_, _, games = await stored(table)
        assert t_.status == "finished" and len(games) == 4
        assert texts(table.deliveries(), "**Final table**")


async def test_wrong_inputs_are_refused_privately() -> None:
    async with Table(seed=6) as table:
        await table.run("@alice /plateau tournament new game:loa rounds:3 clock:1d")
        refused_privately(
            await table.run("@bob /plateau tournament start"),
            "Only the organizer (@alice) or a member with Manage Server",
        )
        refused_privately(await table.run("@alice /plateau tournament start"), "Too few players")
        await table.run("@bob /plateau tournament join")
        refused_privately(await table.run("@bob /plateau tournament join"), "already in")
        refused_privately(
            await table.run("@bob /plateau tournament join computer:easy"), "Only the organizer"
        )
        refused_privately(
            await table.run("@alice /plateau tournament join computer:genius"), "easy, normal"
        )
        refused_privately(await table.run("@carol /plateau tournament leave"), "not in")
        refused_privately(
            await table.run("@alice /plateau tournament new game:go"), "Pick the tournament's game"
        )
        refused_privately(
            await table.run("@alice /plateau tournament new game:loa format:knockout"),
            "Pick the format: swiss, round-robin, arena",
        )
        refused_privately(
            await table.run("@alice /plateau tournament new game:loka format:round-robin"),
            "The round robin format is for two-player games",
        )
        refused_privately(
            await table.run("@alice /plateau tournament new game:loa options:position:x"),
            "cannot take the option `position`",
        )
        await table.run("@alice /plateau tournament join")
        out = await table.run("@alice /plateau tournament start")
        assert texts(out, "**Round 1**")
        refused_privately(
            await table.run("@alice /plateau tournament start"), "has already started"
        )
        _, _, games = await stored(table)
        (game,) = games
        assert game.game_id is not None and table.storage is not None
        row = await table.storage.load(game.game_id)  # the tournament's clock, its time-outs
        assert row is not None and row.meta["clock"]["spec"] == "1d" and row.meta["wake"]
        refused_privately(
            await table.run(f"@carol /loa move from:b1 to:b3 game:{game.game_id}"),
            "You are watching this game: only seated players act.",
        )
        refused_privately(
            await table.run("@carol /plateau tournament award table:1"), "Only the organizer"
        )
        # The organizer hosts the tournament's games: a cancelled one is lost by both.
        out = await table.run(f"@alice /loa cancel game:{game.game_id}")
        assert texts(out, "(0) vs ") and texts(out, "**Round 2**")


async def test_the_organizer_pauses_awards_removes_repairs_and_resumes() -> None:
    async with Table(seed=8) as table:
        people = ["bob", "carol", "dave", "erin", "frank"]
        await typed(
            table,
            "@alice /plateau tournament new game:loa rounds:2",
            *(f"@{who} /plateau tournament join" for who in people),
            "@alice /plateau tournament start",
            "@alice /plateau tournament pause",
        )
        t_, entrants, games = await stored(table)
        assert t_.status == "paused"
        first = of_round(games, 1)
        assert len(first) == 3 and sum(g.is_bye for g in first) == 1  # 5 players: a bye
        tables = [g for g in first if not g.is_bye]
        winner = next(e.name for e in entrants if e.user_id == tables[0].seats[1])
        await table.run(
            f"@alice /plateau tournament award table:{tables[0].table} member:@{winner}"
        )
        out = await table.run("!manager @carol\n@carol /plateau tournament award table:2")
        assert texts(out, "decided by the organizer")
        t_, entrants, games = await stored(table)
        done = of_round(games, 1)
        assert all(g.finished and (g.awarded or g.is_bye) for g in done)
        assert next(g for g in done if g.table == 1).points == (0.0, 1.0)
        assert next(g for g in done if g.table == 2).points == (0.5, 0.5)
        # The awarded games' table games are stopped.
        assert table.storage is not None
        for game in done:
            if game.game_id is not None:
                row = await table.storage.load(game.game_id)
                assert row is not None and row.status == "cancelled"
        # Paused: round 2 is paired, not opened; erin is removed; it is paired again.
        second = of_round(games, 2)
        assert t_.round == 2 and second and all(g.game_id is None for g in second)
        await table.run("@alice /plateau tournament remove member:@erin")
        out = await table.run("@alice /plateau tournament repair")
        assert texts(out, "**Round 2**")
        t_, entrants, games = await stored(table)
        erin = next(e for e in entrants if e.name == "erin")
        second = of_round(games, 2)
        assert erin.withdrawn_round == 1  # round 2 was not open: she plays it no more
        assert len(second) == 2 and all(erin.user_id not in g.seats for g in second)
        assert not any(g.is_bye for g in second)  # four left: no bye
        await table.run("@alice /plateau tournament resume")
        t_, _, games = await stored(table)
        assert t_.status == "running"
        assert all(g.game_id is not None for g in of_round(games, 2))
        refused_privately(
            await table.run("@alice /plateau tournament repair"), "cannot be paired again"
        )
        await table.run(
            "@alice /plateau tournament award table:1\n@alice /plateau tournament award table:2"
        )
        t_, _, _ = await stored(table)
        assert t_.status == "finished"


async def test_a_late_join_plays_from_the_next_round_paired() -> None:
    async with Table(seed=12, frozen=1.8e9) as table:
        await started(
            table,
            "game:loa rounds:2 interval:10",
            *computers(4),
        )
        t_, _, games = await stored(table)  # round 2 waits for its time
        assert t_.round == 2 and all(g.game_id is None for g in of_round(games, 2))
        out = await table.run("@carol /plateau tournament join")
        assert texts(out, "carol joins")
        await table.run("@alice /plateau tournament repair")
        t_, entrants, games = await stored(table)
        carol = next(e for e in entrants if e.name == "carol")
        assert carol.joined_round == 1  # round 2 was not open: she plays it
        assert any(carol.user_id in g.seats for g in of_round(games, 2))
        assert sum(g.is_bye for g in of_round(games, 2)) == 1  # five players
        await table.run("!wait 11m")
        t_, _, games = await stored(table)
        if t_.status != "finished":  # carol's game waits for her
            await table.resign("carol", "loa")
        t_, _, games = await stored(table)
        assert t_.status == "finished" and all(g.finished for g in games)


async def test_a_game_left_unopened_by_a_failure_opens_at_the_next_tick() -> None:
    async with Table(seed=13, frozen=1.8e9) as table:
        await started(
            table,
            "game:loa rounds:1",
            "@alice /plateau tournament join",
            "@bob /plateau tournament join",
        )
        _, _, (game,) = await stored(table)
        assert table.storage is not None and game.game_id is not None
        await table.storage.save_game(replace(game, game_id=None))  # as if it failed
        out = await table.run("!wait 1s")
        _, _, (opened,) = await stored(table)
        assert opened.game_id not in (None, game.game_id)
        assert texts(out, "round 1, table 1")
        # Played to its end, it is rated as any game between people is.
        await table.resign("bob", "loa", opened.game_id)
        t_, _, (ended,) = await stored(table)
        assert t_.status == "finished" and ended.points is not None
        alice = table.console.world.user("alice").id  # type: ignore[union-attr]
        (rating,) = await table.storage.ratings_of(1, alice)
        assert rating.family == "loa" and rating.games == 1 and rating.wins == 1


async def test_a_tournament_speaks_the_servers_language() -> None:
    async with Table(seed=14) as table:
        out = await typed(
            table,
            "!manager @alice",
            "@alice /plateau settings language:fr",
            "@alice /plateau tournament new game:loa format:round-robin",
            *computers(3),
            "@alice /plateau tournament start",
        )
        said = "\n".join(d["text"] for d in out if d["to"] == "channel")
        for words in ("**Tournoi `", "toutes-rondes", "**Ronde 1**", "Exempt : 🤖 facile"):
            assert words in said, words
        assert "**Classement** du tournoi" in said and "l’emporte !" in said
        assert "Round" not in said.replace("🤖", "")


async def test_a_round_with_byes_alone_moves_on_by_itself() -> None:
    async with Table(seed=15) as table:
        await typed(
            table,
            "@alice /plateau tournament new game:loa rounds:3",
            "@alice /plateau tournament join",
            "@bob /plateau tournament join",
            "@alice /plateau tournament start",
            "@bob /plateau tournament leave",  # round 1 is open: he plays it, no more
        )
        out = await table.run("@alice /plateau tournament award table:1 member:@alice")
        t_, entrants, games = await stored(table)
        assert t_.status == "finished" and [len(g.seats) for g in games] == [2, 1, 1]
        assert len(texts(out, "Bye: alice")) == 2 and texts(out, "**Final table**")
        bob = next(e for e in entrants if e.name == "bob")
        assert bob.withdrawn_round == 1


async def test_a_tournament_of_a_game_with_secrets_needs_open_dms() -> None:
    """Loka tells each army's secrets by DM: closed DMs cannot join its tournament."""
    async with Table(seed=16) as table:
        new = "@alice /plateau tournament new game:loka"
        out = await typed(table, new, "!dms @dave closed", "@dave /plateau tournament join")
        (refusal,) = [d for d in out if d["user"] == "dave"]
        assert refusal["to"] == "private" and "I cannot send you direct" in refusal["text"]
        out = await typed(table, "!dms @dave open", "@dave /plateau tournament join")
        assert texts(out, "dave joins")


async def test_the_organizer_removes_a_computer_player_by_its_number() -> None:
    async with Table(seed=17) as table:
        await typed(table, "@alice /plateau tournament new game:loa", *computers(3))
        out = await table.run("@alice /plateau tournament remove computer:2")
        assert texts(out, "🤖 easy 2 is removed")
        refused_privately(
            await table.run("@alice /plateau tournament remove computer:9"),
            "`computer:9` is not playing",
        )
        refused_privately(await table.run("@alice /plateau tournament remove"), "computer:3")
        _, entrants, _ = await stored(table)
        assert [(e.name, e.withdrawn_round) for e in entrants] == [
            ("🤖 easy 1", None),
            ("🤖 easy 2", 0),
            ("🤖 easy 3", None),
        ]


async def test_standings_without_an_id_find_the_channels_finished_tournament() -> None:
    async with Table(seed=4) as table:
        joins = [f"@{who} /plateau tournament join" for who in ("bob", "carol")]
        await started(table, "game:loa rounds:1", *joins)
        await typed(table, "@alice /plateau tournament award table:1 member:@bob")
        t_, _, _ = await stored(table)
        assert t_.status == "finished"
        out = await table.run("@carol /plateau tournament standings")
        (said,) = [d for d in out if d["to"] == "private"]
        assert said["user"] == "carol" and said["images"] == [f"standings-{t_.id}.png"]
        assert said["text"].startswith(f"🏆 **Final table** of tournament `{t_.id}`: bob wins!")
        assert said["alt"][0].startswith(
            f"Lines of Action tournament {t_.id}: final table. 1. bob: "
        )
        # Another channel has none: the refusal says so.
        refused_privately(
            await table.run("#other\n@carol /plateau tournament standings"),
            "There is no tournament running here",
        )
