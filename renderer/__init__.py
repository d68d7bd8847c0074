"""Board images drawn from engine views (Pillow).

The kit (shared by every game): ``theme`` (colours by meaning), ``fonts`` (the bundled
font only), ``words`` (the reader's words), ``options`` (what every game's image options
hold), ``vector`` (supersampled shapes), ``sprites`` (piece art), ``tiles`` (terrain icons),
``dice`` (dice and the combat badge), ``banner`` (player cards), ``board`` (orientation,
layout, overlays, cached cells) and ``png`` (palettes and :func:`encode_png`).
Games, one module each with its ``render_<game>(view, *, options) -> bytes`` and
``clear_caches()``: ``loka``, ``chess``, ``loa``, ``echec``, ``alako``, ``inka``. Samples:
``python -m renderer.demo OUT_DIR`` (Loka) and ``python -m renderer.demo_<game> OUT_DIR`` for
the others (``sample_files``: the demos' command line)."""

from renderer.loka import (
    LokaImageOptions,
    render_army_card,
    render_deployment,
    render_loka,
    render_summary,
)
from renderer.png import encode_png
from renderer.theme import DEFAULT_THEME, Theme

__all__ = [
    "DEFAULT_THEME",
    "LokaImageOptions",
    "Theme",
    "encode_png",
    "render_army_card",
    "render_deployment",
    "render_loka",
    "render_summary",
]
