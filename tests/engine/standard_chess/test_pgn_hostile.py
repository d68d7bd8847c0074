"""PGN texts on which python-chess itself fails are refused with the engine's error."""

from __future__ import annotations

import logging

import pytest

from engine.errors import InvalidNotation
from engine.standard_chess import read_pgn
from tests.engine.helpers import refused


@pytest.fixture(autouse=True)
def quiet_pgn_log(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.CRITICAL, logger="chess.pgn")  # it logs each unreadable move


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
