"""The battle (RULINGS 3): turns of two actions (advance, turn, attack), the end of a turn,
and the end of the game."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.echec.actions import Action, Advance, Attack, End, Turn
from engine.echec.board import (
    AHEAD,
    FACING_NAME,
    FACINGS,
    INDEX,
    NAMES,
    OTHER,
    SEATS,
    SQUARES,
    step,
)
from engine.echec.combat import REACH_ORDERED, resolve_attack, targets
from engine.echec.config import NO_PROGRESS_TURNS
from engine.echec.state import ACTIONS_PER_TURN, BATTLE, OVER, Base, EchecState, LastAction
from engine.echec.units import KIND, KING
from engine.echec.work import Work
from engine.errors import IllegalAction
from engine.protocol import Event


def free_ahead(board: tuple[Base | None, ...] | list[Base | None], sq: int) -> int:
    """How many squares a base may advance: free squares straight ahead, capped by its
    kind's step (king and cavalry: as many as are free)."""
    base = board[sq]
    assert base is not None
    limit = KIND[base.kind].steps or 8
    ahead = AHEAD[base.facing]
    n, here = 0, sq
    while n < limit:
        after = ahead[here]
        if after is None or board[after] is not None:
            break
        here, n = after, n + 1
    return n


# The battle's actions, made once: a square's advances by 1 to 8, its turns away from each
# facing (in the order of ``FACINGS``), and by kind and facing its attacks, each with its
# target, in the order ``targets`` lists them.
_ADVANCES = tuple(tuple(Advance(NAMES[sq], n) for n in range(1, 9)) for sq in SQUARES)
TURNS = tuple(
    {facing: tuple(Turn(NAMES[sq], f) for f in FACINGS if f != facing) for facing in FACINGS}
    for sq in SQUARES
)
_ATTACK = {
    (sq, t): Attack(NAMES[sq], NAMES[t])
    for table in REACH_ORDERED.values()
    for sq, squares in enumerate(table)
    for t in squares
}
_BY_TABLE = {
    id(table): tuple(
        tuple((t, _ATTACK[sq, t]) for t in squares) for sq, squares in enumerate(table)
    )
    for table in REACH_ORDERED.values()
}  # one per reach and facing: its kinds share it
_ATTACKS = {key: _BY_TABLE[id(table)] for key, table in REACH_ORDERED.items()}
_END = End()
_COST = {kind: unit.action_cost for kind, unit in KIND.items()}


def turns_of(sq: int, base: Base) -> tuple[Turn, ...]:
    """The turns of ``base`` on ``sq``: to each other facing, in the order of ``FACINGS``
    (``TURNS[sq][base.facing]``)."""
    return TURNS[sq][base.facing]


def battle_actions(
    state: EchecState, turns: Callable[[int, Base], Iterable[Turn]] = turns_of
) -> list[Action]:
    """Every action of the seat to move, in a stable order; ``end`` is always allowed.
    ``turns``: the turns listed for a base (a search drops some: ``ai.games.echec``)."""
    seat, left, board = state.turn, state.actions_left, state.board
    out: list[Action] = []
    for sq, base in enumerate(board):
        if base is None or base.seat != seat:
            continue
        if _COST[base.kind] <= left:
            out.extend(_ADVANCES[sq][: free_ahead(board, sq)])
            out.extend(turns(sq, base))
        if not base.attacked:  # the attacks on ``targets(board, sq)``
            for t, attack in _ATTACKS[base.kind, base.facing][sq]:
                other = board[t]
                if other is not None and other.seat != seat:
                    out.append(attack)
    out.append(_END)
    return out


def _own_base(w: Work, seat: str, square: str) -> tuple[int, Base]:
    sq = INDEX[square]
    base = w.board[sq]
    if base is None:
        raise IllegalAction(
            f"there is no base on {square}", code="echec.empty_square", square=square
        )
    if base.seat != seat:
        raise IllegalAction(
            f"the {KIND[base.kind].name} on {square} belong to {base.seat}: act with your own",
            code="echec.not_yours",
            square=square,
            owner=base.seat,
        )
    return sq, base


def _cost(w: Work, base: Base, square: str, what: str) -> int:
    cost = KIND[base.kind].action_cost
    if cost > w.actions_left:
        raise IllegalAction(
            f"heavy infantry need both actions of a turn to {what}: {square} can {what} at the "
            "start of your next turn",
            code="echec.heavy_needs_two",
            square=square,
        )
    return cost


# Events that make progress (RULINGS 3): a base advancing, a figure removed (an attack's
# or a panic's), a panic move. An attack counts when it removed a figure.
PROGRESS_EVENTS = frozenset({"advanced", "removed", "panic", "fled"})


def progressed(events: list[Event]) -> bool:
    """Whether ``events`` hold progress: the no-progress count starts again after them."""
    return any(
        e.kind in PROGRESS_EVENTS or (e.kind == "attack" and e.data.get("removed")) for e in events
    )


def apply_battle(w: Work, seat: str, action: Action) -> None:
    if isinstance(action, End):
        w.emit("turn_ended", seat=seat, unused=w.actions_left)
        _next_turn(w)
        return
    if isinstance(action, Advance):
        sq, base = _own_base(w, seat, action.square)
        cost = _cost(w, base, action.square, "advance")
        room = free_ahead(w.board, sq)
        if action.steps > room:
            kind = KIND[base.kind]
            if room == 0:
                why = f"the square ahead ({FACING_NAME[base.facing]}) is blocked or off the board"
            elif kind.steps and action.steps > kind.steps:
                why = f"{kind.name} advance {kind.steps} square at a time"
            else:
                why = f"only {room} free square(s) lie ahead ({FACING_NAME[base.facing]})"
            raise IllegalAction(
                f"the {kind.name} on {action.square} cannot advance {action.steps}: {why}",
                code="echec.cannot_advance",
                square=action.square,
                steps=action.steps,
                room=room,
            )
        dest = step(sq, base.facing, action.steps)
        assert dest is not None
        w.board[dest], w.board[sq] = base, None
        w.emit("advanced", seat=seat, square=action.square, to=NAMES[dest])
        w.last = LastAction(seat, str(action), (action.square, NAMES[dest]))
        w.report = None
    elif isinstance(action, Turn):
        sq, base = _own_base(w, seat, action.square)
        cost = _cost(w, base, action.square, "turn")
        if action.facing == base.facing:
            raise IllegalAction(
                f"the base on {action.square} already faces {FACING_NAME[base.facing]}: "
                "turn it to another direction",
                code="echec.same_facing",
                square=action.square,
                facing=base.facing,
            )
        w.board[sq] = Base(base.seat, base.kind, base.figures, action.facing, base.attacked)
        w.emit("turned", seat=seat, square=action.square, facing=action.facing)
        w.last = LastAction(seat, str(action), (action.square,))
        w.report = None
    elif isinstance(action, Attack):
        sq, base = _own_base(w, seat, action.square)
        cost = 1
        if base.attacked:
            raise IllegalAction(
                f"the {KIND[base.kind].name} on {action.square} already attacked this turn "
                "(a base attacks once a turn)",
                code="echec.attacked_already",
                square=action.square,
            )
        dst = INDEX[action.target]
        if dst not in targets(w.board, sq):
            options = " ".join(NAMES[t] for t in targets(w.board, sq)) or "none now"
            raise IllegalAction(
                f"the {KIND[base.kind].name} on {action.square} cannot attack "
                f"{action.target}; it can attack: {options}",
                code="echec.cannot_attack",
                square=action.square,
                target=action.target,
                options=options,
            )
        w.report = resolve_attack(w, seat, sq, dst)
        w.last = LastAction(seat, str(action), (action.square, action.target))
    else:
        raise IllegalAction(
            "the battle is on: advance c2, turn c2 e, attack c2 c3 or end",
            code="echec.battle_action",
        )
    w.actions_left -= cost
    if progressed(w.events):  # this action's events
        w.progress_turn = w.turns
    if check_over(w):
        return
    if w.actions_left <= 0:
        _next_turn(w)


def _next_turn(w: Work) -> None:
    """The other side's turn begins: two actions, and every base may attack again."""
    assert w.turn is not None
    w.board = [
        Base(b.seat, b.kind, b.figures, b.facing) if b is not None and b.attacked else b
        for b in w.board
    ]
    if w.config.turn_limit and w.turns >= w.config.turn_limit:
        finish(w, (), "turn_limit")
        return
    if w.turns - w.progress_turn >= NO_PROGRESS_TURNS:
        finish(w, (), "no_progress")
        return
    w.turn = OTHER[w.turn]
    w.actions_left = ACTIONS_PER_TURN
    w.turns += 1
    w.emit("turn", seat=w.turn, number=w.turns)


def check_over(w: Work) -> bool:
    """The game ends when a side has lost its king (or every base)."""
    if w.phase != BATTLE:
        return w.phase == OVER
    kings = {b.seat for b in w.board if b is not None and b.kind == KING}
    if len(kings) == len(SEATS):
        return False  # both kings stand, so both armies do
    alive = {b.seat for b in w.board if b is not None}
    for seat in (w.turn, OTHER[w.turn]):
        if seat not in alive or seat not in kings:
            why = "king_eliminated" if seat in alive else "army_eliminated"
            finish(w, (OTHER[seat],), why)
            return True
    return False


def finish(w: Work, winners: tuple[str, ...], termination: str) -> None:
    w.phase = OVER
    w.winners = winners
    w.termination = termination
    w.turn = None
    w.actions_left = 0
    w.emit("game_over", winners=list(winners), termination=termination)
