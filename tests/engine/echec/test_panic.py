"""Panic (RULINGS 3): every die a panic turns the attacker about and moves it a square; off
the board, into its king or into an enemy it is lost; a friend in the way panics in turn.
Kings and mercenaries never panic; peasants fall back per panic; mercenaries' panics strike
the target; a king wins enemy mercenaries over unless their own king stands by them."""

from __future__ import annotations

from engine.echec import Attack, apply
from tests.engine.echec.helpers import at, dice_left, faces, position

SK = "K1a1n"
NK = "K1i9s"
ALL_PANIC = faces(*["panic"] * 4)


def reasons(events) -> list[str]:
    return [e.data["reason"] for e in events if e.kind == "removed"]


def test_all_panic_turns_the_attacker_about_and_moves_it_one_square() -> None:
    state = position(f"south: {SK} I4e4n; north: {NK} I4e5s", rolls=ALL_PANIC)
    after, events = apply(state, Attack("e4", "e5"))
    assert at(after, "e4") is None
    moved = at(after, "e3")
    assert moved.kind == "I" and moved.facing == "s" and moved.figures == 4
    assert after.report.panic == "attacker"
    assert [e.kind for e in events].count("panic") == 1


def test_a_single_die_that_is_not_a_panic_prevents_the_panic() -> None:
    rolls = faces("panic", "panic", "panic", "blank")
    state = position(f"south: {SK} I4e4n; north: {NK} I4e5s", rolls=rolls)
    after, _ = apply(state, Attack("e4", "e5"))
    assert at(after, "e4").facing == "n" and after.report.panic is None


def test_panicking_off_the_board_eliminates_the_base() -> None:
    state = position("south: K1a5n I4a1e; north: K1i9s I4b1w", rolls=ALL_PANIC)
    after, events = apply(state, Attack("a1", "b1"))
    assert at(after, "a1") is None and reasons(events) == ["panic_off_board"]
    assert after.report.eliminated == ("a1",)


def test_panicking_into_the_own_king_eliminates_the_base() -> None:
    state = position(f"south: K1e3n I4e4n; north: {NK} I4e5s", rolls=ALL_PANIC)
    after, events = apply(state, Attack("e4", "e5"))
    assert at(after, "e4") is None and reasons(events) == ["panic_own_king"]
    assert at(after, "e3").kind == "K"


def test_panicking_into_an_enemy_eliminates_the_base() -> None:
    state = position(f"south: {SK} I4e4n; north: {NK} I4e5s I4e3n", rolls=ALL_PANIC)
    after, events = apply(state, Attack("e4", "e5"))
    assert at(after, "e4") is None and reasons(events) == ["panic_enemy"]


def test_a_friend_in_the_way_panics_in_turn_then_the_first_base_moves() -> None:
    state = position(f"south: {SK} I4e4n A4e3n; north: {NK} I4e5s", rolls=ALL_PANIC)
    after, events = apply(state, Attack("e4", "e5"))
    assert at(after, "e3").kind == "I" and at(after, "e3").facing == "s"
    assert at(after, "e2").kind == "A" and at(after, "e2").facing == "s"
    chain = [e for e in events if e.kind == "panic"]
    assert [e.data["cause"] for e in chain] == ["attacker", "chain"]


def test_a_chain_can_end_against_the_edge_and_cost_the_friend() -> None:
    state = position(f"south: {SK} I4e2n A4e1n; north: {NK} I4e3s", rolls=ALL_PANIC)
    after, events = apply(state, Attack("e2", "e3"))
    # The archers on e1 turn about, fall off the board; the infantry take e1.
    assert reasons(events) == ["panic_off_board"]
    assert at(after, "e1").kind == "I" and at(after, "e2") is None


def test_a_friend_that_does_not_give_way_blocks_like_the_king() -> None:
    state = position(f"south: {SK} I4e4n M2e3n; north: {NK} I4e5s", rolls=ALL_PANIC)
    after, events = apply(state, Attack("e4", "e5"))
    assert reasons(events) == ["panic_blocked"] and at(after, "e3").kind == "M"


def test_kings_never_panic() -> None:
    state = position(f"south: K1e4n; north: {NK} I4e5s", rolls=faces("panic", "panic"))
    after, events = apply(state, Attack("e4", "e5"))
    assert at(after, "e4").kind == "K" and at(after, "e4").facing == "n"
    assert not [e for e in events if e.kind == "panic"] and after.report.panic is None


def test_mercenaries_never_panic_and_their_panics_strike_the_target() -> None:
    rolls = faces("panic", "panic", "axe", "blank")
    state = position(f"south: {SK} M2e4n; north: {NK} I4e5s", rolls=rolls)
    after, _ = apply(state, Attack("e4", "e5"))
    assert at(after, "e4").kind == "M" and at(after, "e4").facing == "n"
    # One figure lost to the axe, then two panics: turned about, back two squares.
    target = at(after, "e7")
    assert target is not None and target.figures == 3 and target.facing == "n"
    assert at(after, "e5") is None and after.report.panic == "target"


def test_mercenaries_panics_do_not_move_a_king() -> None:
    state = position(f"south: {SK} M1e4n; north: K1e5s", rolls=faces("panic", "panic"))
    after, _ = apply(state, Attack("e4", "e5"))
    assert at(after, "e5").kind == "K" and at(after, "e5").facing == "s"


def test_peasants_fall_back_one_square_for_each_panic() -> None:
    rolls = faces("panic", "axe", "panic", "blank")
    state = position(f"south: {SK} P4e5n; north: {NK} I4e6s", rolls=rolls)
    after, _ = apply(state, Attack("e5", "e6"))
    peasants = at(after, "e3")
    assert peasants is not None and peasants.facing == "s"
    assert at(after, "e6").figures == 3  # the axe still hit


def test_peasants_falling_back_obey_the_blocking_rules() -> None:
    rolls = faces("panic", "panic", "panic", "blank")
    state = position(f"south: K1e2n P4e5n; north: {NK} I4e6s", rolls=rolls)
    after, events = apply(state, Attack("e5", "e6"))
    assert reasons(events) == ["panic_own_king"]  # e4, e3, then the king on e2
    assert at(after, "e3") is None and at(after, "e4") is None


def test_a_king_attacking_mercenaries_wins_them_over_without_a_roll() -> None:
    state = position(f"south: K1e4n; north: {NK} M2e5s")
    after, events = apply(state, Attack("e4", "e5"))
    assert at(after, "e5").seat == "south" and at(after, "e5").figures == 2
    assert after.report.switched and not [e for e in events if e.kind == "roll"]
    assert dice_left(state) == 0


def test_mercenaries_stay_loyal_when_their_own_king_is_beside_them() -> None:
    for guard in ("f5", "f6", "e6"):  # beside, diagonally or behind
        state = position(f"south: K1e4n; north: K1{guard}s M2e5s", rolls=faces("axe", "blank"))
        after, events = apply(state, Attack("e4", "e5"))
        assert at(after, "e5").seat == "north" and at(after, "e5").figures == 1
        assert any(e.kind == "loyal" for e in events)


def test_only_a_king_wins_mercenaries_over() -> None:
    state = position(f"south: {SK} C2e4n; north: {NK} M2e5s", rolls=faces(*["blank"] * 4))
    after, _ = apply(state, Attack("e4", "e5"))
    assert at(after, "e5").seat == "north"
