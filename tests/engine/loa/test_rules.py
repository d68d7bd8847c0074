"""Every rule of the standard game on small hand-built positions (RULINGS 2)."""

from __future__ import annotations

import random

import pytest

from engine import loa
from engine.errors import IllegalAction, NotYourTurn
from engine.loa.bitboard import BitBoard
from engine.loa.config import VARIANTS, LoaConfig
from engine.loa.rules import (
    DRAW,
    PLACE,
    Situation,
    actions_of,
    advance,
    can_move,
    end_turn,
    mode_of,
    moves_of,
    play_move,
    play_place,
)
from tests.engine.helpers import refused
from tests.engine.loa.helpers import at, position, targets_of


def test_the_start_has_36_moves_and_white_moves_first() -> None:
    state = loa.new_game(seed=b"s", game_id="g")
    assert loa.to_act(state) == ("white",)
    assert len(loa.legal_actions(state)) == 36
    assert {at(state, s) for s in ("a2", "a7", "h2", "h7")} == {"white"}
    assert {at(state, s) for s in ("b1", "g1", "b8", "g8")} == {"black"}
    assert at(state, "a1") is None and at(state, "h8") is None


def test_an_option_lets_black_start() -> None:
    state = loa.new_game(loa.LoaConfig(first="black"), seed=b"s", game_id="g")
    assert loa.to_act(state) == ("black",)
    assert len(loa.legal_actions(state)) == 36


def test_a_move_is_as_long_as_the_pieces_on_its_whole_line() -> None:
    # d4's rank holds d4 and a4 (2); its file d4 and d1 (2); the a1-h8 diagonal d4 and g7 (2);
    # the other diagonal only d4 (1). Pieces behind the mover count too.
    state = position("white: d4 d1; black: a4 g7 h1; turn: white")
    assert targets_of(state, "d4") == {"b4", "f4", "d6", "d2", "b2", "f6", "c5", "e3"}


def test_a_piece_may_jump_its_own_pieces() -> None:
    state = position("white: c4 d4; black: h1 a8; turn: white")
    assert "e4" in targets_of(state, "c4")


def test_a_piece_never_jumps_an_enemy_piece() -> None:
    state = position("white: c4 h1; black: d4 a8; turn: white")
    assert "e4" not in targets_of(state, "c4")
    with refused(IllegalAction, "loa.jumps_enemy") as err:
        loa.apply(state, loa.Move("c4", "e4"))
    assert err.value.params["square"] == "d4"


def test_landing_on_an_enemy_captures_it() -> None:
    state = position("white: c4 h1; black: e4 a8 b8; turn: white")
    after, events = loa.apply(state, loa.parse_action("c4xe4"))
    assert at(after, "e4") == "white" and at(after, "c4") is None
    assert events[0].kind == "moved" and events[0].data["capture"] is True
    assert sum(1 for p in after.pieces if p[2] & 1) == 2


def test_a_piece_never_lands_on_its_own() -> None:
    state = position("white: c4 e4 h8; black: a1 b1; turn: white")
    assert "e4" not in targets_of(state, "c4")
    with refused(IllegalAction, "loa.wrong_distance") as err:
        loa.apply(state, loa.Move("c4", "f4"))
    assert err.value.params["count"] == 2


def test_moves_stop_at_the_edges() -> None:
    # a4's rank holds 3 pieces: left is off the board, right lands on d4.
    state = position("white: a4 b4 h8; black: g4 a1; turn: white")
    assert targets_of(state, "a4") == {"d4", "a6", "a2", "b5", "b3"}


def test_connecting_all_ones_pieces_wins() -> None:
    # File c holds c5 and c8: c5 moves two squares, next to b2.
    state = position("white: a1 b2 c5; black: c8 h1 h7; turn: white")
    after, events = loa.apply(state, loa.Move("c5", "c3"))
    assert loa.outcome(after) is not None
    assert loa.outcome(after).winners == frozenset({"white"})
    assert after.termination == "connected"
    assert events[-1].kind == "game_over"
    assert loa.to_act(after) == () and loa.legal_actions(after) == []


def test_a_single_piece_is_connected() -> None:
    # White takes black's second-to-last piece: black's lone piece is a connected group.
    state = position("white: a1 h8; black: c1 e5; turn: white")
    after, _ = loa.apply(state, loa.Move("a1", "c1"))
    assert loa.outcome(after).winners == frozenset({"black"})


def test_the_mover_wins_when_a_move_connects_both_sides() -> None:
    # White e3 takes the black straggler on c3: white a1 b2 c3 and black f7 g7 both connect.
    state = position("white: a1 b2 e3; black: c3 g7 f7; turn: white")
    after, _ = loa.apply(state, loa.Move("e3", "c3"))
    assert state.board().connected(1) is False
    assert after.board().connected(0) and after.board().connected(1)
    assert loa.outcome(after).winners == frozenset({"white"})


def test_a_player_without_a_legal_move_passes() -> None:
    # Black's a1 and h8 are each boxed in by three white pieces: every line's first square
    # is white, and enemy pieces cannot be jumped.
    state = position("white: b1 a2 b2 g8 h7 g7 e4; black: a1 h8; turn: white")
    assert loa.legal_actions(state, "white") and not state.over
    after, events = loa.apply(state, loa.Move("e4", "f4"))
    assert [e.kind for e in events] == ["moved", "passed"]
    assert events[1].data == {"seat": "black", "reason": "no_move"}
    assert loa.to_act(after) == ("white",) and not after.over
    # A position handed to a stuck player passes at once.
    again = position("white: b1 a2 b2 g8 h7 g7 f4; black: a1 h8; turn: black")
    assert loa.to_act(again) == ("white",)


def test_passes_and_draws_in_the_turn_logic() -> None:
    class Stuck(BitBoard):
        """A board where the listed colours have no move."""

        __slots__ = ("stuck",)

        def moves(self, colour: int, part: int | None) -> list:
            return [] if colour in self.stuck else super().moves(colour, part)

        def can_move(self, colour: int, part: int | None) -> bool:
            return colour not in self.stuck and super().can_move(colour, part)

    board = Stuck.from_pieces(((0, 0, 0), (7, 7, 0), (3, 3, 1), (5, 0, 1)))
    mode = mode_of("standard")
    board.stuck = {1}
    turn = advance(mode, Situation(board, 0), 1)
    assert turn.result is None and turn.situation.turn == 0
    assert turn.passes == ((1, "no_move"),)
    board.stuck = {0, 1}
    turn = end_turn(mode, Situation(board, 0))
    assert turn.result == DRAW and [p[0] for p in turn.passes] == [1, 0]


def test_can_move_is_whether_there_is_a_move() -> None:
    # Along random playouts of every variant, for each colour and part (teams, ambidextrous)
    # and each seat, the early-stopping test agrees with the full move list.
    for variant in VARIANTS:
        mode = mode_of(variant)
        rng = random.Random(variant)
        for game in range(3):
            sit = loa.new_game(LoaConfig(variant), seed=b"s", game_id=f"g{game}").situation()
            for _ in range(60):
                for colour in (0, 1):
                    for part in (None, 0, 1):
                        full = sit.board.moves(colour, part)
                        assert sit.board.can_move(colour, part) == bool(full)
                for seat in range(mode.seats):
                    seated = sit._replace(turn=seat, step="move")
                    assert can_move(mode, seated) == bool(moves_of(mode, seated))
                actions = actions_of(mode, sit)
                play = play_place if sit.step == PLACE else play_move
                turn = play(mode, sit, rng.choice(actions))
                if turn.result is not None:
                    break
                sit = turn.situation


def test_moving_out_of_turn_is_refused() -> None:
    state = loa.new_game(seed=b"s", game_id="g")
    with refused(NotYourTurn, "loa.not_your_turn"):
        loa.apply(state, loa.Move("b1", "b3"), "black")


def test_illegal_moves_say_what_is_wrong() -> None:
    state = loa.new_game(seed=b"s", game_id="g")
    cases = {
        "c4-c5": "loa.no_piece",
        "b1-b3": "loa.not_yours",
        "a2-c3": "loa.not_a_line",
        "a2-d2": "loa.wrong_distance",
    }
    for text, code in cases.items():
        with refused(IllegalAction, code) as err:
            loa.apply(state, loa.parse_action(text), "white")
        assert str(err.value)


def test_a_capture_may_be_written_either_way() -> None:
    state = position("white: c4 h1; black: e4 a8 b8; turn: white")
    a, _ = loa.apply(state, loa.parse_action("c4-e4"))
    b, _ = loa.apply(state, loa.parse_action("c4xe4"))
    assert a == b
    listed = [m for m in loa.legal_actions(state) if m.src == "c4" and m.dst == "e4"]
    assert str(listed[0]) == "c4xe4" and listed[0] == loa.parse_action("c4-e4")


def test_draw_offer_waits_for_an_answer() -> None:
    state = loa.new_game(seed=b"s", game_id="g")
    offered, events = loa.apply(state, loa.parse_action("offer draw"), "white")
    assert events[0].kind == "draw_offered" and loa.to_act(offered) == ("black",)
    assert [str(a) for a in loa.legal_actions(offered, "black")] == ["accept draw", "decline draw"]
    with pytest.raises(NotYourTurn):
        loa.apply(offered, loa.Move("a2", "c2"), "white")
    with pytest.raises(NotYourTurn):
        loa.apply(offered, loa.parse_action("accept"), "white")  # one cannot accept one's own offer
    declined, events = loa.apply(offered, loa.parse_action("decline"), "black")
    assert events[0].kind == "draw_declined" and loa.to_act(declined) == ("white",)
    with refused(IllegalAction, "loa.offer_repeated"):
        loa.apply(declined, loa.parse_action("draw"), "white")
    moved, _ = loa.apply(declined, loa.Move("a2", "c2"), "white")
    again, _ = loa.apply(moved, loa.parse_action("draw"), "white")  # black to move, white may offer
    with refused(IllegalAction, "loa.offer_pending"):
        loa.apply(again, loa.parse_action("draw"), "black")
    done, events = loa.apply(again, loa.parse_action("accept draw"), "black")
    assert loa.outcome(done).is_draw and done.termination == "agreement"
    assert [e.kind for e in events] == ["draw_accepted", "game_over"]


def test_resigning_gives_the_game_to_the_other_side_at_any_time() -> None:
    state = loa.new_game(seed=b"s", game_id="g")
    done, _events = loa.apply(
        state, loa.parse_action("resign"), "black"
    )  # not black's turn: allowed
    assert loa.outcome(done).winners == frozenset({"white"}) and done.termination == "resigned"
    with refused(IllegalAction, "loa.game_over"):
        loa.apply(done, loa.Move("a2", "c2"), "white")
