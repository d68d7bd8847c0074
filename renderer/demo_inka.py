"""Sample Inka images: ``python -m renderer.demo_inka OUT_DIR``; the rules page's picture:
``python -m renderer.demo_inka --rules-image`` (writes docs/rules/img/inka_temple.png).

The states (``renderer.inka_positions``) are built with the engine (a seeded game and
hand-made positions) and always pass through ``engine.inka.view`` before drawing. The tests
use the same states."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from engine import inka
from renderer.inka import InkaImageOptions, render_inka, rhombus_moves
from renderer.inka_positions import (
    NAMES,
    building_state,
    final_state,
    midgame_state,
    moved_before,
    moved_state,
    opening_state,
)
from renderer.sample_files import demo_main

__all__ = [
    "NAMES",
    "building_state",
    "final_state",
    "midgame_state",
    "moved_options",
    "moved_state",
    "opening_state",
]

# The rules page's picture (docs/rules/inka.md): the temple after set-up, cell names printed.
RULES_IMAGE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "img" / "inka_temple.png"


def moved_options(options: InkaImageOptions) -> InkaImageOptions:
    """``options`` with the highlight of the rhombus :func:`moved_state` slid (what a table
    passes: the state before the turn against the state drawn)."""
    return replace(options, moved=rhombus_moves(moved_before(), moved_state()))


def rules_image() -> bytes:
    """The rules page's picture: the opening, every cell's name printed."""
    return render_inka(
        inka.view(opening_state(), None), options=InkaImageOptions(labels=True, targets=False)
    )


def samples() -> dict[str, bytes]:
    opts = InkaImageOptions(names=NAMES)
    return {
        "opening.png": render_inka(inka.view(opening_state(), "red"), options=opts),
        "building.png": render_inka(inka.view(building_state(), "red"), options=opts),
        "midgame.png": render_inka(inka.view(midgame_state(), "red"), options=opts),
        "moved.png": render_inka(inka.view(moved_state(), "red"), options=moved_options(opts)),
        "final.png": render_inka(inka.view(final_state(), None), options=opts),
    }


def main(argv: list[str]) -> int:
    if argv == ["--rules-image"]:
        RULES_IMAGE.write_bytes(rules_image())
        print(RULES_IMAGE)
        return 0
    return demo_main(samples, argv, "renderer.demo_inka", "OUT_DIR | --rules-image")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
