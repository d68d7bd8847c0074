"""Property tests: notation round trips and the board geometry's symmetries."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import loka
from engine.loka import (
    Deploy,
    Draft,
    Move,
    parse_action,
)
from engine.loka.geometry import CROSS, DIRECTIONS
from engine.loka.pieces import KINDS, LETTER, PAWN, PROMOTIONS
from engine.loka.position import Position
from engine.loka.terrain import TILE_KINDS
from engine.squares import parse_square, square_name
from tests.engine.helpers import check_position_text

squares = st.sampled_from([CROSS.names[i] for i in CROSS.squares])


@given(st.integers(0, 31), st.integers(0, 31))
def test_square_names_round_trip(file: int, rank: int) -> None:
    assert parse_square(square_name(file, rank), 32, 32) == (file, rank)


@given(squares, squares, st.sampled_from([None, *PROMOTIONS]))
def test_moves_round_trip(src: str, dst: str, promotion: int | None) -> None:
    move = Move(src, dst, promotion)
    assert parse_action(str(move)) == move
    assert parse_action(f"{src}-{dst}") == Move(src, dst)
    assert parse_action(f"{src.upper()}x{dst.upper()}") == Move(src, dst)


@given(st.sampled_from(KINDS), squares)
def test_deployments_round_trip(kind: int, square: str) -> None:
    action = Deploy(kind, square)
    assert parse_action(str(action)) == action


@given(st.tuples(*[st.integers(0, 12)] * 5))
def test_drafts_round_trip(counts: tuple[int, int, int, int, int]) -> None:
    draft = Draft(counts)
    assert parse_action(str(draft)) == draft


@st.composite
def positions(draw: st.DrawFn) -> Position:
    free = list(CROSS.squares)
    order = draw(st.permutations(free))
    cursor = iter(order)
    armies = draw(
        st.sampled_from(
            [
                ("fire", "earth"),
                ("water", "air"),
                ("fire", "earth", "water", "air"),
                ("earth", "water", "air"),
            ]
        )
    )
    pieces = set()
    for army in armies:
        pieces.add((army, "K", CROSS.names[next(cursor)]))
        seat = CROSS.seat_index[army]
        for _ in range(draw(st.integers(0, 6))):
            sq = next(cursor)
            kind = draw(st.sampled_from(KINDS[1:]))
            if kind == PAWN and sq in CROSS.promotion[seat]:
                kind = KINDS[1]
            pieces.add((army, LETTER[kind], CROSS.names[sq]))
    tiles = set()
    kinds = draw(st.lists(st.sampled_from([k for k in TILE_KINDS if k != "portal"]), max_size=4))
    for kind in kinds:
        sq = CROSS.names[next(cursor)]
        tiles.add((kind, sq, draw(st.sampled_from(["n", "e"])) if kind == "pass" else None))
    if draw(st.booleans()):
        tiles.add(("portal", CROSS.names[next(cursor)], None))
        tiles.add(("portal", CROSS.names[next(cursor)], None))
    return Position(frozenset(pieces), frozenset(tiles), draw(st.sampled_from(armies)))


@settings(max_examples=150)
@given(positions())
def test_position_text_round_trips(position: Position) -> None:
    check_position_text(loka, position)


def test_rays_and_knight_jumps_are_symmetric() -> None:
    opposite = {d: DIRECTIONS.index((-dx, -dy)) for d, (dx, dy) in enumerate(DIRECTIONS)}
    for s in CROSS.squares:
        for d in range(8):
            for t in CROSS.rays[s][d]:
                assert s in CROSS.rays[t][opposite[d]]
        for t in CROSS.knight_targets[s]:
            assert s in CROSS.knight_targets[t]
    assert sum(len(CROSS.knight_targets[s]) for s in CROSS.squares) % 2 == 0


def test_zones_are_six_by_six_and_rows_count_from_the_edge() -> None:
    for seat in range(4):
        zone = CROSS.zone[seat]
        assert len(set(zone.values())) == 36 and all(sq >= 0 for sq in zone.values())
        for (_col, row), sq in zone.items():
            assert CROSS.row_of[seat][sq] == row
    # The zones of allies never overlap; neighbours share the centre corners.
    fire, water = set(CROSS.zone[0].values()), set(CROSS.zone[2].values())
    assert not fire & water
    assert len(CROSS.squares) == 108
