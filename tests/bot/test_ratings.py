"""Ratings through the console: a scripted series of games moves each person's rating
exactly as openskill computes it (teams in Loka, everyone for themselves in Inka), games
with a computer player, a chosen position or ``rated:no`` move nothing, and the leaderboard
and profile answer privately with their pictures."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.ratings import Rating, Result, best_of_each_family, rate, shown, standings
from tests.bot.console_driver import Table, refused_privately
from tests.bot.test_console import FOUR, LOBBY4

PNG = b"\x89PNG"
MODEL = PlackettLuce()


def loa(extra: str = "", ai: bool = False) -> str:
    second = "@alice /loa ai seat:player2" if ai else "@bob /loa join seat:player2"
    return "\n".join(
        [f"@alice /loa new{extra}", "@alice /loa join seat:player1", second, "@alice /loa start"]
    )


async def ratings(table: Table, kind: str) -> dict[str, tuple[float, float]]:
    rows = await table.storage.leaderboard(1, kind, 100)  # type: ignore[union-attr]
    return {f"{r.family}/{r.name}": (r.mu, r.sigma) for r in rows}


async def test_a_series_of_games_rates_as_openskill_does() -> None:
    async with Table() as table:
        a, b = MODEL.rating(), MODEL.rating()
        for loser in ("alice", "bob", "bob"):
            await table.run(loa())
            await table.resign(loser, "loa")
            winner, other = (b, a) if loser == "alice" else (a, b)
            [[w], [lo]] = MODEL.rate([[winner], [other]], ranks=[1, 2])
            a, b = (lo, w) if loser == "alice" else (w, lo)
        # Unrated: a computer player sat, a chosen position, the host said no.
        await table.run(loa(ai=True))
        await table.resign("alice", "loa")
        await table.run(loa(' position:"white: b2 d3; black: e6 g8"'))
        await table.resign("bob", "loa")
        await table.run(loa(" rated:no"))
        await table.resign("bob", "loa")
        got = await ratings(table, "loa")
        assert set(got) == {"loa/alice", "loa/bob"}
        for name, rating in (("alice", a), ("bob", b)):
            mu, sigma = got[f"loa/{name}"]
            assert abs(mu - rating.mu) < 1e-9 and abs(sigma - rating.sigma) < 1e-9
        (alice,) = await table.storage.ratings_of(1, table.console.world.user("alice").id)  # type: ignore[union-attr]
        assert (alice.games, alice.wins) == (3, 2)

        out = await table.run("@bob /plateau leaderboard game:loa")
        assert [d["to"] for d in out] == ["private"] and out[0]["images"] == ["leaderboard-loa.png"]
        out = await table.run("@bob /plateau profile member:@alice")
        assert out[0]["text"].startswith("**alice** (@alice)")
        assert f"Lines of Action: **{shown(a.mu, a.sigma)}** (3 games, 2 won)" in out[0]["text"]
        assert out[-1]["images"] == ["profile.png"]
        refused_privately(await table.run("@bob /plateau leaderboard game:go"), "game is one of")
        out = await table.run("@carol /plateau profile")
        assert "has played no rated game" in out[0]["text"]
        refused_privately(await table.run("@alice /loa new rated:maybe"), "rated is yes")


async def test_loka_rates_the_teams() -> None:
    async with Table() as table:
        await table.run(LOBBY4)
        for army, user in FOUR.items():
            await table.run(
                f"@{user} /loka army add piece:knight army:{army}\n"
                f"@{user} /loka army confirm army:{army}"
            )
        row, state = await table.latest()
        assert state.phase != "selection", state.phase
        for user in ("bob", "dave"):  # Good (Earth, Air) resigns: Evil wins
            await table.resign(user, "loka")
        row, state = await table.latest()
        assert row.status == "over"
        team = [MODEL.rating() for _ in range(4)]
        [[fire, water], [earth, air]] = MODEL.rate(
            [[team[0], team[1]], [team[2], team[3]]], ranks=[1, 2]
        )
        got = await ratings(table, "loka")
        assert set(got) == {f"loka-4/{n}" for n in ("alice", "bob", "carol", "dave")}
        for name, rating in (("alice", fire), ("carol", water), ("bob", earth), ("dave", air)):
            assert abs(got[f"loka-4/{name}"][0] - rating.mu) < 1e-9


async def test_inka_rates_everyone_for_themselves() -> None:
    async with Table() as table:
        await table.run(
            "@alice /inka new players:3\n@alice /inka join seat:red\n@bob /inka join seat:blue\n"
            "@carol /inka join seat:green\n@alice /inka start"
        )
        for user in ("bob", "carol"):  # the last one in the temple wins
            await table.resign(user, "inka")
        assert (await table.latest())[0].status == "over"
        players = [MODEL.rating() for _ in range(3)]
        [[red], [blue], [green]] = MODEL.rate([[p] for p in players], ranks=[1, 2, 2])
        got = await ratings(table, "inka")
        for name, rating in (("alice", red), ("bob", blue), ("carol", green)):
            mu, sigma = got[f"inka-3/{name}"]
            assert abs(mu - rating.mu) < 1e-9 and abs(sigma - rating.sigma) < 1e-9


def test_standings_give_wins_only_where_someone_lost() -> None:
    """The rating maths storage writes: each person's place and win, the rating from
    :func:`rate`; a draw (every side first) is nobody's win."""
    names = {1: "a", 2: "b", 3: "c"}
    won = Result(9, "loa", ((1, 2), (3,)), (1, 2), names)
    after = {s.user_id: s for s in standings(won, {})}
    assert [(after[u].place, after[u].won) for u in (1, 2, 3)] == [(1, True), (1, True), (2, False)]
    assert {u: (s.mu, s.sigma) for u, s in after.items()} == rate(won, {})
    drawn = Result(9, "loa", ((1,), (3,)), (1, 1), names)
    assert [(s.place, s.won) for s in standings(drawn, {})] == [(1, False), (1, False)]


def test_the_leaderboard_keeps_the_best_of_each_family() -> None:
    rows = [
        Rating(f, u, str(u), 25.0, 8.0, 1, 0) for f, u in [("a", 1), ("a", 2), ("a", 3), ("b", 4)]
    ]
    assert [(r.family, r.user_id) for r in best_of_each_family(rows, 2)] == [
        ("a", 1),
        ("a", 2),
        ("b", 4),
    ]
