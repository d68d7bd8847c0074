"""Alako's AI knowledge: the knights' race is measured along the way a knight can really go,
so the AI never closes its own line on its own knight and builds where it slows the enemy."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ai.games.alako import (
    DRAW_AFTER_TURNS,
    KNOWLEDGE,
    LADDER,
    OWN_PIECE,
    evaluate,
    full_turns,
    may_accept_draw,
    way,
)
from ai.levels import LEVELS, fixed
from ai.player import choose
from ai.search import decide
from engine import alako
from engine.alako import state_from_position

RULES = KNOWLEDGE.rules
SMALL = replace(fixed("normal", 60), name="small")  # no time limit: a choice is its seed's

# South's line runs a3n..h3n: one more wall on i3n closes it with the knight still inside.
OPEN_LINE = "Wa3n Wb3n Wc3n Wd3n We3n Wf3n Wg3n Wh3n"
SHUTTING = f"south: Kd2 Hf1 Pe1 {OPEN_LINE}; north: Kd11 Hf11 Pe11; turn: south; spun: wall"


def load(position: str):
    return state_from_position(position, seed=b"alako-ai", game_id="g")


def after(position: str, action: str, seat: str = "south"):
    state = load(position)
    return RULES.apply(state, RULES.parse_action(action), seat)[0]


def test_the_way_goes_round_the_own_line_and_pays_for_shutting_it() -> None:
    open_way = way(after(SHUTTING, "pass"), 0)
    shut_way = way(after(SHUTTING, "build i3n"), 0)
    # Open: d2 -> i3 through the gap (6 steps), i4, west to e5 (5), over the bridge to e11
    # (6); shut: through one of his own pieces.
    assert open_way == 6 + 5 + 6 + 1
    assert shut_way >= OWN_PIECE
    assert evaluate(after(SHUTTING, "build i3n"), "south") < evaluate(
        after(SHUTTING, "pass"), "south"
    )


def test_an_enemy_wall_costs_the_ladder_and_a_tower_more() -> None:
    base = "south: Ke8 Hf1 Pe1; north: Kd11 Hf11 Pe11 {line}; turn: north"
    # e8 -> e11: three steps north, the first across e8n once North's line is complete.
    free = way(load(base.format(line="")), 0)
    walls = way(load(base.format(line=" ".join(f"W{f}8n" for f in "abcdefghi"))), 0)
    tower = way(load(base.format(line="Wa8n Wb8n Wc8n Wd8n Te8n Wf8n Wg8n Wh8n Wi8n")), 0)
    assert free == 3
    assert walls == 3 + LADDER
    assert tower == 1 + 4 + LADDER  # to d8, over its wall, and on to e11: cheaper than a tower


@pytest.mark.parametrize("seed", range(3))
def test_the_search_never_shuts_its_own_knight_in(seed: int) -> None:
    view = RULES.view(load(SHUTTING), "south")
    action = decide(KNOWLEDGE, view, "south", SMALL, random.Random(seed))
    assert str(action) != "build i3n"


# Issue 30: the computer accepted a draw offered on turn 2.
AHEAD = "south: Ke9 Hf1 Pe1; north: Kd11 Hf11 Pe11; turn: south"  # South's knight at the gate
BEHIND = "south: Kd1 Hf1 Pe1; north: Ke3 Hf11 Pe11; turn: south"  # North's knight at the gate


def offered(position: str, spins: int):
    """``position`` with North's draw offer waiting for South, after ``spins`` spins."""
    state = load(position)
    return replace(state, offer=1, dice=replace(state.dice, counter=spins))


@pytest.mark.parametrize("level", [*LEVELS, SMALL])
def test_no_level_accepts_a_draw_on_turn_two_or_while_winning(level: Any) -> None:
    late = 2 * DRAW_AFTER_TURNS + 1
    for state in (offered(AHEAD, 3), offered(BEHIND, 3), offered(AHEAD, late)):
        assert alako.AcceptDraw() in alako.legal_actions(state, "south")  # the rules allow it
        assert RULES.legal_actions(state, "south") == [alako.DeclineDraw()]
        for k in range(3):
            view = alako.view(state, "south")
            assert choose("alako", view, "south", level, random.Random(k)) == alako.DeclineDraw()


def test_a_draw_may_be_accepted_once_under_way_and_not_winning() -> None:
    early, late = offered(BEHIND, 2 * DRAW_AFTER_TURNS - 1), offered(BEHIND, 2 * DRAW_AFTER_TURNS)
    assert full_turns(early) == DRAW_AFTER_TURNS - 1 and full_turns(late) == DRAW_AFTER_TURNS
    assert evaluate(late, "south") < 0.5
    assert not may_accept_draw(early, "south") and may_accept_draw(late, "south")
    assert RULES.legal_actions(late, "south") == [alako.AcceptDraw(), alako.DeclineDraw()]
    assert not may_accept_draw(offered(AHEAD, 4 * DRAW_AFTER_TURNS), "south")
