"""Fortification lines (RULINGS 5): one chain per side from a red point to the other.

A chain starts at either red point; each piece lies on the segment that continues from the
end of the previous one. **Ruling:** the route always heads towards the other red point: a
horizontal piece moves one file closer to it, a vertical piece switches between the two
lines, and no grid point is used twice (so two vertical pieces never follow each other).
The line is complete when its end reaches the other red point; then nothing more can be
built. Two towers may not be consecutive in the chain."""

from __future__ import annotations

from engine.alako.board import NETWORKS, WIDTH, Node, Segment, red_points
from engine.alako.state import TOWER_PIECE, Fort


def _other(seg: Segment, node: Node) -> Node:
    return seg[1] if seg[0] == node else seg[0]


def chain_nodes(seat: int, line: tuple[Fort, ...]) -> list[Node]:
    """The grid points the chain runs through, from its red point to its end."""
    if not line:
        return []
    first = line[0].segment
    start = next(p for p in red_points(seat) if p in first)
    nodes = [start]
    for fort in line:
        nodes.append(_other(fort.segment, nodes[-1]))
    return nodes


def is_complete(seat: int, line: tuple[Fort, ...]) -> bool:
    nodes = chain_nodes(seat, line)
    return len(nodes) > 1 and nodes[-1] in red_points(seat) and nodes[-1] != nodes[0]


def next_segments(seat: int, line: tuple[Fort, ...]) -> list[Segment]:
    """The segments the next piece may go on, in a stable order."""
    network = NETWORKS[seat]
    reds = red_points(seat)
    if not line:
        starts = []
        for x, y in reds:
            for seg in sorted(network):
                if (x, y) in seg and seg not in starts:
                    starts.append(seg)
        return starts
    nodes = chain_nodes(seat, line)
    if nodes[-1] != nodes[0] and nodes[-1] in reds:
        return []
    end = nodes[-1]
    step = 1 if nodes[0][0] == 0 else -1  # towards the other red point
    x, y = end
    out: list[Segment] = []
    if 0 <= x + step <= WIDTH:
        seg = ((x, y), (x + step, y)) if step > 0 else ((x + step, y), (x, y))
        if seg in network:
            out.append(seg)
    for seg in sorted(network):
        # The vertical piece at this file, unless the chain just came up (or down) it.
        if end in seg and seg[0][0] == seg[1][0] and _other(seg, end) not in nodes:
            out.append(seg)
    return out


def tower_segments(seat: int, line: tuple[Fort, ...]) -> list[Segment]:
    """Where a tower may go: a next segment, unless the last piece is a tower."""
    if line and line[-1].kind == TOWER_PIECE:
        return []
    return next_segments(seat, line)


def blocked_segments(lines: tuple[tuple[Fort, ...], ...]) -> dict[Segment, tuple[int, str]]:
    """Every segment holding a piece: (owner, kind)."""
    return {fort.segment: (seat, fort.kind) for seat, line in enumerate(lines) for fort in line}
