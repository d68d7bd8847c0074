"""A small tournament through ``python -m bot`` on the Discord stand-in: the organizer opens
it and seats four computer players, a member joins and leaves by the sign-up post's
buttons, the organizer starts it; each round's games open in threads of their own and play
by themselves (Échec au Roi to a four-turn limit: short games), the standings picture comes
with its alt text after each round, and the final table closes it."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from devtools.standin import StandIn
from tests.e2e.harness import BotProcess, Table

WAIT = 180.0  # seconds the whole tournament may take on a busy machine (a failure's bound)


async def until_finished(bot: BotProcess, tid: str) -> None:
    """Until the tournament is over and everything it and its games owe is sent."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    query = "SELECT status FROM tournaments WHERE id = $1"
    while (await bot.fetch(query, tid))[0]["status"] != "finished":
        assert loop.time() < deadline, f"tournament {tid} still runs:\n{bot.tail()}"
        await asyncio.sleep(0.1)
    await bot.delivered(f"tournament:{tid}")
    for row in await bot.fetch("SELECT game_id FROM tournament_games WHERE game_id IS NOT NULL"):
        await bot.delivered(row["game_id"])


async def opened(standin: StandIn, bot: BotProcess) -> tuple[Table, str]:
    """alice opens a 2-round Swiss of Échec au Roi (four turns a game) in #plateau-games and
    seats four computer players; gives the channel's table and the tournament's id."""
    hub = Table(standin, bot, "plateau", ("alice", "bob"))
    options = {"game": "echec", "rounds": 2, "options": "turn_limit:4"}
    ex = await hub.slash("alice", "tournament new", options)
    (tid,) = [row["id"] for row in await bot.fetch("SELECT id FROM tournaments")]
    assert f"Tournament `{tid}` is open" in ex.text
    for _ in range(4):
        await hub.slash("alice", "tournament join", {"computer": "easy"})
    return hub, tid


def heads(standin: StandIn, hub: Table) -> list[str]:
    """The first line of each post in the tournament's channel, in order."""
    return [m.content.split("\n")[0] for m in standin.messages(hub.channel)]


async def nothing_owed_nor_wrong(standin: StandIn, bot: BotProcess) -> None:
    """Nothing left in the outbox, nothing Discord would refuse, no unknown route."""
    assert await bot.fetch("SELECT id FROM outbox") == []
    assert standin.violations == [] and standin.unknown_routes == []


async def test_a_tournament_of_computer_players_on_discord(
    standin: StandIn, bot: BotProcess
) -> None:
    hub, tid = await opened(standin, bot)
    join = f"plateau:plateau:{tid}:tournament:join"
    leave = f"plateau:plateau:{tid}:tournament:leave"
    signup = standin.message_with(join)
    assert "4 players" in signup.content and "🤖 easy 4" in signup.content
    # A member joins by the button, then leaves by the other: the post is edited in place.
    pressed = await hub.press("bob", join)
    assert "You are in tournament" in pressed.text
    assert "5 players" in standin.message_with(join).content
    assert "Bob joins." in standin.message_with(join).content
    await hub.press("bob", leave)
    assert "4 players" in standin.message_with(join).content
    assert standin.message_with(join).id == signup.id

    await hub.slash("alice", "tournament start")
    await until_finished(bot, tid)

    # Each game in a thread of its own, named by its round and table, headed by its pairing.
    games = await bot.fetch(
        "SELECT round, table_no, game_id, points FROM tournament_games WHERE tournament_id = $1",
        tid,
    )
    assert len(games) == 4 and all(g["game_id"] and g["points"] for g in games)
    threads = {thread.name: thread for thread in standin.threads(hub.channel)}
    for game in games:
        thread = threads[f"Round {game['round']}, table {game['table_no']}"]
        assert bot.row(game["game_id"])["channel_id"] == thread.id
        posts = standin.messages(thread)
        head = f"Tournament `{tid}`, round {game['round']}, table {game['table_no']}: 🤖 easy"
        assert head in posts[0].content
        assert bot.row(game["game_id"])["status"] == "over"

    channel = [m.content for m in standin.messages(hub.channel)]
    said = "\n".join(channel)
    assert f"**Round 1** of tournament `{tid}`" in said
    assert f"**Round 2** of tournament `{tid}`" in said
    assert said.count("Round 1, table ") >= 2 and said.count("Round 2, table ") >= 2
    # The standings after each round, then the final table: each a picture with its alt text.
    pictures = [m for m in standin.messages(hub.channel) if m.attachments]
    assert [m.content.split("\n")[0] for m in pictures] == [
        f"**Standings** of tournament `{tid}` after round 1:",
        f"**Standings** of tournament `{tid}` after round 2:",
        pictures[-1].content.split("\n")[0],
    ]
    assert pictures[-1].content.startswith(f"🏆 **Final table** of tournament `{tid}`: 🤖 easy")
    titles = [f"after round {n}" for n in (1, 2)] + ["final table"]
    for message, title in zip(pictures, titles, strict=True):
        (picture,) = message.attachments
        assert picture.filename == f"standings-{tid}.png"
        assert picture.description and picture.description.startswith(
            f"Échec au Roi tournament {tid}"
            + (f", {title}." if "round" in title else ": final table.")
        )
        assert ". 1. 🤖 easy " in picture.description
        assert len(picture.description) <= 1024
        image = Image.open(io.BytesIO(picture.data))
        assert 400 <= image.width <= 520 and image.height > 200
    assert f"🏆 **Final table** of tournament `{tid}`" in channel[-1]
    await nothing_owed_nor_wrong(standin, bot)
    assert bot.logged_errors() == []


async def test_a_tournament_killed_in_its_first_round_ends_with_each_post_once(
    standin: StandIn, bot: BotProcess
) -> None:
    hub, tid = await opened(standin, bot)
    await hub.slash("alice", "tournament start")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not any(h.startswith("**Round 1**") for h in heads(standin, hub)):
        assert loop.time() < deadline, bot.tail()
        await asyncio.sleep(0.02)
    await bot.restart(kill=True)  # a crash while round 1 plays
    await until_finished(bot, tid)
    said = heads(standin, hub)
    once = [
        f"**Round 1** of tournament `{tid}`:",
        f"**Round 2** of tournament `{tid}`:",
        f"**Standings** of tournament `{tid}` after round 1:",
        f"**Standings** of tournament `{tid}` after round 2:",
        *(f"Round {r}, table {n}: " for r in (1, 2) for n in (1, 2)),
        f"🏆 **Final table** of tournament `{tid}`: ",
    ]
    for words in once:
        assert len([h for h in said if h.startswith(words)]) == 1, (words, said)
    await nothing_owed_nor_wrong(standin, bot)
