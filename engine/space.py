"""Space board geometry: hex names, adjacency and ship movement.

COMPONENTS.md 10: strip k (0 = nearest the Black Angel board) has its middle
hex at axial (0, k); its wings go diagonally away from the board. A hex is
named by its strip position (1 = nearest the board) and letter A-E (C is the
middle), e.g. ``3C``. Positions change as strips rotate; names are read off
the current board.
"""

from __future__ import annotations

from collections import deque

from engine.components.strips import HEX_LETTERS, MIDDLE

Hex = tuple[int, int]  # (strip index from 0, position 0-4)

_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_name(h: Hex) -> str:
    return f"{h[0] + 1}{HEX_LETTERS[h[1]]}"


def parse_hex(name: str) -> Hex | None:
    if len(name) < 2 or name[-1] not in HEX_LETTERS or not name[:-1].isdigit():
        return None
    return (int(name[:-1]) - 1, HEX_LETTERS.index(name[-1]))


def to_axial(h: Hex) -> tuple[int, int]:
    strip, pos = h
    j = pos - MIDDLE
    return (j, strip) if j >= 0 else (j, strip - j)


def from_axial(q: int, r: int) -> Hex:
    return (r, MIDDLE + q) if q >= 0 else (r + q, MIDDLE + q)


_NEIGHBOURS: dict[tuple[int, Hex], tuple[Hex, ...]] = {}


def neighbours(h: Hex, n_strips: int) -> tuple[Hex, ...]:
    key = (n_strips, h)
    found = _NEIGHBOURS.get(key)
    if found is None:
        q, r = to_axial(h)
        out = []
        for dq, dr in _DIRECTIONS:
            nq, nr = q + dq, r + dr
            if abs(nq) > 2:
                continue
            s, p = from_axial(nq, nr)
            if 0 <= s < n_strips:
                out.append((s, p))
        found = _NEIGHBOURS[key] = tuple(sorted(out))
    return found


def reachable(start: Hex, steps: int, n_strips: int, passable) -> dict[Hex, int]:
    """Hexes reachable from `start` in at most `steps` moves through hexes for
    which `passable(hex)` is true, with their distance (start included, 0)."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        d = dist[h]
        if d == steps:
            continue
        for nb in neighbours(h, n_strips):
            if nb not in dist and passable(nb):
                dist[nb] = d + 1
                queue.append(nb)
    return dist
