"""What a position is worth to a seat, in VP: the score track plus rough VP
values of everything that can still turn into VP (rules of thumb).

Used by the `simple` level to compare the outcomes of sub-decisions, and by
`strong` among players through ai/players.py, whose fitted prediction of the
final score corrects it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.grid import CARD_PLAY_WEIGHT, card_play_potential
from engine.bundle import Bundle
from engine.components import COLOUR_INDEX
from engine.components.cards import MISSION_CARDS, MissionKind
from engine.components.tiles import TILES, TileEffect, TileKind
from engine.scoring import advanced_vp

if TYPE_CHECKING:
    from engine.game import Game

# VP a thing in storage is worth before the end (R13: the Spes exchange pays
# half a VP each for break-room robots, resources and ships).
RESOURCE = 0.7  # buys a die, pays Mission costs
SHIP = 0.7  # moves to place Mission cards; Spes
ROBOT = 0.55  # break room: Spes, workstations, Mission cards
DEBRIS = 0.6  # flips a die or activates a tile
WORKSTATION = 1.8  # one more die per Sequence B
MISSION_IN_HAND = 0.35
RAVAGER_IN_HAND = 0.6  # activates a whole row or column
CARD_IN_SPACE = 1.5  # a robot on a reward, a card to eject for VP
TILE = {
    TileEffect.VP: 1.4,
    TileEffect.ACTIVATE_VERTICAL: 1.1,
    TileEffect.ACTIVATE_HORIZONTAL: 1.1,
    TileEffect.DRAW_MISSION: 0.7,
}
TILE_DEFAULT = 0.9
ADVANCED_FACTOR = 0.85  # end-of-game VP not yet certain
# An activation Mission card of ours in Space converts storage into VP
# ("spend 1 resource and 1 debris to gain 3 VP") once per die pip of its
# colour: worth its net gain per activation times the activations it can still
# expect, more the longer it stays (strips before it is ejected).
ACTIVATIONS_PER_STRIP = 0.8
MAX_ACTIVATIONS = 4.0
NEUTRALIZATION_FACTOR = 0.8  # its ejection pays soon and surely


def tile_worth(tile: int) -> float:
    t = TILES[tile]
    if t.kind is TileKind.ADVANCED:
        return 0.5  # its VP are counted by score_advanced
    if t.kind is TileKind.STARTING:
        return 0.8
    return TILE.get(t.effect, TILE_DEFAULT) if t.effect else TILE_DEFAULT


TILE_WORTH: tuple[float, ...] = tuple(tile_worth(t) for t in range(len(TILES)))  # by tile id


def worth(g: Game, seat: int) -> float:
    s = g.state
    p = s.players[seat]
    v = float(p.vp)
    v += RESOURCE * p.resources + SHIP * p.ships + ROBOT * p.break_room + DEBRIS * p.debris
    v += DEBRIS * 0.6 * sum(p.grid_debris)  # back to storage at the reset
    v += WORKSTATION * sum(p.workstations)
    v += MISSION_IN_HAND * min(len(p.missions), 4) + RAVAGER_IN_HAND * len(p.ravagers)
    v += sum(TILE_WORTH[t] for t in p.grid if t is not None)
    v += CARD_PLAY_WEIGHT * card_play_potential(g, seat)  # where the tiles sit (ai/grid.py)
    v += 0.3 * len(p.ejected)
    v += ADVANCED_FACTOR * advanced_vp(s, p)
    for index, strip in enumerate(s.board.strips):
        for pos, placed in enumerate(strip.cards):
            if placed is not None and placed.owner == seat:
                v += CARD_IN_SPACE + mission_potential(g, seat, placed.card, index)
            if seat in strip.ships[pos]:
                v += 0.3
    for f in s.frames:  # a tile on its way into the grid
        if f["k"] == "inject" and f.get("seat") == seat:
            v += TILE_WORTH[f["tile"]]
    return v


def bundle_worth(b: Bundle) -> float:
    return (
        b.vp
        + SHIP * b.ships
        + RESOURCE * b.resources
        + ROBOT * b.robots
        + DEBRIS * b.debris
        + MISSION_IN_HAND * b.missions
        + RAVAGER_IN_HAND * b.ravagers
        + TILE_DEFAULT * b.tech
    )


def mission_potential(g: Game, seat: int, card: int, strip_index: int) -> float:
    """What our Mission card in Space (on strip `strip_index`, 0 = ejected
    next) is still worth beyond being there: activations to come, or its
    ejection's effect."""
    net = ACTIVATION_NET[card]
    if net is not None:
        return net * min(ACTIVATIONS_PER_STRIP * (strip_index + 1), MAX_ACTIVATIONS)
    e = MISSION_CARDS[card].effect
    p = g.state.players[seat]
    if e.per_space is not None:
        mine = sum(
            1
            for strip in g.state.board.strips
            for placed in strip.cards
            if placed is not None
            and placed.owner == seat
            and placed.card != card
            and MISSION_CARDS[placed.card].colour is e.per_space
        )
        return NEUTRALIZATION_FACTOR * 3 * mine
    if e.per_tucked is not None:
        return NEUTRALIZATION_FACTOR * 3 * len(p.tucked[COLOUR_INDEX[e.per_tucked]])
    return NEUTRALIZATION_FACTOR * bundle_worth(e.gain)


def margin(g: Game, seat: int) -> float:
    """Worth minus the best other player's worth (Hal: his VP)."""
    mine = worth(g, seat)
    others = [worth(g, p.seat) for p in g.state.players if p.seat != seat]
    if g.state.hal is not None:
        others.append(float(g.state.hal.vp))
    return mine - max(others, default=0.0)


def _activation_net(card: int) -> float | None:
    """An activation card's gain over its cost in VP (never below 0); None
    for a neutralization card."""
    m = MISSION_CARDS[card]
    if m.kind is not MissionKind.ACTIVATION:
        return None
    return max(bundle_worth(m.effect.gain) - bundle_worth(m.effect.cost), 0.0)


ACTIVATION_NET: tuple[float | None, ...] = tuple(map(_activation_net, range(len(MISSION_CARDS))))
