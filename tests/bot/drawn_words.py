"""The words a game's pictures draw, read from its renderer, and its catalog's picture
entries (``img.<game>.*``): each game's picture-words test declares only the keys it builds
at drawing time (a seat's name, an ending)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import Plural, catalog, picture_words

ROOT = Path(__file__).resolve().parents[2]
# say("key", ...), say_(words, "key", ...), say(self.words, "key", ...)
SAID = re.compile(r'say_?\(\s*(?:(?:self\.)?words,\s*)?"([a-z_0-9]+)"')
# say_counted(words, "key", ...), options.say_counted("key", ...): a counted text
COUNTED = re.compile(r'say_counted\(\s*(?:(?:options\.)?words,\s*)?"([a-z_]+)"')


def said_keys(*renderers: str) -> set[str]:
    """The keys the renderer modules (``renderer/<name>``) name literally; a key ending in
    ``_`` is a prefix completed at drawing time, so it is left out."""
    keys: set[str] = set()
    for name in renderers:
        text = (ROOT / "renderer" / name).read_text(encoding="utf-8")
        keys |= set(SAID.findall(text))
        keys |= set(COUNTED.findall(text))
    return {k for k in keys if not k.endswith("_")}


def catalog_keys(game: str) -> set[str]:
    """The picture entries of a game's catalog, without their ``img.<game>.`` prefix (a
    counted entry's forms, ``<key>#<i>``, by their key)."""
    return {key.split("#")[0] for key, _ in picture_words("en", game)}


def assert_every_drawn_word_is_catalogued(game: str, drawn: set[str]) -> None:
    """Every word drawn has its catalog entry (its French), and no entry is left unused."""
    catalog = catalog_keys(game)
    assert sorted(drawn - catalog) == []
    assert sorted(catalog - drawn) == []


def catalog_texts(lang: str, word: str) -> list[str]:
    """Every text in ``lang`` whose key holds ``word`` (each form of a counted text)."""
    texts: list[str] = []
    for key, entry in catalog(lang).items():
        if word in key:
            texts += entry.forms if isinstance(entry, Plural) else [entry]
    return texts
