"""Loka states to and from JSON-ready dicts, with a schema version."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from engine.errors import InvalidRecord
from engine.loka.config import LokaConfig
from engine.loka.movegen import home_pawns
from engine.loka.pieces import KIND_OF_LETTER, LETTER, code
from engine.loka.state import BATTLE, OVER, PHASES, Army, CombatReport, LokaState, PendingReroll
from engine.loka.terrain import TILE_KINDS, Tile
from engine.snapshot import Snapshot, dice_of

SCHEMA = 2
# Schema 1 (before RULINGS 1.8 was corrected) had no ``fresh_pawns``: it is derived as the old
# rule read the board, every pawn on its own row 2 may double-step.
READABLE = (1, SCHEMA)
SNAPSHOT = Snapshot("loka", "Loka", SCHEMA, READABLE)


def to_dict(state: LokaState) -> dict[str, Any]:
    geo = state.geometry
    names = geo.names

    def sq(i: int | None) -> str | None:
        return None if i is None else names[i]

    return {
        **SNAPSHOT.header(state),
        "phase": state.phase,
        "pieces": [
            f"{geo.seat_names[p >> 3]}:{LETTER[p & 7]}{names[i]}"
            for i in geo.squares
            if (p := state.board[i])
        ],
        "tiles": [[t.kind, names[t.square], t.axis] for t in state.tiles],
        "armies": [
            {
                "budget": a.budget,
                "draft": None if a.draft is None else list(a.draft),
                "confirmed": a.confirmed,
                "hidden": a.hidden,
                "reserve": list(a.reserve),
                "alive": a.alive,
                "resigned": a.resigned,
            }
            for a in state.armies
        ],
        "turn": state.turn,
        "pending": None
        if state.pending is None
        else {
            **vars_of(state.pending),
            "src": sq(state.pending.src),
            "dst": sq(state.pending.dst),
        },
        "last_move": None if state.last_move is None else [sq(x) for x in state.last_move],
        "last_combat": None
        if state.last_combat is None
        else {
            **vars_of(state.last_combat),
            "src": sq(state.last_combat.src),
            "dst": sq(state.last_combat.dst),
        },
        "ply": state.ply,
        "winners": None if state.winners is None else list(state.winners),
        "termination": state.termination,
        "fresh_pawns": [names[i] for i in sorted(state.fresh_pawns)],
    }


def vars_of(obj: PendingReroll | CombatReport) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


def from_dict(data: dict[str, Any]) -> LokaState:
    with SNAPSHOT.reading(data):
        config = LokaConfig.from_dict(data["config"])
        geo = config.geometry
        board = [0] * geo.size
        for entry in data["pieces"]:
            army, rest = entry.split(":")
            board[geo.parse(rest[1:])] = code(geo.seat_index[army], KIND_OF_LETTER[rest[0]])
        tiles = tuple(
            sorted(Tile(geo.parse(s), k, a) for k, s, a in data["tiles"] if k in TILE_KINDS)
        )
        armies = tuple(
            Army(
                budget=a["budget"],
                draft=None if a["draft"] is None else tuple(a["draft"]),
                confirmed=a["confirmed"],
                hidden=a["hidden"],
                reserve=tuple(a["reserve"]),
                alive=a["alive"],
                resigned=a["resigned"],
            )
            for a in data["armies"]
        )
        pending = data["pending"]
        if pending is not None:
            pending = PendingReroll(
                **{**pending, "src": geo.parse(pending["src"]), "dst": geo.parse(pending["dst"])}
            )
        combat = data["last_combat"]
        if combat is not None:
            combat = CombatReport(
                **{**combat, "src": geo.parse(combat["src"]), "dst": geo.parse(combat["dst"])}
            )
        last_move = data["last_move"]
        if data["phase"] not in PHASES:
            raise InvalidRecord(f"unknown phase {data['phase']!r}")
        if data["schema"] != 1:
            fresh = frozenset(geo.parse(x) for x in data["fresh_pawns"])
        elif data["phase"] in (BATTLE, OVER):
            fresh = home_pawns(geo, board)  # the old rule: every pawn on its row 2
        else:
            fresh = frozenset()  # set when the battle begins
        return LokaState(
            config=config,
            dice=dice_of(data),
            phase=data["phase"],
            board=tuple(board),
            tiles=tiles,
            armies=armies,
            turn=data["turn"],
            pending=pending,
            last_move=None
            if last_move is None
            else (geo.parse(last_move[0]), geo.parse(last_move[1])),
            last_combat=combat,
            ply=data["ply"],
            winners=None if data["winners"] is None else tuple(data["winners"]),
            termination=data["termination"],
            fresh_pawns=fresh,
        )
