"""B.3: the Black Angel advances, the first strip's cards are ejected
(neutralization effects), the strip rotates to the end, Spes comes in sight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.bundle import Bundle
from engine.components import COLOUR_INDEX
from engine.components.cards import MISSION_CARDS, MissionKind
from engine.components.hal import HAL_SEAT
from engine.components.strips import MIDDLE, HexKind
from engine.hal import EJECTED_CARD_VP, hal_scores
from engine.mission_cards import discard_mission, mission_short
from engine.ops import gain, player
from engine.scoring import trigger_end
from engine.space import hex_name
from engine.space_board import hex_spec, owned_in_space

if TYPE_CHECKING:
    from engine.game import Game

VP_PER_CARD = 3


def advance_black_angel(g: Game) -> None:
    b = g.state.board
    centre = len(b.strips) // 2
    here, ahead = (centre, MIDDLE), (centre + 1, MIDDLE)
    if hex_spec(g, here).kind is HexKind.ASTEROID:
        # Ships sheltering in the Black Angel's asteroid hex are destroyed when it leaves.
        for seat in b.strips[centre].ships[MIDDLE]:
            player(g, seat).robots_supply += 1  # R4: the pilot goes back to the supply
            g.log(
                "ship_destroyed",
                f"{g.name(seat)}'s ship in the asteroid field at {hex_name(here)} is destroyed.",
                seat,
            )
        b.strips[centre].ships[MIDDLE] = []
    reached = hex_spec(g, ahead).kind is HexKind.SPES
    # Hexes are named by strip position, so a card placed on 3D is later
    # ejected "at 1D": the line says why names change.
    g.log(
        "advance",
        "The Black Angel advances toward Spes; the first strip then goes to the far end,"
        " so every other hex is renamed one strip lower (2D becomes 1D).",
    )
    eject_first_strip(g)
    strip = b.strips.pop(0)
    strip.side ^= 1
    strip.cards = [None] * 5
    strip.ships = [[] for _ in range(5)]
    if b.spes_token == strip.number:
        b.spes_token = None
        strip.spes_tile = True
        g.log("spes", "Planet Spes comes in sight at the end of the Space board!")
    b.strips.append(strip)
    if reached:
        b.at_spes = True
        trigger_end(g, "spes")


def eject_first_strip(g: Game) -> None:
    """Neutralization effects first (counting neither the cards being ejected
    nor the first strip), then each card goes to its owner, robots and ships
    go back (R4, R5)."""
    strip = g.state.board.strips[0]
    for pos, placed in enumerate(strip.cards):
        if placed is None:
            continue
        m = MISSION_CARDS[placed.card]
        if m.kind is not MissionKind.NEUTRALIZATION:
            continue
        eff = m.effect
        if eff.per_space or eff.per_tucked or eff.holder_gain == eff.gain:
            # Single-effect card: the owner's own ship earns nothing more
            # (appendix, single-effect example).
            holders = [s for s in strip.ships[pos] if s != placed.owner]
        else:
            # Multi-effect card: the owner takes the left part and, with a ship
            # on the card, the right part too (appendix, multi-effect example).
            holders = list(strip.ships[pos])
        hal_owns = _is_hal(g, placed.owner)
        owners = [] if hal_owns else [placed.owner]  # Hal scores 3 VP per ejected card instead
        where = f"{g.name(placed.owner)}'s neutralization Mission at {hex_name((0, pos))}"
        if owners or holders:
            g.log("neutralization", f"{where} triggers.")
        else:  # Hal's card with no ship on it: its effect has no one to reach
            g.log("neutralization", f"{where} has no ship on it: its effect reaches no one.")
        if eff.per_space or eff.per_tucked:
            for seat in [*owners, *holders]:
                if eff.per_space:
                    n = owned_in_space(g.state.board, seat, eff.per_space, skip_first=True)
                    why = f"no {eff.per_space} Mission card of theirs in Space beyond the ejected strip"
                else:
                    n = len(player(g, seat).tucked[COLOUR_INDEX[eff.per_tucked]])
                    why = f"no {eff.per_tucked} Mission card tucked under their board"
                if n:
                    gain(g, seat, Bundle(vp=VP_PER_CARD * n), "neutralization Mission")
                else:
                    _earns_nothing(g, seat, why)
        else:
            for seat, bundle, why in [
                *((s, eff.gain, "neutralization Mission, as its owner") for s in owners),
                *((s, eff.holder_gain, "ship on a neutralization Mission") for s in holders),
            ]:
                if bundle.counts().keys() == {"robots"} and not player(g, seat).robots_supply:
                    _earns_nothing(g, seat, "no robot left in their supply")  # R4
                else:
                    gain(g, seat, bundle, why)
    for pos in range(5):
        placed = strip.cards[pos]
        if placed is not None and _is_hal(g, placed.owner):
            # Hal's ejected cards go to their discard pile; his robot to the break room.
            discard_mission(g, placed.card)
            # Which card: a player tells the 3 VP of each ejected card of his apart.
            hal_scores(
                g,
                EJECTED_CARD_VP,
                f"his {mission_short(placed.card)} at {hex_name((0, pos))} is ejected",
            )
        elif placed is not None:
            owner = player(g, placed.owner)
            owner.tucked[COLOUR_INDEX[MISSION_CARDS[placed.card].colour]].append(placed.card)
            owner.robots_supply += 1  # the robot on the reward
            g.log(
                "eject_card",
                f"{g.name(placed.owner)}'s Mission card at {hex_name((0, pos))} is ejected and tucked.",
                placed.owner,
            )
        for seat in strip.ships[pos]:
            player(g, seat).robots_supply += 1  # the pilot; the ship returns to the general supply
            g.log(
                "ship_removed", f"{g.name(seat)}'s ship at {hex_name((0, pos))} leaves Space.", seat
            )
        strip.cards[pos] = None
        strip.ships[pos] = []


def _earns_nothing(g: Game, seat: int, why: str) -> None:
    """An ejected neutralization card that gives a player nothing says so and
    why, rather than leaving its 'triggers' line without a sequel."""
    g.log("neutralization_nothing", f"{g.name(seat)} earns nothing from it: {why}.", seat)


def _is_hal(g: Game, seat: int) -> bool:
    return g.state.hal is not None and seat == HAL_SEAT
