"""A small bounded cache, :class:`Lru` (storage's parsed states, the tables' replays and
reviews), and :class:`Parsed`: a game state parsed once, with its engine state."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    """A small bounded map that forgets what was used least recently."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        if len(self._items) > self.size:
            self._items.popitem(last=False)

    def pop(self, key: K) -> None:
        self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)


class Parsed:
    """A game state as parsed once, the one cache of parsed states: the dict storage read
    (shared, never changed in place: a table replaces a row's ``state``) and, once a table
    built it, the engine state of that very dict. Storage keeps the newest (by game and
    version, in an :class:`Lru`) and each row it gives carries its own (``GameRow.parsed``),
    so a hot game's state is neither parsed nor built again."""

    __slots__ = ("data", "engine")

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.engine: Any = None

    def state(self, data: dict[str, Any], build: Callable[[dict[str, Any]], Any]) -> Any:
        """The engine state of ``data``: this entry's, built once, if ``data`` is its dict
        (a row whose state a table replaced is built anew, and not kept)."""
        if data is not self.data:
            return build(data)
        if self.engine is None:
            self.engine = build(data)
        return self.engine

    def know(self, data: dict[str, Any] | None, engine: Any) -> None:
        """``engine`` is the engine state of ``data`` (a table just saved it): kept, if
        ``data`` is this entry's dict."""
        if data is self.data and self.engine is None:
            self.engine = engine
