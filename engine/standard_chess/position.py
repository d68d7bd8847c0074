"""The position text: where a game started and the moves since, UCI-style, so that a game
can be shared and continued with its whole history (repetitions count)::

    startpos
    startpos moves e2e4 e7e5 g1f3
    fen 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 moves e2e4

A bare FEN is read as ``fen <FEN>``. ``parse_position(format_position(p)) == p``."""

from __future__ import annotations

from dataclasses import dataclass

import chess

from engine.errors import InvalidPosition
from engine.standard_chess.config import ChessConfig
from engine.standard_chess.game import new_game
from engine.standard_chess.state import ChessState

__all__ = ["Position", "format_position", "parse_position", "position_of", "state_from_position"]


@dataclass(frozen=True, slots=True)
class Position:
    start: str = chess.STARTING_FEN
    moves: tuple[str, ...] = ()


def format_position(position: Position) -> str:
    head = "startpos" if position.start == chess.STARTING_FEN else f"fen {position.start}"
    return head + (" moves " + " ".join(position.moves) if position.moves else "")


def position_of(state: ChessState) -> Position:
    return Position(state.start, state.moves)


def parse_position(text: str) -> Position:
    """Read a position text, checking the FEN and that every move is legal in turn."""
    words = " ".join(str(text).split())
    head, _, tail = words.partition(" moves ")
    if words.endswith(" moves"):
        head, tail = words[: -len(" moves")], ""
    head = head.strip()
    if head.lower() in ("startpos", "start", ""):
        fen = chess.STARTING_FEN
    else:
        fen = head[4:].strip() if head.lower().startswith("fen ") else head
    board = _board(fen)
    moves = []
    for n, uci in enumerate(tail.split(), 1):
        try:
            move = board.parse_uci(uci.lower())
        except (chess.InvalidMoveError, chess.IllegalMoveError, ValueError):
            raise InvalidPosition(
                f"move {n} of the position, '{uci}', is not a legal UCI move there",
                code="chess.bad_history",
                n=n,
                move=uci,
            ) from None
        board.push(move)
        moves.append(move.uci())
    return Position(board.root().fen(), tuple(moves))


def _board(fen: str) -> chess.Board:
    try:
        board = chess.Board(fen)
    except ValueError as exc:
        raise InvalidPosition(
            f"'{fen}' is not a FEN ({exc})", code="chess.bad_fen", fen=fen
        ) from None
    if not board.is_valid():
        raise InvalidPosition(
            f"'{fen}' is not a position of a real game (kings, pawns on the first or last "
            "rank, the side not to move in check...)",
            code="chess.invalid_position",
            fen=fen,
        )
    return board


def state_from_position(
    text: str, config: ChessConfig | None = None, *, seed: bytes, game_id: str
) -> ChessState:
    position = parse_position(text)
    return new_game(config, seed=seed, game_id=game_id, start=position.start, moves=position.moves)
