"""The 8x8 board as three 64-bit integers (white, black, marked) with precomputed lines.

Square ``i`` is ``rank * 8 + file``. A move's length is the number of pieces on its whole
line: one ``bit_count`` of the occupancy masked by the line. The target square and the mask
of the squares jumped over come from tables indexed by square, direction and length, so a
full generation is a few hundred integer operations."""

from __future__ import annotations

from engine.loa.config import BLACK, MARK, SIZE, WHITE

FULL = (1 << 64) - 1
FILE_A = 0x0101010101010101
FILE_H = FILE_A << 7
NOT_A = FULL ^ FILE_A
NOT_H = FULL ^ FILE_H

# Directions k and k + 4 are opposite; both run along line orientation k.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1))


def _on(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


# Per square and direction: per distance 0..8, (the square, its bit, the squares between) or
# ``None`` off the board.
Steps = tuple[tuple[tuple[int, int, int] | None, ...], ...]


def _tables() -> tuple[list[tuple[int, ...]], list[Steps]]:
    lines: list[tuple[int, ...]] = []
    steps: list[Steps] = []
    for sq in range(64):
        f0, r0 = sq % 8, sq // 8
        per_line = []
        for df, dr in DIRECTIONS[:4]:
            mask = 1 << sq
            for sign in (1, -1):
                f, r = f0 + sign * df, r0 + sign * dr
                while _on(f, r):
                    mask |= 1 << (r * 8 + f)
                    f, r = f + sign * df, r + sign * dr
            per_line.append(mask)
        lines.append(tuple(per_line))
        per_dir = []
        for df, dr in DIRECTIONS:
            by_length: list[tuple[int, int, int] | None] = [None]
            between = 0
            for n in range(1, 9):
                f, r = f0 + n * df, r0 + n * dr
                if not _on(f, r):
                    by_length.append(None)
                    continue
                t = r * 8 + f
                by_length.append((t, 1 << t, between))
                between |= 1 << t
            per_dir.append(tuple(by_length))
        steps.append(tuple(per_dir))
    return lines, steps


LINES, STEPS = _tables()

# Per square: per line orientation, (the line's mask, per count of pieces on the line the
# moves of that length both ways that stay on the board, as (what stops the move, the
# target's bit, the move if it takes, the move if it does not)). What stops a move is one
# mask over ``own << 64 | enemy``: the target's bit shifted up (a piece of one's own there),
# the squares between (an enemy jumped over). A move is ``(from, to, capture)``, made once.
Ray = tuple[tuple[int, int, tuple[int, int, bool], tuple[int, int, bool]], ...]
RAYS: tuple[tuple[tuple[int, tuple[Ray, ...]], ...], ...] = tuple(
    tuple(
        (
            LINES[sq][k],
            tuple(
                tuple(
                    (tbit << 64 | between, tbit, (sq, t, True), (sq, t, False))
                    for t, tbit, between in filter(None, (STEPS[sq][k][n], STEPS[sq][k + 4][n]))
                )
                for n in range(9)
            ),
        )
        for k in range(4)
    )
    for sq in range(64)
)


# Per piece code, per square: the piece as ``BitBoard.pieces`` lists it, (file, rank, code).
PIECES = tuple(tuple((sq % 8, sq // 8, code) for sq in range(64)) for code in range(4))


def neighbours(m: int) -> int:
    """``m`` and every square next to it (8-neighbourhood)."""
    h = m | ((m << 1) & NOT_A) | ((m >> 1) & NOT_H)
    return (h | (h << 8) | (h >> 8)) & FULL


def connected(bits: int) -> bool:
    """Whether the pieces of ``bits`` form one group (one piece does; none does not)."""
    if not bits:
        return False
    seen = bits & -bits
    while True:
        grown = neighbours(seen) & bits
        if grown == seen:
            return seen == bits
        seen = grown


def moves(own: int, enemy: int, movers: int, first: bool = False) -> list[tuple[int, int, bool]]:
    """``(from, to, capture)`` for every legal move of the pieces in ``movers`` (a subset of
    ``own``): jumps over ``own`` allowed, never over ``enemy``; never onto ``own``. With
    ``first``, only the first move found (none: no move)."""
    occ = own | enemy
    both = own << 64 | enemy
    out = []
    while movers:
        low = movers & -movers
        movers ^= low
        for mask, by_count in RAYS[low.bit_length() - 1]:
            for stop, tbit, takes, quiet in by_count[(occ & mask).bit_count()]:
                if not both & stop:
                    out.append(takes if enemy & tbit else quiet)
        if first and out:
            return out[:1]
    return out


class BitBoard:
    """An immutable 8x8 position: one bitboard per colour and one of marked pieces."""

    __slots__ = ("bits", "marked")
    bounded = True

    def __init__(self, bits: tuple[int, int], marked: int) -> None:
        self.bits = bits
        self.marked = marked

    @classmethod
    def from_pieces(cls, pieces: tuple[tuple[int, int, int], ...]) -> BitBoard:
        bits = [0, 0]
        marked = 0
        for f, r, code in pieces:
            bit = 1 << (r * 8 + f)
            bits[code & 1] |= bit
            if code & MARK:
                marked |= bit
        return cls((bits[0], bits[1]), marked)

    def pieces(self) -> tuple[tuple[int, int, int], ...]:
        out = []
        marked = self.marked
        for colour in (WHITE, BLACK):
            m = self.bits[colour]
            while m:
                low = m & -m
                m ^= low
                out.append(PIECES[colour | (MARK if marked & low else 0)][low.bit_length() - 1])
        out.sort()
        return tuple(out)

    @staticmethod
    def coord(sq: int) -> tuple[int, int]:
        return sq % 8, sq // 8

    @staticmethod
    def square(coord: tuple[int, int]) -> int | None:
        f, r = coord
        return r * 8 + f if _on(f, r) else None

    def code_on(self, coord: tuple[int, int]) -> int | None:
        """The piece on ``coord`` (``None``: empty, or off the board)."""
        sq = self.square(coord)
        return None if sq is None else self.code_at(sq)

    def code_at(self, sq: int) -> int | None:
        bit = 1 << sq
        for colour in (WHITE, BLACK):
            if self.bits[colour] & bit:
                return colour | (MARK if self.marked & bit else 0)
        return None

    def moves(self, colour: int, part: int | None) -> list[tuple[int, int, bool]]:
        own = self.bits[colour]
        movers = own if part is None else own & (self.marked if part else ~self.marked)
        return moves(own, self.bits[colour ^ 1], movers)

    def piece_moves(self, sq: int) -> list[tuple[int, int, bool]]:
        """The moves of the piece on ``sq`` (there is one), as :meth:`moves` lists them."""
        colour = WHITE if self.bits[WHITE] >> sq & 1 else BLACK
        return moves(self.bits[colour], self.bits[colour ^ 1], 1 << sq)

    def can_move(self, colour: int, part: int | None) -> bool:
        """Whether :meth:`moves` would find a move (it stops at the first)."""
        own = self.bits[colour]
        movers = own if part is None else own & (self.marked if part else ~self.marked)
        return bool(moves(own, self.bits[colour ^ 1], movers, first=True))

    def after(self, src: int, dst: int) -> BitBoard:
        """The board after the piece on ``src`` moves to ``dst`` (taking what is there)."""
        sbit, dbit = 1 << src, 1 << dst
        colour = WHITE if self.bits[WHITE] & sbit else BLACK
        own = self.bits[colour] ^ sbit | dbit
        enemy = self.bits[colour ^ 1] & ~dbit
        marked = self.marked & ~dbit
        if self.marked & sbit:
            marked = marked ^ sbit | dbit
        bits = (own, enemy) if colour == WHITE else (enemy, own)
        return BitBoard(bits, marked)

    def placed(self, sq: int, colour: int) -> BitBoard:
        bits = list(self.bits)
        bits[colour] |= 1 << sq
        return BitBoard((bits[0], bits[1]), self.marked)

    def empty(self) -> list[int]:
        free = FULL ^ (self.bits[WHITE] | self.bits[BLACK])
        out = []
        while free:
            low = free & -free
            free ^= low
            out.append(low.bit_length() - 1)
        return out

    def connected(self, colour: int) -> bool:
        return connected(self.bits[colour])

    def count(self, colour: int) -> int:
        return self.bits[colour].bit_count()
