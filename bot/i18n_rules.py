"""The engine's refusals in the reader's language. The engine writes complete English
messages and tags each with a code and the values it used; the catalogs hold each code's
text as ``engine.<code>``, with exactly those values in braces (a test lists the codes
raised). A refusal without a code, or with a code the catalogs lack, reads as the engine
wrote it."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.i18n import ENGINE, OWN_ENGLISH, SOURCE, catalog, language, template

# Values that name a thing the catalog can say in the reader's words.
_NAMED = {"piece": "piece.", "army": "army."}


@cache
def own_english() -> frozenset[str]:
    """Keys whose English the engine says better: its message adds details of the position
    that its values do not carry, so English readers read the engine's own words."""
    return frozenset(m.context for m in template() if m.context and OWN_ENGLISH in m.flags)


def engine_text(locale: str | None, error: Exception) -> str:
    """An engine error in the reader's language."""
    code = getattr(error, "code", None)
    lang = language(locale)
    table = catalog(lang)
    key = f"{ENGINE}{code}"
    text = table.get(key) if code else None
    if not isinstance(text, str):
        return str(error)
    if key in own_english() and text is catalog(SOURCE)[key]:
        return str(error)  # not translated: the engine's English says more
    params: dict[str, Any] = dict(getattr(error, "params", {}))
    if lang != SOURCE:
        for name, prefix in _NAMED.items():
            value = params.get(name)
            word = table.get(prefix + value) if isinstance(value, str) else None
            if isinstance(word, str):
                params[name] = word
    try:
        return text.format(**params)
    except (KeyError, IndexError):
        return str(error)
