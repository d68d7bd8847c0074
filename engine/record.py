"""The game record (RULINGS 0): config, seed commitment, every action and every roll.

It exports as text and replays to exactly the same state; once the seed is revealed anyone
can check every roll against it. The text form, one header per line then one action per
line with its rolls::

    [Game "loka"]
    [Id "g1"]
    [Config "{...}"]
    [Commitment "9f86d0..."]
    [Seed "74657374"]
    1. fire: draft Q B 3P
    5. earth: confirm {#0 d4=2, #1 d9=7}
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Written
from engine.dice import commitment as commit
from engine.errors import InvalidRecord
from engine.protocol import Event, roll_events

_HEADER = re.compile(r'^\[(\w+) "(.*)"\]$')
_ENTRY = re.compile(r"^(\d+)\.\s+([\w-]+):\s+(.*?)\s*(?:\{(.*)\})?$")
_ROLL = re.compile(r"^#(\d+) d(\d+)=(\d+)$")


class Roll(Written, form="#{draw} d{die}={value}"):
    """One roll of the game's seeded source: the ``draw`` counter, the die's faces, the
    value."""

    draw: int
    die: int
    value: int


def rolls_in(events: Sequence[Event]) -> tuple[Roll, ...]:
    """The rolls among an action's events, in order."""
    return tuple(Roll(e.data["draw"], e.data["die"], e.data["value"]) for e in roll_events(events))


@dataclass(frozen=True, slots=True)
class RecordEntry:
    seat: str
    action: str
    rolls: tuple[Roll, ...] = ()


@dataclass
class GameRecord:
    game: str
    game_id: str
    config: dict[str, Any]
    commitment: str
    start: str | None = None  # a position text the game started from, if any
    entries: list[RecordEntry] = field(default_factory=list)
    seed: bytes | None = None  # revealed when the game is over

    def add(self, seat: str, action: object, events: Sequence[Event]) -> None:
        self.entries.append(RecordEntry(seat, str(action), rolls_in(events)))

    def export_text(self, *, reveal_seed: bool = False) -> str:
        headers = {
            "Game": self.game,
            "Id": self.game_id,
            "Config": json.dumps(self.config, sort_keys=True, separators=(",", ":")),
            "Commitment": self.commitment,
        }
        if self.start is not None:
            headers["Start"] = self.start
        if reveal_seed and self.seed is not None:
            headers["Seed"] = self.seed.hex()
        lines = [f'[{k} "{_escape(v)}"]' for k, v in headers.items()]
        for n, entry in enumerate(self.entries, 1):
            rolls = " {" + ", ".join(map(str, entry.rolls)) + "}" if entry.rolls else ""
            lines.append(f"{n}. {entry.seat}: {entry.action}{rolls}")
        return "\n".join(lines) + "\n"

    @classmethod
    def parse_text(cls, text: str) -> GameRecord:
        headers: dict[str, str] = {}
        entries: list[RecordEntry] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            if match := _HEADER.match(line):
                headers[match.group(1)] = _unescape(match.group(2))
            elif match := _ENTRY.match(line):
                rolls = []
                for part in filter(None, (p.strip() for p in (match.group(4) or "").split(","))):
                    roll = _ROLL.match(part)
                    if not roll:
                        raise InvalidRecord(f"line {number}: '{part}' is not a roll like #3 d6=4")
                    rolls.append(Roll(*(int(x) for x in roll.groups())))
                entries.append(RecordEntry(match.group(2), match.group(3), tuple(rolls)))
            else:
                raise InvalidRecord(f"line {number} of the record cannot be read: {line!r}")
        try:
            seed = bytes.fromhex(headers["Seed"]) if "Seed" in headers else None
            record = cls(
                game=headers["Game"],
                game_id=headers["Id"],
                config=json.loads(headers["Config"]),
                commitment=headers["Commitment"],
                start=headers.get("Start"),
                entries=entries,
                seed=seed,
            )
        except (KeyError, ValueError) as exc:
            raise InvalidRecord(f"the record's headers are incomplete or wrong: {exc}") from exc
        if seed is not None and commit(seed) != record.commitment:
            raise InvalidRecord("the revealed seed does not match the commitment made at start")
        return record

    def replay(
        self,
        initial: Callable[[dict[str, Any], bytes, str, str | None], Any],
        rules: Any,
        *,
        upto: int | None = None,
    ) -> Any:
        """Rebuild the state by applying every action (the first ``upto``) from the start,
        checking that each roll is the one recorded. Needs the seed."""
        if self.seed is None:
            raise InvalidRecord("the seed is not revealed yet: the record cannot be replayed")
        state = initial(self.config, self.seed, self.game_id, self.start)
        for n, entry in enumerate(self.entries[:upto], 1):
            state, events = rules.apply(state, rules.parse_action(entry.action), entry.seat)
            if rolls_in(events) != entry.rolls:
                raise InvalidRecord(f"action {n} ({entry.action}): the rolls do not match")
        return state


class Opening:
    """How a game's records begin: its name, and how to build the first state from a
    record's config (a dict) and optional starting position text. Each game module makes one
    ``Opening`` and exposes its ``initial_state`` and ``new_record``."""

    def __init__(
        self,
        game: str,
        config_from_dict: Callable[[dict[str, Any]], Any],
        new_game: Callable[..., Any],
        from_position: Callable[..., Any],
    ) -> None:
        self.game = game
        self._config = config_from_dict
        self._new_game = new_game
        self._from_position = from_position

    def initial_state(
        self, config: dict[str, Any], seed: bytes, game_id: str, start: str | None = None
    ) -> Any:
        """The state a record starts from: a new game, or its starting position."""
        cfg = self._config(config)
        if start is not None:
            return self._from_position(start, cfg, seed=seed, game_id=game_id)
        return self._new_game(cfg, seed=seed, game_id=game_id)

    def new_record(
        self, config: Any, seed: bytes, game_id: str, start: str | None = None
    ) -> GameRecord:
        """An empty record of a game about to be played (the seed is kept for the end)."""
        return GameRecord(
            game=self.game,
            game_id=game_id,
            config=config.to_dict(),
            commitment=commit(seed),
            start=start,
            seed=seed,
        )


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\")
