"""Building constructed states for the rulebook's worked examples.

Everything here moves components from wherever they are to where a scenario
wants them, so the state keeps every component exactly once and
engine.invariants.check still holds after the edit. Call helpers.refresh(g)
after editing (``table`` does it for you).
"""

from __future__ import annotations

from engine import RULES_VERSION
from engine.components import COLOUR_INDEX, DICE_PER_COLOUR
from engine.components.cards import MISSION_CARDS
from engine.game import Game
from engine.invariants import check
from engine.ops import CELL_NAMES
from engine.space import parse_hex
from engine.state import PlacedMission, RavagerOnBoard, Strip
from tests.engine.helpers import dice, fresh, refresh

# Seats in the scenarios: the rulebook's players.
MADELINE, NOELLE, VALENTIN = 0, 1, 2

# The Space board used by every Space scenario: strips 1-7 in order, side 0.
# Hex map (row = axial r; a hex touches the two hexes beside it on its row
# and the hexes half a step left/right on the rows above and below):
#
#  0                 1C:y^    1D:r1    1E:g
#  1             1B:a     2C:g*    2D:a     2E:o^
#  2         1A:o*    2B:y     3C:a     3D:o*    3E:r1
#  3             2A:r2    3B:g    [4C:o]    4D:y*    4E:r2
#  4                 3A:y^    4B:g^    5C:y^    5D:o     5E:a
#  5                     4A:a     5B:r1    6C:a     6D:r2    6E:y^
#  6                         5A:g*    6B:o*    7C:g     7D:o*    7E:a
#  7                             6A:o     7B:y^
#  8                                 7A:r1
#
# o/y/g alien hex (orange/gray/green), * comet, ^ one Ravager icon in the card
# space, a asteroid field, r1/r2 Ravager-ship hex with 1/2 icons. The Black
# Angel is on 4C.
STRIPS = [(n, 0) for n in range(1, 8)]


# --------------------------------------------------------------------------- pulling components


def pull_mission(g: Game, card: int) -> int:
    s = g.state
    b = s.board
    piles = [*b.mission_decks, *b.mission_discards]
    for p in s.players:
        piles += [p.missions, *p.tucked]
    for pile in piles:
        if card in pile:
            pile.remove(card)
            return card
    for p in s.players:
        for i, played in enumerate(p.slots):
            if played is not None and played.kind == "mission" and played.card == card:
                p.slots[i] = None
                return card
    for strip in b.strips:
        for pos, placed in enumerate(strip.cards):
            if placed is not None and placed.card == card:
                strip.cards[pos] = None
                return card
    raise AssertionError(f"Mission card {card} is nowhere")


def pull_ravager(g: Game, card: int) -> int:
    s = g.state
    b = s.board
    for pile in [b.ravager_deck, b.ravager_discard, *(p.ravagers for p in s.players)]:
        if card in pile:
            pile.remove(card)
            return card
    for stack in b.ravagers:
        for r in stack:
            if r.card == card:
                assert not r.robots, "pull a Ravager card with robots on it by hand"
                stack.remove(r)
                return card
    for p in s.players:
        for i, played in enumerate(p.slots):
            if played is not None and played.kind == "ravager" and played.card == card:
                p.slots[i] = None
                return card
    raise AssertionError(f"Ravager card {card} is not in the game")


def pull_tile(g: Game, tile: int) -> int:
    s = g.state
    b = s.board
    piles = [*b.tech_stacks, b.tech_discard, b.advanced_deck]
    for p in s.players:
        piles += [p.ejected, p.advanced_overflow]
    for pile in piles:
        if tile in pile:
            pile.remove(tile)
            return tile
    rows = [b.display, b.advanced_slots]
    for p in s.players:
        rows += [p.grid, p.advanced_slots]
    for row in rows:
        if tile in row:
            row[row.index(tile)] = None
            return tile
    raise AssertionError(f"tile {tile} is nowhere")


def stack_top(g: Game, colour_index: int, *tiles: int) -> None:
    """Put tiles on top of a Technology stack, the last one on top."""
    for t in tiles:
        g.state.board.tech_stacks[colour_index].append(pull_tile(g, t))


def advanced_deck_top(g: Game, *tiles: int) -> None:
    for t in tiles:
        g.state.board.advanced_deck.append(pull_tile(g, t))


def set_advanced_slots(g: Game, *tiles: int) -> None:
    """The 4 Advanced Technology slots of the board; their old tiles go under the deck."""
    b = g.state.board
    for i, t in enumerate(b.advanced_slots):
        if t is not None:
            b.advanced_slots[i] = None
            b.advanced_deck.insert(0, t)
    for i, t in enumerate(tiles):
        b.advanced_slots[i] = pull_tile(g, t)


def ravager_deck_top(g: Game, *cards: int) -> None:
    """Put cards on top of the Ravager deck; the LAST one is drawn first."""
    for c in cards:
        g.state.board.ravager_deck.append(pull_ravager(g, c))


# --------------------------------------------------------------------------- the table


def table(players: int = 4, seed: int = 1, rules_version: int = RULES_VERSION) -> Game:
    """A game at seat 0's first turn, made plain: no damage, no Ravagers on the
    board, no Technology in the display, empty hands, empty grids, nothing in
    storage, the Space board STRIPS, no dice anywhere (all in the supply)."""
    g = fresh(players, seed, rules_version)
    s = g.state
    b = s.board
    b.damage = [0] * 6
    for stack in b.ravagers:
        for r in list(stack):
            b.ravager_deck.append(pull_ravager(g, r.card))
    for t in list(b.display):
        if t is not None:
            b.tech_discard.append(pull_tile(g, t))
    b.strips = [Strip(n, side) for n, side in STRIPS]
    b.spes_token = STRIPS[-1][0]
    for p in s.players:
        for m in list(p.missions):
            b.mission_discards[_mission_colour(m)].append(pull_mission(g, m))
        for r in list(p.ravagers):
            b.ravager_discard.append(pull_ravager(g, r))
        for t in list(p.grid):
            if t is not None:
                b.tech_discard.append(pull_tile(g, t))
        p.resources = p.debris = p.ships = 0
    set_dice(g, {})
    refresh(g)
    return g


def _mission_colour(card: int) -> int:
    return COLOUR_INDEX[MISSION_CARDS[card].colour]


def set_dice(g: Game, standard: dict[int, str], secure: dict[int, str] | None = None) -> None:
    """Every die back to the supply, then these dice (codes "o3 y0") to these seats."""
    s = g.state
    b = s.board
    n = s.options.players
    b.supply = [DICE_PER_COLOUR[n]] * 3
    b.supply_damaged = [0, 0, 0]
    for p in s.players:
        p.standard, p.secure = [], []
    for area, wanted in (("standard", standard), ("secure", secure or {})):
        for seat, codes in wanted.items():
            for d in dice(*codes.split()):
                c = COLOUR_INDEX[d.colour]
                assert b.supply[c] > 0, "not enough dice of that colour"
                b.supply[c] -= 1
                getattr(s.players[seat], area).append(d)


def damage_supply_die(g: Game, colour_index: int) -> None:
    b = g.state.board
    b.supply[colour_index] -= 1
    b.supply_damaged[colour_index] += 1


def give_missions(g: Game, seat: int, *cards: int) -> None:
    g.state.players[seat].missions += [pull_mission(g, c) for c in cards]


def give_ravagers(g: Game, seat: int, *cards: int) -> None:
    g.state.players[seat].ravagers += [pull_ravager(g, c) for c in cards]


def ravagers_at(g: Game, location: int, *cards: int) -> None:
    """Put Ravager cards on a location, the last one on top."""
    for c in cards:
        g.state.board.ravagers[location - 1].append(RavagerOnBoard(pull_ravager(g, c)))


def set_grid(g: Game, seat: int, cells: dict[str, int | None]) -> None:
    """cells: {"A1": tile, ...}; tiles come from wherever they are."""
    p = g.state.players[seat]
    for name, tile in cells.items():
        i = CELL_NAMES.index(name)
        old = p.grid[i]
        if old is not None:
            p.grid[i] = None
            g.state.board.tech_discard.append(old)
        if tile is not None:
            p.grid[i] = pull_tile(g, tile)


def place_card(g: Game, hex_name: str, card: int, owner: int, ships: tuple[int, ...] = ()) -> None:
    """A Mission card in Space with the owner's robot on its reward (taken from
    the owner's supply) and ships (pilots from their supplies)."""
    h = parse_hex(hex_name)
    assert h is not None
    strip = g.state.board.strips[h[0]]
    strip.cards[h[1]] = PlacedMission(pull_mission(g, card), owner)
    g.state.players[owner].robots_supply -= 1
    for seat in ships:
        put_ship(g, hex_name, seat)


def put_ship(g: Game, hex_name: str, seat: int) -> None:
    """A ship of the seat in Space (its pilot from the seat's supply)."""
    h = parse_hex(hex_name)
    assert h is not None
    g.state.board.strips[h[0]].ships[h[1]].append(seat)
    g.state.players[seat].robots_supply -= 1


def turn_of(g: Game, seat: int) -> None:
    """Make it the start of this seat's turn."""
    s = g.state
    s.current = seat
    s.turn = {}
    s.frames = [{"k": "turn", "seat": seat}]
    refresh(g)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def ok(g: Game) -> None:
    """The engine's own invariants still hold."""
    check(g)
