"""The reference images under ``tests/golden/``, and the one command that rewrites them.

When the art changes on purpose, regenerate them from the project root with

    .venv/bin/python -m tests.renderer.regenerate_golden

then look at every file it lists (they are what reviewers compare against) and commit them
with the change. ``tests/renderer/test_loka_images.py`` compares fresh renders with these
files, with a small per-pixel tolerance (palette choices may move a little between Pillow
versions; a changed drawing does not pass)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from engine.loka import LokaConfig, view
from renderer.demo import (
    DRAFTS,
    NAMES,
    combat_state,
    crowded_state,
    decision_state,
    deployment_state,
    final_state,
    opening_state,
    portal_move_state,
    portal_state,
    targets_of,
)
from renderer.loka import (
    LokaImageOptions,
    render_army_card,
    render_deployment,
    render_loka,
    render_summary,
)

GOLDEN = Path(__file__).resolve().parent.parent / "golden"

_OPTIONS = LokaImageOptions(names=NAMES)

CASES: dict[str, Callable[[], bytes]] = {
    "loka_opening.png": lambda: render_loka(view(opening_state(), "fire"), options=_OPTIONS),
    "loka_combat.png": lambda: render_loka(view(combat_state(), "earth"), options=_OPTIONS),
    "loka_midgame_from_earth.png": lambda: render_loka(
        view(crowded_state(plies=6), "earth"),
        options=replace(_OPTIONS, bottom="earth", promotion=True),
    ),
    "loka_deployment.png": lambda: render_deployment(
        view(deployment_state(), "air"), options=_OPTIONS
    ),
    "loka_army_card.png": lambda: render_army_card(
        "fire", DRAFTS["fire"], 160, LokaConfig().costs, player=NAMES["fire"]
    ),
    "loka_summary.png": lambda: render_summary(view(final_state(), None), options=_OPTIONS),
    # Issue 13: halos on tiles, a target on a portal and the jump arrow; the last move
    # through the portals; a Super D20 decision (the deciding card ringed).
    "loka_portal_moves.png": lambda: render_loka(
        view(portal_state(), "fire"),
        options=replace(_OPTIONS, selected="d5", targets=targets_of(portal_state(), "d5")),
    ),
    "loka_portal_last_move.png": lambda: render_loka(
        view(portal_move_state(), "water"), options=replace(_OPTIONS, bottom="water")
    ),
    "loka_decision.png": lambda: render_loka(view(decision_state(), "air"), options=_OPTIONS),
}


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, render in CASES.items():
        data = render()
        (GOLDEN / name).write_bytes(data)
        print(f"{GOLDEN / name}  {len(data) // 1024} KB")


if __name__ == "__main__":
    main()
