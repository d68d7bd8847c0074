"""Lines of Action options and the rulebook's layouts as data (RULINGS 2)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.config import Config, refuse_unknown
from engine.errors import InvalidConfig

STANDARD, SCRAMBLED, PARACHUTE = "standard", "scrambled", "parachute"
TEAMS, AMBIDEXTROUS, UNBOUNDED = "teams", "ambidextrous", "unbounded"
VARIANTS = (STANDARD, SCRAMBLED, PARACHUTE, TEAMS, AMBIDEXTROUS, UNBOUNDED)

WHITE, BLACK = 0, 1  # piece colour (bit 0 of a piece code)
MARK = 2  # bit 1 of a piece code: a marked piece (teams and ambidextrous)
COLOURS = ("white", "black")

SIZE = 8  # the printed board, a1-h8
PIECES_PER_SIDE = 12

# Seats in turn order (play starts at the first seat of the colour that moves first).
TWO_SEATS = ("white", "black")
TEAM_SEATS = ("white1", "black1", "white2", "black2")
# Colours by lot (RULINGS 2): players sit as numbers 1..n; a d2 gives White to one side.
# With four, the partners sit together (players 1 and 2, players 3 and 4: PARTNERS) and the
# d2 gives White to one team; in each team the lower number plays part 1 (White 1, Black 1).
PARTNERS = ((1, 2), (3, 4))


def _squares(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Starting layouts: square names per colour (RULINGS 2).
STANDARD_START = {
    WHITE: _squares("a2 a3 a4 a5 a6 a7 h2 h3 h4 h5 h6 h7"),
    BLACK: _squares("b1 c1 d1 e1 f1 g1 b8 c8 d8 e8 f8 g8"),
}
SCRAMBLED_START = {
    WHITE: _squares("c1 e1 g1 b8 d8 f8 a2 a4 a6 h3 h5 h7"),
    BLACK: _squares("b1 d1 f1 c8 e8 g8 a3 a5 a7 h2 h4 h6"),
}
# Parachute: only the a- and h-file halves of Scrambled Eggs; each side holds the other six.
PARACHUTE_START = {
    WHITE: _squares("a2 a4 a6 h3 h5 h7"),
    BLACK: _squares("a3 a5 a7 h2 h4 h6"),
}
PARACHUTE_HELD = 6  # opponent pieces each player holds, placed one per turn
# Teams and ambidextrous: the second part of each colour (its starting edge) is marked.
MARKED_START = {WHITE: _squares("h2 h3 h4 h5 h6 h7"), BLACK: _squares("b8 c8 d8 e8 f8 g8")}
FIRST_PART = 1  # ambidextrous: each side's first move uses a marked piece


@dataclass(frozen=True)
class LoaConfig(Config):
    """Options of one game: the variant, which colour moves first, and whether the
    colours are drawn by lot before the first move."""

    variant: str = STANDARD
    first: str = "white"  # the rulebook's White first; "black" as in Sackson's rules
    # The rulebook draws colours by lot; the table's games do (RULINGS 2). Off, the seats
    # are the colours from the start (positions to study, perft, tests, older games).
    lots: bool = False

    def __post_init__(self) -> None:
        self.one_of(
            "variant",
            VARIANTS,
            code="loa.bad_variant",
            variant=self.variant,
            choices=", ".join(VARIANTS),
        )
        if not isinstance(self.lots, bool):
            raise InvalidConfig(
                f"lots is true or false, not {self.lots!r}", code="loa.bad_lots", lots=self.lots
            )
        self.one_of("first", COLOURS, code="loa.bad_first", first=self.first)

    @property
    def seats(self) -> tuple[str, ...]:
        return seats_of(self.variant)

    @property
    def bounded(self) -> bool:
        return self.variant != UNBOUNDED

    @classmethod
    def unknown_options(cls, options: str) -> InvalidConfig:
        return refuse_unknown("Lines of Action", code="loa.unknown_option", options=options)


def seats_of(variant: str) -> tuple[str, ...]:
    return TEAM_SEATS if variant == TEAMS else TWO_SEATS


def seat_colour(seat: int) -> int:
    """Seats alternate colours in both orders: white, black (, white, black)."""
    return seat % 2
