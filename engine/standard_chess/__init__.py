"""Standard chess (FIDE rules) on the back of the Loka board, over python-chess.

python-chess plays the rules (moves, castling, en passant, check, mate, stalemate, draws);
this package adds what a table needs around them: seats, the colour toss, draw offers and
claims, resignation, an immutable state, the record and PGN. ``RULES`` bundles the
``engine.protocol.Game`` functions. Seats are ``white`` and ``black``."""

from __future__ import annotations

from types import SimpleNamespace

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
from engine.standard_chess.game import (
    apply,
    default_action,
    legal_actions,
    legal_sans,
    new_game,
    outcome,
    resolve,
    san,
    to_act,
    view,
)
from engine.standard_chess.pgn import PgnGame, export_pgn, read_pgn
from engine.standard_chess.position import (
    Position,
    format_position,
    parse_position,
    position_of,
    state_from_position,
)
from engine.standard_chess.record import initial_state, new_record
from engine.standard_chess.serialize import from_dict, to_dict
from engine.standard_chess.state import BLACK, OVER, PLAY, SEATS, TOSS, WHITE, ChessState

NAME = "standard_chess"

RULES = SimpleNamespace(
    name=NAME,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    parse_action=parse_action,
    to_dict=to_dict,
    from_dict=from_dict,
    new=new_game,
    default_action=default_action,
)

__all__ = [
    "BLACK",
    "COLORS",
    "COLOR_CHOICES",
    "NAME",
    "OVER",
    "PLAY",
    "RULES",
    "SEATS",
    "TOSS",
    "WHITE",
    "AcceptDraw",
    "Action",
    "ChessConfig",
    "ChessState",
    "ClaimDraw",
    "DeclineDraw",
    "Move",
    "OfferDraw",
    "PgnGame",
    "Position",
    "Resign",
    "Toss",
    "apply",
    "default_action",
    "export_pgn",
    "format_position",
    "from_dict",
    "initial_state",
    "legal_actions",
    "legal_sans",
    "new_game",
    "new_record",
    "outcome",
    "parse_action",
    "parse_position",
    "position_of",
    "read_pgn",
    "resolve",
    "san",
    "state_from_position",
    "to_act",
    "to_dict",
    "view",
]
