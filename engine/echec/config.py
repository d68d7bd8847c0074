"""Échec au Roi's options and the army builder (RULINGS 3: levels 1 and 2)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.config import Config, refuse_unknown
from engine.echec.board import INDEX, NORTH, SEATS
from engine.echec.units import (
    ARCHERS,
    CAVALRY,
    HEAVY,
    INFANTRY,
    KIND,
    KIND_OF_WORD,
    KINDS,
    KING,
    MASSIVE_FIGURES,
    MERCENARIES,
    OPTIONAL,
)
from engine.errors import InvalidConfig

STANDARD, FREE, SECRET = "standard", "free", "secret"
PLACEMENTS = (STANDARD, FREE, SECRET)

# The basic army: 1 king, 2 cavalry, 2 archers, 5 infantry (10 bases).
BASIC_ARMY = ((KING, 1), (CAVALRY, 2), (CAVALRY, 2), (ARCHERS, 4), (ARCHERS, 4)) + (
    (INFANTRY, 4),
) * 5

# The basic set-up, South's squares (North's are mirrored across the middle rank).
STANDARD_SETUP = (
    (KING, "e1"),
    (CAVALRY, "d1"),
    (CAVALRY, "f1"),
    (ARCHERS, "c1"),
    (ARCHERS, "g1"),
    (INFANTRY, "c2"),
    (INFANTRY, "d2"),
    (INFANTRY, "e2"),
    (INFANTRY, "f2"),
    (INFANTRY, "g2"),
)

MAX_MERCENARY_BASES = 1
MAX_HEAVY_BASES = 2
HOME_SQUARES = 18  # two ranks of nine: every base must fit there in free placement

# No progress (RULINGS 3): this many turns in a row (both sides' together) with no base
# advancing, no figure removed and no panic move end the game drawn; the table counts the
# last ones down from NO_PROGRESS_WARNING turns left.
NO_PROGRESS_TURNS = 20
NO_PROGRESS_WARNING = 5

_UNIT = re.compile(r"^(?:(\d+)x)?([a-z_-]+?)-?(\d+)$")


def parse_units(text: str) -> tuple[tuple[str, int], ...]:
    """Optional units written ``P3 P2 M2 H1`` (kind letter or word, then figures; ``2xP3``
    for two bases). Checked against the army builder's limits."""
    units: list[tuple[str, int]] = []
    for token in text.replace(",", " ").split():
        match = _UNIT.match(token.lower())
        kind = KIND_OF_WORD.get(match.group(2)) if match else None
        if not match or kind not in OPTIONAL:
            raise InvalidConfig(
                f"'{token}' is not an optional unit: write a letter and its figures, like P3 "
                "(peasants 2-4), M2 (mercenaries 1-2) or H1 (heavy infantry 1-2)",
                code="echec.bad_unit",
                token=token,
            )
        count, figures = int(match.group(1) or 1), int(match.group(3))
        if figures not in KIND[kind].figures:
            low, high = KIND[kind].figures[0], KIND[kind].figures[-1]
            raise InvalidConfig(
                f"a base of {KIND[kind].name} holds {low} to {high} figures, not {figures}",
                code="echec.unit_size",
                kind=KIND[kind].name,
                low=low,
                high=high,
                figures=figures,
            )
        units.extend([(kind, figures)] * count)
    problem = units_problem(units)
    if problem:
        raise InvalidConfig(problem, code="echec.army_limits")
    return tuple(sorted(units, key=lambda u: (KINDS.index(u[0]), -u[1])))


def units_problem(units: list[tuple[str, int]]) -> str | None:
    """Why these optional units break the army builder's limits, or ``None``."""
    mercs = sum(1 for k, _ in units if k == MERCENARIES)
    heavy = sum(1 for k, _ in units if k == HEAVY)
    if mercs > MAX_MERCENARY_BASES:
        return f"an army may have one base of mercenaries, not {mercs}"
    if heavy > MAX_HEAVY_BASES:
        return f"an army may have at most two bases of heavy infantry, not {heavy}"
    if len(BASIC_ARMY) + len(units) > HOME_SQUARES:
        room = HOME_SQUARES - len(BASIC_ARMY)
        return f"at most {room} optional bases fit on the two home ranks, not {len(units)}"
    return None


def format_units(units: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{k}{n}" for k, n in units)


@dataclass(frozen=True)
class EchecConfig(Config):
    """Options of one game. ``placement`` defaults to standard at level 1, free at level 2."""

    level: int = 1
    placement: str | None = None  # standard, free or secret
    units: str = ""  # optional units of both armies, e.g. "P3 P3 M2 H1"
    armies: dict[str, str] = field(default_factory=dict)  # per-seat override of ``units``
    massive: bool = False  # massive infantry: 10 figures a base
    turn_limit: int = 0  # turns before a draw (0: none)

    def __post_init__(self) -> None:
        if self.level not in (1, 2):
            raise InvalidConfig(
                f"the level is 1 or 2, not {self.level}", code="echec.level", level=self.level
            )
        if self.placement is None:
            object.__setattr__(self, "placement", STANDARD if self.level == 1 else FREE)
        if self.placement not in PLACEMENTS:
            raise InvalidConfig(
                f"placement is standard, free or secret, not '{self.placement}'",
                code="echec.placement",
                placement=self.placement,
            )
        optional = bool(self.units.strip()) or any(v.strip() for v in self.armies.values())
        if self.level == 1 and (self.placement != STANDARD or optional or self.massive):
            raise InvalidConfig(
                "free or secret placement, optional units and massive infantry are level 2 "
                "options: choose level 2",
                code="echec.level_2_option",
            )
        if optional and self.placement == STANDARD:
            raise InvalidConfig(
                "optional units need free or secret placement (the standard set-up has no "
                "square for them)",
                code="echec.units_need_placement",
            )
        for seat in self.armies:
            if seat not in SEATS:
                raise InvalidConfig(
                    f"armies are 'south' and 'north', not '{seat}'", code="echec.seat", seat=seat
                )
        for seat in SEATS:
            self.optional_units(seat)  # raises on a bad spec
        if not 0 <= self.turn_limit <= 10_000:
            raise InvalidConfig(
                f"turn_limit goes from 0 (none) to 10000, not {self.turn_limit}",
                code="echec.turn_limit",
                turn_limit=self.turn_limit,
            )

    def optional_units(self, seat: str) -> tuple[tuple[str, int], ...]:
        return parse_units(self.armies.get(seat, self.units))

    def army(self, seat: str) -> tuple[tuple[str, int], ...]:
        """Every base of the seat's army as (kind, figures)."""
        infantry = MASSIVE_FIGURES if self.massive else KIND[INFANTRY].figures[0]
        basic = tuple((k, infantry if k == INFANTRY else n) for k, n in BASIC_ARMY)
        return basic + self.optional_units(seat)

    @classmethod
    def unknown_options(cls, options: str) -> InvalidConfig:
        return refuse_unknown("Échec au Roi", code="echec.unknown_option", options=options)


def standard_square(seat: str, square: str) -> int:
    """A square of the basic set-up for ``seat`` (North's is South's mirrored)."""
    sq = INDEX[square]
    if seat == NORTH:
        f, r = sq % 9, sq // 9
        sq = (8 - r) * 9 + f
    return sq
