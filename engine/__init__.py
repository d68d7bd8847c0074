"""The rules of Plateau's games: pure Python, no I/O."""
