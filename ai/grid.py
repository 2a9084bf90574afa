"""What the cards in hand would make on our Technology grid (issue 27).

A card played around the player board activates the tiles of one row or
column (rulebook A.1): a Ravager card every tile there, a Mission card the
Technology tiles of its colour. A person builds the grid for that: tiles in
lines a card in hand can reach, "gain 1 VP" tiles side by side. The judgements
(ai/solo.py, ai/value.py) count tiles one by one, whatever their place, so
the one-turn look-ahead injected tiles anywhere and rarely played a card for
more than one tile. `card_play_potential` is what the cards in hand would
make if each were played in the best free slot: a Discover, an injection and a
card play that line tiles up for the cards we hold are worth that much more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.components import COLOURS, DieColour
from engine.components.cards import MISSION_CARDS
from engine.components.tiles import ACTIVATE_ADJACENT, TILES, TileEffect
from engine.ops import slot_cells
from engine.tiles import activatable_cell, adjacent_targets

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Player

# VP one activation of a tile is worth: VP as such, goods at about what the
# solo judgement values them in storage (ai/solo.py: ships 0.27, resources
# 0.18, break-room robots 0.29, debris 0.27); a Starting tile's "OR" effect
# is one of those goods.
ACTIVATION_VP: dict[TileEffect, float] = {
    TileEffect.VP: 1.0,
    TileEffect.SHIP: 0.3,
    TileEffect.RESOURCE: 0.25,
    TileEffect.ROBOT: 0.3,
    TileEffect.DEBRIS: 0.3,
    TileEffect.MOVE_SHIP: 0.1,
    TileEffect.MOVE_ROBOT: 0.3,
    TileEffect.DRAW_MISSION: 0.2,
    TileEffect.START_SHIP: 0.3,
    TileEffect.START_RESOURCE: 0.3,
    TileEffect.START_ROBOT: 0.3,
}
PLAYS = 2  # card plays counted: those of the next turns, before a reset is likely
# How much of the potential the judgements count on top of their own (solo:
# ai/value.py; otherwise ai/worth.py). Simple against Hal at easy gained about
# 0.6 VP of margin at anything from 0.3 to 0.8 (800 games); with 2 players,
# simple counting it beat simple without it in 64 % of 200 games.
CARD_PLAY_WEIGHT = 0.5


def activation_vp(p: Player, cell: int) -> float:
    """What activating this cell's tile makes; an activate-adjacent tile makes
    what its best neighbour does (engine/tiles.py `adjacent_targets`: never
    another such tile, R8)."""
    effect = TILES[p.grid[cell]].effect
    if effect in ACTIVATE_ADJACENT:
        return max(
            (
                ACTIVATION_VP.get(TILES[p.grid[n]].effect, 0.0)
                for n in adjacent_targets(p, cell, effect)
            ),
            default=0.0,
        )
    return ACTIVATION_VP.get(effect, 0.0)


def line_vp(p: Player, slot: int, colour: DieColour | None) -> float:
    """What a card in this slot makes: a Mission card of `colour`, or a
    Ravager card (None): the tiles it activates (engine/tiles.py
    `activatable_cell`). Tiles boost side up (advanced rules) are left out:
    activating one by a card costs its 1x effect."""
    return sum(activation_vp(p, c) for c in slot_cells(slot) if activatable_cell(p, c, colour))


CARD_KINDS: tuple[DieColour | None, ...] = (None, *COLOURS)  # a Ravager card, then Mission colours
_LINES: dict[tuple[tuple[int | None, ...], tuple[bool, ...]], tuple[tuple[float, ...], ...]] = {}
_LINES_KEPT = 4096


def _lines(p: Player) -> tuple[tuple[float, ...], ...]:
    """`line_vp` of every slot for every CARD_KINDS entry, kept by the grid's
    contents: a grid changes far more rarely than the judgement reads it."""
    key = (tuple(p.grid), tuple(p.grid_boost))
    table = _LINES.get(key)
    if table is None:
        if len(_LINES) >= _LINES_KEPT:
            _LINES.clear()
        table = tuple(tuple(line_vp(p, slot, kind) for kind in CARD_KINDS) for slot in range(6))
        _LINES[key] = table
    return table


def card_play_potential(g: Game, seat: int, plays: int = PLAYS) -> float:
    """The VP the cards in hand would make, each in the best free slot for
    it, the best `plays` of them (a card per turn, and the slots empty again
    only after a Sequence B)."""
    p = g.state.players[seat]
    free = [slot for slot in range(6) if p.slots[slot] is None]
    if not free or not (p.ravagers or p.missions):
        return 0.0
    held = [len(p.ravagers), 0, 0, 0]  # by CARD_KINDS
    for card in p.missions:
        held[CARD_KINDS.index(MISSION_CARDS[card].colour)] += 1
    lines = _lines(p)
    # Greedily, best first: each card in one slot, each slot for one card.
    offers = sorted(
        ((lines[slot][kind], slot, kind) for kind in range(4) if held[kind] for slot in free),
        reverse=True,
    )
    total, used, left = 0.0, set(), min(plays, len(free))
    for gain, slot, kind in offers:
        if left == 0 or gain <= 0.0:
            break
        if slot in used or not held[kind]:
            continue
        total += gain
        used.add(slot)
        held[kind] -= 1
        left -= 1
    return total
