"""Combat (RULINGS 1.9): boosts itemised, the dice ladder, resolution, and exact odds."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from engine.errors import IllegalAction
from engine.loka.geometry import Geometry
from engine.loka.movegen import reaches
from engine.loka.pieces import KING, LETTER, PROWESS
from engine.loka.terrain import TerrainMap, defence_boost

# Boosts to die: 0 D4, 1 D6, 2 D8, 3 D12, 4 D20, 5 or more Super D20.
LADDER = (4, 6, 8, 12, 20)
SUPER_AT = 5
FUMBLE = 1  # an attack die showing 1 never wins, and costs the attacker (RULINGS 1.9)
DUEL_DIE = 20  # a king attacking a king: each rolls a D20 until they differ
ORDER_DIE = 20  # who deploys first (lowest) and who plays first (highest), ties again
MARSH_DIE, MARSH_SINKS = 12, 1  # a piece arriving on a marsh rolls a D12: a 1 sinks it

DEFENDER_REMOVED = "defender_removed"
REPELLED = "repelled"
ATTACKER_REMOVED = "attacker_removed"
BOTH_REMOVED = "both_removed"
ROYAL_WIN = "royal_win"  # the attacking king wins the duel
ROYAL_LOSS = "royal_loss"
RESULTS = (DEFENDER_REMOVED, REPELLED, ATTACKER_REMOVED, BOTH_REMOVED)

REROLL_ASSUMPTION = (
    "the Super D20 holder re-rolls exactly when the first roll does not already win: the "
    "attacker when it did not remove the defender, the defender when it was removed or when "
    "both pieces would be removed"
)


@dataclass(frozen=True, slots=True)
class Boost:
    source: str  # "charge", "prowess", "support" or "terrain"
    amount: int = 1
    square: int | None = None  # the supporter, or the tile
    detail: str = ""  # the supporter's piece letter, or the tile kind


@dataclass(frozen=True, slots=True)
class Assessment:
    """Everything known about an attack before the dice are rolled."""

    src: int
    dst: int
    attacker: int  # piece codes
    defender: int
    royal: bool
    attack: tuple[Boost, ...]
    defence: tuple[Boost, ...]

    @property
    def attack_boosts(self) -> int:
        return sum(b.amount for b in self.attack)

    @property
    def defence_boosts(self) -> int:
        return sum(b.amount for b in self.defence)

    @property
    def attack_die(self) -> int:
        return die_for(self.attack_boosts)

    @property
    def defence_die(self) -> int:
        return die_for(self.defence_boosts)

    @property
    def reroller(self) -> str | None:
        """Which side holds a Super D20 re-roll: both at 5+ means only the larger count."""
        return _reroller(self.attack_boosts, self.defence_boosts)

    @property
    def dice(self) -> tuple[int, int, str | None]:
        """``attack_die``, ``defence_die`` and ``reroller`` at once (the boosts counted once)."""
        a, d = self.attack_boosts, self.defence_boosts
        return die_for(a), die_for(d), _reroller(a, d)


def _reroller(a: int, d: int) -> str | None:
    """The Super D20 holder of an attack at ``a`` boosts against a defence at ``d``."""
    if a >= SUPER_AT and d >= SUPER_AT:
        return None if a == d else ("attack" if a > d else "defence")
    if a >= SUPER_AT:
        return "attack"
    if d >= SUPER_AT:
        return "defence"
    return None


def die_for(boosts: int) -> int:
    return LADDER[min(boosts, len(LADDER) - 1)]


def assess(geo: Geometry, tm: TerrainMap, board: tuple[int, ...], src: int, dst: int) -> Assessment:
    """Itemise both sides' boosts for the piece on ``src`` attacking the enemy on ``dst``."""
    attacker, defender = board[src], board[dst]
    if not attacker or not defender or not geo.enemy[attacker >> 3][defender]:
        raise IllegalAction(
            "an attack needs your piece on the first square and an enemy on the second"
        )
    a_kind, d_kind = attacker & 7, defender & 7
    if a_kind == KING and d_kind == KING:
        return Assessment(src, dst, attacker, defender, True, (), ())
    attack = [Boost("charge")]
    defence: list[Boost] = []
    if PROWESS[a_kind] > PROWESS[d_kind]:
        attack.append(Boost("prowess", detail=LETTER[a_kind]))
    elif PROWESS[d_kind] > PROWESS[a_kind]:
        defence.append(Boost("prowess", detail=LETTER[d_kind]))
    a_team, d_team = geo.friend[attacker >> 3], geo.friend[defender >> 3]
    # Defence support is judged on the board after the attack succeeded: the attacker stands
    # on the defender's square and its own square is empty (RULINGS 1.9, corrected), so a
    # line the attacker was blocking opens for an avenger.
    avenge_board = list(board)
    avenge_board[dst] = attacker
    avenge_board[src] = 0
    # Only a piece on one of dst's lines, a knight's jump away or on a portal can reach it.
    near = tm.reached_from[dst]
    if near is None:
        near = tm.reached_from[dst] = tuple(sorted({*geo.reached_from[dst], *tm.portal_exit}))
    for sq in near:
        piece = board[sq]
        if not piece or sq in (src, dst):
            continue
        if a_team[piece]:
            if reaches(geo, tm, board, sq, dst):
                attack.append(Boost("support", square=sq, detail=LETTER[piece & 7]))
        elif d_team[piece] and reaches(geo, tm, avenge_board, sq, dst):
            defence.append(Boost("support", square=sq, detail=LETTER[piece & 7]))
    tile = tm.tile_at[dst]
    terrain = defence_boost(tile, d_kind, a_kind)
    if terrain:
        defence.append(Boost("terrain", amount=terrain, square=dst, detail=tile or ""))
    return Assessment(src, dst, attacker, defender, False, tuple(attack), tuple(defence))


def result_of(attack_roll: int, defence_roll: int) -> str:
    if attack_roll > defence_roll:
        return DEFENDER_REMOVED
    if attack_roll == FUMBLE:
        return BOTH_REMOVED if defence_roll == FUMBLE else ATTACKER_REMOVED
    return REPELLED


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact outcome probabilities of a proposed attack."""

    assessment: Assessment | None  # None when combat is off
    probabilities: dict[str, Fraction]
    marsh_risk: Fraction  # chance the winner then sinks in a marsh on the target square
    assumption: str


def odds(assessment: Assessment | None, *, marsh: bool = False) -> Odds:
    """Probabilities of each result. ``None`` stands for combat off (the attack succeeds)."""
    if assessment is None:
        probs = {DEFENDER_REMOVED: Fraction(1)}
    elif assessment.royal:
        # D20 against D20, ties rolled again: a fair duel.
        probs = {ROYAL_WIN: Fraction(1, 2), ROYAL_LOSS: Fraction(1, 2)}
    else:
        probs = _combat_odds(assessment)
    win = probs.get(DEFENDER_REMOVED, Fraction(0)) + probs.get(ROYAL_WIN, Fraction(0))
    risk = win / 12 if marsh else Fraction(0)
    return Odds(assessment, probs, risk, REROLL_ASSUMPTION)


def _combat_odds(a: Assessment) -> dict[str, Fraction]:
    return dict(_odds_of(*a.dice))


@lru_cache(maxsize=128)
def _odds_of(ad: int, dd: int, holder: str | None) -> dict[str, Fraction]:
    """The results' probabilities by the dice and the Super D20 holder (cached: read only,
    :func:`_combat_odds` hands out copies)."""
    counts = dict.fromkeys(RESULTS, Fraction(0))
    weight = Fraction(1, ad * dd)
    for x, y in product(range(1, ad + 1), range(1, dd + 1)):
        first = result_of(x, y)
        if holder == "attack" and first != DEFENDER_REMOVED:
            for x2 in range(1, ad + 1):
                counts[result_of(x2, y)] += weight / ad
        elif holder == "defence" and first in (DEFENDER_REMOVED, BOTH_REMOVED):
            for y2 in range(1, dd + 1):
                counts[result_of(x, y2)] += weight / dd
        else:
            counts[first] += weight
    return counts
