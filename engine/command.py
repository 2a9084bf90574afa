"""Command Your Ships: moving or launching a ship in Space, and placing a
Mission card on the hex it reaches (its reward, the Ravagers it wakes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import DieColour
from engine.components.cards import MISSION_CARDS, REWARD_BUNDLES
from engine.components.strips import HexKind
from engine.decision import Option
from engine.describe import (
    hex_short,
    hex_text,
    ravagers_on_placing,
    reward_text,
    tiles_entering,
)
from engine.display import tiles_appear
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import mission_short
from engine.ops import gain, player
from engine.ravager_arrival import ravagers_appear_around
from engine.rules_version import no_question_without_choice, zero_die_commands_only
from engine.space import Hex, hex_name, parse_hex
from engine.space_board import (
    hex_spec,
    move_id,
    move_label,
    move_ship,
    robots_for_a_card,
    ship_hexes,
    ship_moves,
    space_layout,
)
from engine.state import PlacedMission
from engine.words import a, plural

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------------- Command


def placeable(g: Game, seat: int, h: Hex, colour: DieColour, robots_needed: int = 1) -> bool:
    """A Mission card of the die's colour can go on this hex (R6: one card per hex)."""
    p = player(g, seat)
    return (
        _free_space(g, h, colour)
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
    p = player(g, seat)
    if value == 0 and zero_die_commands_only(g.state.options):
        if p.break_room < 1 or not any(MISSION_CARDS[m].colour is colour for m in p.missions):
            return []  # no card could be placed anywhere (placeable)
        return [(h, h) for h in ship_hexes(g, seat) if placeable(g, seat, h, colour)]
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
            if placeable(g, seat, dst, colour, robots_for_a_card(launch=src is None))
        ]
    return moves


def command_usable(
    g: Game, seat: int, value: int, colour: DieColour, star: bool | None = None
) -> bool:
    """``bool(command_moves(...))``, without listing the moves: a ship
    already in Space may always stay where it is, unless the die must place
    a card (a die worth 0, R18; a star in version 1)."""
    if star is None:
        star = value == 0
    zero = value == 0 and zero_die_commands_only(g.state.options)
    if not star and not zero:
        strips = g.state.board.strips
        for strip in strips:  # a ship of the seat in Space (loops: no generator per call)
            for ships in strip.ships:
                if ships and seat in ships:
                    return True
        p = player(g, seat)
        if p.ships <= 0 or p.break_room <= 0:
            return False  # no ship in Space and none to launch
        layout = space_layout(g)
        return any(
            h not in layout.blocked and len(strips[h[0]].ships[h[1]]) < 2
            for h in layout.reach(layout.ba, value)
        )  # a launch (ship_moves' stop: the seat has no ship anywhere)
    return bool(command_moves(g, seat, value, colour, star))


@handler
class Command(Handler):
    kind = "command"

    def prompt(self, g: Game, f: Frame) -> str:
        if f["value"] == 0 and zero_die_commands_only(g.state.options):
            return (
                "Command Your Ships with a die worth 0: no ship moves; place a "
                f"{f['colour']} Mission card under one of your ships."
            )
        # Only the ways the seat has: "(or launch a new one)" with no ship in
        # storage or no pilot, "move one ship" with none in Space, misled.
        p = player(g, f["seat"])
        hexes = plural(f["value"], "hex", "hexes")
        launch = p.ships > 0 and p.break_room > 0
        if not ship_hexes(g, f["seat"]):
            return f"Command Your Ships: launch a new ship and move it up to {hexes}."
        if not launch:
            return f"Command Your Ships: move one of your ships up to {hexes}."
        return f"Command Your Ships: move one ship up to {hexes} (or launch a new one)."

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        colour = DieColour(f["colour"])
        moves = command_moves(g, f["seat"], f["value"], colour, _star(f))
        if not moves:
            return None  # resolve says why nothing moves
        if no_question_without_choice(g.state.options):
            # Ships that stay where no card can go all do nothing: offer one.
            idle = [m for m in moves if m[0] == m[1] and not placeable(g, f["seat"], m[1], colour)]
            if len(idle) > 1:
                extra = set(idle[1:])
                moves = [m for m in moves if m not in extra]
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

    def resolve(self, g: Game, f: Frame) -> None:
        # No ship can move (R2 checks before the action's Ravager, which may
        # take the robot a launch needed): said, or the log went from
        # "performs action 6 … with 3 activations" straight to the card draw.
        seat = f["seat"]
        p = player(g, seat)
        name = g.name(seat)
        if _must(g, f):
            why = f"{name} can place no {f['colour']} Mission card under a ship of theirs"
        elif ship_hexes(g, seat):
            why = f"none of {name}'s ships can move"
        elif p.break_room < 1:
            why = f"{name} has no ship in Space and no robot left in their break room to pilot one"
        elif p.ships < 1:
            why = f"{name} has no ship in Space and none in storage to launch"
        else:
            why = f"{name} has no ship in Space and no free hex in reach to launch one to"
        g.log("command_idle", f"{why[0].upper()}{why[1:]}: no ship moves.", seat)


def move_option(
    g: Game, seat: int, src: Hex | None, dst: Hex, colour: DieColour | None = None
) -> Option:
    """A ship move with what awaits there: the hex, the card space, the Ravager
    icons a card would wake, and whether a card can be placed at all
    (`colour`: the Command die's colour; None for a tile's move)."""
    oid = move_id(src, dst)
    return Option.lazy(oid, lambda: _move_words(g, seat, src, dst, colour))


def _move_words(
    g: Game, seat: int, src: Hex | None, dst: Hex, colour: DieColour | None
) -> tuple[str, str, tuple[str, ...]]:
    _, label = move_label(src, dst)
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
        robots = player(g, seat).break_room
        if robots >= robots_for_a_card(launch=src is None):
            # The hex's words already say "no card yet": one phrase for the empty space.
            detail += f"; if you place {a(colour)} card here, {ravagers_on_placing(g, dst)}"
        elif src is None:
            detail += (
                f"; LAST ROBOT: it pilots the ship, so no {colour} card can be placed here "
                "(no robot left for the reward)"
            )
            short += " ⚠ last robot: no card"
        else:
            # The reward's robot comes from the break room (rulebook A.2,
            # Command step 2): a ship already in Space arrives, no card follows.
            detail += (
                f"; no robot in your break room for the reward, so no {colour} card "
                "can be placed here"
            )
            short += " ⚠ no robot: no card"
    return short, detail, (f"hex:{name}",)


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
        return f"Place {a(f['colour'])} Mission card on {hex_name(h)}?"

    def options(self, g: Game, f: Frame) -> list[Option]:
        seat = f["seat"]
        h = (f["hex"][0], f["hex"][1])
        colour = DieColour(f["colour"])
        opts = []
        if placeable(g, seat, h, colour):
            name = hex_name(h)
            opts = [
                Option.lazy(
                    f"card:{m}",
                    lambda m=m: (
                        f"Place {mission_short(m)} on {name}",
                        # The hex before the card's text, which ends in a full stop;
                        # the reward's clause ends before the Ravagers, which are
                        # no part of it (Command steps 2-4).
                        f"Place {mission_short(m)} on {name} (reward: {reward_text(m)}. "
                        f"Then {ravagers_on_placing(g, h)}{_and_tiles(m)}): "
                        f"{MISSION_CARDS[m].text}",
                        (f"hex:{name}",),
                    ),
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


def _and_tiles(card: int) -> str:
    """The tiles a placed card brings into the display, after the Ravagers it
    attracts: a player choosing among cards sees what enters the display (and
    what Hal's Discover may take next) as the keep-a-card options say."""
    tiles = tiles_entering(card)
    return f"; {tiles}" if tiles else ""


def place_mission(g: Game, seat: int, h: Hex, card: int) -> None:
    p = player(g, seat)
    m = MISSION_CARDS[card]
    p.missions.remove(card)
    g.state.board.strips[h[0]].cards[h[1]] = PlacedMission(card, seat)
    p.break_room -= 1  # the robot on the reward
    g.log(
        "mission_placed",
        f"{g.name(seat)} places {mission_short(card)} on {hex_name(h)}: {m.text}",
        seat,
        card=card,
        hex=hex_name(h),
    )
    reward = REWARD_BUNDLES[m.reward]
    gain(g, seat, reward, "Mission reward")
    ravagers_appear_around(g, h)
    tiles_appear(g, m.tiles)
