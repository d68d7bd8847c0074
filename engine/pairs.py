"""The two sides of a two-seat game, held as a pair (``tuple[T, T]``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def pair(items: Iterable[T]) -> tuple[T, T]:
    """The two ``items`` as a pair (a ``ValueError`` for any other number)."""
    first, second = items
    return first, second


def replaced(two: tuple[T, T], index: int, item: T) -> tuple[T, T]:
    """``two`` with ``item`` at ``index`` (0 or 1)."""
    return (item, two[1]) if index == 0 else (two[0], item)
