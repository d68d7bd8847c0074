"""Game clocks, for play across days and for live play: what a table's ``clock:`` option
means, and each seat's time, kept in the game's row (``meta["clock"]``) so that a restart
loses nothing (a deadline is a stored time, never a timer in memory).

- A **per-move limit** (``clock:24h``, ``10m``, ``2d``, ``90s``): a seat has that long from
  the moment it is awaited until its turn is over (every action of one turn counts as one
  move: an Inka turn of several actions, a Loka draft until it is confirmed).
- **Fischer time** (``clock:10+5``, chess only): each side has a bank of minutes; the time
  it thinks comes off it and each move it ends adds the increment (in seconds).

What happens when a seat's time runs out is the table's ``timeout:`` option (:data:`AT_LIMIT`).
A seat is reminded by DM at half its time and when a tenth of it is left. All seated people
may vote a pause (holidays): the clock stops until one of them resumes it.

Everything here is pure: it reads and writes the clock's dict, at times given as numbers."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
MOVE_LIMITS = (60.0, 30 * 86400.0)  # a per-move limit: at least a minute, at most 30 days
BANK_MINUTES = (1, 600)
INCREMENT_SECONDS = (0, 180)
AT_LIMIT = ("ai", "skip", "forfeit")
# Reminders: at half the seat's time, then when this share of it is left.
HALF, LAST = 0.5, 0.1
# A turn's "warned": 0 nothing sent, 1 the half-time reminder, 2 the last one, SETTLED its
# time ran out and the table did what the timeout option says (nothing more is due).
SETTLED = 3

_MOVE = re.compile(r"(\d{1,6})\s*([smhd])")
_FISCHER = re.compile(r"(\d{1,4})\s*\+\s*(\d{1,4})")


class ClockError(ValueError):
    """A clock the table cannot keep: a catalog key saying why, and its values."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class ClockSpec:
    """``move``: the per-move limit in seconds; or ``bank`` (seconds) and ``increment``."""

    move: float | None = None
    bank: float | None = None
    increment: float = 0.0

    @property
    def fischer(self) -> bool:
        return self.bank is not None

    @property
    def text(self) -> str:
        """The spec as ``clock:`` takes it (what a post shows, what the row keeps)."""
        if self.bank is not None:
            return f"{self.bank / 60:g}+{self.increment:g}"
        assert self.move is not None
        for unit in ("d", "h", "m"):
            if self.move % UNITS[unit] == 0:
                return f"{self.move / UNITS[unit]:g}{unit}"
        return f"{self.move:g}s"


def parse_clock(text: str, *, fischer: bool) -> ClockSpec | None:
    """``clock:``'s value: ``none`` (or blank), a per-move limit, or Fischer time where the
    game allows it (``fischer``). Raises :class:`ClockError` saying what would be right."""
    raw = text.strip().lower().replace(" ", "")
    if raw in ("", "none", "off", "no"):
        return None
    if match := _MOVE.fullmatch(raw):
        seconds = float(int(match.group(1)) * UNITS[match.group(2)])
        if not MOVE_LIMITS[0] <= seconds <= MOVE_LIMITS[1]:
            raise ClockError("clock.move_range", given=text)
        return ClockSpec(move=seconds)
    if match := _FISCHER.fullmatch(raw):
        if not fischer:
            raise ClockError("clock.no_fischer", given=text)
        minutes, increment = int(match.group(1)), int(match.group(2))
        if not BANK_MINUTES[0] <= minutes <= BANK_MINUTES[1]:
            raise ClockError(
                "clock.bank_range", given=text, low=BANK_MINUTES[0], high=BANK_MINUTES[1]
            )
        if not INCREMENT_SECONDS[0] <= increment <= INCREMENT_SECONDS[1]:
            raise ClockError("clock.increment_range", given=text, high=INCREMENT_SECONDS[1])
        return ClockSpec(bank=minutes * 60.0, increment=float(increment))
    raise ClockError("clock.bad", given=text)


def new_clock(spec: ClockSpec, at_limit: str) -> dict[str, Any]:
    """A lobby's clock, not running yet: its first turns start with the game."""
    if at_limit not in AT_LIMIT:
        raise ClockError("clock.bad_timeout", given=at_limit, choices=", ".join(AT_LIMIT))
    return {
        "spec": spec.text,
        "move": spec.move,
        "bank": spec.bank,
        "increment": spec.increment,
        "at_limit": at_limit,
        "turns": {},  # seat -> {"since": t, "allowed": seconds, "warned": 0|1|2}
        "banks": {},  # Fischer: seat -> seconds left when its turn is not running
        "paused": None,  # since when the clock stands still
        "votes": [],  # the people who voted for a pause
    }


def allowed(clock: dict[str, Any], seat: str) -> float:
    """The time a seat's new turn has: the per-move limit, or what is left in its bank."""
    if clock["bank"] is None:
        return float(clock["move"])
    return float(clock["banks"].get(seat, clock["bank"]))


def advance(
    clock: dict[str, Any], awaited: Iterable[str], acted: Iterable[str], now: float
) -> None:
    """After a change: a seat awaited before and still awaited keeps its running turn; a seat
    no longer awaited ends its turn (Fischer: the time spent comes off its bank, and the
    increment goes on it if it acted); a seat newly awaited starts a turn now."""
    awaited, acted = set(awaited), set(acted)
    turns = clock["turns"]
    for seat in [s for s in turns if s not in awaited]:
        turn = turns.pop(seat)
        if clock["bank"] is not None:
            spent = max(0.0, _running(clock, now) - turn["since"])
            left = max(0.0, turn["allowed"] - spent)
            clock["banks"][seat] = left + (clock["increment"] if seat in acted else 0.0)
    for seat in sorted(awaited - set(turns)):
        turns[seat] = {"since": _running(clock, now), "allowed": allowed(clock, seat), "warned": 0}


def _running(clock: dict[str, Any], now: float) -> float:
    """``now`` on the clock's own time: a paused clock stands at its pause."""
    return clock["paused"] if clock["paused"] is not None else now


def left(clock: dict[str, Any], seat: str, now: float) -> float | None:
    """Seconds left in ``seat``'s running turn (None: it is not awaited)."""
    turn = clock["turns"].get(seat)
    if turn is None:
        return None
    return turn["allowed"] - (_running(clock, now) - turn["since"])


def out_of_time(clock: dict[str, Any], now: float) -> list[str]:
    """The awaited seats whose time has run out (none while paused)."""
    if clock["paused"] is not None:
        return []
    return sorted(
        seat
        for seat, turn in clock["turns"].items()
        if turn["warned"] < SETTLED and (left(clock, seat, now) or 0.0) <= 0.0
    )


def settle(clock: dict[str, Any], seat: str) -> None:
    """The table has dealt with ``seat``'s time running out: nothing more is due."""
    clock["turns"][seat]["warned"] = SETTLED


def reminders(clock: dict[str, Any], now: float) -> list[tuple[str, int]]:
    """The reminders due now, as (seat, 1: half the time gone, 2: the last tenth), each
    noted as sent: a seat gets each reminder of a turn once, the latest only."""
    if clock["paused"] is not None:
        return []
    due = []
    for seat, turn in sorted(clock["turns"].items()):
        gone = _running(clock, now) - turn["since"]
        stage = (
            2
            if gone >= (1 - LAST) * turn["allowed"]
            else 1
            if gone >= HALF * turn["allowed"]
            else 0
        )
        if turn["warned"] < stage < SETTLED:
            turn["warned"] = stage
            due.append((seat, stage))
    return due


def wake(clock: dict[str, Any] | None) -> float | None:
    """When the clock next needs the table: a reminder or a time-out (None: never, or
    paused)."""
    if not clock or clock["paused"] is not None:
        return None
    times: list[float] = []
    for turn in clock["turns"].values():
        marks = (HALF * turn["allowed"], (1 - LAST) * turn["allowed"], turn["allowed"])
        times.extend(turn["since"] + mark for mark in marks[turn["warned"] :])
    return min(times, default=None)


def pause(clock: dict[str, Any], now: float) -> None:
    clock["paused"], clock["votes"] = now, []


def resume(clock: dict[str, Any], now: float) -> None:
    """The clock runs again: every running turn is moved on by the pause's length."""
    if clock["paused"] is None:
        return
    shift = now - clock["paused"]
    for turn in clock["turns"].values():
        turn["since"] += shift
    clock["paused"], clock["votes"] = None, []


def duration(seconds: float) -> str:
    """A time span as a player reads it: ``2 d 3 h``, ``5 h 10 min``, ``4 min 5 s``."""
    seconds = max(0, round(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    if minutes:
        return f"{minutes} min {secs} s" if secs and minutes < 10 else f"{minutes} min"
    return f"{secs} s"
