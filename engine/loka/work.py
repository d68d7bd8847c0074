"""Loka's scratch copy of a state that one ``apply`` edits and then freezes (see
:class:`engine.turns.Scratch`)."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from engine.loka.pieces import KING, LETTER
from engine.loka.state import CombatReport, LokaState, PendingReroll
from engine.loka.terrain import Tile
from engine.turns import Scratch


class Work(Scratch[LokaState]):
    def __init__(self, state: LokaState) -> None:
        super().__init__(state)
        self.geo = state.geometry
        self.board = list(state.board)
        self.tiles = list(state.tiles)
        self.armies = list(state.armies)
        self.pending: PendingReroll | None = state.pending
        self.last_move = state.last_move
        self.last_combat: CombatReport | None = state.last_combat
        self.winners = state.winners
        self.fresh_pawns = set(state.fresh_pawns)

    def edits(self) -> dict[str, Any]:
        return {
            "board": tuple(self.board),
            "tiles": self.tile_tuple(),
            "armies": tuple(self.armies),
            "pending": self.pending,
            "last_move": self.last_move,
            "last_combat": self.last_combat,
            "winners": self.winners,
            "fresh_pawns": frozenset(self.fresh_pawns),
        }

    def tile_tuple(self) -> tuple[Tile, ...]:
        """The tiles as the state holds them, sorted. Tiles are only ever added (set-up), so
        as many as the state had are the state's own (already sorted): the same tuple, whose
        terrain map is found by identity (``terrain.terrain_map``)."""
        if len(self.tiles) == len(self.state.tiles):
            return self.state.tiles
        return tuple(sorted(self.tiles))

    def freeze(self) -> LokaState:
        """The new state, one ply on: ``snapshot``'s, built at once (every action of every
        search makes one); a field neither the base nor :meth:`edits` edits is kept."""
        state = self.state
        return LokaState(
            **{name: getattr(state, name) for name in _KEPT},
            dice=self.dice,
            phase=self.phase,
            turn=self.turn,
            termination=self.termination,
            ply=state.ply + 1,
            **self.edits(),
        )

    def name(self, sq: int) -> str:
        return self.geo.names[sq]

    def seat(self, army: int) -> str:
        return self.geo.seat_names[army]

    def set_army(self, army: int, **changes: Any) -> None:
        self.armies[army] = replace(self.armies[army], **changes)

    def remove(self, sq: int, reason: str) -> None:
        """Take a piece off the board; a king takes its whole army with it (RULINGS 1.8)."""
        piece = self.board[sq]
        if not piece:
            return
        self.board[sq] = 0
        self.fresh_pawns.discard(sq)
        self.emit(
            "removed",
            square=self.name(sq),
            army=self.seat(piece >> 3),
            piece=LETTER[piece & 7],
            reason=reason,
        )
        if piece & 7 == KING:
            self.eliminate(piece >> 3, "king_lost")

    def eliminate(self, army: int, reason: str) -> None:
        if not self.armies[army].alive:
            return
        lost = [sq for sq in self.geo.squares if self.board[sq] and self.board[sq] >> 3 == army]
        for sq in lost:
            self.board[sq] = 0
        self.fresh_pawns.difference_update(lost)
        reserve = self.armies[army].reserve
        self.set_army(army, alive=False, resigned=reason == "resigned", reserve=(0,) * len(reserve))
        self.emit(
            "army_eliminated",
            army=self.seat(army),
            reason=reason,
            squares=[self.name(sq) for sq in lost],
        )


# The fields of a state an apply edits: the base's (``Scratch.snapshot``), the ply and
# ``Work.edits``'s; ``freeze`` keeps every other one (its config) as it is.
_EDITED = {"dice", "phase", "turn", "termination", "ply", "board", "tiles", "armies"}
_EDITED |= {"pending", "last_move", "last_combat", "winners", "fresh_pawns"}
_KEPT = tuple(f.name for f in fields(LokaState) if f.name not in _EDITED)
