"""The one entry point of the AI: a seat's action from its view, by game kind and level.

Everything here is importable by name and picklable, for the bot's process pool."""

from __future__ import annotations

import importlib
import random
from typing import Any

from ai.knowledge import Knowledge
from ai.levels import LEVELS, Level, budget_of
from ai.search import decide


def knowledge_of(kind: str) -> Knowledge:
    """The knowledge of the game ``kind`` (``ai.games.<kind>.KNOWLEDGE``)."""
    knowledge: Knowledge = importlib.import_module(f"ai.games.{kind}").KNOWLEDGE
    return knowledge


def choose(
    kind: str,
    view: Any,
    seat: str,
    level: str | Level,
    rng: random.Random | None = None,
    *,
    timed: bool = True,
) -> Any:
    """The action the AI at ``level`` (a name of ``ai.levels.LEVELS``, at the game's own
    iteration budget if it has one: ``ai.levels.budget_of``; or a :class:`Level`) takes for
    ``seat`` of a game of ``kind``, from ``view(state, seat)`` alone. Chess asks
    Stockfish first (at a named level, for its fixed node count) when its binary is
    installed and the choice is ``timed``; untimed, the search runs its whole iteration
    budget and no clock has a say, nor Stockfish (whose weaker skill levels draw their
    moves from a clock-seeded generator of their own): the choice is a function of ``rng``."""
    rng = rng or random.Random()
    knowledge = knowledge_of(kind)
    if (
        knowledge.direct is not None
        and knowledge.policy is not None
        and knowledge.direct(view, seat)
    ):
        return knowledge.policy(view, seat, knowledge.rules.legal_actions(view, seat), rng)
    if kind == "chess" and level in LEVELS and timed:
        from ai.stockfish import stockfish_move  # python-chess's engine module: chess only

        # With the seat: a seat to act only to answer a draw offer gets None (the search
        # answers it), never the other side's move.
        move = stockfish_move(view, level, seat=seat)
        if move is not None:
            return move
    family = kind if knowledge.variant is None else knowledge.variant(view)
    return decide(knowledge, view, seat, budget_of(family, level), rng, timed=timed)


def decision(kind: str, view: Any, seat: str, level: str, seed: int | None = None) -> str:
    """:func:`choose`'s action in its lossless text form: what the bot's worker processes
    send back (the table parses it with its rules, as it would a player's). With a
    ``seed`` (a seeded console run) the choice is the seed's alone: untimed, its randomness
    drawn from it."""
    if seed is None:
        return str(choose(kind, view, seat, level))
    return str(choose(kind, view, seat, level, random.Random(seed), timed=False))
