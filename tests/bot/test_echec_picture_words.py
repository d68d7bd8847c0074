"""Échec au Roi's pictures speak the reader's language: every word the renderer draws has
its catalog entry (img.echec.*), no entry is left unused, and French pictures differ from
English ones while English stays exactly what the renderer draws with no words given."""

from __future__ import annotations

from bot.i18n import picture_words
from engine.echec import view
from engine.echec.units import KIND
from renderer.demo_echec import NAMES, attack_state, midgame_state, placement_state
from renderer.echec import ACTION_VERBS, FACING_WORDS, EchecImageOptions, render_echec

from .drawn_words import assert_every_drawn_word_is_catalogued, said_keys


def test_every_word_drawn_in_echec_pictures_has_its_french() -> None:
    dynamic = {f"seat_{s}" for s in ("south", "north")}
    dynamic |= {f"the_{k.name}" for k in KIND.values()}
    dynamic |= {f"did_{v}" for v in ACTION_VERBS}
    dynamic |= {f"toward_{f}" for f in FACING_WORDS}
    dynamic |= {
        f"end_{e}"
        for e in ("king_eliminated", "army_eliminated", "resigned", "turn_limit", "no_progress")
    }
    assert_every_drawn_word_is_catalogued("echec", said_keys("echec.py") | dynamic)


def test_echec_pictures_speak_the_readers_language() -> None:
    french = picture_words("fr", "echec")
    english = picture_words("en", "echec")
    assert dict(french)["seat_north"] == "Nord"
    for seen in (
        view(attack_state(), "south"),
        view(midgame_state(), None),
        view(placement_state(), "north"),
    ):
        plain = render_echec(seen, options=EchecImageOptions(names=NAMES))
        en = render_echec(seen, options=EchecImageOptions(names=NAMES, words=english))
        fr = render_echec(seen, options=EchecImageOptions(names=NAMES, words=french))
        assert en == plain
        assert fr != en
