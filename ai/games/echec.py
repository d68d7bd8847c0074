"""What the computer players know of Échec au Roi (issue 16).

The secrets of a view are the dice seed and, during secret placement (level 2), the other
army's placement: its bases are off the view's board and its reserve is empty
(``hide_side``), only whether it is ready shows. A determinization reseeds the dice and
places that army's bases (``config.army``) at random on its home ranks, the king on its
royal square, mostly facing the enemy: all of them when it has confirmed, a random part of
them when it has not (the rest stays in its reserve).

The evaluation weighs each side's figures (the dice a base rolls times the hits it takes to
remove), bases able to attack now and threats on a king, and, so that the computer plays to
win rather than turn its bases back and forth (issue 30), how far its bases have advanced
and whether they face the enemy; as turns without progress run towards the no-progress
draw (RULINGS 3), every position looks more like a draw, so the side ahead presses on. A
threat counts in full for the side to act, less for the other, which may turn away first.
The search never weighs turning a base that this turn already turned (one turn reaches any
facing: the second is an action thrown away), nor turning one away from the enemy's side
towards no enemy at all. The rollout policy confirms placements,
places the standard set-up first and facing the enemy, and prefers attacks, then advances,
then turns that bring an enemy into reach.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from ai.knowledge import Knowledge, reseeded, squash
from engine import echec
from engine.echec.actions import Action, Advance, Attack, Confirm, Place, Roll, Turn
from engine.echec.battle import TURNS, battle_actions
from engine.echec.board import (
    FACINGS,
    FORWARD,
    INDEX,
    NAMES,
    ROYAL,
    SEATS,
    SIZE,
    SOUTH,
    SQUARES,
    VECTOR,
)
from engine.echec.combat import REACH_MASK, targets
from engine.echec.config import NO_PROGRESS_TURNS, SECRET, STANDARD_SETUP, standard_square
from engine.echec.setup import home_squares
from engine.echec.state import (
    ACTIONS_PER_TURN,
    BATTLE,
    OPENING,
    PLACEMENT,
    Base,
    EchecState,
    Side,
)
from engine.echec.units import KIND, KING, dice_for
from engine.pairs import pair

FORWARD_SHARE = 0.8  # how often a sampled base faces the enemy
KING_THREAT = 3.0  # per enemy base that may attack a king now
ATTACK_SHARE = 0.25  # of a target's worth, for a base that may attack it now
WAITING_SHARE = 0.4  # of that, for a base of the side not to act
SCALE = 5.0  # worth ahead that makes a win about 69% likely (a full base: 4)
RANK_WORTH = 0.12  # per rank a base (not the king) stands beyond its first rank
FORWARD_WORTH = 0.15  # for a base (not the king) facing the enemy: it can advance


def _sampled_side(
    state: EchecState, board: list[Base | None], seat: str, side: Side, rng: random.Random
) -> Side:
    """Place ``seat``'s hidden army on ``board`` (all of it if confirmed, else a random
    part) and return its side as the engine would hold it."""
    army = list(state.config.army(seat))
    placed = len(army) if side.confirmed else rng.randint(0, len(army))
    chosen = sorted(rng.sample(range(len(army)), placed))
    free = [sq for sq in home_squares(seat) if sq != ROYAL[seat] and board[sq] is None]
    rng.shuffle(free)
    for i in chosen:
        kind, figures = army[i]
        sq = ROYAL[seat] if kind == KING else free.pop()
        facing = FORWARD[seat] if rng.random() < FORWARD_SHARE else rng.choice(FACINGS)
        board[sq] = Base(seat, kind, figures, facing)
    reserve = tuple(unit for i, unit in enumerate(army) if i not in chosen)
    return Side(reserve=reserve, confirmed=side.confirmed, resigned=side.resigned)


def determinize(view: EchecState, seat: str, rng: random.Random) -> EchecState:
    """A full state consistent with ``seat``'s view: new dice, and during secret placement
    a sampled placement of the other army."""
    state = reseeded(view, rng)
    if state.phase != PLACEMENT or state.config.placement != SECRET:
        return state
    board = list(state.board)
    sides = pair(
        _sampled_side(state, board, s, side, rng) if side.hidden else side
        for s, side in zip(SEATS, state.sides, strict=True)
    )
    return replace(state, board=tuple(board), sides=sides)


@cache
def worth(kind: str, figures: int) -> float:
    """A base's worth: the dice it rolls times the hits it takes to remove, a full base of
    infantry being 4 (so losing figures costs more and more)."""
    return dice_for(kind, figures) * figures * KIND[kind].hits_per_figure / 4


_scored: tuple[EchecState | None, dict[str, float]] = (None, {})


def _scores(state: EchecState) -> dict[str, float]:
    """Each seat's score in ``state`` (the last state's are kept: a leaf is scored for
    each seat in turn)."""
    global _scored
    seen, scores = _scored
    if seen is not state:
        scores = _scored_anew(state)
        _scored = state, scores
    return scores


def _scored_anew(state: EchecState) -> dict[str, float]:
    scores = dict.fromkeys(SEATS, 0.0)
    for s, side in zip(SEATS, state.sides, strict=True):
        scores[s] += sum(worth(kind, n) for kind, n in side.reserve if kind != KING)
    board = state.board
    masks = _masks(board)
    every = sum(masks.values())
    for sq, base in enumerate(board):
        if base is None:
            continue
        if base.kind != KING:
            scores[base.seat] += worth(base.kind, base.figures)
        if state.phase in (PLACEMENT, OPENING):
            continue
        if base.kind != KING:
            rank = sq // SIZE if base.seat == SOUTH else SIZE - 1 - sq // SIZE
            scores[base.seat] += RANK_WORTH * rank
            scores[base.seat] += FORWARD_WORTH * (base.facing == FORWARD[base.seat])
        # A threat of the side to act is an attack it may make; the other side's may be
        # turned away from first, so it counts for less (else turning a base towards an
        # enemy, which turns away, then back, looks like a gain every time).
        if not REACH_MASK[base.kind, base.facing][sq] & (every - masks[base.seat]):
            continue  # no target
        share = 1.0 if base.seat == state.turn else WAITING_SHARE
        for t in targets(board, sq):
            target = board[t]
            assert target is not None
            if target.kind == KING:
                scores[base.seat] += KING_THREAT
            else:
                scores[base.seat] += share * ATTACK_SHARE * worth(target.kind, target.figures)
    return scores


def evaluate(state: EchecState, seat: str) -> float:
    """The estimated chance that ``seat`` wins, from figures and facing (who may attack
    whom now, a king under threat most of all)."""
    result = echec.outcome(state)
    if result is not None:
        return 0.5 if result.is_draw else float(seat in result.winners)
    scores = _scores(state)
    diff = sum(v if s == seat else -v for s, v in scores.items())
    # Quiet turns bring the no-progress draw nearer: an advantage counts for less and less.
    return squash(diff / SCALE * (1 - state.quiet_turns / NO_PROGRESS_TURNS))


def policy(state: EchecState, seat: str, actions: list[Action], rng: random.Random) -> Action:
    """A cheap rollout player: confirm a placement, place facing the enemy, roll; in the
    battle attack most of the time, else advance, else anything."""
    if state.phase == PLACEMENT:
        if Confirm() in actions:
            return Confirm()
        places = [a for a in actions if isinstance(a, Place) and a.facing == FORWARD[seat]]
        # The standard set-up first (the king's guard of cavalry, archers behind a line of
        # infantry, all facing the enemy), as the table's autoplace does; the rest at random.
        standard = [a for a in places if (a.kind, a.square) in _standard(seat)]
        return rng.choice(standard or places or actions)
    if state.phase == OPENING:
        return Roll()
    attacks = [a for a in actions if isinstance(a, Attack)]
    if attacks and rng.random() < 0.9:
        return rng.choice(attacks)
    advances = [a for a in actions if isinstance(a, Advance)]
    if advances and rng.random() < 0.7:
        return rng.choice(advances)
    aiming = [a for a in actions if isinstance(a, Turn) and _brings_a_target(state, a)]
    if aiming and rng.random() < 0.7:
        return rng.choice(aiming)
    kept = [a for a in actions if not wasted(state, a) and not aimless(state, a)]
    return rng.choice(kept or actions)


def _sweep(sq: int, facing: str) -> int:
    """The squares ahead of ``sq`` towards ``facing`` in the three files or ranks a base's
    front would sweep, as a bit mask (see :func:`aimless`)."""
    dx, dy = VECTOR[facing]
    x, y = sq % SIZE, sq // SIZE
    mask = 0
    for t in SQUARES:
        ox, oy = t % SIZE - x, t // SIZE - y
        if ox * dx + oy * dy > 0 and abs(ox * dy - oy * dx) <= 1:
            mask |= 1 << t
    return mask


SWEEP = {facing: tuple(_sweep(sq, facing) for sq in SQUARES) for facing in FACINGS}

_occupied: tuple[tuple[Base | None, ...], dict[str, int]] = ((), {})


def _masks(board: tuple[Base | None, ...]) -> dict[str, int]:
    """Each seat's squares on ``board`` as a bit mask (the last board's are kept: the search
    asks a state's legal actions, then its policy, of the same board)."""
    global _occupied
    seen, masks = _occupied
    if seen is not board:
        masks = dict.fromkeys(SEATS, 0)
        for sq, base in enumerate(board):
            if base is not None:
                masks[base.seat] |= 1 << sq
        _occupied = board, masks
    return masks


def _enemies(board: tuple[Base | None, ...], seat: str) -> int:
    """The squares of the bases not ``seat``'s, as a bit mask."""
    masks = _masks(board)
    return sum(masks.values()) - masks.get(seat, 0)


def _brings_a_target(state: EchecState, action: Turn) -> bool:
    """Whether turning the base brings an enemy base into its reach."""
    sq = INDEX[action.square]
    base = state.board[sq]
    if base is None:
        return False
    return bool(REACH_MASK[base.kind, action.facing][sq] & _enemies(state.board, base.seat))


def _turned_again(state: EchecState) -> str | None:
    """The square of the base this turn's first action turned, if it did (see
    :func:`wasted`)."""
    last = state.last
    if (
        state.phase == BATTLE
        and state.actions_left < ACTIONS_PER_TURN
        and last is not None
        and last.seat == state.turn
        and last.text.startswith("turn ")
        and len(last.squares) == 1
    ):
        return last.squares[0]
    return None


def wasted(state: EchecState, action: Action) -> bool:
    """Turning again the base this turn's first action turned: one turn reaches any facing,
    so the second throws an action away (and a turn back undoes the first)."""
    return isinstance(action, Turn) and action.square == _turned_again(state)


def aimless(state: EchecState, action: Action) -> bool:
    """A turn away from the enemy's side towards nothing: no enemy base comes into reach
    and none stands that way (in the three files or ranks the base's front would sweep)."""
    if not isinstance(action, Turn):
        return False
    sq = INDEX[action.square]
    base = state.board[sq]
    if base is None or action.facing == FORWARD[base.seat]:
        return False
    enemies = _enemies(state.board, base.seat)
    return not (REACH_MASK[base.kind, action.facing][sq] & enemies) and not (
        SWEEP[action.facing][sq] & enemies
    )


# By kind, seat and facing, each square's turns as the engine lists them, each with what
# makes it worth weighing: ``None`` towards the enemy's side (always), else the squares of
# its reach and of its front's sweep as a bit mask (an enemy base there: not aimless).
_AIMS_BY_REACH = {
    (unit.reach, seat, facing): tuple(
        tuple(
            (
                turn,
                None
                if turn.facing == FORWARD[seat]
                else REACH_MASK[kind, turn.facing][sq] | SWEEP[turn.facing][sq],
            )
            for turn in TURNS[sq][facing]
        )
        for sq in SQUARES
    )
    for kind, unit in KIND.items()
    for seat in SEATS
    for facing in FACINGS
}  # the kinds of one reach share theirs
_AIMS = {
    (kind, seat, facing): _AIMS_BY_REACH[unit.reach, seat, facing]
    for kind, unit in KIND.items()
    for seat in SEATS
    for facing in FACINGS
}


def legal_actions(state: EchecState, seat: str | None = None) -> list[Action]:
    """The engine's legal actions less the wasted and the aimless turns (see :func:`wasted`
    and :func:`aimless`): what the search weighs."""
    if state.phase != BATTLE or state.turn is None or seat not in (None, state.turn):
        return echec.legal_actions(state, seat)  # no turn among them
    again = _turned_again(state)
    masks = _masks(state.board)
    every = sum(masks.values())

    def weighed(sq: int, base: Base) -> list[Turn]:
        if NAMES[sq] == again:
            return []  # wasted
        enemies = every - masks[base.seat]
        aims = _AIMS[base.kind, base.seat, base.facing][sq]
        return [turn for turn, aim in aims if aim is None or aim & enemies]

    # Never empty: ``end`` is always among them.
    return battle_actions(state, weighed)


@cache
def _standard(seat: str) -> frozenset[tuple[str, str]]:
    """The (kind, square) pairs of ``seat``'s standard set-up."""
    return frozenset((kind, NAMES[standard_square(seat, sq)]) for kind, sq in STANDARD_SETUP)


def placing(view: EchecState, seat: str) -> bool:
    """Figures can be lifted until confirmed: the policy places them all, then confirms."""
    return view.phase == PLACEMENT


# The engine's rules, with the search's legal actions (see :func:`legal_actions`).
RULES = replace(echec.RULES, legal_actions=legal_actions)
KNOWLEDGE = Knowledge(RULES, determinize, evaluate, policy, direct=placing)
