"""A turn's four phases (RULINGS 4): remove your blocker; move path rhombi (1 AP each);
move your pawn, take statues, use passages and symbols; place your blocker."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.inka.actions import Action, Block, End, Go, Passage, Rotate, Slide, Take
from engine.inka.geometry import DIRECTION_INDEX, DIRECTION_NAMES, Placement
from engine.inka.layout import Layout
from engine.inka.state import DESTINATION_NAMES, OVER, PAWN, RHOMBI, WALKED, Rhombus
from engine.inka.temple import TEMPLE
from engine.inka.work import Work

BOARD = TEMPLE.board
NAMES = BOARD.names


def _source(cell: int) -> dict[str, Any]:
    """An event's ``from`` (a keyword Python reserves)."""
    return {"from": NAMES[cell]}


def next_seat(w: Work, after: int) -> int:
    """The seat after ``after`` still in the game (``after`` itself when none is)."""
    n = len(w.seats)
    for k in range(1, n + 1):
        i = (after + k) % n
        if not w.out[i]:
            return i
    return after


def finish(w: Work, winner: str, termination: str) -> None:
    """The game ends: ``winner`` has won by ``termination``."""
    w.phase = OVER
    w.turn = None
    w.winner = winner
    w.termination = termination
    w.emit("game_over", winners=[winner], termination=termination)


def begin_turn(w: Work) -> None:
    """Phase 1: the seat's own blocker comes off; the AP are refilled. A pawn that was
    carried onto an exit with all three statues wins at once."""
    assert w.turn is not None
    me = w.turn
    seat = w.seats[me]
    w.ap = w.state.config.action_points
    w.stage = RHOMBI
    w.emit("turn_started", seat=seat, ap=w.ap)
    if w.blockers[me] is not None:
        w.emit("blocker_removed", seat=seat, cell=NAMES[w.blockers[me]])
        w.blockers[me] = None
    if _has_won(w, me):
        finish(w, seat, "escaped")


def _has_won(w: Work, me: int) -> bool:
    seat = w.seats[me]
    cell = w.pawns[me]
    return cell in TEMPLE.exits and all(seat not in s for s in w.statues)


def _end_turn(w: Work, me: int) -> None:
    w.emit("turn_ended", seat=w.seats[me], ap_lost=w.ap)
    w.ap = 0
    w.turn = next_seat(w, me)
    begin_turn(w)


def _spend(w: Work, cost: int, what: str) -> None:
    if cost > w.ap:
        raise IllegalAction(
            f"{what} costs {cost} AP and you have {w.ap} left: end the turn or do something "
            "cheaper",
            code="inka.not_enough_ap",
            cost=cost,
            ap=w.ap,
            what=what,
        )
    w.ap -= cost


def apply_turn_action(w: Work, me: int, action: Action) -> None:
    state = w.state
    lay = Layout.of(state)
    seat = w.seats[me]
    if isinstance(action, Slide | Rotate):
        _move_rhombus(w, lay, me, action)
    elif isinstance(action, Go):
        _go(w, lay, me, action)
    elif isinstance(action, Take):
        _take(w, lay, me)
    elif isinstance(action, Passage):
        _passage(w, lay, me, action)
    elif isinstance(action, Block):
        cell = BOARD.parse(action.cell)
        _check_block(lay, cell)
        w.blockers[me] = cell
        w.emit("blocker_placed", seat=seat, cell=NAMES[cell])
        _end_turn(w, me)
        return
    elif isinstance(action, End):
        _end_turn(w, me)
        return
    else:
        raise IllegalAction(
            "it is your turn: slide or rotate a path rhombus, go to a cell, take, passage, "
            "shift, block a cell or end",
            code="inka.turn_actions",
        )
    if _has_won(w, me):
        finish(w, seat, "escaped")


def block_problem(lay: Layout, cell: int) -> IllegalAction | None:
    """Why a blocker cannot go on ``cell`` (``None``: it can)."""
    name = NAMES[cell]
    if not lay.free_to_stop(cell):
        return IllegalAction(
            f"{name} is not free: a blocker goes on a cell with no pawn or blocker",
            code="inka.block_not_free",
            cell=name,
        )
    rhombus = lay.covered.get(cell)
    if rhombus is not None and lay.rhombi[rhombus].is_destination:
        return IllegalAction(
            f"{name} is on a destination rhombus: blockers never go there",
            code="inka.block_on_destination",
            cell=name,
        )
    if rhombus is not None and any(lay.covered.get(c) == rhombus for c in lay.blockers):
        # "plusieurs pièces de jeu peuvent se trouver sur les losanges, mais pas de pions
        # de blocus": a path rhombus holds one blocker at most.
        return IllegalAction(
            f"path rhombus {rhombus} already holds a blocker: one blocker per rhombus",
            code="inka.block_rhombus_taken",
            cell=name,
            rhombus=rhombus,
        )
    return None


def blockable(lay: Layout) -> list[int]:
    """The cells where a blocker may go, in order: those where :func:`block_problem` finds
    nothing (asked of every cell at once, without its messages; the list is kept with the
    layout: read it only)."""
    return lay.kept(("blockable",), lambda: _blockable(lay))


def _blockable(lay: Layout) -> list[int]:
    held = {lay.covered.get(c) for c in lay.blockers}  # rhombi that hold a blocker
    barred = {  # under a destination rhombus, or a rhombus that holds a blocker
        cell
        for cell, rhombus in lay.covered.items()
        if lay.rhombi[rhombus].is_destination or rhombus in held
    }
    barred.update(lay.pawns, lay.blockers)
    return [cell for cell in range(BOARD.size) if cell not in barred]


def _check_block(lay: Layout, cell: int) -> None:
    problem = block_problem(lay, cell)
    if problem is not None:
        raise problem


def _move_rhombus(w: Work, lay: Layout, me: int, action: Slide | Rotate) -> None:
    seat = w.seats[me]
    name = action.rhombus
    rhombus = lay.rhombi.get(name)
    if rhombus is None:
        raise IllegalAction(
            f"there is no rhombus {name}: path rhombi are 1-13, destination rhombi A-C",
            code="inka.no_such_rhombus",
            rhombus=name,
        )
    here = w.pawns[me]
    assert here is not None
    if rhombus.is_destination:
        if here not in TEMPLE.symbols or here in lay.covered:
            raise IllegalAction(
                f"destination rhombus {name} moves only from a rhombus symbol: stand on one "
                "first (phase 3, 1 AP)",
                code="inka.shift_needs_symbol",
                rhombus=name,
            )
        if w.stage != WALKED:
            raise IllegalAction(
                "a rhombus symbol works only on the turn your pawn walks onto it, right "
                "after that walk (once)",
                code="inka.symbol_not_landed",
                rhombus=name,
            )
        what = f"shifting destination rhombus {name}"
    else:
        if w.stage != RHOMBI:
            raise IllegalAction(
                "path rhombi move before the pawn does: your pawn has acted this turn",
                code="inka.rhombi_phase_over",
            )
        what = f"moving rhombus {name}"
    if not lay.can_move(name):
        raise IllegalAction(
            f"a blocker stands on rhombus {name}: it cannot move",
            code="inka.rhombus_blocked",
            rhombus=name,
        )
    placement = rhombus.placement
    if isinstance(action, Slide):
        d = DIRECTION_INDEX[action.direction]
        if d not in placement.slide_directions():
            allowed = ", ".join(DIRECTION_NAMES[x] for x in placement.slide_directions())
            raise IllegalAction(
                f"rhombus {name} slides along its edges only: {allowed}",
                code="inka.bad_slide_direction",
                rhombus=name,
                directions=allowed,
            )
        most = lay.slide_range(name, d)
        if action.distance > most:
            raise IllegalAction(
                f"rhombus {name} can slide at most {most} step{'s' if most != 1 else ''} "
                f"{action.direction} before an obstacle or the edge",
                code="inka.slide_too_far",
                rhombus=name,
                direction=action.direction,
                most=most,
            )
        after = placement.slid(d, action.distance)
        detail: dict[str, Any] = {"direction": action.direction, "distance": action.distance}
        kind = "rhombus_slid"
    else:
        corner = placement.corner_at(action.corner)
        if corner is None:
            corners = ", ".join(f"{placement.clock(c)}h" for c in "ABCD")
            raise IllegalAction(
                f"rhombus {name} has no corner at {action.corner} o'clock: its corners are "
                f"at {corners}",
                code="inka.bad_corner",
                rhombus=name,
                corner=action.corner,
                corners=corners,
            )
        if action.sixths not in placement.turns_about(corner):
            raise IllegalAction(
                f"about its blunt corner at {action.corner}h, rhombus {name} turns 60 degrees "
                "only (cw60 or ccw60)",
                code="inka.bad_angle",
                rhombus=name,
                corner=action.corner,
            )
        if not lay.can_rotate(name, corner, action.sixths):
            raise IllegalAction(
                f"rhombus {name} would hit an obstacle or the edge while turning: a turn must "
                "be clear over its whole sweep",
                code="inka.rotation_blocked",
                rhombus=name,
            )
        after = placement.rotated(corner, action.sixths)
        detail = {"corner": action.corner, "sixths": action.sixths}
        kind = "rhombus_rotated"
    _spend(w, 1, what)
    if rhombus.is_destination:
        w.stage = PAWN
    riders = _carry(w, lay, placement, after)
    w.put(Rhombus(name, after))
    cells = BOARD.rhombus_cells(after)
    assert cells is not None
    w.emit(
        kind,
        seat=seat,
        rhombus=name,
        cells=[NAMES[c] for c in cells],
        riders=riders,
        cost=1,
        ap=w.ap,
        **detail,
    )


def _carry(w: Work, lay: Layout, before: Placement, after: Placement) -> list[str]:
    """Pawns on a moving rhombus ride along, each keeping its half."""
    old = BOARD.rhombus_cells(before)
    new = BOARD.rhombus_cells(after)
    assert old is not None and new is not None
    riders = []
    for seat, cell in enumerate(w.pawns):
        if cell is not None and cell in old:
            w.pawns[seat] = new[old.index(cell)]
            riders.append(w.seats[seat])
    return riders


def _go(w: Work, lay: Layout, me: int, action: Go) -> None:
    target = BOARD.parse(action.cell)
    here = w.pawns[me]
    assert here is not None
    if target == here:
        raise IllegalAction(
            f"your pawn already stands on {NAMES[target]}", code="inka.already_there"
        )
    if w.stage == WALKED:
        raise IllegalAction(
            "your pawn has just walked: it walks again only after a take, a secret passage "
            "or a shift (one walk between two paid actions)",
            code="inka.walked_already",
        )
    if not lay.free_to_stop(target):
        raise IllegalAction(
            f"{NAMES[target]} holds a pawn or a blocker: you may pass it but not stop there",
            code="inka.target_occupied",
            cell=NAMES[target],
        )
    best, prev = lay.costs(here, 1 << 10)
    if target not in best:
        why = (
            "it is chasm with no rhombus over it"
            if not lay.walkable(target)
            else "walls and chasm cut it off"
        )
        raise IllegalAction(
            f"your pawn cannot reach {NAMES[target]}: {why}",
            code="inka.unreachable",
            cell=NAMES[target],
        )
    cost = best[target]
    _spend(w, cost, f"the way to {NAMES[target]} ({cost} snake{'s' if cost != 1 else ''})")
    path = lay.path(prev, here, target)
    w.pawns[me] = target
    w.stage = WALKED  # it lands here: a passage or symbol here may be used now
    w.trail = tuple(path)
    w.emit(
        "pawn_moved",
        seat=w.seats[me],
        **_source(here),
        to=NAMES[target],
        path=[NAMES[c] for c in path],
        cost=cost,
        ap=w.ap,
    )


def _take(w: Work, lay: Layout, me: int) -> None:
    seat = w.seats[me]
    here = w.pawns[me]
    assert here is not None
    dest = lay.destination_at(here)
    if dest is None:
        raise IllegalAction(
            "stand on a destination rhombus (A, B or C, in the centre) to take a statue",
            code="inka.take_off_destination",
        )
    k = DESTINATION_NAMES.index(dest)
    if seat not in w.statues[k]:
        raise IllegalAction(
            f"your statue on rhombus {dest} is already taken: go to another destination rhombus",
            code="inka.statue_gone",
            rhombus=dest,
        )
    _spend(w, 1, "taking a statue")
    w.statues[k].remove(seat)
    w.stage = PAWN
    w.emit(
        "statue_taken",
        seat=seat,
        rhombus=dest,
        statues=sum(1 for s in w.statues if seat not in s),
        ap=w.ap,
    )


def _passage(w: Work, lay: Layout, me: int, action: Passage) -> None:
    here = w.pawns[me]
    assert here is not None
    target = BOARD.parse(action.cell)
    if here not in TEMPLE.passages or here in lay.covered:
        raise IllegalAction("stand on a secret passage to use it", code="inka.not_on_passage")
    if w.stage != WALKED:
        raise IllegalAction(
            "a secret passage works only on the turn your pawn walks onto it, right after "
            "that walk (once)",
            code="inka.passage_not_landed",
        )
    if target not in TEMPLE.passages or target == here:
        others = ", ".join(NAMES[c] for c in TEMPLE.passages if c != here)
        raise IllegalAction(
            f"{NAMES[target]} is not another secret passage: choose one of {others}",
            code="inka.not_a_passage",
            cell=NAMES[target],
            passages=others,
        )
    if target in lay.covered or not lay.free_to_stop(target):
        raise IllegalAction(
            f"the passage on {NAMES[target]} is not free (a rhombus, pawn or blocker is on it)",
            code="inka.passage_not_free",
            cell=NAMES[target],
        )
    _spend(w, 1, "a secret passage")
    w.pawns[me] = target
    w.stage = PAWN
    w.trail = (here, target)
    w.emit("passage_used", seat=w.seats[me], **_source(here), to=NAMES[target], ap=w.ap)
