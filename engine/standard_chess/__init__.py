"""Standard chess (FIDE rules) on the back of the Loka board, over python-chess.

python-chess plays the rules (moves, castling, en passant, check, mate, stalemate, draws);
this package adds what a table needs around them: seats, the colour toss, draw offers and
claims, resignation, an immutable state, the record and PGN (with SAN helpers in ``game``).
Seats are ``white`` and ``black``."""

from __future__ import annotations

from engine.protocol import GameInfo, rules_of
from engine.standard_chess import actions, game, serialize
from engine.standard_chess.actions import (
    AcceptDraw,
    Action,
    ClaimDraw,
    DeclineDraw,
    Move,
    OfferDraw,
    Resign,
    Toss,
    parse_action,
)
from engine.standard_chess.config import COLOR_CHOICES, COLORS, ChessConfig
from engine.standard_chess.game import *
from engine.standard_chess.pgn import PgnGame, export_pgn, read_pgn
from engine.standard_chess.position import *
from engine.standard_chess.record import initial_state, new_record
from engine.standard_chess.serialize import from_dict, to_dict
from engine.standard_chess.state import BLACK, OVER, PHASES, PLAY, SEATS, TOSS, WHITE, ChessState

NAME = "standard_chess"
INFO = GameInfo(NAME, "Chess", SEATS, (2, 2), (2, 2), PHASES, chance=True)
RULES = rules_of(INFO, game, actions, serialize, game.default_action)
