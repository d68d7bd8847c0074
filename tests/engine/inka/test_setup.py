"""Set-up: the first player by a roll, start cells chosen in turn, the 13 path rhombi drawn
by rolls and laid one by one with the placement rules; and the temple's validator."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.dice import Dice
from engine.errors import IllegalAction, InvalidConfig
from engine.inka import (
    BUILD,
    PLAY,
    START,
    ChooseStart,
    InkaConfig,
    Place,
    apply,
    legal_actions,
    new_game,
    opening_events,
    parse_action,
    to_act,
)
from engine.inka.geometry import Placement
from engine.inka.state import Rhombus
from engine.inka.temple import (
    BRIDGED_LAYOUT,
    SAMPLE_LAYOUT,
    TEMPLE,
    Temple,
    reachable,
    validate,
)
from tests.engine.helpers import ScriptedDice, refused
from tests.engine.inka.helpers import cell, name


def test_the_temple_design_is_valid_and_playable() -> None:
    assert validate() == []
    assert len(TEMPLE.starts) == 4 and len(TEMPLE.exits) == 4
    assert len(TEMPLE.passages) >= 3 and len(TEMPLE.symbols) >= 2
    assert 10 <= len(TEMPLE.snakes) <= 14
    for s in TEMPLE.starts:
        assert not reachable(TEMPLE, s) & TEMPLE.centre


def test_the_validator_catches_a_broken_design(monkeypatch: pytest.MonkeyPatch) -> None:
    # No moat: starts walk into the centre without rhombi.
    rows = tuple(r.replace("~", ".").replace("#", ".") for r in TEMPLE.rows)
    problems = validate(Temple(rows=rows))
    assert any("without path rhombi" in p for p in problems)
    # A bridged layout with no bridge over the moat cannot reach the centre; a sample
    # opening in the moat is no legal set-up.
    import engine.inka.temple as temple_module

    no_bridges = {**BRIDGED_LAYOUT, 12: ("l7", "l8"), 10: ("j4", "j5")}
    monkeypatch.setattr(temple_module, "BRIDGED_LAYOUT", no_bridges)
    monkeypatch.setattr(temple_module, "SAMPLE_LAYOUT", {**SAMPLE_LAYOUT, 1: ("h12", "h11")})
    problems = validate(Temple())
    assert "start l6 cannot reach the centre with the bridged layout" in problems
    assert "sample rhombus 1 lies in the moat or on a start cell" in problems
    # A start fenced by chasm is walled in.
    rows = list(TEMPLE.rows)
    rows[0] = rows[0].replace("1..", "1~~")
    rows[1] = rows[1][:5] + "~" + rows[1][6:]  # k6, under l6
    assert any("walled in" in p for p in validate(Temple(rows=tuple(rows))))


def test_the_validator_keeps_statues_out_of_a_first_turn() -> None:
    """The opening limits are structural: narrow the moat, or bring a ledge, a passage or
    a symbol closer, and the validator says which way is too short."""
    rows = list(TEMPLE.rows)
    rows[2] = rows[2].replace(".#", "..", 1)  # j8: the north-west ledge reaches into the moat
    problems = validate(Temple(rows=tuple(rows)))
    assert "start l6 reaches the centre over 4 moat cells, not 5" in problems
    assert "start l6 reaches h9 over 2 moat cells, not 3" in problems
    rows = list(TEMPLE.rows)
    rows[0] = rows[0].replace("..#######..", ".....#.....")  # a causeway along the top rim
    problems = validate(Temple(rows=tuple(rows)))
    assert "start l6 reaches start l18 over 1 moat cells, not 5" in problems


def test_config_seats_and_limits() -> None:
    assert InkaConfig(players=2).seats == ("red", "blue")
    assert InkaConfig().seats == ("red", "blue", "green", "yellow")
    for bad in ({"players": 1}, {"players": 5}, {"action_points": 0}, {"colour": "x"}):
        with pytest.raises(InvalidConfig):
            InkaConfig.from_dict(bad)


def test_a_roll_chooses_who_starts_and_the_record_can_check_it() -> None:
    state = new_game(InkaConfig(players=3), seed=b"abc", game_id="g1")
    value, _ = Dice(b"abc", "g1").roll(3)
    assert state.first == value - 1 and state.turn == state.first
    assert state.phase == START and to_act(state) == (state.seats[state.first],)
    roll = opening_events(state)[0]
    assert roll.data == {
        "die": 3,
        "value": value,
        "purpose": "first_player",
        "seat": None,
        "draw": 0,
    }


def _started(players: int = 2, rolls: tuple[int, ...] = (1,) * 20):
    state = new_game(InkaConfig(players=players), seed=b"s", game_id="g")
    state = replace(state, first=0, turn=0, dice=ScriptedDice(rolls))
    return state


def test_seats_choose_free_start_cells_in_turn() -> None:
    state = _started(3)
    assert {str(a) for a in legal_actions(state)} == {f"start {n}" for n in TEMPLE.start_names}
    with refused(IllegalAction, "inka.not_a_start"):
        apply(state, ChooseStart("g4"))
    state, _ = apply(state, ChooseStart("l6"))
    assert to_act(state) == ("blue",)
    with refused(IllegalAction, "inka.start_taken"):
        apply(state, ChooseStart("l6"))
    state, _ = apply(state, ChooseStart("a18"))
    state, events = apply(state, ChooseStart("a6"))
    # Everyone is placed: building begins with the first seat, who draws a path rhombus.
    assert state.phase == BUILD and to_act(state) == ("red",)
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["die"] == 13 and roll.data["purpose"] == "draw_rhombus"
    assert state.drawn == 1 and 1 not in state.pile


def _building(extra: tuple[Rhombus, ...] = (), drawn: int = 8, starts: str = "l6 a18"):
    state = _started(2)
    for start in starts.split():
        state, _ = apply(state, ChooseStart(start))
    pile = tuple(n for n in state.pile if n != drawn and all(r.name != str(n) for r in extra))
    return replace(state, drawn=drawn, pile=(*pile, state.drawn), rhombi=state.rhombi + extra)


def test_rhombi_are_laid_on_two_cells_anywhere_but_never_overlapping() -> None:
    state = _building()
    texts = {str(a) for a in legal_actions(state)}
    assert "place 8 k7/j7" in texts and "place 8 j7/k7" in texts  # both ways round
    assert "place 8 k8/l8" in texts  # ground or chasm, it does not matter
    assert not any("g12" in t or "l6" in t for t in texts)  # centre and pawns are taken
    after, events = apply(state, Place(8, "k7", "j7"))
    assert events[0].kind == "rhombus_placed" and events[0].data["cells"] == ["k7", "j7"]
    assert after.turn == 1 and after.drawn is not None
    with refused(IllegalAction, "inka.bad_placement") as err:
        apply(after, Place(after.drawn, "k7", "k8"))
    assert "overlap" in str(err.value)
    with refused(IllegalAction, "inka.not_a_rhombus"):
        apply(state, Place(8, "k7", "k9"))
    with refused(IllegalAction, "inka.wrong_rhombus"):
        apply(state, Place(3, "k7", "j7"))


def test_no_rhombus_is_laid_in_the_moat_at_set_up() -> None:
    """The opening limit: nobody can bridge the moat before the first turn."""
    state = _building()
    texts = {str(a) for a in legal_actions(state)}
    moat = {TEMPLE.board.names[c] for c in TEMPLE.moat}
    assert not any(set(t.split()[2].split("/")) & moat for t in texts)
    with refused(IllegalAction, "inka.bad_placement") as err:
        apply(state, Place(8, "j7", "j8"))
    assert "j8 is in the moat" in str(err.value)


@pytest.mark.parametrize("starts", ["l6 a18", "l18 a18"])
def test_a_start_cell_may_not_be_walled_in_completely(starts: str) -> None:
    # Rhombus 5 on l7/l8 walls l6 off from l7; rhombus 8 on k6/k7 would close l6's last side:
    # refused whether a pawn starts on l6 or nobody does (RULINGS 4: "never walling a start
    # cell in completely").
    five = Rhombus("5", TEMPLE.board.placement("l7", "l8"))
    state = _building((five,), drawn=8, starts=starts)
    texts = {str(a) for a in legal_actions(state)}
    assert "place 8 k6/k7" not in texts and "place 8 k7/k6" in texts
    with pytest.raises(IllegalAction) as err:
        apply(state, parse_action("place 8 k6/k7"))
    assert "start cell l6 in" in str(err.value)


def test_after_the_thirteenth_rhombus_the_first_seat_plays() -> None:
    state = _building()
    state = replace(state, drawn=8, pile=())
    after, events = apply(state, Place(8, "k7", "j7"))
    assert after.phase == PLAY and after.turn == after.first and after.ap == 3
    assert events[-1].kind == "turn_started"


def test_a_whole_set_up_with_the_sample_layout() -> None:
    state = new_game(InkaConfig(players=4), seed=b"setup", game_id="s")
    for _ in range(4):
        free = [a for a in legal_actions(state)]
        state, _ = apply(state, free[0])
    assert state.phase == BUILD
    while state.phase == BUILD:
        a, b = SAMPLE_LAYOUT[state.drawn]
        state, _ = apply(state, Place(state.drawn, a, b))
    assert state.phase == PLAY and len(state.rhombi) == 16
    assert {name(c) for c in state.pawns} == set(TEMPLE.start_names)
    assert Placement is not None and cell("l6") in state.pawns
