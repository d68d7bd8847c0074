"""Issue 30, what a player sees: two games in one channel are asked about, not guessed;
seats keep their old names; the host is treated alike in every game; computer players
replay under ``--seed``; secret phases are one public step; and the wordings it names."""

from __future__ import annotations

from tests.bot.console_driver import Table, refused_privately

TWO_INKA = """
@alice /inka new players:2
@carol /inka join seat:red
@alice /inka join seat:blue
@alice /inka start
@bob /inka new players:2
@dave /inka join seat:red
@bob /inka join seat:blue
"""


async def test_the_second_hosts_start_reaches_their_own_game_in_a_shared_channel() -> None:
    async with Table() as table:
        await table.run(TWO_INKA)
        rows = sorted(await table.storage.unfinished(), key=lambda r: r.created_at)  # type: ignore[union-attr]
        first, second = rows
        assert (first.status, second.status) == ("running", "lobby")
        out = await table.run("@bob /inka start")
        assert not any("already started" in d["text"] for d in out)
        assert (await table.storage.load(second.id)).status == "running"  # type: ignore[union-attr]


async def test_a_command_that_could_mean_two_games_asks_which() -> None:
    async with Table() as table:
        await table.run(TWO_INKA + "@bob /inka start")
        ids = [r.id for r in await table.storage.unfinished()]  # type: ignore[union-attr]
        (text,) = refused_privately(await table.run("@erin /inka board"), "Several inka games")
        assert all(f"`{i}`" in text for i in ids) and "game:" in text
        assert "@alice" in text and "@bob" in text  # each named by its host
        # Naming one answers.
        out = await table.run(f"@erin /inka board game:{ids[1]}")
        assert out and out[0]["to"] == "private" and "Several" not in out[0]["text"]


LOA_GAME = """
@alice /loa new
@bob /loa join seat:player2
@alice /loa start
"""


async def test_a_seat_keeps_its_lobby_name_after_the_lot() -> None:
    async with Table() as table:
        await table.run(LOA_GAME)
        row, _ = await table.latest()
        bob = table.console.world.user("bob").id  # type: ignore[union-attr]
        colour = next(s for s, u in row.seats.items() if u == bob)
        assert colour in ("white", "black")
        out = await table.run("@bob /loa ai seat:player2 level:easy")
        assert not any("Choose a seat" in d["text"] for d in out)
        row, _ = await table.latest()
        assert row.seats[colour] < 0  # a computer player took the seat bob was shown as player2


async def test_a_seat_that_never_was_is_refused_by_name_with_the_seats() -> None:
    async with Table() as table:
        await table.run(LOA_GAME)
        refused_privately(
            await table.run("@bob /loa ai seat:player7"),
            "This game has no seat player7. Choose a seat: white, black",
        )


async def test_a_non_host_is_told_only_the_host_seats_a_computer_player() -> None:
    async with Table() as table:
        await table.run("@alice /loa new")
        (text,) = refused_privately(
            await table.run("@bob /loa ai seat:player2"), "Only the host (@alice) can seat"
        )
        assert "start" not in text


async def test_the_profile_tells_a_win_from_a_draw_the_newest_first() -> None:
    async with Table() as table:
        ids = []
        for end in ("@alice resigns", "@bob resigns", "drawn"):
            await table.run(LOA_GAME)
            ids.append((await table.latest())[0].id)
            if end == "drawn":
                await table.run("@alice /loa draw\n@bob /loa draw action:accept")
            else:
                await table.resign(end.split()[0][1:], "loa")
            assert (await table.latest())[0].status == "over"
        out = await table.run("@bob /plateau profile member:@alice")
        lines = out[0]["text"].splitlines()
        head = lines.index("Latest rated games, the newest first:")
        lost, won, drawn = ids
        assert [line.split("`")[1] for line in lines[head + 1 : head + 4]] == [drawn, won, lost]
        assert ": drawn, rating" in lines[head + 1] and ": won, rating" in lines[head + 2]
        assert ": lost, rating" in lines[head + 3]
        assert not any("won or drawn" in line for line in lines)


def test_the_alako_card_says_what_its_count_is_and_the_rules_page_explains_it() -> None:
    from bot.i18n import t
    from bot.tables.base import DOCS

    assert t("en", "img.alako.on_line", n=7) == "line: 7 built"
    assert t("fr", "img.alako.on_line", n=7) == "ligne : 7 posées"
    page = (DOCS / "alako.md").read_text(encoding="utf-8")
    assert "`line: n built`: how many pieces (towers and walls)" in page


AI_LOKA = """
@alice /loka new players:2
@alice /loka join army:fire
@alice /loka ai army:earth level:easy
@alice /loka start
@alice /loka ai army:fire level:easy
"""


async def test_a_seeded_console_run_replays_its_computer_players_identically() -> None:
    """``--seed N``: the computer players' armies and moves come from the seed too."""
    runs = []
    for _ in range(2):
        async with Table(seed=11) as table:
            await table.run(AI_LOKA)
            runs.append(table.out.getvalue())
    assert runs[0] == runs[1]
    assert "Victory for" in runs[0] or "draw" in runs[0].lower()  # played to its end
