"""The clock's arithmetic (``bot.clocks``): what ``clock:`` accepts, turns that begin and
end with the seats awaited, Fischer banks, reminders, pauses and the next wake-up."""

from __future__ import annotations

import pytest

from bot import clocks
from bot.clocks import ClockError, ClockSpec, parse_clock


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("none", None),
        ("", None),
        ("10m", ClockSpec(move=600.0)),
        ("24h", ClockSpec(move=86400.0)),
        (" 3 d ", ClockSpec(move=3 * 86400.0)),
        ("90s", ClockSpec(move=90.0)),
        ("10+5", ClockSpec(bank=600.0, increment=5.0)),
        ("3 + 0", ClockSpec(bank=180.0, increment=0.0)),
    ],
)
def test_clock_specs_read_and_write_back(text: str, spec: ClockSpec | None) -> None:
    assert parse_clock(text, fischer=True) == spec
    if spec is not None:
        assert parse_clock(spec.text, fischer=True) == spec


# What ``clock:`` refuses, and the catalog key that says why (with Fischer time allowed).
REFUSED = "soon clock.bad | 10 clock.bad | 30s clock.move_range | 31d clock.move_range | "
REFUSED += "0+5 clock.bank_range | 10+999 clock.increment_range"


@pytest.mark.parametrize("case", REFUSED.split(" | "))
def test_clocks_the_table_cannot_keep_say_why(case: str) -> None:
    text, key = case.split()
    with pytest.raises(ClockError) as caught:
        parse_clock(text, fischer=True)
    assert caught.value.key == key


def test_fischer_time_is_for_the_games_that_allow_it() -> None:
    with pytest.raises(ClockError) as caught:
        parse_clock("10+5", fischer=False)
    assert caught.value.key == "clock.no_fischer"


def test_a_timeout_is_one_of_three() -> None:
    with pytest.raises(ClockError) as caught:
        clocks.new_clock(ClockSpec(move=600.0), "wait")
    assert caught.value.key == "clock.bad_timeout"


def test_a_turn_runs_while_its_seat_stays_awaited() -> None:
    clock = clocks.new_clock(ClockSpec(move=600.0), "ai")
    clocks.advance(clock, ["a"], [], now=1000)
    assert clocks.left(clock, "a", 1100) == 500
    # "a" acts but is still awaited (a turn of several actions): its turn goes on.
    clocks.advance(clock, ["a"], ["a"], now=1200)
    assert clocks.left(clock, "a", 1200) == 400
    # "a" is done, "b" is awaited: b's turn starts now, a's is gone.
    clocks.advance(clock, ["b"], ["a"], now=1300)
    assert clocks.left(clock, "a", 1300) is None
    assert clocks.left(clock, "b", 1300) == 600
    assert clocks.out_of_time(clock, 1899) == []
    assert clocks.out_of_time(clock, 1900) == ["b"]
    clocks.settle(clock, "b")
    assert clocks.out_of_time(clock, 5000) == []
    assert clocks.wake(clock) is None  # nothing more is due for a settled turn


def test_simultaneous_seats_each_keep_their_own_turn() -> None:
    clock = clocks.new_clock(ClockSpec(move=600.0), "ai")
    clocks.advance(clock, ["a", "b"], [], now=0)
    clocks.advance(clock, ["b"], ["a"], now=300)  # a drafted; b is still thinking
    assert clocks.left(clock, "b", 300) == 300
    assert clocks.out_of_time(clock, 600) == ["b"]


def test_fischer_banks_lose_the_time_spent_and_gain_the_increment() -> None:
    clock = clocks.new_clock(ClockSpec(bank=60.0, increment=2.0), "forfeit")
    clocks.advance(clock, ["white"], [], now=0)
    clocks.advance(clock, ["black"], ["white"], now=10)  # white spent 10 s
    assert clock["banks"]["white"] == 52
    assert clocks.left(clock, "black", 10) == 60
    clocks.advance(clock, ["white"], ["black"], now=70)  # black spent 60 s: all of it
    assert clock["banks"]["black"] == 2
    assert clocks.left(clock, "white", 70) == 52
    assert clocks.out_of_time(clock, 121) == []
    assert clocks.out_of_time(clock, 122) == ["white"]


def test_reminders_come_at_half_time_then_in_the_last_tenth_once_each() -> None:
    clock = clocks.new_clock(ClockSpec(move=1000.0), "ai")
    clocks.advance(clock, ["a"], [], now=0)
    assert clocks.wake(clock) == 500
    assert clocks.reminders(clock, 499) == []
    assert clocks.reminders(clock, 500) == [("a", 1)]
    assert clocks.reminders(clock, 600) == []
    assert clocks.wake(clock) == 900
    assert clocks.reminders(clock, 950) == [("a", 2)]
    assert clocks.wake(clock) == 1000
    # Asleep through both: only the latest is sent.
    clocks.advance(clock, ["b"], ["a"], now=1000)
    assert clocks.reminders(clock, 1950) == [("b", 2)]


def test_a_pause_stops_every_turn_and_a_resume_moves_them_on() -> None:
    clock = clocks.new_clock(ClockSpec(move=600.0), "ai")
    clocks.advance(clock, ["a"], [], now=0)
    clock["votes"] = [1]
    clocks.pause(clock, 100)
    assert clock["votes"] == []
    assert clocks.left(clock, "a", 10_000) == 500
    assert clocks.out_of_time(clock, 10_000) == [] and clocks.reminders(clock, 10_000) == []
    assert clocks.wake(clock) is None
    # A turn that starts while paused starts at the pause.
    clocks.advance(clock, ["b"], ["a"], now=5000)
    clocks.resume(clock, 20_000)
    assert clocks.left(clock, "b", 20_000) == 600
    assert clocks.out_of_time(clock, 20_599) == []
    assert clocks.out_of_time(clock, 20_600) == ["b"]


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (0, "0 s"),
        (59, "59 s"),
        (61, "1 min 1 s"),
        (600, "10 min"),
        (3700, "1 h 1 min"),
        (86400, "1 d"),
        (90000, "1 d 1 h"),
    ],
)
def test_durations_read_as_a_player_says_them(seconds: float, shown: str) -> None:
    assert clocks.duration(seconds) == shown
