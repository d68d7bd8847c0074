"""The pictures a Loka table posts, drawn by the renderer from engine views only."""

from __future__ import annotations

from engine.loka import LokaState


def board(seen: LokaState, names: dict[str, str], targets: list[str], bottom: str) -> bytes:
    from renderer.loka import LokaImageOptions, render_loka

    options = LokaImageOptions(bottom=bottom, names=names, targets=tuple(targets))
    if seen.phase == "deployment":
        from renderer.loka import render_deployment

        return render_deployment(seen, options=options)
    return render_loka(seen, options=options)


def army_card(army: str, draft: tuple[int, ...], budget: int, costs: dict[int, int]) -> bytes:
    from renderer.loka import render_army_card

    return render_army_card(army, draft, budget, costs)


def summary(seen: LokaState, names: dict[str, str]) -> bytes:
    from renderer.loka import LokaImageOptions, render_summary

    return render_summary(seen, options=LokaImageOptions(names=names))
