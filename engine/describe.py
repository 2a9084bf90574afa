"""What an option will do, in words: the details a player needs to choose
without opening the board (hexes, actions, arrows, slots, boost sides).

Nothing here asks a question or changes the state; the rule modules call these
to fill ``Option.detail`` and ``Option.marks``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bundle import bundle_text
from engine.components import ACTION_NAMES, ACTION_WORDS, ACTIONS, LOCATIONS, ActionKind
from engine.components.cards import (
    DAMAGING_EFFECTS,
    MISSION_CARDS,
    RAVAGER_CARDS,
    REWARD_BUNDLES,
    RavagerEffect,
)
from engine.components.strips import HexKind
from engine.components.tiles import TILES, TileKind
from engine.mission_cards import mission_short
from engine.ops import CELL_NAMES, player
from engine.ravager_arrival import location_full
from engine.space import Hex
from engine.space_board import hex_spec, visible_icons_around
from engine.tile_words import EFFECT_TEXT, tile_text
from engine.words import a, plural

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Player


# --------------------------------------------------------------------------- tiles


def tile_shown(p: Player, cell: int) -> str:
    """A grid tile as the board shows it: its boost side when boost side up."""
    tile = p.grid[cell]
    if tile is None:
        return "empty"
    if p.grid_boost[cell]:
        return boost_side_text(tile)
    return tile_text(tile)


def boost_side_text(tile: int) -> str:
    from engine.boosts import boost_text

    t = TILES[tile]
    return (
        f"{t.colour} tile, boost side up (1x: {boost_text(tile)}; "
        f"standard side: {EFFECT_TEXT[t.effect]})"
    )


def enters_boost_side_up(g: Game, tile: int) -> bool:
    """Advanced rules: a Technology tile shows its boost side in the display
    and enters the grid boost side up (discover.py ``inject_grid``)."""
    return g.state.options.advanced and TILES[tile].kind is TileKind.TECHNOLOGY


def tile_side_text(tile: int, boost: bool) -> str:
    """A tile by the side it shows: its boost side when `boost`."""
    return boost_side_text(tile) if boost else tile_text(tile)


def tile_in_sentence(tile: int, boost: bool = False) -> str:
    """A tile named inside a log sentence, with its article ('Blue takes an
    orange tile (gain 1 VP)'), where an option's label names it bare."""
    text = tile_side_text(tile, boost)
    if TILES[tile].kind is TileKind.ADVANCED:
        text = text.replace("Advanced Technology", "Advanced Technology tile", 1)
    return a(text)


def display_tile_text(g: Game, tile: int) -> str:
    """A display tile: in the advanced rules a Technology tile shows (and
    enters the grid on) its boost side."""
    if enters_boost_side_up(g, tile):
        return boost_side_text(tile).replace("boost side up", "enters boost side up")
    return tile_text(tile)


def cells_text(p: Player, cells: list[int] | tuple[int, ...]) -> str:
    """The tiles a card play activates. A tile boost side up is activated
    only by flipping it first, which forfeits its 1x effect (advanced rules,
    "1x effect"): said here, before the card is played, not only after."""
    from engine.boosts import boost_text
    from engine.tiles import idle_adjacent_note

    def shown(c: int) -> str:
        tile = p.grid[c]
        if tile is None or not p.grid_boost[c]:
            idle = idle_adjacent_note(p, c)
            return f"{tile_shown(p, c)}; {idle}" if idle else tile_shown(p, c)
        t = TILES[tile]
        return (
            f"{t.colour} tile, boost side up: activating it flips it, losing its 1x "
            f"({boost_text(tile)}); standard side: {EFFECT_TEXT[t.effect]}"
        )

    return ", ".join(f"{CELL_NAMES[c]} ({shown(c)})" for c in cells)


def whose(g: Game, seat: int | None, owner: int) -> str:
    """'your' for the seat choosing (None in a line everyone reads), else
    'Hal's' or 'Red's'."""
    return "your" if owner == seat else f"{g.name(owner)}'s"


def mission_given_up(card: int) -> str:
    """A Mission card played around a board is discarded at Sequence B (B.2):
    its Mission is what the play costs, not what it does."""
    return f"its Mission is given up: {MISSION_CARDS[card].text}"


# --------------------------------------------------------------------------- Space


def hex_text(g: Game, h: Hex) -> str:
    """'orange alien hex, comet, card: Orange activation #3 of Red (Per activation, …)'."""
    spec = hex_spec(g, h)
    strip = g.state.board.strips[h[0]]
    if spec.kind is HexKind.SPES:
        parts = ["Spes"]
    elif spec.kind is HexKind.ASTEROID:
        parts = ["asteroid field (the Black Angel's hex)"]
        if g.state.end_trigger is None:
            # Rulebook, Command note: "if the Black Angel leaves this hex, any
            # ships remaining there are destroyed" (at the next Sequence B's
            # B.3; once the end is triggered it advances no further).
            parts[0] = (
                "asteroid field (the Black Angel's hex: a ship still here when the Black "
                "Angel advances is destroyed)"
            )
    elif spec.kind is HexKind.RAVAGER_SHIP:
        parts = [f"Ravager ship hex ({plural(spec.icons, 'icon')})"]
    else:
        parts = [f"{spec.colour} alien hex"]
        if spec.comet:
            parts.append("comet")
        placed = strip.cards[h[1]]
        if placed is not None:
            m = MISSION_CARDS[placed.card]
            # What a ship there takes part in: the card's mission (its activations,
            # or what its ejection gives each ship on it).
            parts.append(
                f"card: {mission_short(placed.card)} of {g.name(placed.owner)} "
                f"({m.text.rstrip('.')})"
            )
        else:
            if spec.icons:
                parts.append(plural(spec.icons, "Ravager icon"))
            parts.append("no card yet")
    ships = strip.ships[h[1]]
    if ships:
        parts.append("ships: " + ", ".join(g.name(s) for s in ships))
    return ", ".join(parts)


def hex_short(g: Game, h: Hex) -> str:
    """A few words for a button: 'orange, comet, card' / 'Ravager ship'."""
    spec = hex_spec(g, h)
    if spec.kind is HexKind.ALIEN:
        bits = [spec.colour.value]
        if spec.comet:
            bits.append("comet")
        if g.state.board.strips[h[0]].cards[h[1]] is not None:
            bits.append("card")
        elif spec.icons:
            bits.append("R" * spec.icons)
        return ", ".join(bits)
    return {HexKind.RAVAGER_SHIP: "Ravager ship", HexKind.SPES: "Spes"}.get(spec.kind, "asteroid")


def ravagers_on_placing(g: Game, h: Hex) -> str:
    n = visible_icons_around(g, h)
    if not n:
        return "no Ravager appears (no icon around)"
    b = g.state.board
    if all(location_full(b, loc) for loc in LOCATIONS):
        # Every card drawn would be discarded (READINGS 18).
        return f"no Ravager appears ({n} icon{'s' if n > 1 else ''} around, 3 Ravagers at every action)"
    if n == 1:
        return "1 Ravager appears (1 icon around)"
    return f"{n} Ravagers appear ({n} icons around)"


def reward_text(card: int) -> str:
    return bundle_text(REWARD_BUNDLES[MISSION_CARDS[card].reward])


def tiles_entering(card: int) -> str:
    """The Technology tiles printed on a Mission card, which enter the display
    when it is placed (rulebook, Command Your Ships: "new Technology tiles
    appear"): '1 Technology tile (orange) enters the display', or ''."""
    m = MISSION_CARDS[card]
    if not m.tiles:
        return ""
    colours = ", ".join(c.value for c in m.tiles)
    enter = "enters" if len(m.tiles) == 1 else "enter"
    return f"{plural(len(m.tiles), 'Technology tile')} ({colours}) {enter} the display"


def placed_text(card: int) -> str:
    """What placing a Mission card in Space brings besides its mission: the
    reward its robot takes and the Technology tiles printed on it."""
    tiles = tiles_entering(card)
    return f"Reward when placed: {reward_text(card)}{'; ' + tiles if tiles else ''}."


# --------------------------------------------------------------------------- actions


def ravager_at(g: Game, seat: int, action: int) -> str:
    """The top Ravager's effect at an action and what it will make this seat do."""
    from engine.ravagers import ravager_text

    stack = g.state.board.ravagers[action - 1]
    if not stack:
        return ""
    top = stack[-1].card
    effect = RAVAGER_CARDS[top].effect
    p = player(g, seat)
    lost = {
        RavagerEffect.DISCARD_MISSION: not p.missions,
        RavagerEffect.DISCARD_RAVAGER: not p.ravagers,
        RavagerEffect.ROBOT_ON_CARD: not p.break_room,
    }.get(effect, False)
    return f"Ravager: {ravager_text(top)}" + (" — you cannot: lose 1 VP" if lost else "")


def action_text(g: Game, seat: int, action: int, value: int, activations: int) -> str:
    """'Action 1 Discover Technology: 2 activations (damaged: −1); Ravager: …'."""
    kind = ACTIONS[action][0]
    out = f"Action {action} {ACTION_NAMES[kind]}: {plural(activations, 'activation')}"
    if activations != value:
        out += " (damaged: −1)"
    rav = ravager_at(g, seat, action)
    out += f"; {rav}" if rav else ""
    idle = _idle(g, action, activations)
    if idle:
        boost = _vp_boost(g, seat, kind)
        if boost:
            return out + f"; {idle}: only {boost} and the card draw follow"
        return out + f"; {idle}: only the card draw follows"
    no_card = _no_card_reward(g, seat, action)
    return out + (f"; {no_card}" if no_card else "")


def _vp_boost(g: Game, seat: int, kind: ActionKind) -> str:
    """The boost tile that pays 2 VP for performing this action (advanced
    rules), as "C3's 2 VP boost", or "": an action with nothing to do still
    earns it, so "only the card draw follows" hid it."""
    from engine.boosts import boost_cells
    from engine.components.tiles import BoostEffect

    cells = boost_cells(player(g, seat), BoostEffect.VP_ON_ACTION, action=kind)
    return f"{CELL_NAMES[cells[0]]}'s 2 VP boost" if cells else ""


def _no_card_reward(g: Game, seat: int, action: int) -> str | None:
    """Why a Command Your Ships could place no Mission card, or None: the
    reward's robot comes from the break room (rulebook A.2, Command step 2),
    after the action's Ravager may have taken one and a new ship its pilot.
    The hexes say it too, but only once the die is taken."""
    from engine.space_board import robots_for_a_card, ship_hexes

    if ACTIONS[action][0] is not ActionKind.COMMAND:
        return None
    robots = player(g, seat).break_room
    stack = g.state.board.ravagers[action - 1]
    took = bool(
        robots and stack and RAVAGER_CARDS[stack[-1].card].effect is RavagerEffect.ROBOT_ON_CARD
    )
    robots -= took
    in_space = bool(ship_hexes(g, seat))
    # A ship already in Space needs no pilot; without one, a card needs a launch.
    if robots >= robots_for_a_card(launch=not in_space):
        return None
    # Who has a robot now reads why it will be gone: the Ravager takes it first.
    if robots >= 1:
        if took:
            return (
                "the Ravager takes a robot, so your last one would pilot the new ship:"
                " no card can follow"
            )
        return "your last robot would pilot the new ship: no card can follow"
    none = (
        "the Ravager takes your last robot, so none is left"
        if took
        else "no robot in your break room"
    )
    if in_space:
        return f"{none} for a card's reward: a ship can move, no card follows"
    return f"{none} to pilot a new ship: no ship moves, no card follows"


def action_short(g: Game, action: int, value: int, activations: int) -> str:
    kind = ACTIONS[action][0]
    out = f"{action} {ACTION_WORDS[kind]}"
    if _idle(g, action, activations):
        out += " ⚠ nothing to do"  # in place of the count: a button has 80 characters
    else:
        out += f" ×{activations}" + (" (damaged −1)" if activations != value else "")
    if g.state.board.ravagers[action - 1]:
        out += " +Ravager"
    return out


def _idle(g: Game, action: int, activations: int) -> str | None:
    """Why a Repair or Destroy would find nothing to do, in words, or None:
    no damage cube on an action or a supply die (the action's own Ravager may
    add one first), or no location whose Ravagers the activations can all
    take (Destroy: all cards at a location go together)."""
    kind = ACTIONS[action][0]
    b = g.state.board
    if kind is ActionKind.DESTROY:
        if not any(0 < len(stack) <= activations for stack in b.ravagers):
            return "no action it can clear of Ravagers"
    elif kind is ActionKind.REPAIR:
        stack = b.ravagers[action - 1]
        adds = stack and RAVAGER_CARDS[stack[-1].card].effect in DAMAGING_EFFECTS
        if not adds and not any(b.damage) and not any(b.supply_damaged):
            return "no damage cube on the Black Angel to repair"
    return None


__all__ = [
    "action_short",
    "action_text",
    "boost_side_text",
    "cells_text",
    "display_tile_text",
    "enters_boost_side_up",
    "hex_short",
    "hex_text",
    "mission_given_up",
    "ravager_at",
    "ravagers_on_placing",
    "reward_text",
    "tile_shown",
    "tile_side_text",
    "whose",
]
