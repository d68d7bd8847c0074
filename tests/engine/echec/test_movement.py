"""Turns, advancing and turning (RULINGS 3): two actions a turn, straight ahead only, never
through a base, king and cavalry as far as is free, heavy infantry at two actions."""

from __future__ import annotations

import pytest

from engine.echec import Advance, End, Turn, apply, legal_actions, to_act
from engine.errors import IllegalAction
from tests.engine.echec.helpers import at, position
from tests.engine.helpers import refused

KINGS = "K1a1n"  # south's king, out of the way
NORTH = "north: K1i9s"


def advances(state, square: str) -> set[int]:
    return {a.steps for a in legal_actions(state) if isinstance(a, Advance) and a.square == square}


def test_foot_bases_advance_one_square_straight_ahead() -> None:
    state = position(f"south: {KINGS} I4c2n A4e2e P3g2w M2b5n; {NORTH}")
    for square in ("c2", "e2", "g2", "b5"):
        assert advances(state, square) == {1}
    after, events = apply(state, Advance("e2"))
    assert at(after, "e2") is None and at(after, "f2").kind == "A"  # it faced east
    assert at(after, "f2").facing == "e"
    assert any(e.kind == "advanced" and e.data["to"] == "f2" for e in events)
    with refused(IllegalAction, "echec.cannot_advance"):
        apply(state, Advance("c2", 2))


def test_king_and_cavalry_advance_as_far_as_the_squares_are_free() -> None:
    state = position(f"south: K1e1n C2d1n C2f1e I4d5s; {NORTH}")
    assert advances(state, "d1") == {1, 2, 3}  # d5 stops it: never through a base
    assert advances(state, "e1") == {1, 2, 3, 4, 5, 6, 7, 8}
    assert advances(state, "f1") == {1, 2, 3}  # to the edge (i1)
    after, _ = apply(state, Advance("d1", 3))
    assert at(after, "d4").kind == "C" and at(after, "d1") is None


def test_nothing_passes_through_a_base_and_edges_stop_everyone() -> None:
    state = position(f"south: {KINGS} I4c2n C2c1n I4e9n; north: K1i9s I4c3s")
    assert advances(state, "c2") == set()  # an enemy ahead
    assert advances(state, "c1") == set()  # a friend ahead
    assert advances(state, "e9") == set()  # the board's edge
    with pytest.raises(IllegalAction, match="blocked or off the board"):
        apply(state, Advance("e9"))


def test_turning_is_a_quarter_or_half_turn_for_one_action() -> None:
    state = position(f"south: {KINGS} I4c2n; {NORTH}")
    turns = {a.facing for a in legal_actions(state) if isinstance(a, Turn) and a.square == "c2"}
    assert turns == {"e", "s", "w"}
    after, _ = apply(state, Turn("c2", "s"))
    assert at(after, "c2").facing == "s" and after.actions_left == 1
    with refused(IllegalAction, "echec.same_facing"):
        apply(state, Turn("c2", "n"))


def test_two_actions_then_the_turn_passes_and_the_same_base_may_act_twice() -> None:
    state = position(f"south: {KINGS} I4c2n; {NORTH}")
    state, _ = apply(state, Advance("c2"))
    assert to_act(state) == ("south",) and state.actions_left == 1
    state, events = apply(state, Advance("c3"))
    assert at(state, "c4") is not None
    assert to_act(state) == ("north",) and state.actions_left == 2
    assert any(e.kind == "turn" and e.data["seat"] == "north" for e in events)


def test_a_player_may_end_the_turn_early() -> None:
    state = position(f"south: {KINGS} I4c2n; {NORTH}")
    assert End() in legal_actions(state)
    after, events = apply(state, End())
    assert to_act(after) == ("north",) and after.actions_left == 2
    assert events[0].kind == "turn_ended" and events[0].data["unused"] == 2


def test_only_the_side_to_move_acts_and_only_with_its_own_bases() -> None:
    state = position(f"south: {KINGS} I4c2n; north: K1i9s I4c7s")
    with refused(IllegalAction, "echec.not_yours"):
        apply(state, Advance("c7"))
    with refused(IllegalAction, "echec.not_your_turn"):
        apply(state, Advance("c7"), "north")
    with refused(IllegalAction, "echec.empty_square"):
        apply(state, Advance("d4"))


def test_heavy_infantry_spend_two_actions_to_advance_or_turn() -> None:
    state = position(f"south: {KINGS} H2c2n; {NORTH}")
    assert advances(state, "c2") == {1}
    after, _ = apply(state, Advance("c2"))
    assert at(after, "c3").kind == "H"
    assert to_act(after) == ("north",)  # both actions spent
    after, _ = apply(state, Turn("c2", "e"))
    assert at(after, "c2").facing == "e" and to_act(after) == ("north",)
    # With one action left they can neither advance nor turn (attacking costs one).
    one = position(f"south: {KINGS} H2c2n; {NORTH}; actions: 1")
    assert not [a for a in legal_actions(one) if getattr(a, "square", None) == "c2"]
    with refused(IllegalAction, "echec.heavy_needs_two"):
        apply(one, Advance("c2"))
    with pytest.raises(IllegalAction):
        apply(one, Turn("c2", "e"))
