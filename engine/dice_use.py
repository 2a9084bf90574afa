"""What a die can be used for: its activations on an action, the Mission
cards it may activate, and (rules version 2: R2 amended, R18) whether it can
be used at all, so that a die is offered only when its use is possible."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.boosts import boost_cells
from engine.components import ACTIONS, COLOUR_BY_NAME, COLOURS, OPPOSITE_FACE, ActionKind, DieColour
from engine.components.cards import MISSION_CARDS, MissionKind
from engine.components.tiles import BoostEffect
from engine.ops import CELL_NAMES, player
from engine.rules_version import no_flip_into_a_dead_end, zero_die_commands_only

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Die


def activations(g: Game, action: int, value: int) -> int:
    """A damaged action (2 cubes) costs 1 activation; a value-0 die stays 0 (A.2)."""
    return value - 1 if g.state.board.damage[action - 1] >= 2 and value > 0 else value


def activatable_missions(
    g: Game, seat: int, colour: DieColour
) -> list[tuple[tuple[int, int], int]]:
    """Activation Mission cards of the die's colour with the seat's robot or ship on them."""
    out = []
    cards = _ACTIVATION_CARDS[colour]
    for i, strip in enumerate(g.state.board.strips):
        for pos, placed in enumerate(strip.cards):
            if placed is None or placed.card not in cards:
                continue
            if placed.owner == seat or seat in strip.ships[pos]:
                out.append(((i, pos), placed.card))
    return out


# Activation Mission cards by colour (a die activates its own colour's only).
_ACTIVATION_CARDS = {
    c: frozenset(m.id for m in MISSION_CARDS if m.kind is MissionKind.ACTIVATION and m.colour is c)
    for c in DieColour
}


def usable_actions(g: Game, seat: int, colour: DieColour, value: int) -> list[int]:
    """The actions (1-6) a die of this colour and value may perform. R2:
    Command needs a ship to move (or, for a die worth 0, a card to place);
    version 2 (R18): a die worth 0 for an action performs nothing else."""
    from engine.command import command_usable

    zero_rule = zero_die_commands_only(g.state.options)
    out = []
    for n, kind in _ACTIONS_OF[colour]:
        acts = activations(g, n, value)
        if kind is ActionKind.COMMAND:
            if not command_usable(g, seat, acts, colour, star=value == 0):
                continue
        elif zero_rule and acts == 0:
            continue  # R18: a die worth 0 performs no Discover, Repair or Destroy
        out.append(n)
    return out


# The actions (number, kind) a die of each colour may perform, in ACTIONS order.
_ACTIONS_OF = {c: [(n, kind) for n, (kind, col) in ACTIONS.items() if col is c] for c in DieColour}


def mission_uses(g: Game, seat: int, colour: DieColour, value: int) -> list[tuple]:
    """Mission cards the die may activate (version 2, R18: none with a star)."""
    if value == 0 and zero_die_commands_only(g.state.options):
        return []
    return activatable_missions(g, seat, colour)


# Each die colour has one action that is not Command and one Command action.
_OTHER_ACTION = {col: n for n, (kind, col) in ACTIONS.items() if kind is not ActionKind.COMMAND}
_COMMAND_ACTION = {col: n for n, (kind, col) in ACTIONS.items() if kind is ActionKind.COMMAND}


def has_use(g: Game, seat: int, colour: DieColour, value: int) -> bool:
    """``bool(usable_actions(...) or mission_uses(...))``, cheapest checks first."""
    from engine.command import command_usable

    zero_rule = zero_die_commands_only(g.state.options)
    if not zero_rule or activations(g, _OTHER_ACTION[colour], value) > 0:
        return True  # Discover, Repair or Destroy (version 1: whatever the die)
    if mission_uses(g, seat, colour, value):
        return True
    n = _COMMAND_ACTION[colour]
    return command_usable(g, seat, activations(g, n, value), colour, star=value == 0)


def die_usable(
    g: Game,
    seat: int,
    colour: DieColour,
    value: int,
    flips: int,
    used: frozenset[int] = frozenset(),
) -> bool:
    """Can this die be used on an action or a Mission card, directly or after
    flipping it with debris (`flips`: debris the player may still spend on
    it; 0 for a bought die) or changing it with an unused boost tile
    (advanced rules; `used`: boost cells already spent)? One flip is always
    enough: it turns a 0 into a 2 and a 1 into a 3, which any die can use."""
    if has_use(g, seat, colour, value):
        return True
    if flips > 0 and die_usable(g, seat, colour, OPPOSITE_FACE[value], 0, used):
        return True
    if not g.state.options.advanced:
        return False
    p = player(g, seat)
    for cell in boost_cells(p, BoostEffect.DIE_TO_THREE, colour):
        if cell not in used and value != 3:
            return True  # a 3 can always be used
    for cell in boost_cells(p, BoostEffect.CHANGE_COLOUR, colour):
        if cell in used:
            continue
        for new in COLOURS:
            if new is not colour and die_usable(g, seat, new, value, flips, used | {cell}):
                return True
    return False


def transform_usable(g: Game, seat: int, die: dict, option: str) -> bool:
    """Version 2: does a flip or boost option on the die in use leave a die
    that can still be used? (Otherwise it is not offered.)"""
    colour = COLOUR_BY_NAME[die["colour"]]
    value = die["value"]
    debris = player(g, seat).debris
    verb, _, arg = option.partition(":")
    # Version 4: a die once flipped is never flipped back (no undoing choice),
    # so a flip that only a flip back could make useful is no way out.
    no_flip_back = no_flip_into_a_dead_end(g.state.options)
    if verb == "flip":
        flips = 0 if no_flip_back else min(debris - 1, 1)
        return die_usable(g, seat, colour, OPPOSITE_FACE[value], flips)
    cell_name, _, letter = arg.partition(":")
    used = frozenset({CELL_NAMES.index(cell_name)})
    flipped = no_flip_back and die.get("flipped")
    flips = 0 if die["bought"] or flipped else min(debris, 1)
    if verb == "three":
        return die_usable(g, seat, colour, 3, flips, used)
    new = next(c for c in COLOURS if c.letter == letter)
    return die_usable(g, seat, new, value, flips, used)


def own_die_usable(g: Game, seat: int, die: Die, debris: int | None = None) -> bool:
    if debris is None:
        debris = player(g, seat).debris
    return die_usable(g, seat, die.colour, die.value, min(debris, 1))


def bought_die_usable(g: Game, seat: int, die: Die) -> bool:
    return die_usable(g, seat, die.colour, die.value, 0)  # a bought die cannot be flipped
