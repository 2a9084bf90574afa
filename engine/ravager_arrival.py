"""Ravagers appear (rulebook "Ravagers appear"): a Ravager card drawn goes to
the action it attacks with a damage cube, or to the discard when that action is
full; a cube an action cannot take damages a die in the supply instead. The
deck running out during a Sequence A triggers the end (R9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import (
    ACTIONS,
    COLOUR_INDEX,
    MAX_DAMAGE,
    MAX_RAVAGERS_PER_LOCATION,
    DieColour,
)
from engine.components.cards import RAVAGER_CARDS
from engine.rules_version import ravager_arrival_stops_when_every_location_is_full
from engine.scoring import trigger_end
from engine.space import Hex, hex_name
from engine.space_board import visible_icons_around
from engine.state import Board, RavagerOnBoard
from engine.words import a, plural

if TYPE_CHECKING:
    from engine.game import Game

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
