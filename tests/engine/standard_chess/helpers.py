"""Small builders for chess engine tests."""

from __future__ import annotations

from engine.standard_chess import ChessConfig, ChessState, apply, resolve, state_from_position

SEED = b"chess-test-seed"


def position(text: str = "startpos", color: str = "white") -> ChessState:
    return state_from_position(text, ChessConfig(color), seed=SEED, game_id="t")


def play(state: ChessState, *moves: str) -> ChessState:
    """Play moves given in SAN or UCI, each by the side to move."""
    for text in moves:
        state, _ = apply(state, resolve(state, text))
    return state
