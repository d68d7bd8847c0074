"""The message catalogs: every text a user reads, in every language Plateau speaks.

The texts are gettext catalogs in ``bot/locale``, read with Babel: ``plateau.pot`` holds the
English (``msgctxt``: the key the code names; ``msgid``: the English; ``msgid_plural`` for a
counted text) and ``<lang>/LC_MESSAGES/plateau.po`` a language's translations. Adding a
language is adding its ``.po`` (README, "Adding a language"); an entry it lacks, or marks
fuzzy, reads in English.

``t(locale, key, **values)`` gives ``key`` in the reader's language (a Discord locale such as
``fr`` or ``en-US``, negotiated among the catalogs; English when none fits), with ``values``
filled in; a counted text picks its form for ``n`` by the language's CLDR plural rule. Each
language is read once and kept as a dict: a lookup costs a dict access.

The engine's refusals are entries too, under ``engine.<code>`` (:mod:`bot.i18n_rules`).

``python -m bot.i18n update`` brings every ``.po`` in line with the template (new entries,
changed English marked fuzzy); ``python -m bot.i18n check`` lists what a catalog lacks."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from string import Formatter
from typing import Any

from babel.core import Locale, UnknownLocaleError, negotiate_locale
from babel.lists import format_list
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from renderer.words import PLURAL, plural_rule

DOMAIN = "plateau"
SOURCE = "en"  # the template's language
ENGINE = "engine."  # the key prefix of the engine's refusals: ``engine.<code>``
OWN_ENGLISH = "engine-english"  # flag: the engine's own English says more than the template
_ROOT = resources.files("bot") / "locale"
_registered: dict[str, Catalog] = {}  # languages added at run time (tests: a pseudo-locale)


@dataclass(frozen=True, slots=True)
class Plural:
    """A counted text: its forms, and the language's rule from ``n`` to a form (a gettext
    plural expression, as the ``.po`` header gives it, and that expression as a function)."""

    forms: tuple[str, ...]
    rule: str
    index: Callable[[int], int]

    def pick(self, n: int) -> str:
        return self.forms[min(self.index(n), len(self.forms) - 1)]


Entry = str | Plural


def _installed() -> tuple[str, ...]:
    return tuple(
        sorted(
            d.name
            for d in _ROOT.iterdir()
            if d.is_dir() and (d / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
        )
    )


def languages() -> tuple[str, ...]:
    """English, then every language that has a catalog."""
    return (SOURCE, *_installed(), *sorted(_registered))


LANGUAGES = languages()


def _read(path: Any, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=DOMAIN)


@cache
def template() -> Catalog:
    """``plateau.pot``: every key and its English."""
    return _read(_ROOT / f"{DOMAIN}.pot")


def translations(lang: str) -> Catalog:
    """The catalog of ``lang`` (not English: the template is its catalog)."""
    if lang in _registered:
        return _registered[lang]
    return _read(_ROOT / lang / "LC_MESSAGES" / f"{DOMAIN}.po", lang)


def _texts(catalog: Catalog, rule: str, translated: bool) -> Iterator[tuple[str, Entry]]:
    for message in catalog:
        if not message.context or (translated and message.fuzzy):
            continue
        text = message.string if translated else message.id
        if isinstance(text, (tuple, list)):
            if all(text):
                yield message.context, Plural(tuple(text), rule, plural_rule(rule))
        elif text:
            yield message.context, text


@cache
def catalog(lang: str) -> dict[str, Entry]:
    """Every key's text in ``lang``: its translation, else the English."""
    english = dict(_texts(template(), get_plural(SOURCE).plural_expr, False))
    if lang == SOURCE:
        return english
    theirs = translations(lang)
    table = dict(english)
    table.update(
        (key, text) for key, text in _texts(theirs, theirs.plural_expr, True) if key in english
    )
    return table


def register(lang: str, translated: Catalog) -> None:
    """Speak ``lang`` from ``translated`` (a catalog built in memory) until the process ends."""
    _registered[lang] = translated
    _forget()


def unregister(lang: str) -> None:
    _registered.pop(lang, None)
    _forget()


def _forget() -> None:
    catalog.cache_clear()
    language.cache_clear()
    picture_words.cache_clear()


@lru_cache(maxsize=512)
def language(locale: str | None) -> str:
    """The catalog for a Discord locale: ``'fr'``, ``'fr-CA'`` -> ``'fr'``; ``'pt-BR'`` ->
    ``'pt_BR'``, else ``'pt'`` when there is one; anything without a catalog -> English."""
    known = {lang.lower(): lang for lang in languages()}
    found = negotiate_locale([locale.replace("-", "_")], known, sep="_") if locale else None
    return known.get(found.lower(), SOURCE) if found else SOURCE


def language_name(lang: str) -> str:
    """A language by its own name, as its speakers write it: ``'fr'`` -> ``'Français'``."""
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):  # a tag CLDR does not know (a pseudo-locale)
        return lang
    return name[:1].upper() + name[1:]


def names_list(locale: str | None, names: Sequence[str]) -> str:
    """``names`` as the reader's language lists them: "Ann, Bob and Cid", "Ann, Bob et Cid"
    (CLDR's list patterns, by Babel); English where CLDR does not know the language."""
    try:
        return format_list(list(names), locale=language(locale))
    except (UnknownLocaleError, ValueError):  # a pseudo-locale
        return format_list(list(names), locale=SOURCE)


@dataclass(frozen=True, slots=True)
class Said:
    """A value that is itself a catalog text, said in the reader's language when the text it
    fills in is (a refusal names a game before anyone knows who will read it)."""

    key: str


def said(locale: str | None, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with each :class:`Said` one in the reader's language."""
    return {k: t(locale, v.key) if isinstance(v, Said) else v for k, v in values.items()}


def has(key: str | None) -> bool:
    return key in catalog(SOURCE)


def t(locale: str | None, key: str, **values: Any) -> str:
    """The text of ``key`` in the user's language, with ``values`` filled in (``n`` picks
    the form of a counted text)."""
    entry = catalog(language(locale)).get(key)
    if entry is None:
        raise KeyError(f"missing message {key!r}")
    if isinstance(entry, Plural):
        entry = entry.pick(values["n"])
    return entry.format(**values) if values else entry


@lru_cache(maxsize=64)
def picture_words(locale: str | None, game: str) -> tuple[tuple[str, str], ...]:
    """The words a game's pictures draw (keys ``img.<game>.<key>``), in the reader's language,
    as the ``(key, template)`` pairs ``renderer.words`` takes: a counted text gives each form
    as ``<key>#<i>`` and its plural rule as ``<key>#plural``."""
    prefix = f"img.{game}."
    words: list[tuple[str, str]] = []
    for key, entry in catalog(language(locale)).items():
        if not key.startswith(prefix):
            continue
        name = key[len(prefix) :]
        if isinstance(entry, Plural):
            words += [(f"{name}#{i}", form) for i, form in enumerate(entry.forms)]
            words.append((name + PLURAL, entry.rule))
        else:
            words.append((name, entry))
    return tuple(words)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


# ---------------------------------------------------------------- the translators' commands


def _update() -> None:
    """Each ``.po`` follows the template, entry by key: a new key comes in untranslated, a
    key whose English changed keeps its translation marked fuzzy (read in English until a
    translator clears the mark), a removed key stays as obsolete (``#~``)."""
    for lang in _installed():
        theirs = translations(lang)
        old: dict[str, Message] = {m.context: m for m in theirs if m.context}
        fresh = Catalog(lang, project="Plateau", header_comment=theirs.header_comment, fuzzy=False)
        fresh.mime_headers = theirs.mime_headers
        for message in template():
            if not message.context:
                continue
            before = old.pop(message.context, None)
            if before is not None and isinstance(before.id, str) != isinstance(message.id, str):
                before = None  # a text became counted, or the reverse: translate it again
            string = before.string if before is not None else message.string
            flags = set(message.flags)
            if before is not None and (before.id != message.id or before.fuzzy):
                flags.add("fuzzy")
            fresh.add(
                message.id,
                string,
                context=message.context,
                flags=flags,
                auto_comments=message.auto_comments,
                user_comments=before.user_comments if before is not None else (),
            )
        for context, gone in old.items():
            singular = gone.id if isinstance(gone.id, str) else gone.id[0]
            fresh.obsolete[(singular, context)] = gone
        with Path(str(_ROOT / lang / "LC_MESSAGES" / f"{DOMAIN}.po")).open("wb") as file:
            write_po(file, fresh, width=0, sort_output=False)
        print(f"{lang}: {len(fresh)} entries, {len(old)} obsolete")


def _check() -> int:
    """What each language lacks, and translations whose {values} differ from the English."""
    problems = 0
    english = catalog(SOURCE)
    for lang in _installed():
        theirs = catalog(lang)
        missing = [k for k in english if theirs[k] is english[k]]
        bad = [k for k in english if not _fits(k, theirs[k], english[k])]
        print(f"{lang}: {len(missing)} untranslated, {len(bad)} with other {{values}}")
        for key in bad:
            print(f"  {key}")
        problems += len(bad)
    return problems


def _fits(key: str, theirs: Entry, english: Entry) -> bool:
    """A translation says the English's {values}; a refusal may leave some out."""
    said, wanted = _names(theirs), _names(english)
    return said <= wanted if key.startswith(ENGINE) else said == wanted


def _names(entry: Entry) -> set[str]:
    forms = entry.forms if isinstance(entry, Plural) else (entry,)
    return set().union(*(placeholders(f) for f in forms)) - {"n"}


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "update":
        _update()
    elif command == "check":
        sys.exit(1 if _check() else 0)
    else:
        sys.exit("usage: python -m bot.i18n update|check")
