"""Counting legal action sequences (perft), the move generator's self-check.

Depth counts actions: ``spin`` is one action whose chance outcome is **expanded per face**:
a spin node has eight children, one per face of the spinner (the two "1 point" faces
count separately, so every leaf stands for an equally likely line of play). A spin whose
face has no use (or the cannon) ends the turn inside that same action, as in play. A game
that ends before the depth is reached adds nothing. ``--chance`` ``distinct`` counts each
distinct face once instead (seven children)."""

from __future__ import annotations

from dataclasses import replace

from engine.alako.game import apply, legal_actions
from engine.alako.spinner import FACES
from engine.alako.state import OVER, SPIN, AlakoState
from engine.perft import LoadedDice, options, report, root


def _values(chance: str) -> list[int]:
    if chance == "faces":
        return list(range(1, len(FACES) + 1))
    seen: dict[str, int] = {}
    for i, face in enumerate(FACES, 1):
        seen.setdefault(face, i)
    return list(seen.values())


def perft(state: AlakoState, depth: int, chance: str = "faces") -> int:
    if depth == 0:
        return 1
    if state.phase == OVER:
        return 0
    total = 0
    if state.phase == SPIN:
        for value in _values(chance):
            forced = replace(state, dice=LoadedDice(value))
            after, _ = apply(forced, legal_actions(forced)[0])
            total += perft(after, depth - 1, chance)
        return total
    for action in legal_actions(state):
        after, _ = apply(state, action)
        total += perft(after, depth - 1, chance)
    return total


DEFAULT_POSITION = (
    "south: Kd4 Hd5 Pe2 Wa3n Wb3n Tc3n Wc4e; north: Ke8 Hf10 Pe11 Wi8e Wi7n Th7n; turn: south"
)


def run(argv: list[str]) -> int:
    """``python -m engine.perft alako --position "<text>" --depth N [--chance faces]``."""
    from engine.alako.position import state_from_position

    parser = options("alako", __doc__, depth=4)
    parser.add_argument("--chance", choices=("faces", "distinct"), default="faces")
    args = parser.parse_args(argv)
    return report(
        args,
        lambda: root(state_from_position, args.position or DEFAULT_POSITION),
        lambda state, depth: perft(state, depth, args.chance),
    )
