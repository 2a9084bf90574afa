"""The four Black Angel actions: Discover, Repair, Destroy, Command Your Ships."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import with_stop
from engine.components import (
    ACTION_NAMES,
    ACTIONS,
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
from engine.describe import (
    display_tile_text,
    hex_short,
    hex_text,
    ravagers_on_placing,
    reward_text,
    tile_shown,
)
from engine.handlers import Frame, Handler, handler
from engine.ops import (
    CELL_NAMES,
    gain,
    hex_spec,
    mission_label,
    mission_short,
    move_label,
    move_ship,
    player,
    ravager_arrives,
    ship_hexes,
    ship_moves,
    tiles_appear,
    visible_icons_around,
)
from engine.ravagers import ravager_text
from engine.rules_version import no_question_without_choice, zero_die_commands_only
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
                f"Display {i + 1} (cost {DISPLAY_COST[i]}): {_tile_short(t)}",
                f"Display space {i + 1} (cost {DISPLAY_COST[i]}): {display_tile_text(g, t)}",
                (f"display:{i + 1}",),
            )
            for i, t in enumerate(b.display)
            if t is not None and DISPLAY_COST[i] <= left
        ]
        if left >= ADVANCED_COST:
            opts += [
                Option(
                    f"advanced:{i + 1}",
                    f"Advanced slot {i + 1} (cost 2): {_tile_short(t)}",
                    f"Advanced slot {i + 1} (cost 2): {tile_text(t)}",
                    (f"advanced:{i + 1}",),
                )
                for i, t in enumerate(b.advanced_slots)
                if t is not None
            ]
        return with_stop(g, Option("done", "Take no more tiles"), opts)

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


def _tile_short(tile: int) -> str:
    t = TILES[tile]
    if t.kind is TileKind.ADVANCED:
        return "Advanced " + t.advanced.value.replace("_", " ")
    if t.kind is TileKind.STARTING:
        return "Starting tile"
    return f"{t.colour} {t.effect.value.replace('_', ' ')}"


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


def arrow_effect(p: Player, cells: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    """What injecting along these cells does: (from cell, to cell) for each
    tile pushed on, and the tile pushed off the edge (R7)."""
    moved: list[tuple[int, int]] = []
    for k, cell in enumerate(cells):
        if p.grid[cell] is None:
            return moved, None
        if k + 1 < len(cells):
            moved.append((cell, cells[k + 1]))
    return moved, p.grid[cells[-1]]


def arrow_option(p: Player, aid: str, label: str, cells: list[int]) -> Option:
    moved, ejected = arrow_effect(p, cells)
    entry = CELL_NAMES[cells[0]]
    parts = [f"{label}: the tile lands on {entry}"]
    for src, dst in moved:
        parts.append(f"pushes {CELL_NAMES[src]} ({tile_shown(p, src)}) to {CELL_NAMES[dst]}")
    if ejected is not None:
        parts.append(f"EJECTS {CELL_NAMES[cells[-1]]} ({tile_shown(p, cells[-1])})")
    short = f"{label} → {entry}"
    if ejected is not None:
        short += f", ejects {CELL_NAMES[cells[-1]]} {_tile_short(ejected)}"
    elif moved:
        short += f", pushes {len(moved)}"
    return Option(
        f"arrow:{aid}",
        short,
        "; ".join(parts),
        (f"cell:{entry}",),
    )


@handler
class Inject(Handler):
    kind = "inject"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Inject {tile_text(f['tile'])} into your grid: choose an arrow."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = [arrow_option(p, aid, label, cells) for aid, label, cells in arrows(f["tile"])]
        if not no_question_without_choice(g.state.options):
            return opts
        # Two arrows onto the same empty cell leave the same grid: offer one.
        out: list[Option] = []
        seen: dict[str, int] = {}
        for o, (_, label, cells) in zip(opts, arrows(f["tile"]), strict=True):
            moved, ejected = arrow_effect(p, cells)
            if moved or ejected is not None:
                out.append(o)
                continue
            entry = CELL_NAMES[cells[0]]
            if entry not in seen:
                seen[entry] = len(out)
                out.append(o)
                continue
            first = out[seen[entry]]
            out[seen[entry]] = Option(
                first.id,
                first.label.replace(" →", f" (or {label[0].lower()}{label[1:]}) →", 1),
                first.detail.replace(":", f" (same as {label[0].lower()}{label[1:]}):", 1),
                first.marks,
            )
        return out

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
                f"{c.value.title()} slot (now worth {min(4, 2 * len(p.tucked[i]))} VP)",
                f"{c.value.title()} slot: at the end it scores 2 VP per {c} Mission card tucked "
                f"there, at most 4 (now {len(p.tucked[i])} tucked)",
                (f"aslot:{c.letter}",),
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
            Option(
                f"action:{n + 1}",
                f"Repair action {n + 1} ({d} cube{'s' if d > 1 else ''})",
                f"Remove a cube from action {n + 1}, {ACTION_NAMES[ACTIONS[n + 1][0]]} "
                f"({d} cube{'s' if d > 1 else ''}"
                + ("; damaged: −1 until repaired" if d >= 2 else "")
                + "); the cube becomes your debris",
                (f"action:{n + 1}",),
            )
            for n, d in enumerate(b.damage)
            if d > 0
        ]
        opts += [
            Option(
                f"die:{c.letter}",
                f"Repair a damaged {c} die",
                f"Remove the cube from a damaged {c} die in the supply "
                f"({b.supply_damaged[i]} damaged); the cube becomes your debris",
                (f"supply:{c.letter}",),
            )
            for i, c in enumerate(COLOURS)
            if b.supply_damaged[i] > 0
        ]
        return with_stop(g, Option("done", "Repair no more"), opts) if f["left"] > 0 else []

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
        opts = [
            Option(
                "storage", "Into your debris storage", f"Into your debris storage (now {p.debris})"
            )
        ]
        for cell in range(9):
            if not p.grid_debris[cell] and activatable_cell(p, cell, None):
                t = p.grid[cell]
                opts.append(
                    Option(
                        f"tile:{CELL_NAMES[cell]}",
                        f"On {CELL_NAMES[cell]}: {_tile_short(t)}",
                        f"On {CELL_NAMES[cell]}'s lightning space, activating it now: {tile_text(t)}",
                        (f"cell:{CELL_NAMES[cell]}",),
                    )
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
            Option(
                f"location:{n + 1}",
                f"Destroy {len(stack)} Ravager{'s' if len(stack) > 1 else ''} at action {n + 1}",
                f"Destroy the {len(stack)} Ravager{'s' if len(stack) > 1 else ''} at action {n + 1} "
                f"(costs {len(stack)} activation{'s' if len(stack) > 1 else ''}; the cards go to your hand"
                + (
                    f", {sum(len(r.robots) for r in stack)} robot(s) on them go home"
                    if any(r.robots for r in stack)
                    else ""
                )
                + f"; top effect: {ravager_text(stack[-1].card)})",
                (f"ravagers:{n + 1}",),
            )
            for n, stack in enumerate(g.state.board.ravagers)
            if 0 < len(stack) <= left
        ]
        return with_stop(g, Option("done", "Destroy no more"), opts) if left > 0 else []

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
        colour = DieColour(f["colour"])
        moves = command_moves(g, f["seat"], f["value"], colour, _star(f))
        if no_question_without_choice(g.state.options):
            # Ships that stay where no card can go all do nothing: offer one.
            idle = [m for m in moves if m[0] == m[1] and not placeable(g, f["seat"], m[1], colour)]
            moves = [m for m in moves if m not in idle[1:]]
        return [move_option(g, f["seat"], src, dst, colour) for src, dst in moves]

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


def move_option(
    g: Game, seat: int, src: Hex | None, dst: Hex, colour: DieColour | None = None
) -> Option:
    """A ship move with what awaits there: the hex, the card space, the Ravager
    icons a card would wake, and whether a card can be placed at all
    (`colour`: the Command die's colour; None for a tile's move)."""
    oid, label = move_label(src, dst)
    name = hex_name(dst)
    short = label.replace("Launch a new ship to", "Launch to").replace(
        "Keep your ship at", "Stay at"
    )
    short += f" ({hex_short(g, dst)})"
    detail = f"{label}: {hex_text(g, dst)}"
    if src is None:
        detail += "; a robot from your break room pilots it"
    if colour is not None and _free_space(g, dst, colour):
        # Only public facts: the Command decision is not secret, so nothing
        # here may tell what the player holds (R15).
        a = "an" if colour.value[0] in "aeiou" else "a"
        if src is None and player(g, seat).break_room < 2:
            detail += (
                f"; LAST ROBOT: it pilots the ship, so no {colour} card can be placed here "
                "(no robot left for the reward)"
            )
            short += " ⚠ last robot: no card"
        else:
            detail += (
                f"; free card space: placing {a} {colour} card here, {ravagers_on_placing(g, dst)}"
            )
    return Option(oid, short, detail, (f"hex:{name}",))


def _free_space(g: Game, h: Hex, colour: DieColour) -> bool:
    """An alien hex of this colour with no card yet (public facts only)."""
    spec = hex_spec(g, h)
    return (
        spec.kind is HexKind.ALIEN
        and spec.colour is colour
        and g.state.board.strips[h[0]].cards[h[1]] is None
    )


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
            name = hex_name(h)
            opts = [
                Option(
                    f"card:{m}",
                    f"Place {mission_short(m)} on {name}",
                    f"Place {mission_label(m)} on {name} (reward: {reward_text(m)}; "
                    f"{ravagers_on_placing(g, h)})",
                    (f"hex:{name}",),
                )
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
