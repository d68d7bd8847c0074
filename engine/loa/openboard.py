"""The unbounded board (variant "beyond the edges"): pieces in a dict keyed by ``(file,
rank)``, any integers. A line is counted over its whole unbounded length, which holds only
finitely many pieces: one pass over the pieces counts every line at once."""

from __future__ import annotations

from collections import Counter
from operator import add, sub

from engine.loa.bitboard import DIRECTIONS
from engine.loa.config import MARK

Coord = tuple[int, int]


def _line_keys(f: int, r: int) -> tuple[int, int, int, int]:
    # One key per orientation of DIRECTIONS[:4]: rank, file, diagonal, anti-diagonal.
    return (r, f, f - r, f + r)


def _line_counts(cells: dict[Coord, int], through: Coord | None) -> list[dict[int, int]]:
    """Per orientation (as :func:`_line_keys` orders them), the pieces on each line; only
    on the lines through the square ``through`` if given."""
    files, ranks = zip(*cells, strict=True)
    lines = (ranks, files, tuple(map(sub, files, ranks)), tuple(map(add, files, ranks)))
    if through is None:
        return [Counter(keys) for keys in lines]
    return [{key: keys.count(key)} for key, keys in zip(_line_keys(*through), lines, strict=True)]


class OpenBoard:
    """An immutable position on the unbounded board."""

    __slots__ = ("cells",)
    bounded = False

    def __init__(self, cells: dict[Coord, int]) -> None:
        self.cells = cells

    @classmethod
    def from_pieces(cls, pieces: tuple[tuple[int, int, int], ...]) -> OpenBoard:
        return cls({(f, r): code for f, r, code in pieces})

    def pieces(self) -> tuple[tuple[int, int, int], ...]:
        return tuple(sorted((f, r, code) for (f, r), code in self.cells.items()))

    @staticmethod
    def coord(sq: Coord) -> Coord:
        return sq

    @staticmethod
    def square(coord: Coord) -> Coord:
        return coord

    def code_at(self, sq: Coord) -> int | None:
        return self.cells.get(sq)

    code_on = code_at  # a square is its coordinate here

    def moves(self, colour: int, part: int | None) -> list[tuple[Coord, Coord, bool]]:
        return self._moves(colour, part, False)

    def piece_moves(self, sq: Coord) -> list[tuple[Coord, Coord, bool]]:
        """The moves of the piece on ``sq`` (there is one), as :meth:`moves` lists them."""
        return self._moves(self.cells[sq] & 1, None, False, only=sq)

    def can_move(self, colour: int, part: int | None) -> bool:
        """Whether :meth:`moves` would find a move (it stops at the first)."""
        return bool(self._moves(colour, part, True))

    def _moves(
        self, colour: int, part: int | None, first: bool, only: Coord | None = None
    ) -> list[tuple[Coord, Coord, bool]]:
        """The moves of ``colour``'s pieces of ``part`` (``None``: every piece), or of the
        piece on ``only``; with ``first``, the first move found alone (none: no move)."""
        cells = self.cells
        counts = _line_counts(cells, only)
        out = []
        mine = cells.items() if only is None else [(only, cells[only])]
        for (f, r), code in mine:
            if code & 1 != colour or (part is not None and bool(code & MARK) != bool(part)):
                continue
            keys = _line_keys(f, r)
            for d, (df, dr) in enumerate(DIRECTIONS):
                n = counts[d % 4][keys[d % 4]]
                blocked = False
                for i in range(1, n):
                    other = cells.get((f + i * df, r + i * dr))
                    if other is not None and other & 1 != colour:
                        blocked = True
                        break
                if blocked:
                    continue
                target = (f + n * df, r + n * dr)
                there = cells.get(target)
                if there is None or there & 1 != colour:
                    out.append(((f, r), target, there is not None))
                    if first:
                        return out
        return out

    def after(self, src: Coord, dst: Coord) -> OpenBoard:
        cells = dict(self.cells)
        cells[dst] = cells.pop(src)
        return OpenBoard(cells)

    def placed(self, sq: Coord, colour: int) -> OpenBoard:
        return OpenBoard({**self.cells, sq: colour})

    def empty(self) -> list[Coord]:
        raise NotImplementedError("placements are only on the printed board")

    def connected(self, colour: int) -> bool:
        mine = {sq for sq, code in self.cells.items() if code & 1 == colour}
        if not mine:
            return False
        start = next(iter(mine))
        seen = {start}
        todo = [start]
        while todo:
            f, r = todo.pop()
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    n = (f + df, r + dr)
                    if n in mine and n not in seen:
                        seen.add(n)
                        todo.append(n)
        return len(seen) == len(mine)

    def count(self, colour: int) -> int:
        return sum(1 for code in self.cells.values() if code & 1 == colour)
