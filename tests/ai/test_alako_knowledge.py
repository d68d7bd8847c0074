"""Alako's AI knowledge: the knights' race is measured along the way a knight can really go,
so the AI never closes its own line on its own knight and builds where it slows the enemy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.games.alako import KNOWLEDGE, LADDER, OWN_PIECE, evaluate, way
from ai.levels import BUDGETS
from ai.search import decide
from engine.alako import state_from_position

RULES = KNOWLEDGE.rules
SMALL = replace(BUDGETS["normal"], name="small", iterations=60, seconds=5.0)

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
