"""Every rule of Alako on small hand-built positions, with concrete outcomes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import alako
from engine.alako.spinner import FACES
from engine.errors import IllegalAction, InvalidNotation, NotYourTurn
from tests.engine.alako.helpers import at, moves, play, position, spun
from tests.engine.helpers import ScriptedDice, refused

NORTH = "north: Kd11 Hf11 Pe11"
SOUTH = "south: Kd1 Hf1 Pe1"


# ---------------------------------------------------------------- start, lots, spin


def test_start_squares_and_first_turn() -> None:
    state = alako.new_game(alako.AlakoConfig(first="south"), seed=b"s", game_id="g")
    south, north = state.sides
    assert (at(south.knight), at(south.horse), at(south.princess)) == ("d1", "f1", "e1")
    assert (at(north.knight), at(north.horse), at(north.princess)) == ("d11", "f11", "e11")
    assert state.phase == alako.SPIN and alako.to_act(state) == ("south",)
    assert moves(state) == {"spin"}
    assert alako.new_game(alako.AlakoConfig(first="north"), seed=b"s", game_id="g").turn == 1


@pytest.mark.parametrize(("roll", "first"), [(1, "south"), (2, "north")])
def test_lots_decide_who_spins_first(roll: int, first: str) -> None:
    state = alako.new_game(seed=b"s", game_id="g")
    assert (
        state.phase == alako.LOTS and alako.to_act(state) == ("south",) and moves(state) == {"lots"}
    )
    state = replace(state, dice=ScriptedDice((roll,)))
    with refused(IllegalAction, "alako.lots_first"):
        alako.apply(state, alako.parse_action("spin"))
    after, events = alako.apply(state, alako.parse_action("lots"))
    assert events[0].kind == "roll" and events[0].data["die"] == 2
    assert events[0].data["purpose"] == "first" and events[0].data["draw"] == 0
    assert alako.to_act(after) == (first,) and after.phase == alako.SPIN


def test_a_spin_is_one_d8_roll_event_with_its_face() -> None:
    state = alako.new_game(alako.AlakoConfig(first="south"), seed=b"s", game_id="g")
    after, events = alako.apply(state, alako.parse_action("spin"), "south")
    roll = events[0]
    assert roll.kind == "roll" and roll.data["die"] == 8 and roll.data["draw"] == 0
    assert roll.data["face"] == FACES[roll.data["value"] - 1]
    assert after.last_spin == (0, roll.data["face"])
    assert after.dice.counter == 1


def test_the_spinner_has_the_eight_faces_of_the_rulebook() -> None:
    assert sorted(FACES) == sorted(["1", "1", "2", "tower", "wall", "2walls", "cannon", "ladder"])


def test_a_move_before_the_spin_is_refused() -> None:
    state = position(f"south: Kd3 Hf1 Pe1; {NORTH}")
    with refused(IllegalAction, "alako.spin_first"):
        alako.apply(state, alako.parse_action("knight n"))


def test_only_the_seat_to_move_acts() -> None:
    state = position(f"{SOUTH}; {NORTH}; turn: north")
    with refused(NotYourTurn, "alako.not_your_turn") as err:
        alako.apply(state, alako.parse_action("spin"), "south")
    assert err.value.params["waiting"] == "north"


# ---------------------------------------------------------------- moves


def test_one_point_moves_any_piece_one_square() -> None:
    state, _ = spun(f"south: Kd3 Hg1 Pe1; {NORTH}", "1")
    assert state.phase == alako.ACT and state.face == "1"
    assert moves(state) == {
        "knight n", "knight e", "knight s", "knight w",
        "horse n", "horse e", "horse w",
        "princess n", "princess e", "princess w",
    }  # fmt: skip
    after = play(state, "knight e")
    assert at(after.sides[0].knight) == "e3" and after.turn == 1 and after.phase == alako.SPIN


def test_two_points_move_exactly_two_squares_and_never_through_a_piece() -> None:
    state, _ = spun(f"south: Kd1 Hf1 Pd2; {NORTH}", "2")
    assert "knight n" not in moves(state)  # the princess is on the way
    after = play(state, "princess e")
    assert at(after.sides[0].princess) == "f2"
    state, _ = spun(f"south: Kd1 Hf1 Pe1; {NORTH}", "2")
    assert "knight e" not in moves(state)  # e1 holds the princess: no jumping over her


def test_a_move_off_the_board_is_not_offered() -> None:
    state, _ = spun(f"south: Ka1 Hi1 Pe1; {NORTH}", "2")
    assert "knight w" not in moves(state) and "knight s" not in moves(state)
    assert "horse e" not in moves(state)


def test_the_riding_knight_moves_double() -> None:
    state, _ = spun(f"south: Kb2 Hb2 Pe1; {NORTH}", "2")
    after = play(state, "knight n")  # 4 squares, the horse under him
    assert at(after.sides[0].knight) == "b6" and at(after.sides[0].horse) == "b6"
    state, _ = spun(f"south: Kb2 Hb2 Pe1; {NORTH}", "1")
    after = play(state, "knight e")
    assert at(after.sides[0].knight) == "d2" and after.sides[0].mounted
    assert "horse n" not in moves(state)  # the ridden horse moves with its rider


def test_only_the_horse_enters_the_river_and_the_bridge_takes_anyone() -> None:
    state, _ = spun(f"south: Kd5 Hc5 Pe1; {NORTH}", "1")
    assert "knight n" not in moves(state)  # d6 is river
    assert "horse n" in moves(state)
    after = play(state, "horse n")
    assert at(after.sides[0].horse) == "c6"
    state, _ = spun(f"south: Ke5 Hc5 Pe1; {NORTH}", "2")
    after = play(state, "knight n")  # over the bridge e6
    assert at(after.sides[0].knight) == "e7"
    state, _ = spun(f"south: Kc4 Hc4 Pe1; {NORTH}", "1")
    assert "knight n" in moves(state)  # riding: c4-c6, into the river


def test_the_knight_on_foot_may_not_leave_his_horse_in_the_river() -> None:
    state, _ = spun(f"south: Kc6 Hc6 Pe1; {NORTH}", "1")
    assert "dismount e" not in moves(state)  # d6 is river too
    assert "dismount n" in moves(state) and "dismount s" in moves(state)


def test_the_princess_stays_in_her_half() -> None:
    state, _ = spun(f"south: Ka1 Hi1 Pe4; {NORTH}", "1")
    assert "princess n" in moves(state)  # e5 is still the south half
    state, _ = spun(f"south: Ka1 Hi1 Pd5; {NORTH}", "1")
    assert "princess n" not in moves(state)
    state, _ = spun(f"{SOUTH}; north: Kd11 Hf11 Pe7; turn: north", "1")
    assert "princess s" not in moves(state) and "princess n" in moves(state)


def test_no_square_is_shared_except_a_knight_on_his_horse() -> None:
    state, _ = spun("south: Kd3 Hd4 Pe3; north: Kd5 Hf11 Pe11", "1")
    assert "horse n" not in moves(state)  # the north knight is on d5
    assert "princess w" not in moves(state)  # her knight is on d3
    after = play(state, "knight n")  # onto his horse: he mounts
    assert after.sides[0].mounted and at(after.sides[0].knight) == "d4"


def test_the_horse_may_come_to_its_knight() -> None:
    state, events = spun(f"south: Kd3 Hd1 Pe1; {NORTH}", "2")
    after, events = alako.apply(state, alako.parse_action("horse n"))
    assert after.sides[0].mounted and events[0].data["mounted"]


def test_the_knight_dismounts_by_walking_off() -> None:
    state, _ = spun(f"south: Kd3 Hd3 Pe1; {NORTH}", "2")
    after, events = alako.apply(state, alako.parse_action("dismount e"))
    assert at(after.sides[0].knight) == "f3" and at(after.sides[0].horse) == "d3"
    assert events[0].data["dismounted"] and not after.sides[0].mounted


def test_walls_and_towers_block_every_piece() -> None:
    text = f"south: Kd3 Hc3 Pe3 Wa3n Wb3n Tc3n Wd3n We3n; {NORTH}"
    state, _ = spun(text, "1")
    assert not {"knight n", "horse n", "princess n"} & moves(state)
    state, _ = spun(f"south: Kd3 Hd3 Pe1 Wa3n Wb3n Tc3n Wc4e; {NORTH}", "2")
    assert "knight n" in moves(state)  # d3n is still open: d3-d7 riding
    assert "knight w" not in moves(state)  # riding: 4 squares west would leave the board


def test_a_vertical_wall_blocks_moves_along_the_rank() -> None:
    state, _ = spun(f"south: Kc4 Hh1 Pe1 Wa3n Wb3n Wb4e; {NORTH}", "1")
    assert "knight w" not in moves(state)  # the wall b4e stands between b4 and c4
    assert "knight e" in moves(state)


# ---------------------------------------------------------------- building


def test_a_line_starts_at_either_red_point() -> None:
    state, _ = spun(f"{SOUTH}; {NORTH}", "wall")
    assert moves(state) == {"build a3n", "build a4w", "build i3n", "build i4e", "pass"}
    state, _ = spun(f"{SOUTH}; {NORTH}; turn: north", "wall")
    assert moves(state) == {"build a8n", "build a8w", "build i8n", "build i8e", "pass"}


def test_the_line_continues_from_the_end_of_its_last_piece() -> None:
    state, _ = spun(f"south: Kd1 Hf1 Pe1 Wa3n; {NORTH}", "wall")
    assert moves(state) == {"build b3n", "build a4e", "pass"}
    state, _ = spun(f"south: Kd1 Hf1 Pe1 Wa3n Wa4e; {NORTH}", "wall")
    assert moves(state) == {"build b4n", "pass"}  # never back down the same rung
    state, _ = spun(f"south: Kd1 Hf1 Pe1 Wi4e; {NORTH}", "wall")
    assert moves(state) == {"build i4n", "pass"}  # from the east red point, heading west
    after = play(state, "build i4n")
    assert [str(f.kind) for f in after.sides[0].line] == ["W", "W"]
    assert after.turn == 1


def test_a_segment_that_does_not_continue_the_line_is_refused() -> None:
    state, _ = spun(f"south: Kd1 Hf1 Pe1 Wa3n; {NORTH}", "wall")
    with refused(IllegalAction, "alako.illegal_segment") as err:
        alako.apply(state, alako.parse_action("build d3n"))
    assert "b3n" in str(err.value) and "a4e" in str(err.value)


def test_two_towers_are_never_consecutive() -> None:
    state, events = spun(f"south: Kd1 Hf1 Pe1 Wa3n Tb3n; {NORTH}", "tower")
    assert events[-1].kind == "passed" and events[-1].data["reason"] == "tower_not_placeable"
    assert state.turn == 1 and len(state.sides[0].line) == 2
    state, _ = spun(f"south: Kd1 Hf1 Pe1 Wa3n Tb3n Wc3n; {NORTH}", "tower")
    after = play(state, "build d3n")
    assert after.sides[0].line[-1].kind == "T"


def test_two_walls_are_both_put_down_in_the_same_turn() -> None:
    state, _ = spun(f"{SOUTH}; {NORTH}", "2walls")
    state = play(state, "build a3n")
    assert state.turn == 0 and state.phase == alako.ACT and state.builds_left == 1
    assert moves(state) == {"build b3n", "build a4e", "pass"}
    state = play(state, "build a4e")
    assert state.turn == 1 and state.phase == alako.SPIN and len(state.sides[0].line) == 2


FULL = "Wa3n Wb3n Wc3n Wd3n We3n Wf3n Wg3n Wh3n"


def test_a_complete_line_takes_nothing_more() -> None:
    state, _ = spun(f"south: Kd1 Hf1 Pe1 {FULL}; {NORTH}", "2walls")
    after = play(state, "build i3n")  # the second wall has nowhere to go
    assert after.turn == 1
    state, events = spun(f"south: Kd1 Hf1 Pe1 {FULL} Wi3n; {NORTH}", "wall")
    assert events[-1].data["reason"] == "line_complete" and state.turn == 1


def test_the_cannon_removes_the_last_enemy_piece() -> None:
    state, events = spun(f"{SOUTH}; north: Kd11 Hf11 Pe11 Wa8n Tb8n Wc8n", "cannon")
    assert events[-1].kind == "cannon" and events[-1].data["segment"] == "c8n"
    assert [f.kind for f in state.sides[1].line] == ["W", "T"] and state.turn == 1
    state, events = spun(f"south: Kd1 Hf1 Pe1 Wa3n; {NORTH}", "cannon")
    assert events[-1].kind == "passed" and events[-1].data["reason"] == "nothing_to_fire_at"
    assert len(state.sides[0].line) == 1  # never one's own line


def test_an_emptied_line_may_restart_at_either_red_point() -> None:
    state, _ = spun(f"{SOUTH}; north: Kd11 Hf11 Pe11 Wi8e", "cannon")
    state = replace(state, dice=ScriptedDice((FACES.index("wall") + 1,)))
    state = play(state, "spin")
    assert moves(state) == {"build a8n", "build a8w", "build i8n", "build i8e", "pass"}


# ---------------------------------------------------------------- ladder


WALLED = "north: Kd11 Hf11 Pe11 Wa8n Wb8n Wc8n Wd8n We8n"


def test_the_knight_climbs_an_enemy_wall_and_comes_down_on_his_next_move() -> None:
    state, _ = spun(f"south: Kd8 Hd8 Pe1; {WALLED}", "ladder")
    assert moves(state) == {"climb d8n", "pass"}
    state, events = alako.apply(state, alako.parse_action("climb"))
    south = state.sides[0]
    assert south.knight is None and at(south.horse) == "d8" and at(south.descent) == "d9"
    assert events[0].data["left_horse"]
    assert state.turn == 1
    # North's turn passes; South spins a 2: down to d9 and on to d10.
    state = replace(state, dice=ScriptedDice((FACES.index("wall") + 1, 3)))
    state = play(state, "spin", "build f8n", "spin")
    assert "knight n" in moves(state) and "knight s" not in moves(state)
    state = play(state, "knight n")
    assert at(state.sides[0].knight) == "d10" and state.sides[0].climbing is None


def test_a_climber_comes_down_with_a_one_too() -> None:
    state = position(f"south: K^d9s Hd8 Pe1; {WALLED}", "1")
    state = play(state, "spin")
    assert "knight n" in moves(state)
    after = play(state, "knight n")
    assert at(after.sides[0].knight) == "d9"


def test_a_climber_must_come_down_on_his_next_one_or_two() -> None:
    """RULINGS 5: on that spin the descent is his move, not a choice among others."""
    for face, lands in (("1", "d9"), ("2", "d10")):
        state = position(f"south: K^d9s Hd8 Pe1; {WALLED}", face)
        state = play(state, "spin")
        assert moves(state) == {"knight n"}
        with refused(IllegalAction, "alako.illegal_move"):
            alako.apply(state, alako.parse_action("princess e"))
        assert at(play(state, "knight n").sides[0].knight) == lands


def test_a_climber_who_cannot_come_down_lets_the_others_move() -> None:
    # A 2 cannot bring him down (the north knight stands on d10, past d9); a 1 can.
    text = "south: K^d9s Hd8 Pe1; north: Kd10 Hf11 Pe11 Wa8n Wb8n Wc8n Wd8n We8n"
    state = play(position(text, "2"), "spin")
    assert "knight n" not in moves(state) and "princess e" in moves(state)
    state = play(state, "princess e")
    assert state.sides[0].climbing is not None and at(state.sides[0].princess) == "g1"
    state = play(position(text, "1"), "spin")
    assert moves(state) == {"knight n"}


def test_the_ladder_needs_an_enemy_wall_beside_the_knight() -> None:
    _, events = spun(f"south: Kd7 Hd5 Pe1; {WALLED}", "ladder")
    assert events[-1].data["reason"] == "no_wall_to_climb"
    # A tower cannot be climbed.
    _, events = spun("south: Kb8 Hd5 Pe1; north: Kd11 Hf11 Pe11 Wa8n Tb8n", "ladder")
    assert events[-1].data["reason"] == "no_wall_to_climb"
    # Nor his own wall.
    _, events = spun(f"south: Kd3 Hd5 Pe1 Wa3n Wb3n Wc3n Wd3n; {NORTH}", "ladder")
    assert events[-1].data["reason"] == "no_wall_to_climb"


def test_the_ladder_may_be_left_unused() -> None:
    state, _ = spun(f"south: Kd8 Hd7 Pe1; {WALLED}", "ladder")
    after, events = alako.apply(state, alako.parse_action("pass"))
    assert events[-1].data["reason"] == "declined" and at(after.sides[0].knight) == "d8"


def test_climbing_a_wall_that_is_not_there_is_refused() -> None:
    state, _ = spun(f"south: Kd8 Hd7 Pe1; {WALLED}", "ladder")
    with refused(IllegalAction, "alako.no_wall_to_climb"):
        alako.apply(state, alako.Climb(((0, 8), (1, 8))))


# ---------------------------------------------------------------- passing, winning


def test_a_spin_without_a_legal_move_passes() -> None:
    # The rider is boxed in by the edge and the north knight and princess; the princess by
    # the river (her half ends at rank 5), her own wall a4n and the north horse.
    boxed = "south: Ki11 Hi11 Pa5 Wa4w Wa4n; north: Kh11 Hb5 Pi10 Wi8n"
    state, events = spun(boxed, "2")
    assert events[-1].kind == "passed" and events[-1].data["reason"] == "no_move"
    assert state.turn == 1 and state.phase == alako.SPIN


def test_the_knight_on_the_enemy_princess_wins() -> None:
    state, _ = spun("south: Ke7 Hh1 Pe1; north: Kd11 Hf11 Pe9", "2")
    after, events = alako.apply(state, alako.parse_action("knight n"))
    assert after.phase == alako.OVER and events[-1].kind == "game_over"
    result = alako.outcome(after)
    assert result is not None and result.winners == {"south"}
    assert result.termination == "princess_reached"
    assert alako.legal_actions(after) == [] and alako.to_act(after) == ()
    with pytest.raises(IllegalAction):
        alako.apply(after, alako.parse_action("spin"))


def test_the_knight_must_land_exactly_on_her() -> None:
    state, _ = spun("south: Ke7 Hh1 Pe1; north: Kd11 Hf11 Pe8", "2")
    assert "knight n" not in moves(state)  # he may not pass through her square


def test_the_riding_knight_wins_too_and_the_horse_alone_does_not() -> None:
    state, _ = spun("south: Ke5 He5 Pe1; north: Kd11 Hf11 Pe9", "2")
    after = play(state, "knight n")
    assert after.winner == 0
    state, _ = spun("south: Ka1 He7 Pe1; north: Kd11 Hf11 Pe8", "1")
    assert "horse n" not in moves(state)


def test_either_seat_may_resign_at_any_time() -> None:
    state = position(f"{SOUTH}; {NORTH}")
    after, events = alako.apply(state, alako.Resign(), "north")
    assert after.winner == 0 and after.termination == "resignation"
    assert events[0].kind == "resigned"


# ---------------------------------------------------------------- errors


def test_a_wrong_kind_of_action_says_what_the_face_wants() -> None:
    state, _ = spun(f"{SOUTH}; {NORTH}", "wall")
    with refused(IllegalAction, "alako.build_expected") as err:
        alako.apply(state, alako.parse_action("knight n"))
    assert "build" in str(err.value)
    state, _ = spun(f"south: Kd3 Hf1 Pe1; {NORTH}", "1")
    with refused(IllegalAction, "alako.move_expected"):
        alako.apply(state, alako.parse_action("build a3n"))


def test_an_impossible_move_lists_the_possible_ones() -> None:
    state, _ = spun(f"south: Ka1 Hf1 Pe1; {NORTH}", "1")
    with refused(IllegalAction, "alako.illegal_move") as err:
        alako.apply(state, alako.parse_action("knight w"))
    assert "knight n" in err.value.params["legal"]


@pytest.mark.parametrize("text", ["jump", "knight x", "build z9q", "build a1/c1", "climb q"])
def test_unreadable_actions_raise_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        alako.parse_action(text)
    assert err.value.code and err.value.code.startswith("alako.")
