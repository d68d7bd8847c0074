"""A whole game of Lines of Action through ``python -m bot`` on the Discord stand-in: the
host sits as player 1, the guest as player 2, and the bot draws the colours at the start."""

from __future__ import annotations

from typing import Any

from devtools.standin import BOT_PERMISSIONS, StandIn
from devtools.standin.limits import MANAGE_MESSAGES
from engine.loa import RULES, Move, apply, legal_actions, position_of
from tests.e2e.harness import BotProcess, Table


def spread(state: Any, colour: int) -> float:
    """How far a side's pieces are from their centre (0 when they are in a clump)."""
    mine = [(f, r) for f, r, code in position_of(state).pieces if code & 1 == colour]
    cf = sum(f for f, _ in mine) / len(mine)
    cr = sum(r for _, r in mine) / len(mine)
    return sum(max(abs(f - cf), abs(r - cr)) for f, r in mine)


def greedy(state: Any, seat: str) -> Move:
    """The move that wins, else the one that gathers the mover's pieces best."""
    colour = 0 if seat.startswith("white") else 1
    best: tuple[float, str] | None = None
    choice = None
    for action in legal_actions(state, seat):
        if not isinstance(action, Move):
            continue
        after, _ = apply(state, action, seat)
        if after.over:
            return action
        score = (spread(after, colour), str(action))
        if best is None or score < best:
            best, choice = score, action
    assert choice is not None
    return choice


def drawn(table: Table, bot: BotProcess) -> dict[str, str]:
    """Who plays each seat after the draw (seat -> member name)."""
    names = {table[name].id: name for name in table.people}
    return {seat: names[user] for seat, user in bot.row(table.game_id)["meta"]["seats"].items()}


async def test_a_whole_lines_of_action_game(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "loa", ("alice", "bob"))
    await table.open("alice")  # the host sits as player 1 at once
    await table.press("bob", table.button("join:player2"))
    await table.press("alice", table.button("start"))
    seats = drawn(table, bot)
    assert sorted(seats) == ["black", "white"] and sorted(seats.values()) == ["alice", "bob"]
    (draw,) = [m for m in table.thread_messages() if "Colours drawn by lot" in m.content]
    assert f"White <@{table[seats['white']].id}>" in draw.content
    turns = 0
    while True:
        state = bot.state(table.game_id, RULES)
        if state.over:
            break
        (seat,) = RULES.to_act(state)
        move = greedy(state, seat)
        # Both ways of giving a move: move:a2-c4 (as the rules page writes it), from/to.
        options = {"move": str(move)} if turns % 2 else {"from": move.src, "to": move.dst}
        ex = await table.slash(seats[seat], "move", options)
        assert sum(len(p.attachments) for p in ex.posts) <= 1  # one board a turn at most
        turns += 1
        assert turns < 200, "the game does not end"
    assert state.winners
    last = table.thread_messages()[-1]
    assert "wins" in last.content.lower()
    assert table.images_in_thread() <= turns + 1
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []


async def test_silence_without_manage_messages_is_said_once_and_never_tried(
    standin: StandIn, bot: BotProcess
) -> None:
    """Teams play in silence; the bot may not delete messages in this channel: it never
    tries, says so once, and ordinary talk elsewhere costs it nothing."""
    names = ("alice", "bob", "carol", "dave")
    table = Table(standin, bot, "loa", names)
    standin.set_bot_permissions(BOT_PERMISSIONS & ~MANAGE_MESSAGES, table.channel)
    await table.open("alice", variant="teams")
    for n, name in enumerate(names[1:], 2):  # the host is player 1 from the start
        await table.press(name, table.button(f"join:player{n}"))
    await table.press("alice", table.button("start"))
    elsewhere = standin.text_channel("chatter")
    for _ in range(3):
        ex = await standin.say(table["bob"], elsewhere, "anyone up for a game?")
        assert ex.requests == []  # ordinary talk: the bot does nothing at all
    first = await standin.say(table["bob"], table.thread, "go left, partner")
    second = await standin.say(table["carol"], table.thread, "no, right")
    requests = [*first.requests, *second.requests]
    assert not any(r.method == "DELETE" for r in requests)
    notes = [m for m in [*first.posts, *second.posts] if "Manage Messages" in m.content]
    assert len(notes) == 1
    assert standin.violations == []
