"""The one entry point of the AI: a seat's action from its view, by game kind and level.

Everything here is importable by name and picklable, for the bot's process pool."""

from __future__ import annotations

import importlib
import random
from typing import Any

from ai.knowledge import Knowledge
from ai.levels import LEVELS, Level
from ai.search import decide


def knowledge_of(kind: str) -> Knowledge:
    """The knowledge of the game ``kind`` (``ai.games.<kind>.KNOWLEDGE``)."""
    return importlib.import_module(f"ai.games.{kind}").KNOWLEDGE


def choose(
    kind: str, view: Any, seat: str, level: str | Level, rng: random.Random | None = None
) -> Any:
    """The action the AI at ``level`` (a name of ``ai.levels.LEVELS``, or a :class:`Level`)
    takes for ``seat`` of a game of ``kind``, from ``view(state, seat)`` alone. Chess asks
    Stockfish first (at a named level) when its binary is installed."""
    rng = rng or random.Random()
    knowledge = knowledge_of(kind)
    if (
        knowledge.direct is not None
        and knowledge.policy is not None
        and knowledge.direct(view, seat)
    ):
        return knowledge.policy(view, seat, knowledge.rules.legal_actions(view, seat), rng)
    if kind == "chess" and level in LEVELS:
        from ai.stockfish import stockfish_move  # python-chess's engine module: chess only

        # With the seat: a seat to act only to answer a draw offer gets None (the search
        # answers it), never the other side's move.
        move = stockfish_move(view, level, seat=seat)
        if move is not None:
            return move
    return decide(knowledge, view, seat, level, rng)


def decision(kind: str, view: Any, seat: str, level: str) -> str:
    """:func:`choose`'s action in its lossless text form: what the bot's worker processes
    send back (the table parses it with its rules, as it would a player's)."""
    return str(choose(kind, view, seat, level))
