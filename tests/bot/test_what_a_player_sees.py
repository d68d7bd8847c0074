"""Issue 30, what a player sees: two games in one channel are asked about, not guessed;
seats keep their old names; the host is treated alike in every game; computer players
replay under ``--seed``; secret phases are one public step; and the wordings it names."""

from __future__ import annotations

from pathlib import Path

from tests.bot.console_driver import Table, refused_privately
from tests.bot.test_console import LOBBY4

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
        (text,) = refused_privately(await table.run("@erin /inka board"), "Several Inka games")
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
    from bot.tables.pages import DOCS

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


LOKA4 = (
    LOBBY4
    + "@alice /loka army add piece:rook count:1 army:fire\n@alice /loka army confirm army:fire\n"
)
ONE_EDIT = ["@bob /loka army add piece:rook count:2 army:earth"]
SEVEN_EDITS = [
    "@bob /loka army add piece:queen count:1 army:earth",
    "@bob /loka army remove piece:queen count:1 army:earth",
    "@bob /loka army add piece:bishop count:1 army:earth",
    "@bob /loka army remove piece:bishop count:1 army:earth",
    "@bob /loka army add piece:knight count:1 army:earth",
    "@bob /loka army remove piece:knight count:1 army:earth",
    "@bob /loka army add piece:rook count:2 army:earth",
]
ENEMY_LOOKS = [
    "@alice /loka board at:999",
    "!wait 3s",
    "@carol /loka board at:999",
    "@alice /loka export",
]


def seen_by(out: list[dict], *users: str) -> list[dict]:
    """What ``users`` and the channels were told (never another member's private words),
    each file by its content (a picture by its digest), not by where the console wrote it."""
    seen = []
    for d in out:
        if d["to"] == "channel" or d.get("user") in users:
            files = [Path(p).read_bytes() for p in d["images"]]
            seen.append(
                {
                    **d,
                    "images": [
                        f if p.endswith(".txt") else hash(f)
                        for p, f in zip(d["images"], files, strict=True)
                    ],
                }
            )
    return seen


async def enemy_sees(tmp: Path, setup: str, edits: list[str], looks: list[str]) -> list:
    """What the side that did not edit was told during the edits and by its looks back."""
    async with Table(frozen=1.8e9) as table:
        table.console.image_dir = tmp  # type: ignore[union-attr]
        await table.run(setup)
        during = []
        for line in edits:
            during += seen_by(await table.run(line), "alice", "carol")
            await table.run("!wait 1m")  # the edits come at other times: nothing tells
        return [during, seen_by(await table.run("\n".join(looks)), "alice", "carol")]


async def test_the_enemy_sees_the_same_whether_a_draft_was_edited_once_or_seven_times(
    tmp_path: Path,
) -> None:
    (tmp_path / "1").mkdir()
    (tmp_path / "7").mkdir()
    once = await enemy_sees(tmp_path / "1", LOKA4, ONE_EDIT, ENEMY_LOOKS)
    seven = await enemy_sees(tmp_path / "7", LOKA4, SEVEN_EDITS, ENEMY_LOOKS)
    assert once == seven
    during, looked = once
    assert during == []  # a draft edit tells nobody else anything
    refusals = [d["text"] for d in looked if "from 0 (the start) to" in d["text"]]
    assert len(refusals) == 2  # alice's and carol's board at:999
    (export,) = [f for d in looked for f in d["images"] if isinstance(f, bytes)]
    assert b"earth: draft" not in export and b"fire: draft" in export  # alice's own only


ECHEC = """
@alice /echec new level:2 placement:secret
@alice /echec join seat:south
@bob /echec join seat:north
@alice /echec start
"""
PLACE_ONCE = ["@alice /echec setup place unit:archers square:b1 facing:n"]
PLACE_SEVEN = [
    "@alice /echec setup place unit:archers square:b1 facing:n",
    "@alice /echec setup lift square:b1",
    "@alice /echec setup place unit:archers square:c1 facing:n",
    "@alice /echec setup lift square:c1",
    "@alice /echec setup place unit:archers square:d1 facing:n",
    "@alice /echec setup lift square:d1",
    "@alice /echec setup place unit:archers square:b1 facing:n",
]
BOB_LOOKS = ["@bob /echec board at:999", "@bob /echec export"]
BATTLE = """
@alice /echec setup autoplace
@alice /echec setup confirm
@bob /echec setup autoplace
@bob /echec setup confirm
!wait 3s
"""


async def test_the_other_side_sees_the_same_whether_a_secret_placement_took_1_or_7_actions(
    tmp_path: Path,
) -> None:
    seen = []
    for n, edits in ((1, PLACE_ONCE), (7, PLACE_SEVEN)):
        (tmp_path / str(n)).mkdir()
        async with Table(frozen=1.8e9) as table:
            table.console.image_dir = tmp_path / str(n)  # type: ignore[union-attr]
            await table.run(ECHEC)
            during = []
            for line in edits:
                during += seen_by(await table.run(line), "bob")
                await table.run("!wait 1m")
            placing = seen_by(await table.run("\n".join(BOB_LOOKS)), "bob")
            await table.run(BATTLE)
            _, state = await table.latest()
            assert state.phase != "placement"  # revealed: the placing is over
            battle = seen_by(await table.run("\n".join(BOB_LOOKS)), "bob")
            seen.append((during, placing, battle))
    assert seen[0] == seen[1]
    during, placing, battle = seen[0]
    assert all(d["to"] != "channel" for d in during)
    assert "to 0 (the latest)" in placing[0]["text"]  # nothing public yet
    assert "(the latest)" in battle[0]["text"]
    (export,) = [f for d in battle for f in d["images"] if isinstance(f, bytes)]
    assert b"south: place" not in export and b"south: lift" not in export


async def test_a_clock_forfeit_is_one_announcement_in_the_words_of_a_resignation() -> None:
    async with Table(frozen=1.8e9) as table:
        await table.run(
            "@alice /loa new clock:1m timeout:forfeit\n@bob /loa join seat:player2\n"
            "@alice /loa start"
        )
        out = await table.run("!wait 2m")
        posts = [d["text"] for d in out if d["to"] == "channel"]
        (post,) = [p for p in posts if "time ran out" in p]
        lines = post.splitlines()
        assert lines[0].endswith("'s time ran out (timeout:forfeit):")
        assert lines[1].endswith(" resigns.") and "by resignation" in post
        assert not any("forfeits" in p for p in posts)


async def test_the_host_sits_at_once_in_every_game() -> None:
    async with Table() as table:
        alice = table.console.world.user("alice").id  # type: ignore[union-attr]
        for kind in ("loa", "chess", "inka", "loka", "echec", "alako"):
            out = await table.run(f"#{kind}\n@alice /{kind} new")
            rows = [r for r in await table.storage.unfinished() if r.kind == kind]  # type: ignore[union-attr]
            assert len(rows) == 1, out
            assert list(rows[0].seats.values()) == [alice], kind
            await table.run(f"@alice /{kind} cancel")  # within the quota of open lobbies


async def test_a_newcomer_takes_the_hosts_first_seat_and_the_host_moves() -> None:
    async with Table() as table:
        await table.run("@alice /inka new players:2")
        out = await table.run("@bob /inka join seat:red")
        assert (
            "@bob takes 🔴 Red" in out[0]["text"]
            and "The host @alice moves to 🔵 Blue" in out[0]["text"]
        )
        row, _ = await table.latest()
        names = {v: k for k, v in row.seats.items()}
        assert len(names) == 2
        # A full table: the host has no free seat to move to, so theirs is refused by name.
        refused_privately(
            await table.run("@carol /inka join seat:blue"), "🔵 Blue is taken by @alice"
        )


async def test_the_host_chooses_a_seat_and_a_full_table_refuses_by_name() -> None:
    async with Table() as table:
        await table.run("@alice /inka new players:2")
        out = await table.run("@alice /inka join seat:blue")
        assert "@alice takes 🔵 Blue" in out[0]["text"]
        row, _ = await table.latest()
        assert list(row.seats) == ["blue"]
        refused_privately(
            await table.run("@bob /inka join seat:blue"), "🔵 Blue is taken by @alice"
        )
        await table.run("@bob /inka join seat:red")
        refused_privately(await table.run("@carol /inka join seat:red"), "🔴 Red is taken by @bob")
