"""Building is optional, draws by agreement, and why a closed board is not a dead draw."""

from __future__ import annotations

import json

import pytest

from engine.alako import (
    OVER,
    SPIN,
    AcceptDraw,
    DeclineDraw,
    OfferDraw,
    Pass,
    apply,
    from_dict,
    legal_actions,
    outcome,
    parse_action,
    to_act,
    to_dict,
)
from engine.errors import IllegalAction, NotYourTurn
from tests.engine.alako.helpers import at, moves, play, position, spun
from tests.engine.helpers import refused

NORTH = "north: Kd11 Hf11 Pe11"
SOUTH = "south: Kd1 Hf1 Pe1"


# ---------------------------------------------------------------- building is optional


@pytest.mark.parametrize("face", ["tower", "wall", "2walls"])
def test_a_tower_or_walls_won_may_be_declined(face: str) -> None:
    state, _ = spun(f"{SOUTH}; {NORTH}", face)
    assert "pass" in moves(state)
    after, events = apply(state, parse_action("pass"))
    assert events[-1].kind == "passed"
    assert events[-1].data == {"seat": "south", "face": face, "reason": "declined"}
    assert after.sides[0].line == () and after.turn == 1 and after.phase == SPIN


def test_the_second_of_two_walls_may_be_declined() -> None:
    state, _ = spun(f"{SOUTH}; {NORTH}", "2walls")
    state = play(state, "build a3n")
    after, events = apply(state, Pass())
    assert events[-1].data["reason"] == "declined"
    assert [f.kind for f in after.sides[0].line] == ["W"] and after.turn == 1


def test_nobody_is_forced_to_wall_his_own_knight_in() -> None:
    # One more wall on i3n would shut the south knight in his camp: he may leave it.
    full = "Wa3n Wb3n Wc3n Wd3n We3n Wf3n Wg3n Wh3n"
    state, _ = spun(f"south: Kd2 Hf1 Pe1 {full}; {NORTH}", "wall")
    assert moves(state) == {"build i3n", "build h4e", "pass"}
    assert len(play(state, "pass").sides[0].line) == 8


def test_the_decline_reads_back_and_the_build_error_mentions_it() -> None:
    assert parse_action(str(Pass())) == Pass() and parse_action("skip") == Pass()
    state, _ = spun(f"{SOUTH}; {NORTH}", "wall")
    with pytest.raises(IllegalAction) as err:
        apply(state, parse_action("knight n"))
    assert "'pass'" in str(err.value)
    with refused(IllegalAction, "alako.no_offer") as err:
        apply(state, parse_action("decline"))  # a draw answer, with no offer to answer
    assert "'pass'" in str(err.value)


# ---------------------------------------------------------------- draws by agreement


@pytest.mark.parametrize("action", [OfferDraw(), AcceptDraw(), DeclineDraw()])
def test_draw_actions_read_back(action) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [("draw", OfferDraw()), ("Offer", OfferDraw()), ("accept", AcceptDraw()),
     ("refuse", DeclineDraw()), ("decline", DeclineDraw())],
)  # fmt: skip
def test_draw_words(text: str, action) -> None:
    assert parse_action(text) == action


def test_an_offer_waits_for_the_other_seat_and_accepting_draws_the_game() -> None:
    state = position(f"{SOUTH}; {NORTH}")
    state, events = apply(state, OfferDraw(), "south")
    assert [e.kind for e in events] == ["draw_offered"] and events[0].data == {"seat": "south"}
    assert to_act(state) == ("north",) and moves(state) == {"accept draw", "decline draw"}
    assert legal_actions(state, "south") == []
    with refused(NotYourTurn, "alako.offer_waits"):
        apply(state, parse_action("spin"), "south")
    after, events = apply(state, AcceptDraw(), "north")
    assert [e.kind for e in events] == ["draw_accepted", "game_over"]
    assert events[-1].data == {"winner": None, "termination": "agreement"}
    result = outcome(after)
    assert after.phase == OVER and result is not None
    assert result.winners == frozenset() and result.termination == "agreement"
    assert to_act(after) == () and after.winner is None and after.offer is None


def test_a_declined_offer_gives_the_turn_back() -> None:
    state = position(f"{SOUTH}; {NORTH}", "1")
    state = play(state, "spin")  # south has spun a 1
    state, _ = apply(state, OfferDraw(), "north")
    assert to_act(state) == ("south",) and moves(state) == {"accept draw", "decline draw"}
    with refused(NotYourTurn, "alako.offer_waits"):
        apply(state, parse_action("knight n"), "north")
    after, events = apply(state, DeclineDraw(), "south")
    assert events[0].kind == "draw_declined" and not events[0].data["implicit"]
    assert after.offer is None and after.face == "1" and to_act(after) == ("south",)
    assert "knight n" in moves(after)


def test_playing_on_when_it_is_your_turn_declines_the_offer() -> None:
    state = position(f"{SOUTH}; {NORTH}", "1")
    state, _ = apply(state, OfferDraw(), "north")
    after, events = apply(state, parse_action("spin"), "south")
    assert events[0].kind == "draw_declined" and events[0].data["implicit"]
    assert events[1].kind == "roll" and after.offer is None and after.face == "1"
    # An illegal action does not decline it: nothing changes.
    with pytest.raises(IllegalAction):
        apply(state, parse_action("knight n"), "south")


def test_the_seat_answering_off_turn_must_answer_first() -> None:
    state = position(f"{SOUTH}; {NORTH}")
    state, _ = apply(state, OfferDraw(), "south")  # south's own turn: north answers
    with refused(IllegalAction, "alako.answer_offer"):
        apply(state, parse_action("spin"), "north")


def test_one_offer_at_a_time_and_once_per_spin() -> None:
    state = position(f"{SOUTH}; {NORTH}", "1", "1")
    offered, _ = apply(state, OfferDraw(), "south")
    with refused(IllegalAction, "alako.offer_pending"):
        apply(offered, OfferDraw(), "north")
    declined, _ = apply(offered, DeclineDraw(), "north")
    with refused(IllegalAction, "alako.offer_repeated"):
        apply(declined, OfferDraw(), "south")
    again, _ = apply(declined, OfferDraw(), "north")  # the other seat still may
    assert again.offer == 1
    later = play(declined, "spin")
    assert apply(later, OfferDraw(), "south")[0].offer == 0


def test_resigning_while_an_offer_waits_ends_the_game() -> None:
    state, _ = apply(position(f"{SOUTH}; {NORTH}"), OfferDraw(), "south")
    after, _ = apply(state, parse_action("resign"), "south")
    assert after.winner == 1 and after.offer is None and after.termination == "resignation"


def test_answers_without_an_offer_are_refused() -> None:
    state = position(f"{SOUTH}; {NORTH}")
    for action in (AcceptDraw(), DeclineDraw()):
        with refused(IllegalAction, "alako.no_offer"):
            apply(state, action, "south")


def test_offers_survive_json_and_old_snapshots_load() -> None:
    state, _ = apply(position(f"{SOUTH}; {NORTH}"), OfferDraw(), "north")
    assert from_dict(json.loads(json.dumps(to_dict(state)))) == state
    old = to_dict(state)
    del old["offer"], old["offered"]  # a snapshot saved before draw offers existed
    loaded = from_dict(old)
    assert loaded.offer is None and loaded.offered == () and to_act(loaded) == ("south",)


# ---------------------------------------------------------------- no dead draw


CLOSED = (
    "south: Kd2 Hf1 Pe1 Wa3n Tb3n Wc3n Td3n We3n Tf3n Wg3n Th3n Wi3n; "
    "north: Kd10 Hf11 Pe11 Wa8n Tb8n Wc8n Td8n We8n Tf8n Wg8n Th8n Wi8n"
)


def test_camps_closed_by_towers_are_not_a_dead_draw() -> None:
    """Both knights shut in their own camps (they never climb their own walls), the lines
    full of towers: the cannon still removes the last piece, tower or wall, so the game goes
    on (docs/rules/alako.md, section 8)."""
    state, events = spun(CLOSED, "cannon")
    assert outcome(state) is None and events[-1].kind == "cannon"
    assert events[-1].data["segment"] == "i8n"
    state, events = spun(CLOSED.replace(" Wi8n", "").replace(" Wi3n", ""), "cannon")
    assert events[-1].data == {
        "seat": "south", "target": "north", "segment": "h8n", "kind": "tower"
    }  # fmt: skip
    assert outcome(state) is None and at(state.sides[1].knight) == "d10"
