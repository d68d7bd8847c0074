"""The provably fair random source shared by every game (RULINGS 0).

Roll *n* of a game is derived from ``HMAC-SHA256(seed, "<game id>:<n>")``. The bot publishes
``SHA-256(seed)`` when a game starts and the seed when it ends, so anyone can recompute every
roll from the record. A die of *k* faces maps the 256-bit HMAC to ``1..k`` by rejection
sampling (no modulo bias): a draw that falls in the incomplete last block is discarded and
the counter moves on.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

_SPACE = 1 << 256


def commitment(seed: bytes) -> str:
    """The public promise made at game start: the SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed).hexdigest()


def draw(seed: bytes, game_id: str, counter: int) -> int:
    """The raw 256-bit number of draw ``counter``."""
    message = f"{game_id}:{counter}".encode()
    return int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest(), "big")


@dataclass(frozen=True, slots=True)
class Dice:
    """An immutable position in a game's random stream: rolling returns the value and the
    next position. ``seed`` is ``None`` in a player's view, where nothing can be rolled."""

    seed: bytes | None
    game_id: str
    counter: int = 0

    def roll(self, faces: int) -> tuple[int, Dice]:
        """A fair roll of a ``faces``-sided die (1..faces) and the stream after it."""
        if faces < 1:
            raise ValueError(f"a die needs at least one face, not {faces}")
        if self.seed is None:
            raise ValueError("this is a player's view of the game: it holds no seed to roll with")
        limit = _SPACE - _SPACE % faces
        counter = self.counter
        while True:
            value = draw(self.seed, self.game_id, counter)
            counter += 1
            if value < limit:
                return value % faces + 1, Dice(self.seed, self.game_id, counter)

    def hidden(self) -> Dice:
        """The same stream position without the seed (for views)."""
        return Dice(None, self.game_id, self.counter)

    @property
    def commitment(self) -> str:
        if self.seed is None:
            raise ValueError("the seed is hidden")
        return commitment(self.seed)
