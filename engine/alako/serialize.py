"""Alako states to and from JSON-ready dicts, with a schema version.

Schema 1 grew ``offer`` and ``offered`` (draw offers); a snapshot without them has none."""

from __future__ import annotations

from typing import Any

from engine.alako.board import SEATS, name, parse, parse_segment, segment_name
from engine.alako.config import AlakoConfig
from engine.alako.state import PHASES, AlakoState, Fort, Side
from engine.errors import InvalidRecord
from engine.pairs import pair
from engine.snapshot import Snapshot, dice_of

SCHEMA = 1
SNAPSHOT = Snapshot("alako", "Alako", SCHEMA)


def _side(side: Side) -> dict[str, Any]:
    return {
        "knight": None if side.knight is None else name(side.knight),
        "horse": name(side.horse),
        "princess": name(side.princess),
        "climbing": None if side.climbing is None else segment_name(side.climbing),
        "descent": None if side.descent is None else name(side.descent),
        "line": [f"{f.kind}{segment_name(f.segment)}" for f in side.line],
    }


def to_dict(state: AlakoState) -> dict[str, Any]:
    return {
        **SNAPSHOT.header(state),
        "phase": state.phase,
        "sides": {seat: _side(side) for seat, side in zip(SEATS, state.sides, strict=True)},
        "turn": None if state.turn is None else SEATS[state.turn],
        "face": state.face,
        "builds_left": state.builds_left,
        "last_spin": None
        if state.last_spin is None
        else [SEATS[state.last_spin[0]], state.last_spin[1]],
        "last_move": None if state.last_move is None else [name(s) for s in state.last_move],
        "ply": state.ply,
        "winner": None if state.winner is None else SEATS[state.winner],
        "termination": state.termination,
        "offer": None if state.offer is None else SEATS[state.offer],
        "offered": [SEATS[s] for s in state.offered],
    }


def _read_side(data: dict[str, Any]) -> Side:
    return Side(
        knight=None if data["knight"] is None else parse(data["knight"]),
        horse=parse(data["horse"]),
        princess=parse(data["princess"]),
        climbing=None if data["climbing"] is None else parse_segment(data["climbing"]),
        descent=None if data["descent"] is None else parse(data["descent"]),
        line=tuple(Fort(parse_segment(t[1:]), t[0]) for t in data["line"]),
    )


def from_dict(data: dict[str, Any]) -> AlakoState:
    with SNAPSHOT.reading(data):
        if data["phase"] not in PHASES:
            raise InvalidRecord(f"unknown phase {data['phase']!r}")
        spin = data["last_spin"]
        return AlakoState(
            config=AlakoConfig.from_dict(data["config"]),
            dice=dice_of(data),
            phase=data["phase"],
            sides=pair(_read_side(data["sides"][seat]) for seat in SEATS),
            turn=None if data["turn"] is None else SEATS.index(data["turn"]),
            face=data["face"],
            builds_left=data["builds_left"],
            last_spin=None if spin is None else (SEATS.index(spin[0]), spin[1]),
            last_move=None
            if data["last_move"] is None
            else tuple(parse(s) for s in data["last_move"]),
            ply=data["ply"],
            winner=None if data["winner"] is None else SEATS.index(data["winner"]),
            termination=data["termination"],
            offer=None if data.get("offer") is None else SEATS.index(data["offer"]),
            offered=tuple(SEATS.index(s) for s in data.get("offered", ())),
        )
