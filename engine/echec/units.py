"""The kinds of base (RULINGS 3): their letters, names, figures, dice, hits and reach, as data."""

from __future__ import annotations

from dataclasses import dataclass

KING, CAVALRY, ARCHERS, INFANTRY = "K", "C", "A", "I"
PEASANTS, MERCENARIES, HEAVY = "P", "M", "H"
KINDS = (KING, CAVALRY, ARCHERS, INFANTRY, PEASANTS, MERCENARIES, HEAVY)
OPTIONAL = (PEASANTS, MERCENARIES, HEAVY)

# How a base hits: which die faces count (peasants take the larger of axes and arrows).
AXES, ARROWS, BEST = "axes", "arrows", "best"

# Where a base may attack: the square in front, the 3x3 block ahead, or any side.
FRONT, VOLLEY, AROUND = "front", "volley", "around"


@dataclass(frozen=True, slots=True)
class Kind:
    letter: str
    name: str  # canonical word in action texts
    figures: tuple[int, ...]  # allowed figures per base (the first is the basic army's)
    hits_per_figure: int
    dice_per_figure: int
    hits_with: str
    reach: str
    steps: int  # squares per advance; 0: any number of free squares
    action_cost: int  # actions an advance or a turn costs
    panics: bool  # kings and mercenaries never panic
    last_figure_bonus: bool  # one figure left: a die that hits may be rolled once more


KIND = {
    KING: Kind(KING, "king", (1,), 2, 2, AXES, FRONT, 0, 1, False, False),
    CAVALRY: Kind(CAVALRY, "cavalry", (2,), 2, 2, AXES, FRONT, 0, 1, True, False),
    ARCHERS: Kind(ARCHERS, "archers", (4,), 1, 1, ARROWS, VOLLEY, 1, 1, True, True),
    INFANTRY: Kind(INFANTRY, "infantry", (4,), 1, 1, AXES, FRONT, 1, 1, True, True),
    PEASANTS: Kind(PEASANTS, "peasants", (2, 3, 4), 1, 1, BEST, FRONT, 1, 1, True, False),
    MERCENARIES: Kind(MERCENARIES, "mercenaries", (1, 2), 1, 2, AXES, FRONT, 1, 1, False, False),
    HEAVY: Kind(HEAVY, "heavy", (1, 2), 2, 2, AXES, AROUND, 1, 2, True, False),
}

MAX_DICE = 4  # an attack never rolls more (RULINGS 3)
MASSIVE_FIGURES = 10  # infantry figures per base with the massive infantry option

# Names a player may type for a kind (English and French, singular and plural).
KIND_OF_WORD = {
    **{k: k for k in KINDS},
    **{k.lower(): k for k in KINDS},
    "king": KING, "roi": KING,
    "cavalry": CAVALRY, "cavalier": CAVALRY, "cavaliers": CAVALRY, "knight": CAVALRY,
    "knights": CAVALRY, "horse": CAVALRY,
    "archers": ARCHERS, "archer": ARCHERS,
    "infantry": INFANTRY, "infanterie": INFANTRY, "foot": INFANTRY,
    "peasants": PEASANTS, "peasant": PEASANTS, "paysans": PEASANTS, "paysan": PEASANTS,
    "mercenaries": MERCENARIES, "mercenary": MERCENARIES, "mercenaires": MERCENARIES,
    "mercenaire": MERCENARIES, "mercs": MERCENARIES,
    "heavy": HEAVY, "heavy-infantry": HEAVY, "heavy_infantry": HEAVY, "lourde": HEAVY,
    "infanterie-lourde": HEAVY,
}  # fmt: skip


def variable(kind: str) -> bool:
    """Whether bases of this kind come in several sizes (a placement then names the size)."""
    return len(KIND[kind].figures) > 1


def dice_for(kind: str, figures: int) -> int:
    """Dice an attack rolls: per figure, never more than four (massive infantry included)."""
    return min(MAX_DICE, figures * KIND[kind].dice_per_figure)
