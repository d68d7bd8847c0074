"""Sample Lines of Action images: ``python -m renderer.demo_loa OUT_DIR``.

Every state is built with the engine (fixed seeds, deterministic choices) and passes
through ``engine.loa.view`` before drawing; the image tests use the same states."""

from __future__ import annotations

import sys
from dataclasses import replace

from engine.loa import (
    LoaConfig,
    LoaState,
    Move,
    apply,
    legal_actions,
    new_game,
    state_from_position,
    view,
)
from renderer.loa import LoaImageOptions, render_loa
from renderer.sample_files import demo_main, players

# Two players (white, black) or four (white1, black1, white2, black2).
NAMES = {**players("white", "black"), **players("white1", "black1", "white2", "black2")}


def played(variant: str, plies: int, seed: bytes = b"demo") -> LoaState:
    """A game of ``variant`` after ``plies`` deterministic, varied actions."""
    state = new_game(LoaConfig(variant), seed=seed, game_id="demo")
    for step in range(plies):
        actions = legal_actions(state)
        if state.over or not actions:
            break
        state, _ = apply(state, actions[(step * 7 + 3) % len(actions)])
    return state


def unbounded_state() -> LoaState:
    text = (
        "variant: unbounded; white: (-1,2) a4 a5 a6 c3 h2 h4 (10,6) (10,3); "
        "black: b1 d1 e1 g1 b8 c8 d8 (5,10) f8 g8 (3,-1); turn: black"
    )
    return state_from_position(text, seed=b"demo", game_id="demo")


def samples() -> dict[str, bytes]:
    opts = LoaImageOptions(names=NAMES)
    mid = played("standard", 14)
    steps = [a for a in legal_actions(mid) if isinstance(a, Move)]
    moves = [a for a in steps if a.src == steps[0].src]
    shown = replace(opts, selected=moves[0].src, targets=tuple(m.dst for m in moves))
    return {
        "standard_start.png": render_loa(
            view(new_game(seed=b"demo", game_id="demo"), "white"), options=opts
        ),
        "standard_targets.png": render_loa(view(mid, "white"), options=shown),
        "scrambled_black_side.png": render_loa(
            view(played("scrambled", 9), "black"), options=replace(opts, bottom="black")
        ),
        "parachute.png": render_loa(view(played("parachute", 9), "white"), options=opts),
        "teams.png": render_loa(view(played("teams", 10), None), options=opts),
        "ambidextrous.png": render_loa(view(played("ambidextrous", 8), None), options=opts),
        "unbounded.png": render_loa(view(unbounded_state(), None), options=opts),
        "finished.png": render_loa(
            view(played("standard", 400, seed=b"demo-end"), None), options=opts
        ),
    }


def main(argv: list[str]) -> int:
    return demo_main(samples, argv, "renderer.demo_loa")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
