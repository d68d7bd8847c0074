"""Échec au Roi's computer plays to win (issue 30): it values advancing and facing the
enemy, an advantage fades as the no-progress draw nears, it never weighs turning again a
base it has just turned, and a whole game between computer players (level 2, secret
placement, strong against normal, which once went on for 346 turns and more) ends, with
few turns thrown back and forth.

By default the levels' iterations are cut to a sixteenth, without their time limits (a game
then depends on its seed alone); ``PLATEAU_ECHEC_FULL_LEVELS=1`` plays the real levels and
``PLATEAU_TEST_ENDINGS=N`` plays N games."""

from __future__ import annotations

import os
import random
from dataclasses import replace

from ai.games.echec import KNOWLEDGE, aimless, evaluate, legal_actions, policy, wasted
from ai.levels import BUDGETS, Level, fixed
from ai.player import choose
from engine import echec
from engine.echec.actions import Turn
from engine.echec.config import NO_PROGRESS_TURNS

FULL = os.environ.get("PLATEAU_ECHEC_FULL_LEVELS") == "1"
GAMES = int(os.environ.get("PLATEAU_TEST_ENDINGS", "1"))


def _position(text: str) -> echec.EchecState:
    return echec.state_from_position(text, seed=b"pos", game_id="p")


def level(name: str) -> str | Level:
    if FULL:
        return name
    return fixed(name, max(8, BUDGETS[name].iterations // 16))


def test_advanced_bases_and_bases_facing_the_enemy_are_worth_more() -> None:
    home = _position("south: K1e1n I4c2n; north: K1e9s I4c8s; turn: south")
    ahead = _position("south: K1e1n I4c4n; north: K1e9s I4c8s; turn: south")
    aside = _position("south: K1e1n I4c2e; north: K1e9s I4c8s; turn: south")
    assert evaluate(ahead, "south") > evaluate(home, "south") > evaluate(aside, "south")


def test_an_advantage_fades_as_the_no_progress_draw_nears() -> None:
    state = _position("south: K1e1n C2d1n I4c2n; north: K1e9s I4c8s; turn: south")
    fresh = evaluate(state, "south")
    later = replace(state, turns=state.turns + NO_PROGRESS_TURNS // 2)
    last = replace(state, turns=state.turns + NO_PROGRESS_TURNS - 1)
    assert fresh > evaluate(later, "south") > evaluate(last, "south") > 0.5
    assert evaluate(last, "north") < 0.5


def test_the_search_never_weighs_turning_again_a_base_it_just_turned() -> None:
    state = _position("south: K1e1n I4c2n I4g2n; north: K1e9s I4c8s I4i3w; turn: south")
    state, _ = echec.apply(state, Turn("c2", "e"))
    engine_actions = echec.legal_actions(state, "south")
    searched = legal_actions(state, "south")
    assert Turn("c2", "n") in engine_actions and Turn("c2", "w") in engine_actions
    assert not [a for a in searched if isinstance(a, Turn) and a.square == "c2"]
    assert Turn("g2", "e") in searched and set(searched) < set(engine_actions)
    assert wasted(state, Turn("c2", "n"))
    rng = random.Random(0)
    assert not any(wasted(state, policy(state, "south", engine_actions, rng)) for _ in range(50))
    assert KNOWLEDGE.rules.legal_actions is legal_actions
    # A new turn may turn any base again.
    state, _ = echec.apply(state, echec.parse_action("end"))
    state, _ = echec.apply(state, echec.parse_action("end"))
    assert Turn("c2", "n") in legal_actions(state, "south")


def test_the_search_never_weighs_turning_towards_nothing() -> None:
    """Turning away from the enemy's side where no enemy stands is left out; turning to
    the enemy's side, to an enemy within reach or towards one further away is weighed."""
    state = _position("south: K1e1n I4c2e I4g2n; north: K1e9s I4c8s I4i3w; turn: south")
    searched = legal_actions(state, "south")
    assert Turn("c2", "n") in searched  # back to facing the enemy's side
    assert Turn("g2", "e") in searched  # towards i3, in the sweep of g2's front (ranks 1-3)
    assert aimless(state, Turn("g2", "w")) and Turn("g2", "w") not in searched
    assert aimless(state, Turn("c2", "s")) and aimless(state, Turn("e1", "w"))
    assert {a for a in echec.legal_actions(state, "south") if not isinstance(a, Turn)} <= set(
        searched
    )


def back_and_forth(played: list[tuple[str, echec.EchecState, object]]) -> int:
    """Turns that undo the rotation the same side's previous turn gave the same base (back
    to the facing it had before it)."""
    rotated: dict[str, dict[str, tuple[str, str]]] = {}  # seat -> square -> (before, after)
    this_turn: dict[str, tuple[str, str]] = {}
    count, turn, seat_of_turn = 0, 0, ""
    for seat, before, action in played:
        if before.turns != turn:  # a new turn: the seat's last turn's rotations are known
            if seat_of_turn:
                rotated[seat_of_turn] = this_turn
            this_turn, turn, seat_of_turn = {}, before.turns, seat
        if isinstance(action, Turn):
            base = before.board[echec.board.INDEX[action.square]]
            assert base is not None
            if rotated.get(seat, {}).get(action.square) == (action.facing, base.facing):
                count += 1
            this_turn[action.square] = (base.facing, action.facing)
    return count


def test_strong_against_normal_with_secret_placement_ends() -> None:
    config = echec.EchecConfig(level=2, placement="secret")
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = echec.RULES.new(config, seed=f"win-{seed}".encode(), game_id=f"w{seed}")
        players = {"south": level("strong"), "north": level("normal")}
        if seed % 2:
            players = {"south": players["north"], "north": players["south"]}
        played: list[tuple[str, echec.EchecState, object]] = []
        while echec.outcome(state) is None:
            assert state.turns <= 400, f"seed {seed}: no end after 400 turns"
            seat = echec.to_act(state)[0]
            action = choose("echec", echec.view(state, seat), seat, players[seat], rng)
            assert action in echec.legal_actions(state, seat)
            if state.phase == echec.BATTLE:
                played.append((seat, state, action))
            state, _ = echec.apply(state, action, seat)
        result = echec.outcome(state)
        assert result.termination in ("king_eliminated", "army_eliminated", "no_progress")
        turns = [a for _, _, a in played if isinstance(a, Turn)]
        assert back_and_forth(played) <= max(2, len(turns) // 10), (seed, len(turns))
