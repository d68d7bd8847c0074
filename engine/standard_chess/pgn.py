"""PGN out and in, through ``chess.pgn``.

``chess.pgn`` imports ``chess.engine``, which imports asyncio (to drive UCI engines); the
engine package must load no I/O library, so it is imported inside these two functions only,
when a PGN is actually written or read."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, field

import chess

from engine.errors import InvalidNotation
from engine.standard_chess.position import Position
from engine.standard_chess.state import ChessState


def export_pgn(state: ChessState, headers: Mapping[str, str] | None = None) -> str:
    """The game as PGN: the seven-tag roster (Event, Site, Date, Round, White, Black,
    Result) from ``headers`` and the state, ``FEN``/``SetUp`` when it did not start from the
    usual position, and the moves in SAN."""
    import chess.pgn  # see the module docstring

    game = chess.pgn.Game.from_board(state.board)
    for key, value in (headers or {}).items():
        if value is not None:
            game.headers[key] = str(value)
    game.headers["Result"] = state.result or "*"
    if state.termination is not None:
        game.headers["Termination"] = "normal"  # by the rules: no time, no adjudication
        game.headers["PlyCount"] = str(state.ply)
    exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=False)
    return game.accept(exporter) + "\n"


@dataclass(frozen=True)
class PgnGame:
    """What a PGN holds that a game can continue from: its start, its main line, its tags."""

    position: Position
    headers: dict[str, str] = field(default_factory=dict)
    result: str = "*"


def read_pgn(text: str) -> PgnGame:
    """The first game of a PGN text: its start position and main line (variations and
    comments are left out). Refuses a PGN with an illegal move, or of another variant."""
    import chess.pgn  # see the module docstring

    class Quiet(chess.pgn.GameBuilder[chess.pgn.Game]):
        """Keeps what it cannot read in ``game.errors`` without python-chess's ERROR log
        line (which quotes the text): a refused PGN is the player's answer, not news."""

        def handle_error(self, error: Exception) -> None:
            self.game.errors.append(error)

    try:
        game = chess.pgn.read_game(io.StringIO(str(text)), Visitor=Quiet)
    except Exception as exc:
        # python-chess fails on some malformed texts in ways of its own (an IndexError on a
        # variation closed after an unreadable move, from the second game of a file...)
        raise InvalidNotation(
            "this PGN cannot be read: its moves and variations do not fit together",
            code="chess.pgn_error",
            detail="its moves and variations do not fit together",
        ) from exc
    if game is None or (not game.headers and not any(True for _ in game.mainline_moves())):
        raise InvalidNotation(
            'this is not a PGN: it needs tags like [Event "..."] and/or moves like 1. e4 e5',
            code="chess.pgn_empty",
        )
    variant = game.headers.get("Variant", "Standard")
    if variant.lower() not in ("standard", "chess", ""):
        raise InvalidNotation(
            f"this PGN is a game of {variant}: only standard chess is supported",
            code="chess.pgn_variant",
            variant=variant,
        )
    if game.errors:
        first = game.errors[0]
        raise InvalidNotation(
            f"this PGN cannot be read: {first}", code="chess.pgn_error", detail=str(first)
        )
    board = game.board()
    if not board.is_valid():
        raise InvalidNotation(
            "this PGN's FEN tag is not a position of a real game", code="chess.pgn_fen"
        )
    moves = tuple(m.uci() for m in game.mainline_moves())
    result = game.headers.get("Result", "*")
    return PgnGame(
        Position(board.fen(), moves),
        dict(game.headers),
        result if result in ("1-0", "0-1", "1/2-1/2") else "*",
    )


def is_standard_start(position: Position) -> bool:
    return position.start == chess.STARTING_FEN
