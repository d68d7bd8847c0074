"""Sample Lines of Action images: ``python -m renderer.demo_loa OUT_DIR``.

Every state is built with the engine (fixed seeds, deterministic choices) and passes
through ``engine.loa.view`` before drawing; the image tests use the same states."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.loa import (
    LoaConfig,
    LoaState,
    apply,
    legal_actions,
    new_game,
    state_from_position,
    view,
)
from renderer.loa import LoaImageOptions, render_loa

NAMES = {"white": "Ada", "black": "Björn", "white1": "Ada", "black1": "Björn",
         "white2": "Chidi", "black2": "Dana Kowalczyk"}  # fmt: skip


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
    out: dict[str, bytes] = {}
    start = new_game(seed=b"demo", game_id="demo")
    out["standard_start"] = render_loa(view(start, "white"), options=LoaImageOptions(names=NAMES))
    mid = played("standard", 14)
    moves = [a for a in legal_actions(mid) if a.src == legal_actions(mid)[0].src]
    out["standard_targets"] = render_loa(
        view(mid, "white"),
        options=LoaImageOptions(
            names=NAMES, selected=moves[0].src, targets=tuple(m.dst for m in moves)
        ),
    )
    out["scrambled_black_side"] = render_loa(
        view(played("scrambled", 9), "black"), options=LoaImageOptions(names=NAMES, bottom="black")
    )
    out["parachute"] = render_loa(view(played("parachute", 9), "white"),
                                  options=LoaImageOptions(names=NAMES))  # fmt: skip
    out["teams"] = render_loa(view(played("teams", 10), None), options=LoaImageOptions(names=NAMES))
    out["ambidextrous"] = render_loa(
        view(played("ambidextrous", 8), None), options=LoaImageOptions(names=NAMES)
    )
    out["unbounded"] = render_loa(
        view(unbounded_state(), None), options=LoaImageOptions(names=NAMES)
    )
    won = played("standard", 400, seed=b"demo-end")
    out["finished"] = render_loa(view(won, None), options=LoaImageOptions(names=NAMES))
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0] if args else "loa_demo")
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, data in samples().items():
        (out_dir / f"{name}.png").write_bytes(data)
        print(f"{name}.png  {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
