"""A computer player at a real table: ``python -m bot`` on the Discord stand-in, thinking in
the bot's process pool, seated by the lobby's button, answering each move by itself, then
finishing the game once its human opponent hands their seat over."""

from __future__ import annotations

import asyncio
from typing import Any

from devtools.standin import StandIn
from engine.loa import RULES
from engine.loka import OVER
from engine.loka import RULES as LOKA
from tests.e2e.harness import BotProcess, Table

WAIT = 60.0  # seconds a computer player may take to answer on a busy machine


async def until(bot: BotProcess, game_id: str, rules: Any, done: Any, wait: float = WAIT) -> Any:
    """The game's state (read by ``rules``) once ``done(state)`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while not done(state := bot.state(game_id, rules)):
        assert loop.time() < deadline, f"still waiting for {rules.to_act(state)}"
        await asyncio.sleep(0.05)
    return state


async def last_hand_over(table: Table, name: str, options: dict[str, Any]) -> None:
    """The last person hands their seat over: answered, but the thread does not go quiet
    (the computer players play on), so nothing waits for it to."""
    ex = await table.standin.slash(table[name], table.thread, f"{table.kind} ai", options)
    assert ex.interaction is not None
    await table.bot.wait_for_log(f"interaction={ex.interaction.id} ", since=table.bot.starts - 1)


async def last_post(table: Table, words: str, wait: float = WAIT) -> None:
    """Until the thread's last post says ``words``: a game's last post is sent after its
    state is saved, and the channel's pace may hold it a few seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while words.lower() not in (last := table.thread_messages()[-1].content).lower():
        assert loop.time() < deadline, f"the last post says {last!r}"
        await asyncio.sleep(0.05)
    await table.standin.settle(quiet=0.5)


def awaits(seats: set[str]) -> Any:
    """A Lines of Action game is over or waits for one of ``seats``."""
    return lambda state: state.over or bool(set(RULES.to_act(state)) & seats)


async def test_a_game_against_a_computer_player(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "loa", ("alice", "bob"))
    await table.open("alice")  # the host sits as player 1 at once
    ex = await table.press("bob", table.button("ai:player2:normal"))
    assert ex.posts == [] and "Only the host" in ex.text
    await table.press("alice", table.button("ai:player2:normal"))
    lobby = standin.message_with(table.button("ai:player2:remove"))  # edited in place
    assert "Player 2: 🤖 normal" in lobby.content
    await table.press("alice", table.button("start"))
    seats = bot.row(table.game_id)["meta"]["seats"]
    mine = {s for s, u in seats.items() if u == table["alice"].id}
    (theirs,) = {s for s, u in seats.items() if u < 0}
    for _ in range(3):
        state = await until(bot, table.game_id, RULES, awaits(mine))
        (seat,) = RULES.to_act(state)
        await table.slash("alice", "move", {"move": str(RULES.legal_actions(state, seat)[0])})
    await until(bot, table.game_id, RULES, awaits(mine))
    # The host makes the computer player easy, then hands her own seat over: the computer
    # players finish the game by themselves.
    ex = await table.slash("alice", "ai", {"seat": theirs, "level": "easy"})
    # The computer player's last post may land during this exchange (the channel's pace).
    assert any("🤖 easy now plays" in post.content for post in ex.posts)
    (own,) = mine
    # Handed to a normal player, who plays to connect: the easy one alone plays on for
    # hundreds of moves, each round a post the channel's pace lets out about once a second.
    await last_hand_over(table, "alice", {"seat": own, "level": "normal"})
    state = await until(bot, table.game_id, RULES, awaits(set()), wait=240.0)
    assert state.over and state.winners
    await last_post(table, "wins")  # sent just after its state is saved
    users = {a["user_id"] for a in bot.actions(table.game_id)}
    assert table["alice"].id in users and any(u is not None and u < 0 for u in users)
    await bot.wait_for_log("event=ai_played")
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []


async def test_loka_with_two_computer_players(standin: StandIn, bot: BotProcess) -> None:
    """Alice and Bob (Evil) against two computer players (Good): the drafts by DM reach the
    people only, the enemy computer players' drafts stay hidden until the reveal, and once
    both people hand their seats over the computer players fight it out."""
    table = Table(standin, bot, "loka", ("alice", "bob"))
    await table.open("alice")
    await table.press("alice", table.button("join:fire"))
    await table.press("bob", table.button("join:water"))
    for army in ("earth", "air"):
        await table.slash("alice", "ai", {"army": army, "level": "easy"})
    await table.press("alice", table.button("start"))
    for army, name in (("fire", "alice"), ("water", "bob")):
        await table.press(name, table.button(f"army:{army}:add:knight"))
    for name in ("alice", "bob"):  # the Good armies' drafts are never shown to Evil
        for message in standin.dms(table[name]):
            assert not any(word in message.content for word in ("Earth", "Air")), message
    for army, name in (("fire", "alice"), ("water", "bob")):
        await table.press(name, table.button(f"army:{army}:confirm"))
    state = await until(bot, table.game_id, LOKA, lambda s: s.phase != "selection")
    assert state.phase == "deployment"
    await table.slash("alice", "ai", {"army": "fire"})
    await last_hand_over(table, "bob", {"army": "water"})
    state = await until(bot, table.game_id, LOKA, lambda s: s.phase == OVER, wait=240.0)
    assert state.winners
    await last_post(table, "Victory for")  # sent just after its state is saved
    people = {table[n].id for n in ("alice", "bob")}
    assert {r["user_id"] for r in bot.actions(table.game_id)} - people, "computer players acted"
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []


PACE = 0.2  # seconds between computer actions here (the bot's default is 1)
ALONE = 40  # computer actions watched before the host cancels
LOGGED = "SELECT n FROM actions WHERE game_id = $1"


async def test_four_computer_players_post_once_a_round(standin: StandIn, tmp_path: Any) -> None:
    """Issue 29: four computer players of Loka at a pace: their thread gets about one post per
    round of four actions (not one per action), Discord never answers a 429, and the game's
    log keeps every action they played. The host cancels after a while."""
    bot = BotProcess(standin, tmp_path / "paced", ai_pace=PACE)
    await bot.start()
    try:
        table = Table(standin, bot, "loka", ("alice",))
        await table.open("alice")
        await table.press("alice", table.button("join:fire"))
        for army in ("earth", "water", "air"):
            await table.slash("alice", "ai", {"army": army, "level": "easy"})
        mark = len(table.thread_messages())
        await table.press("alice", table.button("start"))
        await last_hand_over(table, "alice", {"army": "fire", "level": "easy"})
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 4 * WAIT
        while len(await bot.fetch(LOGGED, table.game_id)) < ALONE:
            assert loop.time() < deadline, "the computer players stopped"
            await asyncio.sleep(0.1)
        await table.slash("alice", "cancel")
        await standin.settle(quiet=1.0)
        log = bot.actions(table.game_id)
        assert all(a["user_id"] < 0 for a in log) and len(log) >= ALONE
        assert [a["n"] for a in log] == list(range(1, len(log) + 1))
        logged = bot.log.read_text().count(f"event=ai_played game={table.game_id} ")
        assert logged == len(log)  # every action they played is in the record
        posts = [m for m in table.thread_messages()[mark:] if m.author.bot]
        assert sum("cancelled" in m.content.lower() for m in posts) == 1
        # Besides the start's, the hand-over's and the cancellation's posts: about one a
        # round (four actions; the drafts take two each).
        assert len(log) / 8 <= len(posts) - 3 <= len(log) / 3 + 1, (len(posts), len(log))
        assert standin.rate_limited == []  # the bot's own pace drew no 429
        assert standin.violations == []
        assert bot.logged_errors() == []
    finally:
        code = await bot.stop()
        assert code == 0, f"the bot stopped with {code}:\n{bot.tail()}"
