"""What every game's saved state (``to_dict`` / ``from_dict``) shares: a header naming the
game, the schema, the options and the dice; and one way of refusing a saved state that is
not this game's, of another schema, or that cannot be read."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from engine.dice import Dice
from engine.errors import EngineError, InvalidRecord


@dataclass(frozen=True)
class Snapshot:
    """How one game saves its states: ``game`` names it in the header, ``title`` in
    messages; it writes ``schema`` and reads ``readable`` (``schema`` alone by default).
    ``coded`` refusals carry the codes ``<game>.not_<game>``, ``<game>.schema`` and
    ``<game>.bad_state``, for the table to translate."""

    game: str
    title: str
    schema: int
    readable: tuple[int, ...] = ()
    coded: bool = False

    def header(self, state: Any) -> dict[str, Any]:
        """The first entries of a saved ``state``: the game, the schema, its options (its
        ``config``) and its ``dice``."""
        dice: Dice = state.dice
        return {
            "game": self.game,
            "schema": self.schema,
            "config": state.config.to_dict(),
            "dice": {
                "seed": None if dice.seed is None else dice.seed.hex(),
                "game_id": dice.game_id,
                "counter": dice.counter,
            },
        }

    @contextmanager
    def reading(self, data: Mapping[str, Any]) -> Iterator[None]:
        """Checks the header of ``data``, then lets the block read the rest: an entry
        missing or of the wrong kind there is refused as a state that cannot be read."""
        article = "an" if self.title[:1] in "AEIOUÉ" else "a"
        if data.get("game") != self.game:
            raise self._refusal(
                f"this is not {article} {self.title} state (game: {data.get('game')!r})",
                f"not_{self.game}",
            )
        readable = self.readable or (self.schema,)
        if data.get("schema") not in readable:
            raise self._refusal(
                f"this {self.title} state has schema {data.get('schema')!r}: this version "
                f"reads schema {' or '.join(map(str, readable))}",
                "schema",
            )
        try:
            yield
        except InvalidRecord:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            detail = str(exc) if isinstance(exc, EngineError) else repr(exc)
            raise self._refusal(
                f"this {self.title} state cannot be read: {detail}", "bad_state"
            ) from exc

    def _refusal(self, message: str, reason: str) -> InvalidRecord:
        return InvalidRecord(message, code=f"{self.game}.{reason}" if self.coded else None)


def saved(state: Any, *names: str) -> dict[str, Any]:
    """The fields ``names`` of ``state`` as a saved state holds them: as they are, a tuple
    as a list (as JSON reads it back)."""
    return {n: list(v) if isinstance(v := getattr(state, n), tuple) else v for n in names}


def dice_of(data: Mapping[str, Any]) -> Dice:
    """The dice a :meth:`Snapshot.header` saved."""
    dice = data["dice"]
    seed = None if dice["seed"] is None else bytes.fromhex(dice["seed"])
    return Dice(seed, dice["game_id"], int(dice["counter"]))
