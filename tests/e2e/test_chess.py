"""A whole chess game through ``python -m bot`` on the Discord stand-in."""

from __future__ import annotations

from devtools.standin import StandIn
from tests.e2e.harness import BotProcess, Table


async def test_a_whole_chess_game_from_new_to_mate(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "chess", ("alice", "bob", "carol"))
    await table.open("alice", color="white")
    await table.press("bob", table.button("join:black"))
    await table.press("alice", table.button("start"))
    choices = await standin.autocomplete(
        table["alice"], table.thread, "chess move", focused="move", options={"move": "f"}
    )
    assert "f3" in [c["value"] for c in choices]
    for name, move in (("alice", "f3"), ("bob", "e5"), ("alice", "g4"), ("bob", "Qh4#")):
        ex = await table.slash(name, "move", {"move": move})
        assert len(ex.posts) <= 1 and sum(len(p.attachments) for p in ex.posts) == 1
        # The move in the thread is the answer: the "thinking" is closed, no private "Done."
        assert ex.responses == [] and ex.followups == []
    last = table.thread_messages()[-1]
    assert "0-1" in last.content or "mate" in last.content.lower()
    ex = await table.slash("carol", "move", {"move": "e4"})  # a spectator, after the end
    assert ex.posts == [] and ex.text
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []
