"""Loka movement rules: the board, promotion, pawns, pieces, terrain, portals, back-to-back,
notation, position text and passing (RULINGS 1.1, 1.2, 1.6, 1.8)."""

from __future__ import annotations

import pytest

from engine import loka
from engine.errors import IllegalAction, InvalidNotation, InvalidPosition
from engine.loka import (
    apply,
    format_position,
    legal_actions,
    parse_action,
    parse_position,
    position_of,
    to_act,
)
from engine.loka.geometry import CROSS
from engine.loka.pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from engine.loka.state import OVER, LokaState
from tests.engine.helpers import check_position_text
from tests.engine.loka.helpers import piece_at, position, targets_of


def actions_from(state: LokaState, square: str) -> set[str]:
    """The legal moves starting on ``square``, written as text (promotions included)."""
    return {str(a) for a in legal_actions(state) if getattr(a, "src", None) == square}


def names(indices: object) -> set[str]:
    return {CROSS.names[i] for i in indices}  # type: ignore[attr-defined]


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


# --- Board geometry (RULINGS 1.1) ------------------------------------------------------


def test_board_has_108_squares_and_no_corners() -> None:
    assert len(CROSS.squares) == 108
    corners = [f"{f}{r}" for f in "abcjkl" for r in (1, 2, 3, 10, 11, 12)]
    assert len(corners) == 36
    for name in corners:
        with pytest.raises(InvalidNotation, match="not on the cross board"):
            CROSS.parse(name)
    # The arms and the centre exist right up to the cut corners.
    for name in ("d1", "i1", "a4", "a9", "c4", "j9", "l4", "l9", "d12", "i12", "f6", "g7"):
        assert CROSS.names[CROSS.parse(name)] == name


def test_move_through_a_corner_square_is_invalid_notation() -> None:
    state = position("fire: Kd1 Pd2; earth: Ka9; turn: fire")
    move = parse_action("a1a2")
    assert move == loka.Move("a1", "a2")
    with pytest.raises(InvalidNotation, match="a1 is not on the cross board"):
        apply(state, move)
    with pytest.raises(InvalidNotation, match="c3"):
        apply(state, parse_action("d2c3"))
    with pytest.raises(InvalidNotation, match="off the board"):
        apply(state, parse_action("d2m2"))


def test_position_with_a_piece_or_tile_on_a_corner_is_invalid_notation() -> None:
    with pytest.raises(InvalidNotation, match="b2 is not on the cross board"):
        parse_position("fire: Ke1 Pb2; earth: Ka6")
    with pytest.raises(InvalidNotation, match="k11"):
        parse_position("fire: Ke1; earth: Ka6; terrain: lake@k11")


@pytest.mark.parametrize(
    ("seat", "row", "squares"),
    [
        ("fire", 1, "d1 e1 f1 g1 h1 i1"),
        ("fire", 2, "d2 e2 f2 g2 h2 i2"),
        ("fire", 6, "d6 e6 f6 g6 h6 i6"),
        ("earth", 1, "a9 a8 a7 a6 a5 a4"),
        ("earth", 3, "c9 c8 c7 c6 c5 c4"),
        ("water", 1, "i12 h12 g12 f12 e12 d12"),
        ("water", 2, "i11 h11 g11 f11 e11 d11"),
        ("air", 1, "l4 l5 l6 l7 l8 l9"),
        ("air", 4, "i4 i5 i6 i7 i8 i9"),
    ],
)
def test_zone_rows_run_left_to_right_from_each_edge(seat: str, row: int, squares: str) -> None:
    got = [CROSS.names[i] for i in CROSS.row_squares(CROSS.seat_index[seat], row)]
    assert got == squares.split()


# --- Promotion (RULINGS 1.2) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "squares"),
    [
        ("fire", "d12 e12 f12 g12 h12 i12 a9 b9 c9 j9 k9 l9"),
        ("water", "d1 e1 f1 g1 h1 i1 a4 b4 c4 j4 k4 l4"),
        ("earth", "l4 l5 l6 l7 l8 l9 i1 i2 i3 i10 i11 i12"),
        ("air", "a4 a5 a6 a7 a8 a9 d1 d2 d3 d10 d11 d12"),
    ],
)
def test_promotion_squares_of_each_seat(seat: str, squares: str) -> None:
    assert names(CROSS.promotion[CROSS.seat_index[seat]]) == set(squares.split())


def test_pawn_reaching_the_far_edge_offers_the_four_promotions() -> None:
    state = position("fire: Ki1 Pe11; earth: Ka9; turn: fire")
    assert actions_from(state, "e11") == {"e11e12q", "e11e12r", "e11e12b", "e11e12n"}


def test_promotion_without_a_letter_gives_a_queen() -> None:
    state = position("fire: Ki1 Pe11; earth: Ka9; turn: fire")
    after, events = apply(state, parse_action("e11e12"))
    assert piece_at(after, "e12") == "fire:Q"
    assert piece_at(after, "e11") is None
    promoted = [e for e in events if e.kind == "promoted"]
    assert [e.data for e in promoted] == [{"army": "fire", "square": "e12", "piece": "Q"}]


@pytest.mark.parametrize(("text", "piece"), [("q", "Q"), ("r", "R"), ("b", "B"), ("n", "N")])
def test_promotion_to_the_named_piece(text: str, piece: str) -> None:
    state = position("fire: Ki1 Pe11; earth: Ka9; turn: fire")
    after, _ = apply(state, parse_action(f"e11e12{text}"))
    assert piece_at(after, "e12") == f"fire:{piece}"


def test_promotion_letter_on_a_move_that_does_not_promote_is_illegal() -> None:
    state = position("fire: Ki1 Pe4 Nd4; earth: Ka9; turn: fire")
    with pytest.raises(IllegalAction, match="leave out the 'q'"):
        apply(state, parse_action("e4e5q"))
    with pytest.raises(IllegalAction, match="promotion square"):
        apply(state, loka.Move("d4", "e6", KNIGHT))


@pytest.mark.parametrize(
    ("text", "src", "dst", "mover"),
    [
        # Each seat's pawn captures diagonally onto a wing square of an enemy arm. (The
        # square straight ahead is blocked by a piece of the pawn's own army.)
        ("fire: Ki1 Pb8 Nb9; earth: Ka4 Pc9; turn: fire", "b8", "c9", "fire"),
        ("water: Kd12 Pb5 Nb4; earth: Ka9 Pc4; turn: water", "b5", "c4", "water"),
        ("earth: Ka9 Ph2 Ni2; fire: Kd1 Pi3; turn: earth", "h2", "i3", "earth"),
        ("air: Kl4 Pe2 Nd2; fire: Ki1 Pd3; turn: air", "e2", "d3", "air"),
    ],
)
def test_pawn_capturing_onto_a_wing_promotion_square_promotes(
    text: str, src: str, dst: str, mover: str
) -> None:
    state = position(text, combat=False)
    assert actions_from(state, src) == {f"{src}{dst}{p}" for p in "qrbn"}
    after, events = apply(state, loka.Move(src, dst))
    assert piece_at(after, dst) == f"{mover}:Q"
    assert piece_at(after, src) is None
    assert "captured" in kinds(events)
    assert "promoted" in kinds(events)


@pytest.mark.parametrize(
    ("text", "src", "dst", "mover"),
    [
        ("water: Kd12 Pe2; earth: Ka9; turn: water", "e2", "e1", "water"),
        ("earth: Ka9 Pk6; fire: Kd1; turn: earth", "k6", "l6", "earth"),
        ("air: Kl4 Pb6; fire: Kd1; turn: air", "b6", "a6", "air"),
    ],
)
def test_each_seat_promotes_on_its_far_edge(text: str, src: str, dst: str, mover: str) -> None:
    state = position(text)
    assert actions_from(state, src) == {f"{src}{dst}{p}" for p in "qrbn"}
    after, _ = apply(state, loka.Move(src, dst, ROOK))
    assert piece_at(after, dst) == f"{mover}:R"


# --- Pawns (RULINGS 1.1, 1.8) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "src", "dst"),
    [("fire", "f6", "f7"), ("earth", "f6", "g6"), ("water", "f6", "f5"), ("air", "f6", "e6")],
)
def test_each_seat_pawn_steps_away_from_its_edge(seat: str, src: str, dst: str) -> None:
    kings = {"fire": "Ki1", "earth": "Ka9", "water": "Kd12", "air": "Kl4"}
    pieces = {s: [k] for s, k in kings.items()}
    pieces[seat].append(f"P{src}")
    text = "; ".join(f"{s}: {' '.join(p)}" for s, p in pieces.items()) + f"; turn: {seat}"
    state = position(text)
    assert targets_of(state, src) == {dst}


@pytest.mark.parametrize(
    ("seat", "src", "steps"),
    [
        ("fire", "e2", {"e3", "e4"}),
        ("earth", "b6", {"c6", "d6"}),
        ("water", "e11", {"e10", "e9"}),
        ("air", "k6", {"j6", "i6"}),
    ],
)
def test_double_step_from_the_own_row_2(seat: str, src: str, steps: set[str]) -> None:
    kings = {"fire": "Kd1", "earth": "Ka9", "water": "Kd12", "air": "Kl9"}
    text = "; ".join(f"{s}: {k}" + (f" P{src}" if s == seat else "") for s, k in kings.items())
    state = position(f"{text}; turn: {seat}")
    assert targets_of(state, src) == steps


def test_pawn_in_row_3_has_no_double_step() -> None:
    state = position("fire: Kd1 Pe3 Pf2; earth: Ka9; turn: fire")
    assert targets_of(state, "e3") == {"e4"}
    assert targets_of(state, "f2") == {"f3", "f4"}


def test_pawn_that_stepped_once_has_no_double_step() -> None:
    state = position("fire: Kd1 Pe2; earth: Ka9; turn: fire")
    state, _ = apply(state, loka.Move("e2", "e3"))
    state, _ = apply(state, loka.Move("a9", "a8"))
    assert targets_of(state, "e3") == {"e4"}


def test_pawn_on_another_seats_row_2_has_no_double_step() -> None:
    # b5 is Earth's row 2 and e11 is Water's: a Fire pawn there is on its rows 5 and 11.
    state = position("fire: Kd1 Pb5 Pf11; earth: Ka9; turn: fire")
    assert targets_of(state, "b5") == {"b6"}
    assert targets_of(state, "f11") == {"f12"}


@pytest.mark.parametrize(
    ("blocker", "expected"),
    [
        ("fire: Kd1 Pe2 Ne3; earth: Ka9", set()),
        ("fire: Kd1 Pe2; earth: Ka9 Pe3", set()),
        ("fire: Kd1 Pe2; earth: Ka9; water: Kd12 Ne3", set()),
        ("fire: Kd1 Pe2; earth: Ka9 Pe4", {"e3"}),
        ("fire: Kd1 Pe2; earth: Ka9; terrain: lake@e3", set()),
        ("fire: Kd1 Pe2; earth: Ka9; terrain: lake@e4", {"e3"}),
        # A marsh ends the move on entering it: no double step across it.
        ("fire: Kd1 Pe2; earth: Ka9; terrain: marsh@e3", {"e3"}),
        ("fire: Kd1 Pe2; earth: Ka9; terrain: forest@e3", {"e3", "e4"}),
        ("fire: Kd1 Pe2; earth: Ka9; terrain: pass@e3/n", {"e3", "e4"}),
        ("fire: Kd1 Pe2; earth: Ka9; terrain: pass@e4/e", {"e3"}),
    ],
)
def test_double_step_needs_both_squares_free(blocker: str, expected: set[str]) -> None:
    state = position(f"{blocker}; turn: fire")
    assert targets_of(state, "e2") == expected


def test_no_en_passant() -> None:
    # The Earth pawn steps b6-d6 past the Fire pawn on d5's diagonal: c6 is not attacked.
    state = position("fire: Ki1 Pd5; earth: Ka9 Pb6; turn: earth")
    state, _ = apply(state, loka.Move("b6", "d6"))
    assert piece_at(state, "d6") == "earth:P"
    assert to_act(state) == ("fire",)
    assert targets_of(state, "d5") == set()


def test_pawn_captures_only_diagonally_forward() -> None:
    # Enemies all around the fire pawn on e5: only d6 and f6 (diagonally forward) are
    # attacked; the one straight ahead blocks it.
    state = position("fire: Ki1 Pe5; earth: Ka9 Pd6 Pe6 Pf6 Pd5 Pf5 Pd4 Pe4 Pf4; turn: fire")
    assert targets_of(state, "e5") == {"d6", "f6"}


def test_pawn_does_not_move_diagonally_to_an_empty_square_or_an_ally() -> None:
    state = position("fire: Ki1 Pe5; earth: Ka9; water: Kd12 Pd6; turn: fire")
    assert targets_of(state, "e5") == {"e6"}


@pytest.mark.parametrize(
    ("text", "src", "expected"),
    [
        # Earth pawns attack towards higher files, Air pawns towards lower files, Water down.
        ("earth: Ka9 Pe6; fire: Ki1 Pf7 Pf5 Pd7 Pd5; turn: earth", "e6", {"f6", "f7", "f5"}),
        ("air: Kl4 Pe6; fire: Ki1 Pf7 Pf5 Pd7 Pd5; turn: air", "e6", {"d6", "d7", "d5"}),
        ("water: Kd12 Pe6; earth: Ka9 Pf7 Pf5 Pd7 Pd5; turn: water", "e6", {"e5", "d5", "f5"}),
    ],
)
def test_capture_diagonals_of_each_seat(text: str, src: str, expected: set[str]) -> None:
    assert targets_of(position(text), src) == expected


# --- Chess movement (RULINGS 1.8) ------------------------------------------------------


def test_king_steps_one_square_each_way() -> None:
    state = position("fire: Kf6; earth: Ka9; turn: fire")
    assert targets_of(state, "f6") == {"e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7"}


def test_no_check_the_king_may_step_into_attack() -> None:
    # The earth rook on a7 and queen on h5 attack e7, f7, g7 and g5, g6: the king may go there.
    state = position("fire: Kf6; earth: Ka9 Ra7 Qh5; turn: fire")
    assert targets_of(state, "f6") == {"e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7"}


def test_no_castling_the_king_never_moves_two() -> None:
    state = position("fire: Kf1 Rd1 Ri1; earth: Ka9; turn: fire")
    assert targets_of(state, "f1") == {"e1", "g1", "e2", "f2", "g2"}


def test_rook_slides_until_blocked() -> None:
    # Own pawn on f9 and allied pawn on h6 block; the enemy pawn on c6 is attacked.
    state = position("fire: Kd1 Rf6 Pf9; earth: Ka9 Pc6; water: Kd12 Ph6; turn: fire")
    assert targets_of(state, "f6") == {
        "f7", "f8", "f5", "f4", "f3", "f2", "f1", "e6", "d6", "c6", "g6",
    }  # fmt: skip


def test_bishop_diagonals_stop_at_the_cut_corners() -> None:
    state = position("fire: Ki1 Bd4; earth: Ka9; turn: fire")
    assert targets_of(state, "d4") == {
        "e5", "f6", "g7", "h8", "i9", "c5", "b6", "a7", "e3", "f2", "g1",
    }  # fmt: skip


def test_queen_combines_rook_and_bishop() -> None:
    state = position("fire: Ki1 Qd4 Pd6 Ne5; earth: Ka9 Pf4; water: Kd12 Nb4; turn: fire")
    assert targets_of(state, "d4") == {
        "d5", "d3", "d2", "d1", "c4", "e4", "f4", "c5", "b6", "a7", "e3", "f2", "g1",
    }  # fmt: skip


def test_knight_jumps_in_an_l_and_not_off_the_board() -> None:
    state = position("fire: Ki1 Nd4; earth: Ka9; turn: fire")
    assert targets_of(state, "d4") == {"b5", "c6", "e6", "f5", "f3", "e2"}


def test_allied_pieces_block_and_cannot_be_attacked() -> None:
    # Every knight target but one holds an allied (water) or own piece; the last holds an
    # enemy and is the only target.
    state = position("fire: Ki1 Nd4 Pe2; earth: Ka9 Pf3; water: Kd12 Pb5 Pc6 Pe6 Pf5; turn: fire")
    assert targets_of(state, "d4") == {"f3"}


def test_a_seat_cannot_move_its_allys_piece() -> None:
    state = position("fire: Ki1 Pe2; earth: Ka9; water: Kd12 Re7; turn: fire")
    with pytest.raises(IllegalAction, match="belongs to water"):
        apply(state, loka.Move("e7", "e6"))


# --- Terrain (RULINGS 1.6) -------------------------------------------------------------

# A fire piece next to a tile on e6, and the square beyond the tile on the same line.
PIECES = {
    "K": ("e5", None),
    "Q": ("e3", "e7"),
    "R": ("e3", "e7"),
    "B": ("c4", "f7"),
    "N": ("d4", None),
    "P": ("e5", None),
}
# tile -> the pieces that may enter e6, and the sliders that may go on beyond it.
TILE_RULES = {
    "castle": ("KQRBNP", "QRB"),
    "portal": ("KQRBNP", "QRB"),  # a lone portal: an ordinary square
    "forest": ("P", ""),
    "lake": ("", ""),
    "eyrie": ("N", ""),
    "marsh": ("KQRBNP", ""),
    "stone": ("R", "R"),
    "pass/n": ("KQRNP", "QR"),  # along the file; the knight jumps in regardless
    "pass/e": ("N", ""),  # across the file: only the knight
}


@pytest.mark.parametrize("letter", list(PIECES))
@pytest.mark.parametrize("tile", list(TILE_RULES))
def test_who_may_enter_and_pass_each_tile(tile: str, letter: str) -> None:
    src, beyond = PIECES[letter]
    kind, _, axis = tile.partition("/")
    fire = f"K{src}" if letter == "K" else f"Ki1 {letter}{src}"
    state = position(f"fire: {fire}; earth: Ka9; terrain: {kind}@e6{'/' + axis if axis else ''}")
    enters, passes = TILE_RULES[tile]
    got = targets_of(state, src)
    assert ("e6" in got) == (letter in enters)
    if beyond is not None:
        assert (beyond in got) == (letter in passes)


def test_the_same_pieces_without_the_tile_reach_e6_and_beyond() -> None:
    # The control for the table above: on open ground every piece reaches e6 (and beyond).
    for letter, (src, beyond) in PIECES.items():
        fire = f"K{src}" if letter == "K" else f"Ki1 {letter}{src}"
        got = targets_of(position(f"fire: {fire}; earth: Ka9"), src)
        assert "e6" in got
        assert beyond is None or beyond in got


def test_marsh_ends_a_slide_and_the_piece_leaves_it_next_move() -> None:
    state = position("fire: Ki1 Re3; earth: Ka9; terrain: marsh@e6", rolls=(7,))
    assert {t for t in targets_of(state, "e3") if t[0] == "e"} == {
        "e1", "e2", "e4", "e5", "e6",
    }  # fmt: skip
    state, events = apply(state, loka.Move("e3", "e6"))
    rolls = [e.data for e in events if e.kind == "roll"]
    assert [(r["die"], r["value"], r["purpose"]) for r in rolls] == [(12, 7, "marsh")]
    assert piece_at(state, "e6") == "fire:R"
    state, _ = apply(state, loka.Move("a9", "a8"))
    got = targets_of(state, "e6")
    assert {"e12", "e1", "a6", "l6"} <= got
    assert len(got) == 6 + 5 + 4 + 7  # e7-e12, e5-e1, d6-a6, f6-l6


def test_queen_diagonal_stops_on_a_marsh() -> None:
    state = position("fire: Ki1 Qc4; earth: Ka9; terrain: marsh@e6")
    got = targets_of(state, "c4")
    assert {"d5", "e6"} <= got
    assert not {"f7", "g8", "h9", "i10"} & got


def test_mountain_pass_along_its_axis_only() -> None:
    # pass@e6/n: along the e-file. A rook crosses it on the file, not on the rank.
    text = "fire: Ki1 Re3 Rc6 Bc4; earth: Ka9; terrain: pass@e6/n"
    state = position(text)
    assert {"e4", "e5", "e6", "e7", "e12"} <= targets_of(state, "e3")
    assert {t for t in targets_of(state, "c6") if t[1:] == "6"} == {"a6", "b6", "d6"}
    assert targets_of(state, "c4") & {"e6", "f7"} == set()
    # pass@e6/e: along the rank, the other way round.
    state = position("fire: Ki1 Re3 Rc6; earth: Ka9; terrain: pass@e6/e")
    assert {t for t in targets_of(state, "e3") if t[0] == "e"} == {"e1", "e2", "e4", "e5"}
    assert {"d6", "e6", "f6", "l6"} <= targets_of(state, "c6")


@pytest.mark.parametrize(
    ("axis", "letter", "expected"),
    [
        ("n", "Q", {"e7", "e8", "e9", "e10", "e11", "e12", "e5", "e4", "e3", "e2", "e1"}),
        ("e", "Q", {"a6", "b6", "c6", "d6", "f6", "g6", "h6", "i6", "j6", "k6", "l6"}),
        ("n", "K", {"e7", "e5"}),
        ("e", "R", {"a6", "b6", "c6", "d6", "f6", "g6", "h6", "i6", "j6", "k6", "l6"}),
        ("n", "B", set()),
        ("n", "N", {"c5", "c7", "d4", "d8", "f4", "f8", "g5", "g7"}),
        ("e", "N", {"c5", "c7", "d4", "d8", "f4", "f8", "g5", "g7"}),
    ],
)
def test_piece_on_a_pass_leaves_only_along_its_axis(
    axis: str, letter: str, expected: set[str]
) -> None:
    fire = "Ke6" if letter == "K" else f"Ki1 {letter}e6"
    state = position(f"fire: {fire}; earth: Ka9; terrain: pass@e6/{axis}")
    assert targets_of(state, "e6") == expected


def test_knight_jumps_into_a_pass_from_any_side() -> None:
    state = position("fire: Ki1 Nd4 Ng5; earth: Ka9; terrain: pass@e6/n")
    assert "e6" in targets_of(state, "d4")
    assert "e6" in targets_of(state, "g5")


def test_pawn_may_not_capture_diagonally_into_or_out_of_a_pass() -> None:
    # Into: the enemy on the pass e6 is out of the diagonal reach of the pawn on d5.
    state = position("fire: Ki1 Pd5; earth: Ka9 Pe6; terrain: pass@e6/n")
    assert targets_of(state, "d5") == {"d6"}
    control = position("fire: Ki1 Pd5; earth: Ka9 Pe6")
    assert targets_of(control, "d5") == {"d6", "e6"}
    # Out of: the pawn standing on the pass steps along it, never diagonally.
    state = position("fire: Ki1 Pe6; earth: Ka9 Pf7 Pd7; terrain: pass@e6/n")
    assert targets_of(state, "e6") == {"e7"}
    # A pass across the pawn's way stops it altogether.
    state = position("fire: Ki1 Pe5; earth: Ka9; terrain: pass@e6/e")
    assert targets_of(state, "e5") == set()
    # An Earth pawn goes along the rank, so through a pass lying east-west.
    state = position("earth: Ka9 Pd6; fire: Ki1; terrain: pass@e6/e; turn: earth")
    assert targets_of(state, "d6") == {"e6"}


def test_knights_jump_over_every_tile_but_land_only_where_they_may_stand() -> None:
    # Tiles all around the knight on d4 do not stop it; of its six targets, the forest, the
    # lake and the stone circle are closed to it, the castle, eyrie and marsh are not.
    state = position(
        "fire: Ki1 Nd4; earth: Ka9; terrain: forest@e6 lake@c6 stone@f5 eyrie@f3 castle@e2 "
        "marsh@b5 pass@d5/e portal@e4 portal@e5"
    )
    assert targets_of(state, "d4") == {"f3", "e2", "b5"}


@pytest.mark.parametrize(
    ("text", "src", "can"),
    [
        # A tile a piece may not enter is a friendly piece to it: no attack across or onto it.
        ("fire: Ki1 Re3; earth: Ka9 Pe6; terrain: forest@e6", "e3", False),
        ("fire: Ki1 Bc4; earth: Ka9 Ne6; terrain: eyrie@e6", "c4", False),
        ("fire: Ki1 Qe3; earth: Ka9 Re6; terrain: stone@e6", "e3", False),
        ("fire: Ki1 Rc6; earth: Ka9 Pe6; terrain: pass@e6/n", "c6", False),
        # ...while a piece that may enter the tile attacks whoever stands on it.
        ("fire: Ki1 Pd5; earth: Ka9 Pe6; terrain: forest@e6", "d5", True),
        ("fire: Ki1 Nd4; earth: Ka9 Ne6; terrain: eyrie@e6", "d4", True),
        ("fire: Ki1 Re3; earth: Ka9 Re6; terrain: stone@e6", "e3", True),
        ("fire: Ki1 Re3; earth: Ka9 Pe6; terrain: pass@e6/n", "e3", True),
        ("fire: Ki1 Nd4; earth: Ka9 Pe6; terrain: pass@e6/e", "d4", True),
    ],
)
def test_tile_closed_to_a_piece_blocks_its_attacks(text: str, src: str, can: bool) -> None:
    assert ("e6" in targets_of(position(text), src)) == can


def test_enemy_behind_a_closed_tile_cannot_be_attacked() -> None:
    state = position("fire: Ki1 Re3; earth: Ka9 Pe8; terrain: lake@e6")
    assert {t for t in targets_of(state, "e3") if t[0] == "e"} == {"e1", "e2", "e4", "e5"}


# --- Magic portals (RULINGS 1.6) -------------------------------------------------------

PORTALS = "terrain: portal@d5 portal@h8"
KNIGHT_D5 = {"b4", "b6", "c7", "e3", "e7", "f4", "f6"}


def test_piece_starting_on_a_portal_may_go_to_the_other_portal() -> None:
    state = position(f"fire: Ki1 Nd5; earth: Ka9; {PORTALS}")
    assert targets_of(state, "d5") == KNIGHT_D5 | {"h8"}
    after, events = apply(state, loka.Move("d5", "h8"))
    assert piece_at(after, "h8") == "fire:N"
    assert piece_at(after, "d5") is None
    assert "moved" in kinds(events)


@pytest.mark.parametrize(
    "occupant", ["fire: Ki1 Nd5 Ph8; earth: Ka9", "fire: Ki1 Nd5; earth: Ka9; water: Kd12 Ph8"]
)
def test_portal_closed_when_a_friendly_or_allied_piece_holds_the_other(occupant: str) -> None:
    state = position(f"{occupant}; {PORTALS}; turn: fire")
    assert targets_of(state, "d5") == KNIGHT_D5


@pytest.mark.parametrize("letter", ["N", "R", "P", "K"])
def test_enemy_on_the_other_portal_is_attacked(letter: str) -> None:
    fire = "Kd5" if letter == "K" else f"Ki1 {letter}d5"
    state = position(f"fire: {fire}; earth: Ka9 Bh8; {PORTALS}", combat=False)
    assert "h8" in targets_of(state, "d5")
    after, events = apply(state, loka.Move("d5", "h8"))
    assert piece_at(after, "h8") == f"fire:{letter}"
    assert piece_at(after, "d5") is None
    captured = [e.data for e in events if e.kind == "captured"]
    assert captured == [{"army": "fire", "src": "d5", "dst": "h8", "piece": "B"}]


def test_pawn_on_a_portal_may_also_go_to_the_empty_other_portal() -> None:
    state = position(f"fire: Ki1 Pd5; earth: Ka9; {PORTALS}")
    assert targets_of(state, "d5") == {"d6", "h8"}


def test_pawn_through_a_portal_onto_a_promotion_square_promotes() -> None:
    state = position("fire: Ki1 Pd5; earth: Ka9; terrain: portal@d5 portal@f12")
    assert actions_from(state, "d5") == {"d5d6"} | {f"d5f12{p}" for p in "qrbn"}
    after, _ = apply(state, loka.Move("d5", "f12"))
    assert piece_at(after, "f12") == "fire:Q"


def test_passing_over_a_portal_does_not_teleport() -> None:
    plain = position("fire: Ki1 Re4; earth: Ka9")
    state = position("fire: Ki1 Re4; earth: Ka9; terrain: portal@e6 portal@h9")
    assert targets_of(state, "e4") == targets_of(plain, "e4")
    assert "h9" not in targets_of(state, "e4")
    after, _ = apply(state, loka.Move("e4", "e6"))
    assert piece_at(after, "e6") == "fire:R"
    assert piece_at(after, "h9") is None


BISHOP_D5 = {"e6", "f7", "g8", "h9", "i10", "c6", "b7", "a8", "e4", "f3", "g2", "h1", "c4"}
BISHOP_H8 = {"i9", "g9", "f10", "e11", "d12", "i7", "j6", "k5", "l4", "g7", "f6", "e5", "d4"}


def test_bishop_goes_through_a_portal_and_moves_on_as_one_move() -> None:
    state = position(f"fire: Ki1 Bd5; earth: Ka9; {PORTALS}")
    assert targets_of(state, "d5") == BISHOP_D5 | {"h8"} | BISHOP_H8
    after, events = apply(state, loka.Move("d5", "f10"))
    assert piece_at(after, "f10") == "fire:B"
    assert piece_at(after, "d5") is None
    assert piece_at(after, "h8") is None
    assert after.seat_to_move == "earth"
    assert [e.data for e in events if e.kind == "moved"] == [
        {"army": "fire", "piece": "B", "src": "d5", "dst": "f10"}
    ]


def test_bishop_through_a_portal_stops_on_an_enemy_there() -> None:
    state = position(f"fire: Ki1 Bd5; earth: Ka9 Nh8; {PORTALS}")
    assert targets_of(state, "d5") == BISHOP_D5 | {"h8"}


def test_bishop_through_a_portal_continuation_stops_at_pieces() -> None:
    # From h8 the bishop goes on; an enemy on f10 is attacked, the ally on i7 blocks.
    state = position(f"fire: Ki1 Bd5; earth: Ka9 Pf10; water: Kd12 Pi7; {PORTALS}; turn: fire")
    expected = BISHOP_D5 | {"h8", "i9", "g9", "f10", "g7", "f6", "e5", "d4"}
    assert targets_of(state, "d5") == expected


def test_bishop_cannot_use_a_portal_held_by_a_friend() -> None:
    state = position(f"fire: Ki1 Bd5 Ph8; earth: Ka9; {PORTALS}")
    assert targets_of(state, "d5") == BISHOP_D5


def test_a_lone_portal_does_nothing() -> None:
    for letter in "NBRQ":
        plain = position(f"fire: Ki1 {letter}d5; earth: Ka9")
        lone = position(f"fire: Ki1 {letter}d5; earth: Ka9; terrain: portal@d5")
        assert targets_of(lone, "d5") == targets_of(plain, "d5")


# --- Back-to-back (RULINGS 1.8) --------------------------------------------------------


@pytest.mark.parametrize(("turn", "src", "dst"), [("fire", "e6", "e7"), ("water", "e7", "e6")])
def test_back_to_back_swaps_facing_allied_pawns(turn: str, src: str, dst: str) -> None:
    state = position(f"fire: Ki1 Pe6; water: Kd12 Pe7; earth: Ka9; turn: {turn}")
    assert targets_of(state, src) == {dst}
    after, events = apply(state, loka.Move(src, dst))
    assert piece_at(after, "e7") == "fire:P"
    assert piece_at(after, "e6") == "water:P"
    assert [e.data for e in events if e.kind == "back_to_back"] == [
        {"army": turn, "src": src, "dst": dst}
    ]
    assert after.seat_to_move != turn


def test_back_to_back_for_earth_and_air() -> None:
    state = position("earth: Ka9 Pe6; air: Kl4 Pf6; fire: Ki1; turn: earth")
    assert targets_of(state, "e6") == {"f6"}
    after, _ = apply(state, loka.Move("e6", "f6"))
    assert piece_at(after, "f6") == "earth:P"
    assert piece_at(after, "e6") == "air:P"


@pytest.mark.parametrize(
    ("text", "src", "expected"),
    [
        ("fire: Ki1 Pe6; earth: Ka9 Pe7", "e6", set()),  # an enemy pawn
        ("fire: Ki1 Pe6; earth: Ka9; water: Kd12 Pf7", "e6", {"e7"}),  # diagonal
        ("fire: Ki1 Pe7; earth: Ka9; water: Kd12 Pe6", "e7", {"e8"}),  # backs turned
        ("fire: Ki1 Pe6; earth: Ka9; water: Kd12 Pe8", "e6", {"e7"}),  # not adjacent
        ("fire: Ki1 Pe6; earth: Ka9; water: Kd12 Re7", "e6", set()),  # not a pawn
        ("fire: Ki1 Pe6; earth: Ka9; air: Kl4 Pe7", "e6", set()),  # enemy, not facing
    ],
)
def test_no_back_to_back(text: str, src: str, expected: set[str]) -> None:
    state = position(f"{text}; turn: fire")
    assert targets_of(state, src) == expected


def test_back_to_back_onto_a_promotion_square_promotes() -> None:
    # c9 is a Fire promotion square (Earth's wing); a Water pawn got there by a capture.
    state = position("fire: Ki1 Pc8; water: Kd12 Pc9; earth: Ka4; turn: fire")
    assert actions_from(state, "c8") == {f"c8c9{p}" for p in "qrbn"}
    after, _ = apply(state, parse_action("c8c9n"))
    assert piece_at(after, "c9") == "fire:N"
    assert piece_at(after, "c8") == "water:P"
    # When Water makes the swap, the Fire pawn arriving on c9 becomes a queen (the engine's
    # reading: the mover names only its own pawn's promotion).
    state = position("fire: Ki1 Pc8; water: Kd12 Pc9; earth: Ka4; turn: water")
    assert actions_from(state, "c9") == {"c9c8"}
    after, events = apply(state, parse_action("c9c8"))
    assert piece_at(after, "c9") == "fire:Q"
    assert piece_at(after, "c8") == "water:P"
    assert [e.data for e in events if e.kind == "promoted"] == [
        {"army": "fire", "square": "c9", "piece": "Q"}
    ]


def test_no_back_to_back_between_non_pawns() -> None:
    state = position("fire: Ki1 Re6; earth: Ka9; water: Kd12 Pe7; turn: fire")
    assert "e7" not in targets_of(state, "e6")
    with pytest.raises(IllegalAction, match="cannot go to e7"):
        apply(state, loka.Move("e6", "e7"))


# --- Notation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (loka.Move("e2", "e4"), "e2e4"),
        (loka.Move("e11", "e12"), "e11e12"),
        (loka.Move("e11", "e12", QUEEN), "e11e12q"),
        (loka.Move("b8", "c9", KNIGHT), "b8c9n"),
        (loka.Move("l4", "k4"), "l4k4"),
        (loka.Deploy(KING, "f1"), "Kf1"),
        (loka.Deploy(PAWN, "e11"), "Pe11"),
        (loka.Deploy(BISHOP, "b6"), "Bb6"),
        (loka.Draft((1, 0, 1, 0, 3)), "draft Q B 3P"),
        (loka.Draft((0, 2, 0, 1, 10)), "draft 2R N 10P"),
        (loka.Draft((0, 0, 0, 0, 0)), "draft -"),
        (loka.Confirm(), "confirm"),
        (loka.Reroll(), "reroll"),
        (loka.Keep(), "keep"),
        (loka.Resign(), "resign"),
    ],
)
def test_actions_round_trip_through_text(action: object, text: str) -> None:
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("e2-e4", loka.Move("e2", "e4")),
        ("e2xe4", loka.Move("e2", "e4")),
        ("E2E4", loka.Move("e2", "e4")),
        ("  e2 e4 ", loka.Move("e2", "e4")),
        ("e2:e4", loka.Move("e2", "e4")),
        ("e11e12=Q", loka.Move("e11", "e12", QUEEN)),
        ("e11-e12=n", loka.Move("e11", "e12", KNIGHT)),
        ("E11E12R", loka.Move("e11", "e12", ROOK)),
        ("K@f1", loka.Deploy(KING, "f1")),
        ("Nd1", loka.Deploy(KNIGHT, "d1")),
        ("knight d1", loka.Deploy(KNIGHT, "d1")),
        ("draft q,b,3p", loka.Draft((1, 0, 1, 0, 3))),
        ("Draft Q 2P", loka.Draft((1, 0, 0, 0, 2))),
        ("CONFIRM", loka.Confirm()),
        ("re-roll", loka.Reroll()),
        ("Keep", loka.Keep()),
    ],
)
def test_forgiving_input(text: str, action: object) -> None:
    assert parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("hello", "e2e4"),
        ("", "e2e4"),
        ("e2", "e2e4"),
        ("e2e4e6", "e2e4"),
        ("e2e4k", "e2e4"),
        ("e11e12=K", "e2e4"),
        ("Xe2", "e2e4"),
        ("draft 3X", "2N"),
        ("draft Q B 99P", "too many"),
    ],
)
def test_bad_input_is_invalid_notation_with_a_hint(text: str, hint: str) -> None:
    with pytest.raises(InvalidNotation, match=hint):
        parse_action(text)


# --- Position text ---------------------------------------------------------------------

POSITIONS = [
    "fire: Ke1; earth: Ka6; turn: fire",
    "fire: Ke1 Qf1 Pe2; earth: Ka6 Pb6; water: Ke12; air: Kl7; "
    "terrain: castle@e6 portal@d5 portal@h8 pass@f7/n; turn: earth",
    "earth: Ka9 Rb4 Nc5 Pb6 Pb7; air: Kl4 Bk5 Pk6 Pj7; water: Kd12 Qe11 Pe10; "
    "terrain: forest@g6 lake@f5 eyrie@h7 marsh@e8 stone@d6 pass@g9/e; turn: air",
    "fire: Kd1 Ne6 Pe5; earth: Ka9 Pe7; terrain: eyrie@e6 forest@e7; turn: fire",
]


@pytest.mark.parametrize("text", POSITIONS)
def test_position_text_round_trips(text: str) -> None:
    check_position_text(loka, parse_position(text))


@pytest.mark.parametrize("text", POSITIONS)
def test_position_of_a_state_matches_its_text(text: str) -> None:
    state = position(text)
    assert position_of(state) == parse_position(text)


def test_position_text_is_formatted_canonically() -> None:
    text = "air: Kl7; water: Ke12; earth: Pb6 Ka6; fire: Pe2 Qf1 Ke1; turn: fire"
    assert format_position(parse_position(text)) == (
        "fire: Ke1 Qf1 Pe2; earth: Ka6 Pb6; water: Ke12; air: Kl7; turn: fire"
    )


@pytest.mark.parametrize(
    ("text", "error", "hint"),
    [
        ("fire: Ke1 Kf1; earth: Ka6", InvalidPosition, "2 kings"),
        ("fire: Ke1 Pe2; earth: Ka6; water: Pe11", InvalidPosition, "no king"),
        ("fire: Ke1; earth: Ka6; wind: Kl7", InvalidNotation, "unknown field 'wind'"),
        ("fire: Ke1; earth: Ka6; terrain: pass@f7", InvalidNotation, "/n"),
        (
            "fire: Ke1; earth: Ka6; terrain: portal@d5 portal@h8 portal@e7",
            InvalidPosition,
            "two magic portals",
        ),
        ("fire: Ke1 Re6; earth: Ka6; terrain: forest@e6", InvalidPosition, "rook cannot stand"),
        ("fire: Ke1; earth: Ka6 Pe6; terrain: lake@e6", InvalidPosition, "lake"),
        ("fire: Ke1 Pe12; earth: Ka6", InvalidPosition, "promotion squares"),
        ("fire: Ke1 Pc9; earth: Ka6", InvalidPosition, "promotion squares"),
        ("fire: Ke1; earth: Ka6; turn: water", InvalidPosition, "turn"),
        ("fire: Ke1; water: Ke12", InvalidPosition, "both teams"),
        ("fire: Ke1; earth: Ka6; terrain: volcano@e6", InvalidNotation, "castle"),
        ("fire: Ke1; earth: Ka6; terrain: lake@e6/n", InvalidNotation, "only a mountain pass"),
        ("fire: Ke1; earth: Ka6; terrain: lake@e6 castle@e6", InvalidPosition, "two tiles"),
        ("fire: Ke1 Pe1; earth: Ka6", InvalidPosition, "two pieces on e1"),
        ("fire: Ke1; earth: Ka6; fire: Pe2", InvalidPosition, "listed twice"),
        ("fire Ke1; earth: Ka6", InvalidNotation, "colon"),
        ("fire: Ke1 Xe2; earth: Ka6", InvalidNotation, "K Q R B N P"),
    ],
)
def test_bad_position_text(text: str, error: type[Exception], hint: str) -> None:
    with pytest.raises(error, match=hint):
        parse_position(text)


def test_pawn_on_another_seats_promotion_square_is_fine() -> None:
    # e12 promotes Fire pawns, not Water pawns; c4 promotes Water pawns, not Earth's.
    parsed = parse_position("water: Kd12 Pe12; earth: Ka9 Pc4")
    assert ("water", "P", "e12") in parsed.pieces
    assert ("earth", "P", "c4") in parsed.pieces


# --- Passing (RULINGS 1.8) -------------------------------------------------------------

# The fire king on d1 is walled in by lakes (c1 and c2 are off the board).
BOXED = "fire: Kd1; earth: Ka9; water: Kd12; air: Kl4; terrain: lake@e1 lake@d2 lake@e2"


def test_army_without_a_move_is_skipped() -> None:
    state = position(f"{BOXED}; turn: air")
    assert to_act(state) == ("air",)
    after, events = apply(state, loka.Move("l4", "l5"))
    assert to_act(after) == ("earth",)
    assert [e.data for e in events if e.kind == "passed"] == [{"army": "fire"}]


def test_with_two_armies_the_one_left_moves_again() -> None:
    state = position("fire: Kd1; earth: Ka9; terrain: lake@e1 lake@d2 lake@e2; turn: earth")
    after, events = apply(state, loka.Move("a9", "a8"))
    assert to_act(after) == ("earth",)
    assert [e.data for e in events if e.kind == "passed"] == [{"army": "fire"}]


def test_army_whose_only_move_is_back_to_back_is_not_skipped() -> None:
    state = position(
        "fire: Kd1 Pf6; earth: Ka9; water: Kd12 Pf7; terrain: lake@e1 lake@d2 lake@e2; turn: fire"
    )
    assert [str(a) for a in legal_actions(state)] == ["f6f7"]


def test_position_whose_army_to_move_cannot_move_starts_with_the_next() -> None:
    state = position(f"{BOXED}; turn: fire")
    assert to_act(state) == ("earth",)
    assert legal_actions(state, "fire") == []
    with pytest.raises(IllegalAction, match="not fire's turn"):
        apply(state, loka.Move("d1", "e1"), "fire")


def test_nobody_able_to_move_ends_the_game() -> None:
    state = position(
        "fire: Kd1; earth: Ka4; terrain: lake@e1 lake@d2 lake@e2 lake@a5 lake@b4 lake@b5"
    )
    assert state.phase == OVER
    assert state.termination == "no_moves"
    assert to_act(state) == ()
