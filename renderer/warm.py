"""Warm the renderer's caches (palettes, static board layers, sprites, glyphs) before any
player waits on them: the first picture of each game costs up to a second cold and
milliseconds warm.

Two parts, so that warming never holds up a picture someone waits for:

- the warm state (:func:`warm_state`, :func:`restore`): what is dear to make and cheap to
  keep, the fitted palettes (most of a first picture's cost), as picklable data. The bot
  keeps it on disk and hands it to every render worker at its start: with it, a game's first
  picture costs about 0.1 s.
- the warm-up (:data:`CHUNKS`): each game's sample pictures drawn once and thrown away, one
  game per chunk, so the bot can draw them between live pictures."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any

from renderer.png import fitted_palettes, restore_palettes

DEMOS = (
    "renderer.demo_chess",
    "renderer.demo",
    "renderer.demo_loa",
    "renderer.demo_echec",
    "renderer.demo_alako",
    "renderer.demo_inka",
)


def load() -> None:
    """Import every game's renderer and engine (a tenth of a second or so, not paid by the
    first picture of each game)."""
    for name in DEMOS:
        importlib.import_module(name)


def draw_demo(name: str) -> int:
    """Draw one game's sample pictures (``name``: its demo module); returns how many."""
    return len(importlib.import_module(name).samples())


# One chunk per game (each picklable, a worker finds it by name): the cheap games first, so
# the smallest chunks run while players are most likely to be starting their first games.
CHUNKS: tuple[Callable[[], int], ...] = tuple(functools.partial(draw_demo, n) for n in DEMOS)


def warm() -> int:
    """Draw every game's sample pictures once, here; returns how many were drawn."""
    return sum(chunk() for chunk in CHUNKS)


WarmState = dict[str, Any]


def warm_state() -> WarmState:
    """What this process has warmed that another can take over: its palettes."""
    return {"palettes": fitted_palettes()}


def restore(state: WarmState) -> None:
    """Take over a warm state (from :func:`warm_state`, maybe in another process)."""
    restore_palettes(state["palettes"])


def merged(first: WarmState | None, second: WarmState) -> WarmState:
    """Two processes' warm states as one."""
    if first is None:
        return second
    return {"palettes": {**first["palettes"], **second["palettes"]}}
