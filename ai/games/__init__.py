"""Per-game knowledge: ``ai.games.<kind>`` defines ``KNOWLEDGE`` (``ai.knowledge.Knowledge``),
loaded by name from ``ai.player``."""
