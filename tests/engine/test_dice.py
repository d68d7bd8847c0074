"""The provably fair random source (RULINGS 0)."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from engine import dice as dice_module
from engine.dice import Dice, commitment


def test_commitment_is_sha256_of_the_seed() -> None:
    assert commitment(b"secret") == hashlib.sha256(b"secret").hexdigest()
    assert Dice(b"secret", "g").commitment == commitment(b"secret")


def test_a_roll_is_recomputable_from_seed_game_id_and_counter() -> None:
    seed = b"\x01\x02seed"
    value, after = Dice(seed, "game-7", 41).roll(6)
    digest = hmac.new(seed, b"game-7:41", hashlib.sha256).digest()
    expected = int.from_bytes(digest, "big") % 6 + 1
    assert value == expected
    assert after.counter == 42


def test_rolls_are_deterministic_and_counter_driven() -> None:
    d = Dice(b"s", "g")
    first = [d.roll(20)[0] for _ in range(3)]
    assert first == [d.roll(20)[0]] * 3
    values = []
    for _ in range(50):
        v, d = d.roll(20)
        values.append(v)
    assert d.counter == 50
    assert len(set(values)) > 5


def test_every_face_appears_about_equally() -> None:
    d = Dice(b"fair", "g")
    counts: Counter[int] = Counter()
    for _ in range(6000):
        v, d = d.roll(6)
        counts[v] += 1
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # Chi-square with 5 degrees of freedom: 20.5 is the 0.1% critical value.
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.5


def test_draws_in_the_biased_tail_are_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    space = 1 << 256
    limit = space - space % 6
    script = iter([limit + 3, 13])  # the first draw falls in the incomplete block
    monkeypatch.setattr(dice_module, "draw", lambda seed, game_id, counter: next(script))
    value, after = Dice(b"s", "g").roll(6)
    assert value == 13 % 6 + 1
    assert after.counter == 2  # the rejected draw used up a counter value


def test_a_view_without_seed_cannot_roll() -> None:
    hidden = Dice(b"s", "g", 5).hidden()
    assert hidden.seed is None and hidden.counter == 5
    with pytest.raises(ValueError, match="seed"):
        hidden.roll(6)
    with pytest.raises(ValueError):
        Dice(b"s", "g").roll(0)
