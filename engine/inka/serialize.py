"""Inka states to and from JSON-ready dicts, with a schema version."""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.errors import InvalidRecord
from engine.inka.config import InkaConfig
from engine.inka.geometry import Placement
from engine.inka.state import PHASES, STAGES, InkaState, Rhombus

SCHEMA = 1


def to_dict(state: InkaState) -> dict[str, Any]:
    return {
        "game": "inka",
        "schema": SCHEMA,
        "config": state.config.to_dict(),
        "dice": {
            "seed": None if state.dice.seed is None else state.dice.seed.hex(),
            "game_id": state.dice.game_id,
            "counter": state.dice.counter,
        },
        "phase": state.phase,
        "first": state.first,
        "turn": state.turn,
        "pawns": list(state.pawns),
        "blockers": list(state.blockers),
        "rhombi": [[r.name, list(r.placement.anchor), r.placement.turn] for r in state.rhombi],
        "statues": [list(s) for s in state.statues],
        "pile": list(state.pile),
        "drawn": state.drawn,
        "ap": state.ap,
        "stage": state.stage,
        "out": list(state.out),
        "trail": list(state.trail),
        "ply": state.ply,
        "winner": state.winner,
        "termination": state.termination,
    }


def from_dict(data: dict[str, Any]) -> InkaState:
    if data.get("game") != "inka":
        raise InvalidRecord(f"this is not an Inka state (game: {data.get('game')!r})")
    if data.get("schema") != SCHEMA:
        raise InvalidRecord(f"Inka state schema {data.get('schema')} is not {SCHEMA}")
    try:
        if data["phase"] not in PHASES or data["stage"] not in STAGES:
            raise InvalidRecord(f"unknown phase {data['phase']!r} or stage {data['stage']!r}")
        dice = data["dice"]
        return InkaState(
            config=InkaConfig.from_dict(data["config"]),
            dice=Dice(
                None if dice["seed"] is None else bytes.fromhex(dice["seed"]),
                dice["game_id"],
                dice["counter"],
            ),
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
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, InvalidRecord):
            raise
        raise InvalidRecord(f"this Inka state cannot be read: {exc}") from exc
