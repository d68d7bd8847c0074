"""The message catalog is complete in English and French, and says everything the bot says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural

from bot import i18n
from bot.i18n import ENGINE, SOURCE, Plural, catalog, has, language, placeholders, t
from bot.i18n_rules import engine_text, own_english
from engine.errors import IllegalAction

from .drawn_words import assert_every_drawn_word_is_catalogued, said_keys

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in i18n.languages() if lang != SOURCE]


def _forms(entry: i18n.Entry) -> tuple[str, ...]:
    return entry.forms if isinstance(entry, Plural) else (entry,)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    english, theirs = catalog(SOURCE), catalog(lang)
    assert len(english) > 1500
    untranslated = sorted(k for k in english if theirs[k] is english[k])
    assert untranslated == []
    for key, entry in english.items():
        wanted = set().union(*map(placeholders, _forms(entry)))
        # A refusal may leave out a value of the engine's; a message says all of its own.
        least = set() if key.startswith(ENGINE) else wanted - {"n"}
        for text in (*_forms(entry), *_forms(theirs[key])):
            assert text.strip(), key
            assert least <= placeholders(text) <= wanted, key


@pytest.mark.parametrize("lang", TRANSLATED)
def test_counted_texts_have_the_forms_of_the_languages_cldr_rule(lang: str) -> None:
    rule = get_plural(lang)
    translated = i18n.translations(lang)
    assert translated.num_plurals == rule.num_plurals
    assert translated.plural_expr == rule.plural_expr
    counted = [e for e in catalog(lang).values() if isinstance(e, Plural)]
    assert len(counted) >= 18
    assert {len(e.forms) for e in counted} == {rule.num_plurals}


def test_counts_pick_their_form_by_the_readers_rule() -> None:
    # French says "0 tuile", English "0 tiles" (CLDR: 0 and 1 are singular in French).
    assert t("fr", "loka.tiles", n=0) == "0 tuile de terrain"
    assert t("fr-CA", "loka.tiles", n=1) == "1 tuile de terrain"
    assert t("fr", "loka.tiles", n=2) == "2 tuiles de terrain"
    assert t("en", "loka.tiles", n=0) == "0 terrain tiles"
    assert t("en-GB", "loka.tiles", n=1) == "1 terrain tile"
    assert t(None, "echec.no_progress", n=3, quiet=37).startswith(
        t("en", "echec.no_progress", n=2, quiet=37)[:3]
    )


def test_a_catalog_added_in_memory_is_a_language() -> None:
    """Adding a language is adding a catalog: nothing else names the languages."""
    extra = Catalog(locale="de")
    extra.add("Water", "Wasser", context="army.water")
    extra.add(
        ("{n} terrain tile", "{n} terrain tiles"),
        ("{n} Geländekarte", "{n} Geländekarten"),
        context="loka.tiles",
    )
    i18n.register("de", extra)
    try:
        assert language("de-AT") == "de"
        assert t("de", "army.water") == "Wasser"
        assert t("de", "army.fire") == "Fire"  # untranslated: English
        assert t("de", "loka.tiles", n=0) == "0 Geländekarten"
    finally:
        i18n.unregister("de")
    assert language("de-AT") == SOURCE


def _literal_keys() -> set[str]:
    keys = set()
    for path in (ROOT / "bot").rglob("*.py"):
        if path.name.startswith("i18n"):
            continue  # where the messages are defined, not used
        for match in re.finditer(
            r'"((?:error|loka|event|result|odds|boost|button|discord)'
            r'\.[a-z_.]+)"',
            path.read_text(encoding="utf-8"),
        ):
            keys.add(match.group(1))
    return keys


def test_every_key_the_bot_names_exists() -> None:
    prefixes = {k for k in _literal_keys() if k.endswith((".", "_"))}
    missing = sorted(
        k
        for k in _literal_keys() - prefixes
        if not has(k) and not k.startswith("discord.name.") and not k.endswith(".md")
    )
    assert missing == []


def _raised_codes() -> dict[str, set[str]]:
    """code -> the keyword params passed where the engine raises it."""
    codes: dict[str, set[str]] = {}
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                kw = {k.arg: k.value for k in node.keywords if k.arg}
                code = kw.get("code")
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    codes.setdefault(code.value, set()).update(k for k in kw if k != "code")
    return codes


def _games_at_the_table() -> tuple[str, ...]:
    """Code prefixes of the games the bot has a table for (their refusals reach players)."""
    return tuple(
        f"{p.stem}." for p in (ROOT / "bot" / "tables").glob("*.py") if p.stem not in ("base",)
    )


def test_every_refusal_of_a_playable_game_has_its_entry_with_known_values() -> None:
    prefixes = ("board.", *_games_at_the_table())
    codes = {c: p for c, p in _raised_codes().items() if c.startswith(prefixes)}
    assert codes, "the engine raises coded errors"
    for lang in i18n.languages():
        texts = catalog(lang)
        missing = sorted(c for c in codes if ENGINE + c not in texts)
        assert missing == [], lang
        for code, params in codes.items():
            assert placeholders(texts[ENGINE + code]) <= params, (lang, code)
    untranslated = [
        c
        for lang in TRANSLATED
        for c in codes
        if catalog(lang)[ENGINE + c] is catalog(SOURCE)[ENGINE + c]
    ]
    assert untranslated == []


def test_engine_refusals_are_told_in_the_players_language() -> None:
    error = IllegalAction(
        "you have no queen left to deploy (you still have 2 pawn)",
        code="loka.none_left",
        piece="queen",
        left="2 pawn",
    )
    assert t("en", ENGINE + "loka.none_left", piece="queen", left="2 pawn") == str(error)
    assert engine_text("en-US", error) == str(error)
    assert engine_text("fr", error) == "vous n'avez plus de reine à déployer (il vous reste 2 pawn)"
    assert engine_text("fr", IllegalAction("plain")) == "plain"
    assert engine_text("en", IllegalAction("plain", code="nobody.knows")) == "plain"


def test_an_english_reader_gets_the_engines_words_when_they_say_more() -> None:
    """Where the engine's English holds details its values do not carry, English readers
    read the engine's message; other languages read their catalog."""
    assert ENGINE + "loka.deploy_square" in own_english()
    error = IllegalAction(
        "a queen cannot be deployed on e5 now: rows fill from your edge; free squares now: e1",
        code="loka.deploy_square",
        piece="queen",
        square="e5",
        squares="e1",
    )
    assert engine_text("en", error) == str(error)
    assert engine_text("fr", error).startswith("impossible de déployer reine en e5")


@pytest.mark.parametrize(
    "locale", ["fr", "fr-FR", "FR-ca", "en-GB", "EN-us", None, "", "de", "pt-BR"]
)
def test_locale_fallback(locale: str | None) -> None:
    text = t(locale, "army.water")
    assert text == ("Eau" if locale and locale.lower().startswith("fr") else "Water")
    assert language(locale) == ("fr" if text == "Eau" else "en")


def test_every_word_drawn_in_loka_pictures_has_its_french() -> None:
    dynamic = {"attack", "defence"}  # the badge's two dice, by side
    dynamic |= {f"army_{a}" for a in ("fire", "earth", "water", "air")}
    dynamic |= {f"piece_{p}" for p in ("king", "queen", "rook", "bishop", "knight", "pawn")}
    dynamic |= {
        f"result_{r}"
        for r in (
            "defender_removed",
            "repelled",
            "attacker_removed",
            "both_removed",
            "royal_win",
            "royal_loss",
            "pending",
        )
    }
    dynamic |= {
        f"end_{e}" for e in ("kings_taken", "resignation", "mutual_destruction", "no_moves")
    }
    assert_every_drawn_word_is_catalogued("loka", said_keys("loka.py", "dice.py") | dynamic)


def test_loka_pictures_speak_the_readers_language() -> None:
    from bot.tables import loka_images
    from engine.loka import view
    from engine.loka.position import state_from_position

    state = state_from_position(
        "fire: Ke1 Qd1; earth: Ka6; water: Ke12; air: Kl7; turn: fire", seed=b"s", game_id="g"
    )
    seen = view(state, None)
    english = loka_images.board(seen, {}, [], "fire", None, "en")
    french = loka_images.board(seen, {}, [], "fire", None, "fr")
    assert english != french
    assert dict(loka_images.words("fr"))["army_water"] == "Eau"
    card_en = loka_images.army_card("fire", (1, 0, 0, 0, 2), 160, state.config.costs, "", "en")
    card_fr = loka_images.army_card("fire", (1, 0, 0, 0, 2), 160, state.config.costs, "", "fr")
    assert card_en != card_fr


def test_update_carries_the_english_into_each_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``python -m bot.i18n update``: a new key comes in untranslated, a changed English
    keeps its translation marked fuzzy (read in English meanwhile), a removed key is kept
    as obsolete."""
    from babel.messages.pofile import read_po, write_po

    source = ROOT / "bot" / "locale"
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    po = tmp_path / "fr" / "LC_MESSAGES" / "plateau.po"
    po.write_bytes((source / "fr" / "LC_MESSAGES" / "plateau.po").read_bytes())
    with (source / "plateau.pot").open("rb") as file:
        pot = read_po(file)
    pot.delete("Earth", context="army.earth")
    pot.delete("Water", context="army.water")
    pot.add("Sea", context="army.water")
    pot.add("Moon", context="army.moon")
    with (tmp_path / "plateau.pot").open("wb") as file:
        write_po(file, pot, width=0)
    monkeypatch.setattr(i18n, "_ROOT", tmp_path)
    i18n.template.cache_clear()
    i18n._forget()
    try:
        i18n._update()
        with po.open("rb") as file:
            french = read_po(file)
        water = french.get("Sea", context="army.water")
        assert water is not None and water.string == "Eau" and water.fuzzy
        assert french.get("Moon", context="army.moon").string == ""
        assert ("Earth", "army.earth") in french.obsolete
        assert not french.fuzzy  # the header
        assert t("fr", "army.water") == "Sea" and t("fr", "army.fire") == "Feu"
    finally:
        monkeypatch.undo()
        i18n.template.cache_clear()
        i18n._forget()
    assert t("fr", "army.water") == "Eau"


def test_pictures_count_by_the_readers_plural_rule() -> None:
    from renderer.words import say_counted

    def points(lang: str, n: int) -> str:
        return say_counted(i18n.picture_words(lang, "loka"), "points", "{n} pts", "{n} pt", n)

    assert [points("en", n) for n in (0, 1, 2)] == ["0 pts", "1 pt", "2 pts"]
    assert [points("fr", n) for n in (0, 1, 2)] == ["0 pt", "1 pt", "2 pts"]
    # A language of three forms, its other counted texts not yet translated.
    polish = Catalog(locale="pl")
    polish.add(
        ("{n} pt", "{n} pts"), ("{n} punkt", "{n} punkty", "{n} punktow"), context="img.loka.points"
    )
    i18n.register("pl", polish)
    try:
        assert [points("pl", n) for n in (1, 2, 5)] == ["1 punkt", "2 punkty", "5 punktow"]
        words = i18n.picture_words("pl", "loka")
        assert say_counted(words, "pieces", "{n} pieces", "{n} piece", 5) == "5 pieces"
    finally:
        i18n.unregister("pl")


def test_each_language_is_offered_by_its_own_name() -> None:
    from bot.cogs.slash import LANGUAGE_CHOICES

    assert [(c.name, c.value) for c in LANGUAGE_CHOICES] == [
        (i18n.language_name(lang), lang) for lang in i18n.LANGUAGES
    ]
    assert [i18n.language_name(lang) for lang in ("en", "fr", "pt_BR")] == [
        "English",
        "Français",
        "Português (Brasil)",
    ]
    assert i18n.language_name("qps") == "qps"  # no CLDR name: its tag


def test_a_value_that_is_a_catalog_text_is_said_in_the_readers_language() -> None:
    """A refusal names its game by name, in each reader's language, not by its kind."""
    values = {"kind": "chess", "game": i18n.Said("game.of.chess")}
    assert t("en", "error.no_lobby_here", **i18n.said("en", values)) == (
        "No Chess game is open to join here. Start one with /chess new."
    )
    assert t("fr", "error.no_lobby_here", **i18n.said("fr", values)).startswith(
        "Aucune partie d'Échecs ouverte ici."
    )


KINDS = ("loka", "loa", "echec", "inka", "alako", "chess")
FRENCH_OF = {
    "loka": "de Loka",
    "loa": "de Lines of Action",
    "echec": "d'Échec au Roi",
    "inka": "d'Inka",
    "alako": "des Chevaliers d'Alako",
    "chess": "d'Échecs",
}


@pytest.mark.parametrize("kind", KINDS)
def test_french_puts_the_preposition_a_games_name_takes(kind: str) -> None:
    """French elides "de" before a vowel and contracts "de Les" (``game.of.<kind>``);
    English reads as before: the name alone."""
    assert t("fr", f"game.of.{kind}") == FRENCH_OF[kind]
    assert t("en", f"game.of.{kind}") == t("en", f"game.{kind}")
    values = {"kind": kind, "game": i18n.Said(f"game.of.{kind}")}
    french = {k: t("fr", k, **i18n.said("fr", values)) for k in ("error.no_game_here",)}
    assert french["error.no_game_here"].startswith(f"Aucune partie {FRENCH_OF[kind]} ici,")
    english = t("en", "error.no_game_here", **i18n.said("en", values))
    assert english.startswith(f"No {t('en', f'game.{kind}')} game is running here")
    lobby = t("fr", "table.lobby_head", game=t("fr", f"game.of.{kind}"), id="ab12")
    assert lobby == f"Partie **{FRENCH_OF[kind]}** `ab12`"
    course = t("fr", "learn.course_done", game=t("fr", f"game.of.{kind}"))
    assert f"le cours {FRENCH_OF[kind]}." in course


def test_no_french_text_puts_de_before_a_games_name() -> None:
    """Where a text names a game after "de" (or "dans"), the name comes with its own
    preposition (``game.of.<kind>``): "de Échecs" and "de Les Chevaliers" never appear."""
    wrong = re.compile(r"\b(?:de|d'|dans|du|des) \**\{(?:game|kind)\}", re.IGNORECASE)
    found = sorted(
        key
        for key, entry in catalog("fr").items()
        if not key.startswith(ENGINE) and any(wrong.search(f) for f in _forms(entry))
    )
    assert found == []
    for kind in KINDS:
        of = t("fr", f"game.of.{kind}")
        texts = [
            t("fr", "error.which_game", game=of, games="`ab12`"),
            t("fr", "table.dm_hello", game=of, id="ab12"),
            t("fr", "coach.review_title", game=of, id="ab12"),
            t("fr", "coach.review_title_record", game=of),
            t("fr", "plateau.no_ratings", game=of),
        ]
        assert all(" de É" not in x and " de Les " not in x and " de I" not in x for x in texts)
