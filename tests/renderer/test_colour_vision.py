"""Every game's enemy sides stay apart for every eye (issue 30).

The sides' piece fills, read from each renderer's own constants and each palette of
:data:`renderer.theme.PALETTES`, are compared pair by pair of enemies in normal vision and
under the simulations of protanopia, deuteranopia and tritanopia of Machado, Oliveira &
Fernandes (2009), severity 1.0: their published 3x3 matrices applied to linear RGB. The
distance is CIE76's Delta E in CIE Lab (D65), and must be at least :data:`MIN_DELTA_E`."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from engine.loa.config import COLOURS as LOA_COLOURS
from engine.loka.geometry import GEOMETRIES
from renderer import alako, echec, inka, loa
from renderer.theme import PALETTES, RGB, Theme

MIN_DELTA_E = 30.0  # CIE76: about 2.3 is "just noticeable"; 30 reads apart at a glance

Matrix = tuple[tuple[float, float, float], ...]
# Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation of
# Color Vision Deficiency", table of severity 1.0 (linear RGB in, linear RGB out).
SIMULATIONS: dict[str, Matrix | None] = {
    "normal": None,
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def seen(rgb: RGB, matrix: Matrix | None) -> tuple[float, float, float]:
    """``rgb`` as that eye sees it, in linear RGB (clipped to the displayable range)."""
    lin = [linear(c) for c in rgb]
    if matrix is None:
        return lin[0], lin[1], lin[2]
    r, g, b = (
        min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in matrix
    )
    return r, g, b


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB to CIE Lab (D65 white)."""
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB, matrix: Matrix | None) -> float:
    la, lb = lab(seen(a, matrix)), lab(seen(b, matrix))
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def enemies(theme: Theme) -> Iterator[tuple[str, str, RGB, str, RGB]]:
    """(game, side, fill, side, fill) for every pair of enemy sides of every game."""
    for geo in GEOMETRIES.values():  # Loka: the armies of the other team
        for a, b in combinations(geo.seats, 2):
            if a.team != b.team:
                yield "loka", a.name, theme.army(a.name).fill, b.name, theme.army(b.name).fill
    for a, b in combinations(inka.THEME_ARMY, 2):  # Inka: every seat for itself
        fa, fb = theme.army(inka.THEME_ARMY[a]).fill, theme.army(inka.THEME_ARMY[b]).fill
        yield "inka", a, fa, b, fb
    for game, paint in (("echec", echec.ARMY_COLOUR), ("alako", alako.PAINT)):
        (a, pa), (b, pb) = paint.items()
        yield game, a, theme.army(pa).fill, b, theme.army(pb).fill
    # Chess draws its sides with the theme's "white" and "black" armies.
    yield "chess", "white", theme.army("white").fill, "black", theme.army("black").fill
    a, b = LOA_COLOURS  # Lines of Action: its own inks, whatever the palette
    yield "loa", a, loa.PIECE_INKS[a][0], b, loa.PIECE_INKS[b][0]


@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("eye", sorted(SIMULATIONS))
def test_enemy_sides_stay_apart_for_every_eye(palette: str, eye: str) -> None:
    matrix = SIMULATIONS[eye]
    close = [
        f"{game}: {a} {fa} and {b} {fb}: {delta_e(fa, fb, matrix):.1f}"
        for game, a, fa, b, fb in enemies(PALETTES[palette])
        if delta_e(fa, fb, matrix) < MIN_DELTA_E
    ]
    assert close == []


def test_the_simulation_tells_red_from_green_no_better_than_a_deuteranope() -> None:
    """The maths is the published one: the old Fire red and Earth green (issue 30), far
    apart in normal vision, come within a few units under deuteranopia."""
    red, green = (214, 52, 40), (58, 156, 62)
    assert delta_e(red, green, None) > 100
    assert delta_e(red, green, SIMULATIONS["deuteranopia"]) < 20
    # Grey stays grey for every eye (each matrix row sums to 1).
    for matrix in SIMULATIONS.values():
        assert delta_e((128, 128, 128), (128, 128, 128), matrix) == 0
        assert all(abs(c - linear(128)) < 1e-3 for c in seen((128, 128, 128), matrix))


def test_every_palette_draws_every_side() -> None:
    for theme in PALETTES.values():
        for name in ("fire", "earth", "water", "air", "white", "black"):
            assert len(theme.army(name).fill) == 3
