"""States to and from JSON-ready dicts, with a schema version."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from engine.echec.board import INDEX, NAMES, SIZE
from engine.echec.config import EchecConfig
from engine.echec.state import PHASES, AttackReport, Base, EchecState, LastAction, Side
from engine.errors import InvalidRecord
from engine.pairs import pair
from engine.snapshot import Snapshot, dice_of

SCHEMA = 1
SNAPSHOT = Snapshot("echec", "Échec au Roi", SCHEMA, coded=True)


def to_dict(state: EchecState) -> dict[str, Any]:
    return {
        **SNAPSHOT.header(state),
        "phase": state.phase,
        "bases": [
            {"square": NAMES[sq], **asdict(b)} for sq, b in enumerate(state.board) if b is not None
        ],
        "sides": [{**asdict(s), "reserve": [list(u) for u in s.reserve]} for s in state.sides],
        "turn": state.turn,
        "actions_left": state.actions_left,
        "turns": state.turns,
        "progress_turn": state.progress_turn,
        "last": None if state.last is None else asdict(state.last),
        "report": None if state.report is None else asdict(state.report),
        "ply": state.ply,
        "winners": None if state.winners is None else list(state.winners),
        "termination": state.termination,
    }


def from_dict(data: dict[str, Any]) -> EchecState:
    with SNAPSHOT.reading(data):
        board: list[Base | None] = [None] * (SIZE * SIZE)
        for entry in data["bases"]:
            values = dict(entry)
            sq = INDEX[values.pop("square")]
            board[sq] = Base(**values)
        sides = pair(
            Side(**{**s, "reserve": tuple((k, n) for k, n in s["reserve"])}) for s in data["sides"]
        )
        last, report = data["last"], data["report"]
        if last is not None:
            last = LastAction(last["seat"], last["text"], tuple(last["squares"]))
        if report is not None:
            report = AttackReport(
                **{
                    **report,
                    "faces": tuple(report["faces"]),
                    "eliminated": tuple(report["eliminated"]),
                }
            )
        if data["phase"] not in PHASES:
            raise InvalidRecord(f"unknown phase {data['phase']!r}", code="echec.phase")
        return EchecState(
            config=EchecConfig.from_dict(data["config"]),
            dice=dice_of(data),
            phase=data["phase"],
            board=tuple(board),
            sides=sides,
            turn=data["turn"],
            actions_left=data["actions_left"],
            turns=data["turns"],
            # A state saved before the no-progress rule counts from the turn it is in.
            progress_turn=data.get("progress_turn", max(0, data["turns"] - 1)),
            last=last,
            report=report,
            ply=data["ply"],
            winners=None if data["winners"] is None else tuple(data["winners"]),
            termination=data["termination"],
        )
