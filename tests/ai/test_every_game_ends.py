"""Every game between computer players ends (issue 30): each kind and variant the tables
offer, played by the AI from each seat's view alone, reaches an outcome; at every step the
seat asked has a legal action, the AI's choice is one of them and applies without error.

By default one game of each (two of Échec au Roi with secret placement, the game that used
to stall; one Inka variant of three, its games being long), at a small search budget, so the
whole test stays short; ``PLATEAU_TEST_ENDINGS=20`` plays 20 of each,
and ``PLATEAU_TEST_ENDINGS_LEVEL=easy|normal|strong`` plays them at a named level (its time
limit included) instead."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from ai.levels import Level
from ai.player import choose, knowledge_of
from engine.alako.config import AlakoConfig
from engine.echec.config import EchecConfig
from engine.inka.config import InkaConfig
from engine.loa.config import VARIANTS as LOA_VARIANTS
from engine.loa.config import LoaConfig
from engine.loka.config import LokaConfig
from engine.standard_chess.config import ChessConfig

GAMES = int(os.environ.get("PLATEAU_TEST_ENDINGS", "0"))
NAMED_LEVEL = os.environ.get("PLATEAU_TEST_ENDINGS_LEVEL")

# The quickest search that still plays with each game's knowledge: one iteration (the
# game's own policy picks), no time limit, so that a game depends on its seed alone, not on
# how busy the machine is. Échec au Roi, whose computer used to stall, searches a little;
# so does Inka, whose policy alone walks in circles (see INKA below).
QUICK = Level("quick", iterations=1, seconds=1e9, knowledge=True, depth=0)
SEARCHING = Level("searching", iterations=4, seconds=1e9, knowledge=True, depth=2)


@dataclass(frozen=True)
class Variant:
    kind: str
    config: Callable[[], Any]
    games: int = 1
    """Games played by default (0: only when ``PLATEAU_TEST_ENDINGS`` asks, for a slow one)."""
    level: Level = QUICK  # by default
    max_actions: int = 6000
    """A game still running after this many actions has not ended: the test fails."""


VARIANTS: dict[str, Variant] = {
    "loka-4": Variant("loka", lambda: LokaConfig(players=4)),
    "loka-3": Variant("loka", lambda: LokaConfig(players=3)),
    "loka-2": Variant("loka", lambda: LokaConfig(players=2)),
    "loka-no-combat": Variant("loka", lambda: LokaConfig(combat=False)),
    "loka-faceoff": Variant("loka", lambda: LokaConfig(board="faceoff", players=2)),
    **{f"loa-{v}": Variant("loa", lambda v=v: LoaConfig(variant=v)) for v in LOA_VARIANTS},
    "echec-1": Variant("echec", EchecConfig, level=SEARCHING),
    "echec-2-free": Variant("echec", lambda: EchecConfig(level=2), level=SEARCHING),
    "echec-2-secret": Variant(
        "echec",
        lambda: EchecConfig(level=2, placement="secret", units="P3 M2 H1"),
        games=2,
        level=SEARCHING,
    ),
    # Inka's games are long (hundreds of actions, each weighing a hundred moves): one of its
    # variants by default, all three under PLATEAU_TEST_ENDINGS.
    "inka-2": Variant("inka", lambda: InkaConfig(players=2), games=0, level=SEARCHING),
    "inka-3": Variant("inka", lambda: InkaConfig(players=3), level=SEARCHING),
    "inka-4": Variant("inka", lambda: InkaConfig(players=4), games=0, level=SEARCHING),
    "alako": Variant("alako", AlakoConfig),
    "chess": Variant("chess", ChessConfig),
}


def play_to_the_end(variant: Variant, seed: int, level: str | Level) -> tuple[Any, int]:
    """One game where every seat is the AI at ``level``; the final state and its actions."""
    rules = knowledge_of(variant.kind).rules
    rng = random.Random(seed)
    state = rules.new(variant.config(), seed=f"ends-{seed}".encode(), game_id=f"e{seed}")
    for actions in range(variant.max_actions):
        if rules.outcome(state) is not None:
            assert rules.to_act(state) == ()
            return state, actions
        waiting = rules.to_act(state)
        assert waiting, "a running game with nobody to act"
        seat = waiting[0]
        legal = rules.legal_actions(state, seat)
        assert legal, f"{seat} must act but has no legal action"
        action = choose(variant.kind, rules.view(state, seat), seat, level, rng)
        assert action in legal or str(action) in {"resign", "offer draw"}, (seat, action)
        state, _ = rules.apply(state, action, seat)
    raise AssertionError(
        f"{variant.kind} ({variant.config()}) has not ended after {variant.max_actions} "
        f"actions (seed {seed}): {state!r:.600}"
    )


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_kind_and_variant_ends_between_computer_players(name: str) -> None:
    variant = VARIANTS[name]
    level: str | Level = NAMED_LEVEL or variant.level
    games = GAMES or variant.games
    if not games:
        pytest.skip(f"{name} is slow: PLATEAU_TEST_ENDINGS=N plays N games of it")
    for seed in range(games):
        state, _ = play_to_the_end(variant, seed, level)
        assert knowledge_of(variant.kind).rules.outcome(state) is not None


def test_the_variants_cover_every_game_the_computer_plays() -> None:
    import pkgutil

    import ai.games

    kinds = {module.name for module in pkgutil.iter_modules(ai.games.__path__)}
    assert {v.kind for v in VARIANTS.values()} == kinds
    assert {n for n in VARIANTS if n.startswith("loa-")} == {f"loa-{v}" for v in LOA_VARIANTS}
