"""Échec au Roi's dice and combat texts count in the reader's language: "1 axe", "2 axes",
"1 hache", "0 hache" (no more "1 axes" or "hit(s)")."""

from __future__ import annotations

import pytest

from bot.tables.echec import describe
from engine.echec.state import BATTLE
from engine.protocol import Event
from tests.engine.echec.helpers import position


def roll(axes: int) -> Event:
    faces = ["axe"] * axes + ["blank"] * (4 - axes)
    return Event("opening_roll", {"seat": "south", "faces": faces, "axes": axes})


def attack(hits: int, removed: int) -> Event:
    data = {
        "seat": "south",
        "square": "e4",
        "target": "e5",
        "faces": ["axe"] * hits,
        "bonus": None,
        "hits": hits,
        "removed": removed,
        "destroyed": False,
    }
    return Event("attack", data)


@pytest.mark.parametrize(
    ("locale", "axes", "said"),
    [
        ("en", 0, ": 0 axes."),
        ("en", 1, ": 1 axe."),
        ("en", 2, ": 2 axes."),
        ("fr", 0, " : 0 hache."),
        ("fr", 1, " : 1 hache."),
        ("fr", 3, " : 3 haches."),
    ],
)
def test_the_opening_roll_counts_its_axes(locale: str, axes: int, said: str) -> None:
    state = position("south: K1a1n; north: K1i9s")
    (line,) = describe(locale, [roll(axes)], state, state)
    assert line.endswith(said)
    (tie,) = describe(locale, [Event("opening_tie", {"axes": axes})], state, state)
    assert f"{axes} {'axe' if locale == 'en' else 'hache'}" in tie
    assert "axes axes" not in tie and "1 axes" not in tie and "1 haches" not in tie


@pytest.mark.parametrize(
    ("locale", "hits", "removed", "said"),
    [
        ("en", 1, 1, "1 hit: 1 figure lost, 3 left."),
        ("en", 2, 2, "2 hits: 2 figures lost, 2 left."),
        ("fr", 1, 1, "1 touche : 1 figurine perdue, il en reste 3."),
        ("fr", 2, 2, "2 touches : 2 figurines perdues, il en reste 2."),
    ],
)
def test_an_attack_counts_its_hits_and_figures(
    locale: str, hits: int, removed: int, said: str
) -> None:
    state = position("south: K1a1n I4e4n; north: K1i9s I4e5s")
    assert state.phase == BATTLE
    (line,) = describe(locale, [attack(hits, removed)], state, state)
    assert line.endswith(said) and "(s)" not in line
