"""The Black Angel actions Repair, Destroy and Command Your Ships (Discover: engine/discover.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import with_stop
from engine.components import (
    ACTION_NAMES,
    ACTIONS,
    COLOUR_BY_LETTER,
    COLOUR_INDEX,
    COLOURS,
    MISSION_CARDS,
    REWARD_BUNDLES,
    DieColour,
    HexKind,
)
from engine.decision import Option
from engine.describe import hex_short, hex_text, ravagers_on_placing, reward_text
from engine.discover import _tile_short
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
from engine.state import PlacedMission
from engine.tiles import activatable_cell, tile_text

if TYPE_CHECKING:
    from engine.game import Game


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
