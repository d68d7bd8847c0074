"""A tournament through discord.py's real objects: ``/plateau tournament new`` posts the
sign-up with Join and Leave, a press of Join signs a member up (the post edited in place),
and the start opens each game of round 1 in a thread of its own, in the tournament's
channel."""

from __future__ import annotations

from tests.bot.test_plateau_games import Rig, rig
from tests.tournaments.running import cheap

__all__ = ["cheap", "rig"]  # the fixtures, used by name: /loa and /plateau's Rig


async def test_sign_up_by_button_and_each_game_in_its_own_thread(rig: Rig) -> None:
    ex = await rig.slash("alice", "plateau tournament new", {"game": "loa", "rounds": 1})
    (signup,) = ex.posts
    assert "Tournament" in signup.content and "0 players" in signup.content
    (join, leave) = signup.custom_ids
    assert join.endswith(":tournament:join") and leave.endswith(":tournament:leave")
    for name in ("alice", "bob", "carol", "dave"):
        ex = await rig.d.press(join, user=rig[name])
        assert "You are in tournament" in ex.text
    assert "4 players" in ex.edits[-1].body["content"]  # the sign-up, edited in place
    ex = await rig.d.press(join, user=rig["bob"])
    assert "already in" in ex.text and not ex.posts
    ex = await rig.slash("bob", "plateau tournament start")
    assert "Only the organizer" in ex.text and not ex.posts
    ex = await rig.slash("alice", "plateau tournament start")
    threads = rig.world.threads()
    assert len(threads) == 2  # one per game of round 1
    firsts = [c for c in ex.posts if c.channel_id in threads]
    assert {c.channel_id for c in firsts} == set(threads)
    assert all("round 1, table" in c.content for c in firsts)
    assert any("**Round 1**" in c.content for c in ex.posts if c.channel_id == rig.channel)
