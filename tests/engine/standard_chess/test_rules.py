"""Every rule the chess wrapper adds or passes through, on small positions."""

from __future__ import annotations

import pytest

from engine import standard_chess
from engine.errors import IllegalAction, InvalidConfig, InvalidNotation, NotYourTurn
from tests.engine.helpers import refused

from .helpers import SEED, play, position


def test_start_twenty_moves_white_to_act() -> None:
    state = position()
    assert standard_chess.to_act(state) == ("white",)
    moves = [a for a in standard_chess.legal_actions(state) if isinstance(a, standard_chess.Move)]
    assert len(moves) == 20 and all(m.is_uci for m in moves)
    assert standard_chess.OfferDraw() in standard_chess.legal_actions(
        state
    ) and standard_chess.Resign() in standard_chess.legal_actions(state)
    assert standard_chess.ClaimDraw() not in standard_chess.legal_actions(state)
    assert standard_chess.legal_actions(state, "black") == [standard_chess.Resign()]


@pytest.mark.parametrize(
    ("text", "uci"),
    [("Nf3", "g1f3"), ("nf3", "g1f3"), ("e4", "e2e4"), ("e2e4", "e2e4"), ("E2-E4", "e2e4")],
)
def test_san_and_uci_resolve_to_uci(text: str, uci: str) -> None:
    assert standard_chess.resolve(position(), text) == standard_chess.Move(uci)


def test_illegal_san_says_what_is_legal() -> None:
    with refused(IllegalAction, "chess.illegal_san") as err:
        standard_chess.resolve(position(), "Nf6")
    assert "Nf3" in str(err.value)
    with refused(IllegalAction, "chess.cannot_go") as err:
        standard_chess.resolve(position(), "e2e5")
    assert err.value.params["squares"] == "e3, e4"
    with refused(IllegalAction, "chess.not_yours"):
        standard_chess.resolve(position(), "e7e5")
    with refused(IllegalAction, "chess.no_piece"):
        standard_chess.resolve(position(), "e3e4")
    with refused(InvalidNotation, "chess.notation"):
        standard_chess.parse_action("hello")


def test_ambiguous_san_lists_the_options() -> None:
    state = position("fen 4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
    with refused(IllegalAction, "chess.ambiguous") as err:
        standard_chess.resolve(state, "Rd1")
    assert err.value.params["options"] == "Rad1, Rhd1"
    assert standard_chess.resolve(state, "Rad1") == standard_chess.Move("a1d1")


def test_san_told_apart_by_rank_is_not_mistaken_for_uci() -> None:
    # Two bishops on the d-file: "B3e4" lowered would read as the UCI move b3-e4.
    state = position("fen n7/8/8/p2B2p1/Pk4Pp/3B3K/8/8 w - - 51 156")
    assert standard_chess.resolve(state, "B3e4") == standard_chess.Move("d3e4")
    assert standard_chess.resolve(state, "B5e4") == standard_chess.Move("d5e4")
    assert standard_chess.san(state, "d3e4") == "B3e4"
    with refused(IllegalAction, "chess.no_piece"):
        standard_chess.resolve(state, "b3e4")  # lower case: UCI, and nothing stands on b3


def test_promotion_needs_a_piece_and_underpromotes() -> None:
    state = position("fen 8/4P3/8/8/8/8/k7/4K3 w - - 0 1")
    with refused(IllegalAction, "chess.must_promote"):
        standard_chess.resolve(state, "e7e8")
    after, events = standard_chess.apply(state, standard_chess.resolve(state, "e8=N"))
    assert after.board.piece_at(60).symbol() == "N"
    assert events[0].data["promotion"] == "knight"
    assert standard_chess.resolve(state, "e8Q") == standard_chess.Move("e7e8q")
    assert standard_chess.san(state, "e7e8q") == "e8=Q"


def test_castling_and_en_passant_come_from_python_chess() -> None:
    state = position("fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    after, events = standard_chess.apply(state, standard_chess.resolve(state, "O-O"))
    assert events[0].data["castling"] and after.moves == ("e1g1",)
    assert standard_chess.resolve(state, "0-0-0") == standard_chess.Move("e1c1")
    assert standard_chess.resolve(state, "e1h1") == standard_chess.Move(
        "e1g1"
    )  # king takes rook, as some programs write
    ep = play(position(), "e4", "a6", "e5", "d5")
    after, events = standard_chess.apply(ep, standard_chess.resolve(ep, "exd6"))
    assert events[0].data["en_passant"] and events[0].data["capture"] == "pawn"
    assert after.board.piece_at(35) is None  # the d5 pawn is gone


def test_checkmate_ends_the_game() -> None:
    state = play(position(), "f3", "e5", "g4")
    after, events = standard_chess.apply(state, standard_chess.resolve(state, "Qh4#"))
    assert after.phase == standard_chess.OVER and after.result == "0-1"
    assert standard_chess.outcome(after).winners == frozenset({"black"})  # type: ignore[union-attr]
    assert standard_chess.outcome(after).termination == "checkmate"  # type: ignore[union-attr]
    assert events[-1].kind == "game_over" and standard_chess.to_act(after) == ()
    assert standard_chess.legal_actions(after) == []
    with refused(IllegalAction, "chess.over"):
        standard_chess.apply(after, standard_chess.Move("e2e4"))


def test_stalemate_is_a_draw() -> None:
    state = position("fen 7k/8/6Q1/8/8/8/8/K7 w - - 0 1")
    after, _ = standard_chess.apply(state, standard_chess.resolve(state, "Qf7"))
    assert after.phase == standard_chess.OVER and after.result == "1/2-1/2"
    assert standard_chess.outcome(after).is_draw and after.termination == "stalemate"  # type: ignore[union-attr]


def test_insufficient_material_ends_at_once() -> None:
    state = position("fen 7k/8/8/8/8/8/6q1/K5N1 w - - 0 1")
    after, _ = standard_chess.apply(state, standard_chess.resolve(state, "Kb1"))
    assert after.phase == standard_chess.PLAY  # a knight against a queen can still mate
    state = position("fen 7k/8/8/8/8/8/1q6/K7 w - - 0 1")
    after, _ = standard_chess.apply(state, standard_chess.resolve(state, "Kxb2"))
    assert after.termination == "insufficient_material" and after.result == "1/2-1/2"


def test_threefold_claim_by_the_side_to_move() -> None:
    state = play(position(), "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
    # Black can claim: Ng8 would bring the start position a third time.
    assert standard_chess.ClaimDraw() in standard_chess.legal_actions(state)
    after, events = standard_chess.apply(state, standard_chess.ClaimDraw(), "black")
    assert after.termination == "threefold_repetition" and after.result == "1/2-1/2"
    assert events[0].data == {"seat": "black", "reason": "threefold_repetition"}
    with refused(IllegalAction, "chess.no_claim"):
        standard_chess.apply(position(), standard_chess.ClaimDraw())


def test_fifty_move_claim() -> None:
    state = position("fen 7k/8/8/8/8/8/8/KR6 w - - 99 80")
    assert standard_chess.ClaimDraw() in standard_chess.legal_actions(state)
    after, _ = standard_chess.apply(state, standard_chess.ClaimDraw())
    assert after.termination == "fifty_moves"


def test_fivefold_repetition_ends_by_itself() -> None:
    shuffle = ("Nf3", "Nf6", "Ng1", "Ng8") * 4
    state = play(position(), *shuffle)
    assert state.phase == standard_chess.OVER and state.termination == "fivefold_repetition"


def test_draw_offer_accept_decline_and_lapse() -> None:
    state = position()
    offered, events = standard_chess.apply(state, standard_chess.OfferDraw(), "white")
    assert events[0].kind == "draw_offered" and offered.draw_offer == "white"
    assert standard_chess.to_act(offered) == ("white", "black")
    assert standard_chess.AcceptDraw() in standard_chess.legal_actions(offered, "black")
    with refused(IllegalAction, "chess.offer_pending"):
        standard_chess.apply(offered, standard_chess.OfferDraw(), "white")
    with refused(IllegalAction, "chess.no_offer"):
        standard_chess.apply(offered, standard_chess.AcceptDraw(), "white")
    agreed, _ = standard_chess.apply(offered, standard_chess.AcceptDraw(), "black")
    assert agreed.result == "1/2-1/2" and agreed.termination == "agreement"
    # Declined: no second offer in the same turn.
    declined, _ = standard_chess.apply(offered, standard_chess.DeclineDraw(), "black")
    assert declined.draw_offer is None
    with refused(IllegalAction, "chess.offer_once"):
        standard_chess.apply(declined, standard_chess.OfferDraw(), "white")
    # The offer stands through the offerer's move; the other side's move declines it.
    moved = play(offered, "e4")
    assert moved.draw_offer == "white" and standard_chess.to_act(moved) == ("black",)
    answered, events = standard_chess.apply(moved, standard_chess.resolve(moved, "e5"))
    assert answered.draw_offer is None and events[-1].data["by_move"] is True


def test_offer_only_on_ones_turn_and_resign_any_time() -> None:
    with refused(NotYourTurn, "chess.not_turn"):
        standard_chess.apply(position(), standard_chess.OfferDraw(), "black")
    with pytest.raises(NotYourTurn):
        standard_chess.apply(position(), standard_chess.Move("e7e5"), "black")
    after, _ = standard_chess.apply(position(), standard_chess.Resign(), "black")
    assert after.result == "1-0" and after.termination == "resignation"
    assert standard_chess.outcome(after).winners == frozenset({"white"})  # type: ignore[union-attr]


def test_random_colours_are_one_d2_roll() -> None:
    state = standard_chess.new_game(standard_chess.ChessConfig("random"), seed=SEED, game_id="t")
    assert (
        state.phase == standard_chess.TOSS
        and state.host_color is None
        and standard_chess.to_act(state) == ("white",)
    )
    assert standard_chess.legal_actions(state) == [standard_chess.Toss()]
    with refused(IllegalAction, "chess.phase_toss"):
        standard_chess.apply(state, standard_chess.Move("e2e4"))
    after, events = standard_chess.apply(state, standard_chess.Toss())
    roll = events[0]
    assert roll.kind == "roll" and roll.data["die"] == 2 and roll.data["draw"] == 0
    assert after.host_color == ("white" if roll.data["value"] == 1 else "black")
    assert after.phase == standard_chess.PLAY and after.dice.counter >= 1
    hosts = {
        standard_chess.apply(
            standard_chess.new_game(
                standard_chess.ChessConfig("random"), seed=bytes([i]), game_id="t"
            ),
            standard_chess.Toss(),
        )[0].host_color
        for i in range(16)
    }
    assert hosts == {"white", "black"}
    with pytest.raises(InvalidConfig):
        standard_chess.ChessConfig("green")


def test_view_hides_the_seed_until_the_end() -> None:
    state = position()
    assert standard_chess.view(state, "white").dice.seed is None and state.dice.seed == SEED
    assert standard_chess.view(state, None).board.fen() == state.board.fen()
    over, _ = standard_chess.apply(state, standard_chess.Resign())
    assert standard_chess.view(over, "black").dice.seed == SEED


def test_action_texts_round_trip() -> None:
    for action in (
        standard_chess.Move("e2e4"),
        standard_chess.Move("Nf3"),
        standard_chess.Toss(),
        standard_chess.OfferDraw(),
        standard_chess.AcceptDraw(),
        standard_chess.DeclineDraw(),
    ):
        assert standard_chess.parse_action(str(action)) == action
    assert standard_chess.parse_action(" draw  offer ") == standard_chess.OfferDraw()
    assert standard_chess.parse_action("Qh4#") == standard_chess.Move("Qh4")
    assert standard_chess.parse_action("e7e8Q") == standard_chess.Move("e7e8q")
    assert len(standard_chess.legal_sans(position())) == 20
