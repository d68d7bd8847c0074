"""Counting legal action sequences (perft), the move generator's self-check.

Every action is a ply: a Parachute turn is two (the move, then the placement, one per empty
square). A position where the game has ended (a connection, or nobody able to act) has no
children; forced passes are not plies (the turn simply passes on)."""

from __future__ import annotations

from engine.loa.config import VARIANTS, LoaConfig
from engine.loa.rules import PLACE, Mode, Situation, actions_of, play_move, play_place
from engine.loa.state import LoaState
from engine.perft import SOURCE, divided, options, report, root


def perft(state: LoaState, depth: int) -> int:
    if state.over or state.offer is not None or depth < 1:
        return 0
    return _perft(state.mode, state.situation(), depth)


def _perft(mode: Mode, sit: Situation, depth: int) -> int:
    actions = actions_of(mode, sit)
    if depth == 1:
        return len(actions)
    play = play_place if sit.step == PLACE else play_move
    total = 0
    for action in actions:
        turn = play(mode, sit, action)
        if turn.result is None:
            total += _perft(mode, turn.situation, depth - 1)
    return total


def divide(state: LoaState, depth: int) -> list[tuple[str, int]]:
    """Perft of each first action (to find where two move generators disagree)."""
    import engine.loa.game as rules

    return divided(state, depth, rules, perft)


def run(argv: list[str]) -> int:
    """``python -m engine.perft loa --variant standard --depth 4``."""
    from engine.loa.game import new_game
    from engine.loa.position import state_from_position

    parser = options("loa", __doc__, depth=3, divide=True, start="the variant's start")
    parser.add_argument("--variant", choices=VARIANTS, default="standard")
    parser.add_argument("--first", choices=("white", "black"), default="white")
    args = parser.parse_args(argv)

    def start() -> LoaState:
        if args.position:
            return root(state_from_position, args.position)
        return new_game(LoaConfig(args.variant, args.first), **SOURCE)

    return report(args, start, perft, divide)
