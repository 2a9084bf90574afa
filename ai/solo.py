"""What a solo position is worth against Hal: the final margin it predicts.

Against Hal the rough VP values of ai/worth.py miss what decides a solo game:
Hal scores steadily every round, so the game's remaining length (the Ravager
deck, which ends it when empty: rulebook "End of the game") counts against us, and
storage only counts once something turns it into VP. `WEIGHTS` is a linear
fit of the final margin (our score minus Hal's) on these features, over the
turn-start positions of seeded games of `simple` against Hal at easy, moved
only part of the way toward each new fit; how it was made and how to refit
it: bench/fit_solo.py. The bots judge by ai/value.py's `solo_margin` (issue
27), a learned judgement that starts from this fit (`linear_margin`) and adds
a small network over more features.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.worth import TILE_WORTH, mission_potential
from engine.components.hal import HAL_SEAT
from engine.scoring import advanced_vp

if TYPE_CHECKING:
    from engine.game import Game

FEATURES = (
    "vp",
    "hal",
    "resources",
    "ships",
    "break_room",
    "debris",
    "grid_debris",
    "workstations",
    "missions",
    "ravagers",
    "tiles",
    "advanced",
    "cards_in_space",
    "mission_potential",
    "ejected",
    "spes_distance",
    "ravager_deck",
    "pips",
    "end_triggered",
    # Hal's coming income: his cards in Space pay him 3 VP each when ejected
    # (those on the first strip at the next Sequence B, whoever takes it);
    # each die of his is a scoring action to come. Damage and Ravagers on
    # the board are what his Repair and Destroy turn into VP.
    "hal_strip0",
    "hal_space",
    "hal_dice",
    "hal_pips",
    "damage",
    "board_ravagers",
    "own_strip0",
    "buyable_pips",  # our unreserved pips: Hal buys the highest die of his colour
)

WEIGHTS: dict[str, float] = {
    "vp": 0.994,
    "hal": -1.019,
    "resources": 0.178,
    "ships": 0.265,
    "break_room": 0.286,
    "debris": 0.269,
    "grid_debris": 0.059,
    "workstations": 0.400,
    "missions": -0.121,
    "ravagers": 0.195,
    "tiles": 0.972,
    "advanced": 0.885,
    "cards_in_space": 0.657,
    "mission_potential": 0.143,
    "ejected": 0.471,
    "spes_distance": -0.561,
    "ravager_deck": -0.362,
    "pips": 0.330,
    "end_triggered": 3.646,
    "hal_strip0": -0.243,
    "hal_space": -0.281,
    "hal_dice": -0.205,
    "hal_pips": 0.014,
    "damage": 0.055,
    "board_ravagers": -0.026,
    "own_strip0": -0.168,
    "buyable_pips": -0.019,
}
CONSTANT = -7.828


def spes_distance(g: Game) -> int:
    """Sequence B advances still needed to reach planet Spes."""
    b = g.state.board
    centre = len(b.strips) // 2
    if b.at_spes:
        return 0
    for j, strip in enumerate(b.strips):
        if strip.spes_tile:
            return j - centre
    for k, strip in enumerate(b.strips):
        if strip.number == b.spes_token:
            return k + 1 + (len(b.strips) - 1 - centre)
    return len(b.strips) + 1


def features(g: Game, seat: int = 0) -> dict[str, float]:
    s = g.state
    b = s.board
    p = s.players[seat]
    hal = s.hal
    hal_cards = [
        index
        for index, strip in enumerate(b.strips)
        for placed in strip.cards
        if placed is not None and placed.owner == HAL_SEAT
    ]
    own = [
        (index, placed)
        for index, strip in enumerate(b.strips)
        for placed in strip.cards
        if placed is not None and placed.owner == seat
    ]
    return {
        "vp": p.vp,
        "hal": hal.vp if hal is not None else 0,
        "resources": p.resources,
        "ships": p.ships,
        "break_room": p.break_room,
        "debris": p.debris,
        "grid_debris": sum(p.grid_debris),
        "workstations": sum(p.workstations),
        "missions": min(len(p.missions), 4),
        "ravagers": len(p.ravagers),
        "tiles": sum(TILE_WORTH[t] for t in p.grid if t is not None),
        "advanced": advanced_vp(s, p),
        "cards_in_space": len(own),
        "mission_potential": sum(mission_potential(g, seat, pl.card, i) for i, pl in own),
        "ejected": len(p.ejected),
        "spes_distance": spes_distance(g),
        "ravager_deck": len(b.ravager_deck),
        "pips": sum(d.value for d in p.dice),
        "end_triggered": 1.0 if s.end_trigger else 0.0,
        "hal_strip0": hal_cards.count(0),
        "hal_space": len(hal_cards),
        "hal_dice": len(hal.dice) if hal is not None else 0,
        "hal_pips": sum(d.value for d in hal.dice) if hal is not None else 0,
        "damage": sum(b.damage) + sum(b.supply_damaged),
        "board_ravagers": sum(len(stack) for stack in b.ravagers),
        "own_strip0": sum(1 for index, _ in own if index == 0),
        "buyable_pips": sum(d.value for d in p.standard),
    }


def final_margin(g: Game, seat: int = 0) -> float:
    """A finished game's margin: the seat's final score minus the best other
    one (solo the scores are the player's and Hal's, so his)."""
    result = g.result
    assert result is not None
    scores = result["scores"]
    return float(scores[seat] - max(x for i, x in enumerate(scores) if i != seat))


def linear_margin(g: Game, seat: int = 0) -> float:
    """WEIGHTS' prediction of the final margin (the real one once over)."""
    if g.is_over:
        return final_margin(g, seat)
    f = features(g, seat)
    return CONSTANT + sum(WEIGHTS[k] * f[k] for k in FEATURES)
