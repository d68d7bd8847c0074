"""Alako's pictures speak the reader's language: every word the renderer draws has its
catalog entry (``img.alako.*``) and every such entry is drawn."""

from __future__ import annotations

import pytest

from bot.i18n import picture_words
from engine.alako import view
from engine.alako.spinner import FACE_KINDS
from renderer.alako import ENDINGS, AlakoImageOptions, _status, render_alako
from renderer.demo_alako import (
    NAMES,
    building_state,
    climbing_state,
    final_state,
    ladder_state,
    moving_state,
    start_state,
)

from .drawn_words import assert_every_drawn_word_is_catalogued, said_keys

STATES = (start_state, moving_state, building_state, climbing_state, ladder_state, final_state)


def test_every_word_drawn_in_alako_pictures_has_its_french() -> None:
    dynamic = {f"seat_{s}" for s in ("south", "north")}  # _seat_word
    dynamic |= {f"face_{f}" for f in FACE_KINDS}  # _face_word
    dynamic |= {f"end_{e}" for e in ENDINGS}
    assert_every_drawn_word_is_catalogued("alako", said_keys("alako.py") | dynamic)


@pytest.mark.parametrize("make", STATES, ids=lambda f: f.__name__)
def test_the_english_catalog_draws_the_same_picture_as_the_renderer(make) -> None:
    seen = view(make(), None)
    plain = render_alako(seen, options=AlakoImageOptions(names=NAMES))
    english = AlakoImageOptions(names=NAMES, words=picture_words("en", "alako"))
    assert render_alako(seen, options=english) == plain


def test_alako_pictures_speak_the_readers_language() -> None:
    seen = view(moving_state(), None)
    english = render_alako(seen, options=AlakoImageOptions(names=NAMES))
    words = picture_words("fr", "alako")
    french = render_alako(seen, options=AlakoImageOptions(names=NAMES, words=words))
    assert english != french
    assert dict(words)["seat_north"] == "Nord"
    head, _sub = _status(seen, AlakoImageOptions(words=words))
    assert "spun" not in head and "a obtenu" in head


def test_the_table_posts_its_board_in_the_games_language() -> None:
    import asyncio
    from types import SimpleNamespace

    from bot.tables.alako import _board

    state = moving_state()
    pictures = {}
    for locale in ("en", "fr"):
        game = SimpleNamespace(
            locale=locale, names_by_seat=lambda *_: dict(NAMES), row=SimpleNamespace(id="g")
        )
        pictures[locale] = asyncio.run(_board(game, state)).data  # type: ignore[arg-type]
    seen = view(state, None)
    assert pictures["en"] == render_alako(seen, options=AlakoImageOptions(names=NAMES))
    assert pictures["fr"] != pictures["en"]
