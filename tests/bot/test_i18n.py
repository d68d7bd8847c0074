"""The message catalog is complete in English and French, and says everything the bot says."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.i18n import CATALOG, placeholders, t
from bot.i18n_rules import FRENCH, engine_text
from engine.errors import IllegalAction

from .drawn_words import assert_every_drawn_word_is_catalogued, said_keys

ROOT = Path(__file__).resolve().parents[2]


def test_every_message_has_both_languages_with_the_same_placeholders() -> None:
    for key, (english, french) in CATALOG.items():
        assert english.strip() and french.strip(), key
        assert placeholders(english) == placeholders(french), key


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
        if k not in CATALOG and not k.startswith("discord.name.") and not k.endswith(".md")
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


def test_every_refusal_of_a_playable_game_has_its_french_with_known_values() -> None:
    prefixes = ("board.", *_games_at_the_table())
    codes = {c: p for c, p in _raised_codes().items() if c.startswith(prefixes)}
    assert codes, "the engine raises coded errors"
    missing = sorted(set(codes) - set(FRENCH))
    assert missing == []
    for code, params in codes.items():
        assert placeholders(FRENCH[code]) <= params, code


def test_engine_refusals_are_told_in_the_players_language() -> None:
    error = IllegalAction(
        "you have no queen left to deploy (you still have 2 pawn)",
        code="loka.none_left",
        piece="queen",
        left="2 pawn",
    )
    assert engine_text("en-US", error) == str(error)
    assert engine_text("fr", error) == "vous n'avez plus de reine à déployer (il vous reste 2 pawn)"
    assert engine_text("fr", IllegalAction("plain")) == "plain"


@pytest.mark.parametrize("locale", ["fr", "fr-FR", "en-GB", None, "de"])
def test_locale_fallback(locale: str | None) -> None:
    text = t(locale, "army.water")
    assert text == ("Eau" if locale and locale.startswith("fr") else "Water")


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
