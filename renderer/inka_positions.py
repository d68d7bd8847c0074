"""The Inka positions the demo draws and the renderer fits its palette to (engine states
only: ``renderer.inka`` reads them without importing the demo, which draws with it)."""

from __future__ import annotations

from engine import inka
from engine.inka.perft import DEFAULT_POSITION
from engine.inka.temple import SAMPLE_LAYOUT
from renderer.sample_files import players

NAMES = players("red", "blue", "green", "yellow")

MIDGAME = (
    "red: j7; blue: i8 blocker h4; green: e15; yellow: l17 blocker c16; "
    "rhombi: 1=l7/l8 2=a16/a17 3=d15/e15 4=c16/d16 5=e8/f8 6=i19/i20 7=d7/e7 "
    "8=k16/k17 9=h16/g16 10=i9/h9 11=i17/h17 12=j8/i8 13=i3/i4; "
    "A: g11/g12 blue green yellow; B: g13/f13 red green yellow; C: f11/f12 blue green; "
    "turn: red; ap: 2; stage: rhombi"
)


def opening_state() -> inka.InkaState:
    """A four-player game just after set-up, built with the sample layout."""
    state = inka.new_game(inka.InkaConfig(players=4), seed=b"plateau-demo", game_id="demo")
    for _ in range(4):
        state, _ = inka.apply(state, inka.legal_actions(state)[0])
    while state.drawn is not None:
        a, b = SAMPLE_LAYOUT[state.drawn]
        state, _ = inka.apply(state, inka.Place(state.drawn, a, b))
    return state


def building_state() -> inka.InkaState:
    state = inka.new_game(inka.InkaConfig(players=3), seed=b"plateau-demo", game_id="demo3")
    for _ in range(3):
        state, _ = inka.apply(state, inka.legal_actions(state)[0])
    for _ in range(5):
        drawn = state.drawn
        assert drawn is not None  # a rhombus is drawn for each seat to lay
        a, b = SAMPLE_LAYOUT[drawn]
        state, _ = inka.apply(state, inka.Place(drawn, a, b))
    return state


def midgame_state() -> inka.InkaState:
    return inka.state_from_position(MIDGAME, seed=b"demo", game_id="demo")


def moved_before() -> inka.InkaState:
    """The position :func:`moved_state` moved on from (its rhombus slid, then a pawn's step)."""
    return inka.state_from_position(DEFAULT_POSITION, seed=b"demo", game_id="demo")


def moved_state() -> inka.InkaState:
    state, _ = inka.apply(moved_before(), inka.parse_action("slide 13 e 1"))
    state, _ = inka.apply(state, inka.parse_action("go l8"))
    return state


def final_state() -> inka.InkaState:
    state = inka.state_from_position(
        "red: k6; blue: h12; rhombi: 3=h12/h11; A: g11/g12 blue; B: g13/f13 blue; C: f11/f12 blue",
        seed=b"demo",
        game_id="demo",
    )
    state, _ = inka.apply(state, inka.parse_action("go k5"))
    return state
