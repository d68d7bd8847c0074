"""PGN texts on which python-chess itself fails are refused with the engine's error."""

from __future__ import annotations

import logging

import pytest

from engine.errors import InvalidNotation
from engine.standard_chess import read_pgn
from tests.engine.helpers import refused


@pytest.mark.parametrize(
    "text",
    [
        # A variation closed after an illegal move, with a second game after it: python-chess
        # popped its empty variation stack (IndexError) at read_game.
        '[Event "a"]\n\n1. e4 Ke5 ) e5 *\n\n[Event "b"]\n\n1. d4 d5 *\n',
        "1. f(3 e5 2#). g4 Qh4# -1",
    ],
)
def test_a_malformed_pgn_is_refused_not_an_index_error(text: str) -> None:
    with refused(InvalidNotation, "chess.pgn_error") as err:
        read_pgn(text)
    assert err.value.params["detail"]


def test_a_refused_pgn_logs_nothing_of_its_text(caplog: pytest.LogCaptureFixture) -> None:
    # python-chess logs each unreadable move at ERROR, quoting it: a refusal is the player's
    # answer, and their text stays out of the logs.
    caplog.set_level(logging.DEBUG)
    with refused(InvalidNotation, "chess.pgn_error"):
        read_pgn('[Event "Secret plans"]\n\n1. e4 Ke5 e5 *\n')
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not [r for r in caplog.records if "Ke5" in r.getMessage() or "Secret" in r.getMessage()]
