"""The position text, for sharing positions, puzzles and tests (the play phase).

``red: l6; blue: a18 blocker e5; green: out; rhombi: 1=j12/i12 2=c12/d12 ...;
A: g11/g12 red blue; B: g13/f13; C: f11/f12 red green; turn: blue; ap: 2; stage: pawn``

One field per seat (the first 2-4 of red, blue, green, yellow: its pawn's cell, an optional
``blocker <cell>``, or ``out``); ``rhombi`` lists the path rhombi as number=first/second half;
``A``, ``B`` and ``C`` give each destination rhombus's cells and the seats whose statues are
still on it. ``turn`` (default: the first seat), ``ap`` (default 3) and ``stage`` (``rhombi``
until the pawn acts, ``walked`` right after a walk, ``pawn`` after a paid pawn action) are
optional. ``parse_position(format_position(p)) == p``."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.errors import InvalidNotation, InvalidPosition
from engine.inka.config import SEATS, InkaConfig
from engine.inka.state import DESTINATION_NAMES, PLAY, STAGES, InkaState, Rhombus, rhombus_key
from engine.inka.temple import PATH_WALLS, TEMPLE
from engine.position import fields_of, state_reader

__all__ = ["Position", "format_position", "parse_position", "position_of", "state_from_position"]

BOARD = TEMPLE.board


@dataclass(frozen=True)
class Position:
    seats: tuple[str, ...]
    pawns: tuple[str | None, ...]  # None: out of the game
    blockers: tuple[str | None, ...]
    rhombi: tuple[tuple[str, str, str], ...]  # (name, first half, second half), sorted
    statues: tuple[tuple[str, ...], ...]  # per destination rhombus A, B, C
    turn: str
    ap: int = 3
    stage: str = "rhombi"


def format_position(p: Position) -> str:
    parts = []
    for seat, pawn, blocker in zip(p.seats, p.pawns, p.blockers, strict=True):
        if pawn is None:
            parts.append(f"{seat}: out")
        else:
            parts.append(f"{seat}: {pawn}" + (f" blocker {blocker}" if blocker else ""))
    paths = [r for r in p.rhombi if r[0] not in DESTINATION_NAMES]
    if paths:
        parts.append("rhombi: " + " ".join(f"{n}={a}/{b}" for n, a, b in paths))
    for (name, a, b), there in zip(
        [r for r in p.rhombi if r[0] in DESTINATION_NAMES], p.statues, strict=True
    ):
        parts.append(f"{name}: {a}/{b}" + "".join(f" {s}" for s in there))
    parts.append(f"turn: {p.turn}")
    parts.append(f"ap: {p.ap}")
    parts.append(f"stage: {p.stage}")
    return "; ".join(parts)


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts ``²``, which ``int`` cannot read."""
    return text.isascii() and text.isdigit()


def _cell(text: str) -> str:
    return BOARD.names[BOARD.parse(text)]


def _pair(text: str, what: str) -> tuple[str, str]:
    a, sep, b = text.partition("/")
    if not sep:
        raise InvalidNotation(
            f"{what}: write its two cells as first/second, like f12/f13",
            code="inka.position_pair",
            what=what,
        )
    a, b = _cell(a), _cell(b)
    if all(n != BOARD.by_name[b] for _, n in BOARD.neighbours[BOARD.by_name[a]]):
        raise InvalidPosition(
            f"{what}: {a} and {b} do not share an edge", code="inka.position_not_rhombus"
        )
    return a, b


def parse_position(text: str) -> Position:
    """Read a position text; every mistake is reported with what would be right."""
    seats: dict[str, tuple[str | None, str | None]] = {}
    rhombi: dict[str, tuple[str, str]] = {}
    statues: dict[str, tuple[str, ...]] = {}
    turn, ap, stage = None, 3, "rhombi"
    for name, body in fields_of(text, _no_colon):
        words = body.lower().split()
        if name in SEATS:
            if name in seats:
                raise InvalidPosition(f"{name} is listed twice", code="inka.position_twice")
            if words == ["out"]:
                seats[name] = (None, None)
            elif len(words) == 1:
                seats[name] = (_cell(words[0]), None)
            elif len(words) == 3 and words[1] == "blocker":
                seats[name] = (_cell(words[0]), _cell(words[2]))
            else:
                field = f"{name}: {body}"
                raise InvalidNotation(
                    f"'{field}': write the pawn's cell, optionally 'blocker <cell>', or 'out'",
                    code="inka.position_seat",
                    field=field,
                )
        elif name == "rhombi":
            for token in words:
                number, eq, pair = token.partition("=")
                if not eq or not _digits(number) or int(number) not in PATH_WALLS:
                    raise InvalidNotation(
                        f"'{token}' is not a path rhombus: write number=first/second with a "
                        "number 1-13, like 7=f12/f13",
                        code="inka.position_rhombus",
                        token=token,
                    )
                if str(int(number)) in rhombi:
                    raise InvalidPosition(f"rhombus {int(number)} is listed twice")
                rhombi[str(int(number))] = _pair(pair, f"rhombus {number}")
        elif name.upper() in DESTINATION_NAMES:
            letter = name.upper()
            if not words:
                raise InvalidNotation(f"destination rhombus {letter} needs its cells")
            rhombi[letter] = _pair(words[0], f"destination rhombus {letter}")
            statues[letter] = tuple(words[1:])
        elif name == "turn":
            turn = body.lower()
        elif name == "ap":
            if not _digits(body):
                raise InvalidNotation(f"ap: '{body}' is not a number", code="inka.position_ap")
            ap = int(body)
        elif name == "stage":
            stage = body.lower()
            if stage not in STAGES:
                raise InvalidNotation(
                    "stage is 'rhombi' (path rhombi may still move), 'walked' (the pawn has "
                    "just walked) or 'pawn'",
                    code="inka.position_stage",
                )
        else:
            raise InvalidNotation(
                f"unknown field '{name}': use red, blue, green, yellow, rhombi, A, B, C, turn, "
                "ap or stage",
                code="inka.position_unknown_field",
                field=name,
            )
    order = tuple(s for s in SEATS if s in seats)
    if order != SEATS[: len(order)] or not 2 <= len(order) <= 4:
        raise InvalidPosition(
            "list 2 to 4 seats, the first ones of red, blue, green, yellow",
            code="inka.position_seats",
        )
    for name in DESTINATION_NAMES:
        if name not in rhombi:
            raise InvalidPosition(
                f"destination rhombus {name} is missing: write '{name}: <cell>/<cell> <seats>'",
                code="inka.position_destination",
                rhombus=name,
            )
        for s in statues[name]:
            if s not in order:
                raise InvalidPosition(
                    f"destination rhombus {name} holds a statue of '{s}', who is not playing",
                    code="inka.position_statue",
                )
    if turn is None:
        turn = next((s for s in order if seats[s][0] is not None), None)
        if turn is None:  # every pawn is out: nobody could take a turn
            raise InvalidPosition(
                "every seat is out: at least one pawn must still be in the temple",
                code="inka.position_turn",
            )
    if turn not in order or seats[turn][0] is None:
        raise InvalidPosition(
            f"turn: '{turn}' must be a seat still playing", code="inka.position_turn"
        )
    position = Position(
        order,
        tuple(seats[s][0] for s in order),
        tuple(seats[s][1] for s in order),
        tuple(sorted(((n, a, b) for n, (a, b) in rhombi.items()), key=lambda r: rhombus_key(r[0]))),
        tuple(tuple(s for s in order if s in statues[n]) for n in DESTINATION_NAMES),
        turn,
        ap,
        stage,
    )
    _check(position)
    return position


def _no_colon(field: str) -> InvalidNotation:
    return InvalidNotation(
        f"'{field}' needs a name and a colon: 'red: l6', 'rhombi: 1=f12/f13', "
        "'A: g11/g12 red', 'turn: red'",
        code="inka.position_field",
        field=field,
    )


def _check(p: Position) -> None:
    covered: dict[str, str] = {}
    for name, a, b in p.rhombi:
        for cell in (a, b):
            if cell in covered:
                raise InvalidPosition(
                    f"rhombi {covered[cell]} and {name} overlap on {cell}",
                    code="inka.position_overlap",
                )
            covered[cell] = name
    seen: dict[str, str] = {}
    for seat, pawn in zip(p.seats, p.pawns, strict=True):
        if pawn is None:
            continue
        i = BOARD.by_name[pawn]
        if i in TEMPLE.chasm and pawn not in covered:
            raise InvalidPosition(
                f"the {seat} pawn on {pawn} would fall into the chasm",
                code="inka.position_chasm",
            )
        if pawn in seen:
            raise InvalidPosition(f"two pawns on {pawn}", code="inka.position_two_pawns")
        seen[pawn] = seat
    blocked: set[str] = set()
    for seat, blocker in zip(p.seats, p.blockers, strict=True):
        if blocker is None:
            continue
        if blocker in seen:
            raise InvalidPosition(
                f"the {seat} blocker shares {blocker} with a pawn or blocker",
                code="inka.position_blocker",
            )
        if covered.get(blocker) in DESTINATION_NAMES:
            raise InvalidPosition(
                f"the {seat} blocker is on a destination rhombus", code="inka.position_blocker"
            )
        if blocker in covered and covered[blocker] in blocked:
            raise InvalidPosition(
                f"two blockers on path rhombus {covered[blocker]}: one blocker per rhombus",
                code="inka.position_blocker",
            )
        if blocker in covered:
            blocked.add(covered[blocker])
        seen[blocker] = seat


def position_of(state: InkaState) -> Position:
    names = BOARD.names
    return Position(
        state.seats,
        tuple(None if state.out[i] or c is None else names[c] for i, c in enumerate(state.pawns)),
        tuple(None if c is None else names[c] for c in state.blockers),
        tuple((r.name, *BOARD.pair_names(r.placement)) for r in state.rhombi),
        state.statues,
        state.seat_to_move or state.seats[0],
        state.ap,
        state.stage,
    )


def _state(position: Position, config: InkaConfig | None, dice: Dice) -> InkaState:
    """A play-phase state in the middle of ``turn``'s turn (its blocker already removed)."""
    n = len(position.seats)
    config = config or InkaConfig(players=n)
    if config.players != n:
        raise InvalidPosition(
            f"the position has {n} seats but the game is for {config.players}",
            code="inka.position_players",
        )
    parse = BOARD.by_name
    turn = position.seats.index(position.turn)
    placed = [name for name, _, _ in position.rhombi if name not in DESTINATION_NAMES]
    return InkaState(
        config=config,
        dice=dice,
        phase=PLAY,
        first=turn,
        turn=turn,
        pawns=tuple(None if c is None else parse[c] for c in position.pawns),
        blockers=tuple(None if c is None else parse[c] for c in position.blockers),
        rhombi=tuple(Rhombus(name, BOARD.placement(a, b)) for name, a, b in position.rhombi),
        statues=position.statues,
        pile=tuple(k for k in sorted(PATH_WALLS) if str(k) not in placed),
        ap=position.ap,
        stage=position.stage,
        out=tuple(c is None for c in position.pawns),
    )


state_from_position = state_reader(parse_position, _state)
