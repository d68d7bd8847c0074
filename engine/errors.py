"""Typed errors. Every message is written for a player: what was wrong, and what would be right."""


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


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
