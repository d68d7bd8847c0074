"""The spinner: eight equal faces from the game's seeded stream."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.alako import AlakoConfig, Spin, apply, new_game
from engine.alako.spinner import FACES
from engine.dice import Dice

SPINS = 8000
# Chi-square with 7 degrees of freedom: exceeded with probability 0.001 at 24.32.
CRITICAL = 24.32


def spin_faces(seed: bytes, count: int) -> list[str]:
    """``count`` spins by the engine itself, one game's stream, turn after turn."""
    state = new_game(AlakoConfig(first="south"), seed=seed, game_id="stats")
    faces = []
    for _ in range(count):
        after, events = apply(replace(state, phase="spin", turn=0), Spin())
        faces.append(events[0].data["face"])
        state = replace(state, dice=after.dice)
    return faces


def test_each_of_the_eight_faces_is_equally_likely() -> None:
    faces = spin_faces(b"spinner-statistics", SPINS)
    by_value = Counter()
    state_dice = Dice(b"spinner-statistics", "stats")
    for _ in range(SPINS):  # the same stream, read as raw values
        value, state_dice = state_dice.roll(8)
        by_value[value] += 1
    expected = SPINS / 8
    chi2 = sum((by_value[v] - expected) ** 2 / expected for v in range(1, 9))
    assert chi2 < CRITICAL, (chi2, by_value)
    counts = Counter(faces)
    assert counts == Counter(FACES[v - 1] for v, n in by_value.items() for _ in range(n))
    # "1 point" is on two faces: about a quarter of the spins.
    assert abs(counts["1"] / SPINS - 0.25) < 0.02
    for face in ("2", "tower", "wall", "2walls", "cannon", "ladder"):
        assert abs(counts[face] / SPINS - 0.125) < 0.015, face


def test_spins_are_reproducible_from_the_seed_and_differ_between_seeds() -> None:
    assert spin_faces(b"a", 200) == spin_faces(b"a", 200)
    assert spin_faces(b"a", 200) != spin_faces(b"b", 200)


def test_every_spin_is_a_roll_event_with_its_draw_number() -> None:
    state = new_game(AlakoConfig(first="south"), seed=b"n", game_id="g")
    for expected_draw in range(5):
        after, events = apply(replace(state, phase="spin", turn=0), Spin())
        roll = events[0]
        assert roll.kind == "roll" and roll.data["die"] == 8
        assert roll.data["draw"] >= expected_draw
        state = replace(state, dice=after.dice)
