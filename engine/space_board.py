"""The Space board of a game: what each hex is, the ships there and their
moves, the cards placed there. Pure geometry (hex names, adjacency) is
engine/space.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import DieColour
from engine.components.cards import MISSION_CARDS
from engine.components.strips import MIDDLE, SPES_HEX, STRIP_SIDES, HexKind, HexSpec
from engine.ops import player
from engine.space import Hex, hex_name, neighbours, reachable
from engine.state import Board

if TYPE_CHECKING:
    from engine.game import Game

# --------------------------------------------------------------------------- space


def ba_hex(g: Game) -> Hex:
    return (len(g.state.board.strips) // 2, MIDDLE)


def hex_spec(g: Game, h: Hex) -> HexSpec:
    strip = g.state.board.strips[h[0]]
    if strip.spes_tile and h[1] == MIDDLE:
        return SPES_HEX
    return STRIP_SIDES[(strip.number, strip.side)][h[1]]


def all_hexes(g: Game) -> list[Hex]:
    return [(i, p) for i in range(len(g.state.board.strips)) for p in range(5)]


def ships_at(g: Game, h: Hex) -> list[int]:
    return g.state.board.strips[h[0]].ships[h[1]]


def ship_hexes(g: Game, seat: int) -> list[Hex]:
    return [
        (i, p)
        for i, strip in enumerate(g.state.board.strips)
        for p, ships in enumerate(strip.ships)
        if ships and seat in ships
    ]


def ship_moves(g: Game, seat: int, steps: int, launch: bool) -> list[tuple[Hex | None, Hex]]:
    """(from, to) for each ship of the seat (from None = a new ship launched
    from the Black Angel's hex) and each hex it may end on within `steps`."""
    moves: list[tuple[Hex | None, Hex]] = []
    layout = space_layout(g)
    blocked = layout.blocked
    strips = g.state.board.strips

    def stop(h: Hex) -> bool:
        ships = strips[h[0]].ships[h[1]]
        return h not in blocked and len(ships) < 2 and seat not in ships  # R6

    for src in ship_hexes(g, seat):
        for dst in layout.reach(src, steps):
            if dst == src or stop(dst):
                moves.append((src, dst))
    if launch:
        for dst in layout.reach(layout.ba, steps):
            if stop(dst):
                moves.append((None, dst))
    return moves


class SpaceLayout:
    """The Space board's shape for ship moves: its strips (number, side, Spes
    tile) fix the asteroid fields and the Black Angel's hex. Strips change
    only at B.3, so a layout and the hexes reachable in it are computed once
    and shared (``space_layout``)."""

    __slots__ = ("n", "ba", "blocked", "_reach")

    def __init__(self, g: Game) -> None:
        self.n = len(g.state.board.strips)
        self.ba = ba_hex(g)
        # Ships never enter an asteroid field, except the Black Angel's own hex.
        self.blocked = frozenset(
            h for h in all_hexes(g) if h != self.ba and hex_spec(g, h).kind is HexKind.ASTEROID
        )
        self._reach: dict[tuple[Hex, int], tuple[Hex, ...]] = {}

    def reach(self, start: Hex, steps: int) -> tuple[Hex, ...]:
        """Hexes a ship at `start` may reach within `steps` (start included),
        never through an asteroid field, sorted."""
        key = (start, steps)
        found = self._reach.get(key)
        if found is None:
            blocked = self.blocked
            found = self._reach[key] = tuple(
                sorted(reachable(start, steps, self.n, lambda h: h not in blocked))
            )
        return found


_LAYOUTS: dict[tuple, SpaceLayout] = {}


def space_layout(g: Game) -> SpaceLayout:
    strips = g.state.board.strips
    key = tuple((s.number, s.side, s.spes_tile) for s in strips)
    layout = _LAYOUTS.get(key)
    if layout is None:
        if len(_LAYOUTS) > 4096:  # a bound: a long-running bot sees many boards
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = SpaceLayout(g)
    return layout


def robots_for_a_card(launch: bool) -> int:
    """Robots a Command needs in the break room to place a Mission card: the
    reward's robot (rulebook A.2, Command step 2), and first the pilot of a
    new ship when it launches one."""
    return 2 if launch else 1


def move_id(src: Hex | None, dst: Hex) -> str:
    if src is None:
        return f"launch:{hex_name(dst)}"
    return f"move:{hex_name(src)}-{hex_name(dst)}"


def move_label(src: Hex | None, dst: Hex) -> tuple[str, str]:
    if src is None:
        return f"launch:{hex_name(dst)}", f"Launch a new ship to {hex_name(dst)}"
    if src == dst:
        return f"move:{hex_name(src)}-{hex_name(dst)}", f"Keep your ship at {hex_name(src)}"
    return f"move:{hex_name(src)}-{hex_name(dst)}", f"Ship {hex_name(src)} → {hex_name(dst)}"


def move_ship(g: Game, seat: int, src: Hex | None, dst: Hex, why: str = "") -> None:
    """`why`: what moved it when not a Command ("tile A2"), said in the line."""
    p = player(g, seat)
    if src is None:
        p.ships -= 1
        p.break_room -= 1  # the pilot comes from the break room
        g.log("launch", f"{g.name(seat)} launches a ship with a pilot.", seat)
    else:
        ships_at(g, src).remove(seat)
    ships_at(g, dst).append(seat)
    if src is None and dst == ba_hex(g):
        # A new ship starts its move from the Black Angel's hex (rulebook,
        # Command Your Ships): ending there, it has not moved.
        g.log(
            "ship_moves",
            f"{g.name(seat)}'s new ship stays on the Black Angel's hex, {hex_name(dst)}.",
            seat,
        )
    elif src != dst:
        where = "the Black Angel" if src is None else hex_name(src)
        by = f" ({why})" if why else ""
        g.log(
            "ship_moves", f"{g.name(seat)}'s ship moves from {where} to {hex_name(dst)}{by}.", seat
        )
    else:  # kept where it was: said, or the Command reads as if nothing was decided
        g.log("ship_moves", f"{g.name(seat)}'s ship stays at {hex_name(dst)}.", seat)


def visible_icons_around(g: Game, h: Hex) -> int:
    strips = g.state.board.strips
    total = 0
    for nb in neighbours(h, len(strips)):
        spec = hex_spec(g, nb)
        if spec.kind is HexKind.RAVAGER_SHIP:
            total += spec.icons
        elif spec.kind is HexKind.ALIEN and strips[nb[0]].cards[nb[1]] is None:
            total += spec.icons  # a placed card covers the icon
    return total


def owned_in_space(board: Board, seat: int, colour: DieColour | None, skip_first: bool) -> int:
    n = 0
    for i, strip in enumerate(board.strips):
        if skip_first and i == 0:
            continue
        for placed in strip.cards:
            if (
                placed is not None
                and placed.owner == seat
                and (colour is None or MISSION_CARDS[placed.card].colour is colour)
            ):
                n += 1
    return n
