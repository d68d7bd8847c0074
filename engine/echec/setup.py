"""Before the battle: the standard set-up, free or secret placement (level 2), and the roll
for the first move (RULINGS 3)."""

from __future__ import annotations

from dataclasses import replace

from engine.echec.actions import Action, Confirm, Lift, Place
from engine.echec.board import (
    FACINGS,
    FORWARD,
    HOME_RANKS,
    INDEX,
    NAMES,
    ROYAL,
    SEATS,
    SIZE,
    on_home_ranks,
)
from engine.echec.config import SECRET, STANDARD, STANDARD_SETUP, EchecConfig, standard_square
from engine.echec.die import AXE, OPENING_DICE
from engine.echec.state import ACTIONS_PER_TURN, BATTLE, OPENING, PLACEMENT, Base, Side
from engine.echec.units import KIND, KINDS, KING, variable
from engine.echec.work import Work
from engine.errors import IllegalAction


def initial_sides_and_board(
    config: EchecConfig,
) -> tuple[tuple[Side, Side], tuple[Base | None, ...], str]:
    """The armies at the start: set up on the board (standard) or all in reserve."""
    board: list[Base | None] = [None] * (SIZE * SIZE)
    sides = []
    for seat in SEATS:
        army = config.army(seat)
        if config.placement == STANDARD:
            figures = dict(army)  # one size per kind in the basic army
            for kind, square in STANDARD_SETUP:
                board[standard_square(seat, square)] = Base(
                    seat, kind, figures[kind], FORWARD[seat]
                )
            sides.append(Side(confirmed=True))
        else:
            sides.append(Side(reserve=army))
    phase = OPENING if config.placement == STANDARD else PLACEMENT
    return (sides[0], sides[1]), tuple(board), phase


def home_squares(seat: str) -> list[int]:
    return [r * SIZE + f for r in sorted(HOME_RANKS[seat]) for f in range(SIZE)]


def placement_actions(board: tuple[Base | None, ...], side: Side, seat: str) -> list[Action]:
    out: list[Action] = []
    free = [sq for sq in home_squares(seat) if board[sq] is None]
    for kind, figures in dict.fromkeys(side.reserve):
        size = figures if variable(kind) else None
        squares = [ROYAL[seat]] if kind == KING else [sq for sq in free if sq != ROYAL[seat]]
        for sq in squares:
            if board[sq] is None:
                out.extend(Place(kind, NAMES[sq], f, size) for f in FACINGS)
    for sq in home_squares(seat):
        base = board[sq]
        if base is not None and base.seat == seat:
            out.append(Lift(NAMES[sq]))
    if not side.reserve:
        out.append(Confirm())
    return out


def apply_placement(w: Work, seat: str, action: Action) -> None:
    side = w.side(seat)
    secret = frozenset({seat}) if w.config.placement == SECRET else None
    if isinstance(action, Place):
        _place(w, seat, side, action, secret)
    elif isinstance(action, Lift):
        sq = INDEX[action.square]
        base = w.board[sq]
        if base is None or base.seat != seat:
            raise IllegalAction(
                f"you have no base on {action.square} to lift",
                code="echec.nothing_to_lift",
                square=action.square,
            )
        w.board[sq] = None
        reserve = tuple(sorted((*side.reserve, (base.kind, base.figures)), key=_order))
        w.set_side(seat, reserve=reserve)
        w.emit("lifted", visible_to=secret, seat=seat, square=action.square)
    elif isinstance(action, Confirm):
        if side.reserve:
            left = ", ".join(f"{KIND[k].name} ({n})" for k, n in side.reserve)
            raise IllegalAction(
                f"place every base before confirming; still to place: {left}",
                code="echec.reserve_left",
                left=left,
            )
        w.set_side(seat, confirmed=True)
        w.emit("placement_confirmed", seat=seat)
        if all(s.confirmed for s in w.sides):
            w.phase = OPENING
            w.emit(
                "placement_revealed",
                bases={
                    s: [
                        f"{b.kind}{b.figures}{NAMES[sq]}{b.facing}"
                        for sq, b in enumerate(w.board)
                        if b is not None and b.seat == s
                    ]
                    for s in SEATS
                },
            )
    else:
        raise IllegalAction(
            "the armies are being placed: place archers c1 n, lift c1, then confirm",
            code="echec.placement_action",
        )


def _order(unit: tuple[str, int]) -> tuple[int, int]:
    return KINDS.index(unit[0]), -unit[1]


def _place(w: Work, seat: str, side: Side, action: Place, secret: frozenset[str] | None) -> None:
    kind = KIND[action.kind]
    sizes = [n for k, n in side.reserve if k == action.kind]
    if not sizes:
        raise IllegalAction(
            f"you have no {kind.name} left to place",
            code="echec.none_left",
            kind=kind.name,
        )
    figures = action.figures if action.figures is not None else max(sizes)
    if figures not in sizes:
        have = ", ".join(str(n) for n in sorted(set(sizes)))
        raise IllegalAction(
            f"you have no base of {figures} {kind.name} to place; sizes left: {have}",
            code="echec.no_such_size",
            kind=kind.name,
            figures=figures,
            sizes=have,
        )
    sq = INDEX[action.square]
    royal = NAMES[ROYAL[seat]]
    if action.kind == KING and sq != ROYAL[seat]:
        raise IllegalAction(
            f"the king stands on your royal square, {royal}",
            code="echec.king_on_royal",
            square=royal,
        )
    if action.kind != KING and sq == ROYAL[seat]:
        raise IllegalAction(
            f"{royal} is the royal square: only your king goes there",
            code="echec.royal_reserved",
            square=royal,
        )
    if not on_home_ranks(seat, sq):
        ranks = " and ".join(str(r + 1) for r in sorted(HOME_RANKS[seat]))
        raise IllegalAction(
            f"place your bases on your first two ranks ({ranks}), not on {action.square}",
            code="echec.not_home",
            square=action.square,
            ranks=ranks,
        )
    if w.board[sq] is not None:
        raise IllegalAction(
            f"{action.square} is taken: lift that base first or choose a free square",
            code="echec.square_taken",
            square=action.square,
        )
    w.board[sq] = Base(seat, action.kind, figures, action.facing)
    reserve = list(side.reserve)
    reserve.remove((action.kind, figures))
    w.set_side(seat, reserve=tuple(reserve))
    w.emit(
        "placed",
        visible_to=secret,
        seat=seat,
        kind=action.kind,
        figures=figures,
        square=action.square,
        facing=action.facing,
    )


def apply_roll(w: Work, seat: str) -> None:
    """Each side rolls four dice; most axes moves first; a tie rolls again."""
    faces = [w.roll_face("opening", seat) for _ in range(OPENING_DICE)]
    axes = faces.count(AXE)
    w.set_side(seat, opening_axes=axes)
    w.emit("opening_roll", seat=seat, faces=faces, axes=axes)
    south, north = (w.side(s).opening_axes for s in SEATS)
    if south is None or north is None:
        return
    if south == north:
        for s in SEATS:
            w.set_side(s, opening_axes=None)
        w.emit("opening_tie", axes=south)
        return
    first = SEATS[0] if south > north else SEATS[1]
    w.phase = BATTLE
    w.turn = first
    w.actions_left = ACTIONS_PER_TURN
    w.turns = 1
    w.emit("first_player", seat=first, axes={SEATS[0]: south, SEATS[1]: north})
    w.emit("turn", seat=first, number=1)


def hide_side(side: Side) -> Side:
    """What the other army sees of a side during secret placement: only that it is ready."""
    return replace(Side(), confirmed=side.confirmed, hidden=True, resigned=side.resigned)
