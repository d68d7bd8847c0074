"""Loka behind the common game protocol (see ``engine.protocol``)."""

from __future__ import annotations

from dataclasses import replace

from engine.dice import Dice
from engine.errors import IllegalAction, NotYourTurn
from engine.loka import actions
from engine.loka.battle import apply_decision, apply_move, check_over, holder_army, next_mover
from engine.loka.combat import Odds, assess, odds
from engine.loka.config import LokaConfig
from engine.loka.geometry import Geometry
from engine.loka.movegen import RawMove, legal_moves
from engine.loka.setup import (
    all_drafts,
    apply_deploy,
    apply_selection,
    deploy_actions,
    next_deployer,
)
from engine.loka.state import BATTLE, DEPLOYMENT, OVER, SELECTION, Army, LokaState
from engine.loka.work import Work
from engine.protocol import Outcome
from engine.turns import ScratchTurns, checked_seat, waited_for

__all__ = ["apply", "legal_actions", "new_game", "outcome", "to_act", "view"]
__all__ += ["attack_odds", "default_action"]


def new_game(config: LokaConfig | None = None, *, seed: bytes, game_id: str) -> LokaState:
    """A game at the start of army selection."""
    config = config or LokaConfig()
    geo = config.geometry
    armies = tuple(Army(budget=config.budget(name)) for name in geo.seat_names)
    return LokaState(config, Dice(seed, game_id), SELECTION, (0,) * geo.size, (), armies)


def to_act(state: LokaState) -> tuple[str, ...]:
    """Seats with a decision pending: every unconfirmed army during selection, the Super D20
    holder while a combat waits, else the army whose turn it is."""
    names = state.geometry.seat_names
    if state.phase == OVER:
        return ()
    if state.phase == SELECTION:
        return tuple(names[i] for i, a in enumerate(state.armies) if not a.confirmed)
    if state.pending is not None:
        return (names[holder_army(state)],)
    return (names[state.turn],) if state.turn is not None else ()


def _seat_index(state: LokaState, seat: str | None, *, acting: bool = True) -> int:
    if state.phase == OVER:
        raise NotYourTurn("the game is over", code="loka.over")
    geo = state.geometry
    waiting = to_act(state)
    seat = checked_seat(
        seat,
        geo.seat_names,
        waiting,
        acting=acting,
        several=lambda waiting: NotYourTurn(
            "several armies decide now (" + ", ".join(waiting) + "): say which one acts",
            code="loka.say_which",
            armies=", ".join(waiting),
        ),
        unknown=lambda s: IllegalAction(
            f"'{s}' is not an army here: {', '.join(geo.seat_names)}",
            code="loka.unknown_army",
            army=s,
            armies=", ".join(geo.seat_names),
        ),
        not_waited=lambda s: NotYourTurn(
            f"it is not {s}'s turn: waiting for {', '.join(waiting)}",
            code="loka.not_turn",
            army=s,
            armies=", ".join(waiting),
        ),
    )
    return geo.seat_index[seat]


def legal_actions(state: LokaState, seat: str | None = None) -> list[actions.Action]:
    """Every action the seat may take now (resignation, always allowed from deployment on,
    is not listed)."""
    if not waited_for(seat, to_act(state)):
        return []
    army = _seat_index(state, seat)
    if state.phase == SELECTION:
        a = state.armies[army]
        drafts: list[actions.Action] = list(all_drafts(state.config, a.budget))
        if a.draft is not None:
            drafts.append(actions.Confirm())
        return drafts
    if state.pending is not None:
        return [actions.Keep(), actions.Reroll()]
    if state.phase == DEPLOYMENT:
        return list(deploy_actions(state, army))
    geo = state.geometry
    return move_actions(geo, legal_moves(geo, state.terrain, state.board, army, state.fresh_pawns))


_MOVES: dict[Geometry, dict[RawMove, actions.Action]] = {}


def move_actions(geo: Geometry, moves: list[RawMove]) -> list[actions.Action]:
    """The battle moves ``moves`` as actions. A move is a value: one object per move of
    each board serves every state (the computer players list them a million times)."""
    made = _MOVES.get(geo)
    if made is None:
        made = _MOVES.setdefault(geo, {})
    try:
        return [made[m] for m in moves]
    except KeyError:
        names = geo.names
        for m in moves:
            if m not in made:
                s, d, p = m
                made[m] = actions.Move(names[s], names[d], p or None)
        return [made[m] for m in moves]


def _act(w: Work, army: int, action: actions.Action) -> None:
    """An army's action when it has a decision pending, by phase."""
    state = w.state
    if state.phase == SELECTION:
        if not isinstance(action, actions.Draft | actions.Confirm):
            raise IllegalAction(
                "armies are being chosen: send 'draft Q B 3P' (any mix) and then 'confirm'",
                code="loka.phase_selection",
            )
        apply_selection(w, army, action)
    elif state.pending is not None:
        if not isinstance(action, actions.Reroll | actions.Keep):
            raise IllegalAction(
                "your Super D20 is waiting: answer 'reroll' or 'keep'", code="loka.reroll_waiting"
            )
        apply_decision(w, action)
    elif state.phase == DEPLOYMENT:
        if not isinstance(action, actions.Deploy):
            raise IllegalAction(
                "armies are deploying: place a piece, like Kf1 or Pe2",
                code="loka.phase_deployment",
            )
        apply_deploy(w, army, action)
    else:
        if not isinstance(action, actions.Move):
            raise IllegalAction(
                "the battle is on: move a piece, like e2e4", code="loka.phase_battle"
            )
        apply_move(w, army, action)


def _resign(w: Work, army: int) -> None:
    state = w.state
    if state.phase == SELECTION:
        raise IllegalAction(
            "an army can resign once deployment begins; before that the host can cancel the game",
            code="loka.resign_too_early",
        )
    if not state.armies[army].alive:
        raise IllegalAction(
            f"{w.seat(army)} is already out of the game", code="loka.already_out", army=w.seat(army)
        )
    pending = state.pending
    involved = pending is not None and army in (
        state.board[pending.src] >> 3,
        state.board[pending.dst] >> 3,
    )
    w.eliminate(army, "resigned")
    if involved:
        w.pending = None
        w.emit("combat_cancelled", reason="resigned")
    if check_over(w):
        return
    if state.phase == DEPLOYMENT:
        if state.turn == army:
            next_deployer(w, army)
    elif state.phase == BATTLE and w.pending is None and (involved or state.turn == army):
        assert state.turn is not None  # the battle always has an army to move
        next_mover(w, (state.turn + 1) % len(w.armies))


TURNS = ScratchTurns(Work, _seat_index, actions.Resign, _resign, _act)
apply = TURNS.apply


def outcome(state: LokaState) -> Outcome | None:
    return Outcome.once(state.phase == OVER, state.winners, state.termination)


def view(state: LokaState, seat: str | None) -> LokaState:
    """What ``seat`` may see (``None``: a spectator). The seed stays hidden until the game
    is over; during selection only the seat's own team's drafts are shown."""
    dice = state.dice if state.phase == OVER else state.dice.hidden()
    armies = state.armies
    if state.phase == SELECTION:
        geo = state.geometry
        team = None if seat is None else geo.seats[geo.seat_index[seat]].team
        armies = tuple(
            a
            if team is not None and geo.seats[i].team == team
            else Army(budget=a.budget, confirmed=a.confirmed, hidden=True)
            for i, a in enumerate(armies)
        )
    return replace(state, dice=dice, armies=armies)


def default_action(state: LokaState, seat: str) -> actions.Action | None:
    """What happens to a seat that lets its time run out: 'keep' for a Super D20."""
    if state.pending is not None and seat in to_act(state):
        return actions.Keep()
    return None


def attack_odds(state: LokaState, src: str, dst: str) -> Odds:
    """Itemised boosts and exact odds of the piece on ``src`` attacking ``dst``, now."""
    geo = state.geometry
    s, d = geo.parse(src), geo.parse(dst)
    piece, target = state.board[s], state.board[d]
    if not piece:
        raise IllegalAction(f"there is no piece on {src}", code="loka.no_piece", square=src)
    if not target or not geo.enemy[piece >> 3][target]:
        raise IllegalAction(
            f"there is no enemy on {dst} for the piece on {src} to attack",
            code="loka.no_enemy",
            square=src,
            target=dst,
        )
    moves = legal_moves(geo, state.terrain, state.board, piece >> 3, state.fresh_pawns)
    if not any(m[0] == s and m[1] == d for m in moves):
        raise IllegalAction(
            f"the piece on {src} cannot reach {dst}",
            code="loka.cannot_reach",
            square=src,
            target=dst,
        )
    marsh = state.terrain.marsh[d]
    if not state.config.combat:
        return odds(None, marsh=marsh)
    return odds(assess(geo, state.terrain, state.board, s, d), marsh=marsh)
