"""The pictures a Loka table posts, drawn by the renderer from engine views only."""

from __future__ import annotations

from engine.loka import DEPLOYMENT, LokaState
from renderer.loka import (
    LokaImageOptions,
    render_army_card,
    render_deployment,
    render_loka,
    render_summary,
)


def board(
    seen: LokaState,
    names: dict[str, str],
    targets: list[str],
    bottom: str,
    selected: str | None = None,
) -> bytes:
    options = LokaImageOptions(
        bottom=bottom, names=names, targets=tuple(targets), selected=selected
    )
    if seen.phase == DEPLOYMENT:
        return render_deployment(seen, options=options)
    return render_loka(seen, options=options)


def army_card(
    army: str, draft: tuple[int, ...], budget: int, costs: dict[int, int], player: str = ""
) -> bytes:
    return render_army_card(army, draft, budget, costs, player=player)


def summary(seen: LokaState, names: dict[str, str]) -> bytes:
    return render_summary(seen, options=LokaImageOptions(names=names))
