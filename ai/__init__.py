"""Computer players (issue 16): one information-set Monte Carlo tree search over the engine
protocol, per-game knowledge in ``ai.games.<kind>``, and levels by budget and knowledge.

A pure layer on ``engine`` alone (``engine`` <- ``ai`` <- ``bot``): the AI is handed only a
seat's ``view(state, seat)``, never the state, and samples what it cannot see.
``ai.player.choose`` is the one entry point."""
