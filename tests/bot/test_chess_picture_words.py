"""The chess pictures speak the reader's language: every word drawn has its catalog entry."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import picture_words
from bot.tables import chess as chess_table
from engine.standard_chess import new_game, state_from_position, view
from renderer.chess import ENDINGS

ROOT = Path(__file__).resolve().parents[2]


def _said() -> dict[str, str]:
    """key -> English default of every literal say() in the renderer."""
    text = (ROOT / "renderer" / "chess.py").read_text(encoding="utf-8")
    return dict(re.findall(r'say_?\(\s*(?:words,\s*)?"([a-z_]+)",\s*"([^"]*)"', text))


def _dynamic() -> dict[str, str]:
    """The keys built at drawing time (a seat's name, an ending), with their English."""
    keys = {f"seat_{s}": s.capitalize() for s in ("white", "black")}
    keys |= {f"end_{e}": english for e, english in ENDINGS.items()}
    return keys


def test_every_word_drawn_in_chess_pictures_has_its_french() -> None:
    said = _said()
    assert said, "the renderer passes its words through say()"
    drawn = {k: v for k, v in said.items() if not k.endswith("_")} | _dynamic()
    catalog = dict(picture_words("en", "chess"))
    assert sorted(set(drawn) - set(catalog)) == []
    assert sorted(set(catalog) - set(drawn)) == []
    # The English is the renderer's own default: English pictures are unchanged.
    assert catalog == drawn


def test_chess_pictures_speak_the_readers_language() -> None:
    seen = view(new_game(seed=b"s", game_id="g"), None)
    names = {"white": "Ann", "black": "Bob"}
    english = chess_table.board_png(seen, names, "white", "en")
    assert english == chess_table.board_png(seen, names, "white")
    assert chess_table.board_png(seen, names, "white", "fr") != english


def test_a_finished_game_is_told_in_french() -> None:
    mate = state_from_position("startpos moves f2f3 e7e5 g2g4 d8h4", seed=b"s", game_id="g")
    seen = view(mate, None)
    english = chess_table.board_png(seen, {}, "white", "en-US")
    assert chess_table.board_png(seen, {}, "white", "fr") != english


async def test_the_table_draws_in_the_language_it_is_given() -> None:
    seen = view(new_game(seed=b"s", game_id="g"), None)
    french = await chess_table._picture(seen, {}, "white", "fr")
    assert french == chess_table.board_png(seen, {}, "white", "fr")
    assert french != await chess_table._picture(seen, {}, "white", "en")
