"""Inka behind the common game protocol (see ``engine.protocol``): set-up and turns."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.dice import Dice
from engine.errors import IllegalAction, NotYourTurn
from engine.inka import actions
from engine.inka.config import InkaConfig
from engine.inka.geometry import Edge
from engine.inka.layout import Layout
from engine.inka.state import (
    BUILD,
    DESTINATION_NAMES,
    OVER,
    PLAY,
    RHOMBI,
    START,
    WALKED,
    InkaState,
    Rhombus,
    rhombus_key,
)
from engine.inka.temple import PATH_WALLS, TEMPLE
from engine.inka.turn import apply_turn_action, begin_turn, blockable, finish, next_seat
from engine.inka.work import Work
from engine.protocol import Event, Outcome
from engine.turns import ScratchTurns, not_a_seat, seat_or_only, waited_for

__all__ = ["apply", "legal_actions", "new_game", "outcome", "to_act", "view"]
__all__ += ["default_action", "opening_events"]

BOARD = TEMPLE.board
NAMES = BOARD.names


def new_game(config: InkaConfig | None = None, *, seed: bytes, game_id: str) -> InkaState:
    """A game at the start: a roll picks who chooses (and later plays) first."""
    config = config or InkaConfig()
    n = config.players
    destinations = tuple(Rhombus(name, p) for name, p in TEMPLE.destinations)
    state = InkaState(
        config=config,
        dice=Dice(seed, game_id),
        phase=START,
        first=0,
        turn=0,
        pawns=(None,) * n,
        blockers=(None,) * n,
        rhombi=destinations,
        statues=tuple(config.seats for _ in destinations),
        pile=tuple(sorted(PATH_WALLS)),
        out=(False,) * n,
    )
    w = Work(state)
    first = w.roll(n, "first_player") - 1
    w.turn = first
    w.emit("first_player", seat=config.seats[first])
    return replace(w.freeze(), first=first, ply=0)


def opening_events(state: InkaState) -> list[Event]:
    """The roll that chose the first player when the game was created (draw 0), for the
    table to show: :func:`new_game` returns only the state."""
    n = state.config.players
    return [
        Event(
            "roll",
            {
                "die": n,
                "value": state.first + 1,
                "purpose": "first_player",
                "seat": None,
                "draw": 0,
            },
        ),
        Event("first_player", {"seat": state.seats[state.first]}),
    ]


def to_act(state: InkaState) -> tuple[str, ...]:
    if state.phase == OVER or state.turn is None:
        return ()
    return (state.seats[state.turn],)


def _seat_index(state: InkaState, seat: str | None, *, acting: bool = True) -> int:
    if state.phase == OVER:
        raise NotYourTurn("the game is over", code="inka.over")
    seat = seat_or_only(
        seat,
        to_act(state),
        lambda _: NotYourTurn("nobody is to act: the game is over", code="inka.over"),
    )
    if seat not in state.seats:
        raise not_a_seat(code="inka.unknown_seat", seat=seat, seats=state.seats)
    index = state.seats.index(seat)
    if state.out[index]:
        raise NotYourTurn(f"{seat} has left the game", code="inka.seat_out", seat=seat)
    if acting and seat not in to_act(state):
        raise NotYourTurn(
            f"it is not {seat}'s turn: waiting for {', '.join(to_act(state))}",
            code="inka.not_your_turn",
            seat=seat,
            waiting=", ".join(to_act(state)),
        )
    return index


# ---------------------------------------------------------------- legal actions


def legal_actions(state: InkaState, seat: str | None = None) -> list[actions.Action]:
    """Every action the seat may take now (resignation, always allowed, is not listed)."""
    if not waited_for(seat, to_act(state)):
        return []
    me = state.turn
    assert me is not None
    if state.phase == START:
        taken = {c for c in state.pawns if c is not None}
        return [actions.ChooseStart(NAMES[c]) for c in TEMPLE.starts if c not in taken]
    if state.phase == BUILD:
        return placements(state)
    return play_actions(state, me)


def default_action(state: InkaState, seat: str) -> actions.Action | None:
    """What a table may play for a seat whose time runs out: end the turn (the rules' pass)
    while playing; choosing a start cell and laying a rhombus have no default."""
    if state.phase == PLAY and actions.End() in legal_actions(state, seat):
        return actions.End()
    return None


def placements(state: InkaState) -> list[actions.Action]:
    """Where the drawn path rhombus may be laid (each way round)."""
    assert state.drawn is not None
    lay = Layout.of(state)
    drawn = state.drawn
    found = lay.kept(
        ("placements", drawn),
        lambda: [
            _place_of(drawn, NAMES[a], NAMES[b])
            for a, b in _ASHORE
            if _placement_problem(state, lay, drawn, a, b) is None
        ],
    )
    return list(found)


_ASHORE = [
    (a, b)
    for a in range(BOARD.size)
    for _e, b in BOARD.neighbours[a]
    if b is not None and a not in TEMPLE.moat and b not in TEMPLE.moat
]
"""The pairs of neighbouring cells outside the moat, in the order placements are listed
(the others are never a placement: :func:`_placement_problem`)."""


def _placement_problem(state: InkaState, lay: Layout, number: int, a: int, b: int) -> str | None:
    """Why the rhombus cannot go there (``None``: it can)."""
    for cell in (a, b):
        if cell in TEMPLE.moat:
            return (
                f"{NAMES[cell]} is in the moat (the dark chasm): at set-up rhombi go outside "
                "it, so nobody can take a statue in their first turn"
            )
        if cell in lay.covered:
            return f"{NAMES[cell]} is already under a rhombus: rhombi never overlap"
        if cell in lay.pawns:
            return f"a pawn stands on {NAMES[cell]}: lay the rhombus on cells without pawns"
    walls = _walls_laid(number, a, b)
    if walls:
        # RULINGS 4: no start cell, used or not, may be walled in completely.
        for cell, gaps in _start_gaps(lay):
            if gaps <= walls:
                return (
                    f"its walls would shut the start cell {NAMES[cell]} in: at set-up no "
                    "start cell may be walled in completely"
                )
    return None


@lru_cache(maxsize=1 << 15)
def _walls_laid(number: int, a: int, b: int) -> frozenset[Edge]:
    """The walls of path rhombus ``number`` laid on cells ``a`` and ``b`` (by index)."""
    return TEMPLE.walls_of(number, BOARD.placement(a, b))


def _start_gaps(lay: Layout) -> list[tuple[int, frozenset[Edge]]]:
    """Each start cell with the edges to its neighbours that no wall of ``lay`` closes:
    walls closing them all would wall it in (kept with the layout)."""

    def made() -> list[tuple[int, frozenset[Edge]]]:
        return [
            (cell, frozenset(e for e, j in BOARD.neighbours[cell] if j is not None) - lay.walls)
            for cell in TEMPLE.starts
        ]

    return lay.kept(("start gaps",), made)


def play_actions(state: InkaState, me: int) -> list[actions.Action]:
    lay = Layout.of(state)
    out: list[actions.Action] = []
    if state.ap > 0 and state.stage == RHOMBI:
        out.extend(_path_moves(lay))
    here = state.pawns[me]
    assert here is not None
    if state.stage != WALKED:  # one walk between two paid actions
        out.extend(_walks(lay, here, state.ap))
    if state.ap > 0:
        out.extend(_special_actions(state, lay, me, here))
    out.extend(_blocks(lay))
    out.append(actions.End())
    return out


# A layout keeps the actions found on it (actions are values: the lists are shared, and
# only read): a search asks for the same layout's moves again and again.


def _path_moves(lay: Layout) -> list[actions.Action]:
    """Every slide and turn of every path rhombus, in the rhombi's order."""
    return lay.kept(("path moves",), lambda: _made_path_moves(lay))


def _made_path_moves(lay: Layout) -> list[actions.Action]:
    found: list[actions.Action] = []
    for name, r in sorted(lay.rhombi.items(), key=lambda item: rhombus_key(item[0])):
        if r.is_destination:
            continue
        found.extend(_slide_of(name, d, n) for d, n in lay.slides(name))
        found.extend(_rotate_of(name, c, s) for c, s in lay.rotations(name))
    return found


# The actions the rules list, made once each (they are values, and a search lists the same
# ones again and again): by cell, or kept by their fields.
_GO = [actions.Go(name) for name in NAMES]
_PASSAGE = [actions.Passage(name) for name in NAMES]
_BLOCK = [actions.Block(name) for name in NAMES]
_slide_of = lru_cache(maxsize=1 << 12)(actions.Slide)
_rotate_of = lru_cache(maxsize=1 << 12)(actions.Rotate)
_place_of = lru_cache(maxsize=1 << 14)(actions.Place)


def _walks(lay: Layout, here: int, ap: int) -> list[actions.Action]:
    """The walks of the pawn on ``here`` with ``ap``."""

    def made() -> list[actions.Action]:
        best, _ = lay.costs(here, ap)
        return [_GO[c] for c in sorted(best) if c != here and lay.free_to_stop(c)]

    return lay.kept(("walks", here, ap), made)


def _blocks(lay: Layout) -> list[actions.Action]:
    return lay.kept(("blocks",), lambda: [_BLOCK[c] for c in blockable(lay)])


def _special_actions(state: InkaState, lay: Layout, me: int, here: int) -> list[actions.Action]:
    out: list[actions.Action] = []
    seat = state.seats[me]
    dest = lay.destination_at(here)
    if dest is not None and seat in state.statues[DESTINATION_NAMES.index(dest)]:
        out.append(actions.Take())
    if state.stage != WALKED:  # passages and symbols work where the pawn has just landed
        return out
    if here in TEMPLE.passages and here not in lay.covered:
        out.extend(
            _PASSAGE[c]
            for c in TEMPLE.passages
            if c != here and c not in lay.covered and lay.free_to_stop(c)
        )
    if here in TEMPLE.symbols and here not in lay.covered:
        for name in DESTINATION_NAMES:
            out.extend(_slide_of(name, d, n) for d, n in lay.slides(name))
            out.extend(_rotate_of(name, c, s) for c, s in lay.rotations(name))
    return out


# ---------------------------------------------------------------- apply


def _act(w: Work, me: int, action: actions.Action) -> None:
    """The action of the seat whose turn it is: set-up, then the turn's phases."""
    state = w.state
    if state.phase == START:
        if not isinstance(action, actions.ChooseStart):
            raise IllegalAction(
                "pawns are being placed: choose a free start cell, like 'start l6'",
                code="inka.choose_start_first",
            )
        _choose_start(w, me, action)
    elif state.phase == BUILD:
        if not isinstance(action, actions.Place):
            raise IllegalAction(
                f"the temple is being built: lay path rhombus {state.drawn}, like "
                f"'place {state.drawn} f12/f13'",
                code="inka.place_first",
                rhombus=state.drawn,
            )
        _place(w, me, action)
    else:
        apply_turn_action(w, me, action)


def _choose_start(w: Work, me: int, action: actions.ChooseStart) -> None:
    cell = BOARD.parse(action.cell)
    if cell not in TEMPLE.starts:
        starts = ", ".join(TEMPLE.start_names)
        raise IllegalAction(
            f"{NAMES[cell]} is not a start cell: choose one of {starts}",
            code="inka.not_a_start",
            cell=NAMES[cell],
            starts=starts,
        )
    if cell in w.pawns:
        raise IllegalAction(
            f"another pawn already stands on {NAMES[cell]}: choose a free start cell",
            code="inka.start_taken",
            cell=NAMES[cell],
        )
    w.pawns[me] = cell
    w.emit("start_chosen", seat=w.seats[me], cell=NAMES[cell])
    nxt = next_seat(w, me)
    if any(w.pawns[i] is None and not w.out[i] for i in range(len(w.seats))):
        w.turn = nxt
        return
    w.phase = BUILD
    w.turn = _first_in(w)
    _draw(w)


def _first_in(w: Work) -> int:
    first = w.state.first
    return first if not w.out[first] else next_seat(w, first)


def _draw(w: Work) -> None:
    """The seat to act draws a path rhombus from those left (a roll picks which)."""
    assert w.turn is not None
    while w.pile:
        value = w.roll(len(w.pile), "draw_rhombus", seat=w.seats[w.turn])
        w.drawn = w.pile.pop(value - 1)
        w.emit("rhombus_drawn", seat=w.seats[w.turn], rhombus=w.drawn)
        if placements(w.snapshot()):
            return
        # Nowhere to lay it (a near-impossible crowd): it stays out of the game.
        w.emit("rhombus_set_aside", rhombus=w.drawn)
        w.drawn = None
    w.drawn = None
    w.phase = PLAY
    w.turn = _first_in(w)
    begin_turn(w)


def _place(w: Work, me: int, action: actions.Place) -> None:
    state = w.state
    assert state.drawn is not None
    if action.number != state.drawn:
        raise IllegalAction(
            f"you drew path rhombus {state.drawn}, not {action.number}: "
            f"'place {state.drawn} <cell>/<cell>'",
            code="inka.wrong_rhombus",
            drawn=state.drawn,
            rhombus=action.number,
        )
    a, b = BOARD.parse(action.first), BOARD.parse(action.second)
    if all(n != b for _, n in BOARD.neighbours[a]):
        raise IllegalAction(
            f"{NAMES[a]} and {NAMES[b]} do not share an edge: a rhombus covers two "
            "triangles side by side",
            code="inka.not_a_rhombus",
            first=NAMES[a],
            second=NAMES[b],
        )
    problem = _placement_problem(state, Layout.of(state), state.drawn, a, b)
    if problem is not None:
        raise IllegalAction(
            f"rhombus {state.drawn} cannot go on {NAMES[a]}/{NAMES[b]}: {problem}",
            code="inka.bad_placement",
            rhombus=state.drawn,
            cells=f"{NAMES[a]}/{NAMES[b]}",
            reason=problem,
        )
    w.put(Rhombus(str(state.drawn), BOARD.placement(a, b)))
    w.emit("rhombus_placed", seat=w.seats[me], rhombus=state.drawn, cells=[NAMES[a], NAMES[b]])
    w.drawn = None
    w.turn = next_seat(w, me)
    _draw(w)


def _resign(w: Work, me: int) -> None:
    seat = w.seats[me]
    w.out[me] = True
    w.pawns[me] = None
    w.blockers[me] = None
    w.emit("resigned", seat=seat)
    left = [i for i in range(len(w.seats)) if not w.out[i]]
    if len(left) == 1:
        finish(w, w.seats[left[0]], "resignation")
        return
    if w.turn != me:
        return
    w.turn = next_seat(w, me)
    if w.phase == BUILD:
        return  # the drawn rhombus passes to the next seat
    if w.phase == PLAY:
        begin_turn(w)


TURNS = ScratchTurns(Work, _seat_index, actions.Resign, _resign, _act)
apply = TURNS.apply


def outcome(state: InkaState) -> Outcome | None:
    return Outcome.once(
        state.phase == OVER, [state.winner] if state.winner else [], state.termination
    )


def view(state: InkaState, seat: str | None) -> InkaState:
    """What ``seat`` may see: everything but the seed, until the game is over."""
    return state if state.phase == OVER else replace(state, dice=state.dice.hidden())
