"""A tournament's own posts are durable (the outbox, as a game's posts): a round's pairings,
a result, the standings and the final table are saved in the transaction of the change that
causes them, sent, then marked sent. The adapter dies after the organizer's last award
commits and before it sends anything (or after it sent some): a new process sends every
owed post once, and a further restart sends none of them again."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.model import Delivery
from bot.storage import Owed
from bot.storage.tournaments import is_tournaments
from tests.bot.console_driver import Table
from tests.bot.test_outbox import Crash, Run, key, start
from tests.tournaments.running import cheap, hub, run_tournament, stored

__all__ = ["cheap"]  # the fixture, used by name

SETUP = [
    "@alice /plateau tournament new game:chess format:swiss rounds:1",
    "@alice /plateau tournament join",
    "@bob /plateau tournament join",
    "@carol /plateau tournament join",
    "@dave /plateau tournament join",
    "@alice /plateau tournament start",
    "@alice /plateau tournament award table:1",
]
LAST = "@alice /plateau tournament award table:2"  # the round's last result: the end


async def crashed(db: str, sent_before: int) -> tuple[list[Delivery], list[Delivery]]:
    """Runs :data:`SETUP` then :data:`LAST` in a process whose adapter dies after sending
    ``sent_before`` of what ``LAST`` owes; gives what it owed and what it sent."""
    first = await start(db)
    try:
        await first.console.run(SETUP)
        service = first.console.service
        answered: list[Delivery] = []
        handle = service.handle

        async def handle_and_remember(request: object) -> list[Delivery]:
            answered.extend(await handle(request))  # type: ignore[arg-type]
            return answered

        service.handle = handle_and_remember  # type: ignore[method-assign]
        printed = len(first.console.seen)
        write = first.console.write

        def dies(delivery: Delivery) -> None:
            if len(first.console.seen) - printed == sent_before:
                raise Crash
            write(delivery)

        first.console.write = dies  # type: ignore[method-assign]
        with pytest.raises(Crash):
            await first.console.line(LAST)
        return answered, first.console.seen[printed:]
    finally:
        await first.close()


def tournaments_own(told: list[Delivery]) -> list[Delivery]:
    return [d for d in told if is_tournaments(d)]


@pytest.mark.parametrize("sent_before", [0, 2])
async def test_a_crash_before_the_send_loses_no_tournament_post(
    tmp_path: Path, sent_before: int
) -> None:
    db = str(tmp_path / "plateau.db")
    owed, sent = await crashed(db, sent_before)
    own = tournaments_own(owed)
    # The result, the standings (a picture with its alt text) and the final table, in the
    # outbox; then the stopped game's own post (the game's outbox).
    heads = [d.text.split("\n")[0] for d in owed if d.to != "private"]
    assert heads[0].startswith("Round 1, table 2, decided by the organizer: carol (0.5) vs")
    assert heads[1].startswith("**Standings** of tournament `") and "after round 1" in heads[1]
    assert heads[2].startswith("🏆 **Final table** of tournament `")
    assert heads[3].startswith("Game `") and len(heads) == 4
    assert [d.text for d in own] == [d.text for d in owed[:3]]
    assert all(isinstance(d, Owed) for d in own)
    assert own[1].files and own[1].files[0].description and own[2].closes
    assert len(sent) == sent_before

    second: Run = await start(db)
    try:
        seen = [key(d) for d in second.console.seen]
        for d in owed:
            if d.to == "private":
                continue
            expected = 0 if any(key(d) == key(s) for s in sent) else 1
            assert seen.count(key(d)) == expected, (expected, d.text[:80])
        assert await second.storage.unsent() == []
        (tid,) = [
            r[0] for r in await second.storage.db.execute_fetchall("SELECT id FROM tournaments")
        ]
        t_ = await second.storage.tournament(tid)
        assert t_ is not None and t_.status == "finished"
    finally:
        await second.close()

    third = await start(db)  # all sent: nothing of the tournament again
    try:
        assert not any(isinstance(d, Owed) for d in third.console.seen)
        assert not any("tournament `" in d.text for d in third.console.seen)
    finally:
        await third.close()


@pytest.mark.usefixtures("cheap")
async def test_a_tournaments_posts_stay_posts_of_their_own_beside_its_games() -> None:
    """Where its games play in its channel (no thread could be opened), a computer player's
    round post never takes the tournament's posts in: each keeps its words and picture."""
    async with Table(seed=3) as table:
        hub(table).tournaments.running.open_thread = None
        out = await run_tournament(table, "game:loa format:swiss rounds:1", 4)
        t_, _, games = await stored(table)
        assert t_.status == "finished"
        assert {d["channel"] for d in out if d["to"] == "channel"} == {"#general"}
        results = [d for d in out if d["text"].startswith("Round 1, table ")]
        assert len(results) == 2 and all(d["images"] == [] for d in results)
        (table_,) = [d for d in out if d["text"].startswith("**Standings** of tournament")]
        (final,) = [d for d in out if d["text"].startswith("🏆 **Final table** of tournament")]
        for post in (table_, final):
            assert post["images"] == [f"standings-{t_.id}.png"]
        # Each game's last post keeps its own board.
        for game in games:
            last = [d for d in out if d["images"] and f"loa-{game.game_id}-" in d["images"][0]][-1]
            assert "Round 1, table" not in last["text"] and "**Standings**" not in last["text"]
