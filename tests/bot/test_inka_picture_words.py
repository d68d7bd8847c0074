"""Inka's pictures speak the reader's language: every word the renderer draws has its
catalog entry ``img.inka.<key>`` (English and French), and the table draws in the game's
channel language, or the reader's for a private picture."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import picture_words, placeholders
from bot.tables import inka as inka_table
from engine.inka import (
    InkaConfig,
    InkaState,
    apply,
    new_game,
    parse_action,
    state_from_position,
    view,
)
from engine.inka.perft import DEFAULT_POSITION
from renderer.demo_inka import NAMES
from renderer.inka import InkaImageOptions, render_inka

from .drawn_words import assert_every_drawn_word_is_catalogued, catalog_keys, said_keys

SEATS = ("red", "blue", "green", "yellow")
TERMINATIONS = ("escaped", "resignation")  # engine.inka's finish(..., termination)
# Red walks out by the north-west exit with all three statues.
ESCAPE = "red: k6; blue: a18; A: g11/g12 blue; B: g13/f13 blue; C: f11/f12 blue"


def midgame_state() -> InkaState:
    """The sample opening, red in the middle of a turn."""
    state = state_from_position(DEFAULT_POSITION, seed=b"w", game_id="w")
    state, _ = apply(state, parse_action("slide 13 e 1"))
    return apply(state, parse_action("go l8"))[0]


def final_state() -> InkaState:
    state = state_from_position(ESCAPE, seed=b"w", game_id="w")
    return apply(state, parse_action("go k5"))[0]


def test_every_word_drawn_in_inka_pictures_has_its_french() -> None:
    dynamic = {f"seat_{s}" for s in SEATS} | {f"end_{e}" for e in TERMINATIONS}
    assert_every_drawn_word_is_catalogued("inka", said_keys("inka.py") | dynamic)
    english, french = dict(picture_words("en", "inka")), dict(picture_words("fr", "inka"))
    for key in catalog_keys("inka"):
        assert placeholders(english[key]) == placeholders(french[key]), key


def test_inka_pictures_speak_the_readers_language() -> None:
    assert dict(picture_words("fr", "inka"))["seat_green"] == "Vert"
    start = new_game(InkaConfig(players=2), seed=b"words", game_id="g")
    over = replace(final_state(), termination="resignation")
    for state in (start, midgame_state(), final_state(), over):
        seen = view(state, None)
        english = inka_table.board_png(seen, NAMES, "en")
        assert english == render_inka(seen, options=InkaImageOptions(names=NAMES))
        assert inka_table.board_png(seen, NAMES, "fr") != english


async def test_the_table_draws_in_the_language_it_is_given() -> None:
    class Game:
        locale = "fr"
        meta: dict[str, object] = {}  # noqa: RUF012 (a stand-in: no turn started yet)

        class row:
            id = "g"

        def names_by_seat(self, *_: object) -> dict[str, str]:
            return dict(NAMES)

    state = midgame_state()
    french = await inka_table._board(Game(), state, "fr")  # type: ignore[arg-type]
    english = await inka_table._board(Game(), state, "en")  # type: ignore[arg-type]
    assert french.data == inka_table.board_png(view(state, None), dict(NAMES), "fr")
    assert english.data == inka_table.board_png(view(state, None), dict(NAMES), "en")
