"""What the computer players know of Loka (issue 16).

The secrets of a Loka view are the dice seed and, during army selection, the drafts of the
other team's armies (``Army(budget, confirmed, hidden=True)``). A determinization reseeds
the dice and gives every hidden army a plausible draft: one that spends its budget, as
players do, so that no further piece fits. An unconfirmed hidden army gets such a draft too
(still unconfirmed), which it may change in the playout like any player.

The evaluation counts army points per team (pieces on the board, in reserve or drafted, at
the game's costs, each living king worth ``KING_POINTS``), less a penalty for enemy pieces
near a king; the rollout policy completes a draft to the budget with a balanced army
(:func:`completed_draft`) and confirms it only then, re-rolls a Super D20 that is losing
and prefers capturing the most valuable target it can reach (with a king only a king).

At every level (the weakest included) the rules the search sees leave out a king's attack at
losing odds while the army has another move (:func:`sensible`): a king that fails falls,
and its whole army with it (issue 30).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from ai.knowledge import Knowledge, reseeded, squash
from engine import loka
from engine.loka.actions import Action, Confirm, Draft, Keep, Move, Reroll
from engine.loka.combat import DEFENDER_REMOVED, assess, odds
from engine.loka.config import LokaConfig
from engine.loka.game import move_actions
from engine.loka.geometry import Geometry
from engine.loka.movegen import legal_moves
from engine.loka.pieces import BOUGHT, KING, code
from engine.loka.setup import DraftKey, all_drafts, draft_cost, draft_key, draft_problem
from engine.loka.state import BATTLE, SELECTION, Army, LokaState

KING_POINTS = 150  # what a living army's king weighs against its bought pieces
DANGER_POINTS = 15  # per enemy piece within two squares of a king
NEAR = 2  # squares (king distance) that count as near a king
SCALE = 100  # points ahead that make a win about 73% likely (a queen up: 71%)


_FULL: dict[tuple[DraftKey, int], tuple[Draft, ...]] = {}


def _full_drafts(config: LokaConfig, budget: int) -> tuple[Draft, ...]:
    """The legal drafts to which no further piece fits (those that spend the budget), per
    army limits and budget (cached: configs hold dicts, so they are not hashable)."""
    key = (draft_key(config), budget)
    if key not in _FULL:
        drafts = all_drafts(config, budget)
        cheapest = min(config.costs[kind] for kind in BOUGHT)
        full = tuple(d for d in drafts if budget - draft_cost(config, d.counts) < cheapest)
        _FULL[key] = full or drafts
    return _FULL[key]


def plausible_draft(config: LokaConfig, budget: int, rng: random.Random) -> Draft:
    """A draft a player might well choose: a random one that spends the budget."""
    return rng.choice(_full_drafts(config, budget))


def _balance(config: LokaConfig, budget: int, draft: Draft) -> tuple[int, int, int]:
    """How a sensible player ranks a full army (smaller is better): points left unspent,
    then the more kinds of piece the better, then the fewer of any one kind."""
    counts = draft.counts
    return (
        budget - draft_cost(config, counts),
        -sum(1 for n in counts if n),
        max(counts, default=0),
    )


def completed_draft(
    config: LokaConfig, budget: int, counts: tuple[int, ...] | None, rng: random.Random
) -> Draft:
    """The draft a sensible player makes of ``counts`` (what is drafted so far; ``None``:
    nothing): the pieces already chosen kept, the points left spent on a balanced army
    within the limits (see :func:`_balance`; ties at random). A clock that runs out during
    army selection makes the computer finish a half-built draft this way (issue 30)."""
    have = counts or (0,) * len(BOUGHT)
    fits = [
        d
        for d in _full_drafts(config, budget)
        if all(n >= m for n, m in zip(d.counts, have, strict=True))
    ]
    if not fits:  # nothing fuller contains it: the draft is as full as it gets
        return Draft.of(have)
    best = min(_balance(config, budget, d) for d in fits)
    return rng.choice([d for d in fits if _balance(config, budget, d) == best])


def _is_full(config: LokaConfig, budget: int, counts: tuple[int, ...]) -> bool:
    """Whether no further piece fits the draft ``counts`` (budget and limits)."""
    return all(
        draft_problem(config, budget, tuple(n + (i == k) for i, n in enumerate(counts)))
        for k in range(len(counts))
    )


def determinize(view: LokaState, seat: str, rng: random.Random) -> LokaState:
    """A full state consistent with ``seat``'s view: new dice, and a plausible draft for
    every army whose draft the view hides (confirmed or not, as the view says)."""
    state = reseeded(view, rng)
    if not any(a.hidden for a in state.armies):
        return state
    armies = tuple(
        Army(
            budget=a.budget,
            draft=plausible_draft(state.config, a.budget, rng).counts,
            confirmed=a.confirmed,
        )
        if a.hidden
        else a
        for a in state.armies
    )
    return replace(state, armies=armies)


@lru_cache(maxsize=16)
def _square_index(geo: Geometry) -> dict[str, int]:
    return {name: i for i, name in enumerate(geo.names)}


def _army_points(state: LokaState) -> list[float]:
    """Each army's points: pieces on the board, in reserve, or drafted (selection)."""
    costs = state.config.costs
    points = [0.0] * len(state.armies)
    for army, a in enumerate(state.armies):
        if not a.alive:
            continue
        if state.phase == SELECTION:
            counts = a.draft
            points[army] = KING_POINTS + (
                a.budget if counts is None else draft_cost(state.config, counts)
            )
        else:
            points[army] = sum(
                (KING_POINTS if kind == KING else costs[kind]) * n
                for kind, n in enumerate(a.reserve)
                if n
            )
    for p in filter(None, state.board):
        if state.armies[p >> 3].alive:
            kind = p & 7
            points[p >> 3] += KING_POINTS if kind == KING else costs[kind]
    return points


def _king_danger(state: LokaState) -> list[float]:
    """Per army, the penalty for enemy pieces near its king (battle only)."""
    geo = state.geometry
    danger = [0.0] * len(state.armies)
    if state.phase != BATTLE:
        return danger
    board = state.board
    around = _near(geo)
    for army in range(len(state.armies)):
        king = code(army, KING)
        if king in board:
            hostile = geo.enemy[army]
            near = len([t for t in around[board.index(king)] if hostile[board[t]]])
            danger[army] = DANGER_POINTS * near
    return danger


@lru_cache(maxsize=16)
def _near(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per square, the squares near it (within ``NEAR``, king distance), itself included."""
    width, height = geo.width, geo.height
    return tuple(
        tuple(
            y * width + x
            for y in range(max(0, sq // width - NEAR), min(height, sq // width + NEAR + 1))
            for x in range(max(0, sq % width - NEAR), min(width, sq % width + NEAR + 1))
        )
        for sq in range(geo.size)
    )


def evaluate(state: LokaState, seat: str) -> float:
    """The estimated chance that ``seat``'s team wins, from army points and king safety."""
    result = loka.outcome(state)
    if result is not None:
        return 0.5 if result.is_draw else float(seat in result.winners)
    geo = state.geometry
    team = geo.seats[geo.seat_index[seat]].team
    scores = _scores(state)
    diff = 0.0
    for army, spec in enumerate(geo.seats):
        score = scores[army]
        diff += score if spec.team == team else -score
    return squash(diff / SCALE)


def _scores(state: LokaState) -> list[float]:
    """Each army's points less its king's danger, at least 0. The last state's are kept: the
    search scores a leaf for every seat on the path to it."""
    if _SCORED:
        last, kept = _SCORED[0]  # read once: another thread may replace it
        if last is state:
            return kept
    points = _army_points(state)
    danger = _king_danger(state)
    scores = [max(0.0, points[army] - danger[army]) for army in range(len(state.geometry.seats))]
    _SCORED[:] = [(state, scores)]
    return scores


_SCORED: list[tuple[LokaState, list[float]]] = []


def _losing(state: LokaState) -> bool:
    """Whether the Super D20 holder's side loses the combat as rolled."""
    p = state.pending
    assert p is not None
    attack_wins = p.attack_roll > p.defence_roll
    return attack_wins != (p.holder == "attack")


def policy(state: LokaState, seat: str, actions: list[Action], rng: random.Random) -> Action:
    """A cheap rollout player: a draft completed to the budget, then confirmed; a losing
    Super D20 re-rolled; the most valuable capture in reach taken most of the time, never
    risking a king on it but to take a king."""
    if state.phase == SELECTION:
        army = state.armies[state.geometry.seat_index[seat]]
        if army.draft is not None and _is_full(state.config, army.budget, army.draft):
            return Confirm()
        return completed_draft(state.config, army.budget, army.draft, rng)
    if state.pending is not None:
        return Reroll() if _losing(state) else Keep()
    if state.phase == BATTLE and rng.random() < 0.8:
        index = _square_index(state.geometry)
        costs = state.config.costs
        board = state.board
        best: list[Move] = []
        best_value = 0
        for action in actions:
            if not isinstance(action, Move):
                continue
            target = board[index[action.dst]]
            if not target:
                continue
            kind = target & 7
            if board[index[action.src]] & 7 == KING and kind != KING:
                continue  # a king whose attack fails falls, and his army with him
            value = KING_POINTS if kind == KING else costs[kind]
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        if best:
            return rng.choice(best)
    return rng.choice(actions)


def choosing_army(view: LokaState, seat: str) -> bool:
    """Drafts can be replaced until confirmed: the policy drafts a full army, then confirms."""
    return view.phase == SELECTION


LOSING_ODDS = Fraction(1, 2)
"""A king's attack is at losing odds when it takes the defender less often than this."""


def king_at_losing_odds(state: LokaState, move: Move) -> bool:
    """Whether ``move`` is a king's attack (not on a king: a royal duel is even) that takes
    the defender, and survives the marsh there, less often than ``LOSING_ODDS``."""
    if state.phase != BATTLE:
        return False
    geo = state.geometry
    return _king_loses(state, geo.parse(move.src), geo.parse(move.dst))


def _king_loses(state: LokaState, src: int, dst: int) -> bool:
    """:func:`king_at_losing_odds` of the move ``src``-``dst`` in the battle."""
    if not state.config.combat:
        return False
    geo = state.geometry
    attacker, target = state.board[src], state.board[dst]
    if attacker & 7 != KING or not target or not geo.enemy[attacker >> 3][target]:
        return False
    if target & 7 == KING:
        return False
    terrain = state.terrain
    a = assess(geo, terrain, state.board, src, dst)
    marsh = terrain.marsh[dst]
    # The odds depend on the dice, the Super D20 holder and the marsh alone.
    key = (*a.dice, marsh)
    losing = _LOSING.get(key)
    if losing is None:
        chances = odds(a, marsh=marsh)
        losing = chances.probabilities[DEFENDER_REMOVED] - chances.marsh_risk < LOSING_ODDS
        _LOSING[key] = losing
    return losing


_LOSING: dict[tuple[int, int, str | None, bool], bool] = {}


def sensible(state: LokaState, seat: str | None, actions: list[Action]) -> list[Action]:
    """``actions`` without a king's attacks at losing odds, unless nothing else is left."""
    if state.phase != BATTLE or state.pending is not None or seat is None or not actions:
        return actions
    geo = state.geometry
    king = code(geo.seat_index[seat], KING)
    if king not in state.board:
        return actions
    square = geo.names[state.board.index(king)]
    kept = [
        a
        for a in actions
        if not (isinstance(a, Move) and a.src == square and king_at_losing_odds(state, a))
    ]
    return kept or actions


def legal_actions(state: LokaState, seat: str | None = None) -> list[Action]:
    """The engine's legal actions, as far as the computer considers them (:func:`sensible`).
    A battle move is weighed on the move generator's squares, before it becomes an action
    (the same list, at a fraction of the cost: every step of every rollout asks)."""
    geo = state.geometry
    army = state.turn
    if (
        state.phase != BATTLE
        or state.pending is not None
        or army is None
        or seat != geo.seat_names[army]
    ):
        return sensible(state, seat, loka.legal_actions(state, seat))
    board = state.board
    moves = legal_moves(geo, state.terrain, board, army, state.fresh_pawns)
    king = code(army, KING)
    if moves and king in board:
        square = board.index(king)
        # (a king's move to an empty square is no attack)
        kept = [
            m
            for m in moves
            if m[0] != square or not board[m[1]] or not _king_loses(state, square, m[1])
        ]
        moves = kept or moves
    return move_actions(geo, moves)


RULES = replace(loka.RULES, legal_actions=legal_actions)
"""Loka's rules as every computer level searches them: :func:`legal_actions` in place of
the engine's (the engine's rules are unchanged: a person may attack as they like)."""

# The engine never lists a resignation, and Loka has no draw offers: nothing to withhold.
KNOWLEDGE = Knowledge(RULES, determinize, evaluate, policy, direct=choosing_army, withholds=False)
