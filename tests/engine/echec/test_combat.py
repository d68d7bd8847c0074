"""Attacks (RULINGS 3): who may attack what, the dice each base rolls, hits and figures,
the last figure's extra die, one attack per base and turn, victory."""

from __future__ import annotations

import pytest

from engine.echec import Attack, End, apply, legal_actions, outcome, to_act
from engine.errors import IllegalAction
from tests.engine.echec.helpers import at, dice_left, faces, position
from tests.engine.helpers import refused

SK = "K1a1n"  # south's king, out of the way
NK = "K1i9s"  # north's king


def attacks(state, square: str) -> set[str]:
    return {a.target for a in legal_actions(state) if isinstance(a, Attack) and a.square == square}


def rolled(events) -> list[str]:
    return [e.data["face"] for e in events if e.kind == "roll"]


def test_infantry_attack_the_square_in_front_only_and_only_enemies() -> None:
    state = position(f"south: {SK} I4e4n I4d4n; north: {NK} I4e5s I4f4w I4d5s")
    assert attacks(state, "e4") == {"e5"}  # f4 is beside it, not in front
    state2 = position(f"south: {SK} I4e4n I4e5n; north: {NK}")
    assert attacks(state2, "e4") == set()  # a friend in front is never attacked
    with refused(IllegalAction, "echec.cannot_attack") as info:
        apply(state, Attack("e4", "f4"))
    assert "e5" in str(info.value)


def test_infantry_roll_one_die_per_figure_and_each_axe_kills_a_figure() -> None:
    rolls = faces("axe", "axe", "arrow", "blank")
    state = position(f"south: {SK} I4e4n; north: {NK} I4e5s", rolls=rolls)
    after, events = apply(state, Attack("e4", "e5"))
    assert rolled(events) == ["axe", "axe", "arrow", "blank"]
    assert at(after, "e5").figures == 2
    assert after.report.hits == 2 and after.report.removed == 2
    assert at(after, "e4").attacked


def test_a_base_with_no_figure_left_leaves_the_board() -> None:
    state = position(f"south: {SK} I4e4n; north: {NK} I2e5s", rolls=faces(*["axe"] * 4))
    after, events = apply(state, Attack("e4", "e5"))
    assert at(after, "e5") is None and after.report.destroyed
    assert any(e.kind == "removed" and e.data["reason"] == "destroyed" for e in events)


def test_archers_shoot_the_three_by_three_block_ahead_over_other_bases() -> None:
    state = position(f"south: {SK} A4e2n I4e3n; north: {NK} I4d3s I4f5s I4e5s I4c4s I4e6s I4d2s")
    # Not c4 (two files aside), e6 (four ranks ahead) nor d2 (beside); e5 over e3.
    assert attacks(state, "e2") == {"d3", "f5", "e5"}
    rolls = faces("arrow", "axe", "arrow", "panic")
    after, _ = apply(position(str_pos(state), rolls=rolls), Attack("e2", "e5"))
    assert at(after, "e5").figures == 2  # arrows hit, axes do not


def test_archers_block_turns_with_their_facing() -> None:
    state = position(f"south: {SK} A4e5e; north: {NK} I4h6s I4f4s I4i5s")
    assert attacks(state, "e5") == {"h6", "f4"}  # f-h, ranks 4-6; i5 is four files away


def test_cavalry_and_king_roll_two_dice_per_figure_and_need_two_hits_per_figure() -> None:
    rolls = faces("axe", "axe", "axe", "blank")
    state = position(f"south: {SK} C2e4n; north: {NK} C2e5s", rolls=rolls)
    after, _ = apply(state, Attack("e4", "e5"))
    assert at(after, "e5").figures == 1  # three hits: one rider down, the third hit is lost
    assert after.report.hits == 3 and after.report.removed == 1
    # Wounds do not carry over: a later single hit does nothing to the last rider.
    again = position(f"south: {SK} I4e4n; north: {NK} C1e5s", rolls=faces("axe", *["blank"] * 3))
    after, _ = apply(again, Attack("e4", "e5"))
    assert at(after, "e5").figures == 1


def test_the_king_attacks_like_cavalry_and_killing_a_king_wins() -> None:
    state = position("south: K1e4n; north: K1e5s I4a9s", rolls=faces("axe", "axe"))
    assert attacks(state, "e4") == {"e5"}
    after, events = apply(state, Attack("e4", "e5"))
    assert dice_left(state) == 2 and len(rolled(events)) == 2
    assert after.phase == "over" and to_act(after) == ()
    result = outcome(after)
    assert result.winners == frozenset({"south"}) and result.termination == "king_eliminated"


def test_an_attack_never_rolls_more_than_four_dice() -> None:
    state = position(f"south: {SK} H2e4n; north: {NK} I4e5s", rolls=faces(*["blank"] * 4))
    _, events = apply(state, Attack("e4", "e5"))
    assert len(rolled(events)) == 4  # 2 figures x 2 dice
    massive = position(
        f"south: {SK} I10e4n; north: {NK} I10e5s", rolls=faces(*["axe"] * 4), massive=True, level=2
    )
    after, events = apply(massive, Attack("e4", "e5"))
    assert len(rolled(events)) == 4 and at(after, "e5").figures == 6
    three = position(f"south: {SK} I3e4n; north: {NK} I10e5s", rolls=faces(*["blank"] * 3))
    _, events = apply(three, Attack("e4", "e5"))
    assert len(rolled(events)) == 3  # then 3, 2, 1 as figures fall


def test_heavy_infantry_attack_front_sides_and_rear_and_take_two_hits_a_figure() -> None:
    state = position(f"south: {SK} H2e4n; north: {NK} I4e5s I4d4e I4f4w I4e3n I4d5s")
    assert attacks(state, "e4") == {"e5", "d4", "f4", "e3"}  # never diagonally
    rolls = faces("axe", "axe", "axe", "blank")
    hit = position(f"south: {SK} I4e4n; north: {NK} H2e5s", rolls=rolls)
    after, _ = apply(hit, Attack("e4", "e5"))
    assert at(after, "e5").figures == 1  # three hits: one heavy figure (two hits each)


def test_peasants_count_the_larger_of_their_axes_and_their_arrows() -> None:
    rolls = faces("arrow", "arrow", "axe", "blank")
    state = position(f"south: {SK} P4e4n; north: {NK} I4e5s", rolls=rolls)
    after, _ = apply(state, Attack("e4", "e5"))
    assert after.report.hits == 2 and at(after, "e5").figures == 2


def test_mercenaries_roll_two_dice_a_figure_and_hit_with_axes() -> None:
    rolls = faces("axe", "arrow", "axe", "blank")
    state = position(f"south: {SK} M2e4n; north: {NK} I4e5s", rolls=rolls)
    after, events = apply(state, Attack("e4", "e5"))
    assert len(rolled(events)) == 4 and at(after, "e5").figures == 2


@pytest.mark.parametrize("kind, hit", [("I", "axe"), ("A", "arrow")])
def test_a_last_figure_that_hits_rolls_once_more(kind: str, hit: str) -> None:
    target = "e5" if kind == "I" else "e6"
    state = position(f"south: {SK} {kind}1e4n; north: {NK} I4{target}s", rolls=faces(hit, hit))
    after, events = apply(state, Attack("e4", target))
    assert rolled(events) == [hit, hit]
    assert after.report.bonus == hit and at(after, target).figures == 2
    miss = position(f"south: {SK} {kind}1e4n; north: {NK} I4{target}s", rolls=faces("blank"))
    after, events = apply(miss, Attack("e4", target))
    assert rolled(events) == ["blank"] and after.report.bonus is None  # no hit, no extra die


def test_the_extra_die_is_for_infantry_and_archers_only() -> None:
    state = position(f"south: {SK} P2e4n; north: {NK} I4e5s", rolls=faces("axe", "blank"))
    _, events = apply(state, Attack("e4", "e5"))
    assert len(rolled(events)) == 2  # two peasants, two dice, no extra


def test_each_base_attacks_once_a_turn_but_two_bases_may_attack() -> None:
    state = position(
        f"south: {SK} I4e4n I4d4n; north: {NK} I4e5s I4d5s", rolls=faces(*["blank"] * 8)
    )
    once, _ = apply(state, Attack("e4", "e5"))
    assert attacks(once, "e4") == set()
    with refused(IllegalAction, "echec.attacked_already"):
        apply(once, Attack("e4", "e5"))
    twice, _ = apply(once, Attack("d4", "d5"))
    assert to_act(twice) == ("north",)
    assert not at(twice, "e4").attacked  # the next turn starts afresh


def test_the_attack_flag_is_cleared_when_a_turn_ends_early() -> None:
    state = position(f"south: {SK} I4e4n; north: {NK} I4e5s", rolls=faces(*["blank"] * 4))
    after, _ = apply(state, Attack("e4", "e5"))
    after, _ = apply(after, End())
    assert not at(after, "e4").attacked


def str_pos(state) -> str:
    from engine.echec import format_position, position_of

    return format_position(position_of(state))
