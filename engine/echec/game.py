"""Échec au Roi behind the common game protocol (see ``engine.protocol``)."""

from __future__ import annotations

from dataclasses import replace

from engine.dice import Dice
from engine.echec.actions import Action, Confirm, End, Lift, Place, Resign, Roll
from engine.echec.battle import apply_battle, battle_actions, finish
from engine.echec.board import OTHER, SEATS
from engine.echec.config import SECRET, EchecConfig
from engine.echec.setup import (
    apply_placement,
    apply_roll,
    hide_side,
    initial_sides_and_board,
    placement_actions,
)
from engine.echec.state import BATTLE, OPENING, OVER, PLACEMENT, EchecState
from engine.echec.work import Work
from engine.errors import IllegalAction, NotYourTurn
from engine.pairs import pair
from engine.protocol import Outcome
from engine.turns import ScratchTurns, not_a_seat, seat_or_only, waited_for

__all__ = ["apply", "legal_actions", "new_game", "outcome", "to_act", "view"]
__all__ += ["default_action"]


def new_game(config: EchecConfig | None = None, *, seed: bytes, game_id: str) -> EchecState:
    """A game at placement (level 2 free or secret) or at the roll for the first move."""
    config = config or EchecConfig()
    sides, board, phase = initial_sides_and_board(config)
    return EchecState(config, Dice(seed, game_id), phase, board, sides)


def to_act(state: EchecState) -> tuple[str, ...]:
    """Seats with a decision pending: both armies while they place (until each confirms) and
    while they roll for the first move, else the side whose turn it is."""
    if state.phase == OVER:
        return ()
    if state.phase == PLACEMENT:
        return tuple(s for s, side in zip(SEATS, state.sides, strict=True) if not side.confirmed)
    if state.phase == OPENING:
        return tuple(
            s for s, side in zip(SEATS, state.sides, strict=True) if side.opening_axes is None
        )
    return (state.turn,) if state.turn is not None else ()


def _acting_seat(state: EchecState, seat: str | None, *, acting: bool = True) -> str:
    if state.phase == OVER:
        raise NotYourTurn("the game is over", code="echec.over")
    waiting = to_act(state)
    seat = seat_or_only(
        seat,
        waiting,
        lambda waiting: NotYourTurn(
            "both armies decide now (" + ", ".join(waiting) + "): say which one acts",
            code="echec.which_seat",
            waiting=list(waiting),
        ),
    )
    if seat not in SEATS:
        raise not_a_seat(code="echec.seat", seat=seat, seats=SEATS, noun="side")
    if acting and seat not in waiting:
        raise NotYourTurn(
            f"it is not {seat}'s turn: waiting for {', '.join(waiting)}",
            code="echec.not_your_turn",
            seat=seat,
            waiting=list(waiting),
        )
    return seat


def legal_actions(state: EchecState, seat: str | None = None) -> list[Action]:
    """Every action the seat may take now (resigning, always allowed, is not listed)."""
    if state.phase == BATTLE:  # the seat to move, or none (what follows finds, at once)
        turn = state.turn
        return battle_actions(state) if turn is not None and seat in (None, turn) else []
    if not waited_for(seat, to_act(state)):
        return []
    seat = _acting_seat(state, seat)
    if state.phase == PLACEMENT:
        return placement_actions(state.board, state.side(seat), seat)
    if state.phase == OPENING:
        return [Roll()]
    return battle_actions(state)


def _resign(w: Work, seat: str) -> None:
    w.set_side(seat, resigned=True)
    w.emit("resigned", seat=seat)
    finish(w, (OTHER[seat],), "resigned")


def _act(w: Work, seat: str, action: Action) -> None:
    """A side's action when it has a decision pending, by phase."""
    state = w.state
    if state.phase == PLACEMENT:
        apply_placement(w, seat, action)
    elif state.phase == OPENING:
        if not isinstance(action, Roll):
            raise IllegalAction(
                "each side rolls four dice for the first move: send 'roll'",
                code="echec.roll_first",
            )
        apply_roll(w, seat)
    else:
        if isinstance(action, Place | Lift | Confirm | Roll):
            raise IllegalAction(
                "the battle is on: advance c2, turn c2 e, attack c2 c3 or end",
                code="echec.battle_action",
            )
        apply_battle(w, seat, action)


TURNS = ScratchTurns(Work, _acting_seat, Resign, _resign, _act)
apply = TURNS.apply


def outcome(state: EchecState) -> Outcome | None:
    return Outcome.once(state.phase == OVER, state.winners, state.termination)


def view(state: EchecState, seat: str | None) -> EchecState:
    """What ``seat`` may see (``None``: a spectator). The seed stays hidden until the game
    is over; during secret placement nothing of an army's placement reaches anyone else
    (its bases and its reserve are removed; only whether it is ready shows, and the ply,
    which counts every placing action of both sides, reads 0)."""
    dice = state.dice if state.phase == OVER else state.dice.hidden()
    if state.phase != PLACEMENT or state.config.placement != SECRET:
        return replace(state, dice=dice)
    board = tuple(b if b is not None and b.seat == seat else None for b in state.board)
    sides = pair(
        side if s == seat else hide_side(side) for s, side in zip(SEATS, state.sides, strict=True)
    )
    return replace(state, dice=dice, board=board, sides=sides, ply=0)


def default_action(state: EchecState, seat: str) -> Action | None:
    """What the bot may do for a seat that lets its time run out: roll for the first move,
    end the turn in the battle. Placement has no default (the player must place)."""
    if seat not in to_act(state):
        return None
    if state.phase == OPENING:
        return Roll()
    if state.phase == BATTLE:
        return End()
    return None
