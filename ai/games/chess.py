"""Standard chess (the fallback when no Stockfish binary is installed): material.

The search plays by the engine's rules, faster where they are costly and give the same
answer: a threefold repetition claim is looked for only where two positions since the last
capture or pawn move have their pieces on the same squares, and the boards of the searched
positions share their past moves instead of copying each at every move."""

from __future__ import annotations

import collections
from collections.abc import Hashable
from dataclasses import replace
from typing import Any, cast

import chess

from ai.knowledge import Knowledge, reseeded, squash
from engine import standard_chess
from engine.standard_chess import actions
from engine.standard_chess.state import PLAY, ChessState, other

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board: chess.Board, color: chess.Color) -> int:
    """``color``'s material less the other side's (``VALUES``; kings count nothing)."""
    own, other = board.occupied_co[color], board.occupied_co[not color]
    kinds = (board.pawns, board.knights, board.bishops, board.rooks, board.queens)
    return sum(
        VALUES[kind] * ((mask & own).bit_count() - (mask & other).bit_count())
        for kind, mask in enumerate(kinds, chess.PAWN)
    )


def evaluate(state: Any, seat: str) -> float:
    return squash(0.35 * material(state.board, seat == "white"))


def may_repeat(board: chess.Board) -> bool:
    """Whether two of the positions a threefold repetition claim counts (the present one and
    those since the last capture or pawn move, ``halfmove_clock`` plies) have their pieces on
    the same squares; if none do, no draw by repetition can be claimed now, nor by a move."""
    stack = board._stack  # (python-chess keeps the position before each move)
    back = min(board.halfmove_clock, len(stack))
    seen = [board.occupied, *(kept.occupied for kept in stack[len(stack) - back :])]
    return len(set(seen)) < len(seen)


def can_claim_draw(board: chess.Board) -> bool:
    """``board.can_claim_draw()``, the same answer found faster (see :func:`may_repeat`)."""
    if board.can_claim_fifty_moves():
        return True
    return may_repeat(board) and board.can_claim_threefold_repetition()


_MOVES: dict[str, actions.Move] = {}
"""The moves as actions by their UCI text, made once (an action is immutable)."""


def legal_actions(state: ChessState, seat: str | None = None) -> list[Any]:
    """The engine's legal actions, the same list in the same order (see
    ``standard_chess.legal_actions``): the moves, a draw offer, a claim, the answers to an
    offer, resigning."""
    if state.phase != PLAY:
        return standard_chess.legal_actions(state, seat)
    seat = seat or state.turn
    board = state.board
    found: list[Any] = []
    if seat == state.turn:
        for uci in map(chess.Move.uci, board.legal_moves):
            move = _MOVES.get(uci)
            found.append(move or _MOVES.setdefault(uci, actions.Move(uci)))
        found += [actions.OfferDraw()] * (state.draw_offer is None and state.offer_ply != state.ply)
        found += [actions.ClaimDraw()] * can_claim_draw(board)
    if state.draw_offer == other(seat):
        found += [actions.AcceptDraw(), actions.DeclineDraw()]
    return [*found, actions.Resign()]


PAST_KEPT = 1 << 14
_PAST: dict[int, tuple[Any, bool, Hashable]] = {}
""":meth:`SharedBoard._past`'s answers by the id of python-chess's kept position, which each
entry holds (so that no other object takes its id while it is kept); cleared past
``PAST_KEPT`` entries. A pure function of the kept position and its move: it changes no
answer."""


class SharedBoard(chess.Board):
    """A board whose copies share its past moves and positions (python-chess never changes
    one once made) instead of copying every move: the same board, copied in a time that does
    not grow with the game."""

    def copy(self, *, stack: bool | int = True) -> SharedBoard:
        if stack is not True:
            return super().copy(stack=stack)
        board = super().copy(stack=False)
        board.move_stack = self.move_stack.copy()
        board._stack = self._stack.copy()
        return board

    def _past(self, i: int) -> tuple[bool, Hashable]:
        """Whether the ``i``-th move was irreversible and, if not, the transposition key of
        the position before it: what popping the moves down to it finds, without pushing
        them back. Kept by the position python-chess kept (never changed once made, and
        shared by every board a search copies), so each is worked out once."""
        kept = self._stack[i]
        found = _PAST.get(id(kept))
        if found is None or found[0] is not kept:
            if len(_PAST) >= PAST_KEPT:
                _PAST.clear()
            scratch = chess.Board.copy(self, stack=False)
            kept.restore(scratch)
            irreversible = scratch.is_irreversible(self.move_stack[i])
            key = None if irreversible else scratch._transposition_key()
            found = _PAST[id(kept)] = (kept, irreversible, key)
        return found[1], found[2]

    def is_repetition(self, count: int = 3) -> bool:
        """``chess.Board.is_repetition``, the same answer: the past positions' keys are read
        (:meth:`_past`) instead of the moves popped and pushed again (every position searched
        in a long endgame asks, through ``outcome``'s fivefold check)."""
        occupied = self.occupied
        maybe = 1 + sum(1 for kept in self._stack if kept.occupied == occupied)
        if maybe < count:  # (python-chess's own first check, by occupancy)
            return False
        key = self._transposition_key()
        i = len(self.move_stack)
        while count > 1:
            if i < count - 1:
                return False
            i -= 1
            irreversible, past = self._past(i)
            if irreversible:
                return False
            if past == key:
                count -= 1
        return True

    def can_claim_threefold_repetition(self) -> bool:
        """``chess.Board.can_claim_threefold_repetition``, the same answer, the past
        positions' keys read as in :meth:`is_repetition`."""
        key = self._transposition_key()
        seen = collections.Counter((key,))
        for i in reversed(range(len(self.move_stack))):
            irreversible, past = self._past(i)
            if irreversible:
                break
            seen[past] += 1
        if seen[key] >= 3:
            return True
        if max(seen.values()) < 2:  # no move can make a position's third time: none to try
            return False
        for move in self.generate_legal_moves():
            self.push(move)
            try:
                if seen[self._transposition_key()] >= 2:
                    return True
            finally:
                self.pop()
        return False


_SHARED: tuple[Any, SharedBoard | None] = (None, None)
"""The last view's board and its :class:`SharedBoard` (the search determinizes one view at
every iteration)."""


def determinize(view: ChessState, seat: str, rng: Any) -> ChessState:
    """The view with its dice reseeded (nothing else is hidden) and its board a
    :class:`SharedBoard`, so that every position searched from it shares its past."""
    global _SHARED
    board = view.board
    kept, shared = _SHARED  # (read once: safe beside another thread)
    if kept is not board or shared is None:
        copied = board.copy()
        copied.__class__ = SharedBoard  # (the same board, copied once a decision)
        shared = cast(SharedBoard, copied)
        _SHARED = (board, shared)
    return replace(reseeded(view, rng), _board=shared)


RULES = replace(standard_chess.RULES, legal_actions=legal_actions)
"""Chess's rules as the search plays them: :func:`legal_actions` in place of the engine's."""
KNOWLEDGE = Knowledge(RULES, determinize, evaluate)
