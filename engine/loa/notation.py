"""Square names: ``a1``-``h8`` on the printed board; anywhere else (the unbounded variant)
signed coordinates ``(file,rank)`` numbered like the printed board, so ``a1`` is ``(1,1)``,
the file left of ``a`` is ``0`` and the rank below ``1`` is ``0``: ``(0,5)``, ``(-2,9)``."""

from __future__ import annotations

import re

from engine.errors import InvalidNotation

Coord = tuple[int, int]  # zero-based (file, rank): a1 is (0, 0)

SQUARE_RE = r"[a-z]\d{1,3}|[(\[]\s*[-+]?\d{1,4}\s*,\s*[-+]?\d{1,4}\s*[)\]]"
_LETTERS = re.compile(r"^([a-z])(\d{1,3})$")
_SIGNED = re.compile(r"^[(\[]\s*([-+]?\d{1,4})\s*,\s*([-+]?\d{1,4})\s*[)\]]$")
_LIMIT = 1000  # coordinates beyond this are surely a typo


def square_name(coord: Coord) -> str:
    name = NAMES.get(coord)
    if name is not None:
        return name
    f, r = coord
    return f"({f + 1},{r + 1})"


NAMES = {(f, r): f"{chr(ord('a') + f)}{r + 1}" for f in range(8) for r in range(8)}
"""The printed board's square names, made once (a1 to h8)."""
COORDS = {name: coord for coord, name in NAMES.items()}
"""Each printed square's coordinates by its canonical name (what ``parse_square`` reads)."""


def parse_square(text: str, *, bounded: bool = True) -> Coord:
    """A square name to zero-based ``(file, rank)``. ``bounded``: only ``a1``-``h8``."""
    raw = text.strip().lower()
    if match := _LETTERS.match(raw):
        coord = (ord(match.group(1)) - ord("a"), int(match.group(2)) - 1)
    elif match := _SIGNED.match(raw):
        coord = (int(match.group(1)) - 1, int(match.group(2)) - 1)
        if max(abs(coord[0]), abs(coord[1])) > _LIMIT:
            raise InvalidNotation(
                f"'{text}' is too far out: coordinates stay within {_LIMIT}",
                code="loa.far_square",
                square=text,
            )
    else:
        raise InvalidNotation(
            f"'{text}' is not a square: write a file letter and a rank, like e4"
            + ("" if bounded else ", or signed coordinates beyond the board, like (0,5)"),
            code="loa.bad_square",
            square=text,
        )
    if not (0 <= coord[0] < 8 and 0 <= coord[1] < 8):
        if bounded:
            raise InvalidNotation(
                f"'{text}' is off the board: squares run from a1 to h8",
                code="loa.off_board",
                square=text,
            )
        if _LETTERS.match(raw):
            # Letter names are only for the printed board, so every square has one name.
            raise InvalidNotation(
                f"'{text}' is outside a1-h8: write it as signed coordinates, {square_name(coord)}",
                code="loa.use_coordinates",
                square=text,
                coordinates=square_name(coord),
            )
    return coord


def canonical(text: str, *, bounded: bool = True) -> str:
    return square_name(parse_square(text, bounded=bounded))
