"""The position text, for sharing positions, puzzles and tests.

``variant: standard; white: a2 a3 a4; black: b1 c1 *b8; turn: white``

A ``*`` marks a marked piece (teams and ambidextrous). Optional fields: ``held: white 5,
black 6`` (Parachute: how many opponent pieces each player still holds), ``step: place``
(Parachute: the player on turn has moved and now places), ``parts: white marked, black
unmarked`` (ambidextrous: which part each side moves next). Squares beyond the edges are
signed coordinates: ``(0,5)``. ``parse_position(format_position(p)) == p``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from engine.config import one_of
from engine.dice import Dice
from engine.errors import InvalidNotation, InvalidPosition
from engine.loa.config import (
    AMBIDEXTROUS,
    COLOURS,
    FIRST_PART,
    MARK,
    PARACHUTE,
    PIECES_PER_SIDE,
    STANDARD,
    TEAMS,
    VARIANTS,
    LoaConfig,
    seat_colour,
    seats_of,
)
from engine.loa.notation import parse_square, square_name
from engine.loa.rules import MOVE, PLACE, advance, mode_of
from engine.loa.state import LoaState, Piece
from engine.position import named_fields, state_reader

__all__ = ["Position", "format_position", "parse_position", "position_of", "state_from_position"]

_TOKEN = re.compile(r"\*?\s*(?:[a-zA-Z]\d{1,3}|[(\[][^)\]]*[)\]])")
_HELD = re.compile(r"^(white|black)\s*[:=]?\s*(\d{1,2})$")
_PART = re.compile(r"^(white|black)\s*[:=]?\s*(marked|unmarked)$")


@dataclass(frozen=True)
class Position:
    variant: str
    pieces: frozenset[Piece]
    turn: str
    step: str = MOVE
    held: tuple[int, int] = (0, 0)
    parts: tuple[int, int] = (FIRST_PART, FIRST_PART)


def format_position(position: Position) -> str:
    parts = [f"variant: {position.variant}"]
    for colour, name in enumerate(COLOURS):
        mine = sorted((r, f, code) for f, r, code in position.pieces if code & 1 == colour)
        squares = [("*" if code & MARK else "") + square_name((f, r)) for r, f, code in mine]
        parts.append(f"{name}: " + " ".join(squares))
    if position.variant == PARACHUTE:
        parts.append(f"held: white {position.held[0]}, black {position.held[1]}")
    if position.variant == AMBIDEXTROUS:
        words = ["marked" if p else "unmarked" for p in position.parts]
        parts.append(f"parts: white {words[0]}, black {words[1]}")
    parts.append(f"turn: {position.turn}")
    if position.step == PLACE:
        parts.append("step: place")
    return "; ".join(parts)


def parse_position(text: str) -> Position:
    """Read a position text; every mistake is reported with what would be right."""
    fields = named_fields(
        text,
        ("variant", "white", "black", "turn", "held", "parts", "step"),
        no_colon=lambda field: InvalidNotation(
            f"'{field}' needs a name and a colon, like 'white: a2 a3' or 'turn: black'",
            code="loa.position_field",
            field=field,
        ),
        unknown=lambda name: InvalidNotation(
            f"unknown field '{name}': use variant, white, black, held, parts, turn or step",
            code="loa.position_unknown_field",
            field=name,
        ),
        twice=lambda name: InvalidPosition(
            f"'{name}' is given twice", code="loa.position_twice", field=name
        ),
    )
    variant = fields.get("variant", STANDARD).lower()
    one_of(
        "variant",
        variant,
        VARIANTS,
        error=InvalidNotation,
        code="loa.bad_variant",
        variant=variant,
        choices=", ".join(VARIANTS),
    )
    bounded = LoaConfig(variant).bounded
    marks = variant in (TEAMS, AMBIDEXTROUS)
    pieces: dict[tuple[int, int], int] = {}
    for colour, name in enumerate(COLOURS):
        for token in _tokens(fields.get(name, "")):
            marked = token.startswith("*")
            token = token.replace(" ", "")
            if marked and not marks:
                raise InvalidPosition(
                    f"'{token}': only teams and ambidextrous games have marked pieces",
                    code="loa.no_marks",
                    token=token,
                )
            coord = parse_square(token.lstrip("*"), bounded=bounded)
            if coord in pieces:
                raise InvalidPosition(
                    f"two pieces on {square_name(coord)}",
                    code="loa.two_pieces",
                    square=square_name(coord),
                )
            pieces[coord] = colour | (MARK if marked else 0)
    held = _held(fields.get("held"), variant)
    parts = _parts(fields.get("parts"), variant)
    seats = seats_of(variant)
    counts = [sum(1 for c in pieces.values() if c & 1 == colour) for colour in (0, 1)]
    for colour, name in enumerate(COLOURS):
        total = counts[colour] + held[colour ^ 1]
        if total == 0:
            raise InvalidPosition(
                f"{name} has no pieces: each side needs at least one",
                code="loa.no_pieces",
                colour=name,
            )
        if total > PIECES_PER_SIDE:
            raise InvalidPosition(
                f"{name} has {total} pieces: at most {PIECES_PER_SIDE}",
                code="loa.too_many",
                colour=name,
                count=total,
            )
    turn = fields.get("turn", seats[0]).lower()
    if turn not in seats:
        raise InvalidPosition(
            f"turn: '{turn}' must be one of {', '.join(seats)}",
            code="loa.bad_turn",
            turn=turn,
            seats=", ".join(seats),
        )
    step = fields.get("step", MOVE).lower()
    if step not in (MOVE, PLACE):
        raise InvalidNotation(
            f"step is 'move' or 'place', not '{step}'", code="loa.bad_step", step=step
        )
    if step == PLACE and not held[seat_colour(seats.index(turn))]:
        raise InvalidPosition(
            f"step: place needs {turn} to hold a piece to place",
            code="loa.nothing_held",
            seat=turn,
        )
    return Position(
        variant,
        frozenset((f, r, code) for (f, r), code in pieces.items()),
        turn,
        step,
        held,
        parts,
    )


def _tokens(body: str) -> list[str]:
    """Piece tokens: a square, perhaps starred; commas or spaces between them."""
    tokens = _TOKEN.findall(body)
    rest = _TOKEN.sub(" ", body).replace(",", " ").strip()
    if rest:
        raise InvalidNotation(
            f"'{rest.split()[0]}' is not a square: write squares like e4 (a star first for a "
            "marked piece, *e4; beyond the edges, (0,5))",
            code="loa.bad_square",
            square=rest.split()[0],
        )
    return tokens


def _held(text: str | None, variant: str) -> tuple[int, int]:
    if text is None:
        return (0, 0)
    if variant != PARACHUTE:
        raise InvalidPosition(
            "only Parachute games have held pieces", code="loa.no_held", variant=variant
        )
    held = [0, 0]
    refusal = "a held count: write 'held: white 5, black 6'"
    for colour, count in _valued(text, _HELD, refusal, "loa.bad_held"):
        held[colour] = int(count)
    if max(held) > PIECES_PER_SIDE:
        raise InvalidPosition(
            f"a player holds at most {PIECES_PER_SIDE} pieces", code="loa.held_too_many"
        )
    return (held[0], held[1])


def _parts(text: str | None, variant: str) -> tuple[int, int]:
    if text is None:
        return (FIRST_PART, FIRST_PART)
    if variant != AMBIDEXTROUS:
        raise InvalidPosition(
            "only ambidextrous games alternate parts", code="loa.no_parts", variant=variant
        )
    parts = [FIRST_PART, FIRST_PART]
    refusal = "a part: write 'parts: white marked, black unmarked'"
    for colour, part in _valued(text, _PART, refusal, "loa.bad_parts"):
        parts[colour] = int(part == "marked")
    return (parts[0], parts[1])


def _valued(text: str, pattern: re.Pattern[str], what: str, code: str) -> Iterator[tuple[int, str]]:
    """Each item of ``text`` as (colour, value); an item without one is refused (``code``)
    as not ``what``."""
    for colour, value, item in _per_colour(text, pattern):
        if value is None:
            raise InvalidNotation(f"'{item}' is not {what}", code=code, item=item)
        yield colour, value


def _per_colour(text: str, pattern: re.Pattern[str]) -> Iterator[tuple[int, str | None, str]]:
    """Each comma-separated item of ``text`` as (colour, the value ``pattern`` reads after
    the colour, the item); the value is ``None`` when the item does not match."""
    for item in filter(None, (x.strip() for x in text.split(","))):
        match = pattern.match(item.lower())
        if match is None:
            yield 0, None, item
        else:
            yield COLOURS.index(match.group(1)), match.group(2), item


def position_of(state: LoaState) -> Position:
    return Position(
        state.config.variant,
        frozenset(state.pieces),
        state.seat_to_move,
        state.step,
        state.held,
        state.parts,
    )


def _state(position: Position, config: LoaConfig | None, dice: Dice) -> LoaState:
    """A state at the position; if the seat on turn cannot act, the turn passes on (a
    position where nobody can act is a drawn game)."""
    config = config or LoaConfig(position.variant)
    if config.variant != position.variant:
        raise InvalidPosition(
            f"the position is a {position.variant} position, the game is {config.variant}",
            code="loa.variant_mismatch",
            position=position.variant,
            game=config.variant,
        )
    state = LoaState(
        config,
        dice,
        tuple(sorted(position.pieces)),
        config.seats.index(position.turn),
        position.step,
        position.held,
        position.parts,
    )
    if position.step == PLACE:
        return state
    turn = advance(mode_of(config.variant), state.situation(), 0)
    sit = turn.situation
    if turn.result is not None:
        return replace(state, winners=(), termination="no_moves")
    return replace(state, turn=sit.turn, step=sit.step)


state_from_position = state_reader(parse_position, _state)
