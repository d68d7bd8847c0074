"""The position text, for sharing positions, puzzles and tests.

``south: Kd1 Hf1 Pe1 Wa3n Tb3n Wc3n; north: K^d9s Hd7 Pe11 Wa8n; turn: south; spun: 2walls;
builds: 1``

Each side lists its knight ``K``, horse ``H`` and princess ``P`` on their squares (a riding
knight shares his horse's square; a knight up a ladder is ``K^`` and the square he comes down
on with the side where the wall is: ``K^d9s`` climbs the wall on d9's south side), then its
line in the order it was built, each piece a letter (``W`` wall, ``T`` tower) and a segment.
``turn`` names the seat to play; ``spun`` the face it must use now (absent: it must spin);
``builds`` the walls still to put down after 2 walls (default: all of them); ``winner`` ends
the game. ``parse_position(format_position(p)) == p``."""

from __future__ import annotations

from dataclasses import dataclass

from engine.alako.board import (
    SEATS,
    Segment,
    between,
    in_half,
    is_river,
    name,
    parse,
    parse_segment,
    segment_name,
    step,
)
from engine.alako.config import AlakoConfig
from engine.alako.lines import next_segments, tower_segments
from engine.alako.spinner import CANNON, FACE_KINDS, TOWER, WALL, WALLS
from engine.alako.state import ACT, OVER, SPIN, TOWER_PIECE, WALL_PIECE, AlakoState, Fort, Side
from engine.dice import Dice
from engine.errors import InvalidNotation, InvalidPosition
from engine.position import named_fields, state_reader

__all__ = ["Position", "format_position", "parse_position", "position_of", "state_from_position"]

_OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}


@dataclass(frozen=True)
class Position:
    sides: tuple[Side, Side]
    turn: int
    face: str | None = None
    builds_left: int = 0
    winner: int | None = None


def _side_text(side: Side) -> str:
    parts = []
    if side.knight is not None:
        parts.append(f"K{name(side.knight)}")
    else:
        assert side.climbing is not None and side.descent is not None
        parts.append(f"K^{name(side.descent)}{_wall_side(side.climbing, side.descent)}")
    parts.append(f"H{name(side.horse)}")
    parts.append(f"P{name(side.princess)}")
    parts += [f"{f.kind}{segment_name(f.segment)}" for f in side.line]
    return " ".join(parts)


def _wall_side(segment: Segment, descent: int) -> str:
    for d in "nesw":
        other = step(descent, d)
        if other is not None and between(descent, other) == segment:
            return d
    raise InvalidPosition("a climbing knight's wall must touch the square he comes down on")


def format_position(position: Position) -> str:
    parts = [
        f"{seat}: {_side_text(side)}" for seat, side in zip(SEATS, position.sides, strict=True)
    ]
    parts.append(f"turn: {SEATS[position.turn]}")
    if position.face is not None:
        parts.append(f"spun: {position.face}")
        if position.face == WALLS and position.builds_left != 2:
            parts.append(f"builds: {position.builds_left}")
    if position.winner is not None:
        parts.append(f"winner: {SEATS[position.winner]}")
    return "; ".join(parts)


def _parse_side(seat: str, body: str) -> Side:
    knight = horse = princess = None
    climbing = descent = None
    line: list[Fort] = []
    for token in body.split():
        letter, rest = token[:1].upper(), token[1:]
        if letter == "K" and rest.startswith("^"):
            where, wall = rest[1:-1], rest[-1:].lower()
            if wall not in _OPPOSITE:
                raise InvalidNotation(
                    f"'{token}': a climbing knight is K^ then the square he comes down on and "
                    "the side where the wall is, like K^d9s",
                    code="alako.bad_climber",
                    token=token,
                )
            descent = parse(where)
            beyond = step(descent, wall)
            if beyond is None:
                raise InvalidPosition(
                    f"'{token}': there is no wall beyond the board's edge",
                    code="alako.bad_climber",
                    token=token,
                )
            climbing = between(descent, beyond)
            knight = -1
        elif letter in ("K", "H", "P") and rest:
            sq = parse(rest)
            if letter == "K":
                knight = sq
            elif letter == "H":
                horse = sq
            else:
                princess = sq
        elif letter in (WALL_PIECE, TOWER_PIECE) and rest:
            line.append(Fort(parse_segment(rest), letter))
        else:
            raise InvalidNotation(
                f"'{token}' is not a piece: write Kd1, Hf1, Pe1 (knight, horse, princess), "
                "K^d9s (a knight up a ladder), or Wa3n / Ta3n (a wall or a tower on a segment)",
                code="alako.bad_token",
                token=token,
            )
    if knight is None or horse is None or princess is None:
        raise InvalidPosition(
            f"{seat} needs its knight, horse and princess (like Kd1 Hf1 Pe1)",
            code="alako.missing_piece",
            seat=seat,
        )
    return Side(
        knight=None if knight == -1 else knight,
        horse=horse,
        princess=princess,
        climbing=climbing,
        descent=descent,
        line=tuple(line),
    )


def parse_position(text: str) -> Position:
    """Read a position text; every mistake is reported with what would be right."""
    fields = named_fields(
        text,
        ("south", "north", "turn", "spun", "builds", "winner"),
        no_colon=lambda part: InvalidNotation(
            f"'{part}' needs a name and a colon: 'south: Kd1 Hf1 Pe1' or 'turn: south'",
            code="alako.bad_field",
            field=part,
        ),
        unknown=lambda key: InvalidNotation(
            f"unknown field '{key}': use south, north, turn, spun, builds or winner",
            code="alako.unknown_field",
            field=key,
        ),
        twice=lambda key: InvalidPosition(f"'{key}' is given twice", code="alako.twice", field=key),
    )
    for seat in SEATS:
        if seat not in fields:
            raise InvalidPosition(
                f"the position needs '{seat}: K.. H.. P..'", code="alako.missing_side", seat=seat
            )
    sides = (_parse_side("south", fields["south"]), _parse_side("north", fields["north"]))
    turn = _seat_field(fields.get("turn", "south"), "turn")
    winner = _seat_field(fields["winner"], "winner") if "winner" in fields else None
    face = fields.get("spun")
    if face is not None:
        face = face.lower()
        if face not in FACE_KINDS or face == CANNON:
            raise InvalidNotation(
                f"spun: '{face}' is not a face to use: "
                f"{', '.join(f for f in FACE_KINDS if f != CANNON)} (the cannon fires at once)",
                code="alako.bad_face",
                face=face,
            )
    builds = 0
    if face is not None:
        builds = 2 if face == WALLS else 1 if face in (TOWER, WALL) else 0
        if "builds" in fields:
            if face != WALLS or fields["builds"] not in ("1", "2"):
                raise InvalidPosition(
                    "builds: only after 2walls, and 1 or 2", code="alako.bad_builds"
                )
            builds = int(fields["builds"])
    elif "builds" in fields:
        raise InvalidPosition("builds: only after 2walls", code="alako.bad_builds")
    position = Position(sides, turn, face, builds, winner)
    _check(position)
    return position


def _seat_field(value: str, key: str) -> int:
    value = value.strip().lower()
    if value not in SEATS:
        raise InvalidNotation(
            f"{key}: '{value}' is not a seat: south or north", code="alako.bad_seat", seat=value
        )
    return SEATS.index(value)


def _check(position: Position) -> None:
    seen: dict[int, str] = {}

    def put(sq: int, what: str, *, shares: str | None = None) -> None:
        if sq in seen and seen[sq] != shares:
            raise InvalidPosition(
                f"{what} and {seen[sq]} are both on {name(sq)}: one piece a square, except "
                "a knight on his own horse",
                code="alako.shared_square",
                square=name(sq),
            )
        seen[sq] = what

    for seat, side in enumerate(position.sides):
        s = SEATS[seat]
        put(side.horse, f"the {s} horse")
        if side.knight is not None:
            put(side.knight, f"the {s} knight", shares=f"the {s} horse")
            if is_river(side.knight) and not side.mounted:
                raise InvalidPosition(
                    f"the {s} knight stands in the river on foot ({name(side.knight)})",
                    code="alako.knight_in_river",
                    square=name(side.knight),
                )
        put(side.princess, f"the {s} princess")
        if not in_half(side.princess, seat):
            raise InvalidPosition(
                f"the {s} princess on {name(side.princess)} is outside her half",
                code="alako.princess_outside",
                square=name(side.princess),
            )
        line: tuple[Fort, ...] = ()
        for fort in side.line:
            allowed = (
                tower_segments(seat, line)
                if fort.kind == TOWER_PIECE
                else next_segments(seat, line)
            )
            if fort.segment not in allowed:
                raise InvalidPosition(
                    f"the {s} line cannot continue with {fort.kind}{segment_name(fort.segment)}"
                    f" (it could take {', '.join(segment_name(x) for x in allowed) or 'nothing'})",
                    code="alako.bad_line",
                    seat=s,
                )
            line = (*line, fort)


def position_of(state: AlakoState) -> Position:
    return Position(
        state.sides,
        state.turn if state.turn is not None else 0,
        state.face if state.phase == ACT else None,
        state.builds_left if state.phase == ACT else 0,
        state.winner,
    )


def _state(position: Position, config: AlakoConfig | None, dice: Dice) -> AlakoState:
    """A state in the middle of a game (its dice stream starting afresh)."""
    from engine.alako.game import legal_actions

    config = config or AlakoConfig()
    phase = OVER if position.winner is not None else ACT if position.face else SPIN
    state = AlakoState(
        config,
        dice,
        phase,
        position.sides,
        turn=position.turn,
        face=position.face if phase == ACT else None,
        builds_left=position.builds_left if phase == ACT else 0,
        last_spin=(position.turn, position.face) if position.face else None,
        winner=position.winner,
        termination="princess_reached" if position.winner is not None else None,
    )
    if phase == ACT and not legal_actions(state):
        raise InvalidPosition(
            f"{SEATS[position.turn]} spun {position.face} but has no use for it here",
            code="alako.no_use",
        )
    return state


state_from_position = state_reader(parse_position, _state)
