"""What every game's image options hold: the players' names, the colours and the reader's
words. Each game's ``<Game>ImageOptions`` adds its own (orientation, size, marks)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from renderer.theme import Theme, current_theme
from renderer.words import Words, say, say_counted, seat_name


# Keyword-only, so that a game's own options keep their places in its constructor.
@dataclass(frozen=True, kw_only=True)
class ImageOptions:
    names: Mapping[str, str] = field(default_factory=dict)  # seat -> player name
    theme: Theme = field(default_factory=current_theme)  # the member's palette (theme.using)
    words: Words = ()  # the reader's language (renderer.words); English when empty

    def say(self, key: str, english: str, **values: object) -> str:
        """The reader's words for ``key`` (see :func:`renderer.words.say`)."""
        return say(self.words, key, english, **values)

    def say_counted(self, key: str, many: str, one: str, n: int, **values: object) -> str:
        """The reader's words for ``n`` things (see :func:`renderer.words.say_counted`)."""
        return say_counted(self.words, key, many, one, n, **values)

    def seat(self, seat: str) -> str:
        """A seat's name as drawn ("South"), in the reader's language."""
        return seat_name(self.words, seat)
