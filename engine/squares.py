"""Square names shared by the grid games: files ``a``, ``b``, ... (``aa``, ``ab``... past ``z``),
ranks from 1, ``a1`` in the bottom-left corner as seen by the first seat."""

from __future__ import annotations

import re
from functools import lru_cache

from engine.errors import InvalidNotation

_SQUARE = re.compile(r"^([a-z]{1,2})(\d{1,2})$")


@lru_cache(maxsize=64)
def file_name(file: int) -> str:
    """``0 -> 'a'``, ``25 -> 'z'``, ``26 -> 'aa'``."""
    if file < 26:
        return chr(ord("a") + file)
    return chr(ord("a") + file // 26 - 1) + chr(ord("a") + file % 26)


def file_index(name: str) -> int:
    if len(name) == 1:
        return ord(name) - ord("a")
    return (ord(name[0]) - ord("a") + 1) * 26 + ord(name[1]) - ord("a")


def square_name(file: int, rank: int) -> str:
    """Zero-based coordinates to a name: ``(4, 1) -> 'e2'``."""
    return f"{file_name(file)}{rank + 1}"


def parse_square(text: str, width: int, height: int) -> tuple[int, int]:
    """A square name to zero-based ``(file, rank)``, checked against the board's size."""
    match = _SQUARE.match(text.strip().lower())
    if not match:
        raise InvalidNotation(
            f"'{text}' is not a square: write a file letter then a rank number, like e2",
            code="board.not_a_square",
            square=text,
        )
    file, rank = file_index(match.group(1)), int(match.group(2)) - 1
    if not (0 <= file < width and 0 <= rank < height):
        last = square_name(width - 1, height - 1)
        raise InvalidNotation(
            f"'{text}' is off the board: squares run from a1 to {last}",
            code="board.off_board",
            square=text,
            last=last,
        )
    return file, rank
