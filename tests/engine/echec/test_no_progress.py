"""The no-progress rule (RULINGS 3): 20 turns in a row with no base advancing, no figure
removed and no panic move end the game drawn; any of the three starts the count again."""

from __future__ import annotations

import json

from engine.echec import (
    Advance,
    Attack,
    End,
    Turn,
    apply,
    from_dict,
    outcome,
    state_from_position,
    to_dict,
)
from engine.echec.config import NO_PROGRESS_TURNS
from engine.echec.state import BATTLE, OVER, EchecState
from tests.engine.echec.helpers import faces, position

# Kings far apart, infantry facing each other across e4-e5 (South to act).
START = "south: K1a1n I4e4n; north: K1i9s I4e5s"
ALL_PANIC = faces(*["panic"] * 4)


def ends(state: EchecState, n: int) -> EchecState:
    """``n`` turns that do nothing (each side ends its turn at once)."""
    for _ in range(n):
        state, _ = apply(state, End())
    return state


def test_twenty_quiet_turns_draw_the_game_at_exactly_the_twentieth() -> None:
    state = position(START)
    assert state.turns_to_draw == NO_PROGRESS_TURNS == 20
    state = ends(state, NO_PROGRESS_TURNS - 1)
    assert state.phase == BATTLE and state.quiet_turns == 19 and state.turns_to_draw == 1
    after, events = apply(state, End())
    assert after.phase == OVER
    result = outcome(after)
    assert result is not None and result.is_draw and result.termination == "no_progress"
    assert [e.data for e in events if e.kind == "game_over"] == [
        {"winners": [], "termination": "no_progress"}
    ]


def test_turning_bases_is_no_progress() -> None:
    state = position(START)
    for _ in range(NO_PROGRESS_TURNS // 2):  # each side turns a base one way, then back
        state, _ = apply(state, Turn("e4", "e"))
        state, _ = apply(state, Turn("e4", "n"))
        state, _ = apply(state, Turn("e5", "w"))
        state, _ = apply(state, Turn("e5", "s"))
    assert state.phase == OVER and outcome(state).termination == "no_progress"


def test_an_advance_starts_the_count_again() -> None:
    state = ends(position("south: K1a1n I4e2n; north: K1i9s I4e8s"), 10)
    assert state.quiet_turns == 10
    state, _ = apply(state, Advance("e2"))  # South's turn (ten ends: South again)
    state, _ = apply(state, End())
    assert state.quiet_turns == 0 and state.turns_to_draw == NO_PROGRESS_TURNS
    state = ends(state, NO_PROGRESS_TURNS - 1)
    assert state.phase == BATTLE
    assert ends(state, 1).phase == OVER


def test_a_figure_removed_starts_the_count_again_an_attack_that_misses_does_not() -> None:
    state = ends(position(START, rolls=faces("blank", "blank", "blank", "blank")), 10)
    state, _ = apply(state, Attack("e4", "e5"))  # no hit: still no progress
    state, _ = apply(state, End())
    assert state.quiet_turns == 11
    state = ends(position(START, rolls=faces("axe", "blank", "blank", "blank")), 10)
    state, events = apply(state, Attack("e4", "e5"))
    assert [e.data["removed"] for e in events if e.kind == "attack"] == [1]
    state, _ = apply(state, End())
    assert state.quiet_turns == 0


def test_a_panic_move_starts_the_count_again() -> None:
    state = ends(position(START, rolls=ALL_PANIC), 12)
    state, events = apply(state, Attack("e4", "e5"))
    assert "fled" in [e.kind for e in events]
    state, _ = apply(state, End())
    assert state.quiet_turns == 0


def test_the_count_survives_save_and_load_and_old_saves_still_load() -> None:
    state = ends(state_from_position(START, None, seed=b"s", game_id="g"), 7)
    data = json.loads(json.dumps(to_dict(state)))
    assert from_dict(data) == state and from_dict(data).quiet_turns == 7
    del data["progress_turn"]  # saved before the rule: the count starts from that turn
    old = from_dict(data)
    assert old.quiet_turns == 0 and old.turns == state.turns
    assert ends(old, NO_PROGRESS_TURNS).phase == OVER
