"""A computer player at a real table: ``python -m bot`` on the Discord stand-in, thinking in
the bot's process pool, seated by the lobby's button, answering each move by itself, then
finishing the game once its human opponent hands their seat over."""

from __future__ import annotations

import asyncio
from typing import Any

from devtools.standin import StandIn
from engine.loa import RULES
from tests.e2e.harness import BotProcess, Table

WAIT = 60.0  # seconds a computer player may take to answer on a busy machine


async def awaited(bot: BotProcess, game_id: str, seats: set[str]) -> Any:
    """The game's state once it awaits one of ``seats`` (or is over)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        state = bot.state(game_id, RULES)
        if state.over or set(RULES.to_act(state)) & seats:
            return state
        assert loop.time() < deadline, f"still waiting for {RULES.to_act(state)}"
        await asyncio.sleep(0.05)


async def test_a_game_against_a_computer_player(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "loa", ("alice", "bob"))
    await table.open("alice")  # the host sits as player 1 at once
    ex = await table.press("bob", table.button("ai:player2:normal"))
    assert ex.posts == [] and "Only the host" in ex.text
    await table.press("alice", table.button("ai:player2:normal"))
    lobby = standin.message_with(table.button("ai:player2:remove"))  # edited in place
    assert "Player 2: 🤖 Plateau (normal)" in lobby.content
    await table.press("alice", table.button("start"))
    seats = bot.row(table.game_id)["meta"]["seats"]
    mine = {s for s, u in seats.items() if u == table["alice"].id}
    (theirs,) = {s for s, u in seats.items() if u < 0}
    for _ in range(3):
        state = await awaited(bot, table.game_id, mine)
        (seat,) = RULES.to_act(state)
        await table.slash("alice", "move", {"move": str(RULES.legal_actions(state, seat)[0])})
    await awaited(bot, table.game_id, mine)
    # The host makes the computer player easy, then hands her own seat over: the computer
    # players finish the game by themselves.
    ex = await table.slash("alice", "ai", {"seat": theirs, "level": "easy"})
    assert "🤖 Plateau (easy) now plays" in ex.posts[0].content
    (own,) = mine
    await table.slash("alice", "ai", {"seat": own, "level": "easy"})
    state = await awaited(bot, table.game_id, set())
    assert state.over and state.winners
    assert "wins" in table.thread_messages()[-1].content.lower()
    users = {a["user_id"] for a in bot.actions(table.game_id)}
    assert table["alice"].id in users and any(u is not None and u < 0 for u in users)
    await bot.wait_for_log("event=ai_played")
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []
