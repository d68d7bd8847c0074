"""Combat (RULINGS 1.9), terrain defence boosts (1.6), king loss and winning (1.8).

Every test builds a small position with scripted dice. Squares used again and again: a Fire
attacker on e4 (or f4, e3) against a defender on f5."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from engine.errors import IllegalAction, NotYourTurn
from engine.loka import (
    Keep,
    LokaState,
    Move,
    Reroll,
    apply,
    attack_odds,
    default_action,
    legal_actions,
    outcome,
    parse_action,
    to_act,
)
from engine.loka.combat import Assessment
from engine.protocol import Event
from tests.engine.helpers import ScriptedDice

from .helpers import piece_at, position

# --------------------------------------------------------------------------- helpers


def assessment(state: LokaState, src: str, dst: str) -> Assessment:
    a = attack_odds(state, src, dst).assessment
    assert a is not None
    return a


def names(state: LokaState) -> tuple[str, ...]:
    return state.geometry.names  # type: ignore[no-any-return]


def items(state: LokaState, boosts: tuple) -> set[tuple[str, int, str | None, str]]:
    """Boosts as (source, amount, square name, detail)."""
    sq = names(state)
    return {
        (b.source, b.amount, None if b.square is None else sq[b.square], b.detail) for b in boosts
    }


def supporters(state: LokaState, boosts: tuple) -> set[str]:
    """The supporters as 'Nh5' (piece letter and square)."""
    return {f"{b.detail}{names(state)[b.square]}" for b in boosts if b.source == "support"}


def rolls(events: list[Event]) -> list[tuple[str, int, int]]:
    """(purpose, faces, value) of each die rolled, in order."""
    return [(e.data["purpose"], e.data["die"], e.data["value"]) for e in events if e.kind == "roll"]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def one(events: list[Event], kind: str) -> dict:
    found = [dict(e.data) for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one '{kind}' event, got {kinds(events)}"
    return found[0]


def no_dice(state: LokaState) -> LokaState:
    """Any roll now fails the test."""
    return replace(state, dice=ScriptedDice(()))


# Pieces that reach f5 on the ladder board (Fire pawn e4 attacks the Earth pawn f5).
ATTACK_SUPPORT = (
    ("fire", "Rf1"),
    ("fire", "Pg4"),
    ("fire", "Nd6"),
    ("fire", "Nh4"),
    ("fire", "Bh7"),
    ("water", "Ng7"),
)
DEFENCE_SUPPORT = (
    ("earth", "Rf9"),
    ("air", "Nh6"),
    ("earth", "Rj5"),
    ("earth", "Nd4"),
    ("air", "Ng3"),
    ("air", "Ne7"),
    ("earth", "Ne3"),
)


def ladder(attack: int, defence: int) -> str:
    """Fire Pe4 attacks Earth Pf5 with ``attack`` supporters and ``defence`` avengers."""
    army = {"fire": ["Ke1", "Pe4"], "earth": ["Ka6", "Pf5"], "water": ["Ki12"], "air": ["Kl7"]}
    for seat, piece in ATTACK_SUPPORT[:attack] + DEFENCE_SUPPORT[:defence]:
        army[seat].append(piece)
    return "; ".join(f"{k}: {' '.join(v)}" for k, v in army.items()) + "; turn: fire"


# --------------------------------------------------------------------------- boosts


def test_charge_alone_pawn_against_pawn() -> None:
    state = position("fire: Ke1 Pe4; earth: Ka6 Pf5; turn: fire")
    a = assessment(state, "e4", "f5")
    assert items(state, a.attack) == {("charge", 1, None, "")}
    assert a.defence == ()
    assert (a.attack_die, a.defence_die) == (6, 4)


RANKS = "QRBNPK"
ATTACKER_SQUARE = {"Q": "e4", "R": "f4", "B": "e4", "N": "e3", "P": "e4", "K": "e4"}


@pytest.mark.parametrize(
    ("att", "dfn"), [(a, d) for a in RANKS for d in RANKS if (a, d) != ("K", "K")]
)
def test_prowess_goes_to_the_piece_that_outranks(att: str, dfn: str) -> None:
    src = ATTACKER_SQUARE[att]
    fire = f"Ke1 {att}{src}" if att != "K" else f"K{src}"
    earth = f"Ka6 {dfn}f5" if dfn != "K" else "Kf5"
    state = position(f"fire: {fire}; earth: {earth}; turn: fire")
    a = assessment(state, src, "f5")
    att_prowess = {b.detail for b in a.attack if b.source == "prowess"}
    def_prowess = {b.detail for b in a.defence if b.source == "prowess"}
    if RANKS.index(att) < RANKS.index(dfn):
        assert (att_prowess, def_prowess) == ({att}, set())
    elif RANKS.index(att) > RANKS.index(dfn):
        assert (att_prowess, def_prowess) == (set(), {dfn})
    else:
        assert (att_prowess, def_prowess) == (set(), set())
    assert all(b.amount == 1 for b in a.attack + a.defence)
    assert ("charge", 1, None, "") in items(state, a.attack)


ATTACK_SUPPORT_BOARD = (
    # Qe4 attacks Pf5. Supporters: Bh7 (via g6), Pg4 (capture diagonal), allied Water Ng7 and
    # Water Pe6 (a Water pawn takes down the ranks: e6 -> f5). Not supporters: Pf4 (its
    # forward step), Water Pf6 (forward step), Rf1 (blocked by its own Nf2), Bi2 (blocked by
    # Pg4), Rh5 (blocked by the lake on g5), the knight on f2.
    "fire: Ke1 Qe4 Rf1 Nf2 Bi2 Pg4 Pf4 Rh5 Bh7; water: Ki12 Ng7 Pe6 Pf6; "
    "earth: Ka6 Pf5; terrain: lake@g5; turn: fire"
)


def test_attack_support_counts_every_other_piece_that_could_take() -> None:
    state = position(ATTACK_SUPPORT_BOARD)
    a = assessment(state, "e4", "f5")
    assert supporters(state, a.attack) == {"Bh7", "Pg4", "Ng7", "Pe6"}
    assert items(state, a.attack) == {
        ("charge", 1, None, ""),
        ("prowess", 1, None, "Q"),
        ("support", 1, "h7", "B"),
        ("support", 1, "g4", "P"),
        ("support", 1, "g7", "N"),
        ("support", 1, "e6", "P"),
    }
    assert a.defence == ()


def test_attack_event_itemises_the_same_boosts() -> None:
    # 6 attack boosts (Super D20) against 0 (D4): the D4 is rolled first, then the D20.
    state = position(ATTACK_SUPPORT_BOARD, rolls=(2, 17))
    new, events = apply(state, Move("e4", "f5"))
    data = one(events, "attack")
    assert (data["army"], data["src"], data["dst"]) == ("fire", "e4", "f5")
    assert (data["attacker"], data["defender"], data["defender_army"]) == ("Q", "P", "earth")
    assert sorted((b["source"], b["square"], b["detail"]) for b in data["attack_boosts"]) == sorted(
        [
            ("charge", None, ""),
            ("prowess", None, "Q"),
            ("support", "h7", "B"),
            ("support", "g4", "P"),
            ("support", "g7", "N"),
            ("support", "e6", "P"),
        ]
    )
    assert data["defence_boosts"] == []
    assert (data["attack_die"], data["defence_die"], data["reroll"]) == (20, 4, "attack")
    assert new.pending is not None


def test_defence_support_counts_the_avengers() -> None:
    # Fire Qe4 attacks Earth Pf5. Avengers: Rf9 (down the file), Earth Pe6 (Earth pawns take
    # up the files: e6 -> f5), allied Air Nh6, Air Pg6 (Air pawns take down the files:
    # g6 -> f5). Not: Earth Pe5 (forward step), Air Pg5 (forward step), Earth Bh7 (blocked
    # by Pg6), Earth Rf1 (blocked by the lake on f3).
    state = position(
        "fire: Ke1 Qe4; earth: Ka6 Pf5 Rf9 Pe6 Pe5 Bh7 Rf1; air: Kl7 Nh6 Pg6 Pg5; "
        "terrain: lake@f3; turn: fire"
    )
    a = assessment(state, "e4", "f5")
    assert supporters(state, a.defence) == {"Rf9", "Pe6", "Nh6", "Pg6"}
    assert len(a.defence) == 4
    assert items(state, a.attack) == {("charge", 1, None, ""), ("prowess", 1, None, "Q")}
    assert (a.attack_die, a.defence_die) == (8, 20)


def test_defence_support_counts_an_avenger_the_attacker_was_blocking() -> None:
    # Fire Qf4 attacks Earth Pf5: once the queen stands on f5, f4 is empty and Earth's Rf1
    # can take back up the file (RULINGS 1.9, corrected). Attack support is unchanged.
    state = position("fire: Ke1 Qf4; earth: Ka6 Pf5 Rf1; turn: fire")
    a = assessment(state, "f4", "f5")
    assert supporters(state, a.defence) == {"Rf1"}
    assert supporters(state, a.attack) == set()


def test_attack_support_through_a_portal() -> None:
    # The Earth pawn stands on the portal f5; the Fire pawn on the other portal (h8) could go
    # through it and attack f5, so it supports. So does a bishop on a portal that could go
    # through and then on diagonally (h8 -> e8 -> f7).
    state = position("fire: Ke1 Qe4 Ph8; earth: Ka6 Pf5; terrain: portal@f5 portal@h8; turn: fire")
    assert supporters(state, assessment(state, "e4", "f5").attack) == {"Ph8"}
    state = position("fire: Ke1 Bh8 Qf4; earth: Ka6 Pf7; terrain: portal@e8 portal@h8; turn: fire")
    assert supporters(state, assessment(state, "f4", "f7").attack) == {"Bh8"}


def test_defence_support_through_a_portal() -> None:
    state = position(
        "fire: Ke1 Qe4; earth: Ka6 Pf5; air: Kl7 Nh8; terrain: portal@f5 portal@h8; turn: fire"
    )
    assert supporters(state, assessment(state, "e4", "f5").defence) == {"Nh8"}


def test_support_obeys_the_defenders_tile() -> None:
    # The pass on f5 runs along the file: the rook on the file and the knight support, the
    # rook on the rank and the pawn's diagonal do not.
    state = position(
        "fire: Ke1 Ne3 Rf1 Rh5 Nd6 Pg4; earth: Ka6 Pf5; terrain: pass@f5/n; turn: fire"
    )
    assert supporters(state, assessment(state, "e3", "f5").attack) == {"Rf1", "Nd6"}
    # A forest takes pawns only: the queen and the knight cannot support, the pawn can; on
    # the defence side the Earth pawn e6 avenges, the rook f9 cannot.
    state = position(
        "fire: Ke1 Pe4 Qf4 Nd6 Pg4; earth: Ka6 Pf5 Pe6 Rf9; terrain: forest@f5; turn: fire"
    )
    a = assessment(state, "e4", "f5")
    assert supporters(state, a.attack) == {"Pg4"}
    assert supporters(state, a.defence) == {"Pe6"}


@pytest.mark.parametrize(
    ("tile", "defender", "attacker", "boost"),
    [
        ("castle", "P", "Qf4", 1),
        ("castle", "N", "Qf4", 1),
        ("castle", "B", "Qf4", 1),
        ("castle", "R", "Qf4", 1),
        ("castle", "Q", "Rf4", 2),
        ("castle", "K", "Qf4", 2),
        ("castle", "P", "Ne3", 1),
        ("forest", "P", "Pe4", 1),
        ("eyrie", "N", "Ne3", 1),
        ("marsh", "P", "Qf4", 1),
        ("marsh", "Q", "Rf4", 1),
        ("marsh", "K", "Qf4", 1),
        ("stone", "R", "Rf4", 1),
        ("pass", "P", "Qf4", 2),
        ("pass", "Q", "Rf4", 2),
        ("pass", "K", "Qf4", 2),
        ("pass", "P", "Ne3", 0),
        ("pass", "R", "Ne3", 0),
    ],
)
def test_terrain_defence_boosts(tile: str, defender: str, attacker: str, boost: int) -> None:
    axis = "/n" if tile == "pass" else ""
    earth = "Kf5" if defender == "K" else f"Ka6 {defender}f5"
    state = position(f"fire: Ke1 {attacker}; earth: {earth}; terrain: {tile}@f5{axis}; turn: fire")
    a = assessment(state, attacker[1:], "f5")
    terrain = [b for b in a.defence if b.source == "terrain"]
    if boost:
        assert items(state, tuple(terrain)) == {("terrain", boost, "f5", tile)}
    else:
        assert terrain == []
    assert a.defence_boosts == boost + sum(1 for b in a.defence if b.source == "prowess")


def test_no_terrain_boost_on_plain_or_portal_squares() -> None:
    state = position("fire: Ke1 Qf4; earth: Ka6 Pf5; terrain: portal@f5 portal@i9; turn: fire")
    assert assessment(state, "f4", "f5").defence == ()


# --------------------------------------------------------------------------- dice ladder


@pytest.mark.parametrize(
    ("n", "die", "reroll"),
    [(0, 4, None), (1, 6, None), (2, 8, None), (3, 12, None), (4, 20, None), (5, 20, "defence"),
     (6, 20, "defence"), (7, 20, "defence")],
)  # fmt: skip
def test_dice_ladder_defence(n: int, die: int, reroll: str | None) -> None:
    state = position(ladder(0, n))
    a = assessment(state, "e4", "f5")
    assert (a.attack_boosts, a.defence_boosts) == (1, n)
    assert len(supporters(state, a.defence)) == n
    assert (a.attack_die, a.defence_die, a.reroller) == (6, die, reroll)


@pytest.mark.parametrize(
    ("m", "die", "reroll"),
    [(0, 6, None), (1, 8, None), (2, 12, None), (3, 20, None), (4, 20, "attack"),
     (5, 20, "attack"), (6, 20, "attack")],
)  # fmt: skip
def test_dice_ladder_attack(m: int, die: int, reroll: str | None) -> None:
    state = position(ladder(m, 0))
    a = assessment(state, "e4", "f5")
    assert (a.attack_boosts, a.defence_boosts) == (1 + m, 0)
    assert (a.attack_die, a.defence_die, a.reroller) == (die, 4, reroll)


# --------------------------------------------------------------------------- worked example

# Air pawns move down the files: the Air pawn g7 takes on f6 (and f8). Air Qf9 and Nh5 also
# reach f6; the Water bishop d8 and knight e8 would avenge the Water pawn.
WORKED = "water: Ke12 Pf6 Bd8 Ne8; air: Kl7 Pg7 Qf9 Nh5; turn: air"


def test_rulebook_worked_example_pawn_attack() -> None:
    state = position(WORKED)
    a = assessment(state, "g7", "f6")
    assert items(state, a.attack) == {
        ("charge", 1, None, ""),
        ("support", 1, "f9", "Q"),
        ("support", 1, "h5", "N"),
    }
    assert items(state, a.defence) == {("support", 1, "d8", "B"), ("support", 1, "e8", "N")}
    assert (a.attack_boosts, a.attack_die) == (3, 12)
    assert (a.defence_boosts, a.defence_die) == (2, 8)


def test_rulebook_worked_example_knight_attack() -> None:
    state = position(WORKED)
    a = assessment(state, "h5", "f6")
    assert items(state, a.attack) == {
        ("charge", 1, None, ""),
        ("prowess", 1, None, "N"),
        ("support", 1, "f9", "Q"),
        ("support", 1, "g7", "P"),
    }
    assert (a.attack_boosts, a.attack_die) == (4, 20)
    assert (a.defence_boosts, a.defence_die) == (2, 8)


def test_rulebook_worked_example_played_out() -> None:
    # D8 (defence) is the weaker die: rolled first.
    state = position(WORKED, rolls=(3, 5))
    new, events = apply(state, Move("g7", "f6"))
    assert rolls(events) == [("defence", 8, 3), ("attack", 12, 5)]
    assert piece_at(new, "f6") == "air:P"
    assert piece_at(new, "g7") is None


# --------------------------------------------------------------------------- outcomes

PLAIN = "fire: Ke1 Pe4 Nd2; earth: Ka6 Pf5; water: Ki12; air: Kl7; turn: fire"  # D6 vs D4


@pytest.mark.parametrize(
    ("dr", "ar", "result", "e4", "f5"),
    [
        (2, 3, "defender_removed", None, "fire:P"),
        (1, 6, "defender_removed", None, "fire:P"),
        (3, 3, "repelled", "fire:P", "earth:P"),
        (4, 2, "repelled", "fire:P", "earth:P"),
        (2, 1, "attacker_removed", None, "earth:P"),
        (4, 1, "attacker_removed", None, "earth:P"),
        (1, 1, "both_removed", None, None),
    ],
)
def test_combat_outcomes(dr: int, ar: int, result: str, e4: str | None, f5: str | None) -> None:
    state = position(PLAIN, rolls=(dr, ar))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("defence", 4, dr), ("attack", 6, ar)]
    combat = one(events, "combat")
    assert (combat["attack_roll"], combat["defence_roll"], combat["result"]) == (ar, dr, result)
    assert (piece_at(new, "e4"), piece_at(new, "f5")) == (e4, f5)
    assert piece_at(new, "d2") == "fire:N"
    assert new.last_combat is not None and new.last_combat.result == result
    # The attacker's move ends in every case: Earth (next clockwise) is to move.
    assert new.pending is None
    assert new.seat_to_move == "earth"
    assert to_act(new) == ("earth",)
    assert outcome(new) is None


def test_weaker_die_first_attacker_weaker() -> None:
    # Attack D6 (charge) against defence D8 (two avengers): the attacker rolls first.
    state = position(ladder(0, 2), rolls=(4, 7))
    _, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("attack", 6, 4), ("defence", 8, 7)]
    assert one(events, "combat")["result"] == "repelled"


def test_weaker_die_first_equal_dice() -> None:
    # D6 against D6 (one avenger): equal dice, the attacker's first.
    state = position(ladder(0, 1), rolls=(5, 2))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("attack", 6, 5), ("defence", 6, 2)]
    assert piece_at(new, "f5") == "fire:P"


def test_weaker_die_first_defender_weaker() -> None:
    # D12 (charge and two supporters) against D6 (one avenger).
    state = position(ladder(2, 1), rolls=(6, 1))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("defence", 6, 6), ("attack", 12, 1)]
    assert one(events, "combat")["result"] == "attacker_removed"
    assert piece_at(new, "e4") is None


# --------------------------------------------------------------------------- Super D20


def test_super_d20_attacker_decides_and_keeps() -> None:
    state = position(ladder(4, 0), rolls=(2, 15))  # 5 boosts vs 0: D4 first, then D20
    mid, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("defence", 4, 2), ("attack", 20, 15)]
    assert one(events, "reroll_offered")["side"] == "attack"
    assert "combat" not in kinds(events)
    assert mid.pending is not None
    assert to_act(mid) == ("fire",)
    assert legal_actions(mid) == [Keep(), Reroll()]
    assert legal_actions(mid, "fire") == [Keep(), Reroll()]
    assert legal_actions(mid, "earth") == []
    assert default_action(mid, "fire") == Keep()
    assert default_action(mid, "earth") is None
    # Nothing but the decision moves the game on.
    assert piece_at(mid, "f5") == "earth:P" and piece_at(mid, "e4") == "fire:P"
    new, events = apply(mid, Keep(), "fire")
    assert rolls(events) == []
    assert one(events, "combat")["result"] == "defender_removed"
    assert piece_at(new, "f5") == "fire:P"
    assert new.pending is None and to_act(new) == ("earth",)


def test_super_d20_others_cannot_act_while_it_waits() -> None:
    mid, _ = apply(position(ladder(4, 0), rolls=(2, 15)), Move("e4", "f5"))
    with pytest.raises(IllegalAction):
        apply(mid, Move("e1", "e2"), "fire")
    with pytest.raises(IllegalAction):
        apply(mid, Move("e1", "e2"))
    with pytest.raises(NotYourTurn):
        apply(mid, Keep(), "earth")
    with pytest.raises(NotYourTurn):
        apply(mid, Move("a6", "a7"), "earth")
    with pytest.raises(NotYourTurn):
        apply(mid, Reroll(), "water")


def test_super_d20_reroll_stands_even_if_worse() -> None:
    # The first D20 (15) beats the D4 (2); the re-roll (1) stands: the attacker is removed.
    state = position(ladder(4, 0), rolls=(2, 15, 1))
    mid, _ = apply(state, Move("e4", "f5"))
    new, events = apply(mid, Reroll(), "fire")
    assert rolls(events) == [("reroll", 20, 1)]
    combat = one(events, "combat")
    assert (combat["attack_roll"], combat["defence_roll"]) == (1, 2)
    assert combat["result"] == "attacker_removed"
    assert piece_at(new, "e4") is None and piece_at(new, "f5") == "earth:P"
    assert new.last_combat is not None and new.last_combat.rerolled == "attack"
    assert new.pending is None and new.seat_to_move == "earth"


def test_super_d20_reroll_can_turn_a_loss() -> None:
    state = position(ladder(4, 0), rolls=(3, 2, 18))
    mid, _ = apply(state, Move("e4", "f5"))
    new, events = apply(mid, Reroll())
    assert rolls(events) == [("reroll", 20, 18)]
    assert piece_at(new, "f5") == "fire:P"


def test_super_d20_defender_decides_on_the_movers_turn() -> None:
    # D6 (charge) against Super D20 (five avengers): the D6 is rolled first.
    state = position(ladder(0, 5), rolls=(5, 3))
    mid, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("attack", 6, 5), ("defence", 20, 3)]
    assert one(events, "reroll_offered")["army"] == "earth"
    assert to_act(mid) == ("earth",)
    assert legal_actions(mid) == [Keep(), Reroll()]
    assert legal_actions(mid, "fire") == []
    assert default_action(mid, "earth") == Keep()
    assert default_action(mid, "fire") is None
    with pytest.raises(NotYourTurn):
        apply(mid, Keep(), "fire")
    with pytest.raises(NotYourTurn):
        apply(mid, Move("e1", "e2"), "fire")
    with pytest.raises(IllegalAction):
        apply(mid, Move("a6", "a7"), "earth")
    kept, events = apply(mid, Keep(), "earth")
    assert one(events, "combat")["result"] == "defender_removed"
    assert piece_at(kept, "f5") == "fire:P"
    assert kept.seat_to_move == "earth"


def test_super_d20_defender_rerolls() -> None:
    state = position(ladder(0, 5), rolls=(5, 3, 12))
    mid, _ = apply(state, Move("e4", "f5"))
    new, events = apply(mid, Reroll(), "earth")
    assert rolls(events) == [("reroll", 20, 12)]
    assert one(events, "combat")["result"] == "repelled"
    assert piece_at(new, "e4") == "fire:P" and piece_at(new, "f5") == "earth:P"
    assert new.seat_to_move == "earth"


def test_super_d20_both_sides_only_the_larger_count_rerolls() -> None:
    # Attack 6 boosts, defence 5: the attacker decides.
    state = position(ladder(5, 5), rolls=(4, 9))
    a = assessment(state, "e4", "f5")
    assert (a.attack_boosts, a.defence_boosts, a.reroller) == (6, 5, "attack")
    mid, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("attack", 20, 4), ("defence", 20, 9)]
    assert to_act(mid) == ("fire",)
    # Attack 5 boosts, defence 6: the defender decides.
    state = position(ladder(4, 6), rolls=(4, 9))
    assert assessment(state, "e4", "f5").reroller == "defence"
    mid, _ = apply(state, Move("e4", "f5"))
    assert to_act(mid) == ("earth",)


def test_super_d20_equal_counts_no_decision() -> None:
    state = position(ladder(4, 5), rolls=(4, 9))
    a = assessment(state, "e4", "f5")
    assert (a.attack_boosts, a.defence_boosts, a.reroller) == (5, 5, None)
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("attack", 20, 4), ("defence", 20, 9)]
    assert "reroll_offered" not in kinds(events)
    assert new.pending is None
    assert one(events, "combat")["result"] == "repelled"
    assert to_act(new) == ("earth",)


# --------------------------------------------------------------------------- royal duel

ROYAL = "fire: Ke4 Rf1 Pg4; earth: Kf5 Rf9 Nd4; air: Kl7; turn: fire"
ROYAL_WITH_WATER = "fire: Ke4 Rf1 Pg4; earth: Kf5 Rf9 Nd4; air: Kl7; water: Ki12; turn: fire"


def test_royal_duel_has_no_boosts() -> None:
    state = position(ROYAL)
    odds = attack_odds(state, "e4", "f5")
    assert odds.assessment is not None and odds.assessment.royal
    assert odds.assessment.attack == () and odds.assessment.defence == ()
    assert odds.probabilities == {"royal_win": Fraction(1, 2), "royal_loss": Fraction(1, 2)}


def test_royal_duel_ties_reroll_and_attacking_king_wins() -> None:
    state = position(ROYAL, rolls=(5, 5, 1, 1, 12, 4))
    new, events = apply(state, Move("e4", "f5"))
    assert "attack" not in kinds(events)
    assert rolls(events) == [("royal_duel", 20, v) for v in (5, 5, 1, 1, 12, 4)]
    assert [e.data["seat"] for e in events if e.kind == "roll"] == ["fire", "earth"] * 3
    assert one(events, "combat")["result"] == "royal_win"
    assert piece_at(new, "f5") == "fire:K" and piece_at(new, "e4") is None
    # The Earth army went with its king; Air still stands, so the game goes on.
    assert piece_at(new, "f9") is None and piece_at(new, "d4") is None
    assert not new.armies[1].alive
    assert outcome(new) is None
    assert new.seat_to_move == "air"


def test_royal_duel_attacking_king_loses() -> None:
    state = position(ROYAL_WITH_WATER, rolls=(3, 9))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("royal_duel", 20, 3), ("royal_duel", 20, 9)]
    assert one(events, "combat")["result"] == "royal_loss"
    assert piece_at(new, "e4") is None and piece_at(new, "f5") == "earth:K"
    assert piece_at(new, "f1") is None and piece_at(new, "g4") is None  # Fire's army is gone
    assert one(events, "army_eliminated")["army"] == "fire"
    assert outcome(new) is None  # Water is still in


# --------------------------------------------------------------------------- losing a king


def test_king_lost_as_defender_takes_its_army() -> None:
    # Qe4 on Kf5: charge + prowess = D8 against D4.
    state = position(
        "fire: Ke1 Qe4; earth: Kf5 Pb6 Nc5 Ra4; air: Kl7 Pk5; turn: fire", rolls=(1, 5)
    )
    new, events = apply(state, Move("e4", "f5"))
    assert piece_at(new, "f5") == "fire:Q"
    assert all(piece_at(new, s) is None for s in ("b6", "c5", "a4"))
    assert piece_at(new, "k5") == "air:P"
    data = one(events, "army_eliminated")
    assert (data["army"], data["reason"]) == ("earth", "king_lost")
    assert sorted(data["squares"]) == ["a4", "b6", "c5"]
    assert not new.armies[1].alive
    assert new.seat_to_move == "air"


def test_king_attacking_and_rolling_one_takes_its_army() -> None:
    # Ke4 on Pf5: charge (D6) against prowess (the pawn outranks the king, D6).
    state = position("fire: Ke4 Qd2 Ph3; earth: Ka6 Pf5; water: Ki12; turn: fire", rolls=(1, 3))
    a = assessment(state, "e4", "f5")
    assert items(state, a.defence) == {("prowess", 1, None, "P")}
    new, events = apply(state, Move("e4", "f5"))
    assert one(events, "combat")["result"] == "attacker_removed"
    assert piece_at(new, "e4") is None and piece_at(new, "d2") is None
    assert piece_at(new, "h3") is None
    assert piece_at(new, "f5") == "earth:P"
    assert not new.armies[0].alive
    assert new.seat_to_move == "earth"


def test_king_in_mutual_annihilation_takes_its_army() -> None:
    state = position("fire: Ke4 Qd2 Ph3; earth: Ka6 Pf5; water: Ki12; turn: fire", rolls=(1, 1))
    new, events = apply(state, Move("e4", "f5"))
    assert one(events, "combat")["result"] == "both_removed"
    assert all(piece_at(new, s) is None for s in ("e4", "f5", "d2", "h3"))
    assert piece_at(new, "a6") == "earth:K"
    assert not new.armies[0].alive and new.armies[1].alive


def test_defending_king_mutual_annihilation_takes_its_army() -> None:
    # Pe4 on Kf5: charge + prowess (D8) against D4 -> D4 first.
    state = position("fire: Ke1 Pe4; earth: Kf5 Pb6; air: Kl7; turn: fire", rolls=(1, 1))
    new, events = apply(state, Move("e4", "f5"))
    assert one(events, "combat")["result"] == "both_removed"
    assert all(piece_at(new, s) is None for s in ("e4", "f5", "b6"))
    assert piece_at(new, "e1") == "fire:K"
    assert not new.armies[1].alive and new.armies[0].alive


# --------------------------------------------------------------------------- marsh


def test_marsh_move_rolls_d12_and_sinks_on_one() -> None:
    state = position("fire: Ke1 Qe4; earth: Ka6; terrain: marsh@f5; turn: fire", rolls=(1,))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("marsh", 12, 1)]
    assert piece_at(new, "f5") is None and piece_at(new, "e4") is None
    assert one(events, "removed")["reason"] == "marsh"


def test_marsh_move_survives_on_two() -> None:
    state = position("fire: Ke1 Qe4; earth: Ka6; terrain: marsh@f5; turn: fire", rolls=(2,))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("marsh", 12, 2)]
    assert piece_at(new, "f5") == "fire:Q"


def test_marsh_after_winning_a_combat() -> None:
    # Qe4 on Pf5 in the marsh: charge + prowess (D8) against marsh (D6); D6 first, then the
    # D8, then the winner's D12.
    state = position(
        "fire: Ke1 Qe4; earth: Ka6 Pf5; terrain: marsh@f5; turn: fire", rolls=(2, 5, 1)
    )
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("defence", 6, 2), ("attack", 8, 5), ("marsh", 12, 1)]
    assert piece_at(new, "f5") is None and piece_at(new, "e4") is None
    assert new.seat_to_move == "earth"


def test_marsh_no_roll_when_repelled() -> None:
    state = position("fire: Ke1 Qe4; earth: Ka6 Pf5; terrain: marsh@f5; turn: fire", rolls=(5, 2))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == [("defence", 6, 5), ("attack", 8, 2)]
    assert piece_at(new, "e4") == "fire:Q" and piece_at(new, "f5") == "earth:P"


def test_king_lost_in_a_marsh_takes_its_army() -> None:
    state = position(
        "fire: Ke4 Qd2; earth: Ka6; water: Ki12; terrain: marsh@f5; turn: fire", rolls=(1,)
    )
    new, events = apply(state, Move("e4", "f5"))
    assert piece_at(new, "f5") is None and piece_at(new, "d2") is None
    data = one(events, "army_eliminated")
    assert (data["army"], data["reason"]) == ("fire", "king_lost")
    assert new.seat_to_move == "earth"


# --------------------------------------------------------------------------- combat off


def test_combat_off_attack_always_succeeds_without_dice() -> None:
    state = no_dice(position(ladder(0, 6), combat=False))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events) == []
    assert "attack" not in kinds(events) and "combat" not in kinds(events)
    assert one(events, "captured")["piece"] == "P"
    assert piece_at(new, "f5") == "fire:P" and piece_at(new, "e4") is None
    assert new.seat_to_move == "earth"


def test_combat_off_king_capture_takes_the_army() -> None:
    state = no_dice(position("fire: Ke4; earth: Kf5 Pb6; air: Kl7; turn: fire", combat=False))
    new, _ = apply(state, Move("e4", "f5"))
    assert piece_at(new, "f5") == "fire:K" and piece_at(new, "b6") is None
    assert not new.armies[1].alive


def test_combat_off_odds_are_certain() -> None:
    odds = attack_odds(position(ladder(0, 6), combat=False), "e4", "f5")
    assert odds.assessment is None
    assert odds.probabilities == {"defender_removed": Fraction(1)}


# --------------------------------------------------------------------------- promotion


PROMO = "fire: Ke1 Pe11; earth: Ka6 Pf12; water: Ki12; turn: fire"  # D6 vs D4


def test_promotion_after_winning_a_combat() -> None:
    state = position(PROMO, rolls=(1, 4))
    new, events = apply(state, parse_action("e11f12n"))
    assert piece_at(new, "f12") == "fire:N" and piece_at(new, "e11") is None
    assert one(events, "promoted")["piece"] == "N"


def test_promotion_defaults_to_queen_after_a_win() -> None:
    new, _ = apply(position(PROMO, rolls=(1, 4)), Move("e11", "f12"))
    assert piece_at(new, "f12") == "fire:Q"


def test_no_promotion_when_repelled() -> None:
    new, events = apply(position(PROMO, rolls=(4, 2)), parse_action("e11f12n"))
    assert piece_at(new, "e11") == "fire:P" and piece_at(new, "f12") == "earth:P"
    assert "promoted" not in kinds(events)


def test_promotion_after_a_super_d20_keep() -> None:
    # Super D20 attacker: the promotion happens once the decision resolves the combat.
    state = position(
        "fire: Ke1 Pe11 Rf1 Nd11 Ng10 Qh10; water: Ki12 Ne10; earth: Ka6 Pf12; turn: fire",
        rolls=(3, 11),
    )
    assert assessment(state, "e11", "f12").reroller == "attack"
    mid, _ = apply(state, parse_action("e11f12r"))
    assert piece_at(mid, "e11") == "fire:P"
    new, events = apply(mid, Keep())
    assert piece_at(new, "f12") == "fire:R"
    assert one(events, "promoted")["piece"] == "R"


# --------------------------------------------------------------------------- odds


def test_odds_sum_to_one_worked_example() -> None:
    for src in ("g7", "h5"):
        probs = attack_odds(position(WORKED), src, "f6").probabilities
        assert all(isinstance(p, Fraction) for p in probs.values())
        assert sum(probs.values()) == 1


def test_odds_d6_against_d4() -> None:
    odds = attack_odds(position(PLAIN), "e4", "f5")
    assert odds.probabilities == {
        "defender_removed": Fraction(7, 12),
        "repelled": Fraction(1, 4),
        "attacker_removed": Fraction(1, 8),
        "both_removed": Fraction(1, 24),
    }
    assert odds.marsh_risk == 0


def test_odds_marsh_risk() -> None:
    # D8 against D6: P(win) = 27/48 = 9/16; the winner then sinks on a 1 in 12.
    state = position("fire: Ke1 Qe4; earth: Ka6 Pf5; terrain: marsh@f5; turn: fire")
    odds = attack_odds(state, "e4", "f5")
    assert odds.probabilities["defender_removed"] == Fraction(9, 16)
    assert odds.marsh_risk == Fraction(9, 16) / 12 == Fraction(3, 64)


def test_odds_royal_duel_on_a_marsh() -> None:
    state = position("fire: Ke4; earth: Kf5 Pb6; terrain: marsh@f5; turn: fire")
    odds = attack_odds(state, "e4", "f5")
    assert odds.probabilities["royal_win"] == Fraction(1, 2)
    assert odds.marsh_risk == Fraction(1, 24)


def test_odds_super_d20_against_d4() -> None:
    # The attacker re-rolls whenever the first roll does not win: per defence roll y,
    # P(win) = p + (1 - p) p with p = (20 - y) / 20.
    odds = attack_odds(position(ladder(4, 0)), "e4", "f5")
    assert odds.probabilities == {
        "defender_removed": Fraction(157, 160),
        "repelled": Fraction(1, 80),
        "attacker_removed": Fraction(9, 1600),
        "both_removed": Fraction(1, 1600),
    }
    assert sum(odds.probabilities.values()) == 1


def test_odds_refuse_an_impossible_attack() -> None:
    state = position(PLAIN)
    with pytest.raises(IllegalAction):
        attack_odds(state, "e4", "a6")
    with pytest.raises(IllegalAction):
        attack_odds(state, "e4", "e5")


# --------------------------------------------------------------------------- winning


def test_team_wins_when_both_enemy_kings_are_gone() -> None:
    state = position("fire: Ke1 Qe4; water: Ki12; earth: Kf5; turn: fire", rolls=(1, 5))
    new, events = apply(state, Move("e4", "f5"))
    result = outcome(new)
    assert result is not None
    assert result.winners == frozenset({"fire", "water"})
    assert result.termination == "kings_taken"
    assert to_act(new) == ()
    assert "game_over" in kinds(events)


def test_game_goes_on_while_one_enemy_king_remains() -> None:
    state = position("fire: Ke1 Qe4; water: Ki12; earth: Kf5; air: Kl7; turn: fire", rolls=(1, 5))
    new, _ = apply(state, Move("e4", "f5"))
    assert outcome(new) is None
    assert new.seat_to_move == "water"  # Earth is gone and skipped


def test_last_kings_of_both_teams_gone_is_a_draw() -> None:
    # The last Fire king wins the royal duel against the last Earth king on a marsh, then
    # sinks: no king is left on either side.
    state = position("fire: Ke4; earth: Kf5; terrain: marsh@f5; turn: fire", rolls=(15, 4, 1))
    new, events = apply(state, Move("e4", "f5"))
    assert rolls(events)[-1] == ("marsh", 12, 1)
    result = outcome(new)
    assert result is not None
    assert result.winners == frozenset()
    assert result.termination == "mutual_destruction"


def test_attack_support_is_judged_with_the_attacker_on_its_square_defence_after_it_left() -> None:
    """Ruling (docs/rules/loka.md, section 8, corrected): a friend behind the attacker does
    not support (the attacker blocks it), but an avenger behind the attacker does defend (the
    attacker's square is empty once it has taken the defender's)."""
    avenger_behind = position("fire: Ke1 Qf4; earth: Ka6 Pf5 Rf1; turn: fire")
    odds = attack_odds(avenger_behind, "f4", "f5")
    assert odds.assessment is not None
    assert [(b.source, b.detail) for b in odds.assessment.defence] == [("support", "R")]
    supporter_behind = position("fire: Ke1 Qf4 Rf1; earth: Ka6 Pf5; turn: fire")
    odds = attack_odds(supporter_behind, "f4", "f5")
    assert odds.assessment is not None
    assert [b for b in odds.assessment.attack if b.source == "support"] == []
    # Without the queen in the way, the same rook does count.
    clear = position("fire: Ke1 Bg4 Rf1; earth: Ka6 Pf5; turn: fire")
    odds = attack_odds(clear, "g4", "f5")
    assert odds.assessment is not None
    assert [(b.source, b.detail) for b in odds.assessment.attack] == [
        ("charge", ""),
        ("prowess", "B"),
        ("support", "R"),
    ]
