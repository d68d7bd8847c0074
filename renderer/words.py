"""Words drawn in pictures. The renderer knows only English; the bot passes the words of
its reader's language as ``(key, template)`` pairs (hashable, so cached drawings stay keyed)."""

from __future__ import annotations

import gettext
import unicodedata
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

Words = tuple[tuple[str, str], ...]
# A counted text gives its forms as "<key>#0", "<key>#1"... and, as "<key>#plural", the rule
# that numbers them (a gettext plural expression of n, as "(n > 1)").
PLURAL = "#plural"


def say(words: Words, key: str, english: str, **values: Any) -> str:
    """The reader's words for ``key`` (``english`` when none are given), filled in."""
    template = _table(words).get(key, english)
    try:
        text = template.format(**values)
    except (KeyError, IndexError):
        text = english.format(**values)
    return _without_accents(text)


def say_counted(words: Words, key: str, many: str, one: str, n: int, **values: Any) -> str:
    """The reader's words for ``n`` things: the form of ``key`` that their language's plural
    rule picks for ``n`` (CLDR's: French says "0 piece"); ``many``/``one`` are the English."""
    english = one if n == 1 else many
    rule = _table(words).get(key + PLURAL)
    if rule is None:
        return say((), key, english, n=n, **values)
    return say(words, f"{key}#{plural_rule(rule)(n)}", english, n=n, **values)


# The last words looked up, with their table: a picture says ~20 things with one tuple of
# ~70 pairs, which a dict() each time made again (~2 us each, ~0.05 ms a Loka picture). Kept
# by identity (the tuple is held here, so its id is not reused), set and read as one tuple.
_last: tuple[Words, dict[str, str]] = ((), {})


def _table(words: Words) -> dict[str, str]:
    """``dict(words)``, made once for the same tuple said from again and again."""
    global _last
    last = _last
    if last[0] is not words:
        last = _last = (words, dict(words))
    return last[1]


@cache
def plural_rule(expression: str) -> Callable[[int], int]:
    """A gettext plural expression as a function of ``n``."""
    return gettext.c2py(expression)


@lru_cache(maxsize=2048)  # a picture says ~16 things, mostly said before ("9 pcs · 60 pts")
def _without_accents(text: str) -> str:
    """The bundled font has no accented letters: "Armée" is drawn "Armee"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def seat_name(words: Words, seat: str) -> str:
    """A seat's name as drawn, capitalised ("South"), in the reader's language."""
    return say(words, "seat_" + seat, seat.capitalize())
