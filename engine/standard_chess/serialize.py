"""Chess states to and from JSON-ready dicts, with a schema version."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import InvalidRecord
from engine.snapshot import Snapshot, dice_of, saved
from engine.standard_chess.config import ChessConfig
from engine.standard_chess.position import parse_position
from engine.standard_chess.state import PHASES, RESULTS, SEATS, TERMINATIONS, ChessState

SCHEMA = 1
SNAPSHOT = Snapshot("standard_chess", "chess", SCHEMA)
# After the header, a saved game holds these fields of its state, as they are.
FIELDS = (
    "phase",
    "start",
    "moves",
    "host_color",
    "draw_offer",
    "offer_ply",
    "result",
    "termination",
)


def to_dict(state: ChessState) -> dict[str, Any]:
    return {
        **SNAPSHOT.header(state),
        **saved(state, *FIELDS),
    }


def from_dict(data: Mapping[str, Any]) -> ChessState:
    with SNAPSHOT.reading(data):
        # Replaying the moves checks them all (a hand-edited save cannot sneak one in).
        position = parse_position("fen " + data["start"] + " moves " + " ".join(data["moves"]))
        state = ChessState(
            ChessConfig.from_dict(data["config"]),
            dice_of(data),
            data["phase"],
            position.start,
            position.moves,
            data["host_color"],
            data["draw_offer"],
            int(data["offer_ply"]),
            data["result"],
            data["termination"],
        )
    ok = (
        state.phase in PHASES
        and state.host_color in (*SEATS, None)
        and state.draw_offer in (*SEATS, None)
        and state.result in (*RESULTS, None)
        and state.termination in (*TERMINATIONS, None)
    )
    if not ok:
        raise InvalidRecord("this saved chess game holds values no chess game can have")
    return state
