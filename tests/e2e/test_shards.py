"""Two bot processes, shards 0 and 1 of 2, on one stand-in and one PostgreSQL database: chess
in a guild of each shard at once; shard 1's process is killed (SIGKILL) just after a move is
saved and before its board is surely posted, shard 0 plays on, shard 1 comes back and
finishes its game. Nothing is lost, nothing doubled, and no process touches the other's."""

from __future__ import annotations

import asyncio
from pathlib import Path

import chess
import pytest

from devtools.standin import StandIn
from tests.e2e.harness import BotProcess, Table

# Fool's mate in shard 0's guild; scholar's mate in shard 1's, killed after its third move
# was saved, while its board post waits out a 429 (so the crash surely owes that post).
MOVES_0 = ("f3", "e5", "g4", "Qh4#")
MOVES_1 = ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
KILLED_AFTER = 3


async def play(table: Table, moves: tuple[str, ...], start: int, stop: int) -> None:
    """``moves[start:stop]``, each by the player whose turn it is (white, black: the table's
    people in order); each answered without an error."""
    white, black = table.people
    for n in range(start, stop):
        ex = await table.slash(black if n % 2 else white, "move", {"move": moves[n]})
        assert ex.posts, f"{moves[n]} refused: {ex.text}"


async def seat(table: Table) -> None:
    white, black = table.people
    await table.open(white, color="white")
    await table.press(black, table.button("join:black"))
    await table.press(white, table.button("start"))


def uci(moves: tuple[str, ...]) -> list[str]:
    """The moves as the action log writes them."""
    board = chess.Board()
    return [board.push_san(move).uci() for move in moves]


async def saved_moves(bot: BotProcess, table: Table) -> int:
    rows = await bot.fetch("SELECT count(*) AS n FROM actions WHERE game_id = $1", table.game_id)
    return int(rows[0]["n"])


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
async def test_two_shards_share_one_database_and_survive_a_kill(db: str, tmp_path: Path) -> None:
    async with StandIn(quiet=0.2, timeout=60.0, shards=2) as standin:
        guilds = standin.guild("shard zero", shard=(0, 2)), standin.guild("shard one", shard=(1, 2))
        bots = [
            BotProcess(standin, tmp_path / f"shard{n}", db=db, shards=(n,), shard_count=2)
            for n in (0, 1)
        ]
        try:
            await asyncio.gather(*(bot.start() for bot in bots))
            await run_the_games(standin, bots, guilds)
        finally:
            codes = [await bot.stop() for bot in bots]
        assert codes == [0, 0], "\n".join(bot.tail() for bot in bots)


async def run_the_games(standin: StandIn, bots: list[BotProcess], guilds: tuple[int, int]) -> None:
    zero = Table(standin, bots[0], "chess", ("alice", "bob"), guild=guilds[0])
    one = Table(standin, bots[1], "chess", ("carol", "dave"), guild=guilds[1])
    await asyncio.gather(seat(zero), seat(one))
    images = {table: table.images_in_thread() for table in (zero, one)}

    # Both shards at once, then shard 1 dies right after saving a move while shard 0 plays on.
    await asyncio.gather(play(zero, MOVES_0, 0, 1), play(one, MOVES_1, 0, KILLED_AFTER - 1))
    storms = len(standin.rate_limited)
    standin.storm("POST /channels/{channel_id}/messages", 1, retry_after=1.0)
    move = MOVES_1[KILLED_AFTER - 1]
    killed = asyncio.create_task(
        standin.slash(one["carol"], one.thread, "chess move", {"move": move})
    )
    while len(standin.rate_limited) == storms:
        await asyncio.sleep(0.002)
    assert await saved_moves(bots[1], one) == KILLED_AFTER
    assert not [m for m in one.thread_messages() if f"**{move}**" in m.content]
    assert await bots[1].stop(kill=True) == -9
    await asyncio.gather(killed, play(zero, MOVES_0, 1, 2))
    await bots[1].start()
    await asyncio.gather(play(zero, MOVES_0, 2, 4), play(one, MOVES_1, KILLED_AFTER, 7))

    # The storm's back-off may still hold a post in its lane: it comes, late but once.
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120.0
    for table, moves in ((zero, MOVES_0), (one, MOVES_1)):
        while not all(
            any(f"plays **{move}**" in m.content for m in table.thread_messages()) for move in moves
        ):
            assert loop.time() < deadline, "a move's board post never came"
            await asyncio.sleep(0.1)
    await standin.settle(quiet=1.0)
    # Every move in the log once, in order: the killed one too, not played twice.
    for bot, table, moves in ((bots[0], zero, MOVES_0), (bots[1], one, MOVES_1)):
        log = bot.actions(table.game_id)
        assert [a["n"] for a in log] == list(range(1, len(moves) + 1))
        assert [a["action"] for a in log] == uci(moves), log
        assert bot.row(table.game_id)["status"] == "over"
        # One board post per move: the one the crash owed was sent once, on restart.
        posts = [(m.content, len(m.attachments)) for m in table.thread_messages()]
        for move in moves:
            assert [n for text, n in posts if f"plays **{move}**" in text] == [1], posts
        # The owed post (its board, whose turn) is the resumed game's news: no second board.
        assert not [n for text, n in posts if "back after a restart" in text], posts
        assert table.images_in_thread() == images[table] + len(moves), posts
    # The restart sent what the crash owed (the outbox), then resumed the games.
    second_run = bots[1].log.read_text().split("event=starting")[-1]
    assert "event=outbox_unsent" in second_run and "event=resumed" in second_run

    # Who served whom: the stand-in knows which session each interaction went to, and only
    # the process of that shard logged handling it (the killed move: neither finished it).
    logs = [bot.log.read_text() for bot in bots]
    lost = killed.result().interaction
    assert lost is not None
    assert [s.shard for s in standin.gateway.sessions_of(lost.id)] == [[1, 2]]
    assert not [log for log in logs if f"interaction={lost.id} " in log]
    for n, table in enumerate((zero, one)):
        for ex in table.exchanges:
            assert ex.interaction is not None
            sessions = standin.gateway.sessions_of(ex.interaction.id)
            assert [s.shard for s in sessions] == [[n, 2]]
            mark = f"interaction={ex.interaction.id} "
            assert mark in logs[n] and mark not in logs[1 - n]
    assert standin.gateway.shard_taken_twice == []
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert [line for bot in bots for line in bot.logged_errors()] == []
