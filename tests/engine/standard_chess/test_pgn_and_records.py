"""PGN export and import, the position text, saved states and the game record."""

from __future__ import annotations

import chess
import pytest

from engine.errors import InvalidNotation, InvalidPosition, InvalidRecord
from engine.record import GameRecord
from engine.standard_chess import (
    RULES,
    ChessConfig,
    Position,
    Resign,
    Toss,
    export_pgn,
    format_position,
    from_dict,
    initial_state,
    new_game,
    new_record,
    parse_position,
    position_of,
    read_pgn,
    resolve,
    state_from_position,
    to_dict,
)
from tests.engine.helpers import refused

from .helpers import SEED, play, position

HEADERS = {"Event": "Plateau guild", "White": "Alice", "Black": "Bob", "Date": "2024.05.01"}


def test_pgn_export_has_the_roster_and_san_moves() -> None:
    state = play(position(), "e4", "e5", "Nf3", "Nc6", "Bb5")
    text = export_pgn(state, HEADERS)
    assert '[Event "Plateau guild"]' in text and '[White "Alice"]' in text
    assert '[Black "Bob"]' in text and '[Date "2024.05.01"]' in text
    assert '[Result "*"]' in text and "1. e4 e5 2. Nf3 Nc6 3. Bb5 *" in text
    over = play(position(), "f3", "e5", "g4", "Qh4#")
    assert '[Result "0-1"]' in export_pgn(over, HEADERS)


def test_pgn_round_trip_through_import_and_export() -> None:
    state = play(position(), "d4", "d5", "c4", "dxc4", "e4", "b5", "a4", "c6")
    game = read_pgn(export_pgn(state, HEADERS))
    assert game.position == position_of(state)
    assert game.headers["White"] == "Alice" and game.result == "*"
    again = state_from_position(format_position(game.position), seed=SEED, game_id="t")
    assert again.board.fen() == state.board.fen() and again.moves == state.moves
    assert export_pgn(again, HEADERS) == export_pgn(state, HEADERS)


def test_pgn_from_a_set_up_position_continues() -> None:
    start = "fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7"
    state = state_from_position(start, seed=SEED, game_id="t")
    text = export_pgn(state)
    assert '[SetUp "1"]' in text and '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]' in text
    game = read_pgn(text)
    assert game.position == Position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", ("e2e4", "e8d7"))
    continued = play(state_from_position(format_position(game.position), seed=SEED, game_id="t"))
    assert continued.turn == "white"


def test_pgn_import_reads_comments_variations_and_the_result() -> None:
    text = (
        '[Event "x"]\n[Result "1-0"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 '
        "Nc6 3. Bb5 a6 1-0\n"
    )
    game = read_pgn(text)
    assert game.position.moves == ("e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6")
    assert game.result == "1-0"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "chess.pgn_empty"),
        ("1. e4 e5 2. Ke3 *", "chess.pgn_error"),
        ('[Variant "Chess960"]\n\n1. e4 *', "chess.pgn_variant"),
    ],
)
def test_bad_pgns_are_refused_with_a_reason(text: str, code: str) -> None:
    with refused(InvalidNotation, code):
        read_pgn(text)


def test_position_text_round_trips_and_checks_moves() -> None:
    for text in ("startpos", "startpos moves e2e4 e7e5", "fen 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"):
        assert format_position(parse_position(text)) == text
    assert parse_position(chess.STARTING_FEN) == Position()
    with refused(InvalidPosition, "chess.bad_history"):
        parse_position("startpos moves e2e5")
    with refused(InvalidPosition, "chess.bad_fen"):
        parse_position("fen not a fen")
    with refused(InvalidPosition, "chess.invalid_position"):
        parse_position("fen 8/8/8/8/8/8/8/8 w - - 0 1")


def test_to_dict_from_dict_round_trip() -> None:
    state = play(position(), "e4", "c5", "Nf3")
    again = from_dict(to_dict(state))
    assert again == state and again.board.fen() == state.board.fen()
    with pytest.raises(InvalidRecord):
        from_dict({**to_dict(state), "moves": ["e2e4", "e2e4"]})
    with pytest.raises(InvalidRecord):
        from_dict({**to_dict(state), "schema": 99})


def test_record_replays_to_the_same_state_with_the_toss() -> None:
    config = ChessConfig("random")
    state = new_game(config, seed=SEED, game_id="r1")
    record = new_record(config, SEED, "r1")
    for action, seat in ((Toss(), "white"), ("e4", None), ("e5", None), (Resign(), "white")):
        act = resolve(state, action) if isinstance(action, str) else action
        who = seat or state.turn
        state, events = RULES.apply(state, act, who)
        record.add(who, act, events)
    text = record.export_text(reveal_seed=True)
    assert "toss {#0 d2=" in text and "1-0" not in text
    again = GameRecord.parse_text(text).replay(initial_state, RULES)
    assert again == state and again.result == "0-1"


def test_record_from_a_start_position() -> None:
    start = "startpos moves e2e4"
    state = initial_state({"color": "black"}, SEED, "r2", start)
    assert state.turn == "black" and state.host_color == "black"
    record = new_record(ChessConfig("black"), SEED, "r2", start)
    move = resolve(state, "c5")
    after, events = RULES.apply(state, move, "black")
    record.add("black", move, events)
    replayed = GameRecord.parse_text(record.export_text(reveal_seed=True)).replay(
        initial_state, RULES
    )
    assert replayed == after
