"""Lines of Action's pictures speak the reader's language: every word the renderer draws
has its catalog entry (``img.loa.*``) in English and French, and the table passes the
channel's language, or the reader's for private pictures."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.tables import loa as loa_table
from engine.loa import LoaConfig, new_game, view
from renderer.demo_loa import NAMES, played
from renderer.loa import LoaImageOptions, render_loa

from .drawn_words import assert_every_drawn_word_is_catalogued, said_keys


def drawn_keys() -> set[str]:
    dynamic = {f"seat_{s}" for s in ("white", "black", "white1", "black1", "white2", "black2")}
    dynamic |= {f"{k}_{c}" for k in ("holds", "held") for c in ("white", "black")}
    return said_keys("loa.py") | dynamic


def test_every_word_drawn_in_loa_pictures_has_its_catalog_entry() -> None:
    drawn = drawn_keys()
    assert len(drawn) > 10
    assert_every_drawn_word_is_catalogued("loa", drawn)


def test_the_seats_in_the_catalog_are_the_engines() -> None:
    seats = {s for v in ("standard", "teams") for s in LoaConfig(v, "white").seats}
    assert {f"seat_{s}" for s in seats} <= drawn_keys()


def test_english_words_draw_the_same_picture_as_no_words() -> None:
    seen = view(played("parachute", 6), None)
    plain = render_loa(seen, options=LoaImageOptions(names=NAMES))
    english = loa_table.board_png(seen, NAMES, words=loa_table.words("en"))
    assert english == plain


@pytest.mark.parametrize("variant", ["standard", "parachute", "teams", "ambidextrous"])
def test_a_french_picture_differs_from_the_english_one(variant: str) -> None:
    seen = view(played(variant, 4), None)
    english = loa_table.board_png(seen, NAMES, words=loa_table.words("en"))
    french = loa_table.board_png(seen, NAMES, words=loa_table.words("fr"))
    assert english != french
    assert dict(loa_table.words("fr"))["seat_black"] == "Noirs"


async def test_the_table_draws_in_the_channels_or_the_readers_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[tuple[str, str], ...]] = []

    def board(seen, names, bottom, targets=(), selected=None, words=()):  # type: ignore[no-untyped-def]
        asked.append(words)
        return b"png"

    monkeypatch.setattr(loa_table, "board_png", board)
    game = SimpleNamespace(locale="fr", names_by_seat=lambda *_: {}, row=SimpleNamespace(id="g1"))
    state = new_game(LoaConfig("standard", "white"), seed=b"s", game_id="g1")
    await loa_table._board(game, state)  # type: ignore[arg-type]
    await loa_table._board(game, state, locale="en-US")  # type: ignore[arg-type]
    assert dict(asked[0])["seat_white"] == "Blancs"
    assert dict(asked[1])["seat_white"] == "White"
