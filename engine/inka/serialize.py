"""Inka states to and from JSON-ready dicts, with a schema version."""

from __future__ import annotations

from typing import Any

from engine.errors import InvalidRecord
from engine.inka.config import InkaConfig
from engine.inka.geometry import Placement
from engine.inka.state import PHASES, STAGES, InkaState, Rhombus
from engine.snapshot import Snapshot, dice_of, saved

SCHEMA = 1
SNAPSHOT = Snapshot("inka", "Inka", SCHEMA)


def to_dict(state: InkaState) -> dict[str, Any]:
    return {
        **SNAPSHOT.header(state),
        **saved(state, "phase", "first", "turn", "pawns", "blockers"),
        "rhombi": [[r.name, list(r.placement.anchor), r.placement.turn] for r in state.rhombi],
        "statues": [list(s) for s in state.statues],
        **saved(
            state, "pile", "drawn", "ap", "stage", "out", "trail", "ply", "winner", "termination"
        ),
    }


def from_dict(data: dict[str, Any]) -> InkaState:
    with SNAPSHOT.reading(data):
        if data["phase"] not in PHASES or data["stage"] not in STAGES:
            raise InvalidRecord(f"unknown phase {data['phase']!r} or stage {data['stage']!r}")
        return InkaState(
            config=InkaConfig.from_dict(data["config"]),
            dice=dice_of(data),
            phase=data["phase"],
            first=data["first"],
            turn=data["turn"],
            pawns=tuple(data["pawns"]),
            blockers=tuple(data["blockers"]),
            rhombi=tuple(
                Rhombus(name, Placement((anchor[0], anchor[1]), turn))
                for name, anchor, turn in data["rhombi"]
            ),
            statues=tuple(tuple(s) for s in data["statues"]),
            pile=tuple(data["pile"]),
            drawn=data["drawn"],
            ap=data["ap"],
            stage=data["stage"],
            out=tuple(data["out"]),
            trail=tuple(data["trail"]),
            ply=data["ply"],
            winner=data["winner"],
            termination=data["termination"],
        )
