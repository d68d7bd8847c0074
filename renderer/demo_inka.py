"""Sample Inka images: ``python -m renderer.demo_inka OUT_DIR``.

The states are built with the engine (a seeded game and hand-made positions) and always
pass through ``engine.inka.view`` before drawing. The tests use the same states."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.inka import (
    InkaConfig,
    InkaState,
    Place,
    apply,
    legal_actions,
    new_game,
    parse_action,
    state_from_position,
    view,
)
from engine.inka.perft import DEFAULT_POSITION
from engine.inka.temple import SAMPLE_LAYOUT
from renderer.inka import InkaImageOptions, render_inka

NAMES = {"red": "Ada", "blue": "Björn", "green": "Chidi", "yellow": "Dana Kowalczyk"}

MIDGAME = (
    "red: g12; blue: i12 blocker h4; green: e15; yellow: k9 blocker f18; "
    "rhombi: 1=j12/i12 2=c12/d12 3=h12/h11 4=e12/e13 5=g10/g9 6=f14/f15 7=i7/i8 "
    "8=d16/d17 9=c7/c8 10=j16/j17 11=l9/l10 12=a14/a15 13=f18/f19; "
    "A: g11/g12 blue green yellow; B: g13/f13 red green yellow; C: f11/f12 blue green; "
    "turn: red; ap: 2; stage: pawn"
)


def opening_state() -> InkaState:
    """A four-player game just after set-up, built with the sample layout."""
    state = new_game(InkaConfig(players=4), seed=b"plateau-demo", game_id="demo")
    for _ in range(4):
        state, _ = apply(state, legal_actions(state)[0])
    while state.drawn is not None:
        a, b = SAMPLE_LAYOUT[state.drawn]
        state, _ = apply(state, Place(state.drawn, a, b))
    return state


def building_state() -> InkaState:
    state = new_game(InkaConfig(players=3), seed=b"plateau-demo", game_id="demo3")
    for _ in range(3):
        state, _ = apply(state, legal_actions(state)[0])
    for _ in range(5):
        a, b = SAMPLE_LAYOUT[state.drawn]  # type: ignore[index]
        state, _ = apply(state, Place(state.drawn, a, b))  # type: ignore[arg-type]
    return state


def midgame_state() -> InkaState:
    return state_from_position(MIDGAME, seed=b"demo", game_id="demo")


def moved_state() -> InkaState:
    state = state_from_position(DEFAULT_POSITION, seed=b"demo", game_id="demo")
    state, _ = apply(state, parse_action("slide 13 w 1"))
    state, _ = apply(state, parse_action("go i13"))
    return state


def final_state() -> InkaState:
    state = state_from_position(
        "red: g22; blue: i12; rhombi: 3=h12/h11; A: g11/g12 blue; B: g13/f13 blue; C: f11/f12 blue",
        seed=b"demo",
        game_id="demo",
    )
    state, _ = apply(state, parse_action("go g23"))
    return state


def samples() -> dict[str, bytes]:
    opts = InkaImageOptions(names=NAMES)
    return {
        "opening.png": render_inka(view(opening_state(), "red"), options=opts),
        "building.png": render_inka(view(building_state(), "red"), options=opts),
        "midgame.png": render_inka(view(midgame_state(), "red"), options=opts),
        "moved.png": render_inka(view(moved_state(), "red"), options=opts),
        "final.png": render_inka(view(final_state(), None), options=opts),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m renderer.demo_inka OUT_DIR", file=sys.stderr)
        return 2
    folder = Path(argv[0])
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in samples().items():
        (folder / name).write_bytes(data)
        print(f"{folder / name}  {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
