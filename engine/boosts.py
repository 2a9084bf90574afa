"""Advanced rules: the boost side of Technology tiles and its "1x" effects.

A tile is injected boost side up; using its 1x effect flips it to the
standard side, and only standard-side tiles are activated. A player may flip
a boost tile early (losing its effect) so it can be activated.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from engine.bundle import Bundle
from engine.components import (
    ACTION_WORDS,
    COLOUR_BY_LETTER,
    COLOUR_BY_NAME,
    COLOURS,
    OPPOSITE_FACE,
    ActionKind,
    DieColour,
)
from engine.components.tiles import TILES, BoostEffect
from engine.decision import Option
from engine.handlers import Frame, Handler, handler
from engine.ops import CELL_NAMES, gain, player
from engine.state import Player
from engine.tile_words import EFFECT_TEXT
from engine.words import a, die_named, face_words

if TYPE_CHECKING:
    from engine.game import Game

VP_BOOST = 2

BOOST_TEXT = {
    # Read in everybody's log ("Red takes a green tile, boost side up (1x: …)"):
    # no "you", which there named the reader, not the tile's owner.
    BoostEffect.VP_ON_ACTION: "2 VP when performing {action}",
    BoostEffect.DIE_TO_THREE: "set {a_colour} die to 3",
    BoostEffect.CHANGE_COLOUR: "change {a_colour} die's colour",
    BoostEffect.FREE_RESERVE: "reserve {a_colour} die for free in Sequence B",
}


# A boost side in a few words, for a button and the images alike
# (renderer/labels.py): the die colour in words, never a letter (issue 25).
BOOST_SHORT = {
    BoostEffect.VP_ON_ACTION: "1x: +2 VP on {action}",
    BoostEffect.DIE_TO_THREE: "1x: {colour} die = 3",
    BoostEffect.CHANGE_COLOUR: "1x: recolour {colour} die",
    BoostEffect.FREE_RESERVE: "1x: free reserve {colour}",
}


def boost_text(tile: int) -> str:
    t = TILES[tile]
    # "2 VP when you perform Discover", not "… perform discover".
    action = ACTION_WORDS[t.boost_action] if t.boost_action else ""
    colour = t.boost_colour
    return BOOST_TEXT[t.boost].format(action=action, a_colour=a(colour) if colour else "")


def boost_short(tile: int) -> str:
    """'1x: +2 VP on Destroy', '1x: gray die = 3'."""
    t = TILES[tile]
    action = ACTION_WORDS[t.boost_action] if t.boost_action else ""
    return BOOST_SHORT[t.boost].format(action=action, colour=t.boost_colour or "")


def boost_cells(
    p: Player,
    effect: BoostEffect,
    colour: DieColour | None = None,
    action: ActionKind | None = None,
) -> list[int]:
    out = []
    for cell, tile in enumerate(p.grid):
        if tile is None or not p.grid_boost[cell]:
            continue
        t = TILES[tile]
        if t.boost is not effect:
            continue
        if colour is not None and t.boost_colour is not colour:
            continue
        if action is not None and t.boost_action is not action:
            continue
        out.append(cell)
    return out


def flip_to_standard(g: Game, seat: int, cell: int, why: str) -> None:
    player(g, seat).grid_boost[cell] = False
    g.log("boost", f"{g.name(seat)} flips {CELL_NAMES[cell]} to its standard side ({why}).", seat)


def early_flip_options(g: Game, seat: int) -> list[Option]:
    p = player(g, seat)
    return [
        Option.lazy(
            f"standard:{CELL_NAMES[c]}",
            lambda c=c: (
                f"Flip {CELL_NAMES[c]} to its standard side early",
                f"Flip {CELL_NAMES[c]} to its standard side early, losing its 1x effect "
                f"({boost_text(p.grid[c])}), so it can be activated",
                (f"cell:{CELL_NAMES[c]}",),
            ),
        )
        for c in range(9)
        if p.grid[c] is not None and p.grid_boost[c]
    ]


def die_boost_options(g: Game, seat: int, die: dict) -> list[Option]:
    """1x effects that change the die about to be used (bought dice included)."""
    if not g.state.options.advanced:
        return []
    p = player(g, seat)
    colour = COLOUR_BY_NAME[die["colour"]]
    opts = []
    if die["value"] != 3:
        for c in boost_cells(p, BoostEffect.DIE_TO_THREE, colour):
            opts.append(
                Option(
                    f"three:{CELL_NAMES[c]}",
                    f"Boost {CELL_NAMES[c]}: set this die to 3",
                    f"Use {CELL_NAMES[c]}'s boost (1x, the tile flips to its standard side): "
                    "set this die to 3",
                    (f"cell:{CELL_NAMES[c]}",),
                )
            )
    for c in boost_cells(p, BoostEffect.CHANGE_COLOUR, colour):
        for new in COLOURS:
            if new is not colour:
                opts.append(
                    Option.lazy(
                        f"recolour:{CELL_NAMES[c]}:{new.letter}",
                        partial(
                            _recolour_words,
                            g,
                            seat,
                            die.get("original", die["colour"]),
                            (die["value"], die["bought"]),
                            c,
                            new,
                        ),
                    )
                )
    return opts


def _recolour_words(
    g: Game, seat: int, drawn: str, die: tuple[int, bool], cell: int, new: DieColour
) -> tuple[str, str, tuple[str, ...]]:
    """A recolour keeps the die's value: a star (or a 1 on a damaged action)
    of the new colour may have no use until a debris flips it, and the engine
    then spends that debris with no question when the flip is the only way on;
    the words say so (a tester lost a debris to a gray star they had not
    been told about). `drawn`: the die's colour before any recolour, whose
    cards A3 draws (advanced rules); `die`: its value, and whether bought."""
    from engine.dice_use import die_usable

    name, (value, bought) = CELL_NAMES[cell], die
    text = (
        f"Use {name}'s boost (1x, the tile flips to its standard side): "
        f"make this die {new} (you still draw two {drawn} cards, keeping one)"
    )
    if not bought and not die_usable(g, seat, new, value, 0, frozenset({cell})):
        text += (
            f"; as {a(die_named(new.value, value))} it has no use here until you spend a debris"
            f" to flip it to {face_words(OPPOSITE_FACE[value])}"
        )
    return f"Boost {name}: make this die {new}", text, (f"cell:{name}",)


def apply_die_boost(g: Game, seat: int, die: dict, option: str) -> None:
    verb, _, arg = option.partition(":")
    cell_name, _, letter = arg.partition(":")
    cell = CELL_NAMES.index(cell_name)
    # The log names the die as the options do ("green star (0)") and follows
    # the option's words ("Use C2's boost (1x, the tile flips to its standard
    # side)"): "flips C2 ... (its die becomes gray)" gave the tile a die.
    before = die_named(die["colour"], die["value"])
    if verb == "three":
        die["value"] = 3
        change = "is set to 3"
    else:
        die.setdefault("original", die["colour"])
        die["colour"] = COLOUR_BY_LETTER[letter].value
        change = f"becomes {die['colour']}"
    player(g, seat).grid_boost[cell] = False
    name = CELL_NAMES[cell]
    g.log(
        "boost",
        f"{g.name(seat)} uses {name}'s boost: their {before} {change}; "
        f"{name} flips to its standard side.",
        seat,
    )


@handler
class VictoryBoost(Handler):
    """Gain 2 VP when you perform the tile's action, flipping the tile."""

    kind = "boost_vp"

    def prompt(self, g: Game, f: Frame) -> str:
        return f"Use a boost tile for 2 VP on this {f['action'].title()} action?"

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        cells = boost_cells(p, BoostEffect.VP_ON_ACTION, action=ActionKind(f["action"]))
        if not cells:
            return []
        return [
            Option(
                f"flip:{CELL_NAMES[c]}",
                f"Flip {CELL_NAMES[c]} for 2 VP",
                f"Use {CELL_NAMES[c]}'s boost: gain 2 VP; the tile flips to its standard side "
                f"(when activated later: {EFFECT_TEXT[TILES[p.grid[c]].effect]})",
                (f"cell:{CELL_NAMES[c]}",),
            )
            for c in cells
        ] + [Option("skip", "Keep the boost for later")]

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "skip":
            return
        cell = CELL_NAMES.index(option.partition(":")[2])
        flip_to_standard(g, f["seat"], cell, "2 VP boost")
        gain(g, f["seat"], Bundle(vp=VP_BOOST), "boost")


@handler
class FreeReserve(Handler):
    """Sequence B: a boost tile reserves a die of the colour its boost
    shows for free, in addition to the paid reservation."""

    kind = "free_reserve"

    def prompt(self, g: Game, f: Frame) -> str:
        # The die's colour is the boost's, not the tile's (a green tile may
        # reserve a gray die).
        p = player(g, f["seat"])
        cells = boost_cells(p, BoostEffect.FREE_RESERVE)
        if len(cells) == 1:
            colour = TILES[p.grid[cells[0]]].boost_colour
            return (
                f"You may use {CELL_NAMES[cells[0]]}'s boost to reserve {a(colour)} die for free."
            )
        which = ", ".join(f"{CELL_NAMES[c]}: {a(TILES[p.grid[c]].boost_colour)} die" for c in cells)
        return f"You may use a boost tile to reserve a die for free ({which})."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = []
        for c in boost_cells(p, BoostEffect.FREE_RESERVE):
            colour = TILES[p.grid[c]].boost_colour
            seen = set()
            for d in p.standard:
                if d.colour is colour and d.code not in seen:
                    seen.add(d.code)
                    opts.append(
                        Option(
                            f"reserve:{d.code}:{CELL_NAMES[c]}",
                            f"Reserve your {die_named(d.colour, d.value)} with {CELL_NAMES[c]}",
                            f"Reserve your {die_named(d.colour, d.value)} for free with {CELL_NAMES[c]}'s "
                            "boost (the tile flips to its standard side)",
                            (f"die:{f['seat']}:{d.code}", f"cell:{CELL_NAMES[c]}"),
                        )
                    )
        return opts + [Option("none", "No free reservation")] if opts else []

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "none":
            return
        seat = f["seat"]
        p = player(g, seat)
        _, code, cell_name = option.split(":")
        i = next(i for i, d in enumerate(p.standard) if d.code == code)
        die = p.standard.pop(i)
        p.secure.append(die)
        flip_to_standard(g, seat, CELL_NAMES.index(cell_name), "free reservation")
        g.log(
            "reserve",
            f"{g.name(seat)} reserves their {die_named(die.colour, die.value)} for free.",
            seat,
        )
        g.push("free_reserve", seat=seat)
