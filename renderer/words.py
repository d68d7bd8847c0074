"""Words drawn in pictures. The renderer knows only English; the bot passes the words of
its reader's language as ``(key, template)`` pairs (hashable, so cached drawings stay keyed)."""

from __future__ import annotations

import unicodedata
from typing import Any

Words = tuple[tuple[str, str], ...]


def say(words: Words, key: str, english: str, **values: Any) -> str:
    """The reader's words for ``key`` (``english`` when none are given), filled in."""
    template = dict(words).get(key, english)
    try:
        text = template.format(**values)
    except (KeyError, IndexError):
        text = english.format(**values)
    return _without_accents(text)


def _without_accents(text: str) -> str:
    """The bundled font has no accented letters: "Armée" is drawn "Armee"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def seat_name(words: Words, seat: str) -> str:
    """A seat's name as drawn, capitalised ("South"), in the reader's language."""
    return say(words, "seat_" + seat, seat.capitalize())
