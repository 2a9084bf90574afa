"""The four Black Angel actions: Discover, Repair, Destroy, Command Your Ships."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import (
    COLOUR_BY_LETTER,
    COLOUR_INDEX,
    COLOURS,
    DISPLAY_COST,
    MISSION_CARDS,
    REWARD_BUNDLES,
    TILES,
    DieColour,
    HexKind,
    TileKind,
)
from engine.decision import Option
from engine.handlers import Frame, Handler, handler
from engine.ops import (
    CELL_NAMES,
    gain,
    hex_spec,
    mission_label,
    move_label,
    move_ship,
    player,
    ravager_arrives,
    ship_hexes,
    ship_moves,
    tiles_appear,
    visible_icons_around,
)
from engine.rules_version import zero_die_commands_only
from engine.space import Hex, hex_name, parse_hex
from engine.state import PlacedMission, Player
from engine.tiles import activatable_cell, tile_text

if TYPE_CHECKING:
    from engine.game import Game

# --------------------------------------------------------------------------- Discover

ADVANCED_COST = 2


@handler
class Discover(Handler):
    kind = "discover"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Discover Technology: {f['left']} activation(s) left. Take a tile or stop."

    def options(self, g: Game, f: Frame) -> list[Option]:
        b = g.state.board
        left = f["left"]
        opts = [
            Option(
                f"display:{i + 1}",
                f"Display space {i + 1} (cost {DISPLAY_COST[i]}): {tile_text(t)}",
            )
            for i, t in enumerate(b.display)
            if t is not None and DISPLAY_COST[i] <= left
        ]
        if left >= ADVANCED_COST:
            opts += [
                Option(f"advanced:{i + 1}", f"Advanced slot {i + 1} (cost 2): {tile_text(t)}")
                for i, t in enumerate(b.advanced_slots)
                if t is not None
            ]
        return opts + [Option("done", "Take no more tiles")]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            return
        seat = f["seat"]
        b = g.state.board
        where, _, n = option.partition(":")
        i = int(n) - 1
        if where == "display":
            tile, cost = b.display[i], DISPLAY_COST[i]
            b.display[i] = None  # taken tiles leave a hole
        else:
            tile, cost = b.advanced_slots[i], ADVANCED_COST
            b.advanced_slots[i] = b.advanced_deck.pop() if b.advanced_deck else None
        assert tile is not None
        g.log(
            "discover", f"{g.name(seat)} takes {tile_text(tile)} from {where} {n}.", seat, tile=tile
        )
        if f["left"] - cost > 0:
            g.push("discover", seat=seat, left=f["left"] - cost)
        g.push("inject", seat=seat, tile=tile)


def arrows(tile: int) -> list[tuple[str, str, list[int]]]:
    """(id, label, cells from the entry cell on) for each arrow this tile may use.
    Colour arrows: each row from the right, each column from the top; black
    arrows (Advanced Technology): the middle row and middle column (COMPONENTS.md 4)."""
    rows = [
        (f"row{r + 1}", f"Row {r + 1}, from the right", [r * 3 + 2, r * 3 + 1, r * 3])
        for r in range(3)
    ]
    cols = [
        (f"col{'ABC'[c]}", f"Column {'ABC'[c]}, from the top", [c, c + 3, c + 6]) for c in range(3)
    ]
    if TILES[tile].kind is TileKind.ADVANCED:
        return [rows[1], cols[1]]
    return rows + cols


def inject_grid(g: Game, p: Player, tile: int, cells: list[int]) -> int | None:
    """Push the tile in; the run of adjacent tiles shifts on, an empty cell
    absorbs the push, the tile pushed off the edge is returned (R7). In the
    advanced rules Technology tiles go in boost side up."""
    carry: int | None = tile
    carry_debris = False
    carry_boost = g.state.options.advanced and TILES[tile].kind is TileKind.TECHNOLOGY
    for cell in cells:
        carry, p.grid[cell] = p.grid[cell], carry
        carry_debris, p.grid_debris[cell] = p.grid_debris[cell], carry_debris
        carry_boost, p.grid_boost[cell] = p.grid_boost[cell], carry_boost
        if carry is None:
            return None
    if carry_debris:
        p.debris += 1  # debris on an ejected tile goes back to storage
    return carry


@handler
class Inject(Handler):
    kind = "inject"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Inject {tile_text(f['tile'])} into your grid: choose an arrow."

    def options(self, g: Game, f: Frame) -> list[Option]:
        return [Option(f"arrow:{aid}", label) for aid, label, _ in arrows(f["tile"])]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        p = player(g, seat)
        aid = option.partition(":")[2]
        cells = next(c for a, _, c in arrows(f["tile"]) if a == aid)
        ejected = inject_grid(g, p, f["tile"], cells)
        g.log(
            "inject",
            f"{g.name(seat)} injects {tile_text(f['tile'])} into {aid}.",
            seat,
            tile=f["tile"],
        )
        if ejected is None:
            return
        g.log(
            "eject",
            f"{g.name(seat)} ejects {tile_text(ejected)} from the grid.",
            seat,
            tile=ejected,
        )
        if TILES[ejected].kind is TileKind.ADVANCED:
            if None in p.advanced_slots:
                g.push("advanced_slot", seat=seat, tile=ejected)
            else:
                p.advanced_overflow.append(ejected)
        else:
            p.ejected.append(ejected)


@handler
class AdvancedSlot(Handler):
    kind = "advanced_slot"
    auto_single = True

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Place the ejected {tile_text(f['tile'])} beside one of your Mission colours."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        return [
            Option(
                f"slot:{c.letter}",
                f"{c.value.title()} slot (cap 4 + 2 per {c} card tucked: now {4 + 2 * len(p.tucked[i])})",
            )
            for i, c in enumerate(COLOURS)
            if p.advanced_slots[i] is None
        ]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        c = COLOUR_INDEX[COLOUR_BY_LETTER[option.partition(":")[2]]]
        player(g, seat).advanced_slots[c] = f["tile"]
        g.log(
            "advanced_slot",
            f"{g.name(seat)} places an Advanced Technology tile in the {COLOURS[c]} slot.",
            seat,
        )


# --------------------------------------------------------------------------- Repair


@handler
class Repair(Handler):
    kind = "repair"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Repair: {f['left']} activation(s) left. Remove a damage cube or stop."

    def options(self, g: Game, f: Frame) -> list[Option]:
        b = g.state.board
        opts = [
            Option(f"action:{n + 1}", f"Remove a cube from action {n + 1}")
            for n, d in enumerate(b.damage)
            if d > 0
        ]
        opts += [
            Option(f"die:{c.letter}", f"Remove the cube from a damaged {c} die")
            for i, c in enumerate(COLOURS)
            if b.supply_damaged[i] > 0
        ]
        return opts + [Option("done", "Repair no more")] if f["left"] > 0 else []

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            return
        seat = f["seat"]
        b = g.state.board
        where, _, arg = option.partition(":")
        if where == "action":
            b.damage[int(arg) - 1] -= 1
            what = f"action {arg}"
        else:
            c = COLOUR_INDEX[COLOUR_BY_LETTER[arg]]
            b.supply_damaged[c] -= 1
            b.supply[c] += 1
            what = f"a {COLOURS[c]} die"
        g.log("repair", f"{g.name(seat)} repairs {what}; the cube becomes debris.", seat)
        if f["left"] > 1:
            g.push("repair", seat=seat, left=f["left"] - 1)
        g.push("place_debris", seat=seat)


@handler
class PlaceDebris(Handler):
    kind = "place_debris"

    def prompt(self, g: Game, f: Frame) -> str:
        return "Place the debris: in storage, or on a tile's lightning space to activate it now."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = [Option("storage", "Into your debris storage")]
        for cell in range(9):
            if not p.grid_debris[cell] and activatable_cell(p, cell, None):
                t = p.grid[cell]
                opts.append(
                    Option(f"tile:{CELL_NAMES[cell]}", f"On {CELL_NAMES[cell]}: {tile_text(t)}")
                )
        return opts

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        p = player(g, seat)
        if option == "storage":
            p.debris += 1
            return
        cell = CELL_NAMES.index(option.partition(":")[2])
        p.grid_debris[cell] = True
        g.log(
            "debris_on_tile",
            f"{g.name(seat)} puts the debris on {CELL_NAMES[cell]} and activates it.",
            seat,
        )
        g.push("tile", seat=seat, cell=cell)


# --------------------------------------------------------------------------- Destroy


@handler
class Destroy(Handler):
    kind = "destroy"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Destroy Ravagers: {f['left']} activation(s) left. All cards at a location go together."

    def options(self, g: Game, f: Frame) -> list[Option]:
        left = f["left"]
        opts = [
            Option(f"location:{n + 1}", f"Destroy the {len(stack)} Ravager(s) at location {n + 1}")
            for n, stack in enumerate(g.state.board.ravagers)
            if 0 < len(stack) <= left
        ]
        return opts + [Option("done", "Destroy no more")] if left > 0 else []

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            return
        seat = f["seat"]
        loc = int(option.partition(":")[2])
        stack = g.state.board.ravagers[loc - 1]
        g.state.board.ravagers[loc - 1] = []
        for rav in stack:
            for owner in rav.robots:
                player(g, owner).break_room += 1  # R4: freed robots return to the break room
            player(g, seat).ravagers.append(rav.card)
        g.log(
            "destroy",
            f"{g.name(seat)} destroys {len(stack)} Ravager(s) at location {loc}.",
            seat,
            location=loc,
        )
        if f["left"] - len(stack) > 0:
            g.push("destroy", seat=seat, left=f["left"] - len(stack))


# --------------------------------------------------------------------------- Command


def placeable(g: Game, seat: int, h: Hex, colour: DieColour, robots_needed: int = 1) -> bool:
    """A Mission card of the die's colour can go on this hex (R6: one card per hex)."""
    spec = hex_spec(g, h)
    p = player(g, seat)
    return (
        spec.kind is HexKind.ALIEN
        and spec.colour is colour
        and g.state.board.strips[h[0]].cards[h[1]] is None
        and p.break_room >= robots_needed
        and any(MISSION_CARDS[m].colour is colour for m in p.missions)
    )


def command_moves(
    g: Game, seat: int, value: int, colour: DieColour, star: bool | None = None
) -> list[tuple[Hex | None, Hex]]:
    """`value`: hexes the ship may move (after damage); `star`: the die shows
    a star (default: value 0).

    Rules version 2 (R18): a die worth 0 for this action (a star, or a 1 on
    a damaged action) moves no ship and launches none; it places a card on
    the hex under one of the seat's ships already in Space.

    Version 1: only a star die must place a card (and may launch a ship onto
    the Black Angel's hex, reading 4); a die that a damaged action brings to
    0 just moves nothing."""
    if value == 0 and zero_die_commands_only(g.state.options):
        return [(h, h) for h in ship_hexes(g, seat) if placeable(g, seat, h, colour)]
    p = player(g, seat)
    launch = p.ships > 0 and p.break_room > 0
    moves = ship_moves(g, seat, value, launch)
    if star is None:
        star = value == 0
    if star:
        # Version 1: a star die moves nothing and must place a card (reading 4).
        moves = [
            (src, dst)
            for src, dst in moves
            if src == dst or src is None
            if placeable(g, seat, dst, colour, 2 if src is None else 1)
        ]
    return moves


@handler
class Command(Handler):
    kind = "command"

    def prompt(self, g: Game, f: Frame) -> str:
        if f["value"] == 0 and zero_die_commands_only(g.state.options):
            return (
                "Command Your Ships with a die worth 0: no ship moves; place a "
                f"{f['colour']} Mission card under one of your ships."
            )
        return (
            f"Command Your Ships: move one ship up to {f['value']} hex(es) (or launch a new one)."
        )

    def options(self, g: Game, f: Frame) -> list[Option]:
        moves = command_moves(g, f["seat"], f["value"], DieColour(f["colour"]), _star(f))
        return [Option(*move_label(src, dst)) for src, dst in moves]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        verb, _, arg = option.partition(":")
        if verb == "launch":
            src, dst = None, parse_hex(arg)
        else:
            a, _, b = arg.partition("-")
            src, dst = parse_hex(a), parse_hex(b)
        assert dst is not None
        move_ship(g, seat, src, dst)
        g.push("place_mission", seat=seat, hex=list(dst), colour=f["colour"], must=_must(g, f))


def _star(f: Frame) -> bool:
    """Was the die a star? (Frames saved before "star" existed: value 0.)"""
    return bool(f.get("star", f["value"] == 0))


def _must(g: Game, f: Frame) -> bool:
    """Placing a card is compulsory with a die worth 0 (Command, note 3; R18);
    version 1: with a star die only."""
    if zero_die_commands_only(g.state.options):
        return f["value"] == 0
    return _star(f)


@handler
class PlaceMission(Handler):
    kind = "place_mission"
    secret = True

    def prompt(self, g: Game, f: Frame) -> str:
        h = tuple(f["hex"])
        return f"Place a {f['colour']} Mission card on {hex_name(h)}?"

    def options(self, g: Game, f: Frame) -> list[Option]:
        seat = f["seat"]
        h = (f["hex"][0], f["hex"][1])
        colour = DieColour(f["colour"])
        opts = []
        if placeable(g, seat, h, colour):
            opts = [
                Option(f"card:{m}", f"Place {mission_label(m)}")
                for m in player(g, seat).missions
                if MISSION_CARDS[m].colour is colour
            ]
        if not f["must"]:
            opts.append(Option("skip", "Place no card"))
        return opts

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "skip":
            return
        seat = f["seat"]
        h = (f["hex"][0], f["hex"][1])
        card = int(option.partition(":")[2])
        place_mission(g, seat, h, card)


def place_mission(g: Game, seat: int, h: Hex, card: int) -> None:
    p = player(g, seat)
    m = MISSION_CARDS[card]
    p.missions.remove(card)
    g.state.board.strips[h[0]].cards[h[1]] = PlacedMission(card, seat)
    p.break_room -= 1  # the robot on the reward
    g.log(
        "mission_placed",
        f"{g.name(seat)} places {mission_label(card)} on {hex_name(h)}.",
        seat,
        card=card,
        hex=hex_name(h),
    )
    reward = REWARD_BUNDLES[m.reward]
    gain(g, seat, reward, "Mission reward")
    icons = visible_icons_around(g, h)
    if icons:
        g.log("ravagers_appear", f"{icons} Ravager icon(s) around {hex_name(h)}: Ravagers appear.")
    for _ in range(icons):
        ravager_arrives(g)
    tiles_appear(g, m.tiles)
