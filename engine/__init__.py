"""The rules of Plateau's games: pure Python, no I/O.

Each game is a package (``engine.<game>``) of modules named for what they hold; the package
names its public API: ``INFO``, the facts about the game (``engine.protocol.GameInfo``),
``RULES``, the game as an object implementing ``engine.protocol.Game`` (see
``engine.protocol.rules_of``), the protocol functions (its ``game`` module), the position text
(its ``position`` module), its actions, options and phases. What every game shares is
written once here: ``protocol``, ``config`` (options), ``position`` (the position text's
fields), ``snapshot`` (saved states), ``dice``, ``record`` and ``errors``."""
