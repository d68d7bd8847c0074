"""The pictures a Loka table posts, drawn by the renderer from engine views only, with the
words of the reader's language."""

from __future__ import annotations

from bot.i18n import picture_words
from engine.loka import DEPLOYMENT, LokaState
from renderer.loka import (
    LokaImageOptions,
    render_army_card,
    render_deployment,
    render_loka,
    render_summary,
)
from renderer.words import Words


def words(locale: str | None) -> Words:
    """The words Loka's pictures draw, in the reader's language."""
    return picture_words(locale, "loka")


def board(
    seen: LokaState,
    names: dict[str, str],
    targets: list[str],
    bottom: str,
    selected: str | None = None,
    locale: str | None = None,
    deciding: str | None = None,
) -> bytes:
    """The board (deployment's or the battle's) from ``bottom``'s side; ``deciding`` is the
    army whose Super D20 waits for a decision (its banner card is highlighted)."""
    options = LokaImageOptions(
        bottom=bottom,
        names=names,
        targets=tuple(targets),
        selected=selected,
        words=words(locale),
        deciding=deciding,
    )
    if seen.phase == DEPLOYMENT:
        return render_deployment(seen, options=options)
    return render_loka(seen, options=options)


def army_card(
    army: str,
    draft: tuple[int, ...],
    budget: int,
    costs: dict[int, int],
    player: str = "",
    locale: str | None = None,
) -> bytes:
    return render_army_card(army, draft, budget, costs, player=player, words=words(locale))


def summary(seen: LokaState, names: dict[str, str], locale: str | None = None) -> bytes:
    return render_summary(seen, options=LokaImageOptions(names=names, words=words(locale)))
