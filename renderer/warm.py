"""Warm the renderer's caches (static board layers, sprites, glyphs) before any player waits
on them: the first picture of each game costs seconds cold and milliseconds warm.

The sample pictures of each game's demo are drawn once and thrown away; the bot does this
in a thread at start-up."""

from __future__ import annotations

import importlib

DEMOS = (
    "renderer.demo",
    "renderer.demo_chess",
    "renderer.demo_loa",
    "renderer.demo_echec",
    "renderer.demo_alako",
    "renderer.demo_inka",
)


def warm() -> int:
    """Draw every game's sample pictures once; returns how many were drawn."""
    return sum(len(importlib.import_module(name).samples()) for name in DEMOS)
