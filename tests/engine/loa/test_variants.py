"""Every variant on hand-built positions: Scrambled Eggs, Parachute, teams, ambidextrous,
beyond the edges (RULINGS 2)."""

from __future__ import annotations

import pytest

from engine import loa
from engine.errors import IllegalAction, NotYourTurn
from tests.engine.helpers import refused
from tests.engine.loa.helpers import at, position, targets_of


def test_scrambled_eggs_start() -> None:
    state = loa.new_game(loa.LoaConfig("scrambled"), seed=b"s", game_id="g")
    white = {"c1", "e1", "g1", "b8", "d8", "f8", "a2", "a4", "a6", "h3", "h5", "h7"}
    black = {"b1", "d1", "f1", "c8", "e8", "g8", "a3", "a5", "a7", "h2", "h4", "h6"}
    assert {s for s in white | black if at(state, s) == "white"} == white
    assert {s for s in white | black if at(state, s) == "black"} == black
    assert len(state.pieces) == 24 and len(loa.legal_actions(state)) == 32


# ---------------------------------------------------------------- Parachute


def test_parachute_starts_with_six_on_the_board_and_six_held() -> None:
    state = loa.new_game(loa.LoaConfig("parachute"), seed=b"s", game_id="g")
    assert len(state.pieces) == 12 and state.held == (6, 6)
    assert {at(state, s) for s in ("a2", "a4", "a6", "h3", "h5", "h7")} == {"white"}
    assert {at(state, s) for s in ("a3", "a5", "a7", "h2", "h4", "h6")} == {"black"}


def test_parachute_turn_is_a_move_then_a_placement_of_an_opponent_piece() -> None:
    state = loa.new_game(loa.LoaConfig("parachute"), seed=b"s", game_id="g")
    with refused(IllegalAction, "loa.move_first"):
        loa.apply(state, loa.Place("d4"))
    moved, _ = loa.apply(state, loa.legal_actions(state)[0])
    assert loa.to_act(moved) == ("white",) and moved.step == "place"
    assert len(loa.legal_actions(moved)) == 64 - 12
    with refused(IllegalAction, "loa.place_now"):
        loa.apply(moved, loa.Move("a4", "a6"))
    with refused(IllegalAction, "loa.square_taken"):
        loa.apply(moved, loa.Place("a4"))
    placed, events = loa.apply(moved, loa.parse_action("@d4"))
    assert at(placed, "d4") == "black" and placed.held == (5, 6)
    assert events[0].data == {"seat": "white", "square": "d4", "colour": "black", "left": 5}
    assert loa.to_act(placed) == ("black",) and placed.step == "move"


def test_parachute_places_for_six_turns_then_plays_normally() -> None:
    state = loa.new_game(loa.LoaConfig("parachute"), seed=b"s", game_id="g")
    steps = []
    while state.held != (0, 0):
        steps.append(state.step)
        state, _ = loa.apply(state, loa.legal_actions(state)[-1])
        assert not state.over
    assert steps == ["move", "place"] * 12
    assert len(state.pieces) <= 24 and state.step == "move"
    after, _ = loa.apply(state, loa.legal_actions(state)[0])
    assert after.step == "move" and loa.to_act(after) != loa.to_act(state)


def test_parachute_victory_waits_for_the_end_of_the_turn() -> None:
    # White's move joins a1 b2 c3, but white still places: no win yet. The placed black
    # piece then connects black too, and the mover wins the tie.
    text = "variant: parachute; white: a1 b2 c5; black: c8 h1 g1 e5; held: white 1, black 0"
    state = position(f"{text}; turn: white")
    moved, _ = loa.apply(state, loa.Move("c5", "c3"))
    assert not moved.over and moved.step == "place"
    done, _ = loa.apply(moved, loa.Place("f6"))  # between e5... no: joins nothing; white still wins
    assert loa.outcome(done).winners == frozenset({"white"})


def test_parachute_a_placed_piece_can_connect_the_opponent() -> None:
    text = "variant: parachute; white: a2 c5 h8; black: e4 e6; held: white 1, black 0"
    state = position(f"{text}; turn: white")
    moved, _ = loa.apply(state, loa.Move("h8", "g7"))
    done, _ = loa.apply(moved, loa.Place("e5"))
    assert loa.outcome(done).winners == frozenset({"black"})


def test_parachute_pieces_still_held_keep_their_side_from_winning() -> None:
    # Black's pieces on the board are one group, but white still holds a black piece.
    text = "variant: parachute; white: a1 c5 h8; black: e4 e5; held: white 1, black 1"
    state = position(f"{text}; turn: black")
    moved, _ = loa.apply(state, loa.Move("e4", "e2"))
    done, _ = loa.apply(moved, loa.Place("d3"))  # a white piece
    assert not done.over and loa.to_act(done) == ("white",)


# ---------------------------------------------------------------- teams


def test_teams_split_pieces_by_edge_and_take_turns_in_order() -> None:
    state = loa.new_game(loa.LoaConfig("teams"), seed=b"s", game_id="g")
    assert at(state, "a2") == "white" and at(state, "h2") == "white*"
    assert at(state, "b1") == "black" and at(state, "b8") == "black*"
    order = []
    for _ in range(5):
        seat = loa.to_act(state)[0]
        order.append(seat)
        moves = loa.legal_actions(state)
        marked = {at(state, m.src).endswith("*") for m in moves}
        assert marked == {seat.endswith("2")}, seat
        state, _ = loa.apply(state, moves[0])
    assert order == ["white1", "black1", "white2", "black2", "white1"]


def test_teams_a_partners_piece_cannot_be_moved() -> None:
    state = loa.new_game(loa.LoaConfig("teams"), seed=b"s", game_id="g")
    with refused(IllegalAction, "loa.partners_piece"):
        loa.apply(state, loa.Move("h2", "f2"), "white1")
    with pytest.raises(NotYourTurn):
        loa.apply(state, loa.Move("h2", "f2"), "white2")


def test_teams_partners_pieces_are_jumped_as_own_and_never_taken() -> None:
    state = position("variant: teams; white: c4 *d4 h8; black: a1 *b8; turn: white1")
    assert "e4" in targets_of(state, "c4")  # jumps the partner's d4
    blocked = position("variant: teams; white: c4 *e4 h8; black: a1 *b8; turn: white1")
    assert "e4" not in targets_of(blocked, "c4")


def test_teams_a_team_wins_when_its_colour_connects() -> None:
    state = position("variant: teams; white: a1 *b2 c5; black: c8 *h1 h7; turn: white1")
    done, _ = loa.apply(state, loa.Move("c5", "c3"))
    assert loa.outcome(done).winners == frozenset({"white1", "white2"})


def test_teams_a_player_without_pieces_passes() -> None:
    state = position("variant: teams; white: a1 a3 *h4; black: c8 h1 *e5; turn: black2")
    moved, events = loa.apply(state, loa.legal_actions(state)[0])
    passed = [e.data["seat"] for e in events if e.kind == "passed"]
    assert passed == [] and loa.to_act(moved) == ("white1",)
    state = position("variant: teams; white: *a1 *a3 *h4; black: c8 h1 *e5; turn: black2")
    assert loa.to_act(state) == ("black2",)
    moved, events = loa.apply(state, loa.Move("e5", "e4"))
    assert [e.data for e in events if e.kind == "passed"] == [
        {"seat": "white1", "reason": "no_move"}
    ]
    assert loa.to_act(moved) == ("black1",)


def test_teams_resigning_and_draws_are_for_the_team() -> None:
    state = loa.new_game(loa.LoaConfig("teams"), seed=b"s", game_id="g")
    done, _ = loa.apply(state, loa.parse_action("resign"), "black2")
    assert loa.outcome(done).winners == frozenset({"white1", "white2"})
    offered, _ = loa.apply(state, loa.parse_action("offer draw"), "white2")
    assert loa.to_act(offered) == ("black1", "black2")
    assert loa.legal_actions(offered) == []  # two seats may answer: name one
    with pytest.raises(NotYourTurn):
        loa.apply(offered, loa.parse_action("accept"))
    done, _ = loa.apply(offered, loa.parse_action("accept"), "black2")
    assert done.termination == "agreement"


# ---------------------------------------------------------------- ambidextrous


def test_ambidextrous_alternates_marked_and_unmarked_marked_first() -> None:
    state = loa.new_game(loa.LoaConfig("ambidextrous"), seed=b"s", game_id="g")
    assert state.parts == (1, 1)
    assert all(at(state, m.src) == "white*" for m in loa.legal_actions(state))
    with refused(IllegalAction, "loa.wrong_part") as err:
        loa.apply(state, loa.Move("a2", "c2"))
    assert err.value.params["part"] == "marked"
    state, _ = loa.apply(state, loa.Move("h2", "f2"))
    assert all(at(state, m.src) == "black*" for m in loa.legal_actions(state))
    state, _ = loa.apply(state, loa.legal_actions(state)[0])
    assert state.parts == (0, 0)
    assert all(at(state, m.src) == "white" for m in loa.legal_actions(state))


def test_ambidextrous_the_other_part_moves_when_the_required_one_cannot() -> None:
    # White must move a marked piece, but its only marked piece (a1) is boxed in.
    text = "variant: ambidextrous; white: *a1 e4 f6; black: b1 a2 b2 h8"
    state = position(f"{text}; parts: white marked, black marked; turn: white")
    moves = loa.legal_actions(state)
    assert moves and all(at(state, m.src) == "white" for m in moves)
    after, _ = loa.apply(state, loa.Move("e4", "d4"))
    assert after.parts[0] == 1  # an unmarked piece moved: the marked part is due again


# ---------------------------------------------------------------- beyond the edges


def test_beyond_the_edges_moves_leave_the_printed_board() -> None:
    state = loa.new_game(loa.LoaConfig("unbounded"), seed=b"s", game_id="g")
    targets = targets_of(state, "a2")
    assert "(-1,2)" in targets  # two pieces on rank 2: two squares left of a2
    after, events = loa.apply(state, loa.parse_action("a2-(-1,2)"))
    assert at(after, "(-1,2)") == "white" and events[0].data["dst"] == "(-1,2)"
    assert str(loa.legal_actions(after)[0])


def test_beyond_the_edges_lines_count_pieces_off_the_board() -> None:
    state = position("variant: unbounded; white: (-2,4) d4 (12,1); black: b1 (1,9); turn: white")
    # Rank 4 holds (-2,4) and d4: two squares either way.
    assert {"b4", "f4"} <= targets_of(state, "d4")
    assert "(-4,4)" in targets_of(state, "(-2,4)")
    with pytest.raises(IllegalAction):
        loa.apply(
            position("white: a2 h1; black: b1 a8; turn: white"), loa.parse_action("a2-(-1,2)")
        )


def test_parachute_a_player_without_a_move_still_places() -> None:
    # White's a1 and h8 are boxed in by black, but white still holds a black piece.
    text = "variant: parachute; white: a1 h8; black: b1 a2 b2 g8 h7 g7 e4; held: white 1, black 0"
    state = position(f"{text}; turn: black")
    after, events = loa.apply(state, loa.Move("e4", "f4"))
    assert [e.data for e in events if e.kind == "passed"] == [
        {"seat": "white", "reason": "move_skipped"}
    ]
    assert loa.to_act(after) == ("white",) and after.step == "place"
    placed, _ = loa.apply(after, loa.Place("e5"))
    assert placed.held == (0, 0) and not placed.over
