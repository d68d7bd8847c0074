"""States to and from JSON-ready dicts, with a schema version."""

from __future__ import annotations

from typing import Any

from engine.errors import InvalidRecord
from engine.loa.config import COLOURS, MARK, LoaConfig
from engine.loa.notation import parse_square, square_name
from engine.loa.rules import MOVE, PLACE
from engine.loa.state import LoaState
from engine.snapshot import Snapshot, dice_of

SCHEMA = 1
SNAPSHOT = Snapshot("loa", "Lines of Action", SCHEMA, coded=True)


def to_dict(state: LoaState) -> dict[str, Any]:
    return {
        **SNAPSHOT.header(state),
        "pieces": [
            [COLOURS[code & 1], square_name((f, r)), bool(code & MARK)]
            for f, r, code in state.pieces
        ],
        "turn": state.seat_to_move,
        "step": state.step,
        "held": list(state.held),
        "parts": list(state.parts),
        "offer": None if state.offer is None else state.seats[state.offer],
        "offered": list(state.offered),
        "moves": state.moves,
        "last_move": None if state.last_move is None else [square_name(c) for c in state.last_move],
        "last_place": None if state.last_place is None else square_name(state.last_place),
        "ply": state.ply,
        "winners": None if state.winners is None else list(state.winners),
        "termination": state.termination,
        "lots": None if state.lots is None else list(state.lots),
    }


def from_dict(data: dict[str, Any]) -> LoaState:
    with SNAPSHOT.reading(data):
        config = LoaConfig.from_dict(data["config"])

        def sq(name: str) -> tuple[int, int]:
            return parse_square(name, bounded=config.bounded)

        pieces = tuple(
            sorted(
                (*sq(name), COLOURS.index(colour) | (MARK if marked else 0))
                for colour, name, marked in data["pieces"]
            )
        )
        if data["step"] not in (MOVE, PLACE):
            raise InvalidRecord(f"unknown step {data['step']!r}", code="loa.bad_step")
        last = data["last_move"]
        return LoaState(
            config=config,
            dice=dice_of(data),
            pieces=pieces,
            turn=config.seats.index(data["turn"]),
            step=data["step"],
            held=(int(data["held"][0]), int(data["held"][1])),
            parts=(int(data["parts"][0]), int(data["parts"][1])),
            offer=None if data["offer"] is None else config.seats.index(data["offer"]),
            offered=(int(data["offered"][0]), int(data["offered"][1])),
            moves=data["moves"],
            last_move=None if last is None else (sq(last[0]), sq(last[1])),
            last_place=None if data["last_place"] is None else sq(data["last_place"]),
            ply=data["ply"],
            winners=None if data["winners"] is None else tuple(data["winners"]),
            termination=data["termination"],
            # Older states have no lots: their seats were the colours from the start.
            lots=None if data.get("lots") is None else tuple(int(n) for n in data["lots"]),
        )
