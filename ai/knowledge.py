"""What the search knows of one game: its rules, how to fill in what a view hides, how good
a position looks, and how to play a quick rollout."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import Field, dataclass, replace
from typing import Any, ClassVar, Protocol, TypeVar

from engine.dice import Dice
from engine.protocol import Game


class Seeded(Protocol):
    """A game state: a frozen dataclass with its dice."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def dice(self) -> Dice: ...


S = TypeVar("S", bound=Seeded)


@dataclass(frozen=True)
class Knowledge:
    rules: Game[Any, Any]
    """The engine's ``RULES`` (an ``engine.protocol.Rules``, or a variant of it)."""
    determinize: Callable[[Any, str, random.Random], Any]
    """(view, seat, rng) -> a full state consistent with the view: hidden dice reseeded from
    rng, hidden enemy choices sampled."""
    evaluate: Callable[[Any, str], float]
    """(state, seat) -> estimated chance in [0, 1] that seat's side wins (cheap)."""
    policy: Callable[[Any, str, list[Any], random.Random], Any] | None = None
    """Rollout policy: (state, seat, legal actions, rng) -> action; ``None``: uniform."""
    direct: Callable[[Any, str], bool] | None = None
    """(view, seat) -> whether the policy takes this decision from the view, without a
    search: set-up choices that can be undone and redone (a draft replaced, a figure lifted),
    which a tree over them would never bring to an end (``None``: always search)."""
    widening: float | None = None
    """Progressive widening: a node visited n times has at most ``ceil(widening * sqrt(n))``
    children, grown in the policy's order, for games whose turns offer hundreds of actions
    to a budget of a few hundred iterations: without it every iteration tries one more
    action once, and the best of many single noisy tries is mostly luck (``None``: a node
    tries every action before it descends)."""
    guided: bool = False
    """Random play never reaches this game's goal (Inka's three statues and an exit): every
    level, the easiest too, searches with the game's evaluation and rollout policy, so that
    a game between computer players ends (issue 30)."""
    withholds: bool = True
    """Whether the game's legal actions may hold one the search withholds while it has
    another choice (``ai.search.WITHHELD``: resigning, offering a draw); ``False``: they never
    do, and the search does not look for them at every step of its rollouts."""
    variant: Callable[[Any], str] | None = None
    """(view) -> the name under which the view's variant has iteration budgets of its own
    (``ai.levels.GAME_ITERATIONS``), for a variant whose iterations cost several times the
    game's (Lines of Action beyond the edges); ``None``: the game's kind alone."""


def reseeded(state: S, rng: random.Random) -> S:
    """``state`` with a fresh random seed in its dice, at the same point of the stream: the
    determinization of a state whose only secret is its seed."""
    dice = state.dice
    return replace(state, dice=Dice(rng.randbytes(32), dice.game_id, dice.counter))


def perfect_information(
    rules: Game[Any, Any],
    evaluate: Callable[[Any, str], float],
    policy: Callable[[Any, str, list[Any], random.Random], Any] | None = None,
    widening: float | None = None,
    guided: bool = False,
) -> Knowledge:
    """The knowledge of a game whose views hide nothing but the dice seed (its
    ``GameInfo`` says it has no hidden information)."""
    if rules.info.hidden_information:
        raise ValueError(f"{rules.info.name} hides choices: it needs its own determinize")
    return Knowledge(
        rules,
        lambda view, seat, rng: reseeded(view, rng),
        evaluate,
        policy,
        widening=widening,
        guided=guided,
    )


def squash(score: float) -> float:
    """A score of any size (positive: good for the seat) as a chance in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))
