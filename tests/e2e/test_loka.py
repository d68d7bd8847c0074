"""Loka through ``python -m bot`` on the Discord stand-in: four players from the lobby to a
victory (drafts by DM with the ally's view, terrain, deployment, battle), with a DM closed,
a 429 storm and a gateway reconnect on the way; and a Super D20 decision that survives a
crash of the bot process."""

from __future__ import annotations

from typing import Any

from devtools.standin import StandIn
from engine.loka import OVER, RULES, TEAMS, Keep, Move, Reroll, position_of
from tests.e2e.harness import BotProcess, Table

SEATS = {"fire": "alice", "earth": "bob", "water": "carol", "air": "dave"}
DRAFTS = {"fire": ("queen",), "earth": ("rook", "knight"), "water": ("bishop", "knight")}
DRAFTS["air"] = ("knight", "knight", "pawn")
MAX_ACTIONS = 600


def _xy(square: str) -> tuple[int, int]:
    return ord(square[0]) - ord("a"), int(square[1:])


def hunt(state: Any, seat: str) -> Any:
    """A king hunter: take a king, else attack, else bring a piece nearer an enemy king."""
    actions = RULES.legal_actions(state, seat)
    if any(isinstance(a, Reroll | Keep) for a in actions):
        return Reroll()
    pieces = position_of(state).pieces
    at = {square: (army, letter) for army, letter, square in pieces}
    kings = [sq for army, letter, sq in pieces if letter == "K" and TEAMS[army] != TEAMS[seat]]
    moves = [a for a in actions if isinstance(a, Move)]
    assert moves, f"{seat} has nothing to do"

    def score(move: Move) -> tuple[int, int, str]:
        target = at.get(move.dst)
        enemy = target is not None and TEAMS[target[0]] != TEAMS[seat]
        king_hit = enemy and target[1] == "K"  # type: ignore[index]
        fx, fy = _xy(move.dst)
        near = min(max(abs(fx - kx), abs(fy - ky)) for kx, ky in map(_xy, kings))
        mover_is_king = at[move.src][1] == "K"
        return (-(2 * king_hit + enemy), near + 3 * mover_is_king, str(move))

    return min(moves, key=score)


async def play_battle(table: Table, standin: StandIn, bot: BotProcess, **events: Any) -> int:
    """Play until the game is over; ``events`` maps an action count to a coroutine factory
    run just before that action (a storm, a reconnect). Returns the number of actions."""
    done = 0
    while True:
        state = bot.state(table.game_id, RULES)
        if state.phase == OVER:
            return done
        if str(done) in events:
            await events[str(done)]()
        seat = RULES.to_act(state)[0]
        action = hunt(state, seat)
        if isinstance(action, Reroll):
            await table.press(SEATS[seat], table.button("reroll"))
        else:
            options = {"from": action.src, "to": action.dst}
            ex = await table.slash(SEATS[seat], "move", options)
            boards = [a.filename for p in ex.posts for a in p.attachments]
            boards = [name for name in boards if not name.endswith("-end.png")]  # the result card
            assert len(boards) <= 1, f"{boards} for one move: {[p.content for p in ex.posts]}"
        done += 1
        assert done < MAX_ACTIONS, "the battle does not end"


def words_of_team(team: str) -> tuple[str, ...]:
    return tuple(a.title() for a, t in TEAMS.items() if t == team)


async def test_four_players_from_the_lobby_to_a_victory(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "loka", tuple(SEATS.values()))
    await table.open("alice")
    for army, name in SEATS.items():
        await table.press(name, table.button(f"join:{army}"))
    lobby = table.thread_messages()[0]
    assert all(f"<@{table[n].id}>" in lobby.content for n in SEATS.values())
    await table.press("alice", table.button("start"))

    # Drafts by the builder buttons in each player's DM; Carol's DMs close for a while.
    standin.close_dms("carol")
    for army, name in SEATS.items():
        for piece in DRAFTS[army]:
            ex = await table.press(name, table.button(f"army:{army}:add:{piece}"))
            assert ex.posts == [] or all("×" not in p.content for p in ex.posts)
        if army == "fire":  # Carol (Water, Fire's ally) could not get Fire's draft
            notes = [
                m.content for m in table.thread_messages() if f"<@{table['carol'].id}>" in m.content
            ]
            assert notes and all("queen" not in n.lower() for n in notes)
            standin.close_dms("carol", closed=False)
    # The ally sees the draft, the enemy never does (before the reveal).
    for army, name in SEATS.items():
        enemy = words_of_team("good" if TEAMS[army] == "evil" else "evil")
        for message in standin.dms(table[name]):
            assert not any(word in message.content for word in enemy), message.content
    assert not any("×" in m.content for m in table.thread_messages())
    for army, name in SEATS.items():
        await table.press(name, table.button(f"army:{army}:confirm"))
    state = bot.state(table.game_id, RULES)
    assert state.phase == "deployment" and state.tiles  # terrain was laid

    for name in SEATS.values():
        await table.slash(name, "autodeploy")
    assert bot.state(table.game_id, RULES).phase == "battle"

    async def storm() -> None:
        standin.storm("POST /channels/*/messages", 4)

    async def reconnect() -> None:
        await standin.reconnect()

    actions = await play_battle(table, standin, bot, **{"0": storm, "2": reconnect})
    state = bot.state(table.game_id, RULES)
    assert state.phase == OVER and state.winners
    assert "Victory for" in table.thread_messages()[-1].content
    assert standin.rate_limited, "the storm never reached the bot"
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []
    messages, images = len(table.thread_messages()), table.images_in_thread()
    print(f"loka 4p: {actions} battle actions, {messages} thread messages, {images} images")
    # One board a turn, plus the reveal (four army cards and the board), the battle's start
    # and the result card.
    assert images <= actions + 8


QUICK = "fire: Ke1 Qe4 Re8 Bc4 Nf4; earth: Ka6 Pe6; water: Ke12; air: Kl7; turn: fire"


async def test_a_super_d20_decision_survives_a_crash(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "loka", tuple(SEATS.values()))
    await table.open("alice", position=QUICK)
    for army, name in SEATS.items():
        await table.press(name, table.button(f"join:{army}"))
    await table.press("alice", table.button("start"))
    # Queen, charge and three supporters: five boosts, the Super D20 and its decision.
    await table.slash("alice", "move", {"from": "e4", "to": "e6"})
    state = bot.state(table.game_id, RULES)
    assert RULES.to_act(state) == ("fire",) and state.pending is not None
    decision = standin.message_with(table.button("reroll"))

    await bot.restart(kill=True)  # a crash, then a new process over the same database
    ex = await table.press("alice", table.button("reroll"), message=decision)
    state = bot.state(table.game_id, RULES)
    assert state.pending is None and RULES.to_act(state) != ("fire",)
    assert ex.text == "" or "Re-roll" not in ex.text
    assert standin.violations == []
    assert bot.logged_errors() == []
