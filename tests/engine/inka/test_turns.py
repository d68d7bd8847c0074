"""Every rule of a turn on hand-built positions: the four phases, AP, rhombus moves, the
pawn's walk, statues, passages, symbols, blockers, winning and resigning."""

from __future__ import annotations

import itertools

import pytest

from engine.errors import IllegalAction, NotYourTurn
from engine.inka import (
    OVER,
    PAWN,
    WALKED,
    Block,
    End,
    Go,
    Passage,
    Resign,
    Rotate,
    Slide,
    Take,
    apply,
    legal_actions,
    outcome,
    parse_action,
)
from engine.inka.geometry import swept_cells
from engine.inka.layout import Layout
from tests.engine.helpers import refused
from tests.engine.inka.helpers import cell, go_targets, name, position, texts

# Red on the north-west ledge, at the head of a bridge of three rhombi over the moat.
BRIDGE = "rhombi: 1=j8/i8 2=i9/h9 3=h10/g10"
MOAT = f"red: j7; blue: a18; {BRIDGE}"


def do(state, *actions: str):
    events = []
    for text in actions:
        state, ev = apply(state, parse_action(text))
        events.extend(ev)
    return state, events


# ---------------------------------------------------------------- phase 2: rhombi


def test_a_rhombus_slides_along_its_edges_as_far_as_wished_until_an_obstacle() -> None:
    state = position("red: l7; blue: h15; rhombi: 3=h12/h11")
    slides = {t for t in texts(state) if t.startswith("slide 3")}
    # Directions e, nw, w, se for this rhombus; east stops before the blue pawn on h15,
    # west runs to the temple's edge, nw to the rim, se is blocked by the centre.
    assert slides == (
        {"slide 3 e 1"}
        | {f"slide 3 w {n}" for n in range(1, 5)}
        | {f"slide 3 nw {n}" for n in range(1, 4)}
    )
    after, events = do(state, "slide 3 w 4")
    assert events[-1].kind == "rhombus_slid" and events[-1].data["cells"] == ["h4", "h3"]
    assert after.ap == 2
    with refused(IllegalAction, "inka.slide_too_far") as err:
        apply(state, Slide("3", "e", 2))
    assert err.value.params["most"] == 1
    with refused(IllegalAction, "inka.bad_slide_direction"):
        apply(state, Slide("3", "ne", 1))


def test_pawns_on_a_moving_rhombus_ride_along_on_the_same_half() -> None:
    state = position("red: l7; blue: h11; rhombi: 3=h12/h11")
    after, events = do(state, "slide 3 w 2")
    assert name(after.pawns[1]) == "h7"  # the second half moved from h11 to h7
    assert events[-1].data["riders"] == ["blue"]


def test_a_rhombus_with_a_blocker_does_not_move_but_pawns_do_not_stop_it() -> None:
    state = position("red: l7; blue: a18 blocker h12; rhombi: 3=h12/h11")
    assert not any(t.startswith(("slide 3", "rotate 3")) for t in texts(state))
    with refused(IllegalAction, "inka.rhombus_blocked"):
        apply(state, Slide("3", "w", 1))


def test_rotations_sharp_corners_four_ways_blunt_corners_two() -> None:
    state = position("red: l6; blue: a18; rhombi: 3=e15/e14")
    rot = {t for t in texts(state) if t.startswith("rotate 3")}
    # Corners: A (sharp) 4h, B (blunt) 1h, C (sharp) 10h, D (blunt) 7h.
    assert {t for t in rot if " 4h " in t} == {
        "rotate 3 4h cw60",
        "rotate 3 4h ccw60",
        "rotate 3 4h cw120",
        "rotate 3 4h ccw120",
    }
    assert {t for t in rot if " 7h " in t} == {"rotate 3 7h cw60", "rotate 3 7h ccw60"}
    with refused(IllegalAction, "inka.bad_angle"):
        apply(state, Rotate("3", 7, 2))
    with refused(IllegalAction, "inka.bad_corner") as err:
        apply(state, Rotate("3", 3, 1))
    assert "1h" in str(err.value)
    after, _ = do(state, "rotate 3 4h ccw60")
    turned = state.rhombus("3").placement.rotated("A", 1)
    assert after.rhombus("3").placement == turned
    # The pivot stays put but, seen from the turned rhombus's centre, it now lies at 2h.
    assert after.rhombus("3").placement.clock("A") == 2
    back, _ = do(after, "rotate 3 2h cw60")
    assert back.rhombus("3").placement == state.rhombus("3").placement


def test_a_rotation_is_illegal_if_anything_lies_in_its_sweep_however_small() -> None:
    base = position("red: l6; blue: a18; rhombi: 3=e15/e14")
    p = base.rhombus("3").placement
    end = p.rotated("A", 1)
    board = Layout.of(base).temple.board
    brushed = [
        board.index[c]
        for c in swept_cells(p, "A", 1) - set(p.cells) - set(end.cells)
        if c in board.index
    ]
    assert brushed, "a 60-degree turn brushes cells between start and end"
    target = name(brushed[0])
    blocked = position(f"red: l6; blue: a18 blocker {target}; rhombi: 3=e15/e14")
    assert "rotate 3 4h ccw60" in texts(base)
    assert "rotate 3 4h ccw60" not in texts(blocked)
    with refused(IllegalAction, "inka.rotation_blocked"):
        apply(blocked, Rotate("3", 4, 1))


def test_each_rhombus_move_costs_one_ap_and_unused_ap_are_lost() -> None:
    state = position(MOAT)
    after, _ = do(state, "slide 3 ne 1", "slide 3 ne 1", "slide 3 sw 1")
    assert after.ap == 0
    assert not any(t.startswith("slide") for t in texts(after))
    with refused(IllegalAction, "inka.not_enough_ap"):
        apply(after, Slide("3", "sw", 1))
    one, _ = do(state, "slide 3 ne 1")
    ended, events = do(one, "end")
    assert events[0].kind == "turn_ended" and events[0].data["ap_lost"] == 2
    assert ended.seat_to_move == "blue" and ended.ap == 3


def test_path_rhombi_move_only_before_the_pawn_acts() -> None:
    state = position(MOAT)
    after, _ = do(state, "go g11")
    assert after.stage == WALKED
    with refused(IllegalAction, "inka.rhombi_phase_over"):
        apply(after, Slide("3", "sw", 1))


# ---------------------------------------------------------------- phase 3: the pawn


def test_walking_is_free_except_one_ap_per_snake_entered() -> None:
    state = position("red: j4; blue: a18")
    after, events = do(state, "go k5")
    moved = events[-1]
    assert moved.kind == "pawn_moved" and moved.data["cost"] == 1
    assert moved.data["path"] == ["j4", "j5", "k5"]  # over the snake on j5
    assert after.ap == 2 and after.trail == tuple(cell(c) for c in ("j4", "j5", "k5"))
    # With no AP left, snakes are out of reach but free ground is not.
    spent = position("red: j4; blue: a18; ap: 0")
    assert "go i5" in texts(spent) and "go j6" not in texts(spent)
    with refused(IllegalAction, "inka.not_enough_ap"):
        apply(spent, Go("k7"))


def test_a_rhombus_over_a_snake_hides_it() -> None:
    state = position("red: j4; blue: a18; rhombi: 1=j5/j6")
    _, events = do(state, "go k7")
    assert events[-1].data["cost"] == 0 and events[-1].data["path"][1] == "j5"


def test_walls_stop_the_pawn_and_the_engine_finds_the_way_round() -> None:
    open_ = position("red: j4; blue: a18; rhombi: 1=j5/j6")  # tile 1 has no wall
    walled = position("red: j4; blue: a18; rhombi: 9=j5/j6")  # a wall between j6 and j7
    assert Layout.of(open_).costs(cell("j4"), 9)[0][cell("k7")] == 0
    best, prev = Layout.of(walled).costs(cell("j4"), 9)
    assert best[cell("j6")] == 1 and best[cell("k7")] == 2  # round by two snakes
    path = Layout.of(walled).path(prev, cell("j4"), cell("k7"))
    assert (cell("j6"), cell("j7")) not in itertools.pairwise(path)


def test_chasm_cannot_be_crossed_or_entered_without_a_rhombus() -> None:
    state = position("red: j7; blue: a18")
    assert not go_targets(state) & {"j8", "i8", "i7"}
    with refused(IllegalAction, "inka.unreachable") as err:
        apply(state, Go("j8"))
    assert "chasm" in str(err.value)
    bridged = position(MOAT)
    assert {"j8", "i8", "h9", "g10", "g11", "f13"} <= go_targets(bridged)


def test_pawns_and_blockers_are_passed_but_never_stopped_on() -> None:
    state = position("red: j4; blue: i5 blocker i4")
    targets = go_targets(state)
    assert "i5" not in targets and "i4" not in targets
    assert "i3" in targets  # through the blocker on i4
    with refused(IllegalAction, "inka.target_occupied"):
        apply(state, Go("i5"))


def test_one_walk_between_two_paid_actions() -> None:
    """The walking ruling: a walk is one move; the pawn walks again only after paying AP
    for a take, a passage or a shift, so free walking cannot be cut into endless steps."""
    state, _ = do(position(MOAT), "go g10")
    assert state.stage == WALKED and not go_targets(state)
    with refused(IllegalAction, "inka.walked_already"):
        apply(state, Go("g11"))
    # Walk, take, walk, take, walk, take: three statues in a turn that starts at the centre.
    after, events = do(position(MOAT), "go g11", "take", "go g13", "take", "go f12", "take")
    assert after.carried("red") == 3 and after.ap == 0
    assert [e.kind for e in events].count("pawn_moved") == 3
    # After the last take the pawn may still walk, over free ground only (exits lie behind
    # snakes, so a pawn that spends its last AP on a statue cannot slip out).
    assert go_targets(after) and after.stage == PAWN


def test_taking_a_statue_costs_one_ap_on_a_destination_rhombus_with_your_statue() -> None:
    state = position("red: g12; blue: a18")
    assert "take" in texts(state)
    after, events = do(state, "take")
    assert events[-1].kind == "statue_taken" and events[-1].data["rhombus"] == "A"
    assert after.statues[0] == ("blue",) and after.carried("red") == 1 and after.ap == 2
    assert "take" not in texts(after)
    with refused(IllegalAction, "inka.statue_gone"):
        apply(after, Take())
    with refused(IllegalAction, "inka.take_off_destination"):
        apply(position("red: j7; blue: a18"), Take())


# A bridge from the north-west ledge to the secret passage on the island h9.
TO_PASSAGE = "red: j7; blue: e9; rhombi: 1=j8/i8 2=i9/i10"


def test_a_secret_passage_jumps_to_any_free_passage_for_one_ap() -> None:
    state, _ = do(position(TO_PASSAGE), "go h9")
    jumps = {t for t in texts(state) if t.startswith("passage")}
    assert jumps == {"passage h15", "passage e15"}  # e9 holds the blue pawn
    after, events = do(state, "passage e15")
    assert name(after.pawns[0]) == "e15" and after.ap == 2
    assert events[-1].kind == "passage_used"
    with refused(IllegalAction, "inka.passage_not_free"):
        apply(state, Passage("e9"))
    with refused(IllegalAction, "inka.not_on_passage"):
        apply(position(TO_PASSAGE), Passage("h15"))


def test_a_passage_works_only_on_the_turn_the_pawn_lands_on_it() -> None:
    """ "Si un joueur atterrit sur une case avec un passage secret": standing there from an
    earlier turn, or arriving by the passage itself, is not landing."""
    standing = position("red: h9; blue: e9; rhombi: 1=j8/i8 2=i9/i10")
    assert not any(t.startswith("passage") for t in texts(standing))
    with refused(IllegalAction, "inka.passage_not_landed"):
        apply(standing, Passage("h15"))
    jumped, _ = do(position(TO_PASSAGE), "go h9", "passage e15")
    assert jumped.stage == PAWN and not any(t.startswith("passage") for t in texts(jumped))
    with refused(IllegalAction, "inka.passage_not_landed"):
        apply(jumped, Passage("h15"))


# A bridge from the north-west ledge to the rhombus symbol on the island g8.
TO_SYMBOL = "red: j7; blue: g12; rhombi: 1=i7/h7 2=h8/h9"


def test_a_rhombus_symbol_shifts_a_destination_rhombus_for_one_ap() -> None:
    state, _ = do(position(TO_SYMBOL), "go g8")  # over the snake on i6: 1 AP
    assert "shift A w 1" in texts(state) and "shift C 4h ccw60" in texts(state)
    assert "shift A w 2" not in texts(state)  # the red pawn on g8 is in the way
    after, events = do(state, "shift A w 1")
    assert BOARD_NAMES(after, "A") == ["g9", "g10"]
    assert name(after.pawns[1]) == "g10"  # blue rode on A
    assert events[-1].data["riders"] == ["blue"] and after.ap == 1
    assert after.stage == PAWN  # a pawn-phase action: path rhombi are done for the turn
    assert not any(t.startswith("shift") for t in texts(after))  # once per landing
    with refused(IllegalAction, "inka.shift_needs_symbol"):
        apply(position("red: j7; blue: a18"), Slide("A", "w", 1))
    # Path rhombi are never shifted this way, destination rhombi never slid in phase 2.
    assert not any(t.startswith("shift") for t in texts(position("red: j7; blue: a18")))


def test_a_symbol_works_only_on_the_turn_the_pawn_lands_on_it() -> None:
    standing = position("red: g8; blue: g12; rhombi: 1=i7/h7 2=h8/h9")
    assert not any(t.startswith("shift") for t in texts(standing))
    with refused(IllegalAction, "inka.symbol_not_landed"):
        apply(standing, Slide("A", "w", 1))


def BOARD_NAMES(state, rhombus: str) -> list[str]:
    from engine.inka.temple import TEMPLE

    return TEMPLE.board.pair_name(state.rhombus(rhombus).placement).split("/")


# ---------------------------------------------------------------- phases 4 and 1


def test_the_blocker_goes_on_a_free_cell_or_path_rhombus_and_ends_the_turn() -> None:
    state = position(MOAT)
    assert {"block j8", "block a6", "block h4"} <= texts(state)
    assert not {"block g12", "block a18", "block j7"} & texts(state)
    after, events = do(state, "block j8")
    assert name(after.blockers[0]) == "j8" and after.seat_to_move == "blue"
    assert [e.kind for e in events][:3] == ["blocker_placed", "turn_ended", "turn_started"]
    with refused(IllegalAction, "inka.block_on_destination"):
        apply(state, Block("g12"))
    with refused(IllegalAction, "inka.block_not_free"):
        apply(state, Block("a18"))


def test_a_path_rhombus_holds_one_blocker_at_most() -> None:
    """ "Plusieurs pièces de jeu peuvent se trouver sur les losanges, mais pas de pions de
    blocus": the other half of a blocked rhombus is no place for a second blocker."""
    state = position(f"red: j7; blue: a18 blocker j8; {BRIDGE}")
    assert "block i8" not in texts(state) and "block i9" in texts(state)
    with refused(IllegalAction, "inka.block_rhombus_taken") as err:
        apply(state, Block("i8"))
    assert err.value.params["rhombus"] == "1"
    after, _ = do(state, "block i9")  # another rhombus is fine
    assert name(after.blockers[0]) == "i9"


def test_your_own_blocker_comes_off_when_your_turn_begins() -> None:
    state = position("red: l6; blue: a18 blocker h12; rhombi: 3=h12/h11")
    after, events = do(state, "end")
    assert after.seat_to_move == "blue" and after.blockers[1] is None
    assert ("blocker_removed", "h12") in [(e.kind, e.data.get("cell")) for e in events]


def test_turns_go_round_the_seats_and_only_the_seat_to_move_acts() -> None:
    state = position("red: l6; blue: a18; green: a6; turn: blue")
    with pytest.raises(NotYourTurn):
        apply(state, End(), "red")
    after, _ = do(state, "end")
    assert after.seat_to_move == "green"
    after, _ = do(after, "end")
    assert after.seat_to_move == "red"


# ---------------------------------------------------------------- the end


def test_all_three_statues_and_an_exit_win() -> None:
    state = position(
        "red: k6; blue: a18",
        centre="A: g11/g12 blue; B: g13/f13 blue; C: f11/f12 blue",
    )
    after, events = do(state, "go k5")
    assert after.phase == OVER and after.winner == "red"
    assert outcome(after).winners == frozenset({"red"})
    assert events[-1].kind == "game_over" and legal_actions(after) == []
    # Two statues are not enough.
    short = position(
        "red: k6; blue: a18", centre="A: g11/g12 blue; B: g13/f13 blue; C: f11/f12 red blue"
    )
    after, _ = do(short, "go k5")
    assert after.phase != OVER


def test_a_pawn_carried_onto_an_exit_wins_when_its_turn_begins() -> None:
    state = position(
        "red: k5; blue: a18; turn: blue",
        centre="A: g11/g12 blue; B: g13/f13 blue; C: f11/f12 blue",
    )
    after, _ = do(state, "end")
    assert after.phase == OVER and after.winner == "red" and after.termination == "escaped"


def test_resigning_leaves_the_last_seat_the_winner() -> None:
    two = position("red: l6; blue: a18")
    after, _ = apply(two, Resign(), "blue")
    assert after.phase == OVER and after.winner == "red" and after.termination == "resignation"
    three = position("red: l6; blue: a18 blocker e5; green: a6")
    after, _ = apply(three, Resign(), "red")
    assert after.phase != OVER and after.seat_to_move == "blue" and after.out[0]
    assert after.pawns[0] is None
    after, _ = do(after, "end")
    assert after.seat_to_move == "green"
    after, _ = do(after, "end")
    assert after.seat_to_move == "blue"
