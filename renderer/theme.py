"""Colours named by what they mean, so every image of every game speaks the same language.

A theme is frozen and hashable: sprite and layer caches are keyed by it.

The sides' colours stay apart for every eye (issue 30): the enemy sides of every game are at
least :data:`tests.renderer.test_colour_vision.MIN_DELTA_E` apart (CIE76, in Lab) in normal
vision and under the protanopia, deuteranopia and tritanopia simulations of Machado,
Oliveira & Fernandes (2009). That is why Fire is a deep red, Earth a light spring green and
Water a deep blue: a red and a green of one lightness look alike to most colour-blind eyes.

A member picks a palette for the pictures sent to them alone (:data:`PALETTES`, the
``/plateau settings palette:`` option); :func:`using` makes it the theme every picture
option drawn inside it starts with (:func:`current_theme`), public pictures keep the default."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, fields, replace

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class ArmyColours:
    """One army's paint: the body, its contrasting outline, and the lit and shaded sides."""

    fill: RGB
    outline: RGB
    light: RGB
    shade: RGB


@dataclass(frozen=True)
class TileColours:
    """A terrain tile: its ground, the icon's main ink and a second accent."""

    ground: RGB
    ink: RGB
    accent: RGB


def mix(c: RGB, to: RGB, t: float) -> RGB:
    """``c`` moved a share ``t`` of the way to ``to``."""
    r, g, b = (round(x + (y - x) * t) for x, y in zip(c, to, strict=True))
    return r, g, b


def _army(fill: RGB, outline: RGB) -> ArmyColours:
    return ArmyColours(fill, outline, mix(fill, (255, 255, 255), 0.38), mix(fill, (0, 0, 0), 0.22))


@dataclass(frozen=True)
class Theme:
    name: str = "plateau"
    background: RGB = (38, 41, 48)
    light_square: RGB = (234, 227, 208)
    dark_square: RGB = (178, 166, 142)
    coordinates: RGB = (196, 200, 208)
    text: RGB = (240, 241, 244)
    muted_text: RGB = (150, 156, 168)
    banner: RGB = (52, 56, 66)
    banner_line: RGB = (78, 84, 98)
    # Highlights are drawn translucently so the terrain under them stays readable.
    last_move: RGBA = (176, 214, 64, 120)
    last_move_edge: RGB = (122, 168, 24)
    combat: RGBA = (255, 84, 56, 110)
    combat_edge: RGB = (214, 46, 28)
    legal_target: RGBA = (24, 32, 56, 120)
    selected: RGBA = (64, 120, 255, 110)
    promotion: RGBA | None = None  # corner marks; None: the colour of the army to move
    badge: RGB = (30, 32, 38)
    badge_text: RGB = (246, 246, 246)
    die_fill: RGB = (250, 248, 240)
    die_ink: RGB = (24, 24, 28)
    strike: RGB = (226, 70, 60)
    armies: tuple[tuple[str, ArmyColours], ...] = (
        ("fire", _army((190, 32, 28), (52, 10, 6))),
        ("earth", _army((80, 200, 120), (10, 40, 12))),
        ("water", _army((44, 86, 210), (8, 24, 64))),
        ("air", _army((246, 200, 44), (70, 50, 0))),
        # Two-colour games (chess, Lines of Action): ivory and ebony with strong outlines.
        ("white", _army((244, 240, 228), (40, 40, 44))),
        ("black", _army((52, 54, 62), (224, 226, 232))),
    )
    terrain: tuple[tuple[str, TileColours], ...] = field(
        default=(
            ("castle", TileColours((132, 138, 152), (226, 222, 212), (58, 60, 70))),
            ("forest", TileColours((70, 118, 62), (22, 64, 30), (110, 74, 42))),
            ("lake", TileColours((66, 142, 206), (226, 244, 255), (34, 94, 160))),
            ("eyrie", TileColours((206, 170, 112), (92, 62, 36), (40, 30, 24))),
            ("marsh", TileColours((112, 118, 72), (58, 66, 34), (120, 78, 38))),
            ("stone", TileColours((164, 150, 186), (82, 80, 92), (220, 214, 228))),
            ("pass", TileColours((150, 124, 96), (86, 66, 50), (238, 222, 186))),
            ("portal", TileColours((62, 40, 102), (232, 120, 255), (120, 226, 255))),
        )
    )

    def __hash__(self) -> int:
        """The fields' hash, computed once per theme: every cached layer, sprite and palette
        is looked up by its theme, whose fields nest some 80 tuples. Kept on the instance
        but never pickled (another process hashes strings differently)."""
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict[str, object]:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def army(self, name: str) -> ArmyColours:
        return dict(self.armies)[name]

    def tile(self, kind: str) -> TileColours:
        return dict(self.terrain)[kind]

    @property
    def flat(self) -> tuple[RGB, ...]:
        """The flat colours of every board picture (board, text, banner), kept exactly in a
        game's palette (in this order, which the palettes' indices follow)."""
        return (
            self.background, self.light_square, self.dark_square, self.coordinates, self.text,
            self.muted_text, self.banner,
        )  # fmt: skip

    @property
    def flat_fight(self) -> tuple[RGB, ...]:
        """The flat colours of the games that fight (badges, dice, struck and combat marks,
        the last move's edge), kept exactly after :attr:`flat`."""
        return (
            self.badge, self.badge_text, self.die_fill, self.die_ink, self.strike,
            self.combat_edge, self.last_move_edge,
        )  # fmt: skip


DEFAULT_THEME = Theme()

# Stronger contrast for every eye: the sides further apart in lightness (a dark red, a pale
# green, a deep blue, a pure yellow), starker squares and outlines.
HIGH_CONTRAST = replace(
    DEFAULT_THEME,
    name="high-contrast",
    light_square=(250, 247, 238),
    dark_square=(138, 126, 104),
    armies=(
        ("fire", _army((176, 0, 0), (24, 0, 0))),
        ("earth", _army((110, 230, 140), (0, 40, 8))),
        ("water", _army((20, 50, 200), (0, 8, 48))),
        ("air", _army((255, 232, 0), (40, 28, 0))),
        ("white", _army((255, 255, 255), (0, 0, 0))),
        ("black", _army((24, 24, 28), (255, 255, 255))),
    ),
)

PALETTES: dict[str, Theme] = {"default": DEFAULT_THEME, "high-contrast": HIGH_CONTRAST}
"""The palettes a member may choose (``/plateau settings palette:``), by name."""

DEFAULT_PALETTE = "default"

_ACTIVE: ContextVar[Theme] = ContextVar("plateau_theme", default=DEFAULT_THEME)


def current_theme() -> Theme:
    """The theme a picture's options start with: the default, or the one :func:`using` set."""
    return _ACTIVE.get()


@contextmanager
def using(palette: str | Theme | None) -> Iterator[Theme]:
    """Draw with ``palette`` (a name of :data:`PALETTES`, a theme; None or an unknown name:
    the default) as the theme of every picture option made inside the block."""
    theme = palette if isinstance(palette, Theme) else PALETTES.get(palette or "", DEFAULT_THEME)
    token = _ACTIVE.set(theme)
    try:
        yield theme
    finally:
        _ACTIVE.reset(token)
