"""Shared helpers for the Alako tests: positions from text, scripted spins, lookups."""

from __future__ import annotations

from engine.alako import Action, AlakoState, apply, parse_action, paths, state_from_position
from engine.alako.board import name, parse
from engine.alako.spinner import FACES
from tests.engine.helpers import from_position


def value_of(face: str) -> int:
    """The D8 value that shows ``face`` (the first such face)."""
    return FACES.index(face) + 1


def position(text: str, *spins: str) -> AlakoState:
    """A state from a position text; ``spins`` script the next faces."""
    return from_position(state_from_position, text, rolls=tuple(value_of(f) for f in spins))


def spun(text: str, face: str) -> tuple[AlakoState, list]:
    """The position, with its seat to move having just spun ``face``."""
    state = position(text, face)
    return apply(state, parse_action("spin"))


def play(state: AlakoState, *actions: str) -> AlakoState:
    for text in actions:
        state, _ = apply(state, parse_action(text))
    return state


def moves(state: AlakoState) -> set[str]:
    from engine.alako import legal_actions

    return {str(a) for a in legal_actions(state)}


def sq(text: str) -> int:
    return parse(text)


def at(square: int | None) -> str | None:
    return None if square is None else name(square)


def distance(state: AlakoState, seat: int) -> int:
    """How many squares (along files and ranks) the knight of ``seat`` has to walk to the
    enemy princess."""
    me, foe = state.sides[seat], state.sides[1 - seat]
    k = me.knight if me.knight is not None else me.descent
    assert k is not None
    return abs(k % 9 - foe.princess % 9) + abs(k // 9 - foe.princess // 9)


def towards_princess(state: AlakoState) -> Action:
    """The knight's move (after a 1 or 2) that wins or ends nearest the enemy princess: the
    players of whole random games make it often, as pure random play rarely gets a knight out
    of his own camp."""
    scored = []
    for path in paths(state):
        after, _ = apply(state, path.action)
        d = -1 if after.winner is not None else distance(after, state.turn)  # type: ignore[arg-type]
        scored.append((d, str(path.action), path.action))
    return min(scored)[2]
