"""The triangular lattice: cells, edges, adjacency, rhombi, slides and rotations, sweeps.

Property tests (hypothesis) cover every placement and move; the sweeps are also checked
against hand-worked cases."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.inka.board import BOARD
from engine.inka.geometry import (
    ACUTE_TURNS,
    DIRECTIONS,
    OBTUSE_TURNS,
    Placement,
    across,
    cell_edges,
    cell_of,
    cell_vertices,
    neighbours,
    placement_of,
    rotate_vector,
    shared_edge,
    swept_cells,
)

cells = st.builds(
    lambda q, r, s: (q, r, s), st.integers(-8, 8), st.integers(-8, 8), st.integers(0, 1)
)
placements = st.builds(
    lambda q, r, t: Placement((q, r), t), st.integers(-8, 8), st.integers(-8, 8), st.integers(0, 5)
)
corners = st.sampled_from("ABCD")


def test_the_board_is_a_hexagon_of_216_cells_in_12_rows() -> None:
    assert BOARD.size == 216
    rows: dict[str, int] = {}
    for n in BOARD.names:
        rows[n[0]] = rows.get(n[0], 0) + 1
    assert [rows[r] for r in "abcdefghijkl"] == [13, 15, 17, 19, 21, 23, 23, 21, 19, 17, 15, 13]
    assert BOARD.names[0] == "a6" and BOARD.names[-1] == "l18"
    assert len(set(BOARD.names)) == 216
    assert sum(1 for i in range(216) if BOARD.ring(i) == 1) == 6


def test_cell_names_parse_forgivingly_and_reject_what_is_off_the_board() -> None:
    import pytest

    from engine.errors import InvalidNotation

    assert BOARD.parse(" F12 ") == BOARD.parse("f12")
    for bad in ("a1", "a19", "m3", "12f", ""):
        with pytest.raises(InvalidNotation):
            BOARD.parse(bad)


def test_cells_in_a_row_share_edges_and_same_columns_share_a_flat_edge() -> None:
    f12, f13, g12, e12 = (BOARD.cells[BOARD.parse(n)] for n in ("f12", "f13", "g12", "e12"))
    assert shared_edge(f12, f13) is not None  # side by side in a row
    assert shared_edge(f12, e12) is not None  # f12 points up: its base lies on e12
    assert shared_edge(f12, g12) is None  # they only touch at the centre point


@given(cells)
def test_every_cell_has_three_edge_neighbours_that_see_it_back(c) -> None:
    ns = neighbours(c)
    assert len(set(ns)) == 3 and c not in ns
    for e, n in zip(cell_edges(c), ns, strict=True):
        assert across(n, e) == c
        assert shared_edge(c, n) == e
        assert n[2] != c[2]  # up cells border down cells only
    assert cell_of(cell_vertices(c)) == c


@given(placements)
def test_a_rhombus_is_two_edge_adjacent_cells_and_its_halves_name_it(p) -> None:
    a, b = p.cells
    assert shared_edge(a, b) is not None
    assert placement_of(a, b) == p
    assert placement_of(b, a) == Placement(p.corner("C"), (p.turn + 3) % 6)
    # Two sharp corners (60 degrees) and two blunt ones, at four different clock hours.
    assert len({p.clock(c) for c in "ABCD"}) == 4
    assert {p.clock("A"), p.clock("C")} in ({2, 8}, {12, 6}, {10, 4})


@given(placements, st.integers(0, 5), st.integers(1, 6))
def test_slides_are_reversible_and_only_along_edges(p, k, n) -> None:
    directions = p.slide_directions()
    assert len(directions) == 4
    d = directions[k % 4]
    back = (d + 3) % 6
    assert back in directions
    assert p.slid(d, n).slid(back, n) == p
    # A slide is a translation: both halves move by the same lattice vector.
    dq, dr = DIRECTIONS[d]
    moved = p.slid(d, n)
    assert moved.corner("A") == (p.corner("A")[0] + n * dq, p.corner("A")[1] + n * dr)
    # Never along the short diagonal (the third lattice direction).
    assert (p.turn + 2) % 6 not in directions and (p.turn + 5) % 6 not in directions


@given(placements, corners, st.sampled_from(ACUTE_TURNS))
def test_a_rotation_and_its_inverse_cancel_and_keep_the_pivot(p, corner, sixths) -> None:
    allowed = p.turns_about(corner)
    if sixths not in allowed:
        assert corner in "BD" and abs(sixths) == 2
        return
    turned = p.rotated(corner, sixths)
    assert turned.corner(corner) == p.corner(corner)  # the pivot stays put
    assert turned.rotated(corner, -sixths) == p
    # The corner keeps its kind: a sharp corner stays sharp.
    assert turned.turns_about(corner) == allowed


@given(placements, corners)
def test_six_sixths_bring_a_rhombus_home(p, corner) -> None:
    q = p
    for _ in range(6):
        q = q.rotated(corner, 1)
    assert q == p


@given(placements, corners, st.sampled_from(ACUTE_TURNS))
def test_a_sweep_holds_start_and_end_and_is_the_same_both_ways(p, corner, sixths) -> None:
    if sixths not in p.turns_about(corner):
        return
    sweep = swept_cells(p, corner, sixths)
    end = p.rotated(corner, sixths)
    assert set(p.cells) <= sweep and set(end.cells) <= sweep
    assert swept_cells(end, corner, -sixths) == sweep
    # A 60-degree turn crosses exactly one cell beyond the start and end per moving corner
    # far from the pivot... so sweeps have known sizes: 6 for 60 degrees, 10 for 120.
    assert len(sweep) == (6 if abs(sixths) == 1 else 10)


def test_hand_worked_sweeps() -> None:
    p = Placement((0, 0), 0)  # cells (0,0,0) up and (0,0,1) down: corners A8 B5 C2 D11
    # Turning 60 degrees counter-clockwise about sharp corner A: from the 0-60 degree
    # sector to the 60-120 sector, the far corner C brushing two more cells on its arc.
    assert swept_cells(p, "A", 1) == {
        (0, 0, 0),
        (0, 0, 1),
        (-1, 0, 1),
        (-1, 1, 0),
        (0, 1, 0),
        (-1, 1, 1),
    }
    # About blunt corner B each of the three moving corners bulges past one edge.
    assert swept_cells(p, "B", 1) == {
        (0, 0, 0),
        (0, 0, 1),
        (0, -1, 1),
        (0, -1, 0),
        (0, 1, 0),
        (-1, 0, 1),
    }


def test_rotation_angles_per_corner_kind() -> None:
    p = Placement((0, 0), 0)
    assert p.turns_about("A") == p.turns_about("C") == ACUTE_TURNS
    assert p.turns_about("B") == p.turns_about("D") == OBTUSE_TURNS
    assert rotate_vector((1, 0), 1) == (0, 1) and rotate_vector((1, 0), 6) == (1, 0)
