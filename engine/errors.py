"""Typed errors. Every message is written for a player: what was wrong, and what would be right.

An error may carry a ``code`` (e.g. ``"loka.deploy_king_first"``) and the ``params`` its
message was built from, so that the bot can tell it in the player's own language; the
English ``str(error)`` is always complete on its own."""

from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class InvalidNotation(EngineError):
    """A square, action or position text that cannot be read."""


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurn(IllegalAction):
    """An action by a seat that has nothing to decide right now."""


class InvalidPosition(EngineError):
    """A position that breaks the game's invariants (two kings, a piece off the board...)."""


class InvalidConfig(EngineError):
    """Game options that do not fit together."""


class InvalidRecord(EngineError):
    """A saved state or game record that cannot be restored."""
