"""engine.pairs: the two sides of a two-seat game as a typed pair."""

from __future__ import annotations

import pytest

from engine.pairs import pair, replaced


def test_pair_takes_exactly_two():
    assert pair(x * 2 for x in (1, 2)) == (2, 4)
    with pytest.raises(ValueError):
        pair([1, 2, 3])
    with pytest.raises(ValueError):
        pair([1])


def test_replaced_changes_one_side_only():
    assert replaced(("a", "b"), 0, "c") == ("c", "b")
    assert replaced(("a", "b"), 1, "c") == ("a", "c")
