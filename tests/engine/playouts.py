"""The random-playout driver behind every game's ``test_playouts.py``.

A playout plays one whole game from its start with a seeded random player. At its start and
after every step it checks what holds for any engine of the protocol
(``engine.protocol.Game``): the seat asked to act has a legal action; a sample of the legal
actions read back from their text and apply; every event is JSON-ready; the game is over
exactly when nobody is to act and there is an outcome; a seat's default action (what a
table plays when its time runs out), where the game has one, is legal; now and then and at
the end, the state round-trips through JSON. Then come the game's own invariants. After the
game, its record exported as text replays to exactly the final state, and its first half to
the middle state.

A game's test declares only its own parts in a :class:`Harness`: its engine package, how
its player chooses, its per-step checks, how often it round-trips, the step cap and what
happens there.
``PLATEAU_PLAYOUTS=500`` raises the number of seeded games (see :func:`playout_seeds`)."""

from __future__ import annotations

import importlib
import json
import os
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

from engine.protocol import Event
from engine.record import GameRecord, Opening
from tests.engine.helpers import check_position_text

Check = Callable[[Any], None]
"""A check of one state, failing by assertion."""

Choose = Callable[[random.Random, Any, str, list[Any]], tuple[str, Any]]
"""The player: from the rng, the state, the seat asked and its legal actions, the seat that
acts and its action (a seat other than the one asked may act, to offer a draw say)."""


def playout_seeds(default: int) -> range:
    """The seeds of the games to play: ``default`` of them, or ``PLATEAU_PLAYOUTS``."""
    return range(int(os.environ.get("PLATEAU_PLAYOUTS", str(default))))


@dataclass(frozen=True)
class Playout:
    states: list[Any]
    """Every state of the game, from its start."""
    record: GameRecord

    @property
    def state(self) -> Any:
        """The final state."""
        return self.states[-1]

    @property
    def steps(self) -> int:
        return len(self.states) - 1


@dataclass(frozen=True)
class Harness:
    """One game's random playouts: the engine package (``engine.loka``...: its ``RULES`` and
    its record's ``OPENING``, in ``record.py``) and the game's own parts."""

    game: ModuleType
    choose: Choose
    checks: Sequence[Check] = ()
    """The game's invariants, checked after every step."""
    round_trips: Check | None = None
    """The game's own round trips (position text...), checked with the JSON round trip."""
    round_trip_every: int = 5
    """Round-trip every so many steps (each is slow) and at the end."""
    check_events: Callable[[Any, str, list[Event]], None] | None = None
    """A check of each step's events: the state after, the seat that acted, the events."""
    sample: int | None = 5
    """How many of the legal actions to apply at each step (``None``: all)."""
    turn_based: bool = False
    """One seat acts at a time: ask the first seat to act (else one at random among them),
    and at ``max_steps`` have the seats to act resign until the game is over (else the game
    stops where it is)."""
    max_steps: int = 3000
    seed_prefix: str = "seed"

    @property
    def rules(self) -> Any:
        return self.game.RULES

    @property
    def opening(self) -> Opening:
        return importlib.import_module(f"{self.game.__name__}.record").OPENING

    def over(self, state: Any) -> bool:
        return self.rules.outcome(state) is not None

    def play(self, seed: int, config: Any) -> Playout:
        """One seeded random game, checked at every step."""
        rules = self.rules
        rng = random.Random(seed)
        game_seed = f"{self.seed_prefix}-{seed}".encode()
        state = rules.new(config, seed=game_seed, game_id=f"g{seed}")
        record = self.opening.new_record(config, game_seed, f"g{seed}")
        states = [state]
        self.check(state, 0)
        while not self.over(state) and len(states) <= self.max_steps:
            waiting = rules.to_act(state)
            seat = waiting[0] if self.turn_based else rng.choice(waiting)
            actions = rules.legal_actions(state, seat)
            assert actions, f"{seat} must act but has no legal action"
            for action in self.tried(rng, actions):  # each reads back from its text and applies
                assert rules.parse_action(str(action)) == action
                rules.apply(state, action, seat)
            seat, action = self.choose(rng, state, seat, actions)
            state = self.step(record, states, seat, action)
        while self.turn_based and not self.over(state):
            # A stubborn game: the seats to act give up in turn, which must work too.
            seat = rules.to_act(state)[0]
            state = self.step(record, states, seat, rules.parse_action("resign"))
        return Playout(states, record)

    def tried(self, rng: random.Random, actions: list[Any]) -> list[Any]:
        """The legal actions tried at a step: all of them, or a sample of ``sample``."""
        if self.sample is None:
            return actions
        return rng.sample(actions, min(len(actions), self.sample))

    def step(self, record: GameRecord, states: list[Any], seat: str, action: Any) -> Any:
        """Apply one action to the last of ``states``, record it, check the state after it
        and add it to ``states``."""
        state, events = self.rules.apply(states[-1], action, seat)
        for event in events:
            json.dumps(event.to_dict())  # every event is JSON-ready
        if self.check_events is not None:
            self.check_events(state, seat, events)
        record.add(seat, action, events)
        self.check(state, len(states))
        states.append(state)
        return state

    def check(self, state: Any, n: int) -> None:
        """What holds of the ``n``-th state of any game, then the game's own invariants;
        every so many states and at the end, the round trips."""
        rules = self.rules
        if self.over(state):
            assert rules.to_act(state) == ()
        else:
            assert rules.to_act(state), "nobody to act in a running game"
            default = getattr(rules, "default_action", None)  # what a table plays at a time-out
            for seat in rules.to_act(state) if default is not None else ():
                action = default(state, seat)
                assert action is None or action in rules.legal_actions(state, seat), action
        for check in self.checks:
            check(state)
        if n % self.round_trip_every == 0 or self.over(state):
            assert rules.from_dict(json.loads(json.dumps(rules.to_dict(state)))) == state
            if self.round_trips is not None:
                self.round_trips(state)

    def replay(self, record: GameRecord, *, upto: int | None = None) -> Any:
        return record.replay(self.opening.initial_state, self.rules, upto=upto)

    def check_record(self, playout: Playout) -> None:
        """The record, exported as text with its seed and read back, has the same entries
        and replays to exactly the final state (and its first half to the middle state)."""
        again = GameRecord.parse_text(playout.record.export_text(reveal_seed=True))
        assert again.entries == playout.record.entries
        assert self.replay(again) == playout.state
        half = len(again.entries) // 2
        assert self.replay(again, upto=half) == playout.states[half]

    def check_record_from_position(self, config: Any, start: str, plies: int) -> None:
        """A record may start from a position text: ``plies`` actions (each the first legal
        one) from ``start``, exported with the seed and read back, keep the start and replay
        to the same state."""
        rules = self.rules
        record = self.opening.new_record(config, b"pos", "p1", start=start)
        state = self.opening.initial_state(record.config, b"pos", "p1", start)
        for _ in range(plies):
            seat = rules.to_act(state)[0]
            action = rules.legal_actions(state, seat)[0]
            state, events = rules.apply(state, action, seat)
            record.add(seat, action, events)
        again = GameRecord.parse_text(record.export_text(reveal_seed=True))
        assert again.start == start
        assert self.replay(again) == state

    def check_tampered_roll_is_caught(self, playout: Playout, faces: int) -> None:
        """Changing the first D``faces`` roll in the record text breaks its replay."""
        text = playout.record.export_text(reveal_seed=True)
        tampered = tamper_first_roll(text, faces)
        assert tampered != text, f"the game rolled no D{faces}"
        with pytest.raises(ValueError, match="rolls do not match"):
            self.replay(GameRecord.parse_text(tampered))


def tamper_first_roll(text: str, faces: int) -> str:
    """The record text with its first D``faces`` roll turned into the next value."""

    def bump(match: re.Match[str]) -> str:
        return f"d{faces}={int(match[1]) % faces + 1}"

    return re.sub(rf"\bd{faces}=(\d+)", bump, text, count=1)


def position_round_trip(game: ModuleType, state: Any, config: Any = None) -> Any:
    """The position of ``state`` round-trips through its text (see ``check_position_text``);
    the state built from that text (with ``config``) has the same position, and is returned
    for the game to compare."""
    position = game.position_of(state)
    text = check_position_text(game, position)
    again = game.state_from_position(text, config, seed=b"x", game_id="x")
    assert game.position_of(again) == position
    return again
