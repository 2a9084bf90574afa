"""Shared mechanics: gaining and spending things, damage, drawing cards,
the display, the grid and Space. Rule modules call these; none asks a question."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import (
    ACTIONS,
    COLOUR_INDEX,
    DISPLAY_SPACES,
    MAX_DAMAGE,
    MAX_RAVAGERS_PER_LOCATION,
    MIDDLE,
    MISSION_CARDS,
    RAVAGER_CARDS,
    SPES_HEX,
    STRIP_SIDES,
    TILES,
    Bundle,
    DieColour,
    HexKind,
    HexSpec,
    TileKind,
    bundle_text,
)
from engine.rules_version import ravager_arrival_stops_when_every_location_is_full
from engine.space import Hex, hex_name, neighbours, reachable
from engine.state import Board, Player, RavagerOnBoard
from engine.words import a, plural

if TYPE_CHECKING:
    from engine.game import Game

CELL_NAMES = tuple(f"{'ABC'[i % 3]}{i // 3 + 1}" for i in range(9))
SLOT_NAMES = ("row1", "row2", "row3", "colA", "colB", "colC")


def slot_cells(slot: int) -> tuple[int, int, int]:
    """The grid cells a card in this slot activates (rows left, columns below)."""
    if slot < 3:
        return (slot * 3, slot * 3 + 1, slot * 3 + 2)
    c = slot - 3
    return (c, c + 3, c + 6)


# --------------------------------------------------------------------------- players


def player(g: Game, seat: int) -> Player:
    return g.state.players[seat]


def lose_vp(g: Game, seat: int, n: int, why: str) -> None:
    p = player(g, seat)
    lost = min(n, p.vp)  # R1: a score never goes below 0
    p.vp -= lost
    if n:
        g.log("vp_lost", loss_text(g.name(seat), n, lost, why), seat, amount=lost, due=n)


def loss_text(name: str, due: int, lost: int, why: str) -> str:
    """What really happened: a loss clamped at 0 VP (R1) says what was lost."""
    if lost == due:
        return f"{name} loses {lost} VP ({why})."
    if lost == 0:
        return f"{name} would lose {due} VP ({why}) but has no VP left to lose."
    return f"{name} loses {lost} VP ({why}; {due} were due, but a score cannot go below 0)."


def gain(g: Game, seat: int, b: Bundle, why: str = "") -> None:
    """Take VP, ships, resources, robots and debris from the supply."""
    p = player(g, seat)
    p.vp += b.vp
    p.ships += b.ships
    p.resources += b.resources
    p.debris += b.debris
    robots = min(b.robots, p.robots_supply)  # R4: none left means nothing gained
    p.robots_supply -= robots
    p.break_room += robots
    got = b.counts()
    if "robots" in got:
        got["robots"] = robots
    parts = [bundle_text(Bundle(**got))] if any(got.values()) else []
    if parts:
        g.log("gain", f"{g.name(seat)} gains {', '.join(parts)}{f' ({why})' if why else ''}.", seat)


def can_pay(p: Player, cost: Bundle) -> bool:
    return payable_times(p, cost, 1) > 0


def payable_times(p: Player, cost: Bundle, most: int, owed: int = 0) -> int:
    """How many times, up to `most`, the player's storage pays `cost` (a
    Mission card's activation); `owed`: resources already promised (a die
    still to be bought). The bots count this in every judgement: kept lean."""
    n = most
    for have, need in _stock(p, cost, owed):
        if need:
            n = min(n, have // need)
    return n


def scarcest_stock(p: Player, cost: Bundle, owed: int = 0, whose: str = "your") -> str:
    """What runs out first when `cost` is paid again and again, in words:
    '1 robot in your break room', 'no Ravager card in hand' (`whose`: 'their'
    in a log line everyone reads)."""
    have, _, (one, many) = min(
        (
            (have, need, words)
            for (have, need), words in zip(_stock(p, cost, owed), _STOCK_WORDS, strict=True)
            if need
        ),
        key=lambda part: part[0] // part[1],
    )
    if owed and one == "resource":
        one, many = (w + " once the die is paid for" for w in (one, many))
    one, many = (w.replace("your ", f"{whose} ") for w in (one, many))
    if have == 0:
        return f"no {one}"
    return f"{have} {one if have == 1 else many}"


def _stock(p: Player, cost: Bundle, owed: int) -> tuple[tuple[int, int], ...]:
    """(what the player has, what one payment takes) for each part of a cost,
    in `_STOCK_WORDS`' order. Technology is counted only when the cost asks
    for it: the count walks the grid."""
    return (
        (spendable_tech_count(p) if cost.tech else 0, cost.tech),
        (p.resources - owed, cost.resources),
        (p.ships, cost.ships),
        (p.break_room, cost.robots),  # R4: robots are spent from the break room
        (p.debris, cost.debris),
        (len(p.missions), cost.missions),
        (len(p.ravagers), cost.ravagers),
    )


_STOCK_WORDS = (
    ("Technology tile to spend", "Technology tiles to spend"),
    ("resource", "resources"),
    ("ship", "ships"),
    ("robot in your break room", "robots in your break room"),
    ("debris", "debris"),
    ("Mission card in hand", "Mission cards in hand"),
    ("Ravager card in hand", "Ravager cards in hand"),
)


def spendable_tech_count(p: Player) -> int:
    in_grid = sum(1 for t in p.grid if t is not None and TILES[t].kind is not TileKind.ADVANCED)
    return in_grid + len(p.ejected)


def debris_to_storage(p: Player) -> int:
    """The debris on the player's Technology tiles goes back to their storage
    (Sequence B's reset, B.2, and the end of the game): how many moved."""
    moved = sum(p.grid_debris)
    p.debris += moved
    p.grid_debris = [False] * 9
    return moved


def robot_to_workstation(g: Game, seat: int, colour: DieColour, why: str = "") -> None:
    """`why`: what moves it, as gains say it ("tile C2")."""
    p = player(g, seat)
    c = COLOUR_INDEX[colour]
    p.break_room -= 1
    p.workstations[c] += 1
    g.log(
        "robot",
        f"{g.name(seat)} moves a robot from the break room to the {colour} workstation"
        f"{f' ({why})' if why else ''}.",
        seat,
    )
    neutral = g.state.neutral
    if neutral is not None and neutral.workstations[c]:
        # R16: a player's robot in a workstation sends the neutral robot there out of the game.
        neutral.workstations[c] = False
        g.log("neutral", f"The neutral robot leaves the {colour} workstation.")


# --------------------------------------------------------------------------- damage


def place_damage(g: Game, location: int) -> bool:
    """A damage cube on an action; past 2, on a die of that colour in the
    supply; if none can take it, nothing. Returns whether a cube was placed."""
    b = g.state.board
    if b.damage[location - 1] < MAX_DAMAGE:
        b.damage[location - 1] += 1
        g.log("damage", f"Action {location} takes a damage cube.", location=location)
        return True
    colour = ACTIONS[location][1]
    # Rulebook "Ravagers appear": an action holds at most 2 cubes; the cube goes
    # to a die of the action's colour in the supply, and the log says why.
    if damage_die(g, colour, f"Action {location} already has 2 damage cubes"):
        return True
    # Rulebook "Ravagers appear": no undamaged die of the colour in the supply
    # either, so the damage is ignored; the log says so rather than nothing.
    g.log(
        "damage_ignored",
        f"Action {location} already has 2 damage cubes and no undamaged {colour} die is "
        "in the supply: the damage is ignored.",
        location=location,
    )
    return False


def damage_die(g: Game, colour: DieColour, why: str = "") -> bool:
    """A damage cube on an undamaged die of that colour in the supply; `why`
    (a clause) says why a cube meant for an action lands there instead."""
    b = g.state.board
    c = COLOUR_INDEX[colour]
    if b.supply[c] > 0:
        b.supply[c] -= 1
        b.supply_damaged[c] += 1
        die = f"{a(colour)} die in the supply is damaged"
        text = f"{why}: {die} instead." if why else f"{die.capitalize()}."
        g.log("damage", text, colour=colour.value)
        return True
    return False


# --------------------------------------------------------------------------- cards


def draw_mission(g: Game, colour: DieColour) -> int | None:
    b = g.state.board
    c = COLOUR_INDEX[colour]
    if not b.mission_decks[c] and b.mission_discards[c]:
        b.mission_decks[c] = b.mission_discards[c]
        b.mission_discards[c] = []
        g.shuffle(b.mission_decks[c])
        g.log("reshuffle", f"The {colour} Mission discards are shuffled into a new deck.")
    return b.mission_decks[c].pop() if b.mission_decks[c] else None


def discard_mission(g: Game, card: int) -> None:
    g.state.board.mission_discards[COLOUR_INDEX[MISSION_CARDS[card].colour]].append(card)


_MISSION_LABELS = tuple(
    f"{m.colour.value.title()} {m.kind.value} #{m.id}: {m.text}" for m in MISSION_CARDS
)


def mission_label(card: int) -> str:
    """The whole card: colour, kind, number and text."""
    return _MISSION_LABELS[card]


def mission_short(card: int) -> str:
    """'Orange activation #12' (a button's worth)."""
    m = MISSION_CARDS[card]
    return f"{m.colour.value.title()} {m.kind.value} #{m.id}"


def draw_ravager(g: Game) -> int | None:
    s = g.state
    b = s.board
    if not b.ravager_deck:
        _reshuffle_ravagers(g)
    if not b.ravager_deck:
        return None
    card = b.ravager_deck.pop()
    if not b.ravager_deck:
        # R9: the deck running out during a Sequence A triggers the end (first time only).
        if s.turn.get("seq") == "A":
            trigger_end(g, "ravagers")
        _reshuffle_ravagers(g)
    return card


def _reshuffle_ravagers(g: Game) -> None:
    b = g.state.board
    if b.ravager_discard:
        b.ravager_deck = b.ravager_discard
        b.ravager_discard = []
        g.shuffle(b.ravager_deck)
        g.log("reshuffle", "The Ravager discards are shuffled into a new deck.")


def location_full(b: Board, location: int) -> bool:
    """A Ravager location (1-6) already holds as many cards as it can."""
    return len(b.ravagers[location - 1]) >= MAX_RAVAGERS_PER_LOCATION


def ravagers_appear_around(g: Game, h: Hex) -> None:
    """The Ravagers a card placed on `h` attracts (rulebook, Command Your
    Ships step 3), said with the icons that call them, for a player or Hal."""
    icons = visible_icons_around(g, h)
    if icons:
        g.log(
            "ravagers_appear",
            f"{plural(icons, 'Ravager icon')} around {hex_name(h)}: "
            f"{'a Ravager appears' if icons == 1 else 'Ravagers appear'}.",
        )
    ravagers_appear(g, icons)


def ravagers_appear(g: Game, n: int) -> None:
    """Up to `n` Ravager arrivals (one per icon), stopping once none can appear."""
    for _ in range(n):
        if not ravager_arrives(g):
            break  # every location is full (rules version 3)


def ravager_arrives(g: Game) -> bool:
    """Draw a Ravager card and place it at its location, with 1 damage; a full
    location (3 cards) discards it and the next card is drawn instead. False
    when no Ravager could appear, nor can any more (rules version 3)."""
    b = g.state.board
    stops = ravager_arrival_stops_when_every_location_is_full(g.state.options)
    # Version 3 stops when no card can be placed, so it may go through the deck
    # and then its reshuffled discards: two passes at most.
    for _ in range(len(RAVAGER_CARDS) * (2 if stops else 1) + 1):
        if stops and all(
            location_full(b, RAVAGER_CARDS[c].location)
            for c in (*b.ravager_deck, *b.ravager_discard)
        ):
            _no_ravager_can_appear(g)
            return False
        card = draw_ravager(g)
        if card is None:
            return True
        loc = RAVAGER_CARDS[card].location
        if location_full(b, loc):
            b.ravager_discard.append(card)
            g.log(
                "ravager_discarded",
                f"A Ravager for action {loc} is discarded: it already has "
                f"{MAX_RAVAGERS_PER_LOCATION} Ravagers.",
                card=card,
            )
            continue
        from engine.ravagers import ravager_text  # ravagers.py imports this module

        b.ravagers[loc - 1].append(RavagerOnBoard(card))
        # Its effect, now the one on top there, is what the next user of the
        # action meets (A.2): said when it arrives, not only on the options.
        g.log(
            "ravager",
            f"A Ravager attacks action {loc} (on top there: {ravager_text(card)}).",
            card=card,
            location=loc,
        )
        place_damage(g, loc)
        return True
    return True


def _no_ravager_can_appear(g: Game) -> None:
    """Rules version 3 (engine/READINGS.md 18): every card left attacks a full
    location. Those still in the deck are drawn and discarded, as at the table
    (the deck running out during a Sequence A still triggers the end), and the
    discards are not reshuffled: they would only be discarded again."""
    b = g.state.board
    drawn = len(b.ravager_deck)
    if drawn:
        b.ravager_discard += reversed(b.ravager_deck)
        b.ravager_deck = []
        if g.state.turn.get("seq") == "A":
            trigger_end(g, "ravagers")
    g.log(
        "ravagers_blocked",
        "No Ravager can appear: every Ravager card left attacks an action that already has 3"
        + (f" ({drawn} drawn and discarded)." if drawn else "."),
        drawn=drawn,
    )


def trigger_end(g: Game, why: str) -> None:
    s = g.state
    if s.end_trigger is None:
        s.end_trigger = why
        s.last_round = s.round + 1  # R10: finish this round, then one final round
        text = {
            "spes": "The Black Angel has reached Spes!",
            "ravagers": "The Ravager deck has run out!",
        }[why]
        g.log("end_triggered", f"{text} This round is finished, then one final round is played.")


# --------------------------------------------------------------------------- display


def inject_display(g: Game, tile: int) -> None:
    """A new tile enters display space 1 and pushes the adjacent run on (R7)."""
    display = g.state.board.display
    carry: int | None = tile
    for i in range(DISPLAY_SPACES):
        carry, display[i] = display[i], carry
        if carry is None:
            break
    if carry is not None:
        g.state.board.tech_discard.append(carry)
        g.log(
            "tile_discarded",
            f"A tile is pushed out of the display and discarded: {_display_side(g, carry)}.",
            tile=carry,
        )


def _display_side(g: Game, tile: int) -> str:
    """A display tile by the side it shows, as the Discover log names it:
    'gray tile (gain 1 VP)' (face up: public)."""
    from engine.describe import enters_boost_side_up, tile_side_text

    return tile_side_text(tile, enters_boost_side_up(g, tile))


def tiles_appear(g: Game, colours: tuple[DieColour, ...]) -> None:
    stacks = g.state.board.tech_stacks
    for colour in colours:
        stack = stacks[COLOUR_INDEX[colour]]
        if stack:
            tile = stack.pop()
            inject_display(g, tile)
            g.log(
                "tile_appears",
                f"A new tile enters the display: {_display_side(g, tile)}.",
                tile=tile,
            )


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


def passable(g: Game, h: Hex) -> bool:
    """Ships never enter an asteroid field, except the Black Angel's own hex."""
    return hex_spec(g, h).kind is not HexKind.ASTEROID or h == ba_hex(g)


def can_stop(g: Game, h: Hex, seat: int) -> bool:
    ships = ships_at(g, h)
    return passable(g, h) and len(ships) < 2 and seat not in ships  # R6


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


def move_ship(g: Game, seat: int, src: Hex | None, dst: Hex) -> None:
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
        g.log("ship_moves", f"{g.name(seat)}'s ship moves from {where} to {hex_name(dst)}.", seat)
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
