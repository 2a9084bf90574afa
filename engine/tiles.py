"""Technology and Starting tile effects, and which tiles a card activates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import alike_tiles, with_stop
from engine.bundle import Bundle
from engine.components import COLOUR_BY_LETTER, COLOURS, DieColour
from engine.components.cards import MISSION_CARDS
from engine.components.tiles import ACTIVATE_ADJACENT, TILES, AdvancedKind, TileEffect, TileKind
from engine.decision import Option
from engine.describe import placed_text
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import (
    discard_mission,
    draw_two_to_keep_one,
    mission_label,
    mission_short,
)
from engine.ops import CELL_NAMES, gain, player, robot_to_workstation, slot_cells
from engine.rules_version import plain_gains_without_asking
from engine.space import parse_hex
from engine.space_board import move_ship, ship_hexes, ship_moves
from engine.state import Player
from engine.words import plural

if TYPE_CHECKING:
    from engine.game import Game

EFFECT_TEXT = {
    TileEffect.VP: "gain 1 VP",
    TileEffect.SHIP: "take 1 ship",
    TileEffect.RESOURCE: "take 1 resource",
    TileEffect.ROBOT: "take 1 robot",
    TileEffect.MOVE_SHIP: "move a ship up to 2 hexes",
    TileEffect.DEBRIS: "take 1 debris",
    TileEffect.MOVE_ROBOT: "move a robot break room <-> workstation",
    TileEffect.ACTIVATE_VERTICAL: "activate the tile above or below",
    TileEffect.ACTIVATE_HORIZONTAL: "activate the tile left or right",
    TileEffect.DRAW_MISSION: "draw 2 Mission cards, keep 1",
    TileEffect.START_SHIP: "take 1 ship OR move a ship up to 2 hexes",
    TileEffect.START_RESOURCE: "take 1 resource OR 1 debris",
    TileEffect.START_ROBOT: "take 1 robot OR move a robot break room <-> workstation",
}

# A tile's effect as the tile in the image shows it (renderer/labels.py), and
# as short option labels name it, so that a label reads like the picture.
EFFECT_SHORT: dict[TileEffect, str] = {
    TileEffect.VP: "+1 VP",
    TileEffect.SHIP: "+1 ship",
    TileEffect.RESOURCE: "+1 resource",
    TileEffect.ROBOT: "+1 robot",
    TileEffect.MOVE_SHIP: "move ship 2",
    TileEffect.DEBRIS: "+1 debris",
    TileEffect.MOVE_ROBOT: "move robot",
    TileEffect.ACTIVATE_VERTICAL: "activate ↕",
    TileEffect.ACTIVATE_HORIZONTAL: "activate ↔",
    TileEffect.DRAW_MISSION: "draw 2 Missions keep 1",
    TileEffect.START_SHIP: "+1 ship or move 2",
    TileEffect.START_RESOURCE: "+1 resource or +1 debris",
    TileEffect.START_ROBOT: "+1 robot or move robot",
}

# What an Advanced Technology tile scores at the end (COMPONENTS.md 7), short
# enough for the tile in the image (renderer/labels.py) and the same in words.
ADVANCED_TEXT: dict[AdvancedKind, str] = {
    AdvancedKind.TECH_ORANGE: "2 VP per orange tile",
    AdvancedKind.TECH_GRAY: "2 VP per gray tile",
    AdvancedKind.TECH_GREEN: "2 VP per green tile",
    AdvancedKind.EJECTED_TECH: "2 VP per ejected tile",
    AdvancedKind.DEBRIS: "2 VP per debris",
    AdvancedKind.RAVAGER_CARDS: "2 VP per Ravager card",
    AdvancedKind.ADVANCED_TECH: "2 VP per Advanced tile",
    AdvancedKind.CARDS_IN_SPACE: "2 VP per card in Space",
}


# The same in words (options, log), saying what counts as the rulebook does
# (appendix, Advanced Technology tiles): "2 VP per orange tile" read as if
# ejected orange tiles counted too. (Debris on tiles goes to storage at the
# end, so "per debris" needs no place.)
ADVANCED_WORDS: dict[AdvancedKind, str] = {
    AdvancedKind.TECH_ORANGE: "2 VP per orange tile in the grid",
    AdvancedKind.TECH_GRAY: "2 VP per gray tile in the grid",
    AdvancedKind.TECH_GREEN: "2 VP per green tile in the grid",
    AdvancedKind.EJECTED_TECH: "2 VP per ejected tile",
    AdvancedKind.DEBRIS: "2 VP per debris",
    AdvancedKind.RAVAGER_CARDS: "2 VP per Ravager card in hand",
    AdvancedKind.ADVANCED_TECH: "2 VP per Advanced tile, in the grid or ejected,",
    AdvancedKind.CARDS_IN_SPACE: "2 VP per card owned in Space",
}


def boost_text(tile: int) -> str:
    from engine.boosts import boost_text as text

    return text(tile)


def tile_text(tile: int | None) -> str:
    return "nothing" if tile is None else _TILE_TEXT[tile]


def _tile_text(t) -> str:
    if t.kind is TileKind.ADVANCED:
        return f"Advanced Technology ({ADVANCED_WORDS[t.advanced]} at the end)"
    if t.kind is TileKind.STARTING:
        return f"Starting tile ({EFFECT_TEXT[t.effect]})"
    return f"{t.colour} tile ({EFFECT_TEXT[t.effect]})"


_TILE_TEXT = tuple(_tile_text(t) for t in TILES)


def activatable_cell(
    p: Player, cell: int, card_colour: DieColour | None, boost_ok: bool = False
) -> bool:
    """Can this cell's tile be activated? Mission cards activate Technology
    tiles of their colour only; Ravager cards, debris and adjacent-activation
    activate any Technology or Starting tile. Advanced tiles never activate,
    nor do tiles boost side up (advanced rules) unless flipped first."""
    tile = p.grid[cell]
    if tile is None or (p.grid_boost[cell] and not boost_ok):
        return False
    t = TILES[tile]
    if t.kind is TileKind.ADVANCED:
        return False
    if card_colour is not None:
        return t.kind is TileKind.TECHNOLOGY and t.colour is card_colour
    return True


def card_reaches_a_tile(p: Player, slot: int, colour: DieColour | None) -> bool:
    """``bool(tiles_activated_by_card(...))`` for a card of this colour (None:
    a Ravager card)."""
    return colour in cards_reaching_a_tile(p, slot)


def cards_reaching_a_tile(p: Player, slot: int) -> set[DieColour | None]:
    """The cards in this slot that would activate a tile: the colours of
    Mission cards, and None for a Ravager card (any Technology or Starting
    tile); ``activatable_cell``, boost side allowed."""
    grid = p.grid
    out: set[DieColour | None] = set()
    for c in slot_cells(slot):
        tile = grid[c]
        if tile is None:
            continue
        t = TILES[tile]
        if t.kind is TileKind.ADVANCED:
            continue
        out.add(None)
        if t.kind is TileKind.TECHNOLOGY:
            out.add(t.colour)
    return out


def tiles_activated_by_card(g: Game, seat: int, slot: int, kind: str, card: int) -> list[int]:
    p = player(g, seat)
    colour = MISSION_CARDS[card].colour if kind == "mission" else None
    # A boost-side tile is offered too: choosing it flips it to its standard side first.
    return [c for c in slot_cells(slot) if activatable_cell(p, c, colour, boost_ok=True)]


@handler
class Activate(Handler):
    """The tiles a played card activates, in any order the player likes."""

    kind = "activate"

    def prompt(self, g: Game, f: Frame) -> str:
        return "Activate the tiles this card reaches, in any order."

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        p = player(g, f["seat"])
        if _next_without_asking(g, p, f["cells"]) is not None:
            return None  # version 2: plain gains first, a lone tile at once (resolve)
        opts = [
            Option.lazy(
                f"tile:{CELL_NAMES[c]}",
                lambda c=c: (
                    f"Activate {CELL_NAMES[c]}: {EFFECT_TEXT[TILES[p.grid[c]].effect]}"
                    + (" (flips it)" if p.grid_boost[c] else ""),
                    f"Activate {CELL_NAMES[c]}: {tile_text(p.grid[c])}"
                    + (
                        " (flips it from its boost side, losing its 1x effect: "
                        f"{boost_text(p.grid[c])})"
                        if p.grid_boost[c]
                        else ""
                    ),
                    (f"cell:{CELL_NAMES[c]}",),
                ),
            )
            for c in f["cells"]
        ]
        # "Activate no more tiles" keeps its number from prompt to prompt.
        stop = Option("done", "Activate no more tiles")
        return with_stop(g, stop, alike_tiles(g, f["seat"], opts))

    def resolve(self, g: Game, f: Frame) -> None:
        p = player(g, f["seat"])
        cell = _next_without_asking(g, p, f["cells"])
        assert cell is not None
        self.choose(g, f, f"tile:{CELL_NAMES[cell]}")

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            return
        cell = CELL_NAMES.index(option.partition(":")[2])
        rest = [c for c in f["cells"] if c != cell]
        if rest:
            g.push("activate", seat=f["seat"], cells=rest)
        if player(g, f["seat"]).grid_boost[cell]:
            from engine.boosts import flip_to_standard

            flip_to_standard(g, f["seat"], cell, "early, to activate it")
        g.push("tile", seat=f["seat"], cell=cell)


PLAIN_GAINS = frozenset(
    {TileEffect.VP, TileEffect.SHIP, TileEffect.RESOURCE, TileEffect.ROBOT, TileEffect.DEBRIS}
)


def _plain_gain_cells(g: Game, p: Player, cells: list[int]) -> list[int]:
    """Cells whose tile is a plain gain on its standard side (version 2 takes
    them without asking; a robot gain with no robot left is nothing at all)."""
    if not plain_gains_without_asking(g.state.options):
        return []
    return [
        c
        for c in cells
        if not p.grid_boost[c]
        and TILES[p.grid[c]].effect in PLAIN_GAINS
        and (TILES[p.grid[c]].effect is not TileEffect.ROBOT or p.robots_supply > 0)
    ]


def _next_without_asking(g: Game, p: Player, cells: list[int]) -> int | None:
    """Version 2: the tile to activate without asking, if any: a plain gain,
    else the last tile left when it is standard side up (activating it is never
    worse than stopping: its own question offers to skip, or it only gains;
    a boost-side tile would lose its boost, so it stays a question)."""
    plain = _plain_gain_cells(g, p, cells)
    if plain:
        return plain[0]
    if (
        plain_gains_without_asking(g.state.options)
        and len(cells) == 1
        and not p.grid_boost[cells[0]]
    ):
        return cells[0]
    return None


def adjacent_targets(p: Player, cell: int, effect: TileEffect) -> list[int]:
    r, c = divmod(cell, 3)
    if effect is TileEffect.ACTIVATE_VERTICAL:
        near = [(r - 1, c), (r + 1, c)]
    else:
        near = [(r, c - 1), (r, c + 1)]
    out = []
    for rr, cc in near:
        if 0 <= rr < 3 and 0 <= cc < 3:
            n = rr * 3 + cc
            # These tiles cannot activate a tile that activates another tile (R8).
            if activatable_cell(p, n, None) and TILES[p.grid[n]].effect not in ACTIVATE_ADJACENT:
                out.append(n)
    return out


def idle_adjacent_note(p: Player, cell: int) -> str:
    """'no tile above or below it can be activated' for a tile of `p`'s grid
    that activates a neighbour (standard side up) but has none it could
    activate (an empty cell, an Advanced tile, another such tile: R8), so
    its activation does nothing; "" otherwise."""
    tile = p.grid[cell]
    if tile is None or p.grid_boost[cell]:
        return ""
    effect = TILES[tile].effect
    if effect not in ACTIVATE_ADJACENT or adjacent_targets(p, cell, effect):
        return ""
    where = (
        "above or below it" if effect is TileEffect.ACTIVATE_VERTICAL else "to its left or right"
    )
    return f"no tile {where} can be activated"


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
    if not ship_hexes(g, seat):
        return f"moves no ship: {g.name(seat)} has no ship in Space"
    if not _ship_options(g, seat):
        return f"moves no ship: none of {g.name(seat)}'s ships can move"
    return "moves no ship"


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
                    Option.lazy(
                        f"cell:{CELL_NAMES[n]}",
                        lambda n=n: (
                            f"Activate {CELL_NAMES[n]}: {EFFECT_TEXT[TILES[p.grid[n]].effect]}",
                            f"Activate {CELL_NAMES[n]}: {tile_text(p.grid[n])}",
                            (f"cell:{CELL_NAMES[n]}",),
                        ),
                    )
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
