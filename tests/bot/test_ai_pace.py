"""Computer players at a human pace, through the console (the very same service as Discord):
several of them in a row play ``pace`` seconds apart (a fake sleep and clock here: no test
waits on the wall clock) and their thread gets one post per round, the lines of its actions
with the last board, while the record keeps every action; a person is never kept waiting by
the pace, and a crash loses nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.autoplay
from bot import settings
from bot.autoplay import POST_LIMIT, Round, _clipped
from bot.model import Attachment, Button, Delivery, is_ai
from bot.storage import Owed
from engine.loa import RULES as LOA
from tests.bot.console_driver import Table, at_once
from tests.bot.test_ai_seats import _script, quick_levels  # noqa: F401  (autouse: small budgets)

ACTIONS = 20  # computer actions a test lets them play alone (ALONE_LIMIT), then they stop
HAND_OVER = "@alice /loka ai army:fire level:easy"  # the last person leaves them alone


@pytest.fixture(autouse=True)
def alone_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.autoplay, "ALONE_LIMIT", ACTIONS)


class Clock:
    """A fake clock that only the fake sleep moves; each sleep asked for is recorded, and
    waits for ``gate`` when one is set."""

    def __init__(self, table: Table, pace: float = 1.0) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []
        self.gate: asyncio.Event | None = None
        self.asleep = asyncio.Event()
        autoplay = table.console.service.autoplay  # type: ignore[union-attr]
        autoplay.pace, autoplay.sleep, autoplay.clock = pace, self.sleep, lambda: self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.asleep.set()
        if self.gate is not None:
            await self.gate.wait()
        self.now += seconds


class Rounds:
    """What the rounds did: each one's seats, and each combined post with the rows it
    replaced in the outbox."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seats: list[list[str]] = []
        self.combined: list[tuple[list[Owed], Owed]] = []
        self.owed: dict[int, Owed] = {}  # every held post, by its outbox row
        take, hold, storage = Round.take, bot.autoplay.Autoplay._hold, table.storage
        assert storage is not None
        replace = storage.replace_owed

        def taking(held: Round) -> list[Owed]:
            if held.posts:
                self.seats.append(list(held.seats))
            return take(held)

        def holding(autoplay: Any, table: Any, row: Any, seat: str, told: Any, held: Any) -> None:
            hold(autoplay, table, row, seat, told, held)
            self.owed.update({p.outbox_id: p for p in held.posts})

        async def replacing(game_id: str, rows: list[int], delivery: Delivery) -> Owed:
            stored = await replace(game_id, rows, delivery)
            self.combined.append(([self.owed[r] for r in rows], stored))
            return stored

        monkeypatch.setattr(Round, "take", taking)
        monkeypatch.setattr(bot.autoplay.Autoplay, "_hold", holding)
        monkeypatch.setattr(storage, "replace_owed", replacing)


async def four_computer_players(table: Table) -> tuple[str, int]:
    """A Loka game of four computer players but alice's army, which she hands over next
    (HAND_OVER); gives its id and how long its log is before."""
    await table.run("\n".join(_script("loka", "easy")))
    row = (await table.game())[1]["row"]
    return row.id, len(await table.storage.log(row.id))  # type: ignore[union-attr]


def thread_posts(out: list[dict]) -> list[dict]:
    return [d for d in out if d["to"] == "channel"]


async def test_four_computer_players_post_once_a_round_and_the_record_keeps_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with Table() as table:
        game_id, before = await four_computer_players(table)
        rounds = Rounds(table, monkeypatch)
        out = await table.run(HAND_OVER)
        log = await table.storage.log(game_id)  # type: ignore[union-attr]
        # The record keeps every action: each one the computer players played is logged.
        played = log[before:]
        assert len(played) == ACTIONS and all(is_ai(e.user_id) for e in played)
        # A round: the turn goes round the seats once (a seat acting twice in a row, as in
        # the deployment after a draft, stays in it); one post each, not one per action.
        assert rounds.seats and sum(map(len, rounds.seats)) <= ACTIONS
        for seats in rounds.seats:
            turns = [s for i, s in enumerate(seats) if i == 0 or seats[i - 1] != s]
            assert len(turns) == len(set(turns)) <= 4, seats
        posts = thread_posts(out)
        assert "now plays 🔥 Fire" in posts[0]["text"] and "stop here" in posts[-1]["text"]
        assert len(posts) - 2 == len(rounds.seats) <= ACTIONS // 3
        # Each combined post lists every action's post (the first line at least: a stale
        # "X, your move" line of a computer player may go) with the last pictures and
        # buttons; it replaced them in the outbox, and was sent and crossed off.
        assert rounds.combined
        shown = [p["text"] for p in posts]
        for replaced, combined in rounds.combined:
            assert len(replaced) >= 2 and combined.text in shown
            for post in replaced:
                assert post.text.splitlines()[0] in combined.text
            assert combined.text.endswith(replaced[-1].text)
            pictured = [p.files for p in replaced if p.files]
            assert combined.files == (pictured[-1] if pictured else [])
            assert combined.buttons == replaced[-1].buttons
        assert await table.storage.unsent() == []  # type: ignore[union-attr]

        # /loka board at: shows an action in the middle of a round, as the thread saw it.
        n = played[len(played) // 2].n
        (shown_at,) = await table.run(f"@alice /loka board at:{n}")
        assert f"After action {n} of" in shown_at["text"] and shown_at["images"]


async def test_the_pace_is_between_computer_actions_only() -> None:
    async with Table() as table:
        await four_computer_players(table)
        clock = Clock(table)
        await table.run(HAND_OVER)
        # Each action after the first waits its second: none before the first, which
        # answers a person (the hand-over) at once.
        assert clock.sleeps == [1.0] * (ACTIONS - 1)

    async with Table() as table:
        clock = Clock(table)
        await table.run(
            "@alice /loa new\n@alice /loa join seat:player1\n"
            "@alice /loa ai seat:player2 level:easy\n@alice /loa start"
        )
        for _ in range(3):  # alice moves, the computer player answers at once
            _, game = await table.game()
            state = game["state"]
            (seat,) = LOA.to_act(state)
            await table.run(f"@alice /loa move {LOA.legal_actions(state, seat)[0]}")
        log = await table.storage.log(game["row"].id)  # type: ignore[union-attr]
        assert sum(is_ai(e.user_id) for e in log) >= 3
        assert clock.sleeps == []


async def test_a_person_is_not_kept_waiting_by_the_pace() -> None:
    """While the computer players pause between two actions, alice takes her army back: she
    is answered at once, what the round held is posted, and the game waits for her."""
    async with Table() as table:
        await four_computer_players(table)
        mark = len(table.deliveries())
        clock, playing, held = await holding_a_round(table, 1)
        assert table.console is not None and clock.gate is not None
        (told,) = await at_once(
            table.console, "alice", "loka", "ai", {"army": "fire", "level": "remove"}
        )
        assert not clock.gate.is_set()  # answered while the computer players still paused
        for delivery in told:
            await table.console.emit(delivery)
        clock.gate.set()
        await playing
        row = (await table.game())[1]["row"]
        assert not is_ai(row.seats["fire"])
        rules = table.console.service.tables["loka"].rules  # type: ignore[union-attr]
        assert list(rules.to_act(table.state_of(row))) == ["fire"]  # played on to her turn
        assert await table.storage.unsent() == []  # type: ignore[union-attr]
        shown = "\n".join(d["text"] for d in thread_posts(table.deliveries()[mark:]))
        assert all(o.text.splitlines()[0] in shown for o in held)


async def holding_a_round(table: Table, posts: int) -> tuple[Clock, asyncio.Task, list[Owed]]:
    """Hand the last army over and let the computer players play until a round holds
    ``posts`` posts, then hold them in a pause (the waits guard against a deadlock, they
    time nothing). Gives the clock, the hand-over's task and the posts held."""
    clock = Clock(table)
    gate = clock.gate = asyncio.Event()
    playing = asyncio.create_task(table.run(HAND_OVER))
    held: list[Owed] = []
    while len(held) < posts:
        await asyncio.wait_for(clock.asleep.wait(), 120)
        held = await table.storage.unsent()  # type: ignore[union-attr]
        if len(held) < posts:  # one more action
            clock.asleep.clear()
            gate.set()
            gate.clear()
    return clock, playing, held


async def test_a_crash_after_the_combined_post_was_saved_sends_it_once(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The combined post takes its rows' place in the outbox in one transaction: a crash
    before it is sent leaves it owed (the single posts are not), and the restart sends it."""
    db = str(tmp_path / "games.db")
    async with Table(db=db) as table:
        await four_computer_players(table)
        rounds = Rounds(table, monkeypatch)
        autoplay = table.console.service.autoplay  # type: ignore[union-attr]
        sink = autoplay.sink

        async def crashing(deliveries: list[Delivery]) -> None:
            if rounds.combined:
                raise ConnectionError("the process died here")
            assert sink is not None
            await sink(deliveries)

        autoplay.sink = crashing
        await table.run(HAND_OVER)
        ((replaced, combined),) = rounds.combined
        owed = await table.storage.unsent()  # type: ignore[union-attr]
        assert [o.outbox_id for o in owed] == [combined.outbox_id]
    async with Table(db=db) as table:
        await table.console.service.autoplay.idle()  # type: ignore[union-attr]
        resent = [d for d in table.deliveries() if d["text"] == combined.text]
        assert len(resent) == 1
        assert not any(d["text"] == p.text for p in replaced for d in table.deliveries())


async def test_a_crash_in_the_middle_of_a_round_leaves_its_posts_owed(tmp_path: Any) -> None:
    """Stopped while a round is held (during the pace): its actions' single posts are still
    in the outbox, and the restart sends them. Noisier than one post, nothing lost."""
    db = str(tmp_path / "games.db")
    async with Table(db=db) as table:
        await four_computer_players(table)
        mark = len(table.deliveries())
        _, playing, held = await holding_a_round(table, 2)
        await table.console.service.autoplay.close()  # type: ignore[union-attr]
        await playing
        assert await table.storage.unsent() == held  # type: ignore[union-attr]
        assert all(o.to == "channel" for o in held)
        sent = [d["text"] for d in table.deliveries()[mark:]]
        assert not any(o.text in sent for o in held)
    async with Table(db=db) as table:
        await table.console.service.autoplay.idle()  # type: ignore[union-attr]
        texts = [d["text"] for d in table.deliveries()]
        assert [o.text for o in held] == texts[: len(held)]


def test_a_round_post_names_each_action_and_keeps_the_last_lines_that_fit() -> None:
    held = Round(names={"🤖 easy"}, locale="en", kind="loka")
    board = [Attachment("board.png", b"png")]
    posts = [
        Owed("channel", "🔥 Fire: king e1→f1\n🤖 easy, 🌿 Earth to move.", channel_id=5),
        Owed("channel", "🌿 Earth: pawn b5→c5", channel_id=5, files=board),
        Owed(
            "channel",
            "🌊 Water: pawn d11→d9\n<@1>, 🌪️ Air to move.",
            channel_id=5,
            buttons=[Button("plateau:loka:x:draw:accept", "Accept")],
        ),
    ]
    post = held.combined(posts)
    assert post.text.splitlines() == [
        "🔥 Fire: king e1→f1",
        "🌿 Earth: pawn b5→c5",
        "🌊 Water: pawn d11→d9",
        "<@1>, 🌪️ Air to move.",
    ]
    assert post.files == board and post.buttons == posts[-1].buttons and post.channel_id == 5

    lines = [f"line {i:03d} " + "x" * 40 for i in range(200)]
    text = _clipped(lines, "en", "loka")
    assert len(text) <= POST_LIMIT
    first, *kept = text.splitlines()
    assert kept == lines[-len(kept) :]
    assert (
        first.startswith(f"… {200 - len(kept)} earlier lines left out")
        and "/loka board at:" in first
    )
    assert _clipped(lines[:3], "en", "loka") == "\n".join(lines[:3])


def test_the_pace_is_a_setting() -> None:
    assert settings.load({}, None).ai_pace == 1.0
    assert settings.load({"PLATEAU_AI_PACE": "0.2"}, None).ai_pace == 0.2
    assert settings.load({"PLATEAU_AI_PACE": "0"}, None).ai_pace == 0.0
    for wrong in ("fast", "-1", "61"):
        with pytest.raises(settings.SettingsError, match="PLATEAU_AI_PACE"):
            settings.load({"PLATEAU_AI_PACE": wrong}, None)
