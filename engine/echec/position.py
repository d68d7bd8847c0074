"""The position text, for sharing positions, puzzles and tests.

``south: K1e1n C2d1n A4c1n I4c2n*; north: K1e9s I3e5w; turn: south; actions: 2``

Each base is its kind letter (K king, C cavalry, A archers, I infantry, P peasants,
M mercenaries, H heavy infantry), its figures, its square and its facing (n, e, s, w), with
``*`` when it has attacked this turn. A position is in the battle;
``parse_position(format_position(p)) == p``."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.dice import Dice
from engine.echec.board import INDEX, NAMES, SEATS, SIZE
from engine.echec.config import EchecConfig
from engine.echec.state import ACTIONS_PER_TURN, BATTLE, Base, EchecState, Side
from engine.echec.units import INFANTRY, KIND, KINDS, KING, MASSIVE_FIGURES
from engine.errors import InvalidNotation, InvalidPosition
from engine.position import fields_of, state_reader

__all__ = ["Position", "format_position", "parse_position", "position_of", "state_from_position"]

_TOKEN = re.compile(r"^([KCAIPMH])(\d{0,2})([a-i][1-9])([nesw])(\*?)$")

BaseEntry = tuple[str, str, int, str, str, bool]  # seat, kind, figures, square, facing, attacked


@dataclass(frozen=True)
class Position:
    bases: frozenset[BaseEntry]
    turn: str = "south"
    actions: int = ACTIONS_PER_TURN


def _token(kind: str, figures: int, square: str, facing: str, attacked: bool) -> str:
    return f"{kind}{figures}{square}{facing}" + ("*" if attacked else "")


def format_position(position: Position) -> str:
    parts = []
    for seat in SEATS:
        mine = sorted(
            (b for b in position.bases if b[0] == seat),
            key=lambda b: (KINDS.index(b[1]), INDEX[b[3]]),
        )
        parts.append(f"{seat}: " + " ".join(_token(*b[1:]) for b in mine))
    parts.append(f"turn: {position.turn}")
    parts.append(f"actions: {position.actions}")
    return "; ".join(parts)


def parse_position(text: str) -> Position:
    """Read a position text; every mistake is reported with what would be right."""
    bases: dict[str, BaseEntry] = {}
    turn, actions = "south", ACTIONS_PER_TURN
    listed: set[str] = set()
    for name, body in fields_of(text, _no_colon):
        if name == "turn":
            turn = body.lower()
            if turn not in SEATS:
                raise InvalidPosition(
                    f"turn: '{body}' must be south or north", code="echec.position_turn"
                )
        elif name == "actions":
            if body not in ("1", "2"):
                raise InvalidPosition(
                    f"actions: '{body}' must be 1 or 2 (actions left this turn)",
                    code="echec.position_actions",
                )
            actions = int(body)
        elif name in SEATS:
            if name in listed:
                raise InvalidPosition(
                    f"{name} is listed twice: list each side once", code="echec.position_twice"
                )
            listed.add(name)
            for token in body.split():
                entry = _base(name, token)
                if entry[3] in bases:
                    raise InvalidPosition(
                        f"two bases on {entry[3]}", code="echec.position_two", square=entry[3]
                    )
                bases[entry[3]] = entry
        else:
            raise InvalidNotation(
                f"unknown field '{name}': use south, north, turn or actions",
                code="echec.position_unknown",
                field=name,
            )
    for seat in SEATS:
        kings = sum(1 for b in bases.values() if b[0] == seat and b[1] == KING)
        if kings != 1:
            raise InvalidPosition(
                f"{seat} has {kings} kings: each side has exactly one",
                code="echec.position_kings",
                seat=seat,
                kings=kings,
            )
    return Position(frozenset(bases.values()), turn, actions)


def _no_colon(field: str) -> InvalidNotation:
    return InvalidNotation(
        f"'{field}' needs a name and a colon: 'south: K1e1n I4e2n', 'turn: north' or 'actions: 2'",
        code="echec.position_field",
        field=field,
    )


def _base(seat: str, token: str) -> BaseEntry:
    match = _TOKEN.match(token[:1].upper() + token[1:].lower())
    if not match:
        raise InvalidNotation(
            f"'{token}' is not a base: a letter (K C A I P M H), figures, a square and a "
            "facing, like I4c2n (add * if it attacked this turn)",
            code="echec.position_base",
            token=token,
        )
    kind, figures, square, facing, star = match.groups()
    most = MASSIVE_FIGURES if kind == INFANTRY else max(KIND[kind].figures)
    count = int(figures) if figures else KIND[kind].figures[0]
    if not 1 <= count <= most:
        raise InvalidPosition(
            f"a base of {KIND[kind].name} holds 1 to {most} figures, not {count} ({token})",
            code="echec.position_figures",
            token=token,
        )
    return (seat, kind, count, square, facing, bool(star))


def position_of(state: EchecState) -> Position:
    bases = frozenset(
        (b.seat, b.kind, b.figures, NAMES[sq], b.facing, b.attacked)
        for sq, b in enumerate(state.board)
        if b is not None
    )
    return Position(bases, state.turn or SEATS[0], state.actions_left or ACTIONS_PER_TURN)


def _state(position: Position, config: EchecConfig | None, dice: Dice) -> EchecState:
    """A battle-phase state with the given side to move."""
    config = config or EchecConfig()
    board: list[Base | None] = [None] * (SIZE * SIZE)
    for seat, kind, figures, square, facing, attacked in position.bases:
        board[INDEX[square]] = Base(seat, kind, figures, facing, attacked)
    state = EchecState(
        config,
        dice,
        BATTLE,
        tuple(board),
        (Side(confirmed=True), Side(confirmed=True)),
        turn=position.turn,
        actions_left=position.actions,
        turns=1,
    )
    return replace(state, ply=0)


state_from_position = state_reader(parse_position, _state)
