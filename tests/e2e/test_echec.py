"""A whole game of Échec au Roi, level 2 with secret placement, through ``python -m bot`` on
the Discord stand-in: the armies placed by DM (a slash command with autocompleted values,
then the DM's buttons), the secrecy of each placement checked against the engine's state
until both armies are confirmed, the roll for the first move, then a battle played from the
engine's legal actions until one side wins (or, if it drags on, the side to move resigns)."""

from __future__ import annotations

import os
import re
from typing import Any

from bot.i18n import picture_words
from devtools.standin import Exchange, Message, StandIn
from engine.echec import RULES, SEATS, apply, legal_actions, view
from engine.echec.actions import Advance, Attack, End, Turn
from engine.echec.board import NAMES, OTHER, SIZE, step
from engine.echec.combat import targets
from engine.echec.state import BATTLE, OPENING, OVER, PLACEMENT
from engine.echec.units import KIND, KING, dice_for
from renderer.echec import EchecImageOptions, render_echec
from tests.e2e.harness import BotProcess, Table

PLAYERS = {"south": "alice", "north": "bob"}
# Past this many battle actions the side to move resigns: a few dozen show every kind of
# action and the end; PLATEAU_TEST_E2E_ACTIONS=150 plays on (a game then mostly ends by a win).
MAX_ACTIONS = int(os.environ.get("PLATEAU_TEST_E2E_ACTIONS", "40"))


# ---------------------------------------------------------------- reading the state


def squares_of(state: Any, seat: str) -> set[str]:
    """Where the engine says ``seat``'s bases stand."""
    return {NAMES[sq] for sq, b in enumerate(state.board) if b is not None and b.seat == seat}


def named(text: str, squares: set[str]) -> set[str]:
    """The squares among ``squares`` that ``text`` names (as words: not inside an id)."""
    return {sq for sq in squares if re.search(rf"(?<![0-9a-z]){sq}(?![0-9a-z])", text.lower())}


def picture(state: Any, seat: str, names: dict[str, str], locale: str) -> bytes:
    """The board as ``seat``'s player may see it, drawn as the bot draws a placement DM."""
    options = EchecImageOptions(bottom=seat, names=names, words=picture_words(locale, "echec"))
    return render_echec(view(state, seat), options=options)


def full_picture(state: Any, seat: str, names: dict[str, str], locale: str) -> bytes:
    """The same picture with nothing hidden (both armies drawn)."""
    options = EchecImageOptions(bottom=seat, names=names, words=picture_words(locale, "echec"))
    return render_echec(state, options=options)


# ---------------------------------------------------------------- choosing a battle action


def distance(a: int, b: int) -> int:
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def potential(board: tuple[Any, ...], sq: int, king: int) -> float:
    """How far a base on ``sq`` is from striking the enemy king on ``king`` (0: it can),
    and more when it cannot step closer (facing away, or blocked)."""
    if king in targets(board, sq):
        return 0.0
    ahead = step(sq, board[sq].facing)
    free = ahead is not None and board[ahead] is None
    closer = free and distance(ahead, king) < distance(sq, king)
    return distance(sq, king) + (0.0 if closer else 1.5)


def strength(board: tuple[Any, ...], attack: Attack) -> float:
    """Dice rolled for each hit the target can take: the likelier kill is preferred."""
    base, target = board[NAMES.index(attack.square)], board[NAMES.index(attack.target)]
    return dice_for(base.kind, base.figures) / (target.figures * KIND[target.kind].hits_per_figure)


def choose(state: Any, seat: str) -> Any:
    """An attack on the enemy king, else any attack (the most dice first), else the advance
    or turn that brings a base nearest to striking the king, else end the turn."""
    actions = legal_actions(state, seat)
    king = next(
        sq for sq, b in enumerate(state.board) if b and b.kind == KING and b.seat == OTHER[seat]
    )
    attacks = [a for a in actions if isinstance(a, Attack)]
    attacks.sort(key=lambda a: (a.target != NAMES[king], -strength(state.board, a)))
    if attacks:
        return attacks[0]
    best, choice = 0.0, End()
    for action in actions:
        if not isinstance(action, Advance | Turn):
            continue
        sq = NAMES.index(action.square)
        if state.board[sq].kind == KING:
            continue  # the king stays home
        after, _ = apply(state, action, seat)
        moved = sq
        if isinstance(action, Advance):
            moved = step(sq, state.board[sq].facing, action.steps)
        gain = potential(state.board, sq, king) - potential(after.board, moved, king)
        if gain > best:
            best, choice = gain, action
    return choice


def command(action: Any) -> tuple[str, dict[str, Any]]:
    """The slash command (and its options) that plays an engine action."""
    if isinstance(action, Advance):
        return "advance", {"unit": action.square, "squares": action.steps}
    if isinstance(action, Turn):
        return "turn", {"unit": action.square, "facing": action.facing}
    if isinstance(action, Attack):
        return "attack", {"unit": action.square, "target": action.target}
    assert isinstance(action, End)
    return "end", {}


# ---------------------------------------------------------------- what each one saw


def images(messages: list[Message]) -> int:
    return sum(len(m.attachments) for m in messages)


def dm_with(standin: StandIn, name: str, custom_id: str) -> Message:
    """The message in ``name``'s DMs that carries this button."""
    for message in reversed(standin.dms(name)):
        if message.component(custom_id) is not None:
            return message
    raise AssertionError(f"no {custom_id!r} in {name}'s DMs")


def check_private(ex: Exchange) -> None:
    """A command's answers are seen by the one who asked only."""
    assert ex.interaction is not None
    assert all(m.ephemeral for m in ex.followups), ex
    if ex.interaction.type == 2:
        assert ex.initial is not None and ex.initial.ephemeral, ex
        assert all(m.ephemeral for m in ex.responses), ex


class Secrecy:
    """Checks, after each exchange of the secret placement, that the thread and each
    player's DMs and private answers tell nothing of the other army."""

    def __init__(self, standin: StandIn, bot: BotProcess, table: Table) -> None:
        self.standin, self.bot, self.table = standin, bot, table
        meta = bot.row(table.game_id)["meta"]
        self.names = {seat: meta["names"][str(user)] for seat, user in meta["seats"].items()}
        self.drawn: dict[tuple[str, Any], bytes] = {}

    def seen_by(self, name: str) -> list[Message]:
        return self.standin.dms(name) + self.standin.ephemeral(name)

    def own_picture(self, state: Any, seat: str) -> bytes:
        key = (seat, view(state, seat).board)
        if key not in self.drawn:
            locale = self.table[PLAYERS[seat]].locale
            self.drawn[key] = picture(state, seat, self.names, locale)
        return self.drawn[key]

    def check(self, ex: Exchange | None = None) -> Any:
        state = self.bot.state(self.table.game_id, RULES)
        assert state.phase == PLACEMENT
        placed = {seat: squares_of(state, seat) for seat in SEATS}
        thread = self.table.thread_messages()
        # The thread: not a picture, not a square of either army.
        assert images(thread) == 0, "a picture in the thread during the secret placement"
        for message in thread:
            assert not named(message.content, placed["south"] | placed["north"]), message
        # What each member saw, now and (edits included) during this exchange.
        texts = {seat: [m.content for m in self.seen_by(PLAYERS[seat])] for seat in SEATS}
        if ex is not None:
            for event in ex.history:
                snap = event.message
                if event.message.channel_id == self.table.thread.id:
                    assert not named(event.snapshot.get("content") or "", placed["south"])
                    assert not named(event.snapshot.get("content") or "", placed["north"])
                for seat in SEATS:
                    mine = self.standin.dms(PLAYERS[seat])
                    if snap in mine or snap.visible_to == self.table[PLAYERS[seat]].id:
                        texts[seat].append(event.snapshot.get("content") or "")
        for seat in SEATS:
            for text in texts[seat]:
                leak = named(text, placed[OTHER[seat]])
                assert not leak, f"{seat} is told of {OTHER[seat]}'s {leak}: {text!r}"
            # The DM's picture is this side's own view, and nothing else.
            pictures = [a.data for m in self.seen_by(PLAYERS[seat]) for a in m.attachments]
            assert pictures, f"no picture in the DMs of {seat}"
            own = self.own_picture(state, seat)
            assert pictures[-1] == own, f"{seat}'s DM picture is not {seat}'s own view"
            if len(pictures) > 1 and placed[OTHER[seat]]:
                full = self.full(state, seat)
                assert full not in pictures, f"{seat} was shown both armies"
        return state

    def full(self, state: Any, seat: str) -> bytes:
        locale = self.table[PLAYERS[seat]].locale
        return full_picture(state, seat, self.names, locale)


# ---------------------------------------------------------------- the game


async def test_a_secret_level_two_game_of_echec(standin: StandIn, bot: BotProcess) -> None:
    table = Table(standin, bot, "echec", ("alice", "bob"))
    await table.open("alice", level=2, placement="secret")
    await table.press("alice", table.button("join:south"))
    await table.press("bob", table.button("join:north"))
    await table.press("alice", table.button("start"))
    secrecy = Secrecy(standin, bot, table)
    state = secrecy.check()
    assert set(RULES.to_act(state)) == set(SEATS)

    # South (alice) places two bases by hand, values from the autocomplete...
    alice = table["alice"]
    for kind, square in (("archers", "e2"), ("archers", "d2")):
        kinds = await standin.autocomplete(
            alice, table.thread, "echec setup place", focused="unit", options={"unit": "arch"}
        )
        assert kind in [c["value"] for c in kinds], kinds
        squares = await standin.autocomplete(
            alice, table.thread, "echec setup place", focused="square", options={"unit": kind}
        )
        offered = [c["value"] for c in squares]
        assert square in offered and "e1" not in offered, offered  # e1 is the king's
        ex = await table.slash(
            "alice", "setup place", {"unit": kind, "square": square, "facing": "n"}
        )
        assert ex.posts == [] and ex.text, "a placement answered in public"
        state = secrecy.check(ex)
        assert square in squares_of(state, "south")
        dm = " ".join(m.content for m in standin.dms("alice"))
        assert named(dm, {square}), f"South's DM does not tell of {square}: {dm!r}"
    # ... and the rest with the DM's buttons.
    autoplace, confirm = table.button("autoplace"), table.button("confirm")
    ex = await table.press("alice", autoplace, dm_with(standin, "alice", autoplace))
    state = secrecy.check(ex)
    assert not state.side("south").reserve and len(squares_of(state, "south")) == 10
    ex = await table.press("alice", confirm, dm_with(standin, "alice", confirm))
    state = secrecy.check(ex)
    assert state.side("south").confirmed and RULES.to_act(state) == ("north",)

    # North (bob) by buttons only; South's placement stays unseen until he confirms.
    ex = await table.press("bob", autoplace, dm_with(standin, "bob", autoplace))
    state = secrecy.check(ex)
    for seat in SEATS:  # the check has teeth: both armies drawn would not be the same picture
        assert secrecy.own_picture(state, seat) != secrecy.full(state, seat)
    before = images(table.thread_messages())
    ex = await table.press("bob", confirm, dm_with(standin, "bob", confirm))
    state = bot.state(table.game_id, RULES)
    assert state.phase == OPENING
    assert images(table.thread_messages()) - before == 1  # both armies, shown at once

    # The roll for the first move (again on a tie).
    for _ in range(20):
        if state.phase != OPENING:
            break
        for seat in RULES.to_act(state):
            await table.press(PLAYERS[seat], table.button("roll"))
        state = bot.state(table.game_id, RULES)
    assert state.phase == BATTLE

    # The battle.
    actions = 0
    while state.phase != OVER and actions < MAX_ACTIONS:
        (seat,) = RULES.to_act(state)
        name, options = command(choose(state, seat))
        if name == "end" and actions % 2:
            ex = await table.press(PLAYERS[seat], table.button("end"))
        else:
            ex = await table.slash(PLAYERS[seat], name, options)
        assert images(ex.posts) <= 1, "more than one picture for one action"
        assert not ex.refused, ex.refused
        actions += 1
        after = bot.state(table.game_id, RULES)
        assert after.ply > state.ply, f"{name} {options} was not played: {ex.text!r}"
        state = after
    if state.phase != OVER:
        (seat,) = RULES.to_act(state)
        await table.resign(PLAYERS[seat])
        state = bot.state(table.game_id, RULES)
    assert state.phase == OVER and state.winners
    result = table.thread_messages()[-1].content
    winner = state.winners[0]
    assert winner.capitalize() in result and "victory" in result.lower(), result

    # At most one board a turn (and the reveal's and the end's).
    assert table.images_in_thread() <= state.turns + 2
    for ex in table.exchanges:
        check_private(ex)
    assert standin.violations == []
    assert standin.unknown_routes == []
    assert bot.logged_errors() == []
