"""One tile's activation (TileActivation): its effect, and the Mission card kept
after a draw-2 tile (Keep)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from engine.asking import alike_tiles
from engine.bundle import Bundle
from engine.components import COLOUR_BY_LETTER, COLOURS
from engine.components.tiles import TILES, TileEffect
from engine.decision import Option
from engine.describe import placed_text
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import discard_mission, draw_two_to_keep_one, mission_label, mission_short
from engine.ops import CELL_NAMES, gain, player, robot_to_workstation
from engine.space import parse_hex
from engine.space_board import move_ship, ship_hexes, ship_moves
from engine.state import Player
from engine.tile_words import tile_text
from engine.tiles import activate_words, adjacent_targets, idle_adjacent_note
from engine.words import plural

if TYPE_CHECKING:
    from engine.game import Game


def _robot_options(g: Game, p: Player) -> list[Option]:
    neutral = g.state.neutral
    opts = []
    for i, c in enumerate(COLOURS):
        n = p.workstations[i]
        # R16: a player's robot sends the neutral robot there out of the game.
        leaves = (
            "; the neutral robot there leaves the game"
            if neutral and neutral.workstations[i]
            else ""
        )
        if p.break_room:
            opts.append(
                Option.lazy(
                    f"to:{c.letter}",
                    lambda c=c, n=n, leaves=leaves: (
                        f"Robot: break room → {c} workstation",
                        f"Move a robot from the break room to the {c} workstation "
                        f"({_rolls_in_b(c, n + 1)}{leaves})",
                        (f"workstation:{c.letter}",),
                    ),
                )
            )
        if n:
            opts.append(
                Option.lazy(
                    f"from:{c.letter}",
                    lambda c=c, n=n: (
                        f"Robot: {c} workstation → break room",
                        f"Move a robot from the {c} workstation to the break room "
                        f"({_rolls_in_b(c, n - 1)})",
                        (f"workstation:{c.letter}",),
                    ),
                )
            )
    return opts


def _rolls_in_b(colour: object, robots: int) -> str:
    """What the workstation's robots roll in Sequence B: one die each, but
    only as many as the supply then has (B.1 "limited by their
    availability"), so 'up to'."""
    if not robots:
        return f"you will roll no {colour} die in Sequence B"
    return f"you will roll up to {plural(robots, f'{colour} die', f'{colour} dice')} in Sequence B"


def _no_move(g: Game, seat: int) -> str:
    """What a 'move a ship up to 2 hexes' tile did when no ship moved, and why
    when the player had no choice."""
    why = _why_no_ship_moves(g, seat, you=False)
    return f"moves no ship: {why}" if why else "moves no ship"


def _why_no_ship_moves(g: Game, seat: int, you: bool) -> str | None:
    """Why a 'move a ship up to 2 hexes' tile can move none of the seat's
    ships, told to the player (``you``) or to the table (by name); None when
    one can move."""
    if not ship_hexes(g, seat):
        return "you have no ship in Space" if you else f"{g.name(seat)} has no ship in Space"
    if not _ship_options(g, seat):
        whose = "your" if you else f"{g.name(seat)}'s"
        return f"none of {whose} ships can move"
    return None


def idle_reason(g: Game, seat: int, cell: int) -> str | None:
    """Why activating the tile on ``cell`` of the seat's grid would do nothing
    now (``asking.does_something``), in the player's words, or None (it would
    do something, or the cell is empty). A tile boost side up is flipped by
    its activation: never idle."""
    from engine.asking import does_something

    p = player(g, seat)
    tile = p.grid[cell]
    if tile is None or p.grid_boost[cell]:
        return None
    effect = TILES[tile].effect
    if does_something(g, seat, cell, effect):
        return None
    match effect:
        case TileEffect.MOVE_SHIP:
            return _why_no_ship_moves(g, seat, you=True)
        case TileEffect.ROBOT:
            return "you have no robot left to take"
        case TileEffect.MOVE_ROBOT:
            return "you have no robot to move"
        case TileEffect.DRAW_MISSION:
            return "no Mission card is left to draw"
    near = idle_adjacent_note(p, cell)
    return near or f"the tiles next to {CELL_NAMES[cell]} would do nothing"


def _ship_options(g: Game, seat: int) -> list[Option]:
    from engine.command import move_option

    return [
        move_option(g, seat, src, dst) for src, dst in ship_moves(g, seat, 2, False) if src != dst
    ]


@handler
class TileActivation(Handler):
    """One activation of the tile in `cell`."""

    kind = "tile"
    auto_single = True  # e.g. "take 1 ship" when no ship is in Space to move

    def prompt(self, g: Game, f: Frame) -> str:
        p = player(g, f["seat"])
        return f"{CELL_NAMES[f['cell']]}: {tile_text(p.grid[f['cell']])}."

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        seat = f["seat"]
        p = player(g, seat)
        effect = TILES[p.grid[f["cell"]]].effect
        match effect:
            case TileEffect.MOVE_SHIP:
                return _ship_options(g, seat) + [Option("skip", "Move no ship")]
            case TileEffect.MOVE_ROBOT:
                return _robot_options(g, p) + [Option("skip", "Move no robot")]
            case TileEffect.ACTIVATE_VERTICAL | TileEffect.ACTIVATE_HORIZONTAL:
                targets = adjacent_targets(p, f["cell"], effect)
                opts = [
                    Option.lazy(f"cell:{CELL_NAMES[n]}", partial(activate_words, p, n))
                    for n in targets
                ]
                return alike_tiles(g, f["seat"], opts) + [Option("skip", "Activate nothing")]
            case TileEffect.DRAW_MISSION:
                b = g.state.board
                return [
                    Option.lazy(
                        f"colour:{c.letter}",
                        lambda i=i, c=c: (
                            f"Draw 2 {c} Mission cards, keep 1",
                            f"Draw 2 {c} Mission cards, keep 1 "
                            f"({len(b.mission_decks[i])} in the deck)",
                            (),
                        ),
                    )
                    for i, c in enumerate(COLOURS)
                    if b.mission_decks[i] or b.mission_discards[i]
                ] + [Option("skip", "Draw nothing")]
            case TileEffect.START_SHIP:
                return [Option("ship", "Take 1 ship")] + _ship_options(g, seat)
            case TileEffect.START_RESOURCE:
                return [Option("resource", "Take 1 resource"), Option("debris", "Take 1 debris")]
            case TileEffect.START_ROBOT:
                return [Option("robot", "Take 1 robot into the break room")] + _robot_options(g, p)
        return None

    def resolve(self, g: Game, f: Frame) -> None:
        seat = f["seat"]
        effect = TILES[player(g, seat).grid[f["cell"]]].effect
        simple = {
            TileEffect.VP: Bundle(vp=1),
            TileEffect.SHIP: Bundle(ships=1),
            TileEffect.RESOURCE: Bundle(resources=1),
            TileEffect.ROBOT: Bundle(robots=1),
            TileEffect.DEBRIS: Bundle(debris=1),
        }[effect]
        gain(g, seat, simple, f"tile {CELL_NAMES[f['cell']]}")

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        p = player(g, seat)
        verb, _, arg = option.partition(":")
        why = f"tile {CELL_NAMES[f['cell']]}"
        if verb in ("skip", ""):
            idle = idle_adjacent_note(p, f["cell"])
            if idle:  # taken by the engine as the lone option: said, not silent
                g.log(
                    "tile_idle",
                    f"{g.name(seat)}'s {CELL_NAMES[f['cell']]} activates nothing: {idle}.",
                    seat,
                )
            elif TILES[p.grid[f["cell"]]].effect is TileEffect.MOVE_SHIP:
                # "flips B1 to its standard side (early, to activate it)" and
                # then nothing: the reader could not tell B1 was used for nothing.
                g.log(
                    "tile_idle",
                    f"{g.name(seat)}'s {CELL_NAMES[f['cell']]} {_no_move(g, seat)}.",
                    seat,
                )
            return
        if verb in ("ship", "resource", "debris", "robot"):
            key = {"ship": "ships", "resource": "resources", "debris": "debris", "robot": "robots"}[
                verb
            ]
            gain(g, seat, Bundle(**{key: 1}), why)
        elif verb == "move":
            a, _, b = arg.partition("-")
            move_ship(g, seat, parse_hex(a), parse_hex(b), why)
        elif verb == "to":
            robot_to_workstation(g, seat, COLOUR_BY_LETTER[arg], why)
        elif verb == "from":
            i = COLOURS.index(COLOUR_BY_LETTER[arg])
            p.workstations[i] -= 1
            p.break_room += 1
            g.log(
                "robot",
                f"{g.name(seat)} moves a robot from the {COLOURS[i]} workstation to the break "
                f"room ({why}).",
                seat,
            )
        elif verb == "cell":
            g.log("tile_chain", f"{g.name(seat)}'s {CELL_NAMES[f['cell']]} activates {arg}.", seat)
            g.push("tile", seat=seat, cell=CELL_NAMES.index(arg))
        elif verb == "colour":
            colour = COLOUR_BY_LETTER[arg]
            drawn = draw_two_to_keep_one(g, seat, colour)
            if len(drawn) == 1:
                p.missions.append(drawn[0])
            else:
                g.push("keep", seat=seat, cards=drawn)


@handler
class Keep(Handler):
    kind = "keep"
    secret = True

    def prompt(self, g: Game, f: Frame) -> str:
        return "Keep one of the drawn Mission cards; the other is discarded."

    def options(self, g: Game, f: Frame) -> list[Option]:
        return [
            Option.lazy(
                f"keep:{c}",
                lambda c=c: (
                    f"Keep {mission_short(c)}",
                    f"Keep {mission_label(c)} {placed_text(c)}",  # as the hand says
                    (),
                ),
            )
            for c in f["cards"]
        ]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        keep = int(option.partition(":")[2])
        player(g, f["seat"]).missions.append(keep)
        for c in f["cards"]:
            if c != keep:
                discard_mission(g, c)
        g.log("keep", f"{g.name(f['seat'])} keeps one card and discards the other.", f["seat"])
