"""Attacks and panic (RULINGS 3): reach, dice, hits, the last figure's extra die, panic
with its chain, peasants falling back, mercenaries' panics and their change of sides."""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from engine.echec.board import ABOUT, FACINGS, NAMES, SQUARES, neighbours, step
from engine.echec.die import ARROW, AXE, PANIC
from engine.echec.state import AttackReport, Base
from engine.echec.units import (
    AROUND,
    ARROWS,
    AXES,
    FRONT,
    KIND,
    KING,
    MERCENARIES,
    PEASANTS,
    VOLLEY,
    dice_for,
)
from engine.echec.work import Work

VOLLEY_DEPTH = 3  # archers reach the 3x3 block 1-3 squares ahead


def _reach(sq: int, rule: str, facing: str) -> tuple[int, ...]:
    """The squares a base of reach ``rule`` facing ``facing`` may attack from ``sq``."""
    if rule == FRONT:
        ahead = step(sq, facing)
        return () if ahead is None else (ahead,)
    if rule == AROUND:
        return tuple(neighbours(sq))
    out = []
    side = {"n": "e", "s": "e", "e": "n", "w": "n"}[facing]
    for depth in range(1, VOLLEY_DEPTH + 1):
        centre = step(sq, facing, depth)
        if centre is None:
            break
        for lateral in (-1, 0, 1):
            target = step(centre, side, lateral) if lateral else centre
            if target is not None:
                out.append(target)
    return tuple(out)


# By kind and facing, each square's reach (in the order ``reach`` lists it), the same in
# increasing order (``targets``'), and as a bit mask (bit ``t`` for square ``t``); the kinds
# of one reach share their tables.
_REACH = {
    (rule, facing): tuple(_reach(sq, rule, facing) for sq in SQUARES)
    for rule in (FRONT, VOLLEY, AROUND)
    for facing in FACINGS
}
T = TypeVar("T")


def by_kind(tables: dict[tuple[str, str], T]) -> dict[tuple[str, str], T]:
    """Tables by reach and facing, as tables by kind and facing."""
    return {(kind, f): tables[unit.reach, f] for kind, unit in KIND.items() for f in FACINGS}


REACH = by_kind(_REACH)
REACH_ORDERED = by_kind(
    {key: tuple(tuple(sorted(squares)) for squares in table) for key, table in _REACH.items()}
)
REACH_MASK = by_kind(
    {key: tuple(sum(1 << t for t in squares) for squares in table) for key, table in _REACH.items()}
)


def reach(sq: int, base: Base) -> tuple[int, ...]:
    """The squares a base may attack from ``sq``, whatever stands there."""
    return REACH[base.kind, base.facing][sq]


def targets(board: list[Base | None] | tuple[Base | None, ...], sq: int) -> list[int]:
    """The enemy bases the base on ``sq`` may attack now."""
    base = board[sq]
    if base is None:
        return []
    seat = base.seat
    return [
        t
        for t in REACH_ORDERED[base.kind, base.facing][sq]
        if (b := board[t]) is not None and b.seat != seat
    ]


def is_hit(face: str, hits_with: str) -> bool:
    if hits_with == AXES:
        return face == AXE
    if hits_with == ARROWS:
        return face == ARROW
    return face in (AXE, ARROW)


def count_hits(faces: list[str], hits_with: str) -> int:
    """Hits of a roll; peasants take the larger of their axes and their arrows."""
    if hits_with in (AXES, ARROWS):
        return sum(is_hit(f, hits_with) for f in faces)
    return max(faces.count(AXE), faces.count(ARROW))


def king_guards(board: list[Base | None], sq: int, seat: str) -> bool:
    """Whether ``seat``'s king stands on one of the eight squares around ``sq``."""
    for n in neighbours(sq, diagonal=True):
        b = board[n]
        if b is not None and b.kind == KING and b.seat == seat:
            return True
    return False


def resolve_attack(w: Work, seat: str, src: int, dst: int) -> AttackReport:
    """Carry out an attack already checked as legal; returns what happened."""
    attacker, target = w.board[src], w.board[dst]
    assert attacker is not None and target is not None
    attacker = Base(attacker.seat, attacker.kind, attacker.figures, attacker.facing, True)
    w.board[src] = attacker
    if attacker.kind == KING and target.kind == MERCENARIES:
        if not king_guards(w.board, dst, target.seat):
            # Mercenaries go over to the king who attacks them, without a roll.
            w.board[dst] = replace(target, seat=seat, attacked=False)
            w.emit("switched", square=NAMES[dst], from_seat=target.seat, to_seat=seat)
            return AttackReport(
                seat, attacker.kind, NAMES[src], NAMES[dst], target.kind, switched=True
            )
        w.emit("loyal", square=NAMES[dst], seat=target.seat)  # their own king stands by
    kind = KIND[attacker.kind]
    count = dice_for(attacker.kind, attacker.figures)
    faces = [w.roll_face("attack", seat, square=NAMES[src]) for _ in range(count)]
    hits = count_hits(faces, kind.hits_with)
    bonus = None
    if kind.last_figure_bonus and attacker.figures == 1 and hits:
        bonus = w.roll_face("last_figure", seat, square=NAMES[src])
        hits += is_hit(bonus, kind.hits_with)
    per_figure = KIND[target.kind].hits_per_figure
    removed = min(target.figures, hits // per_figure)  # leftover hits are lost
    destroyed = removed == target.figures
    if destroyed:
        w.remove(dst, "destroyed")
    elif removed:
        w.board[dst] = Base(
            target.seat, target.kind, target.figures - removed, target.facing, target.attacked
        )
    w.emit(
        "attack",
        seat=seat,
        square=NAMES[src],
        target=NAMES[dst],
        faces=list(faces),
        bonus=bonus,
        hits=hits,
        removed=removed,
        destroyed=destroyed,
    )
    panics = faces.count(PANIC) + (bonus == PANIC)
    lost: list[str] = []
    panicked = None
    if attacker.kind == PEASANTS and panics:
        # Peasants fall back one square for every panic rolled.
        lost = panic(w, src, panics, "attacker")
        panicked = "attacker"
    elif kind.panics and faces and all(f == PANIC for f in faces):
        lost = panic(w, src, 1, "attacker")
        panicked = "attacker"
    elif attacker.kind == MERCENARIES and panics and _panics(w.board[dst]):
        # Mercenaries inflict their panics on the target instead of suffering them.
        lost = panic(w, dst, panics, "target")
        panicked = "target"
    return AttackReport(
        seat,
        attacker.kind,
        NAMES[src],
        NAMES[dst],
        target.kind,
        faces=tuple(faces),
        bonus=bonus,
        hits=hits,
        removed=removed,
        destroyed=destroyed,
        panic=panicked,
        eliminated=tuple(lost),
    )


def _panics(base: Base | None) -> bool:
    return base is not None and KIND[base.kind].panics


def panic(w: Work, sq: int, steps: int, cause: str) -> list[str]:
    """The base on ``sq`` turns about and falls back ``steps`` squares, one at a time.
    Returns the squares of the bases eliminated on the way (it and any in the chain)."""
    base = w.board[sq]
    lost: list[str] = []
    if base is None or not KIND[base.kind].panics:
        return lost
    w.board[sq] = replace(base, facing=ABOUT[base.facing])
    w.emit("panic", square=NAMES[sq], seat=base.seat, steps=steps, cause=cause)
    here: int | None = sq
    for _ in range(steps):
        assert here is not None
        here = _flee(w, here, {here}, lost)
        if here is None:
            break
    return lost


def _flee(w: Work, sq: int, chain: set[int], lost: list[str]) -> int | None:
    """Move the base on ``sq`` one square the way it faces, pushing panicking friends ahead
    of it; returns where it ends, or ``None`` if it is eliminated."""
    base = w.board[sq]
    assert base is not None
    dest = step(sq, base.facing)
    reason = None
    if dest is None:
        reason = "panic_off_board"
    else:
        other = w.board[dest]
        if other is not None:
            if other.seat != base.seat:
                reason = "panic_enemy"
            elif other.kind == KING:
                reason = "panic_own_king"
            elif not KIND[other.kind].panics or dest in chain:
                reason = "panic_blocked"  # a friend that does not give way
            else:
                # The friend panics in turn; the first base follows if the square clears.
                chain.add(dest)
                w.board[dest] = replace(other, facing=ABOUT[other.facing])
                w.emit("panic", square=NAMES[dest], seat=other.seat, steps=1, cause="chain")
                _flee(w, dest, chain, lost)
                if w.board[dest] is not None:
                    reason = "panic_blocked"
    if reason is not None:
        w.remove(sq, reason)
        lost.append(NAMES[sq])
        return None
    assert dest is not None
    w.board[dest], w.board[sq] = base, None
    w.emit("fled", square=NAMES[sq], to=NAMES[dest], seat=base.seat)
    return dest
