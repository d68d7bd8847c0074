"""Starting positions of every variant."""

from __future__ import annotations

from engine.loa.bitboard import BitBoard
from engine.loa.config import (
    AMBIDEXTROUS,
    BLACK,
    FIRST_PART,
    MARK,
    MARKED_START,
    PARACHUTE,
    PARACHUTE_HELD,
    PARACHUTE_START,
    SCRAMBLED,
    SCRAMBLED_START,
    STANDARD_START,
    TEAMS,
    UNBOUNDED,
    WHITE,
    LoaConfig,
)
from engine.loa.notation import parse_square
from engine.loa.openboard import OpenBoard
from engine.loa.rules import Situation, advance, mode_of


def start_pieces(variant: str) -> tuple[tuple[int, int, int], ...]:
    layout = {SCRAMBLED: SCRAMBLED_START, PARACHUTE: PARACHUTE_START}.get(variant, STANDARD_START)
    marks = variant in (TEAMS, AMBIDEXTROUS)
    pieces = []
    for colour in (WHITE, BLACK):
        for name in layout[colour]:
            f, r = parse_square(name)
            marked = marks and name in MARKED_START[colour]
            pieces.append((f, r, colour | (MARK if marked else 0)))
    return tuple(sorted(pieces))


def start_situation(config: LoaConfig) -> Situation:
    pieces = start_pieces(config.variant)
    board = (OpenBoard if config.variant == UNBOUNDED else BitBoard).from_pieces(pieces)
    held = (PARACHUTE_HELD, PARACHUTE_HELD) if config.variant == PARACHUTE else (0, 0)
    turn = 0 if config.first == "white" else 1  # seats alternate white, black
    sit = Situation(board, turn, "move", held, (FIRST_PART, FIRST_PART))
    return advance(mode_of(config.variant), sit, 0).situation
