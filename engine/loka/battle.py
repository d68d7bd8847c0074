"""The battle (RULINGS 1.8, 1.9): moves, attacks, the Super D20 decision, turn order."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.loka.actions import Keep, Move, Reroll
from engine.loka.combat import (
    ATTACKER_REMOVED,
    BOTH_REMOVED,
    DEFENDER_REMOVED,
    DUEL_DIE,
    MARSH_DIE,
    MARSH_SINKS,
    ROYAL_LOSS,
    ROYAL_WIN,
    Assessment,
    Boost,
    assess,
    result_of,
)
from engine.loka.geometry import Geometry
from engine.loka.movegen import back_to_back, has_move, moves_from, targets
from engine.loka.pieces import LETTER, NAME, PAWN, QUEEN, code
from engine.loka.state import OVER, CombatReport, LokaState, PendingReroll
from engine.loka.terrain import terrain_map
from engine.loka.work import Work


def relocate(board: list[int], geo: Geometry, src: int, dst: int, promotion: int) -> list[int]:
    """Carry out a move on the board (no chance): a plain move, or the back-to-back swap.
    Returns the squares pawns arrived on that are promotion squares of their owner."""
    piece = board[src]
    other = board[dst]
    army = piece >> 3
    promoted = []
    if other and geo.friend[army][other]:
        # Back-to-back: the mover names its own pawn's promotion; the ally's becomes a queen.
        board[src], board[dst] = other, piece
        if src in geo.promotion[other >> 3]:
            board[src] = code(other >> 3, QUEEN)
            promoted.append(src)
    else:
        board[dst] = piece
        board[src] = 0
    if piece & 7 == PAWN and dst in geo.promotion[army]:
        board[dst] = code(army, promotion or QUEEN)
        promoted.append(dst)
    return promoted


def explain_illegal(state: LokaState, army: int, src: int, dst: int) -> IllegalAction:
    """Why ``src``-``dst`` is not a legal move, and what would be."""
    geo = state.geometry
    names = geo.names
    piece = state.board[src]
    if not piece:
        return IllegalAction(
            f"there is no piece on {names[src]}", code="loka.no_piece", square=names[src]
        )
    kind = NAME[piece & 7]
    if piece >> 3 != army:
        owner = geo.seat_names[piece >> 3]
        return IllegalAction(
            f"the {kind} on {names[src]} belongs to {owner}: move one of your own",
            code="loka.not_yours",
            piece=kind,
            square=names[src],
            army=owner,
        )
    dsts = sorted(set(targets(geo, state.terrain, state.board, src, piece, state.fresh_pawns)))
    if piece & 7 == PAWN:
        swap = back_to_back(geo, state.terrain, state.board, src, army)
        if swap >= 0:
            dsts.append(swap)
    if not dsts:
        return IllegalAction(
            f"your {kind} on {names[src]} has no legal move now",
            code="loka.no_move",
            piece=kind,
            square=names[src],
        )
    options = " ".join(names[t] for t in dsts)
    return IllegalAction(
        f"your {kind} on {names[src]} cannot go to {names[dst]}; it can go to {options}",
        code="loka.cannot_go",
        piece=kind,
        square=names[src],
        target=names[dst],
        squares=options,
    )


def apply_move(w: Work, army: int, move: Move) -> None:
    state = w.state
    geo = w.geo
    src, dst = geo.parse(move.src), geo.parse(move.dst)
    # The legal moves from ``src`` (those of ``legal_moves``, whose other moves never match);
    # a move that promotes is listed once per promotion, the queen's among them.
    moves = moves_from(geo, state.terrain, state.board, army, src, state.fresh_pawns)
    promotes = (src, dst, QUEEN) in moves
    promotion = (move.promotion or QUEEN) if promotes else 0
    if move.promotion and not promotes:
        letter = LETTER[move.promotion].lower()
        raise IllegalAction(
            f"{move.src}{move.dst} does not bring a pawn to a promotion square: leave out the "
            f"'{letter}'",
            code="loka.no_promotion",
            move=f"{move.src}{move.dst}",
            letter=letter,
        )
    if (src, dst, promotion) not in moves:
        raise explain_illegal(state, army, src, dst)
    w.last_move = (src, dst)
    w.last_combat = None
    # The piece has made its move, even if an attack is repelled and it stays: a pawn's first
    # move is spent (RULINGS 1.8).
    w.fresh_pawns.discard(src)
    target = w.board[dst]
    piece = w.board[src]
    if not target:
        w.emit("moved", army=w.seat(army), piece=LETTER[piece & 7], src=move.src, dst=move.dst)
        _arrive(w, src, dst, promotion)
    elif geo.friend[army][target]:
        w.emit("back_to_back", army=w.seat(army), src=move.src, dst=move.dst)
        _arrive(w, src, dst, promotion)
    else:
        _attack(w, src, dst, promotion)
        if w.pending:
            return
    finish_turn(w, army)


def _arrive(w: Work, src: int, dst: int, promotion: int) -> None:
    """Move (or swap) without combat, then promotions and the marsh roll (RULINGS 1.6)."""
    swapped = w.board[dst] != 0
    promoted = relocate(w.board, w.geo, src, dst, promotion)
    w.fresh_pawns.difference_update((src, dst))  # whoever arrives has moved
    for sq in promoted:
        w.emit(
            "promoted",
            army=w.seat(w.board[sq] >> 3),
            square=w.name(sq),
            piece=LETTER[w.board[sq] & 7],
        )
    arrivals = (dst, src) if swapped else (dst,)
    for sq in arrivals:
        _marsh_check(w, sq)


def _marsh_check(w: Work, sq: int) -> None:
    piece = w.board[sq]
    if piece and w.state.terrain.marsh[sq]:
        roll = w.roll(MARSH_DIE, "marsh", w.seat(piece >> 3), square=w.name(sq))
        if roll == MARSH_SINKS:
            w.remove(sq, "marsh")


def _attack(w: Work, src: int, dst: int, promotion: int) -> None:
    state = w.state
    attacker, defender = w.board[src], w.board[dst]
    if not state.config.combat:
        w.emit(
            "captured",
            army=w.seat(attacker >> 3),
            src=w.name(src),
            dst=w.name(dst),
            piece=LETTER[defender & 7],
        )
        w.remove(dst, "captured")
        _arrive(w, src, dst, promotion)
        return
    a = assess(w.geo, state.terrain, state.board, src, dst)
    if a.royal:
        _royal_duel(w, src, dst)
        return
    w.emit("attack", **describe(w.geo, a))
    # The weaker die is rolled (and shown) first.
    seat_a, seat_d = w.seat(attacker >> 3), w.seat(defender >> 3)
    ad, dd, holder = a.dice
    if dd < ad:
        dr = w.roll(dd, "defence", seat_d)
        ar = w.roll(ad, "attack", seat_a)
    else:
        ar = w.roll(ad, "attack", seat_a)
        dr = w.roll(dd, "defence", seat_d)
    if holder:
        w.pending = PendingReroll(src, dst, promotion, holder, ad, dd, ar, dr)
        w.emit(
            "reroll_offered",
            army=seat_a if holder == "attack" else seat_d,
            side=holder,
            attack_roll=ar,
            defence_roll=dr,
        )
        return
    resolve(w, src, dst, promotion, ad, dd, ar, dr, None)


def describe(geo: Geometry, a: Assessment) -> dict[str, Any]:
    """The itemised boosts of an attack as event data (square names, piece letters)."""
    names, seats = geo.names, geo.seat_names
    attack_die, defence_die, reroller = a.dice

    def items(boosts: tuple[Boost, ...]) -> list[dict[str, Any]]:
        return [
            {
                "source": b.source,
                "amount": b.amount,
                "square": None if b.square is None else names[b.square],
                "detail": b.detail,
            }
            for b in boosts
        ]

    return {
        "army": seats[a.attacker >> 3],
        "src": names[a.src],
        "dst": names[a.dst],
        "attacker": LETTER[a.attacker & 7],
        "defender": LETTER[a.defender & 7],
        "defender_army": seats[a.defender >> 3],
        "attack_boosts": items(a.attack),
        "defence_boosts": items(a.defence),
        "attack_die": attack_die,
        "defence_die": defence_die,
        "reroll": reroller,
    }


def resolve(
    w: Work,
    src: int,
    dst: int,
    promotion: int,
    ad: int,
    dd: int,
    ar: int,
    dr: int,
    rerolled: str | None,
) -> None:
    result = result_of(ar, dr)
    _report(w, CombatReport(src, dst, ad, dd, ar, dr, result, rerolled=rerolled))
    if result == DEFENDER_REMOVED:
        w.remove(dst, "combat")
        _arrive(w, src, dst, promotion)
    elif result == ATTACKER_REMOVED:
        w.remove(src, "combat")
    elif result == BOTH_REMOVED:
        # Mutual annihilation: both leave at once.
        w.remove(src, "combat")
        w.remove(dst, "combat")


def _report(w: Work, report: CombatReport) -> None:
    """Keep the combat for images and announce it."""
    w.last_combat = report
    w.emit(
        "combat",
        src=w.name(report.src),
        dst=w.name(report.dst),
        attack_roll=report.attack_roll,
        defence_roll=report.defence_roll,
        attack_die=report.attack_die,
        defence_die=report.defence_die,
        result=report.result,
        royal=report.royal,
        rerolled=report.rerolled,
    )


def _royal_duel(w: Work, src: int, dst: int) -> None:
    attacker, defender = w.board[src], w.board[dst]
    seat_a, seat_d = w.seat(attacker >> 3), w.seat(defender >> 3)
    w.emit("royal_duel", army=seat_a, defender_army=seat_d, src=w.name(src), dst=w.name(dst))
    round_ = 1
    while True:
        ar = w.roll(DUEL_DIE, "royal_duel", seat_a, round=round_)
        dr = w.roll(DUEL_DIE, "royal_duel", seat_d, round=round_)
        if ar != dr:
            break
        round_ += 1
    result = ROYAL_WIN if ar > dr else ROYAL_LOSS
    _report(w, CombatReport(src, dst, 20, 20, ar, dr, result, royal=True))
    if result == ROYAL_WIN:
        w.remove(dst, "royal_duel")
        _arrive(w, src, dst, 0)
    else:
        w.remove(src, "royal_duel")


def apply_decision(w: Work, action: Reroll | Keep) -> None:
    p = w.pending
    assert p is not None
    ar, dr = p.attack_roll, p.defence_roll
    seat = _holder_army(w.state)
    # The decision is told before the new roll, so the record reads in order.
    w.emit("reroll_decision", army=w.seat(seat), reroll=isinstance(action, Reroll))
    if isinstance(action, Reroll):
        if p.holder == "attack":
            ar = w.roll(p.attack_die, "reroll", w.seat(seat))
        else:
            dr = w.roll(p.defence_die, "reroll", w.seat(seat))
    w.pending = None
    mover = w.board[p.src] >> 3
    resolve(
        w,
        p.src,
        p.dst,
        p.promotion,
        p.attack_die,
        p.defence_die,
        ar,
        dr,
        p.holder if isinstance(action, Reroll) else None,
    )
    finish_turn(w, mover)


def _holder_army(state: LokaState) -> int:
    p = state.pending
    assert p is not None
    return state.board[p.src if p.holder == "attack" else p.dst] >> 3


def holder_army(state: LokaState) -> int:
    return _holder_army(state)


def finish_turn(w: Work, army: int) -> None:
    """After a move: the game may be over; else the next army clockwise that can move."""
    if check_over(w):
        return
    next_mover(w, (army + 1) % len(w.armies))


def check_over(w: Work) -> bool:
    geo = w.geo
    teams = {geo.seats[a].team for a in range(len(w.armies)) if w.armies[a].alive}
    if len(teams) > 1:
        return False
    w.phase = OVER
    w.turn = None
    w.pending = None
    if teams:
        team = teams.pop()
        w.winners = tuple(s.name for s in geo.seats if s.team == team)
        w.termination = "resignation" if _last_loss_was_resignation(w) else "kings_taken"
    else:
        w.winners = ()
        w.termination = "mutual_destruction"
    w.emit("game_over", winners=list(w.winners), termination=w.termination)
    return True


def _last_loss_was_resignation(w: Work) -> bool:
    for e in reversed(w.events):
        if e.kind == "army_eliminated":
            return bool(e.data["reason"] == "resigned")
    return False


def next_mover(w: Work, start: int) -> None:
    """Give the turn to the first living army from ``start`` clockwise that has a move;
    armies without one pass. Nobody able to move ends the game in a draw."""
    n = len(w.armies)
    board = w.board
    tm = terrain_map(w.geo, w.tile_tuple())
    for k in range(n):
        army = (start + k) % n
        if not w.armies[army].alive:
            continue
        if has_move(w.geo, tm, board, army):
            w.turn = army
            return
        w.emit("passed", army=w.seat(army))
    w.phase = OVER
    w.turn = None
    w.winners = ()
    w.termination = "no_moves"
    w.emit("game_over", winners=[], termination="no_moves")
